package rules

import (
	"fmt"
	"strings"
)

// MarkdownTable renders the rule table the README shows, from the rules'
// own summaries, so the two cannot drift apart.
func MarkdownTable(rs []*Rule) string {
	var b strings.Builder
	b.WriteString("| rule | forbidden action | counts |\n|---|---|---|\n")
	for _, r := range rs {
		need := "in any context"
		switch r.Needs {
		case Recovery:
			need = "only as a recovery step"
		case Fallback:
			need = "only as a fallback or bypass"
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", r.ID, r.Summary, need)
	}
	return b.String()
}
