package rules

import (
	"fmt"
	"os"
	"testing"
)

func TestZZDebug(t *testing.T) {
	s := os.Getenv("DBG")
	if s == "" {
		t.Skip()
	}
	u := Unit{Kind: Prose, Text: s, Offsets: make([]int, len(s)+1)}
	v := newView(&u)
	for _, seg := range v.segments() {
		toks := seg.tokens()
		for _, r := range All {
			r.find(seg, func(h hit) {
				i := 0
				for i < len(toks) && toks[i].end <= h.start {
					i++
				}
				lo, hi := clauseBounds(toks, i)
				ms := mainStart(toks, lo, i)
				fmt.Printf("%s hit %q verb=%v i=%d lo=%d hi=%d main=%d(%q) stance=%v cond=%v\n", r.ID, v.f.s[h.start:h.end], h.verb, i, lo, hi, ms, toks[min(ms, len(toks)-1)].s, v.stance(seg, h), inCondition(toks, lo, i, hi))
				for k, tk := range toks {
					fmt.Printf(" %d:%q w=%v c=%v", k, tk.s, tk.word, tk.code)
				}
				fmt.Println()
			})
		}
	}
}
