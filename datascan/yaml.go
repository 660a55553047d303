package datascan

// yparser reads YAML 1.2 block and flow styles into the data tree, every
// scalar with its exact offsets: plain scalars over several lines, single
// and double quotes with their line folding and escapes, literal and
// folded block scalars. Anchors and tags are skipped, aliases are null.
// Documents (---) each give a root.
type yparser struct {
	cursor
	depth int
}

func parseYAML(src []byte, b *builder) ([]*node, []cmt, error) {
	p := &yparser{cursor: cursor{src: src, cmts: commentGroups{src: src}}}
	b.start(&p.cursor)
	if len(src) >= 3 && string(src[:3]) == "\ufeff" {
		p.pos = 3
	}
	var roots []*node
	for {
		p.skipToContent()
		if p.pos >= len(src) {
			break
		}
		start := p.pos
		switch {
		case p.col(p.pos) == 0 && src[p.pos] == '%':
			p.skipLine()
			continue
		case p.docMarker(p.pos):
			end := string(src[p.pos:p.pos+3]) == "..."
			p.pos += 3
			p.inline()
			if end || p.lineEnd() {
				continue
			}
			roots = append(roots, p.rootAt())
		default:
			roots = append(roots, p.rootAt())
		}
		if p.pos == start {
			p.fail(p.pos, "unexpected %q", src[p.pos])
			p.skipLine()
		}
	}
	p.cmts.flush()
	return roots, p.cmts.out, p.err
}

// rootAt reads a document's value.
func (p *yparser) rootAt() *node {
	p.at(nil, ctxRoot, nil)
	r := p.nodeAt(-1)
	p.root(r)
	return r
}

func (p *yparser) col(i int) int {
	s := i
	for s > 0 && p.src[s-1] != '\n' {
		s--
	}
	return i - s
}

func sep(src []byte, i int) bool {
	return i >= len(src) || src[i] == ' ' || src[i] == '\t' || src[i] == '\r' || src[i] == '\n'
}

// docMarker: --- or ... at the start of a line.
func (p *yparser) docMarker(i int) bool {
	if p.col(i) != 0 || i+3 > len(p.src) {
		return false
	}
	m := string(p.src[i : i+3])
	return (m == "---" || m == "...") && sep(p.src, i+3)
}

// inline skips blanks on the current line.
func (p *yparser) inline() {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t') {
		p.pos++
	}
}

// lineEnd: the rest of the line is blank or a comment (which is read).
func (p *yparser) lineEnd() bool {
	p.inline()
	if p.pos < len(p.src) && p.src[p.pos] == '#' {
		p.comment()
	}
	return p.pos >= len(p.src) || p.src[p.pos] == '\n' || p.src[p.pos] == '\r'
}

// skipToContent moves to the next character that is not a blank, a line
// break or a comment.
func (p *yparser) skipToContent() {
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

// block reads the node on the lines that follow, if they are indented
// deeper than parent.
func (p *yparser) block(parent int) *node {
	p.skipToContent()
	if p.pos >= len(p.src) || p.docMarker(p.pos) || p.col(p.pos) <= parent {
		return &node{}
	}
	return p.nodeAt(parent)
}

// nodeAt reads the node that starts at p.pos; parent is the indentation
// of the node that holds it.
func (p *yparser) nodeAt(parent int) *node {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxDepth {
		p.fail(p.pos, "nesting too deep")
		p.pos = len(p.src)
		return &node{}
	}
	c := p.col(p.pos)
	switch ch := p.src[p.pos]; {
	case ch == '-' && sep(p.src, p.pos+1):
		return p.sequence(c)
	case ch == '|' || ch == '>':
		return &node{kind: nStr, str: p.blockScalar(parent)}
	case ch == '&' || ch == '!':
		p.property()
		if p.lineEnd() {
			return p.block(parent)
		}
		return p.nodeAt(parent)
	case ch == '*':
		p.property()
		return &node{}
	}
	if p.keyAt(p.pos) || p.explicitKey(p.pos) {
		return p.mapping(c)
	}
	switch p.src[p.pos] {
	case '[', '{':
		return p.flow(0)
	case '"', '\'':
		return &node{kind: nStr, str: p.quoted()}
	}
	return &node{kind: nStr, str: p.plain(parent)}
}

// property skips an anchor, a tag or an alias name.
func (p *yparser) property() {
	for p.pos < len(p.src) && !sep(p.src, p.pos) {
		p.pos++
	}
}

// keyAt: a mapping key starts at i: a quoted or plain key followed by a
// colon and a blank on the same line.
func (p *yparser) keyAt(i int) bool {
	src := p.src
	if i < len(src) && (src[i] == '"' || src[i] == '\'') {
		q := src[i]
		j := i + 1
		for j < len(src) && src[j] != '\n' {
			if src[j] == '\\' && q == '"' {
				j += 2
				continue
			}
			if src[j] == q {
				if q == '\'' && j+1 < len(src) && src[j+1] == '\'' {
					j += 2
					continue
				}
				break
			}
			j++
		}
		if j >= len(src) || src[j] != q {
			return false
		}
		j++
		for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
			j++
		}
		return j < len(src) && src[j] == ':' && sep(src, j+1)
	}
	if i < len(src) && (src[i] == '[' || src[i] == '{') {
		return false
	}
	for j := i; j < len(src) && src[j] != '\n'; j++ {
		switch {
		case src[j] == ':' && sep(src, j+1):
			return true
		case src[j] == '#' && j > i && (src[j-1] == ' ' || src[j-1] == '\t'):
			return false
		}
	}
	return false
}

