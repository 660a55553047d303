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
