package rules

import (
	"flag"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
)

// TestPatternSyntax: patterns compile to the elements the syntax says,
// and patterns that could match nothing are refused.
func TestPatternSyntax(t *testing.T) {
	a := newAlphabet([]string{".env", "stop-process"})
	for _, c := range []struct {
		pat  string
		want []uint8 // element kinds
		err  bool
	}{
		{"kill", []uint8{elLit, elLit, elLit, elLit}, false},
		{"^lock", []uint8{elBound, elLit, elLit, elLit, elLit}, false},
		{"^xh$", []uint8{elBound, elLit, elLit, elEnd}, false},
		{"env  file", []uint8{elLit, elLit, elLit, elBlank, elLit, elLit, elLit, elLit}, false},
		{"in_use", []uint8{elLit, elLit, elLit, elLit, elLit}, false}, // '_' may vanish
		{"**", nil, true},
		{"^$", nil, true},
		{"ключ", nil, true},
	} {
		p, err := compilePattern(a, c.pat, 0)
		if (err != nil) != c.err {
			t.Errorf("%q: error %v, want error %v", c.pat, err, c.err)
			continue
		}
		if c.err {
			continue
		}
		var kinds []uint8
		for _, e := range p.els {
			kinds = append(kinds, e.kind)
		}
		if string(kinds) != string(c.want) {
			t.Errorf("%q: elements %v, want %v", c.pat, kinds, c.want)
		}
	}
}

// TestStateTableAfter: the SQL keywords count only before a state table.
func TestStateTableAfter(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"leases", true},
		{"mcp_sessions where", true},
		{"  `heartbeats`", true},
		{"table session_locks", true},
		{"table users", false},
		{"users set name = 1", false},
		{"the list", false},
		{"lé", true}, // not plain ASCII: may fold to a name
	} {
		if got := stateTableAfter(c.s, 0); got != c.want {
			t.Errorf("%q: %v, want %v", c.s, got, c.want)
		}
	}
}

// TestDFAMatchesBitsetConstruction: the sparse construction gives an
// automaton that accepts the same groups after every step as the plain
// bitset construction, on random walks over the byte classes.
func TestDFAMatchesBitsetConstruction(t *testing.T) {
	sets := map[string][][]string{}
	var anchors [][]string
	for _, r := range All {
		for _, sp := range r.routes {
			anchors = append(anchors, sp.groups...)
		}
	}
	sets["anchors"] = anchors
	for i, g := range wordGroups() {
		sets[fmt.Sprint("words", i)] = [][]string{g}
	}
	sets["loops"] = [][]string{{"delete from %lease", "a%b", "^x y$"}, {"\\\\lock", "env  file"}}
	r := rand.New(rand.NewPCG(8, 9))
	for name, groups := range sets {
		var pats []string
		for _, g := range groups {
			pats = append(pats, g...)
		}
		a := newAlphabet(pats)
		var compiled []pattern
		for gi, g := range groups {
			for _, s := range g {
				p, err := compilePattern(a, s, gi)
				if err != nil {
					t.Fatal(err)
				}
				compiled = append(compiled, p)
			}
		}
		got, err := newDFA(a, compiled)
		if err != nil {
			t.Fatal(err)
		}
		want, err := newDFABits(a, compiled)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.acc) != len(want.acc) {
			t.Errorf("%s: %d states, the bitset construction has %d", name, len(got.acc), len(want.acc))
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
// every NFA state; it stays as the reference newDFA is tested against.
// It builds the automaton by subset construction over bit sets of
// NFA states. NFA state base[p]+k means "the first k elements of pattern p
// matched"; states of one pattern are consecutive, so advancing is a shift.
func newDFABits(a *alphabet, pats []pattern) (*dfa, error) {
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
	d := &dfa{a: a, nfaStates: total}
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
			return 0, fmt.Errorf("prefilter automaton over %d states", maxDFAStates)
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

var updateTables = flag.Bool("update-prefilter-tables", false, "rewrite rules/prefilter_tables.bin")

// builtinAutomata lists the automata the embedded tables hold.
func builtinAutomata() []*lazyDFA {
	out := []*lazyDFA{builtinFilter.anchors}
	for _, w := range builtinWords {
		out = append(out, w)
	}
	return out
}

// TestPrefilterTables: the embedded tables are those of the current
// patterns, and decode to the automata they were made from.
func TestPrefilterTables(t *testing.T) {
	var blob []byte
	for _, l := range builtinAutomata() {
		groups := l.groups()
		d, err := compileGroups(groups)
		if err != nil {
			t.Fatal(err)
		}
		d.tables = l.tables
		fp := fingerprint(groups, l.tables)
		blob = encodeTable(blob, l.name, fp, d)
		got, ok := precomputed(l.name, fp)
		if !ok && !*updateTables {
			t.Fatalf("rules/prefilter_tables.bin has no table for %s as the patterns are now (stale: each process builds it at run time)\n"+
				"regenerate: go test ./rules -run TestPrefilterTables -update-prefilter-tables", l.name)
		}
		if ok && (!slices.Equal(got.trans, d.trans) || !slices.Equal(got.acc, d.acc) || !slices.Equal(got.quiet, d.quiet) ||
			got.start != d.start || got.accFrom != d.accFrom || got.shift != d.shift || got.tables != d.tables || got.a.cls != d.a.cls) {
			t.Fatalf("the embedded table of %s decodes to another automaton", l.name)
		}
	}
	if *updateTables {
		if err := os.WriteFile("prefilter_tables.bin", blob, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote prefilter_tables.bin, %d bytes", len(blob))
	}
	if _, ok := decodeDFA([]byte("short")); ok {
		t.Error("a truncated table decodes")
	}
}

// TestBuiltinGroupsBelowExtra: the built-in rules' anchor groups stay
// below the first group FilterFor gives custom rules.
func TestBuiltinGroupsBelowExtra(t *testing.T) {
	if n := len(builtinFilter.anchors.groups()); n > extraBase {
		t.Fatalf("the built-in rules use %d anchor groups, over extraBase %d", n, extraBase)
	}
}

// TestRuleWithoutRoutes: a built-in rule that lists no routes is refused
// with a message that names it and the field; a custom rule that the
// prefilter cannot summarise (a pattern) wants every text for itself and
// leaves the built-in rules' gates as they were.
func TestRuleWithoutRoutes(t *testing.T) {
	saved := ProcessKill.routes
	ProcessKill.routes = nil
	_, err := NewFilter(All)
	ProcessKill.routes = saved
	if err == nil || !strings.Contains(err.Error(), "process-kill has no routes") || !strings.Contains(err.Error(), "routes field") {
		t.Fatalf("NewFilter with a built-in rule without routes: %v", err)
	}

	custom, err := NewRule(Spec{ID: "rm-rf-home", Patterns: []string{`rm\s+-rf\s+~`}})
	if err != nil {
		t.Fatal(err)
	}
	f, err := NewFilter(append(All[:len(All):len(All)], custom))
	if err != nil {
		t.Fatal(err)
	}
	if !f.All() {
		t.Error("a filter with a pattern rule does not want every text")
	}
	on := f.Rules("If it hangs, run pkill -f relay.", nil)
	var ids []string
	for _, r := range on {
		ids = append(ids, r.ID)
	}
	if !slices.Contains(ids, "process-kill") || !slices.Contains(ids, "rm-rf-home") {
		t.Errorf("rules for a pkill sentence with a pattern rule beside: %v, want process-kill and rm-rf-home", ids)
	}
}
