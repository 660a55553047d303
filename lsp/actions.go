package lsp

import (
	"context"
	"encoding/json"
	"strings"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/reconnect"
	"github.com/recoverlint/recoverlint/rules"
)

type docPosition struct {
	textDocumentParams
	Position position `json:"position"`
}

// hover shows the documentation of the rule whose diagnostic is under the
// cursor: why the action is forbidden and what to do instead.
func (s *server) hover(ctx context.Context, reply jsonrpc2.Replier, raw json.RawMessage) {
	var p docPosition
	if err := json.Unmarshal(raw, &p); err != nil {
		_ = reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "hover: the parameters have the wrong shape"))
		return
	}
	_, results, _, err := s.current(ctx, p.TextDocument.URI)
	if err != nil {
		_ = reply(ctx, nil, err)
		return
	}
	var parts []string
	var rng *protocol.Range
	for _, r := range results {
		if r.finding.Rule == "" || !contains(r.diag.Range, p.Position) {
			continue
		}
		parts = append(parts, ruleDoc(r))
		if rng == nil {
			x := r.diag.Range
			rng = &x
		}
	}
	if len(parts) == 0 {
		_ = reply(ctx, nil, nil)
		return
	}
	_ = reply(ctx, protocol.Hover{
		Contents: protocol.MarkupContent{Kind: protocol.Markdown, Value: strings.Join(parts, "\n\n---\n\n")},
		Range:    rng,
	}, nil)
}

// ruleDoc is a finding's hover text in Markdown.
func ruleDoc(r result) string {
	id := r.finding.Rule
	var b strings.Builder
	b.WriteString("**recoverlint `" + id + "`**")
	switch {
	case r.rule != nil && rules.ByID(id) != nil:
		b.WriteString(": " + firstOf(r.rule.Doc.Title, r.rule.Summary) + "\n\n")
		b.WriteString(strings.TrimSpace(firstOf(r.rule.Doc.Text, r.rule.Message)))
	case r.rule != nil:
		b.WriteString(" (a rule of this project's configuration): " + firstOf(r.rule.Summary, r.rule.Message))
	default:
		for _, m := range check.MetaRules {
			if m.ID == id {
				b.WriteString(": " + m.Summary + "\n\n" + m.Doc)
			}
		}
	}
	b.WriteString("\n\n*Here:* " + r.finding.Message)
	return b.String()
}

func firstOf(s ...string) string {
	for _, x := range s {
		if strings.TrimSpace(x) != "" {
			return x
		}
	}
	return ""
}

// contains reports whether a position lies in a range, its end included
// (a cursor just after the word still points at it).
func contains(r protocol.Range, p position) bool {
	before := func(a, b protocol.Position) bool {
		return a.Line < b.Line || a.Line == b.Line && a.Character <= b.Character
	}
	pp := protocol.Position(p)
	return before(r.Start, pp) && before(pp, r.End)
}

func overlaps(r protocol.Range, from, to position) bool {
	a, b := protocol.Position(from), protocol.Position(to)
	less := func(x, y protocol.Position) bool {
		return x.Line < y.Line || x.Line == y.Line && x.Character < y.Character
	}
	return !less(b, r.Start) && !less(r.End, a)
}

type codeActionParams struct {
	textDocumentParams
	Range   span `json:"range"`
	Context struct {
		Only []string `json:"only"`
	} `json:"context"`
}

type codeAction struct {
	Title       string                `json:"title"`
	Kind        string                `json:"kind"`
	Diagnostics []protocol.Diagnostic `json:"diagnostics"`
	IsPreferred bool                  `json:"isPreferred,omitempty"`
	Edit        workspaceEdit         `json:"edit"`
}

type workspaceEdit struct {
	Changes map[string][]protocol.TextEdit `json:"changes"`
}