// mapping reads a block mapping whose keys sit at column c.
func (p *yparser) mapping(c int) *node {
	n := p.open(nMap)
	defer p.close(n)
	for {
		p.skipToContent()
		if p.pos >= len(p.src) || p.docMarker(p.pos) {
			return n
		}
		cc := p.col(p.pos)
		if cc < c || cc == c && p.src[p.pos] == '-' && sep(p.src, p.pos+1) {
			return n
		}
		if cc == c && p.explicitKey(p.pos) {
			p.complexEntry(n, c)
			continue
		}
		if cc > c || !p.keyAt(p.pos) {
			p.fail(p.pos, "expected a mapping key at column %d", c+1)
			p.skipLine()
			continue
		}
		key := p.key()
		p.atKey(n, key)
		p.entry(n, key, p.value(c))
	}
}

// explicitKey: "? " opens a complex mapping key.
func (p *yparser) explicitKey(i int) bool {
	return i < len(p.src) && p.src[i] == '?' && sep(p.src, i+1)
}

// complexEntry reads "? key" and its optional ": value" line at column c.
// A key that is not a string is kept as an empty key; its strings are
// text all the same, as items of a list value.
func (p *yparser) complexEntry(n *node, c int) {
	p.pos++ // ?
	var key *node
	p.at(nil, ctxHold, nil)
	if p.lineEnd() {
		key = p.block(c)
	} else {
		key = p.nodeAt(c)
	}
	val := &node{}
	p.skipToContent()
	if p.pos < len(p.src) && p.col(p.pos) == c && p.src[p.pos] == ':' && sep(p.src, p.pos+1) {
		p.pos++
		p.at(nil, ctxHold, nil)
		val = p.value(c)
	}
	if key.kind == nStr {
		p.entry(n, key.str, val)
		return
	}
	p.entry(n, scalar{offs: []int{p.pos}}, &node{kind: nList, items: []*node{key, val}})
}

// key reads a mapping key and its colon.
func (p *yparser) key() scalar {
	var k scalar
	if q := p.src[p.pos]; q == '"' || q == '\'' {
		k = p.quoted()
	} else {
		end := p.pos
		for !(p.src[end] == ':' && sep(p.src, end+1)) {
			end++
		}
		stop := end
		for stop > p.pos && (p.src[stop-1] == ' ' || p.src[stop-1] == '\t') {
			stop--
		}
		for i := p.pos; i < stop; i++ {
			k.add(p.src[i], i)
		}
		k.offs = append(k.offs, stop)
		p.pos = end
	}
	p.inline()
	if p.pos < len(p.src) && p.src[p.pos] == ':' {
		p.pos++
	}
	return k
}

