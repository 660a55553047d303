package shscan

import (
	"strings"

	"github.com/recoverlint/recoverlint/internal/comments"
	"github.com/recoverlint/recoverlint/rules"
)

// tokKind says what a lexed token is.
type tokKind uint8

const (
	tWord    tokKind = iota
	tOp              // ; & && || | |& ( ) ;; ;& ;;&
	tNewline         // an unescaped line break
	tRedir           // a redirection operator; the next word is its target
)

type item struct {
	kind tokKind
	op   string
	w    *word
	doc  *heredoc // the here-document a << or <<- operator opens
}

// word is one shell word after quote removal. Expansions ($VAR, $(…),
// backquotes) are kept as written and make the word non-literal.
type word struct {
	val     []byte
	offs    []int // source offset of every byte of val, plus the word's end
	literal bool
	// start and end are the source offsets of the word's first byte and of
	// the byte just past it.
	start, end int
	quotes     []qseg
	// name is set when the whole word is a command substitution that looks
	// a program up, such as $(which pkill): it holds the program's name.
	name string
	// lookup is the command inside a substitution that opens the word.
	lookup *command
	array  []*word // the elements of NAME=( … )
}

// qseg is a quoted part of a word: val[a:b], closed at source offset end.
type qseg struct{ a, b, end int }

func (w *word) add(c byte, off int) {
	w.val = append(w.val, c)
	w.offs = append(w.offs, off)
}

func (w *word) text() string { return string(w.val) }

// heredoc is a here-document: its body is read after the line that opens it.
type heredoc struct {
	delim  string
	strip  bool // <<- strips leading tabs
	text   []byte
	offs   []int
	closed bool
}

// lexer splits script text into tokens. s is the text; base maps every
// offset of s (and len(s)) to the source.
type lexer struct {
	sc      *scanner
	s       string
	base    rules.Offsets
	pos     int
	end     int
	pending []*heredoc
	cmds    *[]*command
	// comment grouping: the group being built and where its last line ended
	group   *cgroup
	lastEnd int
}

type cgroup struct {
	first int // where its text starts in the lexer's text
	text  []byte
	offs  []int
}

