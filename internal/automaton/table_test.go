package automaton

import (
	"bytes"
	"slices"
	"testing"
)

// sameDFA reports whether two automata read every text alike: the same
// classes, states, transitions and accepting groups.
func sameDFA(a, b *DFA) bool {
	return a.a.cls == b.a.cls && a.a.n == b.a.n && slices.Equal(a.a.alnum, b.a.alnum) && a.a.loop == b.a.loop &&
		slices.Equal(a.trans, b.trans) && slices.Equal(a.acc, b.acc) && slices.Equal(a.quiet, b.quiet) &&
		a.start == b.start && a.accFrom == b.accFrom && a.shift == b.shift && a.guarded == b.guarded && a.fp == b.fp
}

// TestTableRoundTrip: every automaton of the snapshot, written to a table
// file, loads back as the automaton it was, under its name and only for
// its groups and syntax; and it reads the examples as it did.
func TestTableRoundTrip(t *testing.T) {
	sets := snapshotSets(t)
	automata := snapshotAutomata(t)
	var file []byte
	for i, d := range automata {
		var err error
		if file, err = AppendTable(file, sets[i].name, d); err != nil {
			t.Fatal(err)
		}
	}
	ex := examples(t)
	for i, s := range sets {
		got, ok := Load(file, s.name, s.groups, s.syn)
		if !ok {
			t.Fatalf("%s: not loaded", s.name)
		}
		if !sameDFA(got, automata[i]) {
			t.Fatalf("%s: loads as another automaton", s.name)
		}
		m1, ok1 := got.Marks(ex, nil, false)
		m2, ok2 := automata[i].Marks(ex, nil, false)
		if ok1 != ok2 || !slices.Equal(m1, m2) {
			t.Errorf("%s: the loaded automaton marks the examples otherwise", s.name)
		}
	}

	anchors := sets[0]
	other := anchors.syn
	other.Vanish = "*"
	for _, c := range []struct {
		name   string
		file   []byte
		entry  string
		groups [][]string
		syn    Syntax
	}{
		{"another name", file, "nothing", anchors.groups, anchors.syn},
		{"other groups", file, anchors.name, anchors.groups[1:], anchors.syn},
		{"another syntax", file, anchors.name, anchors.groups, other},
		{"no guard", file, anchors.name, anchors.groups, testSyntax},
		{"cut short", file[:len(file)/2], sets[len(sets)-1].name, sets[len(sets)-1].groups, sets[len(sets)-1].syn},
		{"empty file", nil, anchors.name, anchors.groups, anchors.syn},
	} {
		if _, ok := Load(c.file, c.entry, c.groups, c.syn); ok {
			t.Errorf("%s: loaded", c.name)
		}
	}
	if _, ok := decode([]byte("short"), &testSyntax); ok {
		t.Error("a truncated table decodes")
	}
	if _, err := AppendTable(nil, string(bytes.Repeat([]byte("n"), 256)), automata[0]); err == nil {
		t.Error("a name of 256 bytes is written")
	}
}
