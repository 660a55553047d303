package check_test

import (
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/check"
)

// TestSuppressionLine inserts the written suppression above a finding in
// every kind: while it holds the placeholder it is a bad suppression and
// silences nothing, as one without a reason; once a reason replaces the
// placeholder, nothing is reported.
func TestSuppressionLine(t *testing.T) {
	for _, tc := range []struct{ name, before, line, after string }{
		{"AGENTS.md", "# Recovery\n\n", "  - If it hangs, run `pkill -f mcp-server`.", "\n"},
		{"prompt.txt", "", "If it hangs, run pkill -f mcp-server.", "\n"},
		{"x.go", "package x\n\nconst help = 1\n\nvar (\n", "\thint = \"If it hangs, run pkill -f mcp-server.\"", "\n)\n"},
		{"x.sh", "#!/bin/sh\n", "echo 'If it hangs, run pkill -f mcp-server.'", "\n"},
		{"x.py", "", "HINT = \"If it hangs, run `pkill -f mcp-server`.\"", "\n"},
		{"x.ts", "", "export const hint = 'If it hangs, run `pkill -f mcp-server`.';", "\n"},
		{"x.yaml", "tools:\n", "  description: If it hangs, run pkill -f mcp-server.", "\n"},
		{"x.toml", "", "description = \"If it hangs, run pkill -f mcp-server.\"", "\n"},
		{"x.jsonc", "{\n", "  \"description\": \"If it hangs, run pkill -f mcp-server.\"", "\n}\n"},
	} {
		src := tc.before + tc.line + tc.after
		fs, err := check.Source(tc.name, []byte(src), check.Config{})
		if err != nil || len(fs) != 1 || fs[0].Rule != "process-kill" {
			t.Fatalf("%s: want one process-kill to suppress, got %v %v", tc.name, fs, err)
		}
		indent := tc.line[:len(tc.line)-len(strings.TrimLeft(tc.line, " \t"))]
		sup, ok := check.SuppressionLine(check.KindFor(tc.name, []byte(src)), tc.name, fs[0].Rule, indent)
		if !ok {
			t.Fatalf("%s: no suppression line", tc.name)
		}
		withPlaceholder := tc.before + sup + "\n" + tc.line + tc.after
		fs, err = check.Source(tc.name, []byte(withPlaceholder), check.Config{})
		if err != nil || len(fs) != 2 || fs[0].Rule != check.BadSuppression || !strings.Contains(fs[0].Message, "placeholder") || fs[1].Rule != "process-kill" {
			t.Errorf("%s: with the placeholder, want a bad-suppression naming it and the finding, got %v %v\n%s", tc.name, fs, err, withPlaceholder)
		}
		reasoned := strings.Replace(withPlaceholder, check.ReasonPlaceholder, "a quoted example for the incident review", 1)
		if fs, err = check.Source(tc.name, []byte(reasoned), check.Config{}); err != nil || len(fs) != 0 {
			t.Errorf("%s: with a reason, want nothing, got %v %v\n%s", tc.name, fs, err, reasoned)
		}
	}
	if _, ok := check.SuppressionLine(check.Data, "tools.json", "process-kill", ""); ok {
		t.Error("JSON has no comments, yet a suppression line was written")
	}
}
