package textscan

import (
	"bytes"
	"slices"
	"strings"

	"github.com/recoverlint/recoverlint/internal/formats"
	"github.com/recoverlint/recoverlint/rules"
)

// maxLeadIns bounds how many lead-ins a unit in nested lists records: the
// nearest ones, outermost first.
const maxLeadIns = 4

// block says what kind of text the scanner is collecting.
type block uint8

const (
	blockNone     block = iota
	blockPara           // a paragraph outside lists
	blockItem           // the paragraph that a list marker opens
	blockItemPara       // a later paragraph of a list item, after a blank line
	blockCode           // the lines of a fenced code block
	blockHeading
)

// level is one open list, innermost last.
type level struct {
	indent  int      // column of the list marker
	ordered bool     // numbered list
	chain   []string // lead-ins, outermost first, at most maxLeadIns
	leadIn  string   // chain joined by '\n'
	first   string   // text of the current item's first paragraph
}

// fence is an open fenced code block.
type fence struct {
	char  byte
	n     int // length of the opening run
	strip int // leading spaces removed from every content line
	lines int // content lines seen
	ctx   rules.Context
}

// finished is the last block the scanner completed, for lead-ins and the
// text before a code block.
type finished struct {
	kind  block
	text  string
	label string
}

type scanner struct {
	src  []byte
	path string
	emit func(rules.Unit)
	b    builder
	tmp  builder

	headings []string
	levels   []int
	snap     []string // read-only copy of headings that units share

	open     block
	lastTerm int  // offset of the line break after the last line in b
	blank    bool // a blank line came after the last text line
	lists    []level
	prev     finished
	fence    fence

	// label is the label of a paragraph that held nothing else; it carries
	// over to the blocks after it. fresh is true until another block comes.
	label string
	fresh bool
}

// Scan splits a plain prompt file into text units, in source order. A
// unit's text may share src's memory (textOf): src must not change while
// the units are in use.
func Scan(src []byte, path string) []rules.Unit {
	// A unit rarely spans fewer than two lines on average; starting near
	// the final size saves copying a large slice of large structs.
	units := make([]rules.Unit, 0, bytes.Count(src, []byte("\n"))/4+1)
	ScanEach(src, path, func(u rules.Unit) { units = append(units, u) })
	return units
}

// ScanEach passes the units Scan returns to emit, in the same order, as
// it reaches them, and keeps none: a file is read with one unit at a
// time held.
func ScanEach(src []byte, path string, emit func(rules.Unit)) {
	s := scanner{src: src, path: path, emit: emit}
	fm, body := formats.FrontMatter(src, path)
	if fm.Text != "" {
		emit(fm)
	}
	for pos := body; pos < len(src); {
		end, next := lineEnd(src, pos)
		stop := end
		if stop > pos && src[stop-1] == '\r' {
			stop--
		}
		s.line(pos, stop)
		pos = next
	}
	s.flush()
}

// line handles the line src[start:stop], without its line break; the break,
// if any, starts at stop.
func (s *scanner) line(start, stop int) {
	if s.open == blockCode {
		s.codeLine(start, stop)
		return
	}
	src := s.src
	ind, i := indentation(src, start, stop)
	if i == stop {
		s.flush()
		s.blank = true
		return
	}
	afterBlank := s.blank
	s.blank = false
	if c, n := fenceRun(src, i, stop); n > 0 {
		s.flush()
		s.openFence(ind, c, n, start, i+n, stop)
		return
	}
	if ind < 4 {
		if lvl, hs, he := heading(src, i, stop); lvl > 0 {
			s.flush()
			s.endList()
			s.heading(lvl, hs, he)
			return
		}
	}
	if ordered, textStart, ok := listMarker(src, i, stop); ok {
		s.flush()
		s.item(ind, ordered, textStart, stop)
		return
	}
	switch {
	case !afterBlank && (s.open == blockPara || s.open == blockItemPara):
		s.join(i, stop)
		return
	case !afterBlank && s.open == blockItem && ind > s.lists[len(s.lists)-1].indent:
		s.join(i, stop)
		return
	}
	s.flush()
	// An indented line after a blank one is a later paragraph of the item
	// whose marker sits left of it.
	for len(s.lists) > 0 && s.lists[len(s.lists)-1].indent >= ind {
		s.lists = s.lists[:len(s.lists)-1]
	}
	if len(s.lists) > 0 {
		s.start(blockItemPara, i, stop)
		return
	}
	s.start(blockPara, i, stop)
}

