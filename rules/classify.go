package rules

import (
	"path"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"
)

// segKind says how a segment is read.
type segKind uint8

const (
	segProse   segKind = iota // a sentence of prose, a heading, a comment or string
	segCommand                // a command line of a code block
	segComment                // a comment line of a code block
)

// segment is one sentence of prose or one line of code, in folded text.
type segment struct {
	v          *view
	start, end int
	toks       []token
	kind       segKind
	// output marks a line of a console transcript that is not a command.
	output bool
	// label is the stance a code block's last label comment set
	// ("# ❌ NEVER", "# ✅ DO THIS INSTEAD"): Recommend, Prohibit or none (-1).
	label int
	// trailing is the folded text of a trailing comment on a command line.
	trailing string
	// caption is the text of the last comment line above a command line.
	caption string
	// printed marks a prose line of a block of printed output (its info
	// string or the sentence over it says so: printedLead)
	printed bool
	// doc marks a line of a Python docstring in a code block (the string
	// right under a def or class line): it says what its function does.
	doc bool
	// intro is, for a prose segment, the sentence of the same unit just
	// before it when that sentence ends with a colon: the lead-in that
	// says what the text after it is for ("instead of the gateway:").
	intro *segment
	// groups are the route word groups of the text, once grouped is set:
	// every rule's mayHit reads them
	groups  uint64
	grouped bool
}

func (s *segment) text() string { return s.v.f.s[s.start:s.end] }

// routeGroups returns the route word groups of the built-in rules that the
// segment's text holds, reading the text on first use.
func (s *segment) routeGroups() uint64 {
	if !s.grouped {
		s.groups, s.grouped = builtinFilter.unitGroups(s.text()), true
	}
	return s.groups
}

// tokens returns the segment's tokens, splitting it on first use.
func (s *segment) tokens() []token {
	if s.toks == nil {
		s.toks = tokenize(s.v.f.s, s.start, s.end, s.v.code)
	}
	return s.toks
}

// prose is the segment's text with inline code blanked out: cue words in
// a file name (./scripts/setup.sh) say nothing about the sentence.
func (s *segment) prose() string {
	if s.v.spans == nil {
		return s.text()
	}
	b := []byte(s.text())
	for i := range b {
		if s.v.code(s.start + i) {
			b[i] = ' '
		}
	}
	return string(b)
}

// view is a unit prepared for classification.
type view struct {
	u     *Unit
	f     folded
	spans []Span // the unit's inline code spans, in order (nil: none)
	// reloadWords and purposeWords cache, per unit, whether its whole
	// folded text holds those cue lists (0 unknown, 1 yes, -1 no): a
	// paragraph with many hits is read once, not once a hit
	reloadWords, purposeWords int8
	// ctx holds the context verdicts, computed on first use: most units
	// name no action at all and never need them.
	ctx *ctxVerdicts
	// ownPIDs are the shell variables holding PIDs the script started ($!).
	ownPIDs map[string]bool
	// after holds the command lines of the code block right after the
	// unit (Context.After), once afterRead is set (afterCommands)
	after     []*segment
	afterRead bool
	// client says whether the unit is about MCP clients (0 unknown, 1, 2 no).
	client uint8
	// proc says whether the unit speaks of processes, servers or ports: 0
	// not yet known, 1 yes, 2 no.
	proc uint8
	// segs are the unit's segments, once verdicts has cut them.
	segs []*segment
	// lead holds the route groups and the folded text of a code block's
	// lead-in, each once read.
	lead             uint64
	leadText         string
	leadSet, textSet bool
	// unitWords holds the local word groups of the routes the unit
	// holds, read as the filter reads them (Filter.RulesOf)
	unitWords *unitWords
	// lines remembers where the lines of the hits last asked about start
	lines lineMemo
}

// leadInGroups are the route groups of the text that introduces the unit,
// a code block (leadInText).
func (v *view) leadInGroups() uint64 {
	if !v.leadSet {
		if t := v.leadIn(); t != "" {
			v.lead = builtinFilter.unitGroups(t)
		}
		v.leadSet = true
	}
	return v.lead
}