func (l *lexer) fail(at int, msg string) {
	if at > l.end {
		at = l.end
	}
	l.sc.fail(l.base.At(at), msg)
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\r' }

// blanks skips spaces, tabs and escaped line breaks.
func (l *lexer) blanks() {
	for l.pos < l.end {
		c := l.s[l.pos]
		switch {
		case isBlank(c):
			l.pos++
		case c == '\\' && l.pos+1 < l.end && l.s[l.pos+1] == '\n':
			l.pos += 2
		default:
			return
		}
	}
}

// tokens lexes until the end of the text, or until an unmatched ')' when
// closer is ')' (the end of a $(…) substitution).
func (l *lexer) tokens(closer byte) []item {
	var toks []item
	l.lex(closer, func(t item) { toks = append(toks, t) })
	return toks
}

// lex is tokens passing each token to emit as it is read. The bodies of
// the here-documents a line opens are read before its line break is
// passed.
func (l *lexer) lex(closer byte, emit func(item)) {
	depth := 0
	atStart := true // at the start of a command: (( opens arithmetic
	for {
		l.blanks()
		if l.pos >= l.end {
			if closer != 0 {
				l.fail(l.pos, "unterminated $(")
			}
			if len(l.pending) > 0 {
				l.readDocs()
			}
			l.flushComment()
			return
		}
		c := l.s[l.pos]
		switch {
		case c == '#':
			l.comment()
			continue
		case c == '\n':
			l.pos++
			l.readDocs()
			emit(item{kind: tNewline})
			atStart = true
			continue
		case c == ')' && closer == ')' && depth == 0:
			l.pos++
			l.flushComment()
			return
		case c == '(' && atStart && l.pos+1 < l.end && l.s[l.pos+1] == '(':
			emit(item{kind: tWord, w: l.arith()})
			atStart = false
			continue
		case (c == '<' || c == '>') && l.pos+1 < l.end && l.s[l.pos+1] == '(':
			emit(item{kind: tWord, w: l.word()})
			atStart = false
			continue
		}
		if op, ok := l.redirect(); ok {
			t := item{kind: tRedir, op: op}
			if op == "<<" || op == "<<-" {
				l.blanks()
				if l.pos < l.end && l.s[l.pos] != '\n' {
					d := l.word()
					t.doc = &heredoc{delim: d.text(), strip: op == "<<-"}
					l.pending = append(l.pending, t.doc)
				}
			}
			emit(t)
			continue
		}
		if op := l.op(); op != "" {
			switch op {
			case "(":
				depth++
			case ")":
				depth--
			}
			emit(item{kind: tOp, op: op})
			atStart = op != ")"
			continue
		}
		w := l.word()
		emit(item{kind: tWord, w: w})
		atStart = false
		if v := w.text(); v == "then" || v == "do" || v == "else" || v == "!" || v == "{" || v == "time" {
			atStart = true
		}
	}
}

// op reads a control operator, or returns "".
func (l *lexer) op() string {
	for _, op := range []string{";;&", ";;", ";&", ";", "&&", "&", "||", "|&", "|", "(", ")"} {
		if strings.HasPrefix(l.s[l.pos:l.end], op) {
			l.pos += len(op)
			return op
		}
	}
	return ""
}

// redirect reads a redirection operator with its optional file
// descriptor (2>, 2>&1's first half, &>, <<<).
func (l *lexer) redirect() (string, bool) {
	i := l.pos
	for i < l.end && l.s[i] >= '0' && l.s[i] <= '9' {
		i++
	}
	rest := l.s[i:l.end]
	if i == l.pos && strings.HasPrefix(rest, "&>") {
		n := 2
		if strings.HasPrefix(rest, "&>>") {
			n = 3
		}
		l.pos = i + n
		return rest[:n], true
	}
	for _, op := range []string{"<<<", "<<-", "<<", "<&", "<>", "<", ">>", ">|", ">&", ">"} {
		if strings.HasPrefix(rest, op) {
			l.pos = i + len(op)
			return op, true
		}
	}
	return "", false
}

// comment reads a comment to the end of its line and adds it to the
// current group: comments on consecutive lines of their own form one unit.
func (l *lexer) comment() {
	start := l.pos
	end := start
	for end < l.end && l.s[end] != '\n' {
		end++
	}
	l.pos = end
	body := l.s[start+1 : end]
	if start == 0 && strings.HasPrefix(body, "!") || directive(body) {
		l.flushComment()
		return
	}
	lineStart := start
	for lineStart > 0 && isBlank(l.s[lineStart-1]) {
		lineStart--
	}
	own := lineStart == 0 || l.s[lineStart-1] == '\n'
	if l.group != nil && (!own || !oneBreak(l.s[l.lastEnd:start])) {
		l.flushComment()
	}
	skip := start + 1
	if skip < end && l.s[skip] == ' ' {
		skip++
	}
	if l.group == nil {
		l.group = &cgroup{first: skip}
	} else {
		l.group.text = append(l.group.text, '\n')
		l.group.offs = append(l.group.offs, l.base.At(l.lastEnd))
	}
	for i := skip; i < end; i++ {
		if l.s[i] == '\r' && i == end-1 {
			break
		}
		l.group.text = append(l.group.text, l.s[i])
		l.group.offs = append(l.group.offs, l.base.At(i))
	}
	l.lastEnd = end
	if !own {
		l.flushComment() // a trailing comment is a unit of its own
	}
}

// oneBreak: only blanks and exactly one line break.
func oneBreak(s string) bool {
	n := 0
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\n':
			n++
		case !isBlank(s[i]):
			return false
		}
	}
	return n == 1
}

// directive: tool comments that are not prose.
func directive(body string) bool {
	b := strings.TrimSpace(body)
	for _, p := range []string{"shellcheck ", "recoverlint:", "nolint", "-*-", "vim:", "vi:", "lint:"} {
		if strings.HasPrefix(b, p) {
			return true
		}
	}
	return false
}

