package pyscan

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/recoverlint/recoverlint/internal/comments"
	"github.com/recoverlint/recoverlint/rules"
)

type kind uint8

const (
	tName kind = iota
	tNumber
	tString
	tOp
	tNewline // the end of a logical line
)

// tok is a Python token. A string literal carries its decoded value
// aside, so that the other tokens, most of a file, stay small.
type tok struct {
	kind       kind
	s          string // source text (names, numbers, operators)
	start, end int
	lit        *literal // a string literal's value; nil for other tokens
}

// literal is a string literal's decoded value and its offset map: entry
// i is the source offset of the character or escape that produced val[i],
// and entry len(val) is the offset of the closing quote.
type literal struct {
	val  []byte
	offs rules.Offsets
}

// val returns a string literal's decoded value, nil for other tokens.
func (t *tok) val() []byte {
	if t.lit == nil {
		return nil
	}
	return t.lit.val
}

// lexer splits Python source into tokens and comment groups. Indentation
// is not tracked: nothing here depends on blocks.
type lexer struct {
	src   string
	pos   int
	depth int // open brackets: line breaks inside them do not end a line
	toks  []tok
	cmts  comments.Grouper
	err   error
}

func (l *lexer) fail(at int, format string, args ...any) {
	if l.err == nil {
		line := 1 + strings.Count(l.src[:min(at, len(l.src))], "\n")
		col := at - strings.LastIndexByte(l.src[:min(at, len(l.src))], '\n')
		l.err = fmt.Errorf("%d:%d: %s", line, col, fmt.Sprintf(format, args...))
	}
}

// lex lexes the whole of src.
func lex(src string) *lexer {
	// a token every eight bytes or so: the slice grows from there, not
	// from nothing, which halves what growing it allocates
	l := &lexer{src: src, cmts: comments.New(src), toks: make([]tok, 0, len(src)/8+16)}
	l.next(-1)
	return l
}

// next lexes on until it has n tokens or more and has just ended a
// statement at no bracket depth (a line break or a ';'), or to the end
// of the source (n < 0: to the end). It reports whether the source is
// read to its end.
func (l *lexer) next(n int) bool {
	src := l.src
	for l.pos < len(src) {
		if n >= 0 && len(l.toks) >= n && l.depth == 0 {
			if t := l.toks[len(l.toks)-1]; t.kind == tNewline || t.kind == tOp && t.s == ";" {
				return false
			}
		}
		c := src[l.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\f':
			l.pos++
		case c == '\\' && l.pos+1 < len(src) && (src[l.pos+1] == '\n' || src[l.pos+1] == '\r'):
			l.pos += 2
			if l.pos < len(src) && src[l.pos-1] == '\r' && src[l.pos] == '\n' {
				l.pos++
			}
		case c == '\n':
			if l.depth == 0 && len(l.toks) > 0 && l.toks[len(l.toks)-1].kind != tNewline {
				l.toks = append(l.toks, tok{kind: tNewline, s: "\n", start: l.pos, end: l.pos + 1})
			}
			l.pos++
		case c == '#':
			l.comment()
		case c == '"' || c == '\'':
			l.str(l.pos, "")
		case isNameStart(c):
			start := l.pos
			for l.pos < len(src) && isNameByte(src[l.pos]) {
				l.pos++
			}
			name := src[start:l.pos]
			if l.pos < len(src) && (src[l.pos] == '"' || src[l.pos] == '\'') && isPrefix(name) {
				l.str(start, strings.ToLower(name))
				continue
			}
			l.toks = append(l.toks, tok{kind: tName, s: name, start: start, end: l.pos})
		case c >= '0' && c <= '9' || c == '.' && l.pos+1 < len(src) && src[l.pos+1] >= '0' && src[l.pos+1] <= '9':
			start := l.pos
			for l.pos < len(src) && (isNameByte(src[l.pos]) || src[l.pos] == '.') {
				if (src[l.pos] == 'e' || src[l.pos] == 'E') && l.pos+1 < len(src) && (src[l.pos+1] == '+' || src[l.pos+1] == '-') {
					l.pos++
				}
				l.pos++
			}
			l.toks = append(l.toks, tok{kind: tNumber, s: src[start:l.pos], start: start, end: l.pos})
		default:
			l.op()
		}
	}
	l.cmts.Flush()
	if l.depth > 0 && l.err == nil {
		l.fail(len(src), "unclosed bracket at end of file")
	}
	return true
}

func isNameStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func isNameByte(c byte) bool { return isNameStart(c) || c >= '0' && c <= '9' }

// isPrefix: a string prefix (r, b, f, t, u and their pairs).
func isPrefix(name string) bool {
	switch strings.ToLower(name) {
	case "r", "u", "b", "f", "t", "br", "rb", "fr", "rf", "tr", "rt":
		return true
	}
	return false
}

var ops = []string{"**=", "//=", ">>=", "<<=", "...", "->", ":=", "==", "!=", "<=", ">=", "**", "//",
	"<<", ">>", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@="}

func (l *lexer) op() {
	start := l.pos
	s := ""
	for _, op := range ops {
		if strings.HasPrefix(l.src[l.pos:], op) {
			s = op
			break
		}
	}
	if s == "" {
		_, size := utf8.DecodeRuneInString(l.src[l.pos:])
		s = l.src[l.pos : l.pos+size]
	}
	l.pos += len(s)
	switch s {
	case "(", "[", "{":
		l.depth++
	case ")", "]", "}":
		if l.depth > 0 {
			l.depth--
		}
	}
	l.toks = append(l.toks, tok{kind: tOp, s: s, start: start, end: l.pos})
}

// comment reads a # comment; comments on consecutive lines of their own
// form one group, a comment after code is a group of its own.
func (l *lexer) comment() {
	start := l.pos
	end := start
	for end < len(l.src) && l.src[end] != '\n' {
		end++
	}
	l.pos = end
	body := l.src[start+1 : end]
	if start == 0 && strings.HasPrefix(body, "!") || directive(body) {
		l.cmts.Flush()
		return
	}
	skip := start + 1
	if skip < end && l.src[skip] == ' ' {
		skip++
	}
	l.cmts.Line(start, skip, end)
}

// directive: tool comments that are not prose.
func directive(body string) bool {
	b := strings.TrimSpace(body)
	for _, p := range []string{"type:", "noqa", "pylint:", "fmt:", "pragma", "-*-", "mypy:", "pyright:",
		"isort:", "nosec", "recoverlint:", "ruff:", "vim:", "coding:", "coding="} {
		if strings.HasPrefix(b, p) {
			return true
		}
	}
	return false
}

// str reads a string literal whose prefix starts at start; l.pos is at
// the opening quote.
func (l *lexer) str(start int, prefix string) {
	raw := strings.Contains(prefix, "r")
	bytesLit := strings.Contains(prefix, "b")
	fstr := strings.Contains(prefix, "f") || strings.Contains(prefix, "t")
	q := l.src[l.pos]
	triple := strings.HasPrefix(l.src[l.pos:], strings.Repeat(string(q), 3))
	open := l.pos
	if triple {
		l.pos += 3
	} else {
		l.pos++
	}
	lit := &literal{}
	t := tok{kind: tString, start: start, lit: lit}
	add := func(c byte, at int) {
		lit.val = append(lit.val, c)
		lit.offs.Add(at)
	}
	src := l.src
	for {
		if l.pos >= len(src) {
			l.fail(open, "unterminated string literal")
			lit.offs.Add(len(src))
			t.end = len(src)
			l.toks = append(l.toks, t)
			return
		}
		c := src[l.pos]
		switch {
		case c == q && (!triple || strings.HasPrefix(src[l.pos:], strings.Repeat(string(q), 3))):
			lit.offs.Add(l.pos)
			if triple {
				l.pos += 3
			} else {
				l.pos++
			}
			t.end = l.pos
			t.s = src[start:l.pos]
			l.toks = append(l.toks, t)
			return
		case c == '\n' && !triple:
			l.fail(open, "unterminated string literal")
			lit.offs.Add(l.pos)
			t.end = l.pos
			l.toks = append(l.toks, t)
			return
		case c == '\\':
			if raw {
				add(c, l.pos)
				if l.pos+1 < len(src) && src[l.pos+1] != '\n' {
					add(src[l.pos+1], l.pos+1)
					l.pos++
				}
				l.pos++
				continue
			}
			l.escape(add, bytesLit)
		case fstr && c == '{':
			if l.pos+1 < len(src) && src[l.pos+1] == '{' {
				add('{', l.pos)
				l.pos += 2
				continue
			}
			end := l.field(l.pos, triple)
			for i := l.pos; i < end; i++ {
				add(src[i], i)
			}
			l.pos = end
		case fstr && c == '}' && l.pos+1 < len(src) && src[l.pos+1] == '}':
			add('}', l.pos)
			l.pos += 2
		case c == '\r' && l.pos+1 < len(src) && src[l.pos+1] == '\n':
			l.pos++
		default:
			add(c, l.pos)
			l.pos++
		}
	}
}

// escape decodes one backslash escape at l.pos.
func (l *lexer) escape(add func(byte, int), bytesLit bool) {
	src := l.src
	at := l.pos
	if at+1 >= len(src) {
		add('\\', at)
		l.pos++
		return
	}
	n := src[at+1]
	l.pos += 2
	switch n {
	case '\n':
		return // line continuation inside the string
	case '\r':
		if l.pos < len(src) && src[l.pos] == '\n' {
			l.pos++
		}
		return
	case '\\', '\'', '"':
		add(n, at)
	case 'a':
		add(7, at)
	case 'b':
		add(8, at)
	case 'f':
		add(12, at)
	case 'n':
		add('\n', at)
	case 'r':
		add('\r', at)
	case 't':
		add('\t', at)
	case 'v':
		add(11, at)
	case 'x':
		v, k := 0, l.pos
		for k < len(src) && k < l.pos+2 && hexVal(src[k]) >= 0 {
			v = v*16 + hexVal(src[k])
			k++
		}
		l.pos = k
		if bytesLit || v < 0x80 {
			add(byte(v), at)
		} else {
			for _, b := range []byte(string(rune(v))) {
				add(b, at)
			}
		}
	case 'u', 'U':
		if bytesLit {
			add('\\', at)
			add(n, at+1)
			return
		}
		size := 4
		if n == 'U' {
			size = 8
		}
		v, k := 0, l.pos
		for k < len(src) && k < l.pos+size && hexVal(src[k]) >= 0 {
			v = v*16 + hexVal(src[k])
			k++
		}
		l.pos = k
		r := rune(v)
		if !utf8.ValidRune(r) {
			r = utf8.RuneError
		}
		for _, b := range []byte(string(r)) {
			add(b, at)
		}
	case 'N':
		// \N{NAME}: kept as written
		add('\\', at)
		add('N', at+1)
	default:
		if n >= '0' && n <= '7' {
			v, k := 0, at+1
			for k < len(src) && k < at+4 && src[k] >= '0' && src[k] <= '7' {
				v = v*8 + int(src[k]-'0')
				k++
			}
			l.pos = k
			add(byte(v), at)
			return
		}
		add('\\', at)
		add(n, at+1)
	}
}

// field returns the end of an f-string replacement field that opens at
// from: the offset after its closing brace. Brackets and strings inside
// the expression are skipped as Python 3.12 reads them (a string inside
// may reuse the outer quote).
func (l *lexer) field(from int, triple bool) int {
	src := l.src
	depth := 0
	for i := from; i < len(src); i++ {
		c := src[i]
		switch c {
		case '{', '(', '[':
			depth++
		case '}', ')', ']':
			depth--
			if depth == 0 {
				return i + 1
			}
		case '\'', '"':
			j := i + 1
			for j < len(src) && src[j] != c && src[j] != '\n' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			i = j
		case '\n':
			if !triple {
				l.fail(from, "unterminated f-string field")
				return i
			}
		}
	}
	l.fail(from, "unterminated f-string field")
	return len(src)
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
