package automaton

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestDFAMatchesBitsetConstruction: the sparse construction gives an
// automaton that accepts the same groups after every step as the plain
// bitset construction, on random walks over the byte classes.
func TestDFAMatchesBitsetConstruction(t *testing.T) {
	sets := map[string][][]string{}
	for _, s := range snapshotSets(t) {
		sets[s.name] = s.groups
	}
	sets["loops"] = [][]string{{"delete from %lease", "a%b", "^x y$"}, {"\\\\lock", "env  file"}}
	r := rand.New(rand.NewPCG(8, 9))
	for name, groups := range sets {
		var pats []string
		for _, g := range groups {
			pats = append(pats, g...)
		}
		a, compiled, err := compile(groups, &testSyntax)
		if err != nil {
			t.Fatal(err)
		}
		got, err := newDFA(a, compiled)
		if err != nil {
			t.Fatal(err)
		}
		want, err := newDFABits(a, compiled)
		if err != nil {
			t.Fatal(err)
		}
		// a minimal automaton is unique: both constructions, minimized,
		// have as many states, and fewer than the unminimized one
		full := len(want.acc)
		want.minimize()
		want.renumber()
		if len(got.acc) != len(want.acc) {
			t.Errorf("%s: %d states, the minimized bitset construction has %d", name, len(got.acc), len(want.acc))
		}
		if len(got.acc) > full {
			t.Errorf("%s: %d states after minimizing, %d before", name, len(got.acc), full)
		}
		// walks biased towards pattern bytes, so that patterns complete
		for walk := 0; walk < 300; walk++ {
			p := pats[r.IntN(len(pats))]
			g, w := got.start, want.start
			for i := 0; i < 60; i++ {
				var c int
				switch k := r.IntN(10); {
				case k < 6:
					c = int(a.cls[lowerASCII(p[i%len(p)])])
				case k < 8:
					c = []int{clsWS, clsDel, clsOther}[r.IntN(3)]
				default:
					c = r.IntN(a.n)
				}
				g, w = got.step(g, c), want.step(w, c)
				if got.acc[g] != want.acc[w] || got.quiet[g] != want.quiet[w] {
					t.Fatalf("%s: walk %d step %d: acc %b quiet %v, bitset acc %b quiet %v", name, walk, i, got.acc[g], got.quiet[g], want.acc[w], want.quiet[w])
				}
			}
		}
	}
}

// newDFABits is the first construction of the automaton, over bit sets of
// every NFA state, not minimized; it stays as the reference newDFA is
// tested against.
// It builds the automaton by subset construction over bit sets of
// NFA states. NFA state base[p]+k means "the first k elements of pattern p
// matched"; states of one pattern are consecutive, so advancing is a shift.
func newDFABits(a *alphabet, pats []pattern) (*DFA, error) {
	total := 0
	for _, p := range pats {
		total += len(p.els) + 1
	}
	w := (total + 63) / 64
	type bset []uint64
	newBits := func() bset { return make(bset, w) }
	set := func(b bset, i int) { b[i/64] |= 1 << uint(i%64) }
	adv := make([]bset, a.n)  // per class: states whose element takes the class
	loop := make([]bset, a.n) // per class: states that stay on the class
	for c := range adv {
		adv[c], loop[c] = newBits(), newBits()
	}
	starts, boundStarts, eps, final := newBits(), newBits(), newBits(), newBits()
	advDel := newBits() // states whose element may take a byte that may vanish
	groupOf := make([]int, total)
	isBound := func(cls int) bool { return !a.alnum[cls] } // WS, Del, Other and punctuation
	s := 0
	for _, p := range pats {
		set(starts, s)
		if p.els[0].kind == elBound {
			set(boundStarts, s+1)
		}
		for k, e := range p.els {
			if e.kind == elSep {
				set(advDel, s+k)
			}
			for c := 0; c < a.n; c++ {
				switch {
				case (e.kind == elLit || e.kind == elSep) && int(e.cls) == c,
					(e.kind == elBound || e.kind == elEnd) && isBound(c),
					e.kind == elBlank && c == clsWS:
					set(adv[c], s+k)
				case e.kind == elWord && a.alnum[c]:
					set(loop[c], s+k)
				}
			}
			if e.kind == elWord {
				set(eps, s+k)
			}
			if e.kind == elBlank {
				set(loop[clsWS], s+k+1) // a blank run may be longer than one byte
			}
		}
		set(final, s+len(p.els))
		groupOf[s+len(p.els)] = p.group
		s += len(p.els) + 1
	}
	closure := func(b bset) {
		for {
			changed := false
			var carry uint64
			for i := range b {
				x := b[i] & eps[i]
				sh := x<<1 | carry
				carry = x >> 63
				if sh&^b[i] != 0 {
					b[i] |= sh
					changed = true
				}
			}
			if !changed {
				return
			}
		}
	}
	// next sets out to the states reached from cur on class c.
	next := func(out, cur bset, c int) {
		var carry uint64
		av, lp := adv[c], loop[c]
		for i := range out {
			x := cur[i] & av[i]
			out[i] = x<<1 | carry | cur[i]&lp[i] | starts[i]
			carry = x >> 63
		}
		if isBound(c) {
			for i := range out {
				out[i] |= boundStarts[i]
			}
		}
	}
	d := &DFA{a: a}
	index := map[uint64][]uint16{} // hash of a set -> states with that hash
	var sets []bset
	hasEps := slices.ContainsFunc(eps, func(x uint64) bool { return x != 0 })
	add := func(b bset) (uint16, error) {
		if hasEps {
			closure(b)
		}
		h := uint64(14695981039346656037)
		for _, x := range b {
			h = (h ^ x) * 1099511628211
			h ^= h >> 29
		}
		for _, id := range index[h] {
			if slices.Equal(sets[id], b) {
				return id, nil
			}
		}
		if len(sets) >= maxDFAStates {
			return 0, fmt.Errorf("automaton over %d states", maxDFAStates)
		}
		id := uint16(len(sets))
		index[h] = append(index[h], id)
		sets = append(sets, slices.Clone(b))
		var acc uint64
		quiet := true
		for i, x := range b {
			for f := x & final[i]; f != 0; f &= f - 1 {
				acc |= 1 << uint(groupOf[64*i+bits.TrailingZeros64(f)])
			}
			if x&^(starts[i]|boundStarts[i]) != 0 {
				quiet = false
			}
		}
		d.acc = append(d.acc, acc)
		d.quiet = append(d.quiet, quiet)
		return id, nil
	}
	init := newBits()
	for i := range init {
		init[i] = starts[i] | boundStarts[i]
	}
	var err error
	if d.start, err = add(init); err != nil {
		return nil, err
	}
	out, tmp := newBits(), newBits()
	everything := newBits()
	for i := 0; i < total; i++ {
		set(everything, i)
	}
	for i := 0; i < len(sets); i++ {
		cur := sets[i]
		for c := 0; c < a.n; c++ {
			if c == clsDel || c == a.bslash {
				// maybe nothing, maybe a separator, maybe a blank; a
				// backslash may also separate path names
				next(out, cur, clsOther)
				next(tmp, cur, clsWS)
				var carry uint64
				for j := range out {
					x := cur[j] & advDel[j]
					if c != a.bslash {
						x = 0
					}
					out[j] |= tmp[j] | cur[j] | x<<1 | carry
					carry = x >> 63
				}
			} else {
				next(out, cur, c)
			}
			id, err := add(out)
			if err != nil {
				return nil, err
			}
			d.trans = append(d.trans, id)
		}
	}
	d.renumber()
	return d, nil
}
