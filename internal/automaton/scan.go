package automaton

import (
	"bytes"
	"unicode/utf8"
)

// scanner walks a text through an automaton, reading the text both with
// and without every stretch that may vanish.
type scanner struct {
	d     *DFA
	src   []byte
	marks []Mark
	// uncertain is set when a vanishing stretch was too complex to follow:
	// the caller must then treat the whole text as wanted.
	uncertain bool
	work      int // bytes read on side branches, bounded
	// ends holds the candidate ends of the stretches being followed,
	// MaxEnds per level of nesting: one buffer per scan, as a buffer
	// handed to Syntax.Stretch (a function value) lives on the heap
	ends []int
	// stopAtMark ends the reading at the first mark (Contains)
	stopAtMark bool
	// byLine folds a mark into the last one when both end on the same
	// line (Marks)
	byLine bool
}

// limits on the side branches that read text without a vanished stretch
const (
	maxBranchDepth = 64
	maxBranchWork  = 1 << 16 // bytes per text, plus the text's length
)

func (sc *scanner) mark(end int, groups uint64) {
	if groups&sc.d.guarded != 0 && !sc.d.syn.Guard.After(sc.src, end) {
		if groups &^= sc.d.guarded; groups == 0 {
			return
		}
	}
	if n := len(sc.marks); n > 0 && (sc.marks[n-1].End == end || sc.byLine && sameLine(sc.src, sc.marks[n-1].End, end)) {
		sc.marks[n-1].End = max(sc.marks[n-1].End, end)
		sc.marks[n-1].Groups |= groups
		return
	}
	sc.marks = append(sc.marks, Mark{End: end, Groups: groups})
}

// maxLineGap is how far apart two marks folded by line may end: far
// enough that a line full of words is one mark (each fold moves the
// mark's end on), near enough that the line break search costs little; a
// gap wider than this on one line starts a new mark.
const maxLineGap = 1024

// sameLine reports whether the marks ending at a and b, at most
// maxLineGap apart, end on one line: their last bytes have no line feed
// between them.
func sameLine(src []byte, a, b int) bool {
	if a > b {
		a, b = b, a
	}
	return a > 0 && b-a <= maxLineGap && bytes.IndexByte(src[a-1:b-1], '\n') < 0
}

// run reads src[from:to] from state st and returns the state at the end.
// Stretches that may vanish are followed to the end of the whole text.
func (sc *scanner) run(st uint16, from, to int) uint16 {
	d, src := sc.d, sc.src[:to]
	loop := &d.a.loop
	shift := d.shift
	trans, accFrom := d.trans, d.accFrom
	for i := from; i < len(src) && !sc.stopped(); {
		rest := src[i:]
		t := 0
		for ; t < len(rest); t++ {
			x := loop[rest[t]]
			if x == slow {
				break
			}
			st = trans[uint(st)<<shift|uint(x)]
			if st >= accFrom {
				sc.mark(i+t+1, d.acc[st])
				if sc.stopped() {
					t++
					break
				}
			}
		}
		i += t
		if i < len(src) && !sc.stopped() {
			st = sc.runByte(st, &i, to)
		}
	}
	return st
}

// fold returns what the valid non-ASCII rune r reads as (Syntax.Fold).
func (d *DFA) fold(r rune) (b [MaxFold]byte, n int) {
	if d.syn.Fold == nil {
		b[0] = 0x80
		return b, 1
	}
	return d.syn.Fold(r)
}

// rune reads the (non-ASCII) rune at *i as Syntax.Fold spells it.
func (sc *scanner) rune(st uint16, i *int, to int) uint16 {
	d := sc.d
	r, size := utf8.DecodeRune(sc.src[*i:to])
	if r == utf8.RuneError && size <= 1 {
		// broken UTF-8: markup that vanishes can join such bytes into a
		// character that folds to letters; read the whole text
		sc.uncertain = true
		*i++
		return d.step(st, clsOther)
	}
	folded, n := d.fold(r)
	*i += size
	for _, b := range folded[:n] {
		cls := clsOther
		if b < utf8.RuneSelf {
			cls = int(d.a.cls[b])
		}
		st = d.step(st, cls)
		if d.acc[st] != 0 {
			sc.mark(*i, d.acc[st])
		}
	}
	return st
}

