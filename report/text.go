package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/recoverlint/recoverlint/runner"
)

// Text prints each finding as path:line:col: rule: message with its
// excerpt indented below, for people. Columns are byte columns. File
// errors and the summary are not part of it: the command prints them on
// standard error.
type Text struct{}

// Report writes the findings.
func (Text) Report(w io.Writer, rep runner.Report) error {
	var b strings.Builder
	for _, f := range rep.Findings {
		fmt.Fprintf(&b, "%s:%d:%d: %s: %s\n", f.Path, f.Line, f.Column, f.Rule, f.Message)
		if f.Excerpt != "" {
			fmt.Fprintf(&b, "    %s\n", f.Excerpt)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
