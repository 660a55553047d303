package jsscan_test

import (
	"os"
	"testing"

	"github.com/recoverlint/recoverlint/internal/golden"
	"github.com/recoverlint/recoverlint/jsscan"
	"github.com/recoverlint/recoverlint/rules"
)

// FuzzScan checks that no input panics the scanner and that every unit
// and call it returns lies inside the source.
func FuzzScan(f *testing.F) {
	for _, name := range golden.Inputs(f) {
		src, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	f.Add([]byte("a = `x ${`y ${z}`}` / 2 / b; <A b={\"c\"}>d {e} <F/></A>; r = /[/]x/g"))
	f.Add([]byte("x = `${`${\"a\"//b"))                  // once an index panic
	f.Add([]byte("const s = `a\nb ${fn( // c\n  x)}`;")) // a comment in a field

	f.Fuzz(func(t *testing.T, src []byte) {
		res := jsscan.Scan(src, "f.ts")
		checkOffsets(t, src, res.Units)
		for _, c := range res.Calls {
			if c.Start < 0 || c.End < c.Start || c.End > len(src) {
				t.Fatalf("call %+v outside the source (%d bytes)", c, len(src))
			}
		}
		for _, u := range res.Units {
			for _, fd := range rules.Classify(u, rules.All) {
				if fd.Start < 0 || fd.End > len(src) {
					t.Fatalf("finding %+v outside the source", fd)
				}
			}
		}
	})
}