// start opens a new unit of the given kind with the text src[i:stop].
func (s *scanner) start(kind block, i, stop int) {
	s.open = kind
	s.b.reset()
	s.addLine(i, stop)
}

// join continues the open unit with the line src[i:stop].
func (s *scanner) join(i, stop int) {
	s.b.add('\n', s.lastTerm)
	s.addLine(i, stop)
}

func (s *scanner) addLine(i, stop int) {
	end := stop
	for end > i && (s.src[end-1] == ' ' || s.src[end-1] == '\t') {
		end--
	}
	// a paragraph past rules.MaxPiece is passed on in pieces of whole
	// sentences, as the classifier would judge it, so that its text is
	// never held whole (a one-line file is one paragraph)
	for len(s.b.text)+end-i > rules.MaxPiece {
		room := rules.MaxPiece - len(s.b.text)
		if room <= 0 {
			s.piece()
			continue
		}
		cut := i + rules.PieceEnd(s.src[i:end], room, false)
		s.b.addRun(s.src, i, cut)
		s.piece()
		i = cut
	}
	s.b.addRun(s.src, i, end)
	s.lastTerm = stop
}

// piece passes on the paragraph collected so far as a unit of its own
// and opens a unit of the same kind for the rest of it.
func (s *scanner) piece() {
	kind := s.open
	s.flush()
	s.open = kind
	s.b.reset()
}

// item opens a list item whose marker sits at column ind and whose text is
// src[textStart:stop].
func (s *scanner) item(ind int, ordered bool, textStart, stop int) {
	for len(s.lists) > 0 && s.lists[len(s.lists)-1].indent > ind {
		s.lists = s.lists[:len(s.lists)-1]
	}
	switch {
	case len(s.lists) == 0:
		var chain []string
		if s.prev.kind == blockPara && s.prev.text != "" {
			chain = []string{s.prev.text}
		}
		s.lists = append(s.lists, newLevel(ind, ordered, chain))
		s.fresh = false
	case s.lists[len(s.lists)-1].indent == ind:
		s.lists[len(s.lists)-1].first = ""
	default:
		parent := s.lists[len(s.lists)-1]
		chain := parent.chain
		if parent.first != "" {
			chain = append(slices.Clip(chain), parent.first)
		}
		s.lists = append(s.lists, newLevel(ind, ordered, chain))
	}
	s.start(blockItem, textStart, stop)
}

func newLevel(ind int, ordered bool, chain []string) level {
	if len(chain) > maxLeadIns {
		chain = chain[len(chain)-maxLeadIns:]
	}
	chain = slices.Clip(chain)
	return level{indent: ind, ordered: ordered, chain: chain, leadIn: strings.Join(chain, "\n")}
}

func (s *scanner) endList() {
	s.lists = s.lists[:0]
}

// heading records a heading of the given level whose text is src[hs:he].
func (s *scanner) heading(lvl, hs, he int) {
	s.b.reset()
	s.b.addRun(s.src, hs, he)
	s.open = blockHeading
	s.label, s.fresh = "", false
	ctx := s.context()
	text := s.cut(rules.Heading, ctx)
	for len(s.levels) > 0 && s.levels[len(s.levels)-1] >= lvl {
		s.levels = s.levels[:len(s.levels)-1]
		s.headings = s.headings[:len(s.headings)-1]
	}
	s.levels = append(s.levels, lvl)
	s.headings = append(s.headings, text)
	s.snap = slices.Clone(s.headings)
	s.prev = finished{kind: blockHeading, text: text}
}

