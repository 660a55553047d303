package check_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/rules"
)

// TestPanicIsTheFilesError: a scanner that panics makes that file's
// check return a *PanicError naming the scanner, and the same Checker
// then checks the next file as if nothing had happened.
func TestPanicIsTheFilesError(t *testing.T) {
	const doc = "## Stuck\n\nRun `pkill -f worker` and retry.\n"
	for _, tc := range []struct{ name, stage string }{
		{"a.md", "markdown scanner"},
		{"a.go", "go scanner"},
		{"a.py", "python scanner"},
		{"a.sh", "shell scanner"},
		{"a.ts", "javascript scanner"},
		{"a.yaml", "data scanner"},
		{"a.txt", "text scanner"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := check.NewChecker()
			check.SetScanHook(func(check.Kind) { panic("boom") })
			fs, err := c.Source(tc.name, []byte(doc), check.Config{})
			check.SetScanHook(nil)
			var pe *check.PanicError
			if !errors.As(err, &pe) || fs != nil {
				t.Fatalf("got %v, %v; want a *PanicError and no findings", fs, err)
			}
			if pe.Stage != tc.stage || !strings.Contains(err.Error(), "boom") {
				t.Errorf("error %q, stage %q; want stage %q and the panic's value", err, pe.Stage, tc.stage)
			}
			fs, err = c.Source("b.md", []byte(doc), check.Config{})
			if err != nil || rulesAt(fs) != "3:process-kill" {
				t.Errorf("next file: %q, %v; want 3:process-kill", rulesAt(fs), err)
			}
		})
	}
}

// TestPanicInARule: a rule value not built by its constructor (no find
// function) panics inside the rules step; the error says so.
func TestPanicInARule(t *testing.T) {
	_, err := check.Source("a.md", []byte("Run `pkill -f worker` now.\n"),
		check.Config{Extra: []*rules.Rule{{ID: "zero-value"}}})
	var pe *check.PanicError
	if !errors.As(err, &pe) || pe.Stage != "rules" {
		t.Fatalf("error %v; want a *PanicError in the rules", err)
	}
}
