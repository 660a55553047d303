package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/recoverlint/recoverlint/runner"
)

// GitHub writes GitHub Actions workflow commands, one per finding, which
// the runner turns into annotations on the file and line:
//
//	::error file=docs/run.md,line=3,endLine=3,col=27,endColumn=32,title=recoverlint process-kill::recommends …
//
// Paths are relative to Options.Root (the top of the repository, where the
// workflow checks it out) and columns count UTF-16 code units. Severity
// "warning" gives ::warning and "note" ::notice. A file that could not be
// checked is an annotation on the file without a line.
type GitHub struct {
	Options Options
}

// Report writes the commands.
func (g *GitHub) Report(w io.Writer, rep runner.Report) error {
	cols := newColumns(g.Options)
	var b strings.Builder
	for _, f := range rep.Findings {
		path, _ := g.Options.rootPath(f.Path)
		props := []string{"file=" + escapeProperty(path), fmt.Sprintf("line=%d", max(f.Line, 1))}
		if f.EndLine >= f.Line {
			props = append(props, fmt.Sprintf("endLine=%d", f.EndLine))
		}
		if c, ok := cols.utf16(f.Path, f.Line, f.Column); ok {
			props = append(props, fmt.Sprintf("col=%d", c))
			if e, ok := cols.utf16(f.Path, f.EndLine, f.EndColumn); ok && f.EndLine == f.Line && e > c {
				props = append(props, fmt.Sprintf("endColumn=%d", e))
			}
		}
		props = append(props, "title="+escapeProperty("recoverlint "+f.Rule))
		fmt.Fprintf(&b, "::%s %s::%s\n", command(f.Severity), strings.Join(props, ","), escapeData(f.Message))
	}
	for _, e := range rep.Errors {
		path, _ := g.Options.rootPath(e.Path)
		cmd := "error"
		if e.Partial {
			cmd = "warning"
		}
		fmt.Fprintf(&b, "::%s file=%s,title=%s::%s\n", cmd, escapeProperty(path),
			escapeProperty("recoverlint could not check this file"), escapeData(e.Error))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// command maps a severity to a workflow command.
func command(severity string) string {
	switch Level(severity) {
	case "warning":
		return "warning"
	case "note":
		return "notice"
	}
	return "error"
}

// escapeData escapes a command's message as the Actions toolkit does,
// and spells the other control characters out (Visible): the runner
// decodes only the toolkit's escapes, and writes an ESC sequence or a
// bidirectional override raw into the log.
func escapeData(s string) string {
	return Visible(strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s))
}

// escapeProperty escapes a command's property value as escapeData does,
// and also ':' and ',', which separate properties.
func escapeProperty(s string) string {
	return Visible(strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s))
}
