package mdscan

import (
	"github.com/recoverlint/recoverlint/rules"
)

// builder accumulates the text of one unit together with the source offset
// of every byte and the inline code spans met so far.
type builder struct {
	text []byte
	offs rules.Offsets
	code []rules.Span
}

func (b *builder) reset() {
	b.text = b.text[:0]
	b.offs.Reset()
	b.code = b.code[:0]
}

func (b *builder) add(c byte, off int) {
	b.text = append(b.text, c)
	b.offs.Add(off)
}

// addRun appends src[start:stop] verbatim; delta is what to add to an
// offset in src to find it in the whole source.
func (b *builder) addRun(src []byte, start, stop, delta int) {
	b.text = append(b.text, src[start:stop]...)
	b.offs.AddRun(delta+start, stop-start)
}

// trim returns the bounds of the text without leading and trailing blanks
// and line breaks.
func (b *builder) trim() (lo, hi int) {
	lo, hi = 0, len(b.text)
	for lo < hi && isBlank(b.text[lo]) {
		lo++
	}
	for hi > lo && isBlank(b.text[hi-1]) {
		hi--
	}
	return lo, hi
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// unit makes a unit of b.text[lo:hi] and the code spans inside it; it
// returns false when the range is empty.
func (b *builder) unit(kind rules.Kind, lo, hi int, ctx rules.Context) (rules.Unit, bool) {
	if hi <= lo {
		return rules.Unit{}, false
	}
	var offs rules.Offsets
	offs.Append(b.offs, lo, hi)
	offs.Add(b.offs.At(hi-1) + 1)
	var code []rules.Span
	for _, c := range b.code {
		s, e := max(c.Start, lo)-lo, min(c.End, hi)-lo
		if s < e {
			code = append(code, rules.Span{Start: s, End: e})
		}
	}
	return rules.Unit{Kind: kind, Text: string(b.text[lo:hi]), Offsets: offs, Code: code, Ctx: ctx}, true
}