// groupClosed reports whether the comment block being built, if any, can
// no longer grow, and if so ends it: the next comment would not be on
// the line right below it.
func (l *lexer) groupClosed() bool {
	if l.group == nil {
		return true
	}
	breaks := 0
	for i := l.lastEnd; i < l.pos; i++ {
		switch c := l.s[i]; {
		case c == '\n':
			breaks++
		case !isBlank(c):
			breaks = 2
		}
	}
	if breaks < 2 {
		return false
	}
	l.flushComment()
	return true
}

func (l *lexer) flushComment() {
	g := l.group
	l.group = nil
	if g == nil || strings.TrimSpace(string(g.text)) == "" {
		return
	}
	if l.sc.noting {
		return
	}
	g.offs = append(g.offs, l.base.At(l.lastEnd))
	l.sc.comment(g.text, g.offs, comments.Annotated(l.s, g.first, l.lastEnd))
}

// readDocs reads the bodies of the here-documents opened on the line
// that just ended.
func (l *lexer) readDocs() {
	docs := l.pending
	l.pending = nil
	for _, d := range docs {
		bodyEnd := l.end
		for l.pos < l.end {
			eol := strings.IndexByte(l.s[l.pos:l.end], '\n')
			next := l.end
			if eol < 0 {
				eol = l.end
			} else {
				eol += l.pos
				next = eol + 1
			}
			line := strings.TrimSuffix(l.s[l.pos:eol], "\r")
			lead := 0
			if d.strip {
				for lead < len(line) && line[lead] == '\t' {
					lead++
				}
			}
			if line[lead:] == d.delim {
				bodyEnd = l.pos
				d.closed = true
				l.pos = next
				break
			}
			for i := l.pos + lead; i < next; i++ {
				d.text = append(d.text, l.s[i])
				d.offs = append(d.offs, l.base.At(i))
			}
			l.pos = next
		}
		if !d.closed {
			l.fail(l.pos, "here-document not closed by "+d.delim)
		}
		d.offs = append(d.offs, l.base.At(bodyEnd))
	}
}

// arith reads an arithmetic command (( … )) as one non-literal word.
func (l *lexer) arith() *word {
	w := &word{start: l.base.At(l.pos)}
	start := l.pos
	depth := 0
	for l.pos < l.end {
		c := l.s[l.pos]
		l.pos++
		if c == '(' {
			depth++
		} else if c == ')' {
			depth--
			if depth == 0 {
				break
			}
		}
	}
	if depth != 0 {
		l.fail(start, "unterminated ((")
	}
	l.raw(w, start, l.pos)
	w.end = l.base.At(l.pos)
	w.offs = append(w.offs, w.end)
	return w
}

// raw appends s[a:b] to the word as written, an expansion.
func (l *lexer) raw(w *word, a, b int) {
	for i := a; i < b; i++ {
		w.add(l.s[i], l.base.At(i))
	}
	w.literal = false
}

// word reads one word: quotes removed, escapes applied, expansions kept
// as written.
func (l *lexer) word() *word {
	w := &word{literal: true, start: l.base.At(l.pos)}
	if l.pos+1 < l.end && (l.s[l.pos] == '<' || l.s[l.pos] == '>') && l.s[l.pos+1] == '(' {
		start := l.pos
		l.pos += 2
		l.sub(l.pos)
		l.raw(w, start, l.pos)
	}
loop:
	for l.pos < l.end {
		c := l.s[l.pos]
		switch c {
		case ' ', '\t', '\r', '\n', ';', '&', '|', '<', '>', ')':
			break loop
		case '(':
			if !l.array(w) {
				break loop
			}
		case '\\':
			switch {
			case l.pos+1 >= l.end:
				w.add('\\', l.base.At(l.pos))
				l.pos++
			case l.s[l.pos+1] == '\n':
				l.pos += 2
			default:
				w.add(l.s[l.pos+1], l.base.At(l.pos+1))
				l.pos += 2
			}
		case '\'':
			l.single(w)
		case '"':
			l.double(w)
		case '$':
			l.dollar(w, false)
		case '`':
			l.backquote(w)
		default:
			w.add(c, l.base.At(l.pos))
			l.pos++
		}
	}
	w.end = l.base.At(l.pos)
	w.offs = append(w.offs, w.end)
	if n := len(w.val); w.lookup != nil && n > 0 && (w.val[n-1] == ')' || w.val[n-1] == '`') {
		w.name = lookupName(w.lookup)
	}
	return w
}

