package datascan

import (
	"fmt"
	"unicode/utf8"
)

// cursor is what the JSON, TOML and YAML readers share: the source, the
// read position, the first error and the comments met.
type cursor struct {
	src  []byte
	pos  int
	err  error
	cmts commentGroups
}

// fail records an error at a byte offset, unless one is recorded already.
func (p *cursor) fail(at int, format string, args ...any) {
	if p.err == nil {
		p.err = posError(p.src, at, fmt.Sprintf(format, args...))
	}
}

// comment reads a '#' comment to the end of its line (TOML, YAML).
func (p *cursor) comment() {
	end := p.pos
	for end < len(p.src) && p.src[end] != '\n' {
		end++
	}
	p.cmts.add(p.pos, 1, end)
	p.pos = end
}

func (p *cursor) skipLine() {
	for p.pos < len(p.src) && p.src[p.pos] != '\n' {
		p.pos++
	}
}

// list reads a bracketed list whose '[' is at p.pos: items read by value,
// separated by commas (a trailing one allowed), with space skipping what
// may stand between them.
func (p *cursor) list(depth int, space func(), value func(depth int) *node) *node {
	open := p.pos
	n := &node{kind: nList}
	p.pos++
	for {
		space()
		if p.pos >= len(p.src) {
			p.fail(open, "unclosed array")
			return n
		}
		if p.src[p.pos] == ']' {
			p.pos++
			return n
		}
		n.items = append(n.items, value(depth+1))
		space()
		if p.pos < len(p.src) && p.src[p.pos] == ',' {
			p.pos++
			continue
		}
		if p.pos < len(p.src) && p.src[p.pos] != ']' {
			p.fail(p.pos, "expected ',' or ']', found %q", p.src[p.pos])
			return n
		}
	}
}

// hexEscape reads the hex digits of the escape \x (2), \u (4) or \U (8)
// whose backslash is at at, from p.pos: the rune they make, or
// utf8.RuneError when it is not valid. A missing digit is an error.
func (p *cursor) hexEscape(at int, esc byte) rune {
	size := 8
	switch esc {
	case 'x':
		size = 2
	case 'u':
		size = 4
	}
	v := rune(0)
	for range size {
		if p.pos >= len(p.src) || hexVal(p.src[p.pos]) < 0 {
			p.fail(at, "bad \\%c escape", esc)
			break
		}
		v = v*16 + rune(hexVal(p.src[p.pos]))
		p.pos++
	}
	if !utf8.ValidRune(v) {
		v = utf8.RuneError
	}
	return v
}
