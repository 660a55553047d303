package rules_test

import (
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/rules"
)

func classifyWith(t *testing.T, r *rules.Rule, text string) []rules.Finding {
	t.Helper()
	u := rules.NewUnit(rules.Prose, []byte(text), 0, len(text), rules.Context{Headings: []string{"Troubleshooting"}})
	// mark backtick spans as code
	open := -1
	for i := 0; i < len(text); i++ {
		if text[i] == '`' {
			if open >= 0 {
				u.Code = append(u.Code, rules.Span{Start: open, End: i})
				open = -1
			} else {
				open = i + 1
			}
		}
	}
	return rules.Classify(u, []*rules.Rule{r})
}

func TestCustomRule(t *testing.T) {
	r, err := rules.NewRule(rules.Spec{
		ID:      "force-push",
		Summary: "force-pushing shared branches",
		Words:   []string{"git push --force", "force push", "force-push"},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		text string
		want int
	}{
		{"If the branch diverged, run `git push --force`.", 1},
		{"Just force push the branch.", 1},
		{"Never force push to main.", 0},
		{"Do not run `git push --force`; rebase instead.", 0},
		{"The hook rejects `git push --force` on main.", 0},
		{"Should I force push?", 0},
	} {
		if got := len(classifyWith(t, r, tc.text)); got != tc.want {
			t.Errorf("%q: %d findings, want %d", tc.text, got, tc.want)
		}
	}
}

func TestCustomRulePattern(t *testing.T) {
	r, err := rules.NewRule(rules.Spec{ID: "rm-rf-home", Patterns: []string{`rm\s+-rf\s+~`}, Needs: rules.Recovery})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(classifyWith(t, r, "If it hangs, `rm -rf ~/.cache/tool` and retry.")); n != 1 {
		t.Errorf("pattern in recovery: %d findings, want 1", n)
	}
	if !strings.Contains(r.Message, "rm-rf-home") {
		t.Errorf("default message %q does not name the rule", r.Message)
	}
}

func TestCustomRuleErrors(t *testing.T) {
	for _, tc := range []struct {
		spec rules.Spec
		want string
	}{
		{rules.Spec{ID: "Bad_ID", Words: []string{"x"}}, "lower-case"},
		{rules.Spec{ID: "process-kill", Words: []string{"x"}}, "built-in"},
		{rules.Spec{ID: "empty"}, "at least one word or pattern"},
		{rules.Spec{ID: "bad-re", Patterns: []string{"("}}, "pattern"},
		{rules.Spec{ID: "empty-re", Patterns: []string{"x*"}}, "matches empty text"},
		{rules.Spec{ID: "blank", Words: []string{"  "}}, "empty word"},
	} {
		_, err := rules.NewRule(tc.spec)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want one containing %q", tc.spec, err, tc.want)
		}
	}
	if _, err := rules.ParseNeed("sometimes"); err == nil {
		t.Error("ParseNeed accepted an unknown context")
	}
}