// openFence starts a fenced code block whose fence of n chars c starts at
// column ind; the info string is src[infoStart:stop].
func (s *scanner) openFence(ind int, c byte, n, lineStart, infoStart, stop int) {
	inList := len(s.lists) > 0 && ind > s.lists[len(s.lists)-1].indent
	if !inList {
		s.endList()
	}
	ctx := s.context()
	ctx.ListItem = inList
	if inList {
		top := s.lists[len(s.lists)-1]
		ctx.Ordered, ctx.LeadIn = top.ordered, top.leadIn
	} else {
		ctx.Ordered, ctx.LeadIn = false, ""
	}
	ctx.Info = infoWord(s.src[infoStart:stop])
	switch s.prev.kind {
	case blockPara, blockItem, blockItemPara:
		ctx.Before = s.prev.text
		if ctx.Label == "" {
			ctx.Label = s.prev.label
		}
	}
	strip := 0
	for lineStart+strip < stop && s.src[lineStart+strip] == ' ' {
		strip++
	}
	s.fence = fence{char: c, n: n, strip: strip, ctx: ctx}
	s.open = blockCode
	s.b.reset()
	s.fresh = false
}

// codeLine handles a line inside a fenced code block.
func (s *scanner) codeLine(start, stop int) {
	_, i := indentation(s.src, start, stop)
	if c, n := fenceRun(s.src, i, stop); c == s.fence.char && n >= s.fence.n &&
		len(bytes.TrimSpace(s.src[i+n:stop])) == 0 {
		s.flush()
		return
	}
	if s.fence.lines > 0 {
		s.b.add('\n', s.lastTerm)
	}
	s.fence.lines++
	i = start
	for i < stop && i-start < s.fence.strip && s.src[i] == ' ' {
		i++
	}
	s.b.addRun(s.src, i, stop)
	s.lastTerm = stop
}

// context returns the context shared by every unit at the current place:
// headings, path, the pending label and the open list.
func (s *scanner) context() rules.Context {
	ctx := rules.Context{Headings: s.snap, Path: s.path, Label: s.label}
	if len(s.lists) > 0 && (s.open == blockItem || s.open == blockItemPara) {
		top := s.lists[len(s.lists)-1]
		ctx.ListItem, ctx.Ordered, ctx.LeadIn = true, top.ordered, top.leadIn
	}
	return ctx
}

// flush emits the unit being collected, if any.
func (s *scanner) flush() {
	kind := s.open
	s.open = blockNone
	switch kind {
	case blockNone, blockHeading:
		return
	case blockCode:
		for len(s.b.text) > 0 && s.b.text[len(s.b.text)-1] == '\n' {
			s.b.text = s.b.text[:len(s.b.text)-1]
			s.b.offs.Truncate(s.b.offs.Len() - 1)
		}
		if len(s.b.text) > 0 {
			s.pass(unit(rules.CodeBlock, s.src, &s.b, nil, s.fence.ctx))
		}
		s.prev = finished{kind: blockCode}
		return
	}
	s.open = kind // context reads the kind of the open block
	ctx := s.context()
	s.open = blockNone
	own, only := leadingLabel(textOf(s.src, &s.b))
	switch {
	case own != "":
		ctx.Label = own
	case kind == blockPara && !s.fresh:
		ctx.Label = ""
	}
	if kind == blockPara {
		if only {
			s.label, s.fresh = own, true
		} else {
			s.label, s.fresh = "", false
		}
	}
	text := s.cut(rules.Prose, ctx)
	if kind == blockItem && len(s.lists) > 0 {
		s.lists[len(s.lists)-1].first = text
	}
	s.prev = finished{kind: kind, text: text, label: own}
}

