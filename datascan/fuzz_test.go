package datascan_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/recoverlint/recoverlint/datascan"
	"github.com/recoverlint/recoverlint/internal/golden"
	"github.com/recoverlint/recoverlint/rules"
)

// fuzzFormat checks that no input panics the parser and that every unit
// and call lies inside the source.
func fuzzFormat(f *testing.F, format datascan.Format, seeds ...string) {
	for _, name := range golden.Inputs(f) {
		if g, ok := datascan.FormatOf(name); ok && g == format {
			src, err := os.ReadFile(name)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(src)
		}
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		res := datascan.ScanAs(src, filepath.Join(".github", "workflows", "f"), format)
		checkOffsets(t, src, res.Units)
		for _, c := range res.Calls {
			if c.Start < 0 || c.End < c.Start || c.End > len(src) {
				t.Fatalf("call %+v outside the source (%d bytes)", c, len(src))
			}
		}
		for _, u := range res.Units {
			for _, fd := range rules.Classify(u, rules.All) {
				if fd.Start < 0 || fd.End > len(src) {
					t.Fatalf("finding %+v outside the source", fd)
				}
			}
		}
	})
}

func FuzzYAML(f *testing.F) {
	fuzzFormat(f, datascan.YAML, "a: |2-\n   x\n  y\n- [a, {b: c}]\n? k\n", "k: >\n  a\n\n   b\n  c\n",
		"m:\n  {{- if .X }}\n  {{ .Name }}: {{ .V }}\n  {{- end }}\n  d: {{ \"}}\" }}\n")
}

func FuzzJSON(f *testing.F) {
	fuzzFormat(f, datascan.JSON, `{"a": ["\ud800", 1e5, {"b": null}], /* c */ "d": 'e',}`)
}

func FuzzTOML(f *testing.F) {
	fuzzFormat(f, datascan.TOML, "[a.\"b\"]\nc = [1, { d = \"\"\"e\\\n f\"\"\" }]\n[[g]]\n")
}
