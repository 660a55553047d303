package automaton

import (
	"fmt"
	"slices"
)

// DFA is a deterministic automaton over byte classes that reports, at
// each step, the groups of the patterns that end there. Unanchored: every
// pattern may start anywhere. It is immutable and safe for concurrent use.
type DFA struct {
	a     *alphabet
	trans []uint16 // state<<shift | class -> state
	shift uint     // rows are 1<<shift wide, a power of two at least a.n
	acc   []uint64 // per state: groups of the patterns that end in it
	// accFrom is the first accepting state: states are numbered so that
	// the accepting ones come last, and the scan loop tests a number
	// instead of loading acc
	accFrom uint16
	quiet   []bool // per state: no pattern is partly matched
	start   uint16 // the state at the start of a text (a boundary)
	// guarded are the groups whose matches syn.Guard decides
	guarded uint64
	syn     *Syntax // the reading of the text: fold, stretches, guard
	fp      uint64  // fingerprint of the groups and syntax (table.go)
}

// Compile builds the automaton whose group i matches the patterns of
// groups[i] in text read with syn. In a pattern, letters, digits and
// punctuation match themselves, case folded; '^' at the start needs a
// byte that is no letter or digit (or the start of the text) before the
// word, '$' at the end one after it (or the end); ' ' matches one or more
// blanks; '%' matches any run of letters and digits; '\' matches a path
// separator, '/' or a backslash. Bytes of syn.Vanish are dropped, since
// the text may have lost them too. A pattern is ASCII, and at least one
// of its bytes matches itself.
func Compile(groups [][]string, syn Syntax) (*DFA, error) {
	a, pats, err := compile(groups, &syn)
	if err != nil {
		return nil, err
	}
	d, err := newDFA(a, pats)
	if err != nil {
		return nil, err
	}
	d.guarded, d.syn, d.fp = syn.Guarded, &syn, fingerprint(groups, &syn)
	return d, nil
}

// maxDFAStates bounds the automaton; the 1,600 patterns of the rules'
// prefilter need a few thousand states.
const maxDFAStates = 1 << 16

