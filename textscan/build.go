package textscan

import "github.com/recoverlint/recoverlint/rules"

// builder accumulates the text of one unit together with the source offset
// of every byte, so that the unit can be cut out without searching again.
type builder struct {
	text []byte
	offs []int
}

func (b *builder) reset() {
	b.text = b.text[:0]
	b.offs = b.offs[:0]
}

func (b *builder) add(c byte, off int) {
	b.text = append(b.text, c)
	b.offs = append(b.offs, off)
}

// addRun appends src[start:stop] verbatim.
func (b *builder) addRun(src []byte, start, stop int) {
	b.text = append(b.text, src[start:stop]...)
	for i := start; i < stop; i++ {
		b.offs = append(b.offs, i)
	}
}

// arena hands out offset slices cut from larger blocks, so that a file with
// many small units costs a few allocations instead of one per unit. Every
// slice it returns has its capacity clipped, so no two units share memory
// that either could grow into.
type arena struct {
	buf  []int
	hint int
}

func (a *arena) take(n int) []int {
	if n > len(a.buf) {
		size := max(n, a.hint)
		a.hint = min(2*max(a.hint, 1024), 1<<16)
		a.buf = make([]int, size)
	}
	s := a.buf[:n:n]
	a.buf = a.buf[n:]
	return s
}

// unit turns the builder's content into a unit: text and offsets copied,
// the final offset just past the last byte.
func (a *arena) unit(kind rules.Kind, b *builder, code []rules.Span, ctx rules.Context) rules.Unit {
	n := len(b.text)
	offs := a.take(n + 1)
	copy(offs, b.offs)
	offs[n] = b.offs[n-1] + 1
	return rules.Unit{Kind: kind, Text: string(b.text), Offsets: offs, Code: code, Ctx: ctx}
}