// value reads the value after "key:" of a mapping at column c.
func (p *yparser) value(c int) *node {
	if p.lineEnd() {
		p.skipToContent()
		if p.pos >= len(p.src) || p.docMarker(p.pos) {
			return &node{}
		}
		cc := p.col(p.pos)
		switch {
		case cc > c:
			return p.nodeAt(c)
		case cc == c && p.src[p.pos] == '-' && sep(p.src, p.pos+1):
			return p.sequence(c)
		}
		return &node{}
	}
	switch p.src[p.pos] {
	case '|', '>':
		return &node{kind: nStr, str: p.blockScalar(c)}
	case '&', '!':
		p.property()
		return p.value(c)
	case '*':
		p.property()
		return &node{}
	case '[', '{':
		return p.flow(0)
	case '"', '\'':
		return &node{kind: nStr, str: p.quoted()}
	}
	return &node{kind: nStr, str: p.plain(c)}
}

// sequence reads a block sequence whose dashes sit at column c.
func (p *yparser) sequence(c int) *node {
	n := p.open(nList)
	defer p.close(n)
	for {
		p.skipToContent()
		if p.pos >= len(p.src) || p.docMarker(p.pos) {
			return n
		}
		cc := p.col(p.pos)
		if cc != c || p.src[p.pos] != '-' || !sep(p.src, p.pos+1) {
			if cc > c {
				p.fail(p.pos, "expected a sequence entry at column %d", c+1)
				p.skipLine()
				continue
			}
			return n
		}
		p.pos++
		p.atItem(n)
		if p.lineEnd() {
			p.item(n, p.block(c))
			continue
		}
		p.item(n, p.nodeAt(c))
	}
}

// plain reads a plain scalar: its first line, then every following line
// indented deeper than parent, folded into one text.
func (p *yparser) plain(parent int) scalar {
	s := p.scalar()
	p.plainLine(&s)
	for {
		// look at the lines after this one
		i := p.pos
		var breaks []int
		for i < len(p.src) {
			if p.src[i] == '\r' {
				i++
				continue
			}
			if p.src[i] != '\n' {
				break
			}
			breaks = append(breaks, i)
			i++
			for i < len(p.src) && (p.src[i] == ' ' || p.src[i] == '\t') {
				i++
			}
		}
		if len(breaks) == 0 || i >= len(p.src) || p.col(i) <= parent || p.src[i] == '#' || p.docMarker(i) {
			break
		}
		if len(breaks) == 1 {
			s.add(' ', breaks[0])
		} else {
			for _, b := range breaks[1:] {
				s.add('\n', b)
			}
		}
		p.pos = i
		p.plainLine(&s)
	}
	s.offs = append(s.offs, p.pos)
	if n := len(s.text); n > 0 {
		// the end is just past the last character, not at the next line
		s.offs[n] = s.offs[n-1] + 1
	}
	return s
}

// plainLine adds the rest of the line up to a comment, trailing blanks
// left out; it stops at the line's end (reading a comment if there is one).
func (p *yparser) plainLine(s *scalar) {
	start := p.pos
	end := p.pos
	for end < len(p.src) && p.src[end] != '\n' {
		if p.src[end] == '#' && end > start && (p.src[end-1] == ' ' || p.src[end-1] == '\t') {
			break
		}
		end++
	}
	stop := end
	for stop > start && (p.src[stop-1] == ' ' || p.src[stop-1] == '\t' || p.src[stop-1] == '\r') {
		stop--
	}
	for i := start; i < stop; i++ {
		s.add(p.src[i], i)
	}
	p.pos = end
	if p.pos < len(p.src) && p.src[p.pos] == '#' {
		p.comment()
	}
}

// quoted reads a single- or double-quoted scalar, folding its line breaks
// and decoding double-quote escapes.
func (p *yparser) quoted() scalar {
	q := p.src[p.pos]
	open := p.pos
	p.pos++
	s := p.scalar()
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		switch {
		case c == q && q == '\'' && p.pos+1 < len(p.src) && p.src[p.pos+1] == '\'':
			s.add('\'', p.pos)
			p.pos += 2
		case c == q:
			s.offs = append(s.offs, p.pos)
			p.pos++
			return s
		case c == '\\' && q == '"':
			p.escape(&s)
		case c == '\n' || c == '\r':
			p.fold(&s)
		default:
			s.add(c, p.pos)
			p.pos++
		}
	}
	p.fail(open, "unterminated quoted scalar")
	s.offs = append(s.offs, p.pos)
	return s
}

