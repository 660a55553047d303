package analyzer_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/recoverlint/recoverlint/analyzer"
)

// TestAnalyzer runs the analyzer over every test package; each finding it
// must report is a // want comment on its line, and it must report
// nothing else.
func TestAnalyzer(t *testing.T) {
	for _, pkg := range []string{"prose", "spelled", "typed", "fold", "suppress", "nolintlist"} {
		t.Run(pkg, func(t *testing.T) {
			analysistest.Run(t, analysistest.TestData(), analyzer.Analyzer, pkg)
		})
	}
}
