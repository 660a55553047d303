package rules

import "testing"

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