// words returns the unit's local route words, read on first need from
// its text and, for a code block, its lead-in, as Filter.RulesOf reads
// them: a rule that the filter drops for a unit finds nothing in it.
func (v *view) words() *unitWords {
	if v.unitWords == nil {
		v.unitWords = &unitWords{f: builtinFilter, text: v.u.Text}
		if v.u.Kind == CodeBlock {
			v.unitWords.leadText = leadInText(v.u.Ctx)
		}
	}
	return v.unitWords
}

// leadIn is the folded text that introduces the unit, a code block.
func (v *view) leadIn() string {
	if !v.textSet {
		v.leadText, v.textSet = fold(leadInText(v.u.Ctx)).s, true
	}
	return v.leadText
}

// ctxVerdicts is what surrounds a unit, read once.
type ctxVerdicts struct {
	ctxBan, ctxMention, ctxGood bool
}

func (v *view) context() *ctxVerdicts {
	if v.ctx == nil {
		v.ctx = &ctxVerdicts{}
		v.contextVerdicts(v.ctx)
	}
	return v.ctx
}

func (v *view) procWordsOf() bool {
	if v.proc == 0 {
		v.proc = 2
		if hasAnyWord(v.f.s, processNouns) || hasAnyWord(fold(strings.Join(v.u.Ctx.Headings, " ")).s, processNouns) {
			v.proc = 1
		}
	}
	return v.proc == 1
}

// Classify returns the findings of the given rules in one unit.
func Classify(u Unit, rules []*Rule) []Finding {
	var out []Finding
	ClassifyEach(u, rules, func(f Finding) { out = append(out, f) })
	return out
}

// ClassifyEach passes found the findings of Classify, in the same order,
// as they are reached: a caller that folds them does not hold a whole
// unit's worth (a one-line file is one unit of many sentences).
func ClassifyEach(u Unit, rules []*Rule, found func(Finding)) {
	verdicts(u, rules, false, func(vd Verdict) {
		if vd.Finding {
			found(Finding{Rule: vd.Rule, Start: vd.Start, End: vd.End, Message: vd.Message})
		}
	})
}

// caption is a comment line in a code block whose verb has no object of
// its own: it takes the object of the command below it.
type caption struct {
	verb  token
	rules map[string]bool
	used  map[string]bool
}

// captionRules maps a caption's verb to the rules whose action it can
// name, from each rule's captions.
var captionRules = func() map[string][]string {
	m := map[string][]string{}
	for _, r := range All {
		for _, v := range r.captions {
			m[v] = append(m[v], r.ID)
		}
	}
	return m
}()

func captionOf(seg *segment) *caption {
	toks := seg.tokens()
	for i, t := range toks {
		if !t.word {
			continue
		}
		rs, ok := captionRules[t.s]
		if !ok {
			continue
		}
		n := wordAt(toks, i+1)
		switch n {
		case "", "if", "when", "it", "them", "safely", "only", "now", "first", "manually", "once", "after", "unless":
		default:
			continue
		}
		if proseStance(seg, hit{start: t.start, end: t.end, verb: true}, 0) != Recommend {
			return nil
		}
		c := &caption{verb: t, rules: map[string]bool{}, used: map[string]bool{}}
		for _, r := range rs {
			c.rules[r] = true
		}
		return c
	}
	return nil
}

// capabilityLeadIn: a list's lead-in says what a tool lets its user do
// ("The web console lets you:", "The dashboard allows you to:"): its
// items are the tool's features, done through it.
func capabilityLeadIn(l string) bool {
	l = strings.TrimRight(strings.TrimSpace(l), ":*_ ")
	for _, p := range []string{" lets you", " let you", " allows you to", " allow you to", " enables you to", " enable you to"} {
		if strings.HasSuffix(l, p) {
			return true
		}
	}
	return false
}

