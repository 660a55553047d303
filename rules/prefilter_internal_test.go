package rules

import (
	"math/rand/v2"
	"slices"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// TestCompatFastPath: skipping NFKC for runes without a decomposition
// gives the answer the full normalisation gives, for every rune.
func TestCompatFastPath(t *testing.T) {
	slow := func(r rune) (string, bool) {
		s := norm.NFKC.String(string(r))
		if s == string(r) {
			return "", false
		}
		b := make([]byte, 0, len(s))
		for i := 0; i < len(s); i++ {
			c := s[i]
			switch {
			case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
				b = append(b, c)
			case c >= 'A' && c <= 'Z':
				b = append(b, c+'a'-'A')
			default:
				return "", false
			}
		}
		return string(b), len(b) > 0
	}
	for r := rune(0xA0); r <= utf8.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		gs, gok := compatASCII(r)
		ws, wok := slow(r)
		if gs != ws || gok != wok {
			t.Fatalf("rune %U: got %q %v, want %q %v", r, gs, gok, ws, wok)
		}
	}
}

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

// TestFoldPlainMatchesRunes: the byte-for-byte fast path of fold gives
// what the rune-by-rune fold gives, wherever it applies.
func TestFoldPlainMatchesRunes(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 4))
	alphabet := "aZ '\"\\-_.kILL\n\t`*"
	applied := 0
	for i := 0; i < 20000; i++ {
		b := make([]byte, r.IntN(40))
		for j := range b {
			b[j] = alphabet[r.IntN(len(alphabet))]
		}
		text := string(b)
		fast, ok := foldPlain(text)
		if !ok {
			continue
		}
		applied++
		slow := foldRunes(text)
		if fast.s != slow.s || !slices.Equal(fast.back, slow.back) {
			t.Fatalf("%q: fast %q %v, slow %q %v", text, fast.s, fast.back, slow.s, slow.back)
		}
	}
	if applied < 1000 {
		t.Fatalf("fast path applied to %d texts only", applied)
	}
	if _, ok := foldPlain("a''b"); ok {
		t.Error("a doubled quote must take the rune path")
	}
}
