package jsscan

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/recoverlint/recoverlint/internal/comments"
	"github.com/recoverlint/recoverlint/rules"
)

type kind uint8

const (
	tName kind = iota
	tNumber
	tString   // '…' or "…", decoded
	tTemplate // `…`, literal parts decoded, ${…} kept as written
	tRegex
	tOp
	tText // JSX text between tags
)

// tok is a JavaScript or TypeScript token. Strings, templates and JSX
// text carry their value aside, so that the other tokens, most of a
// file, stay small.
type tok struct {
	kind       kind
	s          string // source text
	start, end int
	nl         bool     // a line break comes before the token
	lit        *literal // a string's, template's or JSX text's value; nil for other tokens
}

// literal is a token's decoded value and its offset map: entry i is the
// source offset of the character or escape that produced val[i], and
// entry len(val) the offset of the closing quote.
type literal struct {
	val  []byte
	offs rules.Offsets
}

// val returns the token's value, nil for a token without one.
func (t *tok) val() []byte {
	if t.lit == nil {
		return nil
	}
	return t.lit.val
}

// appendOffs appends the first n entries of the token's offset map.
func (t *tok) appendOffs(dst []int, n int) []int {
	for e := range n {
		dst = append(dst, t.lit.offs.At(e))
	}
	return dst
}

type lexer struct {
	src  string
	pos  int
	jsx  bool
	toks []tok
	cmts *comments.Grouper // shared with the lexers of ${…} interpolations
	err  error
	nl   bool
	// noRegex: a '/' before this offset cannot open a regular expression
	// (an earlier one on the line found no closing '/').
	noRegex int
	// open counts the brackets open after the tokens so far, as the
	// analyzer matches them (a closer with none open closes nothing).
	open int
	// When the source is read in stretches (next), base is the index in
	// the whole file of toks[0], and cuts are the indices, in the whole
	// file and in order, of the tokens before which a stretch may end.
	base int
	cuts []int
}

func (l *lexer) fail(at int, format string, args ...any) {
	if l.err == nil {
		at = min(at, len(l.src))
		line := 1 + strings.Count(l.src[:at], "\n")
		col := at - strings.LastIndexByte(l.src[:at], '\n')
		l.err = fmt.Errorf("%d:%d: %s", line, col, fmt.Sprintf(format, args...))
	}
}

func lex(src string, jsx bool) *lexer {
	g := comments.New(src)
	// a token every eight bytes or so: the slice grows from there, not
	// from nothing, which halves what growing it allocates
	l := &lexer{src: src, jsx: jsx, cmts: &g, toks: make([]tok, 0, len(src)/8+16)}
	l.shebang()
	l.run(false)
	l.cmts.Flush()
	return l
}

// shebang skips a #! line at the start.
func (l *lexer) shebang() {
	if strings.HasPrefix(l.src, "#!") {
		for l.pos < len(l.src) && l.src[l.pos] != '\n' {
			l.pos++
		}
	}
}

// run lexes tokens into l.toks. With brace set it stops after the '}'
// that closes a template or JSX expression (not added).
func (l *lexer) run(brace bool) {
	depth := 0
	for l.pos < len(l.src) {
		if l.step(brace, &depth) {
			return
		}
	}
	if brace {
		l.fail(len(l.src), "unterminated ${ or { expression")
	}
}