func newView(u *Unit) *view {
	v := &view{u: u, f: fold(u.Text)}
	// Inline code spans only: in a code block, a line is a command or a
	// comment by its segment kind, and its words read as words.
	if len(u.Code) > 0 && u.Kind != CodeBlock {
		v.spans = sortedSpans(u.Code)
	}
	return v
}

// unitHas answers hasAnyWord(v.f.s, words) once per unit, through cache.
func (v *view) unitHas(cache *int8, words []string) bool {
	if *cache == 0 {
		*cache = -1
		if hasAnyWord(v.f.s, words) {
			*cache = 1
		}
	}
	return *cache == 1
}

// sortedSpans returns spans ordered by start with overlaps merged, so that
// a lookup is a binary search; spans already in order are used as they are.
func sortedSpans(spans []Span) []Span {
	ok := true
	for i := 1; i < len(spans); i++ {
		if spans[i].Start < spans[i-1].End {
			ok = false
			break
		}
	}
	if ok {
		return spans
	}
	s := slices.Clone(spans)
	slices.SortFunc(s, func(a, b Span) int { return a.Start - b.Start })
	out := s[:1]
	for _, sp := range s[1:] {
		if last := &out[len(out)-1]; sp.Start <= last.End {
			last.End = max(last.End, sp.End)
			continue
		}
		out = append(out, sp)
	}
	return out
}

// source maps a folded offset to a byte offset in the unit's source.
func (v *view) source(i int) int {
	if i >= v.f.back.Len() {
		i = v.f.back.Len() - 1
	}
	t := v.f.back.At(i)
	if t >= v.u.Offsets.Len() {
		t = v.u.Offsets.Len() - 1
	}
	return v.u.Offsets.At(t)
}

// sourceEnd maps the folded offset just past a hit to the byte just past
// its last source byte: markup the unit dropped after the word (the
// closing backtick of "`touch`") is not part of it, and a folded letter
// ends where its source rune does.
func (v *view) sourceEnd(i int) int {
	if i <= 0 {
		return v.source(0)
	}
	if i > v.f.back.Len()-1 {
		i = v.f.back.Len() - 1
	}
	t := v.f.back.At(i - 1)
	if t >= len(v.u.Text) {
		return v.source(i)
	}
	_, n := utf8.DecodeRuneInString(v.u.Text[t:])
	last := min(t+n-1, v.u.Offsets.Len()-1)
	return v.u.Offsets.At(last) + 1
}

// code reports whether folded byte i lies inside an inline code span: a
// binary search, so the cost does not grow with spans times bytes.
func (v *view) code(i int) bool {
	if v.spans == nil || i < 0 || i >= v.f.back.Len() {
		return false
	}
	at := v.f.back.At(i)
	k := sort.Search(len(v.spans), func(k int) bool { return v.spans[k].End > at })
	return k < len(v.spans) && at >= v.spans[k].Start
}

// codeSpan returns the text of the inline code span that holds folded
// byte i, or "" when none does.
func (v *view) codeSpan(i int) string {
	if !v.code(i) {
		return ""
	}
	at := v.f.back.At(i)
	k := sort.Search(len(v.spans), func(k int) bool { return v.spans[k].End > at })
	return v.u.Text[v.spans[k].Start:v.spans[k].End]
}

