package rules

import (
	"fmt"
	"strings"
)

// MarkdownTable renders the rule table the README shows, from the rules'
// own summaries and the sealed measurement, so they cannot drift apart.
func MarkdownTable(rs []*Rule) string {
	var b strings.Builder
	b.WriteString("| rule | forbidden action | counts | precision / recall (sealed) |\n|---|---|---|---|\n")
	for _, r := range rs {
		need := "in any context"
		switch r.Needs {
		case Recovery:
			need = "only as a recovery step"
		case Fallback:
			need = "only as a fallback or bypass"
		}
		pr := "not measured"
		if sc, ok := Sealed.ByRule[r.ID]; ok {
			pr = fmt.Sprintf("%.2f / %.2f (%d)", sc.Precision(), sc.Recall(), sc.TP+sc.FN)
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", r.ID, r.Summary, need, pr)
	}
	return b.String()
}