// newDFA builds the automaton by subset construction. NFA state base[p]+k
// means "the first k elements of pattern p matched". Every DFA state holds
// the start of every pattern, and after a boundary the state after each
// pattern's boundary element; those are left implicit (a flag for the
// latter), so a DFA state is the short sorted list of its other NFA states
// and building one costs a few steps, not a pass over every pattern.
func newDFA(a *alphabet, pats []pattern) (*DFA, error) {
	type nstate struct {
		el      element
		hasEl   bool
		blankIn bool // the element before is a blank run: stays on blanks
		group   int
		final   bool
	}
	var ns []nstate
	var starts, boundStarts []int32
	for _, p := range pats {
		base := int32(len(ns))
		starts = append(starts, base)
		if p.els[0].kind == elBound {
			boundStarts = append(boundStarts, base+1)
		}
		for k := 0; k <= len(p.els); k++ {
			st := nstate{group: p.group}
			if k < len(p.els) {
				st.el, st.hasEl = p.els[k], true
			}
			st.final = k == len(p.els)
			st.blankIn = k > 0 && p.els[k-1].kind == elBlank
			ns = append(ns, st)
		}
	}
	implicit := make([]bool, len(ns)) // starts, and boundary starts under the flag
	for _, s := range starts {
		implicit[s] = true
	}
	for _, s := range boundStarts {
		implicit[s] = true
	}
	isBound := func(cls int) bool { return !a.alnum[cls] } // WS, Del, Other and punctuation
	// step appends the states s reaches on class c.
	step := func(out []int32, s int32, c int) []int32 {
		st := ns[s]
		if c == clsWS && st.blankIn {
			out = append(out, s) // a blank run may be longer than one byte
		}
		if !st.hasEl {
			return out
		}
		e := st.el
		switch {
		case (e.kind == elLit || e.kind == elSep) && int(e.cls) == c,
			(e.kind == elBound || e.kind == elEnd) && isBound(c),
			e.kind == elBlank && c == clsWS:
			out = append(out, s+1)
		case e.kind == elWord && a.alnum[c]:
			out = append(out, s)
		}
		return out
	}
	// what the implicit states reach on each class, and on a byte that
	// may vanish (taken as a separator, a blank or a path separator)
	fromStarts := make([][]int32, a.n)
	fromBound := make([][]int32, a.n)
	// delta is what a byte that may vanish does: nothing, or separate
	// words, or stand for a blank; a backslash may also separate paths
	delta := func(out []int32, s int32, c int) []int32 {
		out = step(out, s, clsOther)
		out = step(out, s, clsWS)
		if c == a.bslash && ns[s].hasEl && ns[s].el.kind == elSep {
			out = append(out, s+1)
		}
		return out
	}
	vanishing := func(c int) bool { return c == clsDel || c == a.bslash }
	for c := 0; c < a.n; c++ {
		for _, s := range starts {
			if vanishing(c) {
				fromStarts[c] = delta(fromStarts[c], s, c)
			} else {
				fromStarts[c] = step(fromStarts[c], s, c)
			}
		}
		for _, s := range boundStarts {
			if vanishing(c) {
				fromBound[c] = delta(fromBound[c], s, c)
			} else {
				fromBound[c] = step(fromBound[c], s, c)
			}
		}
	}
	if len(boundStarts) == 0 {
		isBound = func(int) bool { return false } // no pattern reads a boundary before it
	}
	type dstate struct {
		bound    bool    // the boundary starts are in the set
		explicit []int32 // the other NFA states, sorted
	}
	d := &DFA{a: a}
	index := map[string]uint16{}
	var states []dstate
	var keyBuf []byte
	// add finds or makes the DFA state of a set given as its boundary flag
	// and a list of NFA states (unsorted, with duplicates and implicit
	// ones, which it drops).
	add := func(bound bool, set []int32) (uint16, error) {
		// closure over empty word runs
		for i := 0; i < len(set); i++ {
			if s := set[i]; ns[s].hasEl && ns[s].el.kind == elWord {
				set = append(set, s+1)
			}
		}
		slices.Sort(set)
		set = slices.Compact(set)
		explicit := set[:0]
		for _, s := range set {
			if !implicit[s] {
				explicit = append(explicit, s)
			}
		}
		keyBuf = keyBuf[:0]
		if bound {
			keyBuf = append(keyBuf, 1)
		} else {
			keyBuf = append(keyBuf, 0)
		}
		for _, s := range explicit {
			keyBuf = append(keyBuf, byte(s), byte(s>>8), byte(s>>16))
		}
		if id, ok := index[string(keyBuf)]; ok {
			return id, nil
		}
		if len(states) >= maxDFAStates {
			return 0, fmt.Errorf("automaton over %d states", maxDFAStates)
		}
		id := uint16(len(states))
		index[string(keyBuf)] = id
		states = append(states, dstate{bound: bound, explicit: slices.Clone(explicit)})
		var acc uint64
		for _, s := range explicit {
			if ns[s].final {
				acc |= 1 << uint(ns[s].group)
			}
		}
		d.acc = append(d.acc, acc)
		d.quiet = append(d.quiet, len(explicit) == 0)
		return id, nil
	}
	var err error
	if d.start, err = add(len(boundStarts) > 0, nil); err != nil {
		return nil, err
	}
	var set []int32
	for i := 0; i < len(states); i++ {
		cur := states[i]
		for c := 0; c < a.n; c++ {
			set = set[:0]
			bound := isBound(c)
			switch {
			case vanishing(c):
				// maybe nothing, maybe a separator, maybe a blank, maybe a
				// backslash between path names
				set = append(set, cur.explicit...)
				for _, s := range cur.explicit {
					set = delta(set, s, c)
				}
				set = append(set, fromStarts[c]...)
				if cur.bound {
					set = append(set, fromBound[c]...)
				}
			default:
				for _, s := range cur.explicit {
					set = step(set, s, c)
				}
				set = append(set, fromStarts[c]...)
				if cur.bound {
					set = append(set, fromBound[c]...)
				}
			}
			id, err := add(bound, set)
			if err != nil {
				return nil, err
			}
			d.trans = append(d.trans, id)
		}
	}
	d.minimize()
	d.renumber()
	return d, nil
}

