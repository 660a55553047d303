package automaton

import (
	"encoding/json"
	"os"
	"sync"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/recoverlint/recoverlint/internal/markup"
)

// The tests read the automata of a snapshot of the rules' patterns
// (testdata/groups.json: the anchor groups of the routes and the eleven
// word groups, as rules built them when the package was split off) and
// the rules' examples (testdata/examples.md). Any patterns would do; these
// are the real size and shape, thousands of states. They need not follow
// the rules as they change: package rules tests its own tables.

// testSyntax reads text as the rules do: Markdown's removals and fold's.
var testSyntax = Syntax{
	Vanish:  markup.Removable + `'"\`,
	Fold:    testFold,
	Openers: markup.Openers,
	Stretch: markup.Ends,
}

// testFold folds a few look-alikes, full-width letters and invisible
// characters as the rules' fold does, and lowers other runes.
func testFold(r rune) (b [MaxFold]byte, n int) {
	switch {
	case r == '\u200b' || r == '\u00ad' || r == '\ufeff':
		return b, 0
	case r >= 0xFF01 && r <= 0xFF5E:
		b[0] = byte(unicode.ToLower(r - 0xFEE0))
		return b, 1
	case r == 'к' || r == 'К':
		b[0] = 'k'
		return b, 1
	case r == 'о' || r == 'О':
		b[0] = 'o'
		return b, 1
	}
	return b, utf8.EncodeRune(b[:], unicode.ToLower(r))
}

// testGuard lets a guarded match count where the next word starts with a
// letter of "lsjm" (as "leases", "sessions", "jobs", "mcp_…" would), or
// where the text cannot be read plainly.
type testGuard struct{}

func (testGuard) After(src []byte, end int) bool     { return guardAt(src, end) }
func (testGuard) AfterString(s string, end int) bool { return guardAt(s, end) }

func guardAt[T ~string | ~[]byte](s T, i int) bool {
	for i < len(s) && isBlankByte(s[i]) {
		i++
	}
	if i == len(s) {
		return false
	}
	switch c := lowerASCII(s[i]); {
	case c == 'l' || c == 's' || c == 'j' || c == 'm', c >= utf8.RuneSelf, c == ']' || c == '<':
		return true
	}
	return false
}

// snapshot is testdata/groups.json.
type snapshot struct {
	Anchors struct {
		Guarded uint64     `json:"guarded"`
		Groups  [][]string `json:"groups"`
	} `json:"anchors"`
	Words [][]string `json:"words"`
}

var loadSnapshot = sync.OnceValues(func() (snapshot, error) {
	var s snapshot
	b, err := os.ReadFile("testdata/groups.json")
	if err == nil {
		err = json.Unmarshal(b, &s)
	}
	return s, err
})

// testSet is a set of pattern groups and the syntax to read them with.
type testSet struct {
	name   string
	groups [][]string
	syn    Syntax
}

// snapshotSets returns the anchor groups and each word group of the
// snapshot, as the rules compile them.
func snapshotSets(t testing.TB) []testSet {
	t.Helper()
	s, err := loadSnapshot()
	if err != nil {
		t.Fatal(err)
	}
	anchors := testSyntax
	anchors.Guarded, anchors.Guard = s.Anchors.Guarded, testGuard{}
	sets := []testSet{{"anchors", s.Anchors.Groups, anchors}}
	for i, g := range s.Words {
		sets = append(sets, testSet{"words" + string(rune('a'+i)), [][]string{g}, testSyntax})
	}
	return sets
}

var (
	automataOnce sync.Once
	automata     []*DFA
	automataErr  error
)

// snapshotAutomata compiles the snapshot's sets once for all tests.
func snapshotAutomata(t testing.TB) []*DFA {
	t.Helper()
	sets := snapshotSets(t)
	automataOnce.Do(func() {
		for _, s := range sets {
			d, err := Compile(s.groups, s.syn)
			if err != nil {
				automataErr = err
				return
			}
			automata = append(automata, d)
		}
	})
	if automataErr != nil {
		t.Fatal(automataErr)
	}
	return automata
}

// examples is testdata/examples.md.
func examples(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/examples.md")
	if err != nil {
		t.Fatal(err)
	}
	return b
}
