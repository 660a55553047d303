package automaton

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// markSet is marks as a set: the groups marked at each place.
func markSet(ms []Mark) map[int]uint64 {
	out := make(map[int]uint64, len(ms))
	for _, m := range ms {
		out[m.End] |= m.Groups
	}
	return out
}

// checkStreams fails when Marks's streams mark src otherwise than one
// stream does, for every automaton of the snapshot.
func checkStreams(t *testing.T, src []byte) {
	t.Helper()
	for _, d := range snapshotAutomata(t) {
		got, gotOK := d.Marks(src, nil, false)
		want, wantOK := d.scanOne(src, nil)
		g, w := markSet(got), markSet(want)
		if gotOK != wantOK || len(g) != len(w) {
			t.Fatalf("%d bytes: streams give %d places (certain %v), one stream %d (certain %v)", len(src), len(g), gotOK, len(w), wantOK)
		}
		for end, groups := range w {
			if g[end] != groups {
				t.Fatalf("%d bytes: at %d streams mark %b, one stream %b (text around: %q)", len(src), end, g[end], groups, src[max(0, end-40):end])
			}
		}
		// Contains stops at the first mark of any stream
		found, ok := d.Contains(src)
		if found != (len(w) > 0) || !found && ok != wantOK {
			t.Fatalf("%d bytes: Contains = %v, %v; one stream marks %d places (certain %v)", len(src), found, ok, len(w), wantOK)
		}
	}
}

// streamPieces are bits of text that start, end or split route words,
// open stretches that may vanish, or fold to letters.
var streamPieces = []string{
	"pkill", "kill -9", "killall", "taskkill", "touch", "mcp.json", ".env",
	"curl", "lock file", "config.toml", "restart", "stale", "fallback",
	"pk", "ill", "**", "`", "''", "\u200b", "ｐｋｉｌｌ", "к", "é",
	"[", "](", ")", "](https://x.example/a_b)", "][ref]", "<span>", "</span>", "<!-- x -->",
	" ", " ", " ", "\n", "\n", "\n\n", "- ", "# ", "```\n", "the ", "server ", "and ",
}

// genStreamText builds a text of about n bytes from streamPieces.
func genStreamText(r *rand.Rand, n int) []byte {
	var b strings.Builder
	for b.Len() < n {
		b.WriteString(streamPieces[r.IntN(len(streamPieces))])
	}
	return []byte(b.String())
}

// TestStreamsAgree: reading a text in two or four streams marks what one
// stream marks, around every place a stream starts.
func TestStreamsAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	sizes := []int{0, 1, 100, minBytes2 - 1, minBytes2, minBytes2 + 1, 5000, minBytes4 - 1, minBytes4, minBytes4 + 7, 20_000, 70_000}
	for _, n := range sizes {
		for range 20 {
			checkStreams(t, genStreamText(r, n))
		}
	}
	// the rules' examples in one text, long enough for four streams
	var all []byte
	for ex := examples(t); len(all) < 3*minBytes4; {
		all = append(all, ex...)
	}
	checkStreams(t, all)
	// a match that runs across each stream start: the word is cut by the
	// line break only in the reading where markup vanishes
	for _, n := range []int{minBytes2, minBytes4} {
		base := []byte(strings.Repeat("abc def\n", n/8+64))
		for _, cut := range []int{n / 4, n / 2, 3 * n / 4} {
			src := append([]byte(nil), base...)
			copy(src[cut-6:], "pk[x](y")
			checkStreams(t, src)
		}
	}
}

// FuzzStreamsAgree: TestStreamsAgree on any text, repeated past the size
// that makes four streams.
func FuzzStreamsAgree(f *testing.F) {
	for _, s := range []string{"pkill\n", "pk](x)ill\nkill -9\n", "<a\nb>touch</a>\n", "ｐｋｉｌｌ\n\xff\n"} {
		f.Add(s)
	}
	// the automata are compiled before fuzzing starts: compiled by the
	// first input instead, they took a loaded machine past the 10 seconds
	// the fuzzing engine gives an input, and it stopped the worker as
	// hung ("fuzzing process hung or terminated unexpectedly")
	snapshotAutomata(f)
	f.Fuzz(func(t *testing.T, s string) {
		if s == "" {
			return
		}
		checkStreams(t, []byte(s))
		checkStreams(t, []byte(strings.Repeat(s, minBytes4/len(s)+2)))
	})
}