// contextVerdicts reads what surrounds the unit: a ban or a report framing
// it, from the nearest marked heading, the list lead-in, the label, the
// table column or the text before a code block.
func (v *view) contextVerdicts(r *ctxVerdicts) {
	c := v.u.Ctx
	for i := len(c.Headings) - 1; i >= 0; i-- {
		h := c.Headings[i]
		if headingBan(h) {
			r.ctxBan = true
			break
		}
		if goodLabel(h) {
			r.ctxGood = true
			break
		}
		if conditionHeading(h) {
			// "### When a registry tool times out" under "## Common
			// pitfalls": the section under a failure says what to do
			// then; an outer heading's ban does not reach into it
			break
		}
	}
	if c.LeadIn != "" {
		last := lastLine(c.LeadIn)
		if leadInBan(last) && introduces(last) {
			r.ctxBan = true
		} else if goodLabel(last) {
			r.ctxBan, r.ctxGood = false, true
		}
	}
	if c.Label != "" {
		if shortBanLabel(c.Label) {
			r.ctxBan = true
		} else if goodLabel(c.Label) {
			r.ctxBan, r.ctxGood = false, true
		}
		if mentionLabelOnly(c.Label) && !r.ctxGood && !(v.u.Kind == CodeBlock && (remedyLead(c.Before) || labelledValue(c.Before, c.Label))) {
			// "**Cause:** … **Fix:**" over a code block: the label nearest
			// the block is the remedy, and the block its steps
			r.ctxMention = true
		}
	}
	if c.Column != "" && shortBanLabel(c.Column) {
		r.ctxBan = true
	}
	if c.Column != "" && descriptionColumn(c.Column) {
		r.ctxMention = true // "| `/mcp edit` | Edit a server's configuration |" says what a command does
	}
	for i, cell := range c.Row {
		if len(cell) < 24 && shortBanLabel(cell) && cell != v.u.Text {
			r.ctxBan = true
		}
		if i < len(c.Columns) && cell != v.u.Text && permissionColumn(c.Columns[i]) && refusal(cell) {
			r.ctxBan = true // "| `rm ~/.agent/sessions/*.lock` | No |" under "Allowed"
		}
	}
	if v.u.Kind == CodeBlock && c.Before != "" && leadInBan(lastLine(c.Before)) {
		r.ctxBan = true
	}
	if c.Quote && !strings.Contains(strings.ToLower(v.u.Text), "[!") && !admonition(c.Label) {
		r.ctxMention = true
	}
	reported := false
	for _, h := range c.Headings {
		if mentionLabel(h) || strings.EqualFold(strings.TrimSpace(h), "syntax") {
			// a Syntax section gives a command's form, not a step
			reported = true
		} else if reported && procedureTitle(fold(h).s) {
			// "### Practical remediation" under "## Config audit": the
			// steps of a report's own fix section are steps
			reported = false
		}
	}
	if reported {
		r.ctxMention = true
	}
	if v.u.Kind == Prose && referenceSection(c.Headings) {
		r.ctxMention = true
	}
	if v.u.Kind == CodeBlock && syntaxLabel(lastLine(c.Before)) {
		// "User-Mode Syntax" over the block: the command's form, as under
		// a Syntax heading
		r.ctxMention = true
	}
	if c.LeadIn != "" && (mentionLabel(lastLine(c.LeadIn)) || hasAnyWord(fold(c.LeadIn).s, []string{"accidentally", "inadvertently"})) {
		r.ctxMention = true
	}
	if c.LeadIn != "" && c.ListItem && capabilityLeadIn(fold(lastLine(c.LeadIn)).s) {
		// "The web console lets you:" over "* Add or kill processes": what
		// a tool's own interface can do, a feature list
		r.ctxMention = true
	}
	if v.u.Kind == CodeBlock && c.Before != "" && descriptiveBefore(c.Before) {
		r.ctxMention = true
	}
	if v.u.Kind == CodeBlock && c.Before == "" && len(c.Headings) > 0 {
		// right under a heading that reports, in the past, what was run
		// ("#### Killed the orphaned processes"): a record of the run
		// ("### Step 1: ended the old process": the step's number aside)
		h := withoutStepNumber(fold(c.Headings[len(c.Headings)-1]).s)
		if reportLeadIn(tokenize(h, 0, len(h), func(int) bool { return false })) {
			r.ctxMention = true
		}
	}
	base := strings.ToLower(path.Base(strings.ReplaceAll(c.Path, "\\", "/")))
	for _, p := range []string{"changelog", "changes", "history", "news", "releases", "release-notes", "release_notes"} {
		if strings.HasPrefix(base, p) {
			r.ctxMention = true
		}
	}
}

