package automaton

import (
	"strings"
	"testing"
)

// TestPatternSyntax: patterns compile to the elements the syntax says,
// and patterns that could match nothing are refused.
func TestPatternSyntax(t *testing.T) {
	a := newAlphabet([]string{".env", "stop-process"}, &testSyntax)
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

// TestSyntaxRefused: a syntax the automaton cannot read as documented,
// and patterns it cannot hold, fail Check and Compile with a message that
// says why.
func TestSyntaxRefused(t *testing.T) {
	many := make([][]string, MaxGroups+1)
	for i := range many {
		many[i] = []string{"kill"}
	}
	for _, c := range []struct {
		name   string
		groups [][]string
		syn    Syntax
		want   string
	}{
		{"letter vanishes", [][]string{{"kill"}}, Syntax{Vanish: "*k"}, "cannot vanish"},
		{"blank opens", [][]string{{"kill"}}, Syntax{Openers: " "}, "cannot vanish or open"},
		{"guard missing", [][]string{{"kill"}}, Syntax{Guarded: 1}, "need a guard"},
		{"separator", [][]string{{"\\lock"}}, Syntax{Vanish: "*"}, "path separator"},
		{"too many groups", many, testSyntax, "over 64"},
		{"no letters", [][]string{{"kill"}, {"*_*"}}, testSyntax, `"*_*" has no letters`},
	} {
		err := Check(c.groups, c.syn)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Check: %v, want an error saying %q", c.name, err, c.want)
		}
		if _, err := Compile(c.groups, c.syn); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Compile: %v, want an error saying %q", c.name, err, c.want)
		}
	}
	if err := Check([][]string{{"\\lock", "kill"}, {"^touch$"}}, testSyntax); err != nil {
		t.Errorf("Check of valid patterns: %v", err)
	}
}
