package check_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/check"
)

// explainCases are the documents the agreement test reads: the rules'
// txtar cases, the project's labelled corpus (tuning and sealed parts
// alike: only the verdicts are compared, no label is read) and the shared
// dev corpus when it is beside the project.
func explainCases(t *testing.T) map[string][2]string {
	t.Helper()
	docs := map[string][2]string{} // key → file name, text
	all := txtarInputs(t)
	corpora, err := filepath.Glob("../testdata/corpus/*.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if haveDevCorpus() {
		corpora = append(corpora, devCorpus)
	}
	for _, path := range corpora {
		all = append(all, jsonlDocs(t, path)...)
	}
	for _, d := range all {
		docs[d.Key] = [2]string{d.Name, d.Text}
	}
	if len(docs) < 100 {
		t.Fatalf("only %d documents to compare", len(docs))
	}
	return docs
}

// TestExplainAgreesWithCheck runs explain and check over every case the
// project has: each finding check reports is a verdict explain shows as a
// reported finding at the same place, each reported verdict is one of
// check's findings, and a finding verdict that is not reported is one a
// suppression comment silenced.
func TestExplainAgreesWithCheck(t *testing.T) {
	n := 0
	for key, doc := range explainCases(t) {
		name, src := doc[0], []byte(doc[1])
		want, _ := check.Source(name, src, check.Config{})
		verdicts, got, _ := check.Explain(name, src, check.Config{})
		if len(got) != len(want) {
			t.Errorf("%s: explain's check found %d, check %d", key, len(got), len(want))
			continue
		}
		at := map[[3]any]int{}
		for _, v := range verdicts {
			n++
			switch {
			case v.Reported:
				at[[3]any{v.Line, v.Column, v.Rule}] = 1
			case v.Merged:
			case v.Finding && !strings.Contains(doc[1], "recoverlint"):
				t.Errorf("%s: %d:%d %s is a finding verdict that check does not report, and nothing suppresses it", key, v.Line, v.Column, v.Rule)
			}
		}
		for _, f := range want {
			if f.Rule == check.BadSuppression || f.Rule == check.UnusedSuppression {
				continue
			}
			k := [3]any{f.Line, f.Column, f.Rule}
			if at[k] == 0 {
				t.Errorf("%s: check reports %s, explain shows no verdict for it", key, f)
				continue
			}
			at[k]--
		}
		for k, left := range at {
			if left > 0 {
				t.Errorf("%s: explain reports %v that check does not", key, k)
			}
		}
	}
	t.Logf("%d verdicts compared", n)
}
