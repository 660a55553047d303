package shscan

import (
	"strings"

	"github.com/recoverlint/recoverlint/rules"
	"github.com/recoverlint/recoverlint/textscan"
)

// printers print their arguments: what they print is prose for a reader.
var printers = map[string]bool{"echo": true, "printf": true, "print": true, "logger": true, "wall": true,
	"notify-send": true, "say": true, "die": true, "warn": true, "fail": true, "info": true,
	"error": true, "fatal": true, "abort": true, "log": true, "msg": true, "note": true, "err": true}

// patternCommands take patterns, tests or programs as arguments, not prose.
var patternCommands = map[string]bool{"grep": true, "egrep": true, "fgrep": true, "rg": true, "ag": true,
	"ack": true, "sed": true, "awk": true, "gawk": true, "mawk": true, "perl": true, "test": true, "[": true,
	"[[": true, "expr": true, "jq": true, "yq": true, "tr": true, "cut": true, "find": true, "case": true,
	"python": true, "python3": true, "node": true, "ruby": true, "sqlite3": true, "psql": true, "mysql": true,
	"pkill": true, "pgrep": true, "killall": true, "kill": true}

// texts makes units of the prose a command prints or passes on.
func (sc *scanner) texts(argv []*word, prog string) {
	switch {
	case printers[prog] || strings.HasPrefix(prog, "log_") || strings.HasPrefix(prog, "print_"):
		sc.printed(argv[1:], prog)
	case patternCommands[prog]:
	default:
		for _, w := range argv[1:] {
			sc.quoted(w)
		}
	}
}

// printed joins the arguments of echo and kin into one unit, one space
// between words, as the command prints them.
func (sc *scanner) printed(args []*word, prog string) {
	for len(args) > 0 {
		t := args[0].text()
		if len(t) < 2 || t[0] != '-' || strings.ContainsAny(t, " \t") {
			break
		}
		args = args[1:]
		if (prog == "logger" && (t == "-t" || t == "-p" || t == "-n" || t == "-P")) || (prog == "printf" && t == "-v") {
			if len(args) > 0 {
				args = args[1:]
			}
		}
	}
	var text []byte
	var offs []int
	for i, w := range args {
		if i > 0 {
			text = append(text, ' ')
			offs = append(offs, args[i-1].end)
		}
		text = append(text, w.val...)
		offs = append(offs, w.offs[:len(w.val)]...)
	}
	if len(args) == 0 {
		return
	}
	offs = append(offs, args[len(args)-1].end)
	sc.text(rules.StringLit, text, offs)
}

// quoted makes a unit of every quoted part of a word that reads as prose.
func (sc *scanner) quoted(w *word) {
	for _, q := range w.quotes {
		offs := make([]int, 0, q.b-q.a+1)
		offs = append(append(offs, w.offs[q.a:q.b]...), q.end)
		sc.text(rules.StringLit, w.val[q.a:q.b], offs)
	}
}

// text adds a unit for prose held by the script. A text of several lines
// (a here-document, a multi-line message) is read as a document, by
// paragraphs, headings and list items.
func (sc *scanner) text(kind rules.Kind, text []byte, offs []int) {
	if !proseLike(string(text)) {
		return
	}
	if strings.Contains(strings.TrimSpace(string(text)), "\n") {
		for _, u := range textscan.Scan(text, sc.path) {
			u.Offsets = u.Offsets.Through(rules.OffsetsOf(offs))
			sc.units = append(sc.units, u)
		}
		return
	}
	sc.units = append(sc.units, rules.Unit{Kind: kind, Text: string(text), Offsets: rules.OffsetsOf(offs), Ctx: rules.Context{Path: sc.path}})
}

// comment adds a comment unit; annotates is the code it describes, if any.
func (sc *scanner) comment(text []byte, offs []int, annotates string) {
	sc.units = append(sc.units, rules.Unit{Kind: rules.Comment, Text: string(text), Offsets: rules.OffsetsOf(offs), Ctx: rules.Context{Path: sc.path, Annotates: annotates}})
}

// proseLike: text of more than one word that is not a regular expression.
func proseLike(s string) bool {
	t := strings.TrimSpace(s)
	return strings.ContainsAny(t, " \t\n") && !rules.LooksRegexp(t)
}
