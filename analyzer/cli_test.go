package analyzer_test

import (
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/recoverlint/recoverlint/analyzer"
	"github.com/recoverlint/recoverlint/check"
)

// TestSamePositionsAsCLI runs `recoverlint check`'s pipeline (check.Source)
// on the test packages whose findings need no type information, and wants
// the analyzer to report the same rules at the same line, column and end
// in every file.
func TestSamePositionsAsCLI(t *testing.T) {
	dir := analysistest.TestData()
	for _, pkg := range []string{"prose", "spelled", "suppress"} {
		t.Run(pkg, func(t *testing.T) {
			got := map[string][]string{} // file base name -> findings
			for _, r := range analysistest.Run(t, dir, analyzer.Analyzer, pkg) {
				for _, d := range r.Action.Diagnostics {
					p := r.Action.Package.Fset.Position(d.Pos)
					got[filepath.Base(p.Filename)] = append(got[filepath.Base(p.Filename)], diagKey(r.Action.Package.Fset.Position(d.End), p, d))
				}
			}
			files, err := filepath.Glob(filepath.Join(dir, "src", pkg, "*.go"))
			if err != nil || len(files) == 0 {
				t.Fatalf("no Go files for %s (%v)", pkg, err)
			}
			total := 0
			for _, file := range files {
				src, err := os.ReadFile(file)
				if err != nil {
					t.Fatal(err)
				}
				// named as a check inside the package's folder shows it:
				// the folder above is testdata, whose code is not read
				fs, err := check.Source(filepath.Join(pkg, filepath.Base(file)), src, check.Config{})
				if err != nil {
					t.Fatalf("check %s: %v", file, err)
				}
				var want []string
				for _, f := range fs {
					want = append(want, findingKey(f))
				}
				base := filepath.Base(file)
				g := uniqueSorted(got[base])
				want = uniqueSorted(want)
				total += len(want)
				if !slices.Equal(g, want) {
					t.Errorf("%s: analyzer and CLI differ\nanalyzer: %q\n     CLI: %q", base, g, want)
				}
			}
			if total == 0 {
				t.Errorf("%s: the CLI reports nothing; the comparison proves nothing", pkg)
			}
		})
	}
}

// diagKey and findingKey spell a finding the same way from both sides:
// line:column-endline:endcolumn rule. Suppression findings have no end.
func diagKey(end, p token.Position, d analysis.Diagnostic) string {
	if d.End.IsValid() {
		return fmt.Sprintf("%d:%d-%d:%d %s", p.Line, p.Column, end.Line, end.Column, d.Category)
	}
	return fmt.Sprintf("%d:%d %s", p.Line, p.Column, d.Category)
}

func findingKey(f check.Finding) string {
	if f.Rule == check.BadSuppression || f.Rule == check.UnusedSuppression {
		return fmt.Sprintf("%d:%d %s", f.Line, f.Column, f.Rule)
	}
	return fmt.Sprintf("%d:%d-%d:%d %s", f.Line, f.Column, f.EndLine, f.EndColumn, f.Rule)
}

func uniqueSorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return slices.Compact(s)
}
