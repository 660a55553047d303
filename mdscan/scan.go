package mdscan

import (
	"bytes"
	"errors"
	"slices"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"github.com/recoverlint/recoverlint/internal/formats"
	"github.com/recoverlint/recoverlint/rules"
)

// maxLeadIns bounds how many lead-ins a unit in nested lists records: the
// nearest ones, outermost first, joined by '\n'.
const maxLeadIns = 4

// Scanner reads Markdown documents into units. It holds a configured
// goldmark parser, is safe for concurrent use, and is worth reusing when
// many files are scanned.
type Scanner struct {
	parser parser.Parser
}

// New returns a Scanner.
func New() *Scanner {
	md := goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.TaskList))
	return &Scanner{parser: md.Parser()}
}

// ErrCostly is returned for a document whose shape would take goldmark
// too long to parse (see the package doc); the caller reads it some
// other way, as the checker does with package textscan.
var ErrCostly = errors.New("markdown too costly to parse: containers nested too deep or too much unmatched inline punctuation")

// Scan reads src as Markdown with a new Scanner; see Scanner.Scan.
func Scan(src []byte, path string) ([]rules.Unit, error) {
	return New().Scan(src, path)
}

// Scan splits the Markdown document src into units in document order,
// their offsets pointing into src and their Ctx.Path set to path. For a
// document too costly to parse it returns ErrCostly and no units.
func (sc *Scanner) Scan(src []byte, path string) ([]rules.Unit, error) {
	fm, base := formats.FrontMatter(src, path)
	if costly(src[base:]) {
		return nil, ErrCostly
	}
	return sc.scan(src[base:], []piece{{at: 0, delta: base}}, fm, path), nil
}

// ScanSections is Scan for the sections of src (as Sections returned
// them) whose keep entry is set: it returns exactly the units Scan returns
// inside those sections, with the same text, offsets and context, and
// may return units of other sections too. goldmark parses only the kept
// sections, the heading lines of the others (for the heading path), and
// any section that may define link references. Which units are worth
// classifying is the caller's question (the checker asks the prefilter
// once per unit). For a document too costly to parse it returns
// ErrCostly and no units.
func (sc *Scanner) ScanSections(src []byte, path string, secs []Section, keep []bool) ([]rules.Unit, error) {
	base := formats.FrontMatterEnd(src)
	if costly(src[base:]) {
		return nil, ErrCostly
	}
	var fm rules.Unit
	if len(keep) > 0 && keep[0] && base > 0 {
		fm, _ = formats.FrontMatter(src, path)
	}
	var body []byte
	var pieces []piece
	whole := true
	for i, sec := range secs {
		from, to := max(sec.Start, base), sec.End
		if from >= to {
			continue
		}
		if !keep[i] && !sec.Refs {
			switch {
			case len(sec.Heads) == 0:
				to = from
			case sec.Lead && len(sec.Heads) == 1:
				// the heading line alone: nothing else in the section
				// changes what the sections after it see
				if k := bytes.IndexByte(src[from:to], '\n'); k >= 0 {
					to = from + k + 1
				}
			}
		}
		if to < sec.End {
			whole = false
		}
		if to == from {
			continue
		}
		if n := len(pieces); n == 0 || pieces[n-1].delta != from-len(body) {
			pieces = append(pieces, piece{at: len(body), delta: from - len(body)})
		}
		body = append(body, src[from:to]...)
	}
	if whole {
		return sc.scan(src[base:], []piece{{at: 0, delta: base}}, fm, path), nil
	}
	return sc.scan(body, pieces, fm, path), nil
}

// piece maps a stretch of the parsed body back to the source: body bytes
// from at on sit at their offset plus delta in the source.
type piece struct{ at, delta int }

func (sc *Scanner) scan(body []byte, pieces []piece, fm rules.Unit, path string) []rules.Unit {
	s := &scanner{src: body, pieces: pieces, path: path}
	s.units = make([]rules.Unit, 0, bytes.Count(body, []byte("\n"))/4+1)
	if fm.Text != "" {
		s.units = append(s.units, fm)
	}
	s.frames = append(s.frames, frame{})
	doc := sc.parser.Parse(text.NewReader(s.src))
	_ = ast.Walk(doc, s.visit)
	return s.units
}

