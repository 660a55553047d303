package rules

import "fmt"

// Explain returns, for each place in the unit that names a rule's action,
// a line saying what the classifier decided and why it is or is not a
// finding. It serves `recoverlint check --explain` and debugging.
func Explain(u Unit, rules []*Rule) []string {
	if len(u.Text) == 0 || len(u.Offsets) != len(u.Text)+1 {
		return nil
	}
	v := newView(&u)
	var out []string
	for _, seg := range v.segments() {
		for _, r := range rules {
			r.find(seg, func(h hit) {
				st := v.stance(seg, h)
				need := ""
				if st == Recommend {
					switch r.Needs {
					case Recovery:
						need = fmt.Sprintf(" recovery=%v", v.inRecovery(seg))
					case Fallback:
						need = fmt.Sprintf(" fallback=%v", h.inherent || v.inFallback(seg, h))
					}
				}
				out = append(out, fmt.Sprintf("%s at %d %q: %s%s (segment %q, ctxBan=%v ctxMention=%v label=%d)",
					r.ID, v.source(h.start), v.f.s[h.start:h.end], st, need, seg.text(), v.context().ctxBan, v.context().ctxMention, seg.label))
			})
		}
	}
	return out
}
