package rules

import (
	"bytes"
	"flag"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/recoverlint/recoverlint/internal/automaton"
)

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

// TestFoldFitsScan: no rune folds to more bytes than the automaton takes
// from foldForScan, which would cut the rest off.
func TestFoldFitsScan(t *testing.T) {
	for r := rune(utf8.RuneSelf); r <= utf8.MaxRune; r++ {
		if f := appendFoldedRune(nil, r); len(f) > automaton.MaxFold {
			t.Fatalf("%U folds to %q, over automaton.MaxFold bytes", r, f)
		}
	}
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
// patterns and syntax, and load as the automata they were made from.
func TestPrefilterTables(t *testing.T) {
	var blob []byte
	for _, l := range builtinAutomata() {
		groups := l.groups()
		d, err := automaton.Compile(groups, l.syntax)
		if err != nil {
			t.Fatal(err)
		}
		if blob, err = automaton.AppendTable(blob, l.name, d); err != nil {
			t.Fatal(err)
		}
		got, ok := automaton.Load(tablesBlob, l.name, groups, l.syntax)
		if !ok && !*updateTables {
			t.Fatalf("rules/prefilter_tables.bin has no table for %s as the patterns are now (stale: each process builds it at run time)\n"+
				"regenerate: go test ./rules -run TestPrefilterTables -update-prefilter-tables", l.name)
		}
		if ok {
			// the same automaton writes the same entry
			want, _ := automaton.AppendTable(nil, l.name, d)
			if have, _ := automaton.AppendTable(nil, l.name, got); !bytes.Equal(have, want) {
				t.Fatalf("the embedded table of %s loads as another automaton", l.name)
			}
		}
	}
	if *updateTables {
		if err := os.WriteFile("prefilter_tables.bin", blob, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote prefilter_tables.bin, %d bytes", len(blob))
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

// TestWordOrderCoversRoutes: Wanted looks only for the word groups in
// wordOrder, so a route needing one left out would pass every section.
func TestWordOrderCoversRoutes(t *testing.T) {
	var order uint64
	for _, w := range wordOrder {
		order |= 1 << w
	}
	for _, rr := range builtinFilter.rules {
		for _, rt := range rr.routes {
			if miss := (rt.local | rt.context) &^ order; miss != 0 {
				t.Errorf("%s: a route needs word groups %b that wordOrder leaves out", rr.rule.ID, miss)
			}
		}
	}
}

// TestReloadStemsCoverWords: every word reloadContext reads is found by
// the route group wReload holds, so a section is never skipped for a
// reload word the prefilter does not know.
func TestReloadStemsCoverWords(t *testing.T) {
	extra := []string{"pick up", "picks up", "picked up", "force"}
	for _, w := range reloadWords {
		ok := false
		for _, s := range append(slices.Clone(reloadStems), extra...) {
			if strings.Contains(w, s) {
				ok = true
			}
		}
		if !ok {
			t.Errorf("reload word %q has no stem in reloadStems", w)
		}
	}
}

// TestRedirectWordsCoverFold: every rune fold reads as '>' (which fileEdit
// takes for its verb) makes mayRedirect hold, and so the edit-verb group,
// alone in a text; and plain words without one do not.
func TestRedirectWordsCoverFold(t *testing.T) {
	for r := rune(utf8.RuneSelf); r <= utf8.MaxRune; r++ {
		if !utf8.ValidRune(r) || !strings.Contains(string(appendFoldedRune(nil, r)), ">") {
			continue
		}
		if !mayRedirect([]byte("cat x " + string(r) + " mcp.json")) {
			t.Errorf("%U folds to '>' and mayRedirect misses it", r)
		}
	}
	for _, c := range []struct {
		text string
		want bool
	}{
		{"echo '{}' > mcp.json", true},
		{"echo '{}' &gt; mcp.json", true},
		{"echo '{}' &#62; mcp.json", true},
		{"the settings in mcp.json", false},
	} {
		g, _ := builtinFilter.Words([]byte(c.text), 1<<wEditVerb)
		if got := g != 0; got != c.want {
			t.Errorf("%q: edit-verb group %v, want %v", c.text, got, c.want)
		}
	}
}