// step lexes what starts at l.pos: a token, a comment, a literal or a
// JSX element with all it holds. It reports whether it read the '}' that
// ends run's expression (brace set, at depth 0).
func (l *lexer) step(brace bool, depth *int) bool {
	{
		c := l.src[l.pos]
		switch {
		case c == '\n':
			l.nl = true
			l.pos++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			l.pos++
		case c == '/' && l.pos+1 < len(l.src) && l.src[l.pos+1] == '/':
			l.lineComment()
		case c == '/' && l.pos+1 < len(l.src) && l.src[l.pos+1] == '*':
			l.blockComment()
		case c == '"' || c == '\'':
			l.str(c)
		case c == '`':
			l.template()
		case c == '/' && l.pos >= l.noRegex && l.regexAllowed():
			if !l.regex() {
				l.op()
			}
		case c == '<' && l.jsx && l.regexAllowed() && l.pos+1 < len(l.src) && (isNameStart(l.src[l.pos+1]) || l.src[l.pos+1] == '>') && !l.typeParams():
			l.element()
		case isNameStart(c) || c == '\\':
			start := l.pos
			for l.pos < len(l.src) && (isNameByte(l.src[l.pos]) || l.src[l.pos] == '\\') {
				l.pos++
			}
			l.push(tok{kind: tName, s: l.src[start:l.pos], start: start, end: l.pos})
		case c >= '0' && c <= '9' || c == '.' && l.pos+1 < len(l.src) && l.src[l.pos+1] >= '0' && l.src[l.pos+1] <= '9':
			start := l.pos
			for l.pos < len(l.src) && (isNameByte(l.src[l.pos]) || l.src[l.pos] == '.') {
				if (l.src[l.pos] == 'e' || l.src[l.pos] == 'E') && l.pos+1 < len(l.src) && (l.src[l.pos+1] == '+' || l.src[l.pos+1] == '-') {
					l.pos++
				}
				l.pos++
			}
			l.push(tok{kind: tNumber, s: l.src[start:l.pos], start: start, end: l.pos})
		case brace && c == '}' && *depth == 0:
			l.pos++
			return true
		default:
			s := l.op()
			switch s {
			case "{", "(", "[", "${":
				*depth++
			case "}", ")", "]":
				*depth--
			}
		}
	}
	return false
}

func (l *lexer) push(t tok) {
	t.nl = l.nl
	l.nl = false
	if t.kind == tOp && len(t.s) == 1 {
		switch t.s[0] {
		case '(', '[', '{':
			l.open++
		case ')', ']', '}':
			if l.open > 0 {
				l.open--
			}
		}
	}
	l.toks = append(l.toks, t)
}

// next lexes on at the top level, noting where a stretch may end, until
// it has noted such a place at the token of index want (in the whole
// file) or after it, and returns that index; at the end of the source it
// returns the number of tokens. A stretch may end before a token where
// no bracket is open and the analyzer's readings stop: after a ';', or
// at a line break that ends a statement as exprEnd reads it (and not
// after await, whose require the imports read past the break).
func (l *lexer) next(want int) int {
	if k := sort.SearchInts(l.cuts, want); k < len(l.cuts) {
		return l.cuts[k]
	}
	depth := 0
	for l.pos < len(l.src) {
		n, open := len(l.toks), l.open
		l.step(false, &depth)
		if open == 0 && n > 0 && len(l.toks) > n && cutBetween(l.toks[n-1], l.toks[n]) {
			l.cuts = append(l.cuts, l.base+n)
			if l.base+n >= want {
				return l.base + n
			}
		}
	}
	return l.base + len(l.toks)
}

// cutBetween: a stretch may end between the top-level tokens p and q.
func cutBetween(p, q tok) bool {
	if p.kind == tOp && p.s == ";" {
		return true
	}
	return q.nl && !continues(p) && !startsContinuation(q) && !(p.kind == tName && p.s == "await")
}

// before returns the last place noted where a stretch may end at the
// token of index at or before it, or base when there is none.
func (l *lexer) before(at int) int {
	k := sort.SearchInts(l.cuts, at+1)
	if k == 0 {
		return l.base
	}
	return l.cuts[k-1]
}

// drop forgets the tokens before the one of index from, a place noted
// by next (or base).
func (l *lexer) drop(from int) {
	k := from - l.base
	n := copy(l.toks, l.toks[k:])
	clear(l.toks[n:])
	l.toks = l.toks[:n]
	l.base = from
	c := sort.SearchInts(l.cuts, from)
	l.cuts = l.cuts[:copy(l.cuts, l.cuts[c:])]
}