// delta returns what to add to an offset in the body, at or after i in
// the same line, to find it in the source.
func (s *scanner) delta(i int) int {
	p := s.pieces
	if len(p) == 1 {
		return p[0].delta
	}
	lo, hi := 0, len(p)
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if p[mid].at <= i {
			lo = mid
		} else {
			hi = mid
		}
	}
	return p[lo].delta
}

// frame is the context of one open container: the document, a block
// quote, a list or a list item. A child frame starts as a copy of its
// parent, so finding a unit's context never walks the stack.
type frame struct {
	headBase int      // length of the heading path when the container opened
	chain    []string // lead-ins of the enclosing lists, outermost first
	leadIn   string   // chain joined by '\n'
	listItem bool
	// task is set in a list item that opens with an open task box ("- [ ] …")
	task    bool
	done    bool // a list item that opens with a ticked box ("- [x] …")
	ordered bool
	quote   bool

	// inherited is the label in force where the container opened. own is
	// the label of a paragraph in this container that held nothing else;
	// it lasts until a heading or a paragraph that is not a label. fresh
	// is true while no other block has come after that paragraph: the
	// first paragraph right after a label is the labelled example.
	inherited string
	own       string
	fresh     bool

	first string // in a list item, the text of its first paragraph
}

func (f *frame) label() string {
	if f.own != "" {
		return f.own
	}
	return f.inherited
}

// paragraph is the last paragraph completed, for the lead-in of a list or
// table and the text before a code block that follow it.
type paragraph struct {
	node  ast.Node
	text  string
	label string
	unit  int // index of its unit in scanner.units, -1 if it made none
}

// table is the state of the table being read.
type table struct {
	cols   []string     // header cell texts
	cells  []rules.Unit // units of the row being read; empty text allowed
	leadIn string
}

type scanner struct {
	src    []byte  // the Markdown body that goldmark parsed
	pieces []piece // where the bytes of src sit in the source
	path   string
	units  []rules.Unit

	// Inline text of the heading, paragraph or cell being read.
	b         builder
	inline    bool
	inCode    bool
	codeStart int
	labelEmph ast.Node // the emphasis that opens the text, if any
	labelEnd  int      // end of labelEmph's text in b, -1 until it closes
	comments  []rules.Unit

	headings []string
	levels   []int
	snap     []string // read-only copy of headings that units share

	frames   []frame
	emitted  int // index of the unit emit made last, -1 if none
	last     paragraph
	lastCode codeUnit // for the After of a code block (see codeBlock)
	table    table
}

func (s *scanner) top() *frame { return &s.frames[len(s.frames)-1] }

// push opens a container whose context starts as a copy of the current
// one, and returns it.
func (s *scanner) push() *frame {
	parent := s.top()
	f := frame{
		headBase:  len(s.headings),
		chain:     parent.chain,
		leadIn:    parent.leadIn,
		listItem:  parent.listItem,
		ordered:   parent.ordered,
		quote:     parent.quote,
		inherited: parent.label(),
	}
	parent.fresh = false
	s.frames = append(s.frames, f)
	return s.top()
}

// pop closes the current container; headings met inside it stop applying.
func (s *scanner) pop() {
	f := s.top()
	if len(s.headings) > f.headBase {
		s.headings = s.headings[:f.headBase]
		s.levels = s.levels[:f.headBase]
		s.snap = slices.Clip(slices.Clone(s.headings))
	}
	if len(s.frames) > 1 {
		s.frames = s.frames[:len(s.frames)-1]
	}
}

// context returns the context every unit at the current place shares.
func (s *scanner) context() rules.Context {
	f := s.top()
	return rules.Context{
		Headings: s.snap,
		LeadIn:   f.leadIn,
		ListItem: f.listItem,
		Ordered:  f.listItem && f.ordered,
		Task:     f.listItem && f.task,
		Done:     f.listItem && f.done,
		Quote:    f.quote,
		Path:     s.path,
	}
}

