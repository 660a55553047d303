package check

import (
	"bytes"
	"fmt"
	"go/token"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/recoverlint/recoverlint/datascan"
	"github.com/recoverlint/recoverlint/goscan"
	"github.com/recoverlint/recoverlint/jsscan"
	"github.com/recoverlint/recoverlint/mdscan"
	"github.com/recoverlint/recoverlint/pyscan"
	"github.com/recoverlint/recoverlint/rules"
	"github.com/recoverlint/recoverlint/shscan"
	"github.com/recoverlint/recoverlint/textscan"
)

// Config selects what a check reports. The zero value enables every
// built-in rule.
type Config struct {
	// Disabled lists rule ids that are not reported.
	Disabled map[string]bool
	// Enabled, when not empty, lists the only rule ids that are reported.
	Enabled map[string]bool
	// Kind, when set, overrides the kind chosen by the file name.
	Kind *Kind
	// Extra are custom rules (from configuration) checked beside the
	// built-in ones, subject to Enabled and Disabled like them.
	Extra []*rules.Rule
	// Severity maps rule ids to the severity their findings carry
	// ("error", "warning", "note"); the default is "error".
	Severity map[string]string
}

// Rules returns the built-in rules the config enables.
func (c Config) Rules() []*rules.Rule {
	var out []*rules.Rule
	for _, r := range append(rules.All[:len(rules.All):len(rules.All)], c.Extra...) {
		if c.Disabled[r.ID] || len(c.Enabled) > 0 && !c.Enabled[r.ID] {
			continue
		}
		out = append(out, r)
	}
	return out
}

// Finding is a rule finding placed in a file: 1-based line and byte column
// of the word that names the action, the end of that word, and the source
// line as excerpt.
type Finding struct {
	Path      string `json:"path"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"end_line"`
	EndColumn int    `json:"end_column"`
	Rule      string `json:"rule"`
	Severity  string `json:"severity"`
	Message   string `json:"message"`
	Excerpt   string `json:"excerpt"`
}

// Meta rule ids for suppression comments that are themselves wrong.
const (
	BadSuppression    = "bad-suppression"
	UnusedSuppression = "unused-suppression"
)

// Source checks one file's content. The name (or, for a name that says
// nothing, the #! line) decides how the content is read — Markdown, plain
// prompt text, Go, shell, Python, JavaScript/TypeScript, YAML/JSON/TOML —
// unless cfg.Kind is set; the file is not opened. A code file that does not
// parse is still scanned as far as its reader got and the error is returned
// beside the findings.
func Source(name string, src []byte, cfg Config) ([]Finding, error) {
	kind := KindFor(name, src)
	if cfg.Kind != nil {
		kind = *cfg.Kind
	}
	units, calls, scanErr := scan(kind, name, src)
	enabled := cfg.Rules()
	var raw []rules.Finding
	for _, u := range units {
		// the prefilter knows the built-in rules' words only: custom rules see every unit
		if len(cfg.Extra) == 0 && !rules.MayMatch(u.Text) {
			continue
		}
		raw = append(raw, rules.Classify(u, enabled)...)
	}
	for _, c := range calls {
		if ruleOn(enabled, c.Rule) {
			raw = append(raw, c)
		}
	}
	file := token.NewFileSet().AddFile(name, -1, len(src))
	file.SetLinesForContent(src)
	out := place(name, src, file, raw, cfg)
	out = applySuppressions(name, src, file, kind, out, cfg)
	sortFindings(out)
	return out, scanErr
}

// severity returns the configured severity of a rule's findings.
func (c Config) severity(id string) string {
	if s := c.Severity[id]; s != "" {
		return s
	}
	return "error"
}

// scan reads the source as its kind says. A code file that does not lex
// is read as plain text beside the calls found before the error, and the
// error is returned.
func scan(kind Kind, name string, src []byte) ([]rules.Unit, []rules.Finding, error) {
	var units []rules.Unit
	var calls []rules.Finding
	var err error
	switch kind {
	case Markdown:
		return mdscan.Scan(src, name), nil, nil
	case Text:
		return textscan.Scan(src, name), nil, nil
	case Go:
		r := goscan.Scan(src, name)
		return r.Units, r.Calls, r.Err
	case Shell:
		r := shscan.Scan(src, name)
		units, calls, err = r.Units, r.Calls, r.Err
	case Python:
		r := pyscan.Scan(src, name)
		units, calls, err = r.Units, r.Calls, r.Err
	case JavaScript:
		r := jsscan.Scan(src, name)
		units, calls, err = r.Units, r.Calls, r.Err
	case Data:
		r := datascan.Scan(src, name)
		units, calls, err = r.Units, r.Calls, r.Err
	}
	if err != nil {
		units = textscan.Scan(src, name)
	}
	return units, calls, err
}

func ruleOn(enabled []*rules.Rule, id string) bool {
	for _, r := range enabled {
		if r.ID == id {
			return true
		}
	}
	return false
}

// place turns offsets into lines and columns, keeping one finding per
// rule per line (the first).
func place(name string, src []byte, file *token.File, raw []rules.Finding, cfg Config) []Finding {
	type key struct {
		rule string
		line int
	}
	seen := map[key]int{}
	var out []Finding
	for _, f := range raw {
		if f.Start < 0 || f.Start > len(src) {
			continue
		}
		end := f.End
		if end < f.Start || end > len(src) {
			end = f.Start
		}
		p := file.Position(file.Pos(f.Start))
		e := file.Position(file.Pos(end))
		k := key{f.Rule, p.Line}
		if i, ok := seen[k]; ok {
			if p.Column < out[i].Column {
				out[i].Column, out[i].EndLine, out[i].EndColumn = p.Column, e.Line, e.Column
			}
			continue
		}
		seen[k] = len(out)
		out = append(out, Finding{
			Path: name, Line: p.Line, Column: p.Column, EndLine: e.Line, EndColumn: e.Column,
			Rule: f.Rule, Severity: cfg.severity(f.Rule), Message: f.Message, Excerpt: excerpt(src, file, p.Line),
		})
	}
	return out
}

// excerpt returns the source line, trimmed and cut to a readable length,
// with invalid UTF-8 replaced so that JSON output stays valid.
func excerpt(src []byte, file *token.File, line int) string {
	start := file.Offset(file.LineStart(line))
	end := bytes.IndexByte(src[start:], '\n')
	if end < 0 {
		end = len(src)
	} else {
		end += start
	}
	s := strings.TrimSpace(strings.TrimRight(string(src[start:end]), "\r"))
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	const max = 240
	if len(s) > max {
		cut := max
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

func sortFindings(fs []Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		return a.Rule < b.Rule
	})
}

// String formats a finding as the text reporter prints it.
func (f Finding) String() string {
	return fmt.Sprintf("%s:%d:%d: %s: %s", f.Path, f.Line, f.Column, f.Rule, f.Message)
}