func isNameStart(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func isNameByte(c byte) bool { return isNameStart(c) || c >= '0' && c <= '9' }

// regexAllowed: a '/' here starts a regular expression, not a division.
func (l *lexer) regexAllowed() bool {
	if len(l.toks) == 0 {
		return true
	}
	t := l.toks[len(l.toks)-1]
	switch t.kind {
	case tOp:
		return t.s != ")" && t.s != "]" && t.s != "++" && t.s != "--"
	case tName:
		switch t.s {
		case "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do",
			"else", "yield", "await":
			return true
		}
	}
	return false
}

var ops = []string{">>>=", "...", "===", "!==", "**=", "<<=", ">>=", ">>>", "&&=", "||=", "??=", "=>", "==",
	"!=", "<=", ">=", "&&", "||", "??", "?.", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "**",
	"<<", ">>"}

// opsBy are the ops by their first byte, in the order of ops.
var opsBy = func() (by [256][]string) {
	for _, op := range ops {
		by[op[0]] = append(by[op[0]], op)
	}
	return by
}()

func (l *lexer) op() string {
	start := l.pos
	s := ""
	for _, op := range opsBy[l.src[l.pos]] {
		if strings.HasPrefix(l.src[l.pos:], op) {
			s = op
			break
		}
	}
	if s == "?." && l.pos+2 < len(l.src) && l.src[l.pos+2] >= '0' && l.src[l.pos+2] <= '9' {
		s = "?"
	}
	if s == "" {
		_, size := utf8.DecodeRuneInString(l.src[l.pos:])
		s = l.src[l.pos : l.pos+size]
	}
	l.pos += len(s)
	l.push(tok{kind: tOp, s: s, start: start, end: l.pos})
	return s
}

func (l *lexer) lineComment() {
	start := l.pos
	end := start
	for end < len(l.src) && l.src[end] != '\n' {
		end++
	}
	l.pos = end
	if l.cmts == nil {
		return // a reading that wants no comments
	}
	body := l.src[start+2 : end]
	if directive(strings.TrimLeft(body, "/")) {
		l.cmts.Flush()
		return
	}
	skip := start + 2
	for skip < end && l.src[skip] == '/' {
		skip++ // /// triple-slash comments
	}
	if skip < end && l.src[skip] == ' ' {
		skip++
	}
	l.cmts.Line(start, skip, end)
}

// blockComment reads /* … */ as a unit of its own: the markers and the
// leading '*' of JSDoc lines are skipped by the offset map.
func (l *lexer) blockComment() {
	start := l.pos
	end := strings.Index(l.src[start+2:], "*/")
	stop := len(l.src)
	if end < 0 {
		l.fail(start, "unterminated comment")
	} else {
		stop = start + 2 + end
	}
	if strings.Contains(l.src[start:stop], "\n") {
		l.nl = true
	}
	l.pos = min(stop+2, len(l.src))
	if l.cmts == nil {
		return // a reading that wants no comments
	}
	l.cmts.Flush()
	body := l.src[start+2 : stop]
	if directive(strings.TrimLeft(body, "*")) || strings.HasPrefix(body, "#__") || strings.HasPrefix(body, "@__") {
		return
	}
	var c comments.Group
	lineStart := true
	for j := start + 2; j < stop; j++ {
		ch := l.src[j]
		if lineStart && (ch == ' ' || ch == '\t' || ch == '*') {
			continue
		}
		lineStart = ch == '\n'
		if ch == '\r' {
			continue
		}
		c.Text = append(c.Text, ch)
		c.Offs.Add(j)
	}
	a, b := 0, len(c.Text)
	for a < b && (c.Text[a] == '\n' || c.Text[a] == ' ') {
		a++
	}
	for b > a && (c.Text[b-1] == '\n' || c.Text[b-1] == ' ') {
		b--
	}
	if a == b {
		return
	}
	last := stop
	if b < len(c.Text) {
		last = c.Offs.At(b)
	}
	offs := c.Offs.Slice(a, b)
	offs.Add(last)
	l.cmts.Add(comments.Group{Text: c.Text[a:b], Offs: offs})
}

// directive: tool comments that are not prose.
func directive(body string) bool {
	b := strings.TrimSpace(body)
	for _, p := range []string{"@ts-", "eslint", "prettier-ignore", "<reference", "istanbul ", "c8 ",
		"recoverlint:", "biome-ignore", "deno-lint", "deno-fmt", "jshint", "global ", "#region", "#endregion",
		"@jsx", "webpackChunkName", "tslint:", "oxlint", "@vite-ignore", "#__PURE__", "@__PURE__", "noinspection"} {
		if strings.HasPrefix(b, p) {
			return true
		}
	}
	return false
}

// str reads a quoted string, decoding its escapes.
func (l *lexer) str(q byte) {
	start := l.pos
	t := tok{kind: tString, start: start, lit: &literal{}}
	l.pos++
	for {
		if l.pos >= len(l.src) || l.src[l.pos] == '\n' {
			l.fail(start, "unterminated string literal")
			t.lit.offs.Add(l.pos)
			t.end = l.pos
			t.s = l.src[start:l.pos]
			l.push(t)
			return
		}
		c := l.src[l.pos]
		switch {
		case c == q:
			t.lit.offs.Add(l.pos)
			l.pos++
			t.end = l.pos
			t.s = l.src[start:l.pos]
			l.push(t)
			return
		case c == '\\':
			l.escape(&t)
		default:
			// a run of plain characters, up to the quote, an escape or the line's end
			k := l.pos + 1
			for k < len(l.src) && l.src[k] != q && l.src[k] != '\\' && l.src[k] != '\n' {
				k++
			}
			t.lit.val = append(t.lit.val, l.src[l.pos:k]...)
			t.lit.offs.AddRun(l.pos, k-l.pos)
			l.pos = k
		}
	}
}

// escape decodes one backslash escape at l.pos into t.
func (l *lexer) escape(t *tok) {
	at := l.pos
	add := func(b ...byte) {
		for _, c := range b {
			t.lit.val = append(t.lit.val, c)
			t.lit.offs.Add(at)
		}
	}
	if at+1 >= len(l.src) {
		add('\\')
		l.pos++
		return
	}
	n := l.src[at+1]
	l.pos += 2
	switch n {
	case '\n':
	case '\r':
		if l.pos < len(l.src) && l.src[l.pos] == '\n' {
			l.pos++
		}
	case 'n':
		add('\n')
	case 't':
		add('\t')
	case 'r':
		add('\r')
	case 'b':
		add(8)
	case 'f':
		add(12)
	case 'v':
		add(11)
	case '0', '1', '2', '3', '4', '5', '6', '7':
		// \0, and legacy octal escapes such as \033
		v, k := int(n-'0'), l.pos
		for k < len(l.src) && k < l.pos+2 && l.src[k] >= '0' && l.src[k] <= '7' && v*8+int(l.src[k]-'0') <= 0377 {
			v = v*8 + int(l.src[k]-'0')
			k++
		}
		l.pos = k
		add([]byte(string(rune(v)))...)
	case 'x':
		v, k := 0, l.pos
		for k < len(l.src) && k < l.pos+2 && hexVal(l.src[k]) >= 0 {
			v = v*16 + hexVal(l.src[k])
			k++
		}
		l.pos = k
		add([]byte(string(rune(v)))...)
	case 'u':
		v, k := 0, l.pos
		if k < len(l.src) && l.src[k] == '{' {
			k++
			for k < len(l.src) && hexVal(l.src[k]) >= 0 && k < l.pos+8 {
				v = v*16 + hexVal(l.src[k])
				k++
			}
			if k < len(l.src) && l.src[k] == '}' {
				k++
			}
		} else {
			for k < len(l.src) && k < l.pos+4 && hexVal(l.src[k]) >= 0 {
				v = v*16 + hexVal(l.src[k])
				k++
			}
		}
		l.pos = k
		r := rune(v)
		if !utf8.ValidRune(r) {
			r = utf8.RuneError
		}
		add([]byte(string(r))...)
	default:
		t.lit.val = append(t.lit.val, n)
		t.lit.offs.Add(at + 1)
	}
}

// template reads a template literal: literal parts are decoded, each
// ${…} is lexed to find its end and kept as written.
func (l *lexer) template() {
	start := l.pos
	t := tok{kind: tTemplate, start: start, lit: &literal{}}
	l.pos++
	for {
		if l.pos >= len(l.src) {
			l.fail(start, "unterminated template literal")
			t.lit.offs.Add(len(l.src))
			t.end = len(l.src)
			t.s = l.src[start:]
			l.push(t)
			return
		}
		c := l.src[l.pos]
		switch {
		case c == '`':
			t.lit.offs.Add(l.pos)
			l.pos++
			t.end = l.pos
			t.s = l.src[start:l.pos]
			l.push(t)
			return
		case c == '\\':
			l.escape(&t)
		case c == '$' && l.pos+1 < len(l.src) && l.src[l.pos+1] == '{':
			from := l.pos
			l.pos += 2
			sub := &lexer{src: l.src, pos: l.pos, jsx: l.jsx, cmts: l.cmts}
			sub.run(true)
			if sub.err != nil && l.err == nil {
				l.err = sub.err
			}
			l.pos = sub.pos
			for i := from; i < l.pos; i++ {
				t.lit.val = append(t.lit.val, l.src[i])
				t.lit.offs.Add(i)
			}
		case c == '\r':
			l.pos++
		default:
			t.lit.val = append(t.lit.val, c)
			t.lit.offs.Add(l.pos)
			l.pos++
		}
	}
}

// regex reads a regular expression literal; false when the line ends
// before it closes (then '/' was a division after all).
func (l *lexer) regex() bool {
	start := l.pos
	i := l.pos + 1
	class := false
	for i < len(l.src) {
		c := l.src[i]
		switch {
		case c == '\n':
			l.noRegex = i
			return false
		case c == '\\':
			i++
		case c == '[':
			class = true
		case c == ']':
			class = false
		case c == '/' && !class:
			i++
			for i < len(l.src) && isNameByte(l.src[i]) {
				i++
			}
			l.pos = i
			l.push(tok{kind: tRegex, s: l.src[start:i], start: start, end: i})
			return true
		}
		i++
	}
	l.noRegex = len(l.src)
	return false
}

// typeParams: '<' opens TypeScript type parameters (<T,>, <T extends U>),
// not a JSX element.
func (l *lexer) typeParams() bool {
	i := l.pos + 1
	for i < len(l.src) && isNameByte(l.src[i]) {
		i++
	}
	rest := l.src[i:]
	return strings.HasPrefix(rest, ",") || strings.HasPrefix(rest, " extends ")
}

// typeArgsEnd: the end of the type argument list that opens at src[i]
// ('<'), nested lists and arrows (() => void) inside it included; i
// itself when it never closes, so that the element reads on as before.
func typeArgsEnd(src string, i int) int {
	depth := 0
	for j := i; j < len(src); j++ {
		switch src[j] {
		case '<':
			depth++
		case '>':
			if j > i && src[j-1] == '=' {
				continue // an arrow in a function type
			}
			if depth--; depth == 0 {
				return j + 1
			}
		case '\n', '{', '}', ';', '"', '\'', '`':
			return i // not a type list on one line: left to the element's reading
		}
	}
	return i
}

// element reads a JSX element: attribute strings become string tokens,
// text between tags becomes text tokens, and {…} expressions are lexed
// into the token stream as code.
func (l *lexer) element() {
	start := l.pos
	l.pos++ // <
	if l.pos < len(l.src) && l.src[l.pos] == '>' {
		l.pos++
		l.children(start)
		return
	}
	for l.pos < len(l.src) && (isNameByte(l.src[l.pos]) || strings.IndexByte(".:-", l.src[l.pos]) >= 0) {
		l.pos++
	}
	if l.pos > start+1 && l.pos < len(l.src) && l.src[l.pos] == '<' {
		l.pos = typeArgsEnd(l.src, l.pos) // <Menu<Option> …>: TSX type arguments, not a child
	}
	l.push(tok{kind: tOp, s: "<jsx>", start: start, end: l.pos})
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			l.pos++
		case c == '/' && l.pos+1 < len(l.src) && l.src[l.pos+1] == '>':
			l.pos += 2
			l.push(tok{kind: tOp, s: "</jsx>", start: l.pos - 2, end: l.pos})
			return
		case c == '/' && l.pos+1 < len(l.src) && l.src[l.pos+1] == '/':
			l.lineComment() // a comment between attributes, as TypeScript allows
		case c == '/' && l.pos+1 < len(l.src) && l.src[l.pos+1] == '*':
			l.blockComment()
		case c == '>':
			l.pos++
			l.children(start)
			return
		case c == '{':
			l.expr()
		case c == '"' || c == '\'':
			l.jsxString(c)
		case c == '<':
			l.element()
		default:
			l.pos++ // attribute names and '='
		}
	}
	l.fail(start, "unterminated JSX element")
}