func (s *scanner) visit(n ast.Node, entering bool) (ast.WalkStatus, error) {
	switch n.Kind() {
	case ast.KindParagraph, ast.KindTextBlock:
		if entering {
			s.beginInline()
		} else {
			s.endParagraph(n)
		}
	case ast.KindHeading:
		if entering {
			s.beginInline()
		} else {
			s.endHeading(n.(*ast.Heading))
		}
	case east.KindTableCell:
		if entering {
			s.beginInline()
		} else {
			s.endCell()
		}
	case ast.KindText:
		if entering {
			s.text(n.(*ast.Text))
		}
	case ast.KindCodeSpan:
		s.inCode = entering && s.inline
		if entering {
			s.codeStart = len(s.b.text)
		} else if s.inline && len(s.b.text) > s.codeStart {
			s.b.code = append(s.b.code, rules.Span{Start: s.codeStart, End: len(s.b.text)})
		}
	case ast.KindEmphasis:
		if entering && s.inline && s.labelEmph == nil && len(bytes.TrimSpace(s.b.text)) == 0 {
			s.labelEmph = n
		} else if !entering && n == s.labelEmph {
			s.labelEnd = len(s.b.text)
		}
	case ast.KindAutoLink:
		if entering {
			s.autoLink(n.(*ast.AutoLink))
		}
		return ast.WalkSkipChildren, nil
	case ast.KindRawHTML:
		if entering {
			s.rawHTML(n.(*ast.RawHTML))
		}
		return ast.WalkSkipChildren, nil
	case ast.KindFencedCodeBlock, ast.KindCodeBlock:
		if entering {
			s.codeBlock(n)
		}
		return ast.WalkSkipChildren, nil
	case ast.KindHTMLBlock:
		if entering {
			s.htmlBlock(n.(*ast.HTMLBlock))
		}
		return ast.WalkSkipChildren, nil
	case ast.KindLinkReferenceDefinition:
		return ast.WalkSkipChildren, nil
	case ast.KindThematicBreak:
		if entering {
			f := s.top()
			f.own, f.fresh = "", false
		}
	case ast.KindBlockquote:
		if entering {
			s.push().quote = true
		} else {
			s.pop()
		}
	case ast.KindList:
		if entering {
			s.beginList(n.(*ast.List))
		} else {
			s.pop()
		}
	case ast.KindListItem:
		if entering {
			f := s.push()
			f.listItem = true
		} else {
			s.pop()
		}
	case east.KindTaskCheckBox:
		// an open box is a step still to take; a ticked one, in a pull
		// request or a changelog, reports what was done
		if entering {
			if n.(*east.TaskCheckBox).IsChecked {
				s.top().done = true
			} else {
				s.top().task = true
			}
		}
	case east.KindTable:
		if entering {
			s.beginTable(n)
		} else {
			s.table = table{}
		}
	case east.KindTableHeader, east.KindTableRow:
		if entering {
			s.table.cells = s.table.cells[:0]
		} else {
			s.endRow(n.Kind() == east.KindTableHeader)
		}
	}
	return ast.WalkContinue, nil
}

// leadInOf returns the text of the paragraph just before n, if n's
// previous sibling is the paragraph completed last.
func (s *scanner) leadInOf(n ast.Node) (paragraph, bool) {
	prev := n.PreviousSibling()
	if prev == nil || prev != s.last.node {
		return paragraph{}, false
	}
	return s.last, true
}

// chainWith returns the current lead-in chain extended by nearest.
func (s *scanner) chainWith(nearest string) []string {
	chain := s.top().chain
	if nearest == "" {
		return chain
	}
	chain = append(slices.Clip(chain), nearest)
	if len(chain) > maxLeadIns {
		chain = slices.Clip(chain[len(chain)-maxLeadIns:])
	}
	return chain
}

