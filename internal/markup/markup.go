// Package markup says what Markdown rendering removes from raw bytes,
// without parsing: the bytes of emphasis, code spans, link brackets,
// autolinks and escapes that may stand between two letters of a word
// ("pk**ill**", "[ki](x)ll"), and the stretches that render as nothing as
// a whole, with where each may end: a link's "(target)", a reference
// "[label]", inline HTML.
//
// The rules' prefilter reads every raw text both with and without them
// (package automaton: Removable and Openers are byte classes of its
// Syntax, Ends its Stretch), so that a word hidden by markup still reaches
// the classifier, which reads the units mdscan renders. Ends is exact for
// the shapes it knows and lists every candidate end otherwise, and no
// stretch runs past a blank line, as in CommonMark no inline does.
package markup

import "bytes"

// Removable are the ASCII bytes that Markdown rendering (emphasis, code
// spans, link brackets, autolinks, escapes) can remove from between two
// letters.
const Removable = "*_~`\\[]!<>"

// Openers are the bytes at which a stretch that renders as nothing may
// open (see Ends): the ']' before a link target or a reference label,
// and the '<' of inline HTML.
const Openers = "]<"

// maxEndSearch is how far a stretch's end is searched for.
const maxEndSearch = 4096

// Ends reports whether src[i] opens a stretch that renders as nothing,
// and lists in ends the offsets just past each place it may end; ok is
// false when there are more candidates than ends holds, or the end lies
// further than maxEndSearch and the text goes on.
func Ends(src []byte, i int, ends []int) (n int, opens, ok bool) {
	to := len(src)
	switch {
	case src[i] == ']' && i+1 < to && src[i+1] == '(':
		if e, ok1 := targetEnd(src, i+1, to); ok1 {
			ends[0] = e
			return 1, true, true
		}
		n, ok = closers(src, i+1, to, ')', &oddInTarget, ends)
	case src[i] == ']' && i+1 < to && src[i+1] == '[':
		// a label cannot hold an unescaped bracket: only an escape
		// makes its end uncertain
		n, ok = closers(src, i+1, to, ']', &oddInLabel, ends)
	case src[i] == '<' && i+1 < to && (isLetter(src[i+1]) || src[i+1] == '/' || src[i+1] == '?' || src[i+1] == '!'):
		n, ok = htmlEnd(src, i, to, ends)
	default:
		return 0, false, true
	}
	return n, true, ok
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// targetEnd reads a link target "(destination)" opening at src[open] the
// way CommonMark does: blanks, a destination of bytes above the space with
// balanced unescaped parentheses, blanks, ')'. It returns the offset after
// the ')' when the target has exactly that shape; titles and angle-bracket
// destinations are left to closers.
func targetEnd(src []byte, open, to int) (int, bool) {
	j := open + 1
	for j < to && (src[j] == ' ' || src[j] == '\t') {
		j++
	}
	if j < to && (src[j] == '<' || src[j] == '\n' || src[j] == '\r') {
		return 0, false
	}
	depth := 0
	for ; j < to; j++ {
		c := src[j]
		switch {
		case c == '\\' && j+1 < to && src[j+1] > ' ' && src[j+1] < 0x7f:
			j++
			continue
		case c == '(':
			depth++
			if depth > 16 {
				return 0, false
			}
			continue
		case c == ')':
			if depth > 0 {
				depth--
				continue
			}
		case c > ' ' && c != 0x7f:
			continue
		}
		break
	}
	for j < to && (src[j] == ' ' || src[j] == '\t') {
		j++
	}
	if depth == 0 && j < to && src[j] == ')' {
		return j + 1, true
	}
	return 0, false
}

// Bytes that make the end of a link target or a reference label uncertain.
var oddInTarget, oddInLabel = byteSet(" \t([<\\\"'"), byteSet("[\\")

// byteSet returns the bytes of s as a table.
func byteSet(s string) [256]bool {
	var t [256]bool
	for i := 0; i < len(s); i++ {
		t[s[i]] = true
	}
	return t
}

// closers lists the places just past each byte close that may end the
// stretch opening at src[open] ('(' of a link target, '[' of a label). A
// stretch holding none of the bytes in odd ends at the first close;
// otherwise every close before the paragraph ends is a candidate. It
// reports false when there are too many candidates to follow.
func closers(src []byte, open, to int, close byte, odd *[256]bool, ends []int) (int, bool) {
	limit := min(to, open+maxEndSearch)
	// the first closer and the blank lines before it are found with
	// IndexByte: a page of unclosed openers ("](x" over and over) reads
	// each window at memory speed, not byte by byte
	c := limit
	if k := bytes.IndexByte(src[open+1:limit], close); k >= 0 {
		c = open + 1 + k
	}
	if blankLineIn(src, open+1, c) {
		return 0, true
	}
	if c == limit {
		return 0, limit == to
	}
	if len(ends) == 0 {
		return 0, false
	}
	ends[0] = c + 1
	for j := open + 1; j < c; j++ {
		if odd[src[j]] {
			// the first closer may not be the end: list the others
			return moreClosers(src, c+1, limit, to, close, ends)
		}
	}
	return 1, true
}

// moreClosers goes on listing closers from j, after the first (ends[0]),
// up to a blank line or limit.
func moreClosers(src []byte, j, limit, to int, close byte, ends []int) (int, bool) {
	n := 1
	for ; j < limit; j++ {
		c := src[j]
		if c == close {
			if n == len(ends) {
				return n, false
			}
			ends[n] = j + 1
			n++
			continue
		}
		if c == '\n' && blankLineAt(src, j+1, to) {
			return n, true
		}
	}
	return n, limit == to
}

// blankLineIn reports whether a line feed in src[from:to] starts a blank
// line (read to the end of src).
func blankLineIn(src []byte, from, to int) bool {
	for j := from; j < to; j++ {
		k := bytes.IndexByte(src[j:to], '\n')
		if k < 0 {
			return false
		}
		j += k
		if blankLineAt(src, j+1, len(src)) {
			return true
		}
	}
	return false
}

// htmlEnd finds where inline HTML opening at src[i] ends: after "-->" for
// a comment, "?>" for a processing instruction, "]]>" for CDATA, else at
// the first '>' outside quoted attribute values. Inline HTML never spans a
// blank line.
func htmlEnd(src []byte, i, to int, ends []int) (int, bool) {
	limit := min(to, i+maxEndSearch)
	term := ">"
	switch {
	case hasPrefixAt(src, i, "<!--"):
		term = "-->"
	case hasPrefixAt(src, i, "<?"):
		term = "?>"
	case hasPrefixAt(src, i, "<![CDATA["):
		term = "]]>"
	}
	if term != ">" {
		// a comment, processing instruction or CDATA holds anything up to
		// its terminator: found with Index, so a page of unclosed "<!--"
		// reads each window at memory speed
		k := bytes.Index(src[i+1:limit], []byte(term))
		end := limit
		if k >= 0 {
			end = i + 1 + k + len(term)
		}
		switch {
		case blankLineIn(src, i+2, end):
			return 0, true
		case k < 0:
			return 0, limit == to
		}
		ends[0] = end
		return 1, true
	}
	// a tag: up to the first '>' outside a quoted attribute value
	var quote byte
	for j := i + 2; j < limit; j++ {
		c := src[j]
		if c == '\n' && blankLineAt(src, j+1, to) {
			return 0, true
		}
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case (c == '"' || c == '\'') && afterEquals(src, i, j):
			quote = c // an attribute's quoted value
		case c == '<':
			// a tag holds no '<' outside a quoted value: the text from i
			// is no tag, and each '<' is read at most once (a page of
			// "<a<a<a…" stays linear)
			return 0, true
		case c == '>':
			ends[0] = j + 1
			return 1, true
		}
	}
	return 0, limit == to
}

// afterEquals: the last byte before src[j] other than a blank, after the
// tag's opening at i, is '=': a quote there opens an attribute's value.
func afterEquals(src []byte, i, j int) bool {
	for k := j - 1; k > i; k-- {
		switch src[k] {
		case ' ', '\t', '\r', '\n':
			continue
		case '=':
			return true
		}
		return false
	}
	return false
}

func hasPrefixAt(src []byte, i int, p string) bool {
	return len(src)-i >= len(p) && string(src[i:i+len(p)]) == p
}

// blankLineAt reports whether the line starting at i holds only blanks.
func blankLineAt(src []byte, i, to int) bool {
	for ; i < to; i++ {
		switch src[i] {
		case ' ', '\t', '\r':
		case '\n':
			return true
		default:
			return false
		}
	}
	return true
}
