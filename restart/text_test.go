package restart_test

import (
	"os"
	"testing"

	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/restart"
)

// reportTexts returns every sentence the reports of the scenarios, the
// samples and the generated inventories contain.
func reportTexts(t *testing.T) map[string]bool {
	t.Helper()
	texts := map[string]bool{restart.ApplyRefusal: true}
	add := func(r restart.Report) {
		for _, s := range r.Reasons {
			texts[s] = true
		}
		for _, s := range r.InventoryErrors {
			texts[s] = true
		}
		for _, s := range r.Sessions {
			texts[s.Reason] = true
		}
		for _, l := range r.Leases {
			texts[l.Reason] = true
		}
		texts[r.TerminalLock.Reason] = true
	}
	for _, sc := range scenarios() {
		add(restart.Evaluate(sc.inv, sc.options()))
	}
	for seed := range uint64(300) {
		g := newGen(seed)
		add(restart.Evaluate(g.inventory(), g.options()))
	}
	return texts
}

// TestReportTextPassesTheChecker runs every sentence a report can hold
// through recoverlint's own checker: a report must never recommend a
// forbidden recovery step.
func TestReportTextPassesTheChecker(t *testing.T) {
	texts := reportTexts(t)
	if len(texts) < 40 {
		t.Fatalf("only %d distinct report texts collected; the scenarios no longer cover the reasons", len(texts))
	}
	for s := range texts {
		findings, err := check.Source("reason.txt", []byte(s+"\n"), check.Config{})
		if err != nil {
			t.Fatalf("checking %q: %v", s, err)
		}
		for _, f := range findings {
			t.Errorf("report text %q: %s %s", s, f.Rule, f.Message)
		}
	}
}

func TestDocPassesTheChecker(t *testing.T) {
	const path = "../docs/restart-impact.md"
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	findings, err := check.Source("restart-impact.md", src, check.Config{})
	if err != nil {
		t.Fatalf("checking %s: %v", path, err)
	}
	for _, f := range findings {
		t.Errorf("%s:%d:%d: %s: %s", path, f.Line, f.Column, f.Rule, f.Message)
	}
}
