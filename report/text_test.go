package report_test

import (
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
