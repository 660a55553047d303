package pyscan

import (
	"bytes"
	"slices"
	"strings"

	"github.com/recoverlint/recoverlint/rules"
	"github.com/recoverlint/recoverlint/shscan"
	"github.com/recoverlint/recoverlint/textscan"
)

// frame is an open bracket while walking: a call's arguments, a list, a
// tuple, a set or a dict.
type frame struct {
	open int
	kind byte // '(', '[' or '{'
	data bool // its strings are data: a pattern table, a matching call
	exec bool // its strings are a command the code runs
}

// keywords that can stand before '(' without making a call.
var keywords = map[string]bool{"if": true, "elif": true, "while": true, "for": true, "in": true, "not": true,
	"and": true, "or": true, "return": true, "yield": true, "await": true, "lambda": true, "assert": true,
	"del": true, "raise": true, "with": true, "as": true, "is": true, "else": true, "from": true,
	"import": true, "case": true, "match": true}

// walk reads strings and calls in order from token from, with the stack
// of open brackets.
func (a *analyzer) walk(from int) {
	var stack []frame
	top := func() *frame {
		if len(stack) == 0 {
			return nil
		}
		return &stack[len(stack)-1]
	}
	for i := from; i < len(a.toks); i++ {
		t := a.toks[i]
		switch {
		case t.kind == tOp && (t.s == "(" || t.s == "[" || t.s == "{"):
			f := frame{open: i, kind: t.s[0]}
			if p := top(); p != nil {
				f.data, f.exec = p.data, p.exec
			}
			if holder := a.holder(i, top()); holder != "" && (rules.DataName(holder) || a.tables[holder]) {
				f.data = true
			}
			if t.s == "(" && a.name(i-1) != "" && !keywords[a.toks[i-1].s] {
				parts, _ := a.chainEnding(i - 1)
				if dataCall(a.canon(parts), parts) {
					f.data = true
				}
				if a.call(i) {
					f.exec = true
				}
			}
			stack = append(stack, f)
		case t.kind == tOp && (t.s == ")" || t.s == "]" || t.s == "}"):
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case t.kind == tString:
			j := a.strings(i)
			a.literal(i, j, top(), stack)
			i = j - 1
		}
	}
}

// stringHolder names what the string at i is assigned to, directly or
// in parentheses: kill_cmd = ('…\n' '…\n').
func (a *analyzer) stringHolder(i int, top *frame) string {
	if h := a.holder(i, top); h != "" {
		return h
	}
	if top != nil && top.kind == '(' && top.open > 0 {
		return a.holder(top.open, nil)
	}
	return ""
}

// holder names what a bracket opening at i fills: the variable assigned,
// the keyword argument, or the dict key.
func (a *analyzer) holder(i int, parent *frame) string {
	switch {
	case a.is(i-1, "=") || a.is(i-1, "+=") || a.is(i-1, ":="):
		ln := a.lines[a.line[i]]
		if key, eq := a.target(ln[0], ln[1]); eq == i-1 {
			return key[strings.LastIndexByte(key, '.')+1:]
		}
		return a.name(i - 2)
	case a.is(i-1, ":") && parent != nil && parent.kind == '{':
		return a.keyName(i - 2)
	case a.is(i-1, ":") || a.name(i-1) == "in":
		// an annotated assignment's type, or a for loop's iterable: the
		// name that opens the statement, read within it
		lo := a.lines[a.line[i]][0]
		for k := i - 1; k > 0 && k >= lo && a.depth[k] >= a.depth[i]; k-- {
			if a.is(k, "=") || a.toks[k].kind == tNewline {
				break
			}
			if a.name(k) != "" && (k == 0 || a.toks[k-1].kind == tNewline) {
				return a.name(k)
			}
		}
	}
	return ""
}

// holderPath names what holds the string at i, outermost first
// (rules.Context.Holder): the variable, keyword argument or dict key it
// is the value of, and those the brackets around it fill, up to
// maxHolders of them.
func (a *analyzer) holderPath(i int, top *frame, stack []frame) string {
	var names []string
	if h := a.holder(i, top); h != "" {
		names = append(names, h)
	}
	for k := len(stack) - 1; k >= 0 && len(names) < maxHolders; k-- {
		var parent *frame
		if k > 0 {
			parent = &stack[k-1]
		}
		if h := a.holder(stack[k].open, parent); h != "" {
			names = append(names, h)
		}
	}
	slices.Reverse(names)
	return strings.Join(names, ".")
}

// maxHolders bounds a holder path: the names nearest a string say what
// it is; an outer one names a whole structure.
const maxHolders = 4

// keyName is a dict key's text: a string's value or a name.
func (a *analyzer) keyName(i int) string {
	if i < 0 || i >= len(a.toks) {
		return ""
	}
	switch t := a.toks[i]; t.kind {
	case tString:
		return string(t.val())
	case tName:
		return t.s
	}
	return ""
}