// beginList opens a list. Its lead-in is the paragraph just before it, or,
// for a list nested in an item, the item's first paragraph.
func (s *scanner) beginList(l *ast.List) {
	nearest := ""
	if p, ok := s.leadInOf(l); ok {
		nearest = p.text
	} else if f := s.top(); f.listItem && l.Parent() != nil && l.Parent().Kind() == ast.KindListItem {
		nearest = f.first
	}
	chain := s.chainWith(nearest)
	f := s.push()
	f.chain, f.leadIn, f.ordered = chain, strings.Join(chain, "\n"), l.IsOrdered()
}

// beginTable opens a table; its cells take the paragraph before it as
// lead-in, after those of the lists around it.
func (s *scanner) beginTable(n ast.Node) {
	nearest := ""
	if p, ok := s.leadInOf(n); ok {
		nearest = p.text
	}
	s.table = table{leadIn: strings.Join(s.chainWith(nearest), "\n")}
	s.top().fresh = false
}

func (s *scanner) beginInline() {
	s.b.reset()
	s.inline = true
	s.inCode = false
	s.labelEmph = nil
	s.labelEnd = -1
}

// finishInline ends the inline text being read and returns its label.
func (s *scanner) finishInline() (lo, hi int, label string, only bool) {
	s.inline = false
	s.inCode = false
	lo, hi = s.b.trim()
	if s.labelEnd >= 0 && s.labelEnd >= lo && s.labelEnd <= hi {
		label, only = formats.EmphasisLabel(string(s.b.text[lo:s.labelEnd]), string(s.b.text[s.labelEnd:hi]))
	}
	if label == "" {
		label, only = formats.MarkerLabel(string(s.b.text[lo:hi]))
	}
	return lo, hi, label, only
}

// emit appends a unit made from the builder, then the inline comments met
// while reading it, and returns the unit's text.
func (s *scanner) emit(kind rules.Kind, lo, hi int, ctx rules.Context) string {
	u, ok := s.b.unit(kind, lo, hi, ctx)
	s.emitted = -1
	if ok {
		s.emitted = len(s.units)
		s.units = append(s.units, u)
	}
	s.flushComments()
	return u.Text
}

func (s *scanner) flushComments() {
	s.units = append(s.units, s.comments...)
	clear(s.comments)
	s.comments = s.comments[:0]
}

func (s *scanner) endParagraph(n ast.Node) {
	lo, hi, own, only := s.finishInline()
	f := s.top()
	ctx := s.context()
	switch {
	case own != "":
		ctx.Label = own
	case f.own != "" && f.fresh:
		ctx.Label = f.own
	default:
		ctx.Label = f.inherited
	}
	if only {
		f.own, f.fresh = own, true
	} else {
		f.own, f.fresh = "", false
	}
	text := s.emit(rules.Prose, lo, hi, ctx)
	if f.listItem && n.Parent() != nil && n.Parent().FirstChild() == n && n.Parent().Kind() == ast.KindListItem {
		f.first = text
	}
	if s.emitted >= 0 && loneCodeSpan(s.units[s.emitted]) && s.last.unit >= 0 && s.last.unit < s.emitted && endsBefore(s.last.node, n) {
		// a command on a line of its own after the sentence that
		// introduces it, as command pages give them ("- Remove stale lock
		// files:" then "`brew cleanup`")
		s.units[s.last.unit].Ctx.After = text
	}
	s.last = paragraph{node: n, text: text, label: own, unit: s.emitted}
}

// loneCodeSpan: the unit's text is one code span and nothing else.
func loneCodeSpan(u rules.Unit) bool {
	return len(u.Code) == 1 && u.Code[0].Start == 0 && u.Code[0].End == len(u.Text)
}

// endsBefore: p is n's previous sibling, or the last paragraph of the
// last item of a list that is.
func endsBefore(p, n ast.Node) bool {
	prev := n.PreviousSibling()
	if prev == nil || p == nil {
		return false
	}
	if prev == p {
		return true
	}
	if prev.Kind() != ast.KindList || prev.LastChild() == nil {
		return false
	}
	return prev.LastChild().LastChild() == p
}

