package report_test

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/report"
)

func TestTextGolden(t *testing.T) { golden(t, "fixture.txt", render(t, "text")) }

// TestVisible: control characters in a file name or excerpt are spelled
// as escapes, so a name cannot open a workflow command or move the
// cursor; printable text, accents included, is left alone.
func TestVisible(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"docs/run.md", "docs/run.md"},
		{"café/ünï.md", "café/ünï.md"},
		{"x\n::error file=evil.md,line=1::INJECTED\n.md", `x\n::error file=evil.md,line=1::INJECTED\n.md`},
		{"a\x1b[31mred\x07", `a\x1b[31mred\x07`},
		{"tab\there\r", `tab\there\r`},
		{"p\u202ekill", `p\u202ekill`},
		{"\x7f\u0085", `\x7f\x85`},
	} {
		if got := report.Visible(tc.in); got != tc.want {
			t.Errorf("Visible(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestTextColor: with colour the text is the plain text with SGR escapes
// around the place, the rule and the excerpt; a file's own escapes are
// still spelled out, so only the printer's escapes reach the terminal.
func TestTextColor(t *testing.T) {
	rep, opts := fixture(t)
	opts.Color = true
	r, err := report.New("text", opts)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := r.Report(&b, rep); err != nil {
		t.Fatal(err)
	}
	colored := b.String()
	sgr := regexp.MustCompile("\x1b\\[[0-9;]*m")
	if !sgr.MatchString(colored) || !strings.Contains(colored, "\x1b[31m") {
		t.Fatalf("no colour in:\n%q", colored)
	}
	if plain := string(render(t, "text")); sgr.ReplaceAllString(colored, "") != plain {
		t.Errorf("without its escapes the coloured text differs from the plain text:\n%q\n%q", sgr.ReplaceAllString(colored, ""), plain)
	}
	rep.Findings[0].Excerpt = "run \x1b[31mpkill"
	b.Reset()
	if err := r.Report(&b, rep); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "run \x1b[31mpkill") {
		t.Error("an escape in a file's excerpt reached the output")
	}
}