// codeAction offers, for each finding in the range, the suppression
// comment, and in Markdown and prompt files the sanctioned step in place
// of the recommendation.
func (s *server) codeAction(ctx context.Context, reply jsonrpc2.Replier, raw json.RawMessage) {
	var p codeActionParams
	if err := json.Unmarshal(raw, &p); err != nil {
		_ = reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "codeAction: the parameters have the wrong shape"))
		return
	}
	actions := []codeAction{}
	if len(p.Context.Only) > 0 && !wantsQuickFix(p.Context.Only) {
		_ = reply(ctx, actions, nil)
		return
	}
	_, results, t, err := s.current(ctx, p.TextDocument.URI)
	if err != nil {
		_ = reply(ctx, nil, err)
		return
	}
	s.mu.Lock()
	enc := s.enc
	s.mu.Unlock()
	for _, r := range results {
		if r.finding.Rule == "" || !overlaps(r.diag.Range, p.Range.Start, p.Range.End) {
			continue
		}
		edit := func(e protocol.TextEdit) workspaceEdit {
			return workspaceEdit{Changes: map[string][]protocol.TextEdit{p.TextDocument.URI: {e}}}
		}
		line := r.finding.Line - 1
		start, end := t.lines[line], t.lineEnd(line)
		content := t.s[start:end]
		indent := content[:len(content)-len(strings.TrimLeft(content, " \t"))]
		switch r.finding.Rule {
		case check.BadSuppression:
			continue // only a person can write the reason
		case check.UnusedSuppression:
			if isCommentLine(content) {
				actions = append(actions, codeAction{
					Title: "Remove the unused suppression", Kind: string(protocol.QuickFix),
					Diagnostics: []protocol.Diagnostic{r.diag},
					Edit:        edit(protocol.TextEdit{Range: lineRange(t, line, enc), NewText: ""}),
				})
			}
			continue
		}
		if sup, ok := check.SuppressionLine(r.kind, r.name, r.finding.Rule, indent); ok {
			at := protocol.Position(t.position(start, enc))
			actions = append(actions, codeAction{
				Title: "Suppress " + r.finding.Rule + " on this line (then write the reason)", Kind: string(protocol.QuickFix),
				Diagnostics: []protocol.Diagnostic{r.diag},
				Edit:        edit(protocol.TextEdit{Range: protocol.Range{Start: at, End: at}, NewText: sup + lineBreak(t, line)}),
			})
		}
		if (r.kind == check.Markdown || r.kind == check.Text) && rules.ByID(r.finding.Rule) != nil && !inFence(t, line) {
			from := start + len(listPrefix(content))
			actions = append(actions, codeAction{
				Title: "Replace with the sanctioned step: ask the operator to reconnect", Kind: string(protocol.QuickFix),
				Diagnostics: []protocol.Diagnostic{r.diag},
				IsPreferred: true,
				Edit: edit(protocol.TextEdit{
					Range:   protocol.Range{Start: protocol.Position(t.position(from, enc)), End: protocol.Position(t.position(end, enc))},
					NewText: reconnect.SanctionedStep,
				}),
			})
		}
	}
	_ = reply(ctx, actions, nil)
}

func wantsQuickFix(only []string) bool {
	for _, k := range only {
		if k == string(protocol.QuickFix) {
			return true
		}
	}
	return false
}

// lineRange is a whole line with its break.
func lineRange(t *text, line int, enc encoding) protocol.Range {
	next := len(t.s)
	if line+1 < len(t.lines) {
		next = t.lines[line+1]
	}
	return protocol.Range{Start: protocol.Position(t.position(t.lines[line], enc)), End: protocol.Position(t.position(next, enc))}
}

// lineBreak is the break that ends line, or "\n" for the last line.
func lineBreak(t *text, line int) string {
	end := t.lineEnd(line)
	if line+1 < len(t.lines) {
		return t.s[end:t.lines[line+1]]
	}
	return "\n"
}

// listPrefix is the markup that opens a line and stays when its text is
// replaced: indentation, block quotes, list markers and task boxes.
func listPrefix(line string) string {
	i := 0
	for {
		j := i
		for j < len(line) && (line[j] == ' ' || line[j] == '\t') {
			j++
		}
		rest := line[j:]
		switch {
		case strings.HasPrefix(rest, "> "):
			i = j + 2
			continue
		case strings.HasPrefix(rest, "- "), strings.HasPrefix(rest, "* "), strings.HasPrefix(rest, "+ "):
			i = j + 2
			for _, box := range []string{"[ ] ", "[x] ", "[X] "} {
				if strings.HasPrefix(line[i:], box) {
					i += len(box)
				}
			}
			continue
		}
		k := j
		for k < len(line) && k-j < 9 && line[k] >= '0' && line[k] <= '9' {
			k++
		}
		if k > j && k+1 < len(line) && (line[k] == '.' || line[k] == ')') && line[k+1] == ' ' {
			i = k + 2
			continue
		}
		return line[:j]
	}
}

// inFence reports whether a Markdown line lies inside a fenced code
// block, where prose would not belong.
func inFence(t *text, line int) bool {
	fence := ""
	for n := 0; n < line; n++ {
		l := strings.TrimLeft(t.s[t.lines[n]:t.lineEnd(n)], " ")
		switch {
		case fence == "" && (strings.HasPrefix(l, "```") || strings.HasPrefix(l, "~~~")):
			fence = l[:3]
		case fence != "" && strings.HasPrefix(l, fence):
			fence = ""
		}
	}
	return fence != ""
}

// isCommentLine reports whether a line holds nothing but a comment.
func isCommentLine(line string) bool {
	l := strings.TrimSpace(line)
	for _, open := range []string{"<!--", "//", "#", "recoverlint"} {
		if strings.HasPrefix(l, open) {
			return true
		}
	}
	return false
}