// array reads the elements of NAME=( … ) into the word.
func (l *lexer) array(w *word) bool {
	v := w.text()
	if !w.literal || len(w.quotes) > 0 || !strings.HasSuffix(v, "=") || !isName(strings.TrimSuffix(strings.TrimSuffix(v, "="), "+")) {
		return false
	}
	l.pos++ // (
	for {
		l.blanks()
		if l.pos >= l.end {
			l.fail(l.pos, "unterminated array")
			return true
		}
		switch c := l.s[l.pos]; c {
		case ')':
			l.pos++
			return true
		case '\n':
			l.pos++
		case '#':
			l.comment()
		case ';', '&', '|', '<', '>', '(':
			l.pos++ // not valid in an array; skip it
		default:
			w.array = append(w.array, l.word())
		}
	}
}

func (l *lexer) single(w *word) {
	a := len(w.val)
	i := l.pos + 1
	for i < l.end && l.s[i] != '\'' {
		w.add(l.s[i], l.base.At(i))
		i++
	}
	if i >= l.end {
		l.fail(l.pos, "unterminated single quote")
		l.pos = l.end
		w.quotes = append(w.quotes, qseg{a, len(w.val), l.base.At(l.end)})
		return
	}
	w.quotes = append(w.quotes, qseg{a, len(w.val), l.base.At(i)})
	l.pos = i + 1
}

func (l *lexer) double(w *word) {
	a := len(w.val)
	start := l.pos
	l.pos++
	for l.pos < l.end {
		c := l.s[l.pos]
		switch c {
		case '"':
			w.quotes = append(w.quotes, qseg{a, len(w.val), l.base.At(l.pos)})
			l.pos++
			return
		case '\\':
			if l.pos+1 < l.end {
				switch n := l.s[l.pos+1]; n {
				case '\n':
					l.pos += 2
					continue
				case '$', '`', '"', '\\':
					w.add(n, l.base.At(l.pos+1))
					l.pos += 2
					continue
				}
			}
			w.add(c, l.base.At(l.pos))
			l.pos++
		case '$':
			l.dollar(w, true)
		case '`':
			l.backquote(w)
		default:
			w.add(c, l.base.At(l.pos))
			l.pos++
		}
	}
	l.fail(start, "unterminated double quote")
	w.quotes = append(w.quotes, qseg{a, len(w.val), l.base.At(l.end)})
}

// dollar reads an expansion starting at '$'.
func (l *lexer) dollar(w *word, quoted bool) {
	start := l.pos
	if l.pos+1 >= l.end {
		w.add('$', l.base.At(l.pos))
		l.pos++
		return
	}
	switch n := l.s[l.pos+1]; {
	case n == '\'' && !quoted:
		l.pos++
		l.ansi(w)
	case n == '"' && !quoted:
		l.pos++
		l.double(w)
	case n == '(' && l.pos+2 < l.end && l.s[l.pos+2] == '(':
		depth := 0
		i := l.pos + 1
		for ; i < l.end; i++ {
			if l.s[i] == '(' {
				depth++
			} else if l.s[i] == ')' {
				depth--
				if depth == 0 {
					i++
					break
				}
			}
		}
		if depth != 0 {
			l.fail(start, "unterminated $((")
		}
		l.pos = i
		l.raw(w, start, l.pos)
	case n == '(':
		first := len(w.val) == 0
		l.pos += 2
		cmds := l.sub(l.pos)
		if first && len(cmds) > 0 {
			w.lookup = cmds[0]
		}
		l.raw(w, start, l.pos)
	case n == '{':
		depth := 0
		i := l.pos + 1
		for ; i < l.end; i++ {
			c := l.s[i]
			if c == '\\' {
				i++
				continue
			}
			// only ${ nests, as in bash: the default of "${3:-{\}}" is {}
			// and "${x:-{a}}" ends at the first }
			if c == '{' && (i == l.pos+1 || l.s[i-1] == '$') {
				depth++
			} else if c == '}' {
				depth--
				if depth == 0 {
					i++
					break
				}
			}
		}
		if depth != 0 {
			l.fail(start, "unterminated ${")
			i = l.end
		}
		l.pos = min(i, l.end)
		l.raw(w, start, l.pos)
	case isNameStart(n):
		i := l.pos + 1
		for i < l.end && isNameByte(l.s[i]) {
			i++
		}
		l.pos = i
		l.raw(w, start, l.pos)
	case n >= '0' && n <= '9' || strings.IndexByte("!$?#@*-", n) >= 0:
		l.pos += 2
		l.raw(w, start, l.pos)
	default:
		w.add('$', l.base.At(l.pos))
		l.pos++
	}
}

