package check

import (
	"unicode/utf16"
	"unicode/utf8"
)

// IsUTF16 reports whether src opens with a UTF-16 byte order mark (FF FE
// little-endian, FE FF big-endian): Windows editors and PowerShell save
// text so. Such a file is decoded and checked, not skipped as binary.
func IsUTF16(src []byte) bool {
	return len(src) >= 2 && (src[0] == 0xFF && src[1] == 0xFE || src[0] == 0xFE && src[1] == 0xFF)
}

// decodeUTF16 decodes a UTF-16 file with its byte order mark into UTF-8.
// offs[i] is the offset in src of the code unit that produced text[i],
// and offs[len(text)] is len(src). Unpaired surrogates become U+FFFD.
func decodeUTF16(src []byte) (text []byte, offs []int) {
	be := src[0] == 0xFE
	unit := func(i int) uint16 {
		if be {
			return uint16(src[i])<<8 | uint16(src[i+1])
		}
		return uint16(src[i+1])<<8 | uint16(src[i])
	}
	text = make([]byte, 0, len(src)/2)
	offs = make([]int, 0, len(src)/2+1)
	var buf [utf8.UTFMax]byte
	for i := 2; i+1 < len(src); {
		at := i
		r := rune(unit(i))
		i += 2
		if utf16.IsSurrogate(r) {
			if i+1 < len(src) {
				if r2 := rune(unit(i)); utf16.DecodeRune(r, r2) != utf8.RuneError {
					r = utf16.DecodeRune(r, r2)
					i += 2
				} else {
					r = utf8.RuneError
				}
			} else {
				r = utf8.RuneError
			}
		}
		for _, b := range utf8.AppendRune(buf[:0], r) {
			text = append(text, b)
			offs = append(offs, at)
		}
	}
	return text, append(offs, len(src))
}

// utf16Positions turns findings placed in the decoded text back into the
// file's own bytes: lines are the same, columns count the file's bytes
// from the start of the line (two or four per character).
func utf16Positions(fs []Finding, text []byte, offs []int) []Finding {
	starts := []int{0}
	for i, c := range text {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	at := func(line, col int) (int, int) {
		if line < 1 || line > len(starts) {
			return col, col
		}
		ls := starts[line-1]
		d := min(ls+col-1, len(text))
		return offs[d], offs[ls]
	}
	for i := range fs {
		f := &fs[i]
		o, ls := at(f.Line, f.Column)
		f.Column = o - ls + 1
		if f.EndLine > 0 {
			o, ls = at(f.EndLine, f.EndColumn)
			f.EndColumn = o - ls + 1
		}
	}
	return fs
}