// literal makes units of the string run toks[i:j] unless it is data.
func (a *analyzer) literal(i, j int, top *frame, stack []frame) {
	if a.test {
		return
	}
	for _, f := range stack {
		if f.data || f.exec {
			return
		}
	}
	prev, next := "", ""
	if i > 0 {
		prev = a.toks[i-1].s
	}
	if j < len(a.toks) {
		next = a.toks[j].s
	}
	switch prev {
	case "in", "==", "!=", "is", "not", "case":
		return
	}
	switch next {
	case "in", "==", "!=", "not", "is":
		return
	}
	if top != nil && top.kind == '{' {
		if next == ":" {
			return // a dict key
		}
		if prev == ":" && rules.DataName(a.keyName(i-2)) {
			return
		}
	}
	text, offs := a.joined(i, j)
	if shscan.IsScript(string(text)) || bytes.IndexByte(text, '\n') >= 0 && rules.CommandName(a.stringHolder(i, top)) {
		// a script the code writes or hands to a shell: its commands
		// are judged as commands, its own children as its own
		a.shell(shscan.Embedded(string(text), offs, a.path))
		return
	}
	n := len(a.units)
	a.text(text, offs)
	if h := a.holderPath(i, top, stack); h != "" {
		for k := n; k < len(a.units); k++ {
			a.units[k].Ctx.Holder = h
		}
	}
	if def := a.docstringOf(i, j); def != "" {
		for k := n; k < len(a.units); k++ {
			a.units[k].Ctx.Annotates = def // a docstring says what its function does
		}
	}
	if call := a.helpOf(i, top); call != "" {
		for k := n; k < len(a.units); k++ {
			a.units[k].Ctx.Annotates = call // a command's or option's help says what it does
		}
	}
}

// helpOf returns the call whose help= or description= keyword the
// string at i is (sub.add_parser("reset", help="Reset the runner state
// file"), @click.option(…, help=…)), or "": the help of a command or
// option says what that command does, as a docstring does.
func (a *analyzer) helpOf(i int, top *frame) string {
	if top == nil || top.kind != '(' || !a.is(i-1, "=") {
		return ""
	}
	if kw := a.name(i - 2); kw != "help" && kw != "description" && kw != "short_help" {
		return ""
	}
	end := a.match[top.open]
	if end < 0 || end >= len(a.toks) {
		return ""
	}
	from := top.open - 1
	if from < 0 {
		return ""
	}
	return string(a.src[a.toks[from].start:a.toks[end].end])
}

// docstringOf returns the def or class statement whose docstring the
// string run toks[i:j] is, or "": a string statement that opens a
// function's or class's body, on the line after the def. A module's
// docstring is its documentation, not a caption.
func (a *analyzer) docstringOf(i, j int) string {
	if i == 0 || a.toks[i-1].kind != tNewline || j < len(a.toks) && a.toks[j].kind != tNewline || a.line[i] == 0 {
		return ""
	}
	// the statement before, which ends the line above
	lo := a.lines[a.line[i]-1][0]
	first := a.toks[lo]
	if first.s == "async" && lo+1 < i-1 {
		first = a.toks[lo+1]
	}
	if first.s != "def" && first.s != "class" {
		return ""
	}
	return strings.TrimSpace(string(a.src[a.toks[lo].start:a.toks[i-1].start]))
}

// text adds the units of a string: one string unit for a line of text, a
// document read by paragraphs and list items for several lines.
func (a *analyzer) text(text []byte, offs []int) {
	a.units = append(a.units, units(text, offs, a.path)...)
}

// units turns decoded text into units (shared with shell results).
func units(text []byte, offs []int, path string) []rules.Unit {
	s := string(text)
	if !proseLike(s) {
		return nil
	}
	if !strings.Contains(strings.TrimSpace(s), "\n") {
		return []rules.Unit{{Kind: rules.StringLit, Text: s, Offsets: rules.OffsetsOf(offs), Ctx: rules.Context{Path: path}}}
	}
	text, offs = dedent(text, offs)
	var out []rules.Unit
	for _, u := range textscan.Scan(text, path) {
		u.Offsets = u.Offsets.Through(rules.OffsetsOf(offs))
		out = append(out, u)
	}
	return out
}

// dedent removes the first line's leading blanks and the indentation the
// other lines share, as inspect.cleandoc does for a docstring.
func dedent(text []byte, offs []int) ([]byte, []int) {
	lines := strings.Split(string(text), "\n")
	common := -1
	for _, ln := range lines[1:] {
		t := strings.TrimLeft(ln, " \t")
		if t == "" || t == "\r" {
			continue
		}
		if n := len(ln) - len(t); common < 0 || n < common {
			common = n
		}
	}
	common = max(common, 0)
	out := make([]byte, 0, len(text))
	outOffs := make([]int, 0, len(offs))
	at := 0
	for n, ln := range lines {
		skip := 0
		if n == 0 {
			skip = len(ln) - len(strings.TrimLeft(ln, " \t"))
		} else {
			skip = min(common, len(ln)-len(strings.TrimLeft(ln, " \t")))
		}
		out = append(out, ln[skip:]...)
		outOffs = append(outOffs, offs[at+skip:at+len(ln)]...)
		at += len(ln)
		if n < len(lines)-1 {
			out = append(out, '\n')
			outOffs = append(outOffs, offs[at])
			at++
		}
	}
	outOffs = append(outOffs, offs[len(text)])
	return out, outOffs
}

// proseLike: text of more than one word that is not a regular expression.
func proseLike(s string) bool {
	t := strings.TrimSpace(s)
	return strings.ContainsAny(t, " \t\n") && !rules.LooksRegexp(t)
}

// shell adds what a shell reading of a command finds.
func (a *analyzer) shell(res shscan.Result) {
	a.calls = append(a.calls, res.Calls...)
	a.units = append(a.units, res.Units...)
}