// cut turns the builder's content into a unit, with inline code spans cut
// out, passes it on and returns its text ("" when there is none).
func (s *scanner) cut(kind rules.Kind, ctx rules.Context) string {
	b := &s.b
	spans, ok := dropCode(&s.b, &s.tmp)
	if ok {
		b = &s.tmp
	}
	if len(b.text) == 0 {
		return ""
	}
	u := unit(kind, s.src, b, spans, ctx)
	s.pass(u)
	return u.Text
}

// pass hands a unit on, once the builders hold nothing it still needs.
func (s *scanner) pass(u rules.Unit) {
	s.b.release()
	s.tmp.release()
	s.emit(u)
}

// indentation returns the column of the first non-blank byte of the line
// src[start:stop] (tabs advance to the next multiple of 4) and its offset.
func indentation(src []byte, start, stop int) (col, i int) {
	for i = start; i < stop; i++ {
		switch src[i] {
		case ' ':
			col++
		case '\t':
			col += 4 - col%4
		default:
			return col, i
		}
	}
	return col, i
}

// fenceRun reports a run of at least three '`' or '~' at src[i:].
func fenceRun(src []byte, i, stop int) (byte, int) {
	if i >= stop || (src[i] != '`' && src[i] != '~') {
		return 0, 0
	}
	c, n := src[i], 0
	for i+n < stop && src[i+n] == c {
		n++
	}
	if n < 3 {
		return 0, 0
	}
	return c, n
}

// infoWord returns the first word of a fence's info string, lower-cased.
func infoWord(info []byte) string {
	f := bytes.Fields(info)
	if len(f) == 0 {
		return ""
	}
	return strings.ToLower(string(f[0]))
}

// heading reads an ATX heading at src[i:stop]: 1 to 6 '#' followed by a
// blank or the end of the line. It returns the level and the bounds of the
// text, without an optional closing run of '#'.
func heading(src []byte, i, stop int) (lvl, hs, he int) {
	for i+lvl < stop && src[i+lvl] == '#' {
		lvl++
	}
	if lvl == 0 || lvl > 6 {
		return 0, 0, 0
	}
	hs = i + lvl
	if hs < stop && src[hs] != ' ' && src[hs] != '\t' {
		return 0, 0, 0
	}
	for hs < stop && (src[hs] == ' ' || src[hs] == '\t') {
		hs++
	}
	he = stop
	for he > hs && (src[he-1] == ' ' || src[he-1] == '\t') {
		he--
	}
	closing := he
	for closing > hs && src[closing-1] == '#' {
		closing--
	}
	if closing == hs || src[closing-1] == ' ' || src[closing-1] == '\t' {
		he = closing
		for he > hs && (src[he-1] == ' ' || src[he-1] == '\t') {
			he--
		}
	}
	return lvl, hs, he
}

// listMarker reads a list marker at src[i:stop]: "-", "*" or "+", or up to
// nine digits and "." or ")", followed by a blank. It returns where the
// item's text starts.
func listMarker(src []byte, i, stop int) (ordered bool, textStart int, ok bool) {
	j := i
	switch {
	case src[j] == '-' || src[j] == '*' || src[j] == '+':
		j++
	case isDigit(src[j]):
		for j < stop && j-i < 9 && isDigit(src[j]) {
			j++
		}
		if j == stop || (src[j] != '.' && src[j] != ')') {
			return false, 0, false
		}
		j++
		ordered = true
	default:
		return false, 0, false
	}
	if j < stop && src[j] != ' ' && src[j] != '\t' {
		return false, 0, false
	}
	for j < stop && (src[j] == ' ' || src[j] == '\t') {
		j++
	}
	return ordered, j, true
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// lineEnd returns the offset of the '\n' that ends the line at pos (or
// len(src)) and the offset where the next line starts.
func lineEnd(src []byte, pos int) (end, next int) {
	i := bytes.IndexByte(src[pos:], '\n')
	if i < 0 {
		return len(src), len(src)
	}
	return pos + i, pos + i + 1
}
