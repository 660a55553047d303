package rules_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/rules"
)

// TestExamples runs each rule's own examples through the full pipeline:
// every Recommend example yields a finding of the rule, no Prohibit or
// Mention example yields one.
func TestExamples(t *testing.T) {
	for _, r := range rules.All {
		t.Run(r.ID, func(t *testing.T) {
			ex := r.Examples
			if len(ex.Recommend) == 0 || len(ex.Prohibit) == 0 || len(ex.Mention) == 0 {
				t.Fatalf("rule %s needs recommend, prohibit and mention examples", r.ID)
			}
			has := func(doc string) bool {
				fs, err := check.Source("EXAMPLE.md", []byte(doc), check.Config{})
				if err != nil {
					t.Fatal(err)
				}
				for _, f := range fs {
					if f.Rule == r.ID {
						return true
					}
				}
				return false
			}
			for _, doc := range ex.Recommend {
				if !has(doc) {
					t.Errorf("recommend example not reported:\n%s", doc)
				}
			}
			for _, doc := range append(ex.Prohibit, ex.Mention...) {
				if has(doc) {
					t.Errorf("prohibit or mention example reported:\n%s", doc)
				}
			}
		})
	}
}

var kebab = regexp.MustCompile(`^[a-z]+(-[a-z]+)*$`)

// TestRegistry checks the rule table: unique kebab-case ids, SPEC.md's
// six first and in its order, and a doc, message and summary on every
// rule.
func TestRegistry(t *testing.T) {
	want := []string{"process-kill", "mtime-reload", "env-edit", "config-edit", "session-state-edit", "raw-api-fallback"}
	seen := map[string]bool{}
	for i, r := range rules.All {
		if seen[r.ID] {
			t.Errorf("duplicate rule id %s", r.ID)
		}
		seen[r.ID] = true
		if !kebab.MatchString(r.ID) {
			t.Errorf("rule id %q is not kebab-case", r.ID)
		}
		if i < len(want) && r.ID != want[i] {
			t.Errorf("rule %d is %s, SPEC.md lists %s", i, r.ID, want[i])
		}
		if r.Summary == "" || r.Message == "" || r.Doc.Title == "" || r.Doc.Text == "" || len(r.Doc.Bad) == 0 || len(r.Doc.Good) == 0 {
			t.Errorf("rule %s lacks a summary, message, or doc with examples", r.ID)
		}
		if rules.ByID(r.ID) != r {
			t.Errorf("ByID(%s) does not return the rule", r.ID)
		}
		if strings.HasSuffix(r.Message, ".") {
			t.Errorf("rule %s message ends with a period", r.ID)
		}
	}
	if len(rules.All) < len(want) {
		t.Errorf("%d rules, SPEC.md lists %d; a project's own rules come after them", len(rules.All), len(want))
	}
	if rules.ByID("no-such-rule") != nil {
		t.Error("ByID of an unknown id is not nil")
	}
}
