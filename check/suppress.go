package check

import (
	"bytes"
	"go/scanner"
	"go/token"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/recoverlint/recoverlint/rules"
)

// suppression is one suppression comment found in a file.
type suppression struct {
	line, col  int
	rules      map[string]bool // nil means all
	from, to   int             // lines it covers, inclusive
	used       bool
	bad        string // why the comment is malformed, if it is
	needReason bool
}

// Suppression comments:
//
//	<!-- recoverlint-disable-next-line RULE[,RULE] -- reason -->
//	<!-- recoverlint-disable RULE -- reason --> … <!-- recoverlint-enable RULE -->
//	recoverlint:ignore RULE[,RULE] -- reason   (plain text: the line and the next)
//	//recoverlint:ignore RULE reason           (Go: the line and the next)
//	//nolint:recoverlint                       (Go, golangci-lint style)
func parseSuppressions(src []byte, file *token.File, kind Kind, known func(string) bool) []*suppression {
	if !bytes.Contains(src, []byte("recoverlint")) {
		return nil
	}
	var goComments map[int]bool // Go: byte offsets where a comment starts
	if kind == Go {
		goComments = commentStarts(src)
	}
	var out []*suppression
	var open []*suppression // ranges opened by recoverlint-disable
	lines := file.LineCount()
	fence := ""
	for line := 1; line <= lines; line++ {
		start := file.Offset(file.LineStart(line))
		end := len(src)
		if line < lines {
			end = file.Offset(file.LineStart(line+1)) - 1
		}
		text := strings.TrimRight(string(src[start:end]), "\r\n")
		if kind == Markdown {
			// a directive shown inside a fenced code block is an example, not a directive
			t := strings.TrimSpace(text)
			switch {
			case fence != "" && strings.HasPrefix(t, fence):
				fence = ""
				continue
			case fence == "" && (strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~")):
				fence = t[:3]
				continue
			case fence != "":
				continue
			}
		}
		if !strings.Contains(text, "recoverlint") {
			continue
		}
		if kind == Go {
			// golangci-lint's form names a list: //nolint:errcheck,recoverlint
			if k := strings.Index(text, "//nolint:"); k >= 0 && goComments[start+k] && nolintNames(text[k+len("//nolint:"):]) {
				out = append(out, &suppression{line: line, col: k + 3, from: line, to: line + 1})
				continue
			}
		}
		for _, d := range directives {
			k := directiveAt(text, d, kind)
			if k < 0 || goComments != nil && !goComments[start+k-2] {
				continue
			}
			if d == "recoverlint-disable" && strings.HasPrefix(text[k:], "recoverlint-disable-next-line") {
				continue
			}
			body := text[k+len(d):]
			body = strings.TrimSuffix(strings.TrimSpace(body), "-->")
			s := &suppression{line: line, col: k + 1}
			if rest := text[k+len(d):]; rest != "" && rest[0] != ' ' && rest[0] != '\t' && !strings.HasPrefix(rest, "-->") {
				// recoverlint-disable-line and other unknown spellings
				word := strings.Fields(text[k:])[0]
				s.bad = "uses unknown directive \"" + word + "\" (known: recoverlint-disable-next-line, recoverlint-disable, recoverlint-enable, recoverlint:ignore)"
				out = append(out, s)
				break
			}
			switch d {
			case "recoverlint-disable-next-line":
				s.from, s.to = line+1, line+1
				s.needReason = true
			case "recoverlint-disable":
				s.from, s.to = line, lines
				s.needReason = true
				open = append(open, s)
			case "recoverlint-enable":
				ids, _ := splitRules(body)
				closeRanges(open, ids, line)
				continue
			case "recoverlint:ignore":
				s.from, s.to = line, line+1
				s.needReason = true
			case "nolint:recoverlint":
				s.from, s.to = line, line+1
				s.rules = nil
				out = append(out, s)
				continue
			}
			ids, reason := splitRules(body)
			if kind == Go && d == "recoverlint:ignore" && reason == "" {
				// Go form: //recoverlint:ignore RULE reason words
				f := strings.Fields(body)
				if len(f) > 1 {
					ids, reason = parseIDs(f[0]), strings.Join(f[1:], " ")
				}
			}
			switch {
			case len(ids) == 0:
				s.bad = "names no rule (name the rules it suppresses, or all)"
			case s.needReason && strings.TrimSpace(reason) == "":
				s.bad = "gives no reason (add \"-- why this is not a recommendation\")"
			case s.needReason && strings.TrimSpace(reason) == ReasonPlaceholder:
				s.bad = "still holds the reason placeholder; say why this is not a recommendation"
			}
			var unknown []string
			for _, id := range slices.Sorted(maps.Keys(ids)) {
				if id != "all" && !known(id) {
					unknown = append(unknown, strconv.Quote(id))
				}
			}
			switch {
			case len(unknown) == 1:
				s.bad = "names unknown rule " + unknown[0]
			case len(unknown) > 1:
				s.bad = "names unknown rules " + strings.Join(unknown, ", ")
			}
			if len(unknown) > 0 && !strings.Contains(body, "--") {
				s.bad += " (a reason follows \"--\")"
			}
			if !ids["all"] {
				s.rules = ids
			}
			out = append(out, s)
			break
		}
	}
	return out
}

// commentStarts returns the offsets of the comments in Go source, so that
// a directive inside a string literal is not taken for one.
func commentStarts(src []byte) map[int]bool {
	var sc scanner.Scanner
	fset := token.NewFileSet()
	f := fset.AddFile("", -1, len(src))
	sc.Init(f, src, nil, scanner.ScanComments)
	starts := map[int]bool{}
	for {
		pos, tok, _ := sc.Scan()
		if tok == token.EOF {
			return starts
		}
		if tok == token.COMMENT {
			starts[f.Offset(pos)] = true
		}
	}
}

// nolintNames reports whether a golangci-lint nolint list names
// recoverlint or all.
func nolintNames(list string) bool {
	if i := strings.IndexAny(list, " \t/"); i >= 0 {
		list = list[:i]
	}
	for _, n := range strings.Split(list, ",") {
		if n == "recoverlint" || n == "all" {
			return true
		}
	}
	return false
}

// ReasonPlaceholder is the reason SuppressionLine writes. A suppression
// that still holds it is reported as giving no reason, so a suppression
// inserted by an editor's quick fix is not done until someone says why.
const ReasonPlaceholder = "<why this is not a recommendation>"

// SuppressionLine returns the comment line, in the syntax of the file's
// kind, that suppresses rule on the line below it, with indent before it
// and ReasonPlaceholder as its reason; false for JSON, which has no
// comments (use exclude-rules in the configuration there). name is the
// file's name, which tells JSON from YAML and TOML.
func SuppressionLine(kind Kind, name, rule, indent string) (string, bool) {
	body := "recoverlint-disable-next-line " + rule + " -- " + ReasonPlaceholder
	switch kind {
	case Markdown:
		return indent + "<!-- " + body + " -->", true
	case Text:
		return indent + body, true
	case Go:
		// a Go directive has no space after the slashes, as //go:build;
		// recoverlint:ignore covers its own line and the next
		return indent + "//recoverlint:ignore " + rule + " -- " + ReasonPlaceholder, true
	case JavaScript:
		return indent + "// " + body, true
	case Data:
		switch path.Ext(strings.ToLower(name)) {
		case ".json":
			return "", false
		case ".jsonc", ".json5":
			return indent + "// " + body, true
		}
	}
	return indent + "# " + body, true
}

var directives = []string{"recoverlint-disable-next-line", "recoverlint-disable", "recoverlint-enable", "recoverlint:ignore", "nolint:recoverlint"}

// directiveAt returns the byte offset of directive d in a line when the
// line holds it as a comment of its own: inside "<!--" in Markdown, right
// after "//" in Go, at the start of the line (after an optional comment
// marker) in plain text. A directive named in running prose is not one.
func directiveAt(line, d string, kind Kind) int {
	k := strings.Index(line, d)
	if k < 0 {
		return -1
	}
	before := strings.TrimSpace(line[:k])
	switch kind {
	case Go:
		// the directive opens the line's first comment
		if strings.HasSuffix(line[:k], "//") && strings.Index(line, "//") == k-2 {
			return k
		}
	case Markdown:
		if strings.HasSuffix(before, "<!--") {
			return k
		}
	default:
		switch before {
		case "", "#", "//", "<!--", ";", "--":
			return k
		}
	}
	return -1
}

// splitRules reads "RULE,RULE -- reason".
func splitRules(body string) (map[string]bool, string) {
	reason := ""
	if k := strings.Index(body, "--"); k >= 0 {
		reason = strings.TrimSpace(body[k+2:])
		body = body[:k]
	}
	f := strings.Fields(body)
	if len(f) == 0 {
		return nil, reason
	}
	return parseIDs(strings.Join(f, ",")), reason
}

func parseIDs(s string) map[string]bool {
	ids := map[string]bool{}
	for _, id := range strings.Split(s, ",") {
		if id = strings.TrimSpace(id); id != "" {
			ids[id] = true
		}
	}
	if len(ids) == 0 {
		return nil
	}
	return ids
}

func closeRanges(open []*suppression, ids map[string]bool, line int) {
	for _, s := range open {
		if s.to < line {
			continue
		}
		if ids == nil || ids["all"] || s.rules == nil {
			s.to = line
			continue
		}
		for id := range ids {
			if s.rules[id] {
				s.to = line
			}
		}
	}
}

// Suppress applies the suppression comments of a file to its findings, as
// Source does: it drops the findings a well-formed suppression covers and
// adds a bad-suppression or unused-suppression finding for each comment
// that is malformed or silences nothing. Front ends that find in their
// own way (the go/analysis pass) call it, so that every front end reads
// suppressions with this one parser. fs are placed in src.
func Suppress(name string, src []byte, kind Kind, fs []Finding, cfg Config) []Finding {
	file := token.NewFileSet().AddFile(name, -1, len(src))
	file.SetLinesForContent(src)
	return applySuppressions(name, src, file, kind, fs, cfg)
}

func applySuppressions(name string, src []byte, file *token.File, kind Kind, fs []Finding, cfg Config) []Finding {
	sups := parseSuppressions(src, file, kind, func(id string) bool {
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
	if len(sups) == 0 {
		return fs
	}
	kept := fs[:0]
	for _, f := range fs {
		suppressed := false
		for _, s := range sups {
			if s.bad != "" || f.Line < s.from || f.Line > s.to {
				continue
			}
			if s.rules == nil || s.rules[f.Rule] {
				s.used = true
				suppressed = true
			}
		}
		if !suppressed {
			kept = append(kept, f)
		}
	}
	for _, s := range sups {
		rule, msg := "", ""
		switch {
		case s.bad != "":
			rule, msg = BadSuppression, "suppression comment "+s.bad
		case !s.used:
			rule, msg = UnusedSuppression, "suppression comment suppresses nothing; remove it"
		default:
			continue
		}
		if cfg.Disabled[rule] {
			continue
		}
		kept = append(kept, Finding{Path: name, Line: s.line, Column: s.col, EndLine: s.line, EndColumn: s.col,
			Rule: rule, Severity: cfg.severity(rule), Message: msg, Excerpt: excerpt(src, file, s.line)})
	}
	return kept
}