// vanish handles a stretch of text that may be removed as a whole, opening
// at src[i] (an opener, see Syntax.Stretch). st is the state just after
// src[i]. For every place the stretch may end, the text after it is read
// on from st until the automaton has nothing partly matched.
func (sc *scanner) vanish(st uint16, i, depth int) {
	if sc.d.quiet[st] || sc.d.syn.Stretch == nil {
		return // nothing partly matched: a branch would read what the main reading reads
	}
	base := len(sc.ends)
	sc.ends = append(sc.ends, make([]int, MaxEnds)...)
	n, opens, ok := sc.d.syn.Stretch(sc.src, i, sc.ends[base:base+MaxEnds:base+MaxEnds])
	switch {
	case !opens:
	case !ok || n > MaxEnds || depth >= maxBranchDepth:
		sc.uncertain = true
	default:
		for k := range n {
			// a nested stretch may move sc.ends: read it anew each time
			sc.branch(st, sc.ends[base+k], depth+1)
		}
	}
	sc.ends = sc.ends[:base]
}

// branch reads src from e in state st until nothing is partly matched.
func (sc *scanner) branch(st uint16, e, depth int) {
	d, src := sc.d, sc.src
	cls, open := &d.a.cls, &d.a.open
	to := len(src)
	for i := e; i < to; {
		if d.quiet[st] {
			return
		}
		if sc.work++; sc.work > maxBranchWork+len(src) {
			sc.uncertain = true
			return
		}
		c := src[i]
		if c >= utf8.RuneSelf {
			st = sc.rune(st, &i, to)
			continue
		}
		st = d.step(st, int(cls[c]))
		if d.acc[st] != 0 {
			sc.mark(i+1, d.acc[st])
		}
		if open[c] {
			sc.vanish(st, i, depth)
		}
		i++
	}
	// the end of the text is a boundary
	if st = d.step(st, clsOther); d.acc[st] != 0 {
		sc.mark(to, d.acc[st])
	}
}

// runByte reads one byte (or rune) at *i.
func (sc *scanner) runByte(st uint16, i *int, to int) uint16 {
	d := sc.d
	c := sc.src[*i]
	if c >= utf8.RuneSelf {
		return sc.rune(st, i, to)
	}
	st = d.step(st, int(d.a.cls[c]))
	if st >= d.accFrom {
		sc.mark(*i+1, d.acc[st])
	}
	if d.a.open[c] {
		sc.vanish(st, *i, 0)
	}
	*i++
	return st
}

// Groups returns the groups matched anywhere in s (a unit's or a
// segment's text), read as a scan reads a source, except that no stretch
// vanishes: s is text its reader has already rendered.
func (d *DFA) Groups(s string) uint64 {
	var g uint64
	st := d.start
	add := func(end int) {
		a := d.acc[st]
		if a&d.guarded != 0 && !d.syn.Guard.AfterString(s, end) {
			a &^= d.guarded
		}
		g |= a
	}
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			st = d.step(st, int(d.a.cls[c]))
			i++
			if st >= d.accFrom {
				add(i)
			}
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		var folded [MaxFold]byte
		n := 1
		if r == utf8.RuneError && size <= 1 {
			size = 1
			folded[0] = 0x80
		} else {
			folded, n = d.fold(r)
		}
		i += size
		for _, b := range folded[:n] {
			cls := clsOther
			if b < utf8.RuneSelf {
				cls = int(d.a.cls[b])
			}
			st = d.step(st, cls)
			if st >= d.accFrom {
				add(i)
			}
		}
	}
	st = d.step(st, clsOther)
	if st >= d.accFrom {
		add(len(s))
	}
	return g
}
