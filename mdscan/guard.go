package mdscan

import "bytes"

// Budgets for the work goldmark may be given. The estimates are rough and
// err on the side of Markdown: real documents stay orders of magnitude
// below them, while the inputs that make goldmark slow (thousands of
// nested quotes or lists, tens of thousands of unmatched brackets or
// emphasis markers in one paragraph) exceed them.
const (
	// depthBudget bounds the sum over lines of the square of the line's
	// container depth.
	depthBudget = 100_000_000
	// inlineBudget bounds the sum over runs of text lines of the square of
	// the inline punctuation the run holds.
	inlineBudget = 1_000_000_000
)

// costly reports whether src has a shape that would take goldmark too long
// to parse: containers nested too deep, or too much unmatched inline
// punctuation in one paragraph. It reads src once.
//
// A line's depth is the number of '>' and list markers that open it plus
// half its indentation, since nested list items are indented. Inline
// punctuation is counted per run of lines that one paragraph could span: a
// run ends at a blank line, and a list item or table row starts a new one
// because each has its own inline content. Lines inside fenced code are
// not counted.
func costly(src []byte) bool {
	if len(src) <= depthFree {
		return false
	}
	return costlyCounted(src, len(src) > inlineFree)
}

// Lengths under which a budget cannot be exceeded, so costly need not
// count. A line's depth is at most twice its length (a tab is four
// columns, two levels), so the sum of squared depths is at most
// (2*len(src))^2; the inline punctuation of all runs together is at most
// len(src), so the sum of their squares is at most len(src)^2.
const (
	depthFree  = 5_000  // (2*5,000)^2 = depthBudget
	inlineFree = 31_622 // 31,622^2 < inlineBudget
)

// costlyCounted is costly counting every line; inline punctuation only
// when inline is set.
func costlyCounted(src []byte, inline bool) bool {
	var (
		depthCost, inlineCost int
		run                   int  // inline punctuation in the current run
		fenceChar             byte // the open fence's character, 0 when none
		fenceLen              int
	)
	for pos := 0; pos < len(src); {
		end := len(src)
		if k := bytes.IndexByte(src[pos:], '\n'); k >= 0 {
			end = pos + k
		}
		next := end + 1
		depth, i := prefixDepth(src, pos, end)
		if c, n := fence(src, i, end); n > 0 {
			switch {
			case fenceChar == 0:
				fenceChar, fenceLen = c, n
			case c == fenceChar && n >= fenceLen:
				fenceChar = 0
			}
			inlineCost += run * run
			run = 0
		} else if fenceChar == 0 && inline {
			blank := true
			for _, c := range src[i:end] {
				if c != ' ' && c != '\t' && c != '\r' {
					blank = false
					break
				}
			}
			if blank || startsBlock(src, pos, i, end) {
				inlineCost += run * run
				run = 0
			}
			run += punctuation(src[i:end])
		}
		depthCost += depth * depth
		if depthCost > depthBudget || inlineCost+run*run > inlineBudget {
			return true
		}
		pos = next
	}
	return false
}

// prefixDepth counts the containers that the line src[start:stop] opens or
// continues and returns the offset of its first byte after them.
func prefixDepth(src []byte, start, stop int) (depth, i int) {
	cols := 0
	i = start
loop:
	for i < stop {
		switch c := src[i]; {
		case c == ' ':
			cols++
			i++
		case c == '\t':
			cols += 4
			i++
		case c == '>':
			depth++
			i++
		case (c == '-' || c == '*' || c == '+') && i+1 < stop && (src[i+1] == ' ' || src[i+1] == '\t'):
			depth++
			i += 2
		case '0' <= c && c <= '9':
			j := i
			for j < stop && j-i < 9 && '0' <= src[j] && src[j] <= '9' {
				j++
			}
			if j+1 >= stop || (src[j] != '.' && src[j] != ')') || (src[j+1] != ' ' && src[j+1] != '\t') {
				break loop
			}
			depth++
			i = j + 2
		default:
			break loop
		}
	}
	return depth + cols/2, i
}

// startsBlock reports whether the line src[start:stop], whose containers
// end at i, starts its own inline content: a list item or a table row.
func startsBlock(src []byte, start, i, stop int) bool {
	if i < stop && src[i] == '|' {
		return true
	}
	for j := start; j < i; j++ {
		if c := src[j]; c != ' ' && c != '\t' && c != '>' {
			return true // a list marker
		}
	}
	return false
}

// fence reports a run of three or more '`' or '~' at src[i:stop].
func fence(src []byte, i, stop int) (byte, int) {
	if i >= stop || (src[i] != '`' && src[i] != '~') {
		return 0, 0
	}
	n := 0
	for i+n < stop && src[i+n] == src[i] {
		n++
	}
	if n < 3 {
		return 0, 0
	}
	return src[i], n
}

// punctuation counts the bytes that can open or close inline markup.
func punctuation(line []byte) int {
	n := 0
	for _, c := range line {
		n += int(inlinePunct[c])
	}
	return n
}

// inlinePunct is 1 for the bytes that can open or close inline markup.
var inlinePunct = func() (t [256]uint8) {
	for _, c := range []byte("[]()<>*_`~!\\") {
		t[c] = 1
	}
	return t
}()