// withoutStepNumber drops the number that opens a folded step title:
// "step 1: ended the old process", "2. killed the orphans", "3) …".
func withoutStepNumber(h string) string {
	t := strings.TrimSpace(h)
	if r, ok := strings.CutPrefix(t, "step "); ok {
		t = r
	}
	k := 0
	for k < len(t) && t[k] >= '0' && t[k] <= '9' {
		k++
	}
	if k == 0 || k >= len(t) || !strings.ContainsRune(":.)", rune(t[k])) {
		return h
	}
	return strings.TrimSpace(t[k+1:])
}

// remedyLead: the last line of the text before a code block is a remedy
// label ("Fix:", "Solution:", "Workaround:"), alone or opening a line.
func remedyLead(before string) bool { return remedyLabel(fold(lastLine(before)).s) }

func lastLine(s string) string {
	s = strings.TrimRight(s, " \n")
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}

// headingBan: a heading that marks its section as forbidden.
func headingBan(h string) bool { return shortBanLabel(h) }

// shortBanLabel is banLabel, except that the weak cues (bad, wrong,
// incorrect, unsafe, dangerous) count only in short labels: "Bad:", "Wrong
// way", not "Bad gateway errors".
// permissionColumn: a table column whose cells say whether the row's
// action may be taken ("Allowed", "Permitted?", "OK to run").
func permissionColumn(h string) bool {
	l := strings.TrimSpace(strings.Trim(fold(h).s, " *_?:"))
	switch l {
	case "allowed", "permitted", "ok", "safe", "allowed in recovery", "ok to run", "safe to run", "may the agent do it", "agent may":
		return true
	}
	return false
}

// refusal: a table cell that answers no ("No", "Never", "Not allowed").
func refusal(cell string) bool {
	l := strings.TrimSpace(strings.Trim(fold(cell).s, " *_.!"))
	if w, _, _ := strings.Cut(l, " ("); w != l {
		l = strings.TrimSpace(w) // "No (ask the operator)"
	}
	switch l {
	case "no", "never", "not allowed", "forbidden", "prohibited", "not permitted", "no, never", "not ok":
		return true
	}
	return false
}

func shortBanLabel(s string) bool {
	if !banLabel(s) {
		return false
	}
	l := fold(s).s
	strong := strings.Contains(s, "❌") || strings.Contains(s, "⛔") || strings.Contains(s, "🚫") ||
		strings.Contains(s, "✗") || strings.Contains(s, "✘")
	if !strong {
		for _, cue := range banLabelCues {
			if weakBanCue[cue] {
				continue
			}
			if containsWord(l, cue) {
				if cue == "avoid" && (containsWord(l, "to avoid") || containsWord(l, "helps avoid")) {
					continue
				}
				strong = true
				break
			}
		}
	}
	if strong {
		return true
	}
	return len(strings.Fields(l)) <= 3
}

var weakBanCue = set("bad", "wrong", "incorrect", "unsafe", "dangerous", "harmful", "destructive", "blocked", "deny", "denied")

// leadInBan: a sentence that introduces a list or block of forbidden
// things ("Never run:", "Workflows must not recover via:", "Common
// mistakes include:").
func leadInBan(s string) bool {
	return shortBanLabel(lastClause(fold(s).s))
}

// lastClause returns the last clause of the last sentence of s: the part
// that introduces what follows it.
func lastClause(l string) string {
	l = strings.TrimRight(l, " \n*_:")
	if i := strings.LastIndexAny(l, ".;!?"); i >= 0 && i+1 < len(l) {
		l = l[i+1:]
	}
	for _, b := range []string{" instead,", " instead ", " but ", " however", " then ", " otherwise", " — "} {
		if i := strings.LastIndex(l, b); i >= 0 {
			l = l[i+len(b):]
		}
	}
	return l
}

