package reconnect_test

import (
	"testing"

	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/reconnect"
)

// TestSanctionedStepIsClean runs the step through the checker as prose of
// every kind it is put into: it must never be a finding itself.
func TestSanctionedStepIsClean(t *testing.T) {
	for _, name := range []string{"AGENTS.md", "prompt.txt", ".cursor/rules/r.mdc", "CLAUDE.md"} {
		for _, src := range []string{
			reconnect.SanctionedStep + "\n",
			"# Troubleshooting\n\n- " + reconnect.SanctionedStep + "\n",
			"## When the tools hang\n\n1. " + reconnect.SanctionedStep + "\n",
		} {
			fs, err := check.Source(name, []byte(src), check.Config{})
			if err != nil || len(fs) > 0 {
				t.Errorf("%s: %q: findings %v, error %v", name, src, fs, err)
			}
		}
	}
}