// children reads the content of a JSX element up to its closing tag.
func (l *lexer) children(open int) {
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch {
		case c == '<' && l.pos+1 < len(l.src) && l.src[l.pos+1] == '/':
			end := strings.IndexByte(l.src[l.pos:], '>')
			if end < 0 {
				l.pos = len(l.src)
			} else {
				l.pos += end + 1
			}
			l.push(tok{kind: tOp, s: "</jsx>", start: l.pos - 1, end: l.pos})
			return
		case c == '<':
			l.element()
		case c == '{':
			l.expr()
		default:
			t := tok{kind: tText, start: l.pos, lit: &literal{}}
			for l.pos < len(l.src) && l.src[l.pos] != '<' && l.src[l.pos] != '{' {
				if l.src[l.pos] != '\r' {
					t.lit.val = append(t.lit.val, l.src[l.pos])
					t.lit.offs.Add(l.pos)
				}
				l.pos++
			}
			t.end = l.pos
			t.lit.offs.Add(l.pos)
			t.s = l.src[t.start:t.end]
			l.push(t)
		}
	}
	l.fail(open, "unterminated JSX element")
}

// expr lexes a JSX {…} expression into the stream, braces included.
func (l *lexer) expr() {
	l.push(tok{kind: tOp, s: "{", start: l.pos, end: l.pos + 1})
	l.pos++
	l.run(true)
	l.push(tok{kind: tOp, s: "}", start: l.pos - 1, end: l.pos})
}

// jsxString reads an attribute value: no escapes in JSX strings.
func (l *lexer) jsxString(q byte) {
	start := l.pos
	t := tok{kind: tString, start: start, lit: &literal{}}
	l.pos++
	for l.pos < len(l.src) && l.src[l.pos] != q {
		t.lit.val = append(t.lit.val, l.src[l.pos])
		t.lit.offs.Add(l.pos)
		l.pos++
	}
	if l.pos >= len(l.src) {
		l.fail(start, "unterminated string literal")
	}
	t.lit.offs.Add(l.pos)
	l.pos = min(l.pos+1, len(l.src))
	t.end = l.pos
	t.s = l.src[start:t.end]
	l.push(t)
}

func hexVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}
