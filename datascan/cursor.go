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
	// b, when set, takes the maps and lists as they are read (stream.go);
	// without it they are built whole
	b *builder
	// spare holds offset maps of strings a builder is done with, for the
	// next strings read
	spare [][]int
}

// scalar starts a string value, in the room of one read before if there
// is some.
func (p *cursor) scalar() scalar {
	if n := len(p.spare); n > 0 {
		offs := p.spare[n-1]
		p.spare = p.spare[:n-1]
		return scalar{offs: offs}
	}
	return scalar{}
}

// reuse gives the offset map of a string that nothing refers to any more
// (its units copy their offsets into runs) to the next ones read.
func (p *cursor) reuse(v *node) {
	if v.kind == nStr {
		p.reuseOffs(v.str.offs)
		v.str.offs = nil
	}
}

// reuseOffs keeps offs, which nothing refers to any more, for a string
// read next; each map must be given once.
func (p *cursor) reuseOffs(offs []int) {
	if cap(offs) > 0 && cap(offs) <= 1<<16 && len(p.spare) < 4 {
		p.spare = append(p.spare, offs[:0])
	}
}

// The parsers hand every container to these, so that a builder can read
// it as it comes: open makes one, at says where the next one (or the next
// value) goes, item and entry add a value to a list or a map, close ends
// a container and root hands over a document's value.

func (p *cursor) open(k nodeKind) *node { return p.openAt(k, true) }

// openAt is open; push is false for a TOML table made by a header or a
// dotted key, whose path of keys the statement gives.
func (p *cursor) openAt(k nodeKind, push bool) *node {
	n := &node{kind: k}
	if p.b != nil {
		p.b.open(n, push)
	}
	return n
}

func (p *cursor) at(parent *node, how uint8, key []byte) {
	if p.b != nil {
		p.b.ctx = context{parent: parent, how: how, key: key}
		switch {
		case how == ctxHold:
			p.b.atPos = min(p.b.atPos, p.pos) // a complex key, or its value
		case parent == nil || parent.st != nil:
			p.b.atPos = p.pos // a value starts here, not inside one held
		}
	}
}

func (p *cursor) atItem(l *node)          { p.at(l, ctxItem, nil) }
func (p *cursor) atKey(m *node, k scalar) { p.at(m, ctxKey, k.text) }

func (p *cursor) item(l, it *node) {
	if l.st == nil {
		l.items = append(l.items, it)
		return
	}
	p.b.item(l, it)
}

func (p *cursor) entry(m *node, k scalar, v *node) {
	if m.st == nil {
		m.keys = append(m.keys, k)
		m.vals = append(m.vals, v)
		return
	}
	p.b.entry(m, k, v)
	p.reuseOffs(k.offs) // a key's text may be kept, its offsets never
}

func (p *cursor) close(n *node) {
	if n.st != nil {
		p.b.close(n)
	}
}

func (p *cursor) root(r *node) {
	if p.b != nil {
		p.b.root(r)
	}
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
	n := p.open(nList)
	defer p.close(n)
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
		p.atItem(n)
		p.item(n, value(depth+1))
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
