package rules

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

// TestLineMarksAgree: LineMarks carries, line by line, the groups Marks
// does, and a one-line text full of route words makes few marks.
func TestLineMarksAgree(t *testing.T) {
	f := MustFilter(All)
	r := rand.New(rand.NewPCG(7, 9))
	var texts [][]byte
	for _, n := range []int{0, 1, 100, 5000, minBytes4 + 7, 40_000} {
		for range 20 {
			texts = append(texts, genStreamText(r, n))
		}
	}
	line := []byte(strings.Repeat("If the MCP server hangs, run `pkill -f mcp_server` and retry. ", 4000))
	texts = append(texts, line)
	for _, src := range texts {
		want, wantOK := f.Marks(src, nil)
		got, gotOK := f.LineMarks(src, nil)
		if gotOK != wantOK {
			t.Fatalf("%d bytes: LineMarks certain %v, Marks %v", len(src), gotOK, wantOK)
		}
		w, g := lineGroups(src, want), lineGroups(src, got)
		if len(g) != len(w) {
			t.Fatalf("%d bytes: LineMarks mark %d lines, Marks %d", len(src), len(g), len(w))
		}
		for l, groups := range w {
			if g[l] != groups {
				t.Fatalf("%d bytes: line %d: LineMarks %b, Marks %b", len(src), l, g[l], groups)
			}
		}
	}
	ms, _ := f.LineMarks(line, nil)
	if all, _ := f.Marks(line, nil); len(ms) > len(line)/maxLineGap+1 || len(all) < 10*len(ms) {
		t.Errorf("%d bytes on one line: %d line marks of %d marks", len(line), len(ms), len(all))
	}
}
