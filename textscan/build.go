package textscan

import (
	"bytes"
	"unsafe"

	"github.com/recoverlint/recoverlint/rules"
)

// builder accumulates the text of one unit together with the source offset
// of every byte, so that the unit can be cut out without searching again.
type builder struct {
	text []byte
	offs rules.Offsets
}

// maxKept is the most text a builder keeps room for between units: a
// larger buffer would be held, beside the unit copied from it, while the
// unit is classified.
const maxKept = 1 << 20

// release lets go of a buffer past maxKept.
func (b *builder) release() {
	if cap(b.text) > maxKept {
		b.text = nil
	}
}

func (b *builder) reset() {
	b.text = b.text[:0]
	b.offs.Reset()
}

func (b *builder) add(c byte, off int) {
	b.text = append(b.text, c)
	b.offs.Add(off)
}

// addRun appends src[start:stop] verbatim.
func (b *builder) addRun(src []byte, start, stop int) {
	b.text = append(b.text, src[start:stop]...)
	b.offs.AddRun(start, stop-start)
}

// unit turns the builder's content into a unit: offsets copied, the
// final offset just past the last byte, and the text from textOf.
func unit(kind rules.Kind, src []byte, b *builder, code []rules.Span, ctx rules.Context) rules.Unit {
	n := len(b.text)
	var offs rules.Offsets
	offs.Append(b.offs, 0, n)
	offs.Add(b.offs.At(n-1) + 1)
	return rules.Unit{Kind: kind, Text: textOf(src, b), Offsets: offs, Code: code, Ctx: ctx}
}

// textOf returns the builder's text. Text that is a stretch of src as it
// stands (a paragraph of one line, most of a file's units) shares src's
// memory instead of being copied: a one-line file is one unit as large
// as the file, and its copy would be held beside the file and the
// classifier's folded text while it is classified. src is never written.
func textOf(src []byte, b *builder) string {
	if n := len(b.text); n > 0 && b.offs.Runs() == 1 {
		if at := b.offs.At(0); at >= 0 && at+n <= len(src) && bytes.Equal(src[at:at+n], b.text) {
			return unsafe.String(&src[at], n)
		}
	}
	return string(b.text)
}
