package analyzer

import (
	"go/token"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/goscan"
	"github.com/recoverlint/recoverlint/rules"
)

// Name is the analyzer's name: what go vet prints after a finding and
// what //nolint comments and golangci-lint settings refer to.
const Name = "recoverlint"

const doc = `report Go text and calls that recommend or perform a forbidden MCP recovery action

Agent tools written in Go carry recovery advice in their error messages,
prompt templates, tool descriptions and comments, and some perform the
action outright. The recoverlint analyzer reports two kinds of finding.

Text: comments and string literals (a constant concatenation is read as
the one string it is) whose words recommend one of the actions the rules
forbid as recovery steps: ending processes by hand, changing a config's
modification time to force a reload, editing .env or MCP configuration
files, editing session or lock state by hand, or reaching the server's API
around the tools. A ban ("never ..."), a description, a table of banned
patterns held as data are not findings, and test files (*_test.go) are
not read: their calls are fixtures and their strings data.

Code: calls that carry out such an action, resolved through type
information rather than by spelling. These are os/exec commands that run a
kill-family program or a shell script that runs one; the Kill functions of
package syscall and golang.org/x/sys/unix with a signal other than 0; the
Kill and Signal methods of an *os.Process that was found by PID or whose
origin is unknown (a child the code started through exec.Cmd or
os.StartProcess is its own to end); a call of os.Chtimes or unix.Utimes*
whose path names a config, env or session-state file; a call of os.Remove
whose path names session state.

Each diagnostic's category is the rule id. A nolint:recoverlint comment
(golangci-lint style) or a recoverlint:ignore comment that names the rules
and gives a reason, on the line of a finding or the line before it,
suppresses the finding; a malformed one is reported as bad-suppression and
one that suppresses nothing as unused-suppression.

The reason for all of it: these actions end other sessions' in-flight work
or leave client and server disagreeing about state, while the sanctioned
way back is a reconnect requested through the host.`

// Analyzer reports every built-in rule.
var Analyzer = New(check.Config{})

// New returns an analyzer named recoverlint that reports the rules cfg
// enables (cfg.Kind is ignored: the analyzer reads only Go).
func New(cfg check.Config) *analysis.Analyzer {
	r := runner{cfg: cfg}
	return &analysis.Analyzer{
		Name: Name,
		Doc:  doc,
		Run:  r.run,
	}
}

type runner struct {
	cfg check.Config
}

func (r runner) run(pass *analysis.Pass) (any, error) {
	enabled := r.cfg.Rules()
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.FileStart)
		if tf == nil || strings.HasSuffix(tf.Name(), "_test.go") {
			continue // test code performs no finding (SPEC, Code)
		}
		var src []byte
		if pass.ReadFile != nil {
			src, _ = pass.ReadFile(tf.Name())
		}
		if src == nil {
			src, _ = os.ReadFile(tf.Name()) // a driver without ReadFile
		}
		res := goscan.File(pass.Fset, f, pass.TypesInfo, src)
		var raw []rules.Finding
		for _, u := range res.Units {
			if rules.MayMatch(u.Text) {
				raw = append(raw, rules.Classify(u, enabled)...)
			}
		}
		for _, c := range res.Calls {
			if ruleOn(enabled, c.Rule) {
				raw = append(raw, c)
			}
		}
		found := place(tf, raw)
		if src == nil || len(src) != tf.Size() {
			// no source to read the suppression comments from: report
			// what was found rather than guess
			for _, fd := range found {
				pass.Report(analysis.Diagnostic{Pos: tf.Pos(fd.start), End: tf.Pos(fd.end), Category: fd.rule, Message: fd.message})
			}
			continue
		}
		// suppressions are read by check's one parser, as for every front
		// end; a rule is placed once a line, so line and rule find the
		// finding's offsets again
		placed := make([]check.Finding, len(found))
		at := map[[2]any]finding{}
		for i, fd := range found {
			placed[i] = check.Finding{Line: fd.line, Column: fd.start - tf.Offset(tf.LineStart(fd.line)) + 1, Rule: fd.rule, Message: fd.message}
			at[[2]any{fd.line, fd.rule}] = fd
		}
		for _, fd := range check.Suppress(tf.Name(), src, check.Go, placed, r.cfg) {
			start := tf.Offset(tf.LineStart(fd.Line)) + fd.Column - 1
			end := start
			if f, ok := at[[2]any{fd.Line, fd.Rule}]; ok {
				start, end = f.start, f.end
			}
			d := analysis.Diagnostic{Pos: tf.Pos(start), Category: fd.Rule, Message: fd.Message}
			if end > start {
				d.End = tf.Pos(end)
			}
			pass.Report(d)
		}
	}
	return nil, nil
}

func ruleOn(enabled []*rules.Rule, id string) bool {
	for _, r := range enabled {
		if r.ID == id {
			return true
		}
	}
	return false
}

// finding is a rule finding placed in one file.
type finding struct {
	rule, message string
	line          int
	start, end    int // byte offsets in the file
}

// place keeps one finding per rule per line, the one that starts first on
// the line, as the CLI does; offsets outside the file are dropped.
func place(tf *token.File, raw []rules.Finding) []finding {
	type key struct {
		rule string
		line int
	}
	seen := map[key]int{}
	var out []finding
	for _, f := range raw {
		if f.Start < 0 || f.Start > tf.Size() {
			continue
		}
		end := f.End
		if end < f.Start || end > tf.Size() {
			end = f.Start
		}
		line := tf.Line(tf.Pos(f.Start))
		k := key{f.Rule, line}
		if i, ok := seen[k]; ok {
			if f.Start < out[i].start {
				out[i].start, out[i].end = f.Start, end
			}
			continue
		}
		seen[k] = len(out)
		out = append(out, finding{rule: f.Rule, message: f.Message, line: line, start: f.Start, end: end})
	}
	return out
}
