package automaton

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// lineGroups is marks by line: the groups of the marks whose last byte
// (End-1) lies on each line, numbered from 0.
func lineGroups(src []byte, ms []Mark) map[int]uint64 {
	out := map[int]uint64{}
	for _, m := range ms {
		out[bytes.Count(src[:max(m.End-1, 0)], []byte("\n"))] |= m.Groups
	}
	return out
}

// TestMarksByLine: marks folded by line carry, line by line, the groups
// the plain marks do, and a one-line text full of words makes few marks.
func TestMarksByLine(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 9))
	var texts [][]byte
	for _, n := range []int{0, 1, 100, 5000, minBytes4 + 7, 40_000} {
		for range 20 {
			texts = append(texts, genStreamText(r, n))
		}
	}
	line := []byte(strings.Repeat("If the MCP server hangs, run `pkill -f mcp_server` and retry. ", 4000))
	texts = append(texts, line)
	d := snapshotAutomata(t)[0] // the anchors
	for _, src := range texts {
		want, wantOK := d.Marks(src, nil, false)
		got, gotOK := d.Marks(src, nil, true)
		if gotOK != wantOK {
			t.Fatalf("%d bytes: by line certain %v, plain %v", len(src), gotOK, wantOK)
		}
		w, g := lineGroups(src, want), lineGroups(src, got)
		if len(g) != len(w) {
			t.Fatalf("%d bytes: by line %d lines marked, plain %d", len(src), len(g), len(w))
		}
		for l, groups := range w {
			if g[l] != groups {
				t.Fatalf("%d bytes: line %d: by line %b, plain %b", len(src), l, g[l], groups)
			}
		}
	}
	ms, _ := d.Marks(line, nil, true)
	if all, _ := d.Marks(line, nil, false); len(ms) > len(line)/maxLineGap+1 || len(all) < 10*len(ms) {
		t.Errorf("%d bytes on one line: %d line marks of %d marks", len(line), len(ms), len(all))
	}
}
