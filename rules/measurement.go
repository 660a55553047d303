package rules

import "fmt"

// The generated files of this package, in the order they depend on each
// other: the accuracy figures (rules/accuracy.go), the README's rule table
// that shows them, and the prefilter's precomputed automata.
//
//go:generate go run ../internal/accuracy/gen
//go:generate go test -run ^TestReadmeTable$ -update .
//go:generate go test -run ^TestPrefilterTables$ -update-prefilter-tables .

// Score is a rule's tally on a labelled corpus: findings reported and
// expected (TP), reported only (FP), expected only (FN).
type Score struct{ TP, FP, FN int }

// Precision is the share of reported findings that were expected.
func (s Score) Precision() float64 { return ratio(s.TP, s.TP+s.FP) }

// Recall is the share of expected findings that were reported.
func (s Score) Recall() float64 { return ratio(s.TP, s.TP+s.FN) }

// F1 is the harmonic mean of precision and recall, 0 when both are 0.
func (s Score) F1() float64 {
	p, r := s.Precision(), s.Recall()
	if p+r == 0 {
		return 0
	}
	return 2 * p * r / (p + r)
}

// ratio is a/b, and 1 when b is 0: nothing expected, nothing missed.
func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

// Measurement is a corpus score with the date it was taken.
type Measurement struct {
	Date   string
	Cases  int
	All    Score
	ByRule map[string]Score
}

// Trust says, in a line, how a rule scored on the sealed split, or ""
// when it was not measured (a custom rule).
func (m Measurement) Trust(id string) string {
	s, ok := m.ByRule[id]
	if !ok {
		return ""
	}
	return fmt.Sprintf("precision %.2f, recall %.2f on the sealed split of the project's corpus (%d expected findings of this rule in %d cases of real text never read while tuning; %s)",
		s.Precision(), s.Recall(), s.TP+s.FN, m.Cases, m.Date)
}
