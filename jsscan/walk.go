package jsscan

import (
	"bytes"
	"slices"
	"strings"

	"github.com/recoverlint/recoverlint/rules"
	"github.com/recoverlint/recoverlint/shscan"
)

// frame is an open bracket while walking.
type frame struct {
	open int
	kind byte // '(', '[' or '{'
	data bool // its strings are data: a pattern table, a matching call
	exec bool // its strings are a command the code runs
}

// keywords that stand before '(' without making a call.
var keywords = map[string]bool{"if": true, "for": true, "while": true, "switch": true, "catch": true,
	"function": true, "return": true, "typeof": true, "void": true, "delete": true, "in": true, "of": true,
	"instanceof": true, "yield": true, "case": true, "do": true, "else": true, "with": true, "await": true,
	"super": true, "import": true}

// shellTags run their template as a shell command line (zx, execa, Bun).
var shellTags = map[string]bool{"zx.$": true, "execa.$": true, "execa.$sync": true, "bun.$": true, "Bun.$": true}

// quietTags hold another language: their templates are not prose.
var quietTags = map[string]bool{"sql": true, "css": true, "gql": true, "graphql": true, "keyframes": true,
	"createGlobalStyle": true, "regex": true}

// walk reads the strings and calls of toks[first:end], where no bracket
// is open.
func (a *analyzer) walk(first, end int) {
	var stack []frame
	top := func() *frame {
		if len(stack) == 0 {
			return nil
		}
		return &stack[len(stack)-1]
	}
	for i := first; i < end; i++ {
		t := a.toks[i]
		switch {
		case t.kind == tOp && (t.s == "(" || t.s == "[" || t.s == "{"):
			f := frame{open: i, kind: t.s[0]}
			if p := top(); p != nil {
				f.data, f.exec = p.data, p.exec
			}
			if h := a.holder(i, top()); h != "" && (rules.DataName(h) || a.tables[h]) {
				f.data = true
			}
			if t.s == "(" {
				if n := a.name(i - 1); n != "" && matchMethods[n] && (a.is(i-2, ".") || a.is(i-2, "?.") || n == "RegExp") {
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
		case t.kind == tString || t.kind == tTemplate:
			if t.kind == tTemplate && a.name(i-1) != "" && !keywords[a.toks[i-1].s] && a.tagged(i) {
				continue
			}
			j := a.strings(i)
			a.literal(i, j, top(), stack)
			i = j - 1
		case t.kind == tText:
			j := a.jsxRun(i)
			if !a.test && !inData(stack) {
				text, offs := trim(a.jsxText(i, j))
				a.units = append(a.units, units(text, offs, a.path)...)
			}
			i = j - 1
		}
	}
}

// jsxRun returns the end of the JSX text at i with the {…} expressions
// inside it: "Namespace {ns} needs a reconnect" is one text.
func (a *analyzer) jsxRun(i int) int {
	j := i + 1
	for a.is(j, "{") && a.match[j] > j && a.match[j]+1 < len(a.toks) && a.toks[a.match[j]+1].kind == tText {
		before, after := string(a.toks[j-1].val()), string(a.toks[a.match[j]+1].val())
		inline := strings.TrimSpace(before[strings.LastIndexByte(before, '\n')+1:]) != "" ||
			strings.TrimSpace(strings.SplitN(after, "\n", 2)[0]) != ""
		if !inline || a.match[j]-j > 12 {
			break
		}
		for k := j; k < a.match[j]; k++ {
			if a.is(k, "<jsx>") {
				return j
			}
		}
		j = a.match[j] + 2
	}
	return j
}

// jsxText joins JSX text and the source of the expressions between.
func (a *analyzer) jsxText(i, j int) ([]byte, []int) {
	var text []byte
	var offs []int
	for k := i; k < j; k++ {
		t := a.toks[k]
		if t.kind == tText {
			text = append(text, t.lit.val...)
			offs = t.appendOffs(offs, len(t.lit.val))
			continue
		}
		end := a.toks[a.match[k]].end
		for p := t.start; p < end; p++ {
			text = append(text, a.src[p])
			offs = append(offs, p)
		}
		k = a.match[k]
	}
	last := a.toks[j-1]
	return text, append(offs, last.lit.offs.At(len(last.lit.val)))
}

func inData(stack []frame) bool {
	for _, f := range stack {
		if f.data || f.exec {
			return true
		}
	}
	return false
}

// tagged handles a tagged template at i and reports whether it did: a
// shell tag runs it, a tag for another language makes it data.
func (a *analyzer) tagged(i int) bool {
	parts, _ := a.chainEnding(i - 1)
	tag := a.canon(parts)
	switch {
	case shellTags[tag] || tag == "$" && a.alias["$"] != "":
		t := a.toks[i]
		a.shell(shscan.Embedded(string(t.val()), t.appendOffs(nil, t.lit.offs.Len()), a.path))
		return true
	case quietTags[tag] || len(parts) > 1 && parts[0] == "styled":
		return true
	}
	return false
}

// stringHolder names what the string at i is assigned to, directly or
// in parentheses: const killCmd = ('…\n' + '…\n').
func (a *analyzer) stringHolder(i int, top *frame) string {
	if h := a.holder(i, top); h != "" {
		return h
	}
	if top != nil && top.kind == '(' && top.open > 0 {
		return a.holder(top.open, nil)
	}
	return ""
}

// holder names what a bracket opening at i fills: the variable assigned
// or the object key.
func (a *analyzer) holder(i int, parent *frame) string {
	switch {
	case a.is(i-1, "="):
		return a.assignee(i - 1)
	case a.is(i-1, ":") && parent != nil && parent.kind == '{':
		return a.keyName(i - 2)
	}
	return ""
}

// assignee returns the last name of what the '=' at eq assigns to,
// looking past a TypeScript type annotation.
func (a *analyzer) assignee(eq int) string {
	if n := a.name(eq - 1); n != "" {
		return n
	}
	for k := eq - 1; k > 0 && eq-k < 40; k-- {
		if a.toks[k].nl && k < eq-1 || a.is(k, ";") {
			break
		}
		if a.is(k, ":") && a.name(k-1) != "" {
			return a.toks[k-1].s
		}
	}
	return ""
}

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

// literal makes units of the literal run toks[i:j] unless it is data.
func (a *analyzer) literal(i, j int, top *frame, stack []frame) {
	if a.test || inData(stack) {
		return
	}
	prev, next := "", ""
	if i > 0 {
		prev = a.toks[i-1].s
	}
	if j < len(a.toks) {
		next = a.toks[j].s
	}
	switch prev {
	case "===", "==", "!==", "!=", "case", "from", "import", "require", "typeof":
		return
	}
	switch next {
	case "===", "==", "!==", "!=", "in":
		return
	}
	if top != nil {
		switch {
		case top.kind == '{' && next == ":" && (prev == "{" || prev == ","):
			return // an object key
		case top.kind == '{' && prev == ":" && rules.DataName(a.keyName(i-2)):
			return
		case top.kind == '[' && a.match[top.open] == j && top.open > 0 &&
			(a.name(top.open-1) != "" || a.is(top.open-1, ")") || a.is(top.open-1, "]")):
			return // a computed member: obj["some key"]
		case top.kind == '(' && top.open > 0 && (a.name(top.open-1) == "require" || a.name(top.open-1) == "import"):
			return
		}
	}
	text := a.joinedText(i, j)
	if shscan.IsScript(string(text)) || bytes.IndexByte(text, '\n') >= 0 && rules.CommandName(a.stringHolder(i, top)) {
		_, offs := a.joined(i, j)
		a.shell(shscan.Embedded(string(text), offs, a.path)) // a script the code writes or runs
		return
	}
	s := string(text)
	if t := strings.TrimSpace(s); strings.Contains(t, "\n") || !strings.ContainsAny(t, " \t") || rules.LooksRegexp(t) {
		_, offs := a.joined(i, j)
		a.units = append(a.units, units(text, offs, a.path)...)
		return
	}
	// one line: units' string unit, its offsets taken from the literals'
	// runs rather than an entry per byte
	a.units = append(a.units, rules.Unit{Kind: rules.StringLit, Text: s, Offsets: a.joinedOffsets(i, j), Ctx: rules.Context{Path: a.path, Holder: a.holderPath(i, stack)}})
}

// holderPath names what holds the string at i, outermost first
// (rules.Context.Holder): the key it is the value of, and the variables
// and keys the brackets around it fill, up to maxHolders of them.
func (a *analyzer) holderPath(i int, stack []frame) string {
	var names []string
	// a key stands first in its object or after a comma; a ':' after
	// anything else is a ternary's or a type annotation's
	if n := len(stack); n > 0 && stack[n-1].kind == '{' && a.is(i-1, ":") && (a.is(i-3, "{") || a.is(i-3, ",")) {
		if k := a.keyName(i - 2); k != "" {
			names = append(names, k)
		}
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

func (a *analyzer) shell(res shscan.Result) {
	a.calls = append(a.calls, res.Calls...)
	a.units = append(a.units, res.Units...)
}
