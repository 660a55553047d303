package rules

import (
	"math/rand/v2"
	"slices"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

func TestFold(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		// at is the original offset the first byte of want's "kill" maps to
	}{
		{"pkill", "pkill"},
		{"PKILL", "pkill"},
		{"p\u200bkill", "pkill"},
		{"ｐｋｉｌｌ", "pkill"},
		{"рkill", "pkill"},             // Cyrillic er
		{"pk''ill", "pkill"},           // empty quotes inside a word
		{`pk""ill`, "pkill"},           // empty double quotes
		{`p\kill`, "pkill"},            // escape inside a word
		{`"pkill"`, `"pkill"`},         // quotes around a word stay
		{"𝐩𝐤𝐢𝐥𝐥", "pkill"},             // mathematical bold
		{"don’t", "don't"},             // typographic apostrophe
		{"it's 'kill'", "it's 'kill'"}, // quotes that are not empty stay
	} {
		got := fold(tc.in)
		if got.s != tc.want {
			t.Errorf("fold(%q) = %q, want %q", tc.in, got.s, tc.want)
		}
	}
}

// TestFoldOffsets checks that each folded byte maps to the original rune
// it came from: the finding column of a disguised word is the column of
// its first visible letter.
func TestFoldOffsets(t *testing.T) {
	in := "run p\u200bkill now"
	f := fold(in)
	i := indexOf(f.s, "pkill")
	if i < 0 {
		t.Fatal("pkill not found after folding")
	}
	if got := f.back.At(i); got != 4 {
		t.Errorf("pkill starts at original offset %d, want 4", got)
	}
	if got := f.back.At(i + 1); got != 8 { // 'k' after a 3-byte zero-width space
		t.Errorf("k maps to %d, want 8", got)
	}
}

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

// TestFoldCache: the cached folding of every rune it covers, asked twice
// (computed, then remembered), is the folding itself.
func TestFoldCache(t *testing.T) {
	for r := rune(0x80); r < foldCacheSize+0x100; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		want := string(foldRune([]byte("x"), r))
		for range 2 {
			if got := string(appendFoldedRune([]byte("x"), r)); got != want {
				t.Fatalf("rune %U folds to %q, want %q", r, got, want)
			}
		}
	}
}

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
		if fast.s != slow.s || !slices.Equal(fast.back.Entries(), slow.back.Entries()) {
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