// fold turns a line break inside a quoted scalar into a space, or into
// one line break per blank line that follows it.
func (p *yparser) fold(s *scalar) {
	for len(s.text) > 0 && (s.text[len(s.text)-1] == ' ' || s.text[len(s.text)-1] == '\t') {
		s.text, s.offs = s.text[:len(s.text)-1], s.offs[:len(s.offs)-1]
	}
	var breaks []int
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case '\n':
			breaks = append(breaks, p.pos)
			p.pos++
		case ' ', '\t', '\r':
			p.pos++
		default:
			goto done
		}
	}
done:
	if len(breaks) == 1 {
		s.add(' ', breaks[0])
		return
	}
	for _, b := range breaks[min(1, len(breaks)):] {
		s.add('\n', b)
	}
}

func (p *yparser) escape(s *scalar) {
	at := p.pos
	if at+1 >= len(p.src) {
		p.pos++
		return
	}
	n := p.src[at+1]
	p.pos += 2
	put := func(r rune) { s.addRune(r, at) }
	switch n {
	case '\n', '\r':
		// an escaped line break joins the lines without a space
		for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t' || p.src[p.pos] == '\n' || p.src[p.pos] == '\r') {
			p.pos++
		}
	case '0':
		put(0)
	case 'a':
		put(7)
	case 'b':
		put(8)
	case 't', '\t':
		put('\t')
	case 'n':
		put('\n')
	case 'v':
		put(11)
	case 'f':
		put(12)
	case 'r':
		put('\r')
	case 'e':
		put(0x1b)
	case 'N':
		put(0x85)
	case '_':
		put(0xa0)
	case 'L':
		put(0x2028)
	case 'P':
		put(0x2029)
	case 'x', 'u', 'U':
		put(p.hexEscape(at, n))
	default:
		s.add(n, at)
	}
}

// blockScalar reads a | or > scalar whose header is at p.pos; its lines
// are indented deeper than parent.
func (p *yparser) blockScalar(parent int) scalar {
	folded := p.src[p.pos] == '>'
	p.pos++
	explicit := 0
	for p.pos < len(p.src) && (p.src[p.pos] >= '1' && p.src[p.pos] <= '9' || p.src[p.pos] == '+' || p.src[p.pos] == '-') {
		if p.src[p.pos] != '+' && p.src[p.pos] != '-' {
			explicit = int(p.src[p.pos] - '0')
		}
		p.pos++
	}
	if !p.lineEnd() {
		p.fail(p.pos, "unexpected text after a block scalar header")
		p.skipLine()
	}
	if p.pos < len(p.src) && p.src[p.pos] == '\r' {
		p.pos++
	}
	if p.pos < len(p.src) {
		p.pos++ // the header's line break
	}
	indent := -1
	if explicit > 0 {
		indent = max(parent, 0) + explicit
	}
	type line struct{ start, end, brk int } // content range and its line break
	var lines []line
	for p.pos < len(p.src) {
		ls := p.pos
		eol := ls
		for eol < len(p.src) && p.src[eol] != '\n' {
			eol++
		}
		ind := 0
		for ls+ind < eol && p.src[ls+ind] == ' ' {
			ind++
		}
		content := eol
		if content > ls && p.src[content-1] == '\r' {
			content--
		}
		blank := ls+ind >= content || isBlankRun(p.src[ls+ind:content])
		if !blank {
			if indent < 0 {
				if ind <= parent {
					break
				}
				indent = ind
			}
			if ind < indent {
				break
			}
		}
		l := line{start: min(ls+max(indent, 0), content), end: content, brk: eol}
		if blank {
			l.start = content
		}
		lines = append(lines, l)
		p.pos = min(eol+1, len(p.src))
	}
	// a trailing blank run belongs to what follows, not to the scalar
	for len(lines) > 0 && lines[len(lines)-1].start == lines[len(lines)-1].end {
		lines = lines[:len(lines)-1]
	}
	if len(lines) > 0 {
		p.pos = lines[len(lines)-1].brk
	}
	s := p.scalar()
	prevText, prevMore := false, false
	blanks := 0
	for i, l := range lines {
		if l.start == l.end {
			blanks++
			continue
		}
		more := p.src[l.start] == ' ' || p.src[l.start] == '\t'
		switch {
		case !prevText:
			// blank lines before the first text line
			for k := i - blanks; k < i; k++ {
				s.add('\n', lines[k].brk)
			}
		case !folded:
			for k := i - blanks - 1; k < i; k++ {
				s.add('\n', lines[k].brk)
			}
		case !more && !prevMore && blanks == 0:
			s.add(' ', lines[i-1].brk)
		default:
			n := blanks
			if more || prevMore {
				n++
			}
			for k := 0; k < n; k++ {
				s.add('\n', lines[max(i-1-k, 0)].brk)
			}
		}
		for j := l.start; j < l.end; j++ {
			s.add(p.src[j], j)
		}
		prevText, prevMore, blanks = true, more, 0
	}
	if len(lines) > 0 {
		s.offs = append(s.offs, lines[len(lines)-1].end)
	} else {
		s.offs = append(s.offs, p.pos)
	}
	return s
}

