package check

import (
	"fmt"
	"go/token"
	"strings"

	"github.com/recoverlint/recoverlint/rules"
)

// Explained is one verdict of a check, placed in the file.
type Explained struct {
	Line, Column int // 1-based line and byte column of the action's word
	Rule         string
	Word         string
	Stance       rules.Stance
	// Finding: the decision made it a finding; Reported: it survived the
	// suppression comments and is among the check's findings; Merged: it
	// is reported as the finding of its rule on its line that starts
	// further left (a rule is reported once a line), at MergedColumn
	Finding, Reported, Merged bool
	MergedColumn              int
	Reasons                   []string
	Segment                   string // the text the decision read
	Unit                      string // the unit's kind and context, "" for a call
}

// Explain checks the file as Source does, through the same checker, and
// returns every verdict reached on the way — the places where an action
// was named, what was decided there and why — together with the
// findings. A verdict that is a finding and not among the findings was
// silenced by a suppression comment. Explain and Source cannot disagree:
// the findings are Source's own.
func Explain(name string, src []byte, cfg Config) ([]Explained, []Finding, error) {
	c := NewChecker()
	type seen struct {
		u  rules.Unit
		vd rules.Verdict
	}
	var all []seen
	c.observe = func(u rules.Unit, vd rules.Verdict) { all = append(all, seen{u, vd}) }
	findings, err := c.Source(name, src, cfg)
	var offs []int // of a UTF-16 file: where each byte of the text came from
	if IsUTF16(src) {
		src, offs = decodeUTF16(src)
	}
	file := token.NewFileSet().AddFile(name, -1, len(src))
	file.SetLinesForContent(loneCRs(src))
	reported := map[[2]any]int{} // rule and line → the column reported
	for _, f := range findings {
		reported[[2]any{f.Line, f.Rule}] = f.Column
	}
	out := make([]Explained, 0, len(all))
	for _, s := range all {
		p := file.Position(file.Pos(min(s.vd.Start, len(src))))
		e := Explained{
			Line: p.Line, Column: p.Column, Rule: s.vd.Rule, Stance: s.vd.Stance,
			// the text read may share src's memory (textscan): a copy
			// outlives it
			Finding: s.vd.Finding, Reasons: s.vd.Reasons, Segment: strings.Clone(s.vd.Segment),
			Word: string(src[min(s.vd.Start, len(src)):min(s.vd.End, len(src))]),
		}
		if offs != nil {
			// columns count the file's own bytes, as the findings' do
			f := utf16Positions([]Finding{{Line: e.Line, Column: e.Column, EndLine: e.Line, EndColumn: e.Column}}, src, offs)
			e.Line, e.Column = f[0].Line, f[0].Column
		}
		if col, ok := reported[[2]any{e.Line, e.Rule}]; ok && e.Finding {
			e.Reported = col == e.Column
			e.Merged, e.MergedColumn = col != e.Column, col
		}
		if len(s.u.Text) > 0 {
			before := s.u.Ctx.Before
			if len(before) > 100 {
				before = "…" + before[len(before)-99:]
			}
			e.Unit = fmt.Sprintf("%s headings=%q lead-in=%q label=%q before=%q", s.u.Kind, s.u.Ctx.Headings, s.u.Ctx.LeadIn, s.u.Ctx.Label, before)
			if h := s.u.Ctx.Holder; h != "" {
				e.Unit += fmt.Sprintf(" holder=%q", h)
			}
		}
		out = append(out, e)
	}
	return out, findings, err
}

// String is the verdict as `recoverlint explain` prints it.
func (e Explained) String() string {
	var b strings.Builder
	verdict := "not a finding"
	switch {
	case e.Reported:
		verdict = "finding"
	case e.Merged:
		verdict = fmt.Sprintf("finding, reported as the one at column %d (a rule is reported once a line)", e.MergedColumn)
	case e.Finding:
		verdict = "finding, silenced by a suppression comment"
	}
	fmt.Fprintf(&b, "%d:%d %s %q: %s, %s", e.Line, e.Column, e.Rule, e.Word, e.Stance, verdict)
	for _, r := range e.Reasons {
		b.WriteString("\n    because " + r)
	}
	if e.Segment != "" {
		fmt.Fprintf(&b, "\n    read %q", e.Segment)
	}
	if e.Unit != "" {
		b.WriteString("\n    in " + e.Unit)
	}
	return b.String()
}
