package mdscan

import (
	"bytes"
	"slices"

	"github.com/recoverlint/recoverlint/internal/formats"
	"github.com/recoverlint/recoverlint/rules"
)

// Section is a stretch of a Markdown document that goldmark reads the same
// way with or without the stretches around it (see Sections). Sections
// tile the document: the first starts at 0, each ends where the next
// starts.
type Section struct {
	Start, End int
	// Lead is set when the section opens with its own heading line.
	Lead bool
	// Heads are the lines of the section that may be headings or parts of
	// headings, in any container; a superset of the real ones.
	Heads []rules.Span
	// Refs is set when the section may hold a link reference definition,
	// which applies to the whole document.
	Refs bool
}

// Sections splits a document at the top-level ATX headings where goldmark
// has nothing open: a line "#"…"######" at column 0, after a blank line,
// outside any fenced code block and any HTML block that a blank line does
// not end. Such a line closes every list and block quote, and no inline
// construct spans a blank line, so each section parses the same inside
// the whole document as on its own, given the headings above it and the
// document's link reference definitions.
//
// Where a line could open a code block or an HTML block or not (indented
// by one to three spaces, so maybe inside a list item; an HTML tag that
// opens a block only outside a paragraph), both readings are followed, and
// a heading starts a section only when every reading agrees that nothing
// is open. Readings that stay apart for long end the splitting: the rest
// of the document is one section.
func Sections(src []byte) []Section {
	base := formats.FrontMatterEnd(src)
	secs := []Section{{Start: 0}}
	cur := &secs[0]
	states := []rawState{{}}
	var spare []rawState
	prevBlank := true
	lost := false
	para := -1 // start of the paragraph-like run of lines before this one
	// nextRef is where the next "]:" ends (one search over the document
	// instead of one per line); past the end when there is none
	nextRef := base
	findRef := func(from int) {
		if k := bytes.Index(src[from:], []byte("]:")); k >= 0 {
			nextRef = from + k + 2
		} else {
			nextRef = len(src) + 1
		}
	}
	findRef(base)
	for pos := base; pos < len(src); {
		end := bytes.IndexByte(src[pos:], '\n')
		next := len(src)
		if end < 0 {
			end = len(src)
		} else {
			end += pos
			next = end + 1
		}
		line := src[pos:end]
		blank := isBlankLine(line)
		open := false
		for _, st := range states {
			if st.kind != rawNone {
				open = true
			}
		}
		if !lost && !blank && prevBlank && !open && atxAtColumn0(line) {
			if pos > cur.Start || cur.Lead {
				cur.End = pos
				secs = append(secs, Section{Start: pos})
				cur = &secs[len(secs)-1]
			}
			cur.Lead = true
		}
		if !lost {
			if nextRef <= end {
				cur.Refs = true
			}
			if anyNone(states) {
				switch t := stripContainers(line); {
				case len(t) > 0 && t[0] == '#':
					cur.Heads = append(cur.Heads, rules.Span{Start: pos, End: end})
				case para >= 0 && underline(t):
					// a setext heading: the lines above, back to a blank one
					cur.Heads = append(cur.Heads, rules.Span{Start: para, End: pos})
				}
			}
		}
		if containerBlank(line) {
			para = -1
		} else if para < 0 {
			para = pos
		}
		if !lost {
			if !quiet(states, line) {
				next := stepAll(states, line, spare[:0])
				spare, states = states, next
				if len(states) > maxReadings {
					lost = true
				}
			}
		}
		if nextRef <= next {
			findRef(next)
		}
		prevBlank = blank
		pos = next
	}
	cur.End = len(src)
	return secs
}

// maxReadings bounds how many readings of the open blocks are followed.
const maxReadings = 8

// rawState is what is open at the top level after a line, in one reading:
// nothing, a fenced code block, or an HTML block. In a reading where an
// indented fence opened inside a list item, nested holds that fence: its
// lines are the item's, not the top level's, until it closes or a line at
// column 0 closes the item.
type rawState struct {
	kind   uint8
	fence  byte // the fence character
	n      int  // the fence length
	nested nestedFence
}

type nestedFence struct {
	fence byte // 0 when none is open
	n     int
	w     int // the indentation of its opening line
}

const (
	rawNone   = iota
	rawFence  // until a closing fence
	rawHTML1  // <script, <pre, <style, <textarea: until a line with their end tag
	rawHTML2  // <!--: until -->
	rawHTML3  // <?: until ?>
	rawHTML4  // <!X: until >
	rawHTML5  // <![CDATA[: until ]]>
	rawHTML67 // other block tags: until a blank line
)

func anyNone(states []rawState) bool {
	for _, s := range states {
		if s.kind == rawNone {
			return true
		}
	}
	return false
}

// quiet reports a line that changes no reading: nothing is open and the
// line opens nothing (most lines of most documents), or one fenced code
// block is open and the line cannot close it (most lines of code).
func quiet(states []rawState, line []byte) bool {
	if len(states) != 1 {
		return false
	}
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	switch s := states[0]; {
	case s == rawState{}:
		return i == len(line) || line[i] != '`' && line[i] != '~' && line[i] != '<'
	case s.kind == rawFence && s.nested.fence == 0:
		// a closing fence starts with the fence character
		return i == len(line) || line[i] != s.fence
	}
	return false
}

