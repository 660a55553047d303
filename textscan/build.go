package textscan

import "github.com/recoverlint/recoverlint/rules"

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

// unit turns the builder's content into a unit: text and offsets copied,
// the final offset just past the last byte.
func unit(kind rules.Kind, b *builder, code []rules.Span, ctx rules.Context) rules.Unit {
	n := len(b.text)
	var offs rules.Offsets
	offs.Append(b.offs, 0, n)
	offs.Add(b.offs.At(n-1) + 1)
	return rules.Unit{Kind: kind, Text: string(b.text), Offsets: offs, Code: code, Ctx: ctx}
}
