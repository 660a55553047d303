package rules_test

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/rules"
)

// TestReadmeTable keeps the README's rule table equal to the rule table
// the code holds; run with -update to rewrite it.
// update rewrites generated text only (the README's rule table); the
// hand-labelled rule cases in testdata/cases are never rewritten.
var update = flag.Bool("update", false, "rewrite the generated rule table in README.md")

func TestReadmeTable(t *testing.T) {
	const path = "../README.md"
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	const begin, end = "<!-- rules:begin -->\n", "<!-- rules:end -->"
	s := string(src)
	i, j := strings.Index(s, begin), strings.Index(s, end)
	if i < 0 || j < i {
		t.Fatalf("%s lacks the rules:begin / rules:end markers", path)
	}
	want := rules.MarkdownTable(rules.All)
	got := s[i+len(begin) : j]
	if got == want {
		return
	}
	if *update {
		if err := os.WriteFile(path, []byte(s[:i+len(begin)]+want+s[j:]), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("README rule table is stale; run go test ./rules -run ReadmeTable -update\n got:\n%s\nwant:\n%s", got, want)
}
