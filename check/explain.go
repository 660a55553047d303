package check

import (
	"fmt"
	"go/token"

	"github.com/recoverlint/recoverlint/rules"
)

// Explain lists, for every text unit of the file, what the classifier saw
// and decided: the unit's kind, position and context, and each action it
// names with its stance.
func Explain(name string, src []byte, cfg Config) []string {
	kind := KindFor(name, src)
	if cfg.Kind != nil {
		kind = *cfg.Kind
	}
	units, _, _ := scan(kind, name, src)
	file := token.NewFileSet().AddFile(name, -1, len(src))
	file.SetLinesForContent(src)
	var out []string
	for _, u := range units {
		lines := rules.Explain(u, cfg.Rules())
		if len(lines) == 0 {
			continue
		}
		p := file.Position(file.Pos(u.Offsets[0]))
		out = append(out, fmt.Sprintf("%d:%d %s headings=%q leadin=%q label=%q before=%q", p.Line, p.Column, u.Kind, u.Ctx.Headings, u.Ctx.LeadIn, u.Ctx.Label, u.Ctx.Before))
		for _, l := range lines {
			out = append(out, "    "+l)
		}
	}
	return out
}
