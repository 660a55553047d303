package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/recoverlint/recoverlint/internal/controls"
	"github.com/recoverlint/recoverlint/runner"
)

// Text prints each finding as path:line:col: rule: message with its
// excerpt indented below, for people. Columns are byte columns. File
// errors and the summary are not part of it: the command prints them on
// standard error.
//
// With Color set, the place is bold, the rule coloured by severity (red
// error, yellow warning, cyan note) and the excerpt dim, in the SGR
// escapes every terminal reads; the text between them is what it is
// without colour. Escapes are written by the printer only: the paths and
// excerpts are Visible first, so a file cannot colour the output.
type Text struct{ Color bool }

// Report writes the findings.
func (t Text) Report(w io.Writer, rep runner.Report) error {
	var b strings.Builder
	paint := func(code, s string) string {
		if !t.Color {
			return s
		}
		return "\x1b[" + code + "m" + s + "\x1b[0m"
	}
	for _, f := range rep.Findings {
		sev := "31" // error
		switch Level(f.Severity) {
		case "warning":
			sev = "33"
		case "note":
			sev = "36"
		}
		fmt.Fprintf(&b, "%s %s %s\n", paint("1", fmt.Sprintf("%s:%d:%d:", Visible(f.Path), f.Line, f.Column)), paint(sev, f.Rule+":"), f.Message)
		if f.Excerpt != "" {
			fmt.Fprintf(&b, "    %s\n", paint("2", Visible(f.Excerpt)))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Visible spells the control characters of s (line breaks, tabs, ESC,
// BEL, DEL, C1 controls, and the bidirectional overrides) as Go escapes,
// so that a file's name or text printed on a terminal or into a CI log
// is one line that cannot move the cursor, recolour the output or open a
// workflow command ("\n::error file=…::"). Printable text is unchanged.
func Visible(s string) string {
	clean := true
	for _, r := range s {
		if hidden(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case hidden(r):
			if r < 0x100 {
				fmt.Fprintf(&b, `\x%02x`, r)
			} else {
				fmt.Fprintf(&b, `\u%04x`, r)
			}
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// hidden is a rune the printer escapes: a control or bidirectional
// override, or U+FFFD, which stands for bytes that were not UTF-8.
func hidden(r rune) bool { return controls.Is(r) || r == 0xfffd }