func isBlankRun(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' {
			return false
		}
	}
	return true
}

// flow reads a [ … ] or { … } collection, which may span lines.
func (p *yparser) flow(depth int) *node {
	if depth > maxDepth {
		p.fail(p.pos, "nesting too deep")
		p.pos = len(p.src)
		return &node{}
	}
	open := p.pos
	list := p.src[p.pos] == '['
	closer := byte('}')
	kind := nMap
	if list {
		closer = ']'
		kind = nList
	}
	n := p.open(kind)
	defer p.close(n)
	p.pos++
	for {
		p.skipToContent()
		if p.pos >= len(p.src) {
			p.fail(open, "unclosed flow collection")
			return n
		}
		if p.src[p.pos] == closer {
			p.pos++
			return n
		}
		if p.src[p.pos] == ',' {
			p.pos++
			continue
		}
		before := p.pos
		if list {
			p.atItem(n)
		} else {
			p.at(n, ctxFlowKey, nil) // a key's collection is not read
		}
		first := p.flowNode(depth + 1)
		if list {
			p.item(n, first)
		}
		p.skipToContent()
		var second *node
		if p.pos < len(p.src) && p.src[p.pos] == ':' {
			p.pos++
			p.skipToContent()
			if p.pos < len(p.src) && p.src[p.pos] != ',' && p.src[p.pos] != closer {
				if list {
					p.atItem(n)
				} else {
					p.atKey(n, first.str)
				}
				second = p.flowNode(depth + 1)
			}
		}
		switch {
		case list:
			if second != nil {
				p.item(n, second)
			}
		default:
			if second == nil {
				second = &node{}
			}
			p.entry(n, first.str, second)
		}
		p.skipToContent()
		if p.pos < len(p.src) && p.src[p.pos] != ',' && p.src[p.pos] != closer {
			p.fail(p.pos, "expected ',' or %q in a flow collection", closer)
			if p.pos == before {
				p.pos++
			}
			return n
		}
	}
}

func (p *yparser) flowNode(depth int) *node {
	switch c := p.src[p.pos]; c {
	case '[', '{':
		return p.flow(depth)
	case '"', '\'':
		return &node{kind: nStr, str: p.quoted()}
	case '*':
		p.flowProperty()
		return &node{}
	case '&', '!':
		p.flowProperty()
		p.skipToContent()
		if p.pos >= len(p.src) {
			return &node{}
		}
		return p.flowNode(depth)
	}
	// a plain scalar in flow: up to , [ ] { } or ": ", possibly over lines
	s := p.scalar()
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if c == ',' || c == '[' || c == ']' || c == '{' || c == '}' ||
			c == ':' && (sep(p.src, p.pos+1) || p.pos+1 < len(p.src) && (p.src[p.pos+1] == ',' || p.src[p.pos+1] == ']' || p.src[p.pos+1] == '}')) ||
			c == '#' && len(s.text) > 0 && (s.text[len(s.text)-1] == ' ') {
			break
		}
		if c == '\n' || c == '\r' {
			p.fold(&s)
			continue
		}
		s.add(c, p.pos)
		p.pos++
	}
	for len(s.text) > 0 && (s.text[len(s.text)-1] == ' ' || s.text[len(s.text)-1] == '\t') {
		s.text, s.offs = s.text[:len(s.text)-1], s.offs[:len(s.offs)-1]
	}
	end := p.pos
	if n := len(s.text); n > 0 {
		end = s.offs[n-1] + 1
	}
	s.offs = append(s.offs, end)
	return &node{kind: nStr, str: s}
}

func (p *yparser) flowProperty() {
	for p.pos < len(p.src) && !sep(p.src, p.pos) && p.src[p.pos] != ',' && p.src[p.pos] != ']' && p.src[p.pos] != '}' {
		p.pos++
	}
}