// stepAll advances every reading over one line, appending to out.
func stepAll(states []rawState, line []byte, out []rawState) []rawState {
	var buf [3]rawState
	for _, s := range states {
		for _, n := range step(s, line, buf[:0]) {
			if !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	return out
}

// step appends to out the readings after line, given what was open
// before it.
func step(s rawState, line []byte, out []rawState) []rawState {
	none := rawState{}
	switch s.kind {
	case rawFence:
		if w, i := indentWidth(line); w < 4 {
			j := i
			for j < len(line) && line[j] == s.fence {
				j++
			}
			if j-i >= s.n && isBlankLine(line[j:]) {
				return append(out, none)
			}
		}
		return append(out, s)
	case rawHTML1:
		if html1Close(line) {
			return append(out, none)
		}
		return append(out, s)
	case rawHTML2, rawHTML3, rawHTML4, rawHTML5:
		if bytes.Contains(line, htmlClose[s.kind]) {
			return append(out, none)
		}
		return append(out, s)
	case rawHTML67:
		if isBlankLine(line) {
			return append(out, none)
		}
		return append(out, s)
	}
	w, i := indentWidth(line)
	if nf := s.nested; nf.fence != 0 && i < len(line) && w > 0 {
		// the line is the nested fence's if it sits inside the item; one
		// indented less than the fence's opening line may sit outside
		closer := w < nf.w+4 && fenceRun(line[i:], nf.fence) >= nf.n
		inside := s
		if closer {
			inside = none
		}
		switch {
		case w == nf.w:
			return append(out, inside)
		case w > nf.w:
			return append(out, inside, s)
		}
		return step(none, line, append(out, inside))
	}
	if i >= len(line) {
		return append(out, s) // blank: a nested fence stays open
	}
	// nothing open (a line at column 0 closes any list item): does the
	// line open something?
	if w >= 4 {
		return append(out, none)
	}
	opened, sure := opener(line, i)
	if opened.kind == rawNone {
		return append(out, none)
	}
	if w > 0 {
		// indented: maybe inside a list item, where it closes with the item
		alt := none
		if opened.kind == rawFence {
			alt.nested = nestedFence{fence: opened.fence, n: opened.n, w: w}
		}
		return append(out, opened, alt)
	}
	if !sure {
		// a tag that opens a block only outside a paragraph
		return append(out, opened, none)
	}
	return append(out, opened)
}

// fenceRun returns the length of the run of c that t opens with, when
// nothing but blanks follows it; else 0.
func fenceRun(t []byte, c byte) int {
	j := 0
	for j < len(t) && t[j] == c {
		j++
	}
	if !isBlankLine(t[j:]) {
		return 0
	}
	return j
}

var htmlClose = map[uint8][]byte{
	rawHTML2: []byte("-->"),
	rawHTML3: []byte("?>"),
	rawHTML4: []byte(">"),
	rawHTML5: []byte("]]>"),
}

// opener reads what the line opens at its first non-blank byte i, as
// goldmark's fenced code and HTML block parsers do; sure is false where
// goldmark's choice depends on what came before (HTML block type 7).
// A block that closes on its own first line opens nothing.
func opener(line []byte, i int) (rawState, bool) {
	t := line[i:]
	switch t[0] {
	case '`', '~':
		n := 0
		for n < len(t) && t[n] == t[0] {
			n++
		}
		if n < 3 || t[0] == '`' && bytes.IndexByte(t[n:], '`') >= 0 {
			return rawState{}, true
		}
		return rawState{kind: rawFence, fence: t[0], n: n}, true
	case '<':
	default:
		return rawState{}, true
	}
	if bytes.IndexByte(line[:i], '\t') >= 0 {
		return rawState{}, true // goldmark's HTML patterns allow spaces only
	}
	low := bytes.ToLower(t)
	kind := uint8(rawNone)
	switch {
	case html1Open(low):
		if html1Close(line) {
			return rawState{}, true
		}
		return rawState{kind: rawHTML1}, true
	case bytes.HasPrefix(t, []byte("<!--")):
		kind = rawHTML2
	case bytes.HasPrefix(t, []byte("<?")):
		kind = rawHTML3
	case len(t) > 2 && t[1] == '!' && t[2] >= 'A' && t[2] <= 'Z':
		kind = rawHTML4
	case bytes.HasPrefix(t, []byte("<![CDATA[")):
		kind = rawHTML5
	}
	if kind != rawNone {
		if bytes.Contains(line, htmlClose[kind]) {
			return rawState{}, true
		}
		return rawState{kind: kind}, true
	}
	name, rest := tagName(t)
	if name == nil {
		return rawState{}, true
	}
	if blockTags[string(bytes.ToLower(name))] && (len(rest) == 0 || rest[0] == ' ' || rest[0] == '>' ||
		rest[0] == '\r' || rest[0] == '\n' || bytes.HasPrefix(rest, []byte("/>"))) {
		return rawState{kind: rawHTML67}, true
	}
	// maybe a complete tag alone on its line (type 7), maybe text
	return rawState{kind: rawHTML67}, false
}

// tagName reads "<name" or "</ name" and returns the name and what
// follows it.
func tagName(t []byte) (name, rest []byte) {
	j := 1
	if j < len(t) && t[j] == '/' {
		j++
		for j < len(t) && t[j] == ' ' {
			j++
		}
	}
	k := j
	if k >= len(t) || !isASCIILetter(t[k]) {
		return nil, nil
	}
	for k < len(t) && (isASCIILetter(t[k]) || t[k] >= '0' && t[k] <= '9' || t[k] == '-') {
		k++
	}
	return t[j:k], t[k:]
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func html1Open(low []byte) bool {
	for _, tag := range []string{"<script", "<pre", "<style", "<textarea"} {
		if bytes.HasPrefix(low, []byte(tag)) {
			rest := low[len(tag):]
			return len(rest) == 0 || rest[0] == ' ' || rest[0] == '\t' || rest[0] == '>' ||
				rest[0] == '\r' || rest[0] == '\n' || rest[0] == '\v' || rest[0] == '\f' ||
				bytes.HasPrefix(rest, []byte("/>"))
		}
	}
	return false
}

func html1Close(line []byte) bool {
	low := bytes.ToLower(line)
	for _, tag := range []string{"</script>", "</pre>", "</style>", "</textarea>"} {
		if bytes.Contains(low, []byte(tag)) {
			return true
		}
	}
	return false
}

// blockTags are the tags of goldmark's HTML blocks of type 6.
var blockTags = map[string]bool{
	"address": true, "article": true, "aside": true, "base": true, "basefont": true, "blockquote": true,
	"body": true, "caption": true, "center": true, "col": true, "colgroup": true, "dd": true,
	"details": true, "dialog": true, "dir": true, "div": true, "dl": true, "dt": true, "fieldset": true,
	"figcaption": true, "figure": true, "footer": true, "form": true, "frame": true, "frameset": true,
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "head": true, "header": true,
	"hr": true, "html": true, "iframe": true, "legend": true, "li": true, "link": true, "main": true,
	"menu": true, "menuitem": true, "meta": true, "nav": true, "noframes": true, "ol": true,
	"optgroup": true, "option": true, "p": true, "param": true, "search": true, "section": true,
	"summary": true, "table": true, "tbody": true, "td": true, "tfoot": true, "th": true, "thead": true,
	"title": true, "tr": true, "track": true, "ul": true,
}

// indentWidth returns the columns of a line's leading blanks (tabs to the
// next multiple of 4) and the offset of its first other byte.
func indentWidth(line []byte) (w, i int) {
	for i < len(line) {
		switch line[i] {
		case ' ':
			w++
		case '\t':
			w += 4 - w%4
		default:
			return w, i
		}
		i++
	}
	return w, i
}

func isBlankLine(line []byte) bool {
	for _, c := range line {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return false
		}
	}
	return true
}

// atxAtColumn0 reports a line that goldmark reads as an ATX heading when
// nothing is open: one to six '#' at column 0, then a blank or the end.
func atxAtColumn0(line []byte) bool {
	n := 0
	for n < len(line) && line[n] == '#' {
		n++
	}
	if n == 0 || n > 6 {
		return false
	}
	return n == len(line) || line[n] == ' ' || line[n] == '\t' || line[n] == '\r'
}

// stripContainers skips blanks, block quote markers and list markers at
// the start of a line.
func stripContainers(line []byte) []byte {
	for {
		i := 0
		for i < len(line) && (line[i] == ' ' || line[i] == '\t' || line[i] == '>') {
			i++
		}
		line = line[i:]
		if len(line) >= 2 && (line[0] == '-' || line[0] == '*' || line[0] == '+') && (line[1] == ' ' || line[1] == '\t') {
			line = line[2:]
			continue
		}
		j := 0
		for j < len(line) && j < 9 && line[j] >= '0' && line[j] <= '9' {
			j++
		}
		if j > 0 && j+1 < len(line) && (line[j] == '.' || line[j] == ')') && (line[j+1] == ' ' || line[j+1] == '\t') {
			line = line[j+2:]
			continue
		}
		return line
	}
}

// underline reports whether t, a line without its container markers, may
// be a setext heading's underline.
func underline(t []byte) bool {
	if len(t) == 0 || t[0] != '=' && t[0] != '-' {
		return false
	}
	t = bytes.TrimRight(t, " \t\r")
	for _, c := range t {
		if c != t[0] {
			return false
		}
	}
	return true
}

// containerBlank: the line holds nothing but container markers.
func containerBlank(line []byte) bool {
	for _, c := range line {
		if c != ' ' && c != '\t' && c != '\r' && c != '>' {
			return false
		}
	}
	return true
}
