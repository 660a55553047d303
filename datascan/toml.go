package datascan

import (
	"bytes"
	"strings"
)

// tparser reads TOML 1.0 (and 1.1's multi-line inline tables and \e,
// \x escapes) into the data tree.
type tparser struct{ cursor }

func parseTOML(src []byte, b *builder) ([]*node, []cmt, error) {
	p := &tparser{cursor{src: src, cmts: commentGroups{src: src}}}
	b.start(&p.cursor)
	if len(src) >= 3 && string(src[:3]) == "\ufeff" {
		p.pos = 3
	}
	p.at(nil, ctxRoot, nil)
	root := p.open(nMap)
	cur := root
	for p.pos < len(src) {
		p.blank()
		if p.pos >= len(src) {
			break
		}
		switch c := src[p.pos]; {
		case c == '\n' || c == '\r':
			p.pos++
		case c == '#':
			p.comment()
		case c == '[':
			start := p.pos
			array := p.pos+1 < len(src) && src[p.pos+1] == '['
			if array {
				p.pos += 2
			} else {
				p.pos++
			}
			keys := p.key()
			p.blank()
			closer := "]"
			if array {
				closer = "]]"
			}
			if !bytes.HasPrefix(src[p.pos:], []byte(closer)) {
				p.fail(start, "unclosed table header")
				p.skipLine()
				continue
			}
			p.pos += len(closer)
			if len(keys) > maxDepth {
				p.fail(start, "table header nested deeper than %d", maxDepth)
				p.skipLine()
				continue
			}
			cur = p.table(root, keys, array)
			p.endLine()
		default:
			keys := p.key()
			if len(keys) == 0 {
				p.fail(p.pos, "expected a key, found %q", c)
				p.skipLine()
				continue
			}
			p.blank()
			if p.pos >= len(src) || src[p.pos] != '=' {
				p.fail(p.pos, "expected '=' after key %q", keys[len(keys)-1].text)
				p.skipLine()
				continue
			}
			p.pos++
			p.blank()
			if len(keys) > maxDepth {
				p.fail(p.pos, "dotted key nested deeper than %d", maxDepth)
				p.skipLine()
				continue
			}
			p.set(cur, keys, len(keys))
			p.endLine()
		}
	}
	p.cmts.flush()
	p.root(root)
	return []*node{root}, p.cmts.out, p.err
}

// table finds or makes the table a header names; an array-of-tables
// header appends a new table to its list.
func (p *tparser) table(root *node, keys []scalar, array bool) *node {
	m := root
	p.b.pathTo(0) // the table's path is its keys
	for i, k := range keys {
		last := i == len(keys)-1
		v := m.get(string(k.text))
		switch {
		case v == nil && last && array:
			v = p.child(m, k, nList)
		case v == nil:
			v = p.child(m, k, nMap)
		}
		if v.kind == nList {
			if last && array {
				p.b.push(k)
				return p.childItem(v)
			}
			if t := lastItem(v); t != nil && t.kind == nMap {
				v = t
			} else {
				v = p.childItem(v)
			}
		}
		if v.kind != nMap {
			// redefinition of a value: keep reading, out of the tree
			p.at(nil, ctxDrop, nil)
			return p.openAt(nMap, false)
		}
		m = v
		p.b.push(k)
	}
	return m
}

// child makes a table under key k of m.
func (p *tparser) child(m *node, k scalar, kind nodeKind) *node {
	p.atKey(m, k)
	v := p.openAt(kind, false)
	p.entry(m, k, v)
	return v
}

// childItem makes a table at the end of list l.
func (p *tparser) childItem(l *node) *node {
	p.atItem(l)
	t := p.openAt(nMap, false)
	p.item(l, t)
	return t
}

// lastItem is a list's last item, nil when it has none.
func lastItem(l *node) *node {
	if l.st != nil {
		return l.st.last
	}
	if len(l.items) == 0 {
		return nil
	}
	return l.items[len(l.items)-1]
}