// sub lexes the commands of a $( … ) or <( … ) substitution whose body
// starts at from, leaving pos after the closing parenthesis.
func (l *lexer) sub(from int) []*command {
	l.pos = from
	var cmds []*command
	inner := &lexer{sc: l.sc, s: l.s, base: l.base, pos: from, end: l.end, cmds: &cmds}
	toks := inner.tokens(')')
	l.pos = inner.pos
	l.sc.parse(toks, &cmds)
	*l.cmds = append(*l.cmds, cmds...)
	return cmds
}

// backquote reads a `…` substitution.
func (l *lexer) backquote(w *word) {
	start := l.pos
	i := l.pos + 1
	for i < l.end && l.s[i] != '`' {
		if l.s[i] == '\\' {
			i++
		}
		i++
	}
	if i >= l.end {
		l.fail(start, "unterminated backquote")
		i = l.end
	}
	var cmds []*command
	inner := &lexer{sc: l.sc, s: l.s, base: l.base, pos: start + 1, end: i, cmds: &cmds}
	l.sc.parse(inner.tokens(0), &cmds)
	*l.cmds = append(*l.cmds, cmds...)
	if len(w.val) == 0 && len(cmds) > 0 {
		w.lookup = cmds[0]
	}
	l.pos = min(i+1, l.end)
	l.raw(w, start, l.pos)
}

// ansi reads a $'…' string, decoding its backslash escapes.
func (l *lexer) ansi(w *word) {
	a := len(w.val)
	start := l.pos
	i := l.pos + 1
	for i < l.end && l.s[i] != '\'' {
		c := l.s[i]
		if c != '\\' || i+1 >= l.end {
			w.add(c, l.base.At(i))
			i++
			continue
		}
		at := l.base.At(i)
		switch n := l.s[i+1]; n {
		case 'n':
			w.add('\n', at)
		case 't':
			w.add('\t', at)
		case 'r':
			w.add('\r', at)
		case 'e', 'E':
			w.add(0x1b, at)
		case 'a':
			w.add(7, at)
		case 'b':
			w.add(8, at)
		case 'f':
			w.add(12, at)
		case 'v':
			w.add(11, at)
		case 'x':
			v, k := 0, i+2
			for k < l.end && k < i+4 && hexVal(l.s[k]) >= 0 {
				v = v*16 + hexVal(l.s[k])
				k++
			}
			w.add(byte(v), at)
			i = k
			continue
		default:
			if n >= '0' && n <= '7' {
				v, k := 0, i+1
				for k < l.end && k < i+4 && l.s[k] >= '0' && l.s[k] <= '7' {
					v = v*8 + int(l.s[k]-'0')
					k++
				}
				w.add(byte(v), at)
				i = k
				continue
			}
			w.add(n, at)
		}
		i += 2
	}
	if i >= l.end {
		l.fail(start, "unterminated $' string")
		w.quotes = append(w.quotes, qseg{a, len(w.val), l.base.At(l.end)})
		l.pos = l.end
		return
	}
	w.quotes = append(w.quotes, qseg{a, len(w.val), l.base.At(i)})
	l.pos = i + 1
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

func isNameStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isNameByte(c byte) bool  { return isNameStart(c) || c >= '0' && c <= '9' }

func isName(s string) bool {
	if s == "" || !isNameStart(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isNameByte(s[i]) {
			return false
		}
	}
	return true
}