// endHeading emits a heading with the path above it, then makes it part
// of the path. A heading ends any label in force.
func (s *scanner) endHeading(h *ast.Heading) {
	lo, hi, own, _ := s.finishInline()
	f := s.top()
	f.own, f.fresh = "", false
	ctx := s.context()
	ctx.Label = own
	text := s.emit(rules.Heading, lo, hi, ctx)
	for len(s.headings) > f.headBase && s.levels[len(s.levels)-1] >= h.Level {
		s.headings = s.headings[:len(s.headings)-1]
		s.levels = s.levels[:len(s.levels)-1]
	}
	s.headings = append(s.headings, text)
	s.levels = append(s.levels, h.Level)
	s.snap = slices.Clip(slices.Clone(s.headings))
}

// endCell keeps a cell's unit until its row is complete.
func (s *scanner) endCell() {
	lo, hi, own, _ := s.finishInline()
	ctx := s.context()
	ctx.LeadIn = s.table.leadIn
	ctx.Label = own
	if own == "" {
		ctx.Label = s.top().label()
	}
	u, _ := s.b.unit(rules.Prose, lo, hi, ctx)
	s.table.cells = append(s.table.cells, u)
}

// endRow emits the cells of a row, each with its column header and the
// texts of the whole row.
func (s *scanner) endRow(header bool) {
	cells := s.table.cells
	row := make([]string, len(cells))
	for i, c := range cells {
		row[i] = c.Text
	}
	if header {
		s.table.cols = row
	}
	for i, c := range cells {
		if c.Text == "" {
			continue
		}
		if i < len(s.table.cols) {
			c.Ctx.Column = s.table.cols[i]
		}
		c.Ctx.Row, c.Ctx.Columns = row, s.table.cols
		s.units = append(s.units, c)
	}
	clear(s.table.cells)
	s.table.cells = s.table.cells[:0]
	s.flushComments()
}

// text appends a text node: raw inside inline code, with backslash escapes
// resolved elsewhere, and a '\n' for the line break that ends it.
func (s *scanner) text(t *ast.Text) {
	if !s.inline {
		return
	}
	start, stop := t.Segment.Start, min(t.Segment.Stop, len(s.src))
	d := s.delta(start)
	if s.inCode {
		for i := start; i < stop; i++ {
			if c := s.src[i]; c != '\r' || i+1 >= stop || s.src[i+1] != '\n' {
				s.b.add(c, d+i)
			}
		}
	} else {
		for i := start; i < stop; i++ {
			if s.src[i] == '\\' && i+1 < stop && isASCIIPunct(s.src[i+1]) {
				i++
			}
			s.b.add(s.src[i], d+i)
		}
	}
	if t.SoftLineBreak() || t.HardLineBreak() {
		if p := lineBreak(s.src, stop); p >= 0 {
			s.b.add('\n', d+p)
		}
	}
}

// lineBreak returns the offset of the line break at or after i: the '\r'
// of "\r\n", or the '\n'. It returns -1 when the source ends first.
func lineBreak(src []byte, i int) int {
	for ; i < len(src); i++ {
		if src[i] == '\n' || src[i] == '\r' {
			return i
		}
	}
	return -1
}

func isASCIIPunct(c byte) bool {
	return '!' <= c && c <= '/' || ':' <= c && c <= '@' || '[' <= c && c <= '`' || '{' <= c && c <= '~'
}

// autoLink appends the address of an autolink (<https://...>); goldmark
// keeps it outside the node's children.
func (s *scanner) autoLink(a *ast.AutoLink) {
	if !s.inline {
		return
	}
	label := a.Label(s.src)
	p := a.Pos()
	if p >= 0 && p < len(s.src) && s.src[p] == '<' && bytes.HasPrefix(s.src[p+1:], label) {
		s.b.addRun(s.src, p+1, p+1+len(label), s.delta(p))
	}
}