// set reads the value at p.pos and puts it at a dotted key inside table
// m; depth is the value's nesting depth. The tables the key goes through
// are found or made first, so that the value is read where it goes.
func (p *tparser) set(m *node, keys []scalar, depth int) {
	base := p.b.pathLen()
	defer p.b.pathTo(base)
	for _, k := range keys[:len(keys)-1] {
		next := m.get(string(k.text))
		if next == nil {
			next = p.child(m, k, nMap)
		}
		if next.kind != nMap {
			p.at(nil, ctxDrop, nil)
			p.value(depth) // read, and left out of the tree
			return
		}
		m = next
		p.b.push(k)
	}
	k := keys[len(keys)-1]
	p.atKey(m, k)
	p.entry(m, k, p.value(depth))
}

func (p *tparser) blank() {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t') {
		p.pos++
	}
}

// space skips blanks, line breaks and comments (inside arrays).
func (p *tparser) space() {
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t', '\r', '\n':
			p.pos++
		case '#':
			p.comment()
		default:
			return
		}
	}
}

// endLine expects only blanks and a comment before the line ends.
func (p *tparser) endLine() {
	p.blank()
	if p.pos < len(p.src) && p.src[p.pos] == '#' {
		p.comment()
	}
	if p.pos < len(p.src) && p.src[p.pos] != '\n' && p.src[p.pos] != '\r' {
		p.fail(p.pos, "unexpected %q after the value", p.src[p.pos])
		p.skipLine()
	}
}

// key reads a dotted key: bare, "basic" or 'literal' parts.
func (p *tparser) key() []scalar {
	var keys []scalar
	for {
		p.blank()
		if p.pos >= len(p.src) {
			return keys
		}
		var k scalar
		switch c := p.src[p.pos]; {
		case c == '"':
			k = p.basic()
		case c == '\'':
			k = p.literal()
		default:
			for p.pos < len(p.src) && (isBare(p.src[p.pos])) {
				k.add(p.src[p.pos], p.pos)
				p.pos++
			}
			if len(k.text) == 0 {
				return keys
			}
			k.offs = append(k.offs, p.pos)
		}
		keys = append(keys, k)
		p.blank()
		if p.pos >= len(p.src) || p.src[p.pos] != '.' {
			return keys
		}
		p.pos++
	}
}