// minimize merges the states that no text tells apart (Moore's
// refinement): the subset construction keeps apart the states of words
// that end alike ("cached session", "stale session" after their first
// word), and over many such words that made the automaton several times
// larger than it needs to be, too large for the processor's caches. States
// start apart by their groups and by whether anything is partly matched,
// so every step reports the same marks and quiet says the same as before.
//
// It reads rows as wide as renumber left them, or as the construction
// made them (the classes), and leaves them the latter, for renumber.
func (d *DFA) minimize() {
	n, k := len(d.acc), d.a.n
	w := k
	if d.shift > 0 {
		w = 1 << d.shift
	}
	type first struct {
		acc   uint64
		quiet bool
	}
	block := make([]int32, n)
	byFirst := map[first]int32{}
	for s := range n {
		f := first{d.acc[s], d.quiet[s]}
		b, ok := byFirst[f]
		if !ok {
			b = int32(len(byFirst))
			byFirst[f] = b
		}
		block[s] = b
	}
	blocks := len(byFirst)
	next := make([]int32, n)
	sig := make([]byte, 4*(k+1))
	for {
		index := make(map[string]int32, blocks)
		for s := range n {
			put := func(i int, b int32) {
				sig[4*i], sig[4*i+1], sig[4*i+2], sig[4*i+3] = byte(b), byte(b>>8), byte(b>>16), byte(b>>24)
			}
			put(0, block[s])
			for c := range k {
				put(c+1, block[d.trans[s*w+c]])
			}
			b, ok := index[string(sig)]
			if !ok {
				b = int32(len(index))
				index[string(sig)] = b
			}
			next[s] = b
		}
		block, next = next, block
		if len(index) == blocks {
			break // no block split: the partition is stable
		}
		blocks = len(index)
	}
	if blocks == n && w == k {
		return
	}
	trans := make([]uint16, blocks*k)
	acc := make([]uint64, blocks)
	quiet := make([]bool, blocks)
	for s := range n {
		b := int(block[s])
		for c := range k {
			trans[b*k+c] = uint16(block[d.trans[s*w+c]])
		}
		acc[b], quiet[b] = d.acc[s], d.quiet[s]
	}
	d.trans, d.acc, d.quiet, d.start, d.shift = trans, acc, quiet, uint16(block[d.start]), 0
}

// renumber moves the accepting states after all others.
func (d *DFA) renumber() {
	n := len(d.acc)
	perm := make([]uint16, n) // old -> new
	next := uint16(0)
	for pass := 0; pass < 2; pass++ {
		for old := 0; old < n; old++ {
			if (d.acc[old] != 0) == (pass == 1) {
				perm[old] = next
				next++
			}
		}
		if pass == 0 {
			d.accFrom = next
		}
	}
	k := d.a.n
	for 1<<d.shift < k {
		d.shift++
	}
	trans := make([]uint16, n<<d.shift)
	acc := make([]uint64, n)
	quiet := make([]bool, n)
	for old := 0; old < n; old++ {
		nw := int(perm[old])
		for c := 0; c < k; c++ {
			trans[nw<<d.shift|c] = perm[d.trans[old*k+c]]
		}
		acc[nw], quiet[nw] = d.acc[old], d.quiet[old]
	}
	d.trans, d.acc, d.quiet, d.start = trans, acc, quiet, perm[d.start]
}

// step returns the state after st on a byte of class cls.
func (d *DFA) step(st uint16, cls int) uint16 { return d.trans[uint(st)<<d.shift|uint(cls)] }
