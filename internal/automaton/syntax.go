package automaton

import (
	"fmt"
	"unicode/utf8"
)

// Syntax is how an automaton reads the bytes of a text: what its caller's
// reader may remove from it, and how a rune folds. Vanish and Guarded
// shape the automaton and are recorded in its table; the other fields are
// read while scanning, and a table is loaded with them.
type Syntax struct {
	// Vanish lists the ASCII bytes that the reader may remove from
	// between two letters (markup, escapes, in-word quoting). The text
	// is read both with and without each, and patterns drop them, since
	// the text may have lost them too. It must hold '\\' when a pattern
	// reads a path separator: a backslash then separates paths or
	// vanishes.
	Vanish string
	// Guarded are the groups whose matches count only where Guard
	// accepts the text after them.
	Guarded uint64

	// Fold returns what a valid non-ASCII rune reads as, in b[:n]:
	// nothing, ASCII letters, or other bytes. Nil reads every such rune as
	// one byte that is no letter. (It returns its bytes by value: a
	// buffer handed to a function value escapes to the heap, and it is
	// called at every rune.)
	Fold func(r rune) (b [MaxFold]byte, n int)
	// Openers lists the ASCII bytes at which a stretch of text that may
	// vanish as a whole can open; Stretch says where it ends.
	Openers string
	// Stretch is called where an opener meets a partial match. It
	// reports whether src[i] opens a stretch and lists in ends (MaxEnds
	// long) the offsets just past each place it may end; ok is false when
	// it cannot tell (more ends than that, or too far to look). A stretch
	// never runs past a blank line ("\n\n"): longer texts are read in
	// streams that start after one.
	Stretch func(src []byte, i int, ends []int) (n int, opens, ok bool)
	// Guard decides the matches of the Guarded groups; it must be set
	// when they are.
	Guard Guard
}

// A Guard decides whether a match of a guarded group that ends at end
// counts, by the text after it. Both methods answer alike for the same
// bytes; the automaton calls the one for the text it reads.
type Guard interface {
	After(src []byte, end int) bool
	AfterString(s string, end int) bool
}

// Bounds of an automaton and of what its Syntax returns.
const (
	MaxGroups = 64 // groups of one automaton: a Mark's groups are the bits of a uint64
	MaxFold   = 8  // bytes one rune folds to
	MaxEnds   = 32 // candidate ends of one stretch
)

// Mark is a place in a text where words of some groups end.
type Mark struct {
	End    int    // byte offset just past the match
	Groups uint64 // the groups whose patterns end there
}

// check reports a syntax that the automaton cannot read as documented.
func (s *Syntax) check() error {
	for _, set := range []string{s.Vanish, s.Openers} {
		for i := 0; i < len(set); i++ {
			if c := set[i]; c >= utf8.RuneSelf || isAlnum(lowerASCII(c)) || isBlankByte(c) {
				return fmt.Errorf("syntax: byte %q cannot vanish or open a stretch", c)
			}
		}
	}
	if s.Guarded != 0 && s.Guard == nil {
		return fmt.Errorf("syntax: guarded groups %b need a guard", s.Guarded)
	}
	return nil
}

// byteSet returns the bytes of s as a table.
func byteSet(s string) [256]bool {
	var t [256]bool
	for i := 0; i < len(s); i++ {
		t[s[i]] = true
	}
	return t
}
