package config_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/config"
)

const customYAML = `custom-rules:
  - id: force-push
    summary: force-pushing a shared branch
    doc: Force-pushing rewrites history that every other clone builds on.
    words: ["git push --force", "force push", "force-push", "push -f"]
    severity: warning
  - id: rm-rf
    summary: deleting folders wholesale with rm -rf to recover
    patterns: ['\brm\s+-(rf|fr)\b']
    needs: recovery
`

// doc mixes recommendations (marked " <- RULE", a mark the test removes
// before checking) with bans, mentions and text outside a recovery.
const doc = "# Working with branches\n" +
	"\n" +
	"Never force push to main; open a revert instead.\n" +
	"The hook rejects `git push --force` on protected branches.\n" +
	"Should I force-push after a rebase?\n" +
	"`rm -rf build/` clears the build output before a release.\n" +
	"\n" +
	"## If the merge is stuck\n" +
	"\n" +
	"1. Run `git push --force` to overwrite the remote. <- force-push\n" +
	"2. If that fails, `rm -rf .git/rebase-merge` and start over. <- rm-rf\n" +
	"3. Do not run `rm -rf` on the clone itself.\n" +
	"\n" +
	"## Forbidden recovery paths\n" +
	"\n" +
	"- force-pushing shared branches\n" +
	"- `rm -rf ~/.cache/tool`\n" +
	"\n" +
	"## Quick fixes\n" +
	"\n" +
	"You can just force push it when the remote is ahead. <- force-push\n"

// TestCustomRuleFromYAML reads custom rules from YAML and runs them over a
// document through the whole checker: the recommendations are findings at
// their configured severity, the bans and mentions are not.
func TestCustomRuleFromYAML(t *testing.T) {
	c, err := config.Parse("cfg.yml", "/repo", []byte(customYAML))
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	lines := strings.Split(doc, "\n")
	for i, line := range lines {
		if text, rule, ok := strings.Cut(line, " <- "); ok {
			want = append(want, fmt.Sprintf("%d %s", i+1, rule))
			lines[i] = text
		}
	}
	text := []byte(strings.Join(lines, "\n"))
	findings, err := check.Source("RUNBOOK.md", text, c.Check())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range findings {
		got = append(got, fmt.Sprintf("%d %s", f.Line, f.Rule))
		wantSev := map[string]string{"force-push": "warning", "rm-rf": "error"}[f.Rule]
		if f.Severity != wantSev {
			t.Errorf("line %d %s: severity %s, want %s", f.Line, f.Rule, f.Severity, wantSev)
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		if len(got) < len(want) {
			t.Log("if the custom rules find nothing on lines without a built-in rule's trigger word, " +
				"check.Source's rules.MayMatch prefilter is skipping units for them")
		}
	}

	// disabling the rules in the same file silences them
	off, err := config.Parse("cfg.yml", "/repo", []byte(customYAML+"rules:\n  disable: [force-push, rm-rf]\n"))
	if err != nil {
		t.Fatal(err)
	}
	if fs, _ := check.Source("RUNBOOK.md", text, off.Check()); len(fs) != 0 {
		t.Errorf("disabled custom rules still report %d findings", len(fs))
	}
}