func isBare(c byte) bool {
	return c == '_' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func (p *tparser) value(depth int) *node {
	if p.pos >= len(p.src) {
		p.fail(p.pos, "expected a value")
		return &node{}
	}
	if depth > maxDepth {
		p.fail(p.pos, "nesting too deep")
		p.pos = len(p.src)
		return &node{}
	}
	rest := string(p.src[p.pos:min(p.pos+3, len(p.src))])
	switch {
	case rest == `"""`:
		return &node{kind: nStr, str: p.multiBasic()}
	case rest == "'''":
		return &node{kind: nStr, str: p.multiLiteral()}
	case p.src[p.pos] == '"':
		return &node{kind: nStr, str: p.basic()}
	case p.src[p.pos] == '\'':
		return &node{kind: nStr, str: p.literal()}
	case p.src[p.pos] == '[':
		return p.list(depth, p.space, p.value)
	case p.src[p.pos] == '{':
		open := p.pos
		n := p.open(nMap)
		defer p.close(n)
		p.pos++
		for {
			p.space()
			if p.pos >= len(p.src) {
				p.fail(open, "unclosed inline table")
				return n
			}
			if p.src[p.pos] == '}' {
				p.pos++
				return n
			}
			keys := p.key()
			p.blank()
			if len(keys) == 0 || p.pos >= len(p.src) || p.src[p.pos] != '=' {
				p.fail(p.pos, "expected key = value in inline table")
				return n
			}
			p.pos++
			p.blank()
			p.set(n, keys, depth+1)
			p.space()
			if p.pos < len(p.src) && p.src[p.pos] == ',' {
				p.pos++
			}
		}
	default:
		start := p.pos
		for p.pos < len(p.src) && !strings.ContainsRune(",]}#\r\n \t", rune(p.src[p.pos])) {
			p.pos++
		}
		// a date and a time may be separated by a space: 1979-05-27 07:32:00
		if p.pos-start == 10 && p.src[start+4] == '-' && p.pos+1 < len(p.src) && p.src[p.pos] == ' ' &&
			p.src[p.pos+1] >= '0' && p.src[p.pos+1] <= '9' {
			p.pos++
			for p.pos < len(p.src) && !strings.ContainsRune(",]}#\r\n \t", rune(p.src[p.pos])) {
				p.pos++
			}
		}
		if strings.TrimSpace(string(p.src[start:p.pos])) == "" {
			p.fail(start, "expected a value")
		}
		return &node{}
	}
}

// basic reads a "basic string" with escapes.
func (p *tparser) basic() scalar {
	open := p.pos
	p.pos++
	s := p.scalar()
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		switch {
		case c == '"':
			s.offs = append(s.offs, p.pos)
			p.pos++
			return s
		case c == '\n':
			p.fail(open, "unterminated string")
			s.offs = append(s.offs, p.pos)
			return s
		case c == '\\':
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

func (p *tparser) literal() scalar {
	open := p.pos
	p.pos++
	s := p.scalar()
	for p.pos < len(p.src) && p.src[p.pos] != '\'' && p.src[p.pos] != '\n' {
		s.add(p.src[p.pos], p.pos)
		p.pos++
	}
	s.offs = append(s.offs, p.pos)
	if p.pos >= len(p.src) || p.src[p.pos] != '\'' {
		p.fail(open, "unterminated string")
		return s
	}
	p.pos++
	return s
}

// multiBasic reads a """ string: a newline right after the opening
// quotes is dropped, and a backslash at a line's end joins the next
// non-blank text.
func (p *tparser) multiBasic() scalar {
	open := p.pos
	p.pos += 3
	p.firstBreak()
	s := p.scalar()
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		switch {
		case strings.HasPrefix(string(p.src[p.pos:min(p.pos+3, len(p.src))]), `"""`):
			// up to two more quotes belong to the string
			for k := 0; k < 2 && p.pos+3 < len(p.src) && p.src[p.pos+3] == '"'; k++ {
				s.add('"', p.pos)
				p.pos++
			}
			s.offs = append(s.offs, p.pos)
			p.pos += 3
			return s
		case c == '\\' && p.lineEndEscape():
		case c == '\\':
			p.escape(&s)
		case c == '\r':
			p.pos++
		default:
			s.add(c, p.pos)
			p.pos++
		}
	}
	p.fail(open, "unterminated multi-line string")
	s.offs = append(s.offs, p.pos)
	return s
}

func (p *tparser) multiLiteral() scalar {
	open := p.pos
	p.pos += 3
	p.firstBreak()
	s := p.scalar()
	for p.pos < len(p.src) {
		if strings.HasPrefix(string(p.src[p.pos:min(p.pos+3, len(p.src))]), "'''") {
			for k := 0; k < 2 && p.pos+3 < len(p.src) && p.src[p.pos+3] == '\''; k++ {
				s.add('\'', p.pos)
				p.pos++
			}
			s.offs = append(s.offs, p.pos)
			p.pos += 3
			return s
		}
		if p.src[p.pos] != '\r' {
			s.add(p.src[p.pos], p.pos)
		}
		p.pos++
	}
	p.fail(open, "unterminated multi-line string")
	s.offs = append(s.offs, p.pos)
	return s
}

func (p *tparser) firstBreak() {
	if p.pos < len(p.src) && p.src[p.pos] == '\r' {
		p.pos++
	}
	if p.pos < len(p.src) && p.src[p.pos] == '\n' {
		p.pos++
	}
}

// lineEndEscape skips a backslash that ends a line, with the blanks and
// line breaks after it.
func (p *tparser) lineEndEscape() bool {
	i := p.pos + 1
	for i < len(p.src) && (p.src[i] == ' ' || p.src[i] == '\t' || p.src[i] == '\r') {
		i++
	}
	if i >= len(p.src) || p.src[i] != '\n' {
		return false
	}
	for i < len(p.src) && (p.src[i] == ' ' || p.src[i] == '\t' || p.src[i] == '\r' || p.src[i] == '\n') {
		i++
	}
	p.pos = i
	return true
}

func (p *tparser) escape(s *scalar) {
	at := p.pos
	if at+1 >= len(p.src) {
		p.pos++
		return
	}
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
	case 'e':
		s.add(0x1b, at)
	case 'u', 'U', 'x':
		s.addRune(p.hexEscape(at, n), at)
	default:
		s.add(n, at)
	}
}
