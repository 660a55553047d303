// Package comments groups the line comments of source code the way the
// code scanners read them: full-line comments on consecutive lines form
// one group, a comment after code is a group of its own, and every byte
// of a group's text keeps the offset it came from, so findings in a
// comment point into the file.
package comments

import (
	"strings"

	"github.com/recoverlint/recoverlint/rules"
)

// Group is a comment, or full-line comments on consecutive lines joined
// by '\n', without their markers. Offs holds the source offset of every
// byte of Text and one more: where the group ends.
type Group struct {
	Text []byte
	Offs rules.Offsets
}

// Grouper collects the comments of one source text in order.
type Grouper struct {
	src     string
	out     []Group
	cur     *Group
	lastEnd int
}

// New returns a Grouper for the comments of src.
func New(src string) Grouper { return Grouper{src: src} }

// Line adds the line comment whose marker starts at start, whose text
// starts at text (after the marker and one blank) and which runs to end,
// the end of its line. A '\r' before the line break is not part of it.
func (g *Grouper) Line(start, text, end int) {
	ls := start
	for ls > 0 && (g.src[ls-1] == ' ' || g.src[ls-1] == '\t') {
		ls--
	}
	own := ls == 0 || g.src[ls-1] == '\n' // nothing but blanks before it on its line
	if g.cur != nil && (!own || !oneBreak(g.src[g.lastEnd:start])) {
		g.Flush()
	}
	if g.cur == nil {
		g.cur = &Group{}
	} else {
		g.cur.Text = append(g.cur.Text, '\n')
		g.cur.Offs.Add(g.lastEnd)
	}
	stop := end
	if stop > text && g.src[stop-1] == '\r' {
		stop--
	}
	if stop > text {
		g.cur.Text = append(g.cur.Text, g.src[text:stop]...)
		g.cur.Offs.AddRun(text, stop-text)
	}
	g.lastEnd = end
	if !own {
		g.Flush()
	}
}

// oneBreak reports whether s, the text between two comments, is blanks
// around exactly one line break.
func oneBreak(s string) bool {
	n := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\n':
			n++
		case ' ', '\t', '\r':
		default:
			return false
		}
	}
	return n == 1
}

// Flush ends the group being collected; a group of blanks only is dropped.
func (g *Grouper) Flush() {
	c := g.cur
	g.cur = nil
	if c == nil || strings.TrimSpace(string(c.Text)) == "" {
		return
	}
	c.Offs.Add(g.lastEnd)
	g.out = append(g.out, *c)
}

// Add ends the group being collected and adds a comment read otherwise
// (a block comment) as a group of its own.
func (g *Grouper) Add(c Group) {
	g.Flush()
	g.out = append(g.out, c)
}

// Groups returns the groups collected so far, in source order.
func (g *Grouper) Groups() []Group { return g.out }

// Take returns the groups collected so far, as Groups does, and forgets
// them. The group being collected stays until it ends; Close ends it
// once no comment can join it.
func (g *Grouper) Take() []Group {
	out := g.out
	g.out = nil
	return out
}

// Close ends the group being collected when the source before pos holds
// something other than blanks after it: a comment after pos is then on
// no line right below it.
func (g *Grouper) Close(pos int) {
	if g.cur == nil {
		return
	}
	for i := g.lastEnd; i < pos; i++ {
		if c := g.src[i]; c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			g.Flush()
			return
		}
	}
}
