package datascan_test

import (
	"flag"
	"fmt"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/datascan"
	"github.com/recoverlint/recoverlint/rules"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// inputs lists the test inputs under testdata (workflows sit in
// .github/workflows): every file but the goldens and the fuzz corpus.
func inputs(t testing.TB) []string {
	t.Helper()
	var names []string
	err := filepath.WalkDir("testdata", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "fuzz" {
			return filepath.SkipDir
		}
		if !d.IsDir() && !strings.HasSuffix(p, ".golden") {
			names = append(names, p)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("listing testdata: %v", err)
	}
	if len(names) == 0 {
		t.Fatal("no inputs in testdata")
	}
	return names
}

func TestGolden(t *testing.T) {
	for _, input := range inputs(t) {
		name := filepath.ToSlash(strings.TrimPrefix(input, "testdata"+string(filepath.Separator)))
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(input)
			if err != nil {
				t.Fatalf("reading input: %v", err)
			}
			got := dump(src, name, datascan.Scan(src, name))
			golden := input + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatalf("writing golden: %v", err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("reading golden (run go test -update to create it): %v", err)
			}
			if got != string(want) {
				t.Errorf("scan differs from %s (run go test -update to accept):\n%s", golden, diff(string(want), got))
			}
		})
	}
}

// dump writes a scan as stable text: the error, every call with its
// position and the source it covers, every unit with the position of its
// first byte, its text and the context fields that are set.
func dump(src []byte, name string, res datascan.Result) string {
	file := token.NewFileSet().AddFile(name, -1, len(src))
	file.SetLinesForContent(src)
	pos := func(off int) string {
		p := file.Position(file.Pos(off))
		return fmt.Sprintf("%d:%d", p.Line, p.Column)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "path %s\n", name)
	if res.Err != nil {
		fmt.Fprintf(&b, "err %v\n", res.Err)
	}
	for _, c := range res.Calls {
		fmt.Fprintf(&b, "call %s %s-%s %q\n", c.Rule, pos(c.Start), pos(c.End), src[c.Start:c.End])
	}
	for _, u := range res.Units {
		fmt.Fprintf(&b, "unit %s %s %q\n", u.Kind, pos(u.Offsets[0]), u.Text)
		c := u.Ctx
		if len(c.Headings) > 0 {
			fmt.Fprintf(&b, "  headings %q\n", c.Headings)
		}
		if c.LeadIn != "" {
			fmt.Fprintf(&b, "  lead-in %q\n", c.LeadIn)
		}
		if c.Label != "" {
			fmt.Fprintf(&b, "  label %q\n", c.Label)
		}
		if c.ListItem {
			fmt.Fprintf(&b, "  list-item\n")
		}
		if c.Info != "" {
			fmt.Fprintf(&b, "  info %q\n", c.Info)
		}
	}
	return b.String()
}

// diff shows the first lines that differ, with a little context.
func diff(want, got string) string {
	w := strings.Split(want, "\n")
	g := strings.Split(got, "\n")
	var b strings.Builder
	shown := 0
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl == gl {
			continue
		}
		fmt.Fprintf(&b, "line %d:\n- %s\n+ %s\n", i+1, wl, gl)
		if shown++; shown == 8 {
			b.WriteString("…\n")
			break
		}
	}
	return b.String()
}

// checkOffsets fails when a unit's offset map does not fit its text and
// the source: one entry per byte plus one, non-decreasing, inside src.
func checkOffsets(t testing.TB, src []byte, units []rules.Unit) {
	t.Helper()
	for _, u := range units {
		if len(u.Offsets) != len(u.Text)+1 {
			t.Fatalf("unit %q: %d offsets for %d bytes", u.Text, len(u.Offsets), len(u.Text))
		}
		for i, o := range u.Offsets {
			if o < 0 || o > len(src) {
				t.Fatalf("unit %q: offset %d = %d outside the source (%d bytes)", u.Text, i, o, len(src))
			}
			if i > 0 && o < u.Offsets[i-1] {
				t.Fatalf("unit %q: offsets go back at %d (%d after %d)", u.Text, i, o, u.Offsets[i-1])
			}
		}
	}
}
