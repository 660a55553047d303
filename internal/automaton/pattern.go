package automaton

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Byte classes. Letters and digits have a class each, so do punctuation
// bytes that occur in patterns; the rest share a few.
const (
	clsWS    = iota // blank: space, tab, line break
	clsDel          // a byte that may vanish (Syntax.Vanish)
	clsOther        // any other byte, and folded non-ASCII letters
	clsFirst        // first class of a pattern byte
)

func isBlankByte(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

func isAlnum(c byte) bool { return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' }

func lowerASCII(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// element kinds of a compiled pattern
const (
	elLit   = iota // one class
	elBound        // a non-alphanumeric byte or the start of the text
	elEnd          // a non-alphanumeric byte or the end of the text
	elBlank        // one or more blanks
	elWord         // zero or more letters or digits
	elSep          // a path separator: '/' or a byte that may vanish
)

type element struct {
	kind uint8
	cls  uint8
}

type pattern struct {
	els   []element
	group int
}

// alphabet maps bytes to classes: a class for each letter and digit and
// for each other byte the patterns name, and a few shared by the rest.
type alphabet struct {
	cls   [256]uint8
	n     int
	alnum []bool // per class: a letter or digit (not a boundary)
	// bslash is the class of '\' when a pattern reads path separators
	// (it may vanish like clsDel, or separate paths), else -1
	bslash int
	// open marks the bytes that may open a stretch (Syntax.Openers)
	open [256]bool
	// loop is cls for the bytes the scan loops step on directly, and
	// slow for those runByte must read: non-ASCII bytes (a rune to
	// fold) and openers (a stretch that may vanish)
	loop [256]uint16
}

// slow marks a byte in alphabet.loop; it is above every class.
const slow = 0x100

// setLoop fills open and loop from cls and the openers.
func (a *alphabet) setLoop(openers string) {
	a.open = byteSet(openers)
	for c := range a.loop {
		a.loop[c] = uint16(a.cls[c])
		if c >= utf8.RuneSelf || a.open[c] {
			a.loop[c] = slow
		}
	}
}

func newAlphabet(pats []string, syn *Syntax) *alphabet {
	vanish := byteSet(syn.Vanish)
	a := &alphabet{}
	for i := range a.cls {
		a.cls[i] = clsOther
	}
	a.n = clsFirst
	set := func(c byte) {
		if a.cls[c] == clsOther {
			a.cls[c] = uint8(a.n)
			a.n++
		}
	}
	for c := byte('a'); c <= 'z'; c++ {
		set(c)
	}
	for c := byte('0'); c <= '9'; c++ {
		set(c)
	}
	for _, p := range pats {
		for i := 0; i < len(p); i++ {
			c := lowerASCII(p[i])
			if c < 0x80 && !isAlnum(c) && !vanish[c] && !isBlankByte(c) && c != '^' && c != '$' && c != '%' {
				set(c)
			}
			if c == '\\' {
				set('/')
			}
		}
	}
	for c := byte('A'); c <= 'Z'; c++ {
		a.cls[c] = a.cls[c+'a'-'A']
	}
	for c := 0; c < 0x80; c++ {
		switch {
		case isBlankByte(byte(c)):
			a.cls[c] = clsWS
		case vanish[c]:
			a.cls[c] = clsDel
		}
	}
	a.bslash = -1
	for _, p := range pats {
		if strings.IndexByte(p, '\\') >= 0 && a.bslash < 0 {
			a.bslash = a.n
			a.cls['\\'] = uint8(a.n)
			a.n++
		}
	}
	a.alnum = make([]bool, a.n)
	for c := byte('a'); c <= 'z'; c++ {
		a.alnum[a.cls[c]] = true
	}
	for c := byte('0'); c <= '9'; c++ {
		a.alnum[a.cls[c]] = true
	}
	a.setLoop(syn.Openers)
	return a
}

// compilePattern reads one pattern in the syntax Compile describes.
func compilePattern(a *alphabet, s string, group int) (pattern, error) {
	p := pattern{group: group}
	for i := 0; i < len(s); i++ {
		c := lowerASCII(s[i])
		switch {
		case c == '^' && i == 0:
			p.els = append(p.els, element{kind: elBound})
		case c == '$' && i == len(s)-1:
			p.els = append(p.els, element{kind: elEnd})
		case c == ' ':
			if len(p.els) == 0 || p.els[len(p.els)-1].kind != elBlank {
				p.els = append(p.els, element{kind: elBlank})
			}
		case c == '%':
			p.els = append(p.els, element{kind: elWord})
		case c == '\\':
			p.els = append(p.els, element{kind: elSep, cls: a.cls['/']})
		case c >= 0x80:
			return p, fmt.Errorf("pattern %q: only ASCII is supported", s)
		case a.cls[c] == clsDel:
			// the text may have lost it as well
		default:
			p.els = append(p.els, element{kind: elLit, cls: a.cls[c]})
		}
	}
	lits := 0
	for _, e := range p.els {
		if e.kind == elLit {
			lits++
		}
	}
	if lits == 0 {
		return p, fmt.Errorf("pattern %q has no letters", s)
	}
	return p, nil
}

// compile builds the alphabet of the groups' patterns and compiles them;
// pattern i of the result belongs to group i's list.
func compile(groups [][]string, syn *Syntax) (*alphabet, []pattern, error) {
	if err := syn.check(); err != nil {
		return nil, nil, err
	}
	if len(groups) > MaxGroups {
		return nil, nil, fmt.Errorf("%d pattern groups, over %d", len(groups), MaxGroups)
	}
	var pats []string
	for _, g := range groups {
		pats = append(pats, g...)
	}
	a := newAlphabet(pats, syn)
	var compiled []pattern
	sep := strings.IndexByte(syn.Vanish, '\\') >= 0
	for gi, g := range groups {
		for _, s := range g {
			if !sep && strings.IndexByte(s, '\\') >= 0 {
				return nil, nil, fmt.Errorf("pattern %q reads a path separator, and the syntax does not let '\\' vanish", s)
			}
			p, err := compilePattern(a, s, gi)
			if err != nil {
				return nil, nil, err
			}
			compiled = append(compiled, p)
		}
	}
	return a, compiled, nil
}

// Check reports the first pattern of the groups that does not compile,
// without building the automaton.
func Check(groups [][]string, syn Syntax) error {
	_, _, err := compile(groups, &syn)
	return err
}
