package report

// The golden outputs in testdata list every rule, so they change with the
// rule set:
//
//go:generate go test -run Golden$ -update .

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/rules"
	"github.com/recoverlint/recoverlint/runner"
)

// Reporter writes a check's outcome in one format.
type Reporter interface {
	Report(w io.Writer, rep runner.Report) error
}

// Formats are the names New accepts, the default first.
var Formats = []string{"text", "json", "sarif", "github", "checkstyle"}

// Options are what the formats that describe rules or locate files need.
type Options struct {
	// Check is the configuration of the run: its custom rules, severities
	// and disabled rules are described in SARIF's rule list.
	Check check.Config
	// Version is the tool's version, for SARIF's driver.
	Version string
	// WorkDir is the absolute folder finding paths are relative to; ""
	// uses the process's working directory.
	WorkDir string
	// Root is the absolute folder that SARIF URIs and GitHub annotation
	// paths are relative to (the top of the repository); "" uses WorkDir.
	Root string
	// ReadFile reads a file named by a finding's path, to convert its byte
	// columns; nil uses os.ReadFile relative to WorkDir.
	ReadFile func(path string) ([]byte, error)
	// Color colours the text format for a terminal.
	Color bool
}

// New returns the reporter for a format name.
func New(format string, opts Options) (Reporter, error) {
	switch format {
	case "text":
		return Text{Color: opts.Color}, nil
	case "json":
		return JSON{}, nil
	case "sarif":
		return &SARIF{Options: opts}, nil
	case "github":
		return &GitHub{Options: opts}, nil
	case "checkstyle":
		return Checkstyle{}, nil
	}
	return nil, fmt.Errorf("unknown format %q (want %s)", format, strings.Join(Formats, ", "))
}

// Level maps a severity to the SARIF level: "error", "warning" or "note".
func Level(severity string) string {
	switch strings.ToLower(severity) {
	case "warning", "warn":
		return "warning"
	case "note", "info", "notice":
		return "note"
	}
	return "error"
}

// workDir returns the folder finding paths are relative to.
func (o Options) workDir() string {
	if o.WorkDir != "" {
		return o.WorkDir
	}
	wd, err := os.Getwd()
	if err != nil {
		return "."
	}
	return wd
}

// rootPath returns a finding path relative to Root, slash-separated, and
// whether it lies under Root.
func (o Options) rootPath(p string) (string, bool) {
	abs := filepath.FromSlash(p)
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(o.workDir(), abs)
	}
	root := o.Root
	if root == "" {
		root = o.workDir()
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(abs), false
	}
	return filepath.ToSlash(rel), true
}

// described lists the rules a run may report, built-in ones first, then
// custom ones, then the meta rules of suppression comments; disabled
// rules are listed too.
func (o Options) described() []*rules.Rule {
	var out []*rules.Rule
	out = append(out, rules.All...)
	out = append(out, o.Check.Extra...)
	return append(out, metaRules...)
}

// metaRules describe the findings about suppression comments themselves.
var metaRules = []*rules.Rule{
	{
		ID:      check.BadSuppression,
		Summary: "a suppression comment that names no known rule or gives no reason",
		Doc: rules.Doc{
			Title: "Malformed suppression comment",
			Text: "A suppression comment must name the rules it silences (or all) and give a reason after \"--\". " +
				"One that does not is reported, and silences nothing.",
		},
	},
	{
		ID:      check.UnusedSuppression,
		Summary: "a suppression comment that suppresses nothing",
		Doc: rules.Doc{
			Title: "Unused suppression comment",
			Text:  "A suppression comment whose lines hold no finding of its rules hides nothing; remove it.",
		},
	},
}

// severityOf returns the configured severity of a rule.
func (o Options) severityOf(id string) string {
	if s := o.Check.Severity[id]; s != "" {
		return s
	}
	return "error"
}

// enabled reports whether the configuration reports a rule.
func (o Options) enabled(id string) bool {
	if o.Check.Disabled[id] {
		return false
	}
	if len(o.Check.Enabled) == 0 || id == check.BadSuppression || id == check.UnusedSuppression {
		return true
	}
	return o.Check.Enabled[id]
}

// columns converts byte columns to UTF-16 columns, reading each file once.
type columns struct {
	read  func(string) ([]byte, error)
	files map[string][][]byte // lines without their newline; nil when unreadable
}

func newColumns(o Options) *columns {
	read := o.ReadFile
	if read == nil {
		wd := o.workDir()
		read = func(p string) ([]byte, error) {
			if !filepath.IsAbs(p) {
				p = filepath.Join(wd, filepath.FromSlash(p))
			}
			return os.ReadFile(p)
		}
	}
	return &columns{read: read, files: map[string][][]byte{}}
}

// utf16 returns the 1-based UTF-16 column of a 1-based byte column on a
// line of a file, and false when the line does not have that many bytes.
func (c *columns) utf16(path string, line, col int) (int, bool) {
	lines, ok := c.files[path]
	if !ok {
		if data, err := c.read(path); err == nil {
			lines = splitLines(data)
		}
		c.files[path] = lines
	}
	if line < 1 || line > len(lines) || col < 1 || col-1 > len(lines[line-1]) {
		return 0, false
	}
	return utf16Units(lines[line-1][:col-1]) + 1, true
}

// splitLines splits data at '\n' as go/token numbers lines: a last line
// without a newline is a line, and so is the empty text after a final one.
func splitLines(data []byte) [][]byte {
	var lines [][]byte
	for {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			return append(lines, data)
		}
		lines = append(lines, data[:i])
		data = data[i+1:]
	}
}

// utf16Units counts the UTF-16 code units of b; each byte of an invalid
// sequence counts as one replacement character.
func utf16Units(b []byte) int {
	n := 0
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if k := utf16.RuneLen(r); k > 0 {
			n += k
		} else {
			n++
		}
		b = b[size:]
	}
	return n
}
