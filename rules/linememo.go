package rules

import "strings"

// lineMemo answers, for the folded text of one unit, which line an offset
// is on and which top-level front matter key that line belongs to. Hits
// are judged in order, so each answer reads only the text since the last
// offset asked about: a long line, or a long front matter block, with
// hits all through it is read once, not once a hit (reading back from
// every hit made a 1 MiB one-line page take seconds).
type lineMemo struct {
	set   bool
	at    int // the last offset asked about
	start int // the start of its line
	// top is the start of the last line at or before at that is not
	// empty, indented or a list item (-1: none), key its key
	top    int
	key    string
	keySet bool
}

// advance moves the memo to offset at of s, reading back from at only
// when at is before the last offset asked about.
func (m *lineMemo) advance(s string, at int) {
	if !m.set || at < m.at {
		m.set, m.at, m.start, m.top, m.keySet = true, 0, 0, -1, false
		if topLevel(s, 0) {
			m.top = 0
		}
	}
	for p := m.at; p < at; {
		k := strings.IndexByte(s[p:at], '\n')
		if k < 0 {
			break
		}
		q := p + k + 1
		m.start = q
		if topLevel(s, q) {
			m.top, m.keySet = q, false
		}
		p = q
	}
	m.at = at
}

// topLevel: the line of s starting at q is neither empty, indented nor
// a list item.
func topLevel(s string, q int) bool {
	return q < len(s) && s[q] != '\n' && s[q] != ' ' && s[q] != '\t' && s[q] != '-'
}

// lineStart returns the offset in s of the start of the line that holds
// offset at.
func (m *lineMemo) lineStart(s string, at int) int {
	m.advance(s, at)
	return m.start
}

// frontMatterKey returns the top-level key of the front matter line at
// offset at of s, or of the list or block it belongs to (folded text, so
// lower case); "" where that line has no key.
func (m *lineMemo) frontMatterKey(s string, at int) string {
	m.advance(s, at)
	if m.top < 0 {
		return ""
	}
	if !m.keySet {
		line := s[m.top:]
		if k := strings.IndexByte(line, '\n'); k >= 0 {
			line = line[:k]
		}
		m.key = ""
		if k := strings.IndexByte(line, ':'); k > 0 {
			m.key = strings.TrimSpace(line[:k])
		}
		m.keySet = true
	}
	return m.key
}
