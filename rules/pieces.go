package rules

import (
	"sort"
	"unicode/utf8"
)

// MaxPiece is the most text of one unit judged at once. A unit is a
// paragraph, a list item, a string or a code block: real ones are a few
// kilobytes, but a one-line file is one unit the size of the file, and
// judging it whole held its folded copy and offsets beside it (a 16 MiB
// one-line Markdown file peaked past 150 MiB). A longer unit is judged
// in pieces of whole sentences (whole lines in a code block), each as a
// unit of its own with the same context: what a sentence's unit says
// elsewhere (a process noun, a colon-ended lead-in just before the cut)
// reaches only within its piece. Scanners that build units from a
// source cut them at the same points (PieceEnd), so that they never
// hold more than a piece either.
const MaxPiece = 1 << 20

// PieceEnd returns where the first piece of text ends, for a text longer
// than limit: just past the last sentence end that leaves the piece at
// most limit bytes (a '.', '!' or '?' followed by a space, tab or line
// break; in lines mode, a line break first), else just past the last
// line break or blank, else at limit moved back to the start of a rune.
// It reads at most limit bytes, so cutting a text into pieces is linear.
func PieceEnd[T ~string | ~[]byte](text T, limit int, lines bool) int {
	if limit >= len(text) {
		return len(text)
	}
	if limit < 1 {
		limit = 1
	}
	blank, brk := -1, -1
	for i := limit - 1; i > 0; i-- {
		switch text[i] {
		case '\n':
			if lines {
				return i + 1
			}
			if brk < 0 {
				brk = i + 1
			}
			fallthrough
		case ' ', '\t':
			if blank < 0 {
				blank = i + 1
			}
			if !lines && (text[i-1] == '.' || text[i-1] == '!' || text[i-1] == '?') {
				return i + 1
			}
		}
	}
	switch {
	case brk > 0:
		return brk
	case blank > 0:
		return blank
	}
	end := limit
	for end > 1 && !utf8.RuneStart(text[end]) {
		end--
	}
	return end
}

// eachPiece passes fn the pieces of a unit longer than MaxPiece, in
// order; a shorter unit is passed as it is. A cut does not fall inside
// an inline code span that starts in the piece.
func eachPiece(u Unit, fn func(Unit)) {
	if len(u.Text) <= MaxPiece {
		fn(u)
		return
	}
	spans := sortedSpans(u.Code)
	lines := u.Kind == CodeBlock
	for lo, k := 0, 0; lo < len(u.Text); {
		hi := lo + PieceEnd(u.Text[lo:], MaxPiece, lines)
		if hi < len(u.Text) {
			j := sort.Search(len(spans), func(j int) bool { return spans[j].End > hi })
			if j < len(spans) && spans[j].Start > lo && spans[j].Start < hi {
				hi = spans[j].Start
			}
		}
		p := Unit{Kind: u.Kind, Text: u.Text[lo:hi], Ctx: u.Ctx}
		if hi == len(u.Text) {
			p.Offsets.Append(u.Offsets, lo, hi+1) // the unit's own end
		} else {
			p.Offsets.Append(u.Offsets, lo, hi)
			p.Offsets.Add(u.Offsets.At(hi-1) + 1)
		}
		for ; k < len(spans) && spans[k].Start < hi; k++ {
			sp := Span{Start: max(spans[k].Start, lo) - lo, End: min(spans[k].End, hi) - lo}
			if sp.End > sp.Start {
				p.Code = append(p.Code, sp)
			}
			if spans[k].End > hi {
				break // it goes on in the next piece
			}
		}
		fn(p)
		lo = hi
	}
}
