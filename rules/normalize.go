package rules

import (
	"strings"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// folded is text prepared for matching: lower-case ASCII where the source
// spelled a letter with a look-alike, a full-width form or hidden
// zero-width characters, and shell quoting inside a word removed. back maps
// every byte of s to the byte of the original text it came from, so a match
// in s is always reported at the original's exact offset.
type folded struct {
	s    string
	back Offsets // len(s)+1 entries; entry len(s) is the end of the original
}

// fold normalises text for matching. It never searches the original again:
// each output byte carries the offset of the rune that produced it.
func fold(text string) folded {
	if f, ok := foldPlain(text); ok {
		return f
	}
	return foldRunes(text)
}

// foldRunes is fold for any text, rune by rune.
func foldRunes(text string) folded {
	out := make([]byte, 0, len(text))
	var back Offsets
	emit := func(b byte, at int) {
		out = append(out, b)
		back.Add(at)
	}
	for i := 0; i < len(text); {
		c := text[i]
		if c < utf8.RuneSelf {
			switch {
			case c >= 'A' && c <= 'Z':
				emit(c+'a'-'A', i)
			case (c == '\'' || c == '"') && i+1 < len(text) && text[i+1] == c &&
				isWordByteAt(text, i-1) && isWordByteAt(text, i+2):
				// An empty quoted string inside a word ('' or "") is dropped.
				i += 2
				continue
			case c == '\\' && isWordByteAt(text, i-1) && isWordByteAt(text, i+1) && !windowsPath(text, i):
				// So is a backslash escape inside a word.
				i++
				continue
			default:
				emit(c, i)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		if r == utf8.RuneError && size == 1 {
			emit(0x80, i) // keep invalid bytes one for one, never a letter
			i++
			continue
		}
		n := len(out)
		out = appendFoldedRune(out, r)
		if len(out)-n == size {
			// byte for byte, so that text the fold keeps stays one run
			back.AddRun(i, size)
		} else {
			for range len(out) - n {
				back.Add(i)
			}
		}
		i += size
	}
	back.Add(len(text))
	return folded{s: string(out), back: back}
}

// windowsPath reports whether the backslash at i separates the folders of
// a Windows path rather than escaping a letter: the run of text around it
// (to the nearest blank or quote) has another backslash or a drive or
// variable before one ("C:\\Users\\me", "$env:APPDATA\\Claude"). A shell
// escape inside a word ("p\\kill") is one backslash alone.
func windowsPath(text string, i int) bool {
	lo, hi := i, i+1
	for lo > 0 && !runEnd(text[lo-1]) {
		lo--
	}
	for hi < len(text) && !runEnd(text[hi]) {
		hi++
	}
	run := text[lo:hi]
	return strings.Count(run, "\\") > 1 || strings.Contains(run, ":\\")
}

func runEnd(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '"' || c == '\'' || c == '`'
}

// appendFoldedRune appends what a valid non-ASCII rune folds to: nothing
// for an invisible character, one lower-case ASCII byte for a look-alike or
// full-width letter, the ASCII letters of a compatibility form, else the
// rune in lower case. fold and the prefilter both read runes through it,
// so the prefilter sees exactly the letters the classifier will.
func appendFoldedRune(dst []byte, r rune) []byte {
	if r < foldCacheSize {
		e := foldCache[r].Load()
		if e == 0 {
			e = foldEntry(r)
			foldCache[r].Store(e)
		}
		if e&foldLong == 0 {
			n := int(e>>24) & 3
			return append(dst, byte(e), byte(e>>8), byte(e>>16))[:len(dst)+n]
		}
	}
	return foldRune(dst, r)
}

// foldCacheSize bounds the runes whose folding is remembered: Latin,
// Greek, Cyrillic and the punctuation of running text ("’", "—"), which
// documents use often; finding it anew each time cost 4 % of a check.
const foldCacheSize = 0x3000

// foldCache holds, per rune, what it folds to: up to three bytes in the
// low 24 bits and their count in the next two, or foldLong for longer
// foldings (not cached). Entries without foldDone are not computed yet.
// Workers fill the table as they go, hence the atomics.
var foldCache [foldCacheSize]atomic.Uint32

const (
	foldDone = 1 << 31
	foldLong = 1 << 30
)

// foldEntry computes a rune's foldCache entry.
func foldEntry(r rune) uint32 {
	var buf [8]byte
	f := foldRune(buf[:0], r)
	if len(f) > 3 {
		return foldDone | foldLong
	}
	e := uint32(foldDone) | uint32(len(f))<<24
	for i, b := range f {
		e |= uint32(b) << (8 * i)
	}
	return e
}

// foldRune is appendFoldedRune without the cache.
func foldRune(dst []byte, r rune) []byte {
	if isInvisible(r) {
		return dst
	}
	if a, ok := lookalike(r); ok {
		return append(dst, a)
	}
	if r >= 0xFF01 && r <= 0xFF5E { // full-width ASCII
		a := byte(r - 0xFEE0)
		if a >= 'A' && a <= 'Z' {
			a += 'a' - 'A'
		}
		return append(dst, a)
	}
	if s, ok := compatASCII(r); ok {
		return append(dst, s...)
	}
	return utf8.AppendRune(dst, unicode.ToLower(r))
}

func isWordByteAt(s string, i int) bool {
	if i < 0 || i >= len(s) {
		return false
	}
	c := s[i]
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// isInvisible reports characters that render as nothing and are used to
// split a word so that a plain search misses it.
func isInvisible(r rune) bool {
	switch {
	case r >= 0x200B && r <= 0x200F, r >= 0x2060 && r <= 0x2064,
		r == 0xFEFF, r == 0x00AD, r == 0x034F, r == 0x180E, r == 0x061C:
		return true
	}
	return false
}

// lookalike folds Cyrillic and Greek letters that are drawn like Latin ones.
func lookalike(r rune) (byte, bool) {
	switch r {
	case 'а', 'А', 'α', 'Α':
		return 'a', true
	case 'В', 'Β':
		return 'b', true
	case 'с', 'С', 'ϲ':
		return 'c', true
	case 'ԁ':
		return 'd', true
	case 'е', 'Е', 'Ε':
		return 'e', true
	case 'Н', 'Η', 'һ':
		return 'h', true
	case 'і', 'І', 'ι', 'Ι', 'ӏ':
		return 'i', true
	case 'ј', 'Ј':
		return 'j', true
	case 'к', 'К', 'κ', 'Κ':
		return 'k', true
	case 'М', 'Μ':
		return 'm', true
	case 'Ν':
		return 'n', true
	case 'о', 'О', 'ο', 'Ο', 'օ':
		return 'o', true
	case 'р', 'Р', 'ρ', 'Ρ':
		return 'p', true
	case 'ԛ':
		return 'q', true
	case 'ѕ', 'Ѕ':
		return 's', true
	case 'Т', 'Τ':
		return 't', true
	case 'υ':
		return 'u', true
	case 'ν':
		return 'v', true
	case 'ԝ':
		return 'w', true
	case 'х', 'Х', 'χ', 'Χ':
		return 'x', true
	case 'у', 'У', 'Υ':
		return 'y', true
	case 'Ζ':
		return 'z', true
	case '‘', '’', '‛', '′':
		return '\'', true
	case '“', '”', '„', '″':
		return '"', true
	}
	return 0, false
}

// compatASCII returns the ASCII letters or digits a compatibility form
// stands for (mathematical alphanumerics, circled or styled letters, ligatures),
// as NFKC defines them. Other runes are left alone. It reads the rune's
// decomposition from the NFKC tables without allocating: a single rune
// whose decomposition is plain ASCII letters and digits normalises to
// exactly them, and one whose decomposition holds anything else does not
// normalise to ASCII alphanumerics at all.
func compatASCII(r rune) (string, bool) {
	if r < 0x00A0 || r >= 0xAC00 && r <= 0xD7A3 {
		return "", false // Hangul syllables decompose to jamo, never to ASCII
	}
	var buf [utf8.UTFMax]byte
	n := utf8.EncodeRune(buf[:], r)
	d := norm.NFKC.Properties(buf[:n]).Decomposition()
	if len(d) == 0 {
		return "", false
	}
	for _, c := range d {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return "", false
		}
	}
	return strings.ToLower(string(d)), true
}

// foldPlain folds ASCII text that holds nothing fold removes (no
// backslash, no doubled quote): only upper case changes, byte for byte,
// so the offset map is the identity and costs no allocation.
func foldPlain(text string) (folded, bool) {
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c >= utf8.RuneSelf || c == '\\' || (c == '\'' || c == '"') && i+1 < len(text) && text[i+1] == c {
			return folded{}, false
		}
	}
	return folded{s: strings.ToLower(text), back: IdentityOffsets(0, len(text)+1)}, true
}
