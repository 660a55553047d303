package rules

// Explain returns the verdict on every place in the unit that names a
// rule's action, findings and not, with the reasons: the same decisions
// Classify makes, for `recoverlint explain` and debugging.
func Explain(u Unit, rules []*Rule) []Verdict {
	var out []Verdict
	verdicts(u, rules, true, func(vd Verdict) { out = append(out, vd) })
	return out
}
