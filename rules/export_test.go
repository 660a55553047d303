package rules

// WithoutRoutes returns copies of the rules that skip the route gate in
// mayHit (routes are keyed by the built-in rule values), so tests can
// compare classification with and without it.
func WithoutRoutes(rs []*Rule) []*Rule {
	out := make([]*Rule, len(rs))
	for i, r := range rs {
		c := *r
		out[i] = &c
	}
	return out
}

// UnitGroups returns the route groups a filter finds in a unit's text.
func UnitGroups(f *Filter, text string) uint64 { return f.unitGroups(text) }

// SegmentSpans returns the byte spans of the segments a unit is judged in.
func SegmentSpans(u *Unit) [][2]int {
	var out [][2]int
	for _, s := range newView(u).segments() {
		out = append(out, [2]int{s.start, s.end})
	}
	return out
}

// MaxSegment is the longest a prose segment grows without a sentence end.
const MaxSegment = maxSegment

// InCode reports whether byte i of the unit's folded text lies inside one
// of its inline code spans, as the classifier reads it.
func InCode(u *Unit, i int) bool { return newView(u).code(i) }

// FoldRuns returns the number of runs of the fold's offset map of text.
func FoldRuns(text string) int { return fold(text).back.Runs() }
