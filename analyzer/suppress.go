package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/rules"
)

// suppression is one suppression comment:
//
//	//nolint:recoverlint                        golangci-lint style, every rule
//	//nolint:errcheck,recoverlint // reason     the same, in a list
//	//recoverlint:ignore RULE[,RULE] reason     the named rules (or all)
//	//recoverlint:ignore RULE -- reason
//
// Either covers its own line and the next one.
type suppression struct {
	pos   token.Pos // the directive, just after "//"
	line  int
	rules map[string]bool // nil: every rule
	bad   string          // why the comment is malformed, if it is
	used  bool
}

const (
	nolintPrefix = "nolint:"
	ignorePrefix = "recoverlint:ignore"
)

// suppressions reads the suppression comments of a file. A directive
// counts only where it opens a // comment; known says which rule ids exist.
func suppressions(tf *token.File, f *ast.File, known func(string) bool) []*suppression {
	var out []*suppression
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			body, ok := strings.CutPrefix(c.Text, "//")
			if !ok {
				continue
			}
			s := &suppression{pos: c.Pos() + 2, line: tf.Line(c.Pos())}
			switch {
			case strings.HasPrefix(body, nolintPrefix):
				list := body[len(nolintPrefix):]
				if i := strings.IndexAny(list, " \t"); i >= 0 {
					list = list[:i]
				}
				if !names(list, Name) {
					continue
				}
			case strings.HasPrefix(body, ignorePrefix):
				rest := body[len(ignorePrefix):]
				if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
					// a misspelt directive such as recoverlint:ignored
					s.bad = fmt.Sprintf("uses unknown directive %q (known: recoverlint:ignore, nolint:recoverlint)", strings.Fields(body)[0])
					break
				}
				s.rules, s.bad = parseIgnore(rest, known)
			default:
				continue
			}
			out = append(out, s)
		}
	}
	return out
}

// names reports whether a comma-separated list holds name.
func names(list, name string) bool {
	for _, n := range strings.Split(list, ",") {
		if strings.TrimSpace(n) == name {
			return true
		}
	}
	return false
}

// parseIgnore reads "RULE[,RULE] reason" or "RULE[,RULE] -- reason" and
// returns the rules named (nil for all) or why the comment is malformed.
func parseIgnore(rest string, known func(string) bool) (map[string]bool, string) {
	var ids []string
	var reason string
	if before, after, ok := strings.Cut(rest, "--"); ok {
		ids = strings.Fields(strings.ReplaceAll(before, ",", " "))
		reason = strings.TrimSpace(after)
	} else {
		f := strings.Fields(rest)
		if len(f) > 0 {
			ids = strings.Fields(strings.ReplaceAll(f[0], ",", " "))
			reason = strings.Join(f[1:], " ")
		}
	}
	if len(ids) == 0 {
		return nil, "names no rule; name the rules it silences, or all"
	}
	set := map[string]bool{}
	for _, id := range ids {
		if id != "all" && !known(id) {
			return nil, fmt.Sprintf("names unknown rule %q", id)
		}
		set[id] = true
	}
	if reason == "" {
		return nil, "gives no reason; say why the text is not a recommendation"
	}
	if set["all"] {
		return nil, ""
	}
	return set, ""
}

// suppress turns the placed findings that no suppression covers into
// diagnostics, and reports malformed and unused suppression comments.
func suppress(tf *token.File, f *ast.File, fs []finding, cfg check.Config) []analysis.Diagnostic {
	sups := suppressions(tf, f, func(id string) bool {
		if rules.ByID(id) != nil {
			return true
		}
		for _, r := range cfg.Extra {
			if r.ID == id {
				return true
			}
		}
		return false
	})
	var out []analysis.Diagnostic
	for _, fd := range fs {
		suppressed := false
		for _, s := range sups {
			if s.bad != "" || fd.line < s.line || fd.line > s.line+1 {
				continue
			}
			if s.rules == nil || s.rules[fd.rule] {
				s.used = true
				suppressed = true
			}
		}
		if !suppressed {
			out = append(out, analysis.Diagnostic{Pos: tf.Pos(fd.start), End: tf.Pos(fd.end), Category: fd.rule, Message: fd.message})
		}
	}
	for _, s := range sups {
		var rule, msg string
		switch {
		case s.bad != "":
			rule, msg = check.BadSuppression, "suppression comment "+s.bad
		case !s.used:
			rule, msg = check.UnusedSuppression, "suppression comment silences no finding; remove it"
		default:
			continue
		}
		if !cfg.Disabled[rule] {
			out = append(out, analysis.Diagnostic{Pos: s.pos, Category: rule, Message: msg})
		}
	}
	return out
}
