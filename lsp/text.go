package lsp

import (
	"errors"
	"unicode/utf8"
)

// encoding is how a position's character counts: UTF-16 code units (the
// LSP default) or bytes of UTF-8.
type encoding int

const (
	utf16Units encoding = iota
	utf8Bytes
)

func (e encoding) String() string {
	if e == utf8Bytes {
		return "utf-8"
	}
	return "utf-16"
}

// position is a zero-based line and character, as LSP gives them.
type position struct {
	Line      uint32 `json:"line"`
	Character uint32 `json:"character"`
}

type span struct {
	Start position `json:"start"`
	End   position `json:"end"`
}

// text is a document's content with the start offset of every line. A
// line ends at "\n", "\r\n" or a lone "\r", as LSP and the checker both
// read lines.
type text struct {
	s     string
	lines []int
}

func newText(s string) *text {
	t := &text{s: s, lines: []int{0}}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\n':
			t.lines = append(t.lines, i+1)
		case '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				continue
			}
			t.lines = append(t.lines, i+1)
		}
	}
	return t
}

// lineEnd is the offset of the end of line n's content, before its break.
func (t *text) lineEnd(n int) int {
	if n+1 >= len(t.lines) {
		return len(t.s)
	}
	end := t.lines[n+1] - 1
	if t.s[end] == '\n' && end > t.lines[n] && t.s[end-1] == '\r' {
		end--
	}
	return end
}

// offset turns a position into a byte offset. A line past the end is the
// end of the text, a character past the line's end its end (LSP says
// so); a character inside a multi-byte rune or a surrogate pair points at
// the rune's start.
func (t *text) offset(p position, enc encoding) int {
	if int(p.Line) >= len(t.lines) {
		return len(t.s)
	}
	start, end := t.lines[p.Line], t.lineEnd(int(p.Line))
	want := int(p.Character)
	if enc == utf8Bytes {
		off := min(start+want, end)
		for off > start && off < len(t.s) && !utf8.RuneStart(t.s[off]) {
			off--
		}
		return off
	}
	units := 0
	for off := start; off < end; {
		r, size := utf8.DecodeRuneInString(t.s[off:])
		n := 1
		if r >= 0x10000 {
			n = 2
		}
		if units+n > want {
			return off
		}
		units += n
		off += size
	}
	return end
}

// position turns a byte offset into a position.
func (t *text) position(off int, enc encoding) position {
	off = max(0, min(off, len(t.s)))
	line := 0
	for lo, hi := 0, len(t.lines)-1; lo <= hi; {
		mid := (lo + hi) / 2
		if t.lines[mid] <= off {
			line, lo = mid, mid+1
		} else {
			hi = mid - 1
		}
	}
	start := t.lines[line]
	if enc == utf8Bytes {
		for off > start && off < len(t.s) && !utf8.RuneStart(t.s[off]) {
			off--
		}
		return position{Line: uint32(line), Character: uint32(off - start)}
	}
	units := 0
	for i := start; i < off; {
		r, size := utf8.DecodeRuneInString(t.s[i:])
		if i+size > off {
			break // an offset inside a rune stands for the rune's start
		}
		if r >= 0x10000 {
			units += 2
		} else {
			units++
		}
		i += size
	}
	return position{Line: uint32(line), Character: uint32(units)}
}

// lineCol turns a checker's 1-based line and byte column into a position.
func (t *text) lineCol(line, col int, enc encoding) position {
	if line < 1 || line > len(t.lines) {
		return t.position(len(t.s), enc)
	}
	off := t.lines[line-1] + max(col-1, 0)
	return t.position(min(off, t.lineEnd(line-1)), enc)
}

// change is one content change of didChange: Range nil replaces the
// whole text.
type change struct {
	Range *span  `json:"range,omitempty"`
	Text  string `json:"text"`
}

var errBadRange = errors.New("change range ends before it starts")

// apply returns the text with a change made.
func (t *text) apply(c change, enc encoding) (*text, error) {
	if c.Range == nil {
		return newText(c.Text), nil
	}
	from, to := t.offset(c.Range.Start, enc), t.offset(c.Range.End, enc)
	if to < from {
		return nil, errBadRange
	}
	return newText(t.s[:from] + c.Text + t.s[to:]), nil
}