// rawHTML drops inline HTML from the text; an HTML comment becomes a unit
// of its own, after the paragraph, so that suppression comments written
// inside a paragraph can be read.
func (s *scanner) rawHTML(h *ast.RawHTML) {
	if h.Segments == nil || h.Segments.Len() == 0 {
		return
	}
	segs := h.Segments.Sliced(0, h.Segments.Len())
	if !bytes.HasPrefix(s.src[segs[0].Start:segs[0].Stop], []byte("<!--")) {
		return
	}
	var b builder
	joinLines(&b, s, segs)
	ctx := s.context()
	ctx.Info = "html"
	lo, hi := b.trim()
	if u, ok := b.unit(rules.Prose, lo, hi, ctx); ok {
		s.comments = append(s.comments, u)
	}
}

// codeBlock emits a fenced or indented code block: its lines joined by
// '\n', without fences and without the indentation of the containers.
func (s *scanner) codeBlock(n ast.Node) {
	s.b.reset()
	joinLines(&s.b, s, n.Lines().Sliced(0, n.Lines().Len()))
	ctx := s.context()
	ctx.Label = s.top().label()
	if fc, ok := n.(*ast.FencedCodeBlock); ok && fc.Info != nil {
		seg := fc.Info.Segment
		if f := bytes.Fields(s.src[seg.Start:seg.Stop]); len(f) > 0 {
			ctx.Info = strings.ToLower(string(f[0]))
		}
	}
	if p, ok := s.leadInOf(n); ok {
		ctx.Before = p.text
		if ctx.Label == "" {
			ctx.Label = p.label
		}
	}
	s.top().fresh = false
	lo, hi := 0, len(s.b.text)
	for hi > lo && s.b.text[hi-1] == '\n' {
		hi--
	}
	if u, ok := s.b.unit(rules.CodeBlock, lo, hi, ctx); ok {
		if prev := n.PreviousSibling(); prev != nil && prev == s.lastCode.node && s.lastCode.unit < len(s.units) {
			// the block right after a code block: its output, as often
			s.units[s.lastCode.unit].Ctx.After = u.Text
		} else if s.last.unit >= 0 && s.last.unit < len(s.units) && endsBefore(s.last.node, n) {
			// the commands the paragraph before introduces
			s.units[s.last.unit].Ctx.After = u.Text
		}
		s.units = append(s.units, u)
		s.lastCode = codeUnit{node: n, unit: len(s.units) - 1}
	}
}

// codeUnit is the last code block met and the index of its unit.
type codeUnit struct {
	node ast.Node
	unit int
}

// htmlBlock emits an HTML block verbatim, marked by Info "html".
func (s *scanner) htmlBlock(h *ast.HTMLBlock) {
	s.b.reset()
	segs := h.Lines().Sliced(0, h.Lines().Len())
	if h.HasClosure() {
		segs = append(slices.Clip(segs), h.ClosureLine)
	}
	joinLines(&s.b, s, segs)
	ctx := s.context()
	ctx.Info = "html"
	lo, hi := s.b.trim()
	if u, ok := s.b.unit(rules.Prose, lo, hi, ctx); ok {
		s.units = append(s.units, u)
	}
}

// joinLines appends the lines segs to b, each without its line break,
// separated by '\n' mapped to the break between them in the source.
// Segments that stop short of their line's end (blank lines inside
// containers can) are joined at the first break after them.
func joinLines(b *builder, s *scanner, segs []text.Segment) {
	src := s.src
	prev := -1 // end of the previous line's content
	for i, seg := range segs {
		start, stop := min(seg.Start, len(src)), min(seg.Stop, len(src))
		if start > stop || start < prev {
			continue
		}
		if i > 0 && prev >= 0 {
			if p := bytes.IndexAny(src[prev:start], "\r\n"); p >= 0 {
				b.add('\n', s.delta(prev)+prev+p)
			}
		}
		end := stop
		if end > start && src[end-1] == '\n' {
			end--
		}
		if end > start && src[end-1] == '\r' {
			end--
		}
		b.addRun(src, start, end, s.delta(start))
		prev = end
	}
}
