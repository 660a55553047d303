package datascan

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// jparser reads JSON leniently: // and /* */ comments and trailing
// commas are allowed (JSONC, tsconfig, VS Code settings), and so are
// unquoted keys.
type jparser struct{ cursor }

// posError is an error at a 1-based line and column of src.
func posError(src []byte, at int, msg string) error {
	at = min(at, len(src))
	line := 1 + strings.Count(string(src[:at]), "\n")
	col := at - strings.LastIndexByte(string(src[:at]), '\n')
	return fmt.Errorf("%d:%d: %s", line, col, msg)
}

func parseJSON(src []byte, b *builder) ([]*node, []cmt, error) {
	p := &jparser{cursor{src: src, cmts: commentGroups{src: src}}}
	b.start(&p.cursor)
	if len(src) >= 3 && string(src[:3]) == "\ufeff" {
		p.pos = 3
	}
	p.space()
	var roots []*node
	if p.pos < len(src) {
		p.at(nil, ctxRoot, nil)
		r := p.value(0)
		p.root(r)
		roots = append(roots, r)
		p.space()
		if p.pos < len(src) && p.err == nil {
			p.fail(p.pos, "unexpected %q after the value", src[p.pos])
		}
	}
	p.cmts.flush()
	return roots, p.cmts.out, p.err
}

// space skips blanks and comments.
func (p *jparser) space() {
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			p.pos++
		case c == '/' && p.pos+1 < len(p.src) && p.src[p.pos+1] == '/':
			end := p.pos
			for end < len(p.src) && p.src[end] != '\n' {
				end++
			}
			p.cmts.add(p.pos, 2, end)
			p.pos = end
		case c == '/' && p.pos+1 < len(p.src) && p.src[p.pos+1] == '*':
			k := bytes.Index(p.src[p.pos+2:], []byte("*/"))
			end := len(p.src)
			if k < 0 {
				p.fail(p.pos, "unterminated comment")
			} else {
				end = p.pos + 2 + k + 2
			}
			p.cmts.block(p.pos, end)
			p.pos = end
		default:
			return
		}
	}
}

const maxDepth = 500

func (p *jparser) value(depth int) *node {
	if depth > maxDepth {
		p.fail(p.pos, "nesting too deep")
		p.pos = len(p.src)
		return &node{}
	}
	if p.pos >= len(p.src) {
		p.fail(p.pos, "unexpected end of input")
		return &node{}
	}
	switch c := p.src[p.pos]; {
	case c == '{':
		return p.object(depth)
	case c == '[':
		return p.array(depth)
	case c == '"' || c == '\'':
		return &node{kind: nStr, str: p.str()}
	default:
		start := p.pos
		for p.pos < len(p.src) && !strings.ContainsRune(",:]} \t\r\n/", rune(p.src[p.pos])) {
			p.pos++
		}
		if p.pos == start {
			p.fail(p.pos, "unexpected %q", c)
			p.pos++
		}
		return &node{}
	}
}

func (p *jparser) object(depth int) *node {
	open := p.pos
	n := p.open(nMap)
	defer p.close(n)
	p.pos++
	for {
		p.space()
		if p.pos >= len(p.src) {
			p.fail(open, "unclosed object")
			return n
		}
		if p.src[p.pos] == '}' {
			p.pos++
			return n
		}
		var key scalar
		if c := p.src[p.pos]; c == '"' || c == '\'' {
			key = p.str()
		} else {
			start := p.pos
			for p.pos < len(p.src) && (isKeyByte(p.src[p.pos])) {
				key.add(p.src[p.pos], p.pos)
				p.pos++
			}
			if p.pos == start {
				p.fail(p.pos, "expected a key, found %q", p.src[p.pos])
				p.pos = len(p.src)
				return n
			}
			key.offs = append(key.offs, p.pos)
		}
		p.space()
		if p.pos >= len(p.src) || p.src[p.pos] != ':' {
			p.fail(p.pos, "expected ':' after key %q", key.text)
			return n
		}
		p.pos++
		p.space()
		p.atKey(n, key)
		p.entry(n, key, p.value(depth+1))
		p.space()
		if p.pos < len(p.src) && p.src[p.pos] == ',' {
			p.pos++
			continue
		}
		if p.pos < len(p.src) && p.src[p.pos] != '}' {
			p.fail(p.pos, "expected ',' or '}', found %q", p.src[p.pos])
			return n
		}
	}
}

func isKeyByte(c byte) bool {
	return c == '_' || c == '$' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

func (p *jparser) array(depth int) *node { return p.list(depth, p.space, p.value) }

// str reads a quoted string, decoding escapes; every decoded byte maps
// to the offset of the character or escape it came from.
func (p *jparser) str() scalar {
	q := p.src[p.pos]
	open := p.pos
	p.pos++
	s := p.scalar()
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		switch {
		case c == q:
			s.offs = append(s.offs, p.pos)
			p.pos++
			return s
		case c == '\n':
			p.fail(open, "unterminated string")
			s.offs = append(s.offs, p.pos)
			return s
		case c == '\\' && p.pos+1 < len(p.src):
			p.escape(&s)
		default:
			s.add(c, p.pos)
			p.pos++
		}
	}
	p.fail(open, "unterminated string")
	s.offs = append(s.offs, p.pos)
	return s
}

func (p *jparser) escape(s *scalar) {
	at := p.pos
	n := p.src[at+1]
	p.pos += 2
	switch n {
	case 'n':
		s.add('\n', at)
	case 't':
		s.add('\t', at)
	case 'r':
		s.add('\r', at)
	case 'b':
		s.add(8, at)
	case 'f':
		s.add(12, at)
	case 'u':
		r := p.hex4()
		if utf16.IsSurrogate(r) && p.pos+1 < len(p.src) && p.src[p.pos] == '\\' && p.src[p.pos+1] == 'u' {
			save := p.pos
			p.pos += 2
			if r2 := p.hex4(); utf16.DecodeRune(r, r2) != utf8.RuneError {
				r = utf16.DecodeRune(r, r2)
			} else {
				p.pos = save
			}
		}
		if !utf8.ValidRune(r) {
			r = utf8.RuneError
		}
		s.addRune(r, at)
	default:
		s.add(n, at)
	}
}

func (p *jparser) hex4() rune {
	v := rune(0)
	for k := 0; k < 4 && p.pos < len(p.src); k++ {
		h := hexVal(p.src[p.pos])
		if h < 0 {
			p.fail(p.pos, "bad \\u escape")
			return utf8.RuneError
		}
		v = v*16 + rune(h)
		p.pos++
	}
	return v
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
