package rules

import "strings"

// token is a word or a punctuation mark of folded text. Words are runs of
// letters, digits, '_' and inner apostrophes or hyphens; every other
// non-space byte (or multi-byte dash) is a token of its own.
type token struct {
	s          string
	start, end int // byte range in the folded text
	word       bool
	code       bool // inside an inline code span or a code line
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c >= 0x80 && c != 0xE2
}

// tokenize splits folded text s[start:end] into tokens.
func tokenize(s string, start, end int, inCode func(int) bool) []token {
	// about one token in five bytes of prose; sized once, not regrown
	toks := make([]token, 0, (end-start)/5+4)
	for i := start; i < end; {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case isWordByte(c):
			j := i + 1
			for j < end {
				if isWordByte(s[j]) {
					j++
					continue
				}
				// inner apostrophe (don't) or hyphen (re-save, stop-process)
				if (s[j] == '\'' || s[j] == '-') && j+1 < end && isWordByte(s[j+1]) && s[j+1] < 0x80 {
					j += 2
					continue
				}
				break
			}
			toks = append(toks, token{s: s[i:j], start: i, end: j, word: true, code: inCode(i)})
			i = j
		case c == 0xE2 && i+2 < end && s[i+1] == 0x80 && (s[i+2] == 0x94 || s[i+2] == 0x93):
			// em dash or en dash
			toks = append(toks, token{s: "—", start: i, end: i + 3, code: inCode(i)})
			i += 3
		case c == 0xE2:
			// other symbols in this block (arrows, marks): one token per rune
			j := i + 1
			for j < end && s[j] >= 0x80 && s[j] < 0xC0 {
				j++
			}
			toks = append(toks, token{s: s[i:j], start: i, end: j, code: inCode(i)})
			i = j
		default:
			toks = append(toks, token{s: s[i : i+1], start: i, end: i + 1, code: inCode(i)})
			i++
		}
	}
	return toks
}

// prevWord2 is the second word before token i.
func prevWord2(toks []token, i int) string { return nthWordBefore(toks, i, 2) }

func nthWordBefore(toks []token, i, n int) string {
	for k, c := i-1, 0; k >= 0; k-- {
		if toks[k].word {
			c++
			if c == n {
				return toks[k].s
			}
		}
	}
	return ""
}

// nthWordAfter returns the n-th word after token i (n = 1 is the next), or
// "" when a token other than markup stands between.
func nthWordAfter(toks []token, i, n int) string {
	for k, c := i+1, 0; k < len(toks); k++ {
		if toks[k].word {
			if c++; c == n {
				return toks[k].s
			}
			continue
		}
		if toks[k].s != "*" && toks[k].s != "_" && toks[k].s != "`" {
			return ""
		}
	}
	return ""
}

// firstWordAhead reads up to n words after token i, stopping at any of
// the punctuation tokens in stops: it reports true at the first word in
// yes, false at the first in no or at a stop.
func firstWordAhead(toks []token, i, n int, stops string, yes, no map[string]bool) bool {
	for k, c := i+1, 0; k < len(toks) && c < n; k++ {
		t := toks[k]
		if !t.word {
			if len(t.s) == 1 && strings.Contains(stops, t.s) {
				return false
			}
			continue
		}
		c++
		switch {
		case yes[t.s]:
			return true
		case no[t.s]:
			return false
		}
	}
	return false
}
