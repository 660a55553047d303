package gitdiff_test

import (
	"testing"

	"github.com/recoverlint/recoverlint/gitdiff"
)

// FuzzParse checks that any input either parses into sorted, disjoint,
// non-empty ranges or fails, and never panics.
func FuzzParse(f *testing.F) {
	f.Add("diff --git a/a b/a\n--- a/a\n+++ b/a\n@@ -1,2 +1,3 @@\n-x\n-y\n+a\n+b\n+c\n@@ -9 +10,0 @@\n-z\n")
	f.Add("+++ \"b/caf\\303\\251\"\n@@ -0,0 +1 @@\n+x\n\\ No newline at end of file\n")
	f.Add("+++ /dev/null\n@@ -1 +0,0 @@\n-x\n")
	f.Fuzz(func(t *testing.T, s string) {
		files, err := gitdiff.Parse([]byte(s))
		if err != nil {
			return
		}
		for p, rs := range files {
			for i, r := range rs {
				if r.Start > r.End {
					t.Fatalf("%s: empty range %v", p, r)
				}
				if i > 0 && rs[i-1].End+1 >= r.Start {
					t.Fatalf("%s: ranges %v and %v overlap or touch", p, rs[i-1], r)
				}
			}
		}
	})
}