// descriptiveBefore: the text before a code block presents the code as
// evidence or as what some program does ("The cleanup path uses ...:").
// admonition: a block quote opened by a label such as "**Tip:**" or
// "**Note:**" is the page's own aside, not a quotation.
func admonition(label string) bool {
	switch strings.Trim(fold(label).s, " *_:.!") {
	case "tip", "pro tip", "note", "important", "warning", "hint", "info", "caution", "workaround", "fix",
		"quick fix", "recommended", "remember", "heads up", "heads-up", "nb":
		return true
	}
	return false
}

func descriptiveBefore(s string) bool {
	l := strings.TrimSpace(fold(lastLine(s)).s)
	// the sentence that introduces the block is the last one: "The server
	// watches restart.txt. After a pull, restart it by touching it:"
	if k := strings.LastIndex(strings.TrimRight(l, ".: "), ". "); k >= 0 {
		l = strings.TrimSpace(l[k+2:])
	}
	toks := tokenize(l, 0, len(l), func(int) bool { return false })
	if reportLeadIn(toks) {
		return true
	}
	// first word a determiner and a third-person verb soon after, past a
	// place or time that opens the sentence ("On Windows the web host
	// exits whenever …, for example:")
	if len(toks) > 2 && toks[0].word && (toks[0].s == "on" || toks[0].s == "in" || toks[0].s == "under" || toks[0].s == "at") {
		for k := 1; k < min(len(toks), 5); k++ {
			if toks[k].s == "," {
				break
			}
			if toks[k].s == "the" {
				toks = toks[k:]
				break
			}
		}
	}
	if len(toks) < 3 || !toks[0].word {
		return false
	}
	switch toks[0].s {
	case "the", "this", "that", "these", "our", "its", "their":
	default:
		return false
	}
	for _, t := range toks[1:min(len(toks), 8)] {
		if t.word && (formOf(t.s) == formThird && t.s != "is" || t.s == "uses" || t.s == "calls" || t.s == "contains") {
			return true
		}
	}
	return false
}

// reportLeadIn: the sentence that introduces a code block reports what
// was run, in the past: "Then restarted the dev server:", "I ran:", "Its
// last command was the cleanup:". The block is then a record, not a step.
func reportLeadIn(toks []token) bool {
	var words []string
	for _, t := range toks {
		if t.word {
			words = append(words, t.s)
		}
	}
	if len(words) == 0 {
		return false
	}
	for i := 0; i+2 < len(words) && i < 6; i++ {
		if words[i] == "command" && words[i+1] == "was" || words[i] == "commands" && words[i+1] == "were" {
			return true // "its last command was", "the commands were"
		}
	}
	// a first-person test report: "In my testing the touch runs but …"
	if l := strings.Join(words, " "); hasAnyWord(l, []string{"in my testing", "in my tests", "when i run", "when i ran", "what i ran", "here is what i"}) {
		return true
	}
	k := 0
	switch words[0] {
	case "i", "we", "then", "so", "first", "finally", "eventually":
		k = 1
		if k < len(words) && (words[k] == "then" || words[k] == "finally" || words[k] == "just") {
			k++
		}
	}
	return k < len(words) && pastForms[words[k]] || k < len(words) && formOf(words[k]) == formPast && !strings.HasSuffix(words[k], "eed")
}

var processNouns = []string{"process", "processes", "proc", "pid", "pids", "server", "servers",
	"daemon", "daemons", "instance", "instances", "port", "node", "zombie", "sigterm",
	"sigkill", "mcp", "pgrep", "ps", "lsof", "task", "tasks", "service", "worker", "workers"}

// afterCommands returns the command lines of the code block right after
// the unit (Context.After), read once per unit however many hits ask for
// them.
func (v *view) afterCommands() []*segment {
	if !v.afterRead {
		v.afterRead = true
		if a := v.u.Ctx.After; a != "" {
			blk := Unit{Kind: CodeBlock, Text: a, Offsets: IdentityOffsets(0, len(a)+1), Ctx: Context{Doc: v.u.Ctx.Doc}}
			for _, s := range newView(&blk).codeLines() {
				if s.kind == segCommand && !s.output {
					v.after = append(v.after, s)
				}
			}
		}
	}
	return v.after
}
