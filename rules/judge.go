package rules

import (
	"path"
	"slices"
	"strings"
)

// stanceWhy decides what the segment does with the action at h, and
// says why.
func (v *view) stanceWhy(seg *segment, h hit) (Stance, string) {
	if v.u.Kind == FrontMatter && metadataKey(v.lines.frontMatterKey(v.f.s, h.start)) {
		return Mention, "a front matter key that names the page (title, aliases, tags)"
	}
	if seg.kind == segProse && changeTitle(seg.text(), v.u.Kind == Heading) {
		return Mention, `a change's title ("fix: …") names the change`
	}
	if v.u.Kind == Heading && len(v.u.Ctx.Headings) == 0 && threadFile(v.u.Ctx.Path) {
		return Mention, "an issue's or pull request's title names what it asks for"
	}
	if seg.kind == segProse && apiMemberSection(v.u.Ctx) {
		return Mention, "an API reference's section on a method says what the method does"
	}
	if v.u.Kind == StringLit && stepName(v.u.Ctx.Headings, v.u.Ctx.Path) {
		return Mention, "a step's or task's name titles what its own commands do (SPEC, Code)"
	}
	if v.u.Kind == StringLit && failedCommand(seg.text(), v.f.s[h.start:h.end]) {
		return Mention, "an error message that names the command that failed (\"taskkill %d: %w\")"
	}
	if seg.kind == segProse && futurePassive(seg.tokens(), tokenAt(seg.tokens(), h.start)) {
		return Mention, "a future passive (\"the process will be terminated\") says what will happen"
	}
	if seg.kind == segProse && commandNamesOnly(v.u) {
		return Mention, "command names alone (`kill` or `killall`), none run with what it acts on"
	}
	if seg.kind == segProse && v.definitionAt(h.start) {
		return Mention, "a definition (a `name` or an HTTP endpoint, then what it does) describes it"
	}
	if ls := v.lines.lineStart(v.f.s, h.start); v.u.Kind == StringLit && helpEntry(v.f.s[ls:], h.start-ls) {
		return Mention, "a help text's entry (\"  relay sweep  - Find and kill …\") says what a command does"
	}
	if seg.kind == segProse && v.u.Kind != FrontMatter && descriptionField(v.f.s[v.lines.lineStart(v.f.s, h.start):]) {
		// (a page's own description in its front matter is its summary,
		// which agents read as an instruction like any prose)
		return Mention, "a Description: field says what its subject (a tool, a command) does"
	}
	ctx := func() (Stance, string, bool) {
		if seg.label == int(Prohibit) {
			return Prohibit, "its own label bans it (Don't:, Bad:, a warning)", true
		}
		if seg.label != int(Recommend) && !ownRemedyLabel(seg) {
			if v.context().ctxBan {
				return Prohibit, "the context bans it (heading, lead-in or label above)", true
			}
			if v.context().ctxMention {
				return Mention, "the context only mentions it (heading, lead-in or label above)", true
			}
		}
		return 0, "", false
	}
	switch seg.kind {
	case segCommand:
		if seg.output {
			return Mention, "the output of a command, not a command"
		}
		if seg.trailing != "" && commentBanLabel(strings.TrimLeft(seg.trailing, "# ")) {
			return Prohibit, "the command's own comment bans it"
		}
		if st, why, ok := ctx(); ok {
			return st, why
		}
		if seg.caption != "" && pastCaption(seg.caption) {
			return Mention, "the comment above it reports the command as run (\"# Force-killed all of them\")"
		}
		if lo, ok := echoString(seg, h); ok {
			st := proseStance(seg, h, lo)
			return st, printedReasons[st]
		}
		return Recommend, "a command to run"
	case segComment:
		own := strings.TrimLeft(strings.TrimSpace(seg.text()), "#/-;:<> ")
		if !commentGoodLabel(own) {
			if st, why, ok := ctx(); ok {
				return st, why
			}
		}
		st := proseStance(seg, h, 0)
		return st, commentReasons[st]
	}
	if c := v.u.Ctx; v.u.Kind == Prose && c.Column != "" && len(c.Row) > 0 && len(v.u.Code) == 0 && len(strings.Fields(v.u.Text)) <= 3 &&
		strings.TrimSpace(strings.Trim(c.Label, "*_: ")) != "" &&
		strings.EqualFold(strings.TrimSpace(strings.Trim(c.Label, "*_: ")), strings.TrimSpace(strings.Trim(v.u.Text, "*_: "))) {
		// a short name, no command in it: a cell that spells out a step
		// ("**Restart it with `pkill -f relay`**") is read as one
		return Mention, "a short table cell in bold names its row (\"| **Kill process** | May terminate |\"); the row says what follows"
	}
	if seg.printed {
		return Mention, "a line of what a program printed, as the sentence over the block says"
	}
	if st, why, ok := ctx(); ok {
		return st, why
	}
	if v.u.Kind == Heading && !h.verb && onlyName(strings.TrimSpace(strings.Trim(seg.text(), "#*_` ")), v.f.s[h.start:h.end]) {
		return Mention, "a heading that is only the action's name titles its subject"
	}
	if h.verb && titledName(v, seg, h) {
		return Mention, "a title-case name in parentheses names a command: \".kill (Kill Process)\""
	}
	if (v.u.Ctx.ListItem || v.u.Ctx.Column != "") && v.u.Kind == Prose && !h.verb &&
		strings.Trim(seg.text(), "*_`.,;: ") == v.f.s[h.start:h.end] {
		// "| `TASKKILL` | Terminate processes |", "- [taskkill](…)": a
		// command named alone in a table or a list is an entry of an
		// index or a glossary; a step to run gives what it acts on
		return Mention, "a command named alone in a list or a table cell is an index entry"
	}
	st := proseStance(seg, h, 0)
	return st, clauseReasons[st]
}

// titledName: the verb hit sits in parentheses whose words are all
// capitalised, up to four of them: a reference page's name for a command
// (".kill (Kill Process)", "TerminateProcess (Terminate Process)").
func titledName(v *view, seg *segment, h hit) bool {
	f := v.f.s
	// both parentheses lie in the hit's segment: a search past it would
	// cost the unit's length per hit
	open := strings.LastIndexByte(f[seg.start:h.start], '(')
	if open < 0 {
		return false
	}
	open += seg.start
	if strings.ContainsAny(f[open:h.start], ").") {
		return false
	}
	closing := strings.IndexByte(f[h.end:seg.end], ')')
	if closing < 0 {
		return false
	}
	closing += h.end
	a, b := v.f.back.At(open+1), v.f.back.At(closing)
	if a >= b || b > len(v.u.Text) {
		return false
	}
	words := strings.Fields(v.u.Text[a:b])
	if len(words) == 0 || len(words) > 4 {
		return false
	}
	for _, w := range words {
		if w[0] < 'A' || w[0] > 'Z' {
			return false
		}
	}
	return true
}

// onlyName: a heading's text is the command a hit names, alone or with
// one subcommand ("# pkill", "# systemctl kill"): a page's title.
func onlyName(heading, name string) bool {
	rest, ok := strings.CutPrefix(heading, name)
	if !ok {
		return false
	}
	rest = strings.TrimPrefix(rest, " ")
	return rest == "" || !strings.ContainsAny(rest, " \t") && !strings.HasPrefix(rest, "-")
}

// clauseReasons say what the clause's grammar decided, by stance; the
// printed text of a command and a comment are read by the same grammar.
// They are built once, so a verdict's reason costs nothing to give.
var (
	clauseReasons = [...]string{
		Recommend: "the clause recommends it (an instruction, a modal, an approval or a condition's remedy)",
		Prohibit:  "the clause bans it (never, don't, must not, a warning)",
		Mention:   "the clause only mentions it (a description, a report, a question, another sense)",
	}
	printedReasons = prefixed("printed text: ", clauseReasons)
	commentReasons = prefixed("a comment: ", clauseReasons)
)

func prefixed(p string, rs [3]string) [3]string {
	for i := range rs {
		rs[i] = p + rs[i]
	}
	return rs
}

// changeTitle: a commit message, pull request or changelog title in the
// conventional form ("fix: …", "feat(cli): …", "chore!: …").
//
// In running text "Fix: increase the timeout" is a label, so a type alone
// counts only as a title (a heading); a scope or a '!' counts anywhere.
func changeTitle(s string, title bool) bool {
	s = strings.TrimLeft(s, " #*-[")
	k := strings.IndexByte(s, ':')
	if k <= 0 || k > 24 {
		return false
	}
	typ := strings.TrimSuffix(s[:k], "!")
	marked := len(typ) < k
	if p := strings.IndexByte(typ, '('); p > 0 && strings.HasSuffix(typ, ")") {
		typ, marked = typ[:p], true
	}
	if !title && !marked {
		return false
	}
	switch typ {
	case "fix", "feat", "chore", "docs", "refactor", "perf", "test", "tests", "build", "ci", "style", "revert", "bugfix", "hotfix":
		return true
	}
	return false
}

// threadFile: a file that holds an issue or pull request thread by its
// name (issue-123.md, pr-88.md, PULL_REQUEST.md).
func threadFile(p string) bool {
	b := strings.ToLower(path.Base(strings.ReplaceAll(p, "\\", "/")))
	for _, pre := range []string{"issue-", "issue_", "pr-", "pr_", "pull-", "pull_request", "pullrequest"} {
		if strings.HasPrefix(b, pre) {
			return true
		}
	}
	return false
}

// definitionAt: the unit opens with a term — an identifier or flag in
// inline code — and a separator (":", " - ", "–", "—"), and the hit lies
// in the description after it: an option or API reference.
func (v *view) definitionAt(at int) bool {
	u := v.u
	if u.Kind != Prose {
		return false
	}
	if endpointTerm(u.Text) > 0 {
		// "**POST /sessions/{id}/purge** — Purge session data.": an API
		// reference's entry names an endpoint and says what it does, on
		// the entry's first line
		end := min(len(u.Text), 4096) // the entry's first line, within 4 KiB
		if k := strings.IndexByte(u.Text[:end], '\n'); k >= 0 {
			end = k
		}
		return v.source(at) < u.Offsets.At(end)
	}
	if len(u.Code) == 0 {
		return false
	}
	sp := u.Code[0]
	name := strings.TrimSpace(u.Text[sp.Start:sp.End])
	// a name, or a method's signature ("await ctx.delete_state(key)"); a
	// command with arguments ("pkill -f relay") is not defined, it is run
	signature := strings.HasSuffix(name, ")") && strings.Contains(name, "(") && !strings.HasPrefix(name, "$(")
	if strings.TrimSpace(u.Text[:sp.Start]) != "" || strings.ContainsAny(name, " \t") && !signature {
		return false
	}
	rest := u.Text[sp.End:]
	trimmed := strings.TrimLeft(rest, " ")
	sep := 0
	switch {
	case strings.HasPrefix(trimmed, ":"):
		sep = 1
	case strings.HasPrefix(trimmed, "- "), strings.HasPrefix(trimmed, "– "), strings.HasPrefix(trimmed, "— "):
		sep = len(strings.SplitN(trimmed, " ", 2)[0])
	default:
		return false
	}
	end := sp.End + len(rest) - len(trimmed) + sep
	return v.source(at) >= u.Offsets.At(min(end, u.Offsets.Len()-1))
}

// endpointTerm returns the end of the separator after an HTTP endpoint
// that opens the text as the term of a definition ("POST /sessions/{id}
// — Stop the session", "DELETE /locks/:id: Remove a lock"), or 0.
func endpointTerm(text string) int {
	sp := strings.IndexByte(text[:min(len(text), 8)], ' ') // the longest method, OPTIONS, and its space
	if sp < 0 || !httpMethods[text[:sp]] || !strings.HasPrefix(text[sp+1:], "/") {
		return 0
	}
	rest := text[sp+1 : min(len(text), sp+1+2048)] // a path and its separator
	k := strings.IndexAny(rest, " \t")
	if k < 0 {
		return 0
	}
	path := strings.TrimRight(rest[:k], ":")
	after := strings.TrimLeft(rest[len(path):], " \t")
	for _, sep := range []string{":", "— ", "– ", "- "} {
		if strings.HasPrefix(after, sep) {
			return sp + 1 + len(rest) - len(after) + len(sep)
		}
	}
	return 0
}

var httpMethods = set("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS")

// echoString: a hit inside a quoted string printed by echo and the like is
// read as the prose it prints ("Run: pkill ..." tells the reader to run it).
func echoString(seg *segment, h hit) (lo int, ok bool) {
	toks := seg.tokens()
	first := ""
	for _, t := range toks {
		if t.word {
			first = t.s
			break
		}
	}
	switch first {
	case "echo", "printf", "print", "write-host", "write-output", "write-verbose", "write-warning", "write-error", "write-debug", "write-information",
		"puts", "say", "console", "logger", "log":
	default:
		return 0, false
	}
	quote := -1
	for i, t := range toks {
		if t.start >= h.start {
			break
		}
		if t.s == "\"" || t.s == "'" {
			if quote < 0 {
				quote = i
			} else if toks[quote].s == t.s {
				quote = -1
			}
		}
	}
	if quote < 0 {
		return 0, false
	}
	return quote + 1, true
}

// proseStance reads the sentence around a hit the way a person would: a ban
// in its clause, a question, a quotation, a report, or an instruction.
func proseStance(seg *segment, h hit, floor int) Stance {
	toks := seg.tokens()
	i := 0
	for i < len(toks) && toks[i].end <= h.start {
		i++
	}
	if i >= len(toks) {
		return Recommend
	}
	lo, hi := clauseBounds(toks, i)
	if lo < floor {
		lo = floor
	}
	if markedBad(seg.text()) {
		return Prohibit
	}
	if quoted(toks, lo, i) {
		return Mention
	}
	if banLabelBefore(toks, lo, i) {
		return Prohibit // "Block dangerous command: pkill", "Denied: kill -9"
	}
	banned, forced := banState(toks, lo, i)
	if forced {
		return Recommend
	}
	if banned {
		return Prohibit
	}
	end := h.end
	if hi > 0 && hi <= len(toks) && toks[hi-1].end > end {
		end = toks[hi-1].end
	}
	if consequenceBan(seg.v.f.s[h.end:end]) {
		// "Touching config.toml makes the client reload every server, so
		// we never do it": the consequence given, then the ban
		return Prohibit
	}
	if postfixBan(seg.v.f.s[h.end:end]) {
		return Prohibit
	}
	if isQuestion(seg) {
		if h.verb && politeRequest(toks, lo, i) {
			return Recommend // "Could you try setting the path in mcp.json to its absolute path?"
		}
		return Mention
	}
	for j := lo; j < i; j++ {
		if t := toks[j]; t.word && !t.code && accidentWords[t.s] {
			return Mention
		}
	}
	// a verb that reports advice, in the main clause: a leading condition
	// ("if the merge is still blocked, …") reports nothing
	from := lo
	for k := lo; k < i; k++ {
		if toks[k].word {
			if subordinators[toks[k].s] {
				if c := nextComma(toks, k, i); c >= 0 {
					from = c + 1
				}
			}
			break
		}
	}
	for j := from; j < i; j++ {
		t := toks[j]
		if t.word && !t.code && reportVerbs[t.s] && !(t.s == "recommended" && j+1 < len(toks)) {
			return Mention
		}
	}
	if taskHead(seg, toks, i) {
		return Recommend // "- [ ] Updated `.env` with the key": an open box is a step to take
	}
	if seg.v.u.Ctx.Done && seg.v.u.Kind != CodeBlock {
		return Mention // "- [x] Clear error messages for missing config": work reported as done
	}
	if throughControl(toks, i, hi) {
		return Mention // "remove the lockfile with the **Remove user lock** button": the tool's own control
	}
	if h.verb && othersHabit(toks, lo, i) {
		return Mention // "container orchestrators typically send SIGTERM": what others do
	}
	return mood(toks, lo, i, hi, h, seg.v.u.Kind == Prose || seg.v.u.Kind == Heading)
}

// othersHabit: the verb at i is the present tense of a plural subject
// other than the writer or the reader, with a habit word between
// ("orchestrators typically send SIGTERM", "they usually kill the
// worker"): a statement of what other people or programs do. The first
// person's habit is advice passed on (habit); the reader's is an
// instruction.
func othersHabit(toks []token, lo, i int) bool {
	k := i - 1
	if k <= lo || !toks[k].word || toks[k].code || !habitWords[toks[k].s] || toks[k].s == "just" || toks[k].s == "simply" || toks[k].s == "then" {
		return false
	}
	p := toks[k-1]
	if !p.word || p.code {
		return false
	}
	switch p.s {
	case "they", "people", "users", "children":
		return true
	case "is", "was", "has", "does", "this", "its", "yes", "as", "less", "unless", "thus", "always":
		return false
	}
	return len(p.s) > 3 && strings.HasSuffix(p.s, "s") && !strings.HasSuffix(p.s, "ss") && !strings.HasSuffix(p.s, "'s")
}

// throughControl: after the action in its clause, "with", "using",
// "via" or "through" names a button, menu entry or dialog that takes it
// ("remove the lockfile with the **Remove user lock** button on the login
// dialog"): the tool's own sanctioned control does it, no hand does.
func throughControl(toks []token, i, hi int) bool {
	for k := i + 1; k < hi; k++ {
		t := toks[k]
		if !t.word || t.code || !(t.s == "with" || t.s == "using" || t.s == "via" || t.s == "through") {
			continue
		}
		for j, n := k+1, 0; j < hi && n < 7; j++ {
			if w := toks[j]; w.word {
				n++
				switch w.s {
				case "button", "menu", "dialog", "toggle", "checkbox":
					return true
				}
			}
		}
		return false
	}
	return false
}

// politeRequest: the question asks the reader to do it, "could you (try)
// VERB", "can you please VERB", "would you mind VERBing": a request, not a
// question about it ("should I kill it?", "did you kill it?"). The verb
// at i follows the request at once, or after try, please or just.
func politeRequest(toks []token, lo, i int) bool {
	var ws []string
	for k := i - 1; k >= lo && len(ws) < 6; k-- {
		if toks[k].word {
			ws = append(ws, toks[k].s)
		} else if toks[k].s == "," {
			break // "if it hangs, could you …": the condition ends at its comma
		}
	}
	k := 0
	for k < len(ws) && (ws[k] == "try" || ws[k] == "please" || ws[k] == "just" || ws[k] == "mind" || ws[k] == "also") {
		k++
	}
	if k < len(ws) && (ws[k] == "and" || ws[k] == "then") && prevWord(toks, i) == ws[k] {
		// "can you run `which uv` and put the full path into …": the
		// second verb of the request is asked as the first is
		return conjoinedRequest(toks, lo, i)
	}
	if k+1 >= len(ws) || ws[k] != "you" {
		return false
	}
	switch ws[k+1] {
	case "could", "can", "would", "will":
		return true
	}
	return false
}

// conjoinedRequest: within 12 words before i, after no comma, stands
// "could / can / would / will you" and a verb.
func conjoinedRequest(toks []token, lo, i int) bool {
	for k, n := i-1, 0; k > lo && n < 12; k-- {
		t := toks[k]
		if !t.word {
			if t.s == "," || t.s == "." || t.s == ";" {
				return false
			}
			continue
		}
		n++
		if t.s == "you" && !t.code {
			switch prevWord(toks, k) {
			case "could", "can", "would", "will":
				return baseVerbs[wordAt(toks, k+1)]
			}
		}
	}
	return false
}

func isQuestion(seg *segment) bool {
	t := strings.TrimRight(seg.text(), " \n\t*_\"')")
	return strings.HasSuffix(t, "?")
}

// quoted reports whether token i sits inside a quotation that is not
// itself presented as a command to run.
func quoted(toks []token, lo, i int) bool {
	open := -1
	for j := lo; j < i; j++ {
		t := toks[j]
		if t.code || t.s != "\"" && t.s != "'" {
			continue
		}
		if open < 0 {
			open = j
		} else if toks[open].s == t.s {
			open = -1
		}
	}
	if open < 0 {
		return false
	}
	closed := false
	for j := i; j < len(toks); j++ {
		if toks[j].s == toks[open].s && !toks[j].code {
			closed = true
			break
		}
	}
	if !closed {
		return false
	}
	p := prevWord(toks, open)
	if open > 0 && toks[open-1].s == ":" {
		p = prevWord(toks, open-1)
	}
	switch p {
	case "run", "type", "execute", "enter", "use", "try", "paste", "with", "command", "do", "example":
		return false
	}
	if k := open; k >= 4 && toks[k-1].s == "." && toks[k-2].s == "g" && toks[k-3].s == "." && toks[k-4].s == "e" {
		return false // "e.g. 'kill 4242'" gives an example to run
	}
	return true
}

// pastCaption: a comment above a command that reports, in the past, what
// was run.
func pastCaption(c string) bool {
	l := fold(strings.TrimLeft(c, "#/-;: ")).s
	if head, rest, ok := strings.Cut(l, ":"); ok && !strings.Contains(strings.TrimSpace(head), " ") {
		l = rest // a one-word label ("Done:") and the step after it
	}
	if f := strings.Fields(l); len(f) > 0 && strings.Contains(f[0], "-") {
		// "Force-killed all of them": the compound's last part is the verb
		parts := strings.Split(f[0], "-")
		f[0] = parts[len(parts)-1]
		l = strings.Join(f, " ")
	}
	return reportLeadIn(tokenize(l, 0, len(l), func(int) bool { return false }))
}

// apiMemberSection: the text sits in an API reference page (its path
// names one) under a heading that is one identifier ("close",
// "SafeWriteConfig()", "session.get"): it documents that member.
func apiMemberSection(c Context) bool {
	p := strings.ToLower(strings.ReplaceAll(c.Path, "\\", "/"))
	if !strings.Contains(p, "api-reference") && !strings.Contains(p, "api_reference") && !strings.Contains(p, "/reference/api") {
		return false
	}
	h := strings.Trim(lastHeading(c), "` ")
	if h == "" || strings.ContainsAny(h, " \t") {
		return false
	}
	for _, r := range h {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_.()-", r)) {
			return false
		}
	}
	return true
}

// stepName: the string is the name of a CI step or a playbook task (the
// key path ends in steps/tasks/handlers, then name): it titles the step,
// whose commands are judged on their own.
func stepName(keys []string, file string) bool {
	if len(keys) == 1 && keys[0] == "name" && ansibleTaskFile(file) {
		return true // a role's tasks file lists its tasks at the top level
	}
	if len(keys) < 2 || keys[len(keys)-1] != "name" {
		return false
	}
	switch keys[len(keys)-2] {
	case "steps", "tasks", "pre_tasks", "post_tasks", "handlers", "block", "rescue", "always":
		return true
	}
	return false
}

// ansibleTaskFile: a YAML file of an Ansible role's or playbook's task
// lists (roles/x/tasks/main.yml, handlers/main.yml), whose top-level
// items are tasks.
func ansibleTaskFile(p string) bool {
	p = "/" + strings.ReplaceAll(strings.ToLower(p), "\\", "/")
	ext := path.Ext(p)
	return (ext == ".yml" || ext == ".yaml") && (strings.Contains(p, "/tasks/") || strings.Contains(p, "/handlers/"))
}

// failedCommand: a string that opens with the command's name and its
// arguments, then a colon and the error ("taskkill %d: %w: %s", "pkill
// {name}: {err}"): a message that says which command failed.
func failedCommand(text, hit string) bool {
	head, tail, ok := strings.Cut(text, ":")
	if !ok {
		return false
	}
	f := strings.Fields(head)
	if len(f) == 0 || len(f) > 3 || !strings.EqualFold(f[0], hit) {
		return false
	}
	for _, a := range f[1:] {
		if !strings.HasPrefix(a, "%") && !strings.HasPrefix(a, "{") && !strings.HasPrefix(a, "$") && !strings.HasPrefix(a, "-") {
			return false
		}
	}
	for _, v := range []string{"%w", "%v", "%s", "%q", "{e}", "{err", "{exc", "${e", "${err"} {
		if strings.Contains(tail, v) {
			return true
		}
	}
	return false
}

// ownRemedyLabel: the segment opens with a label of its own that names a
// remedy ("Fix: remove the field"), so the paragraph's first label
// ("Cause: …") does not frame it.
func ownRemedyLabel(seg *segment) bool { return remedyLabel(seg.text()) }

// banLabels open a label that bans what follows its colon.
// ("refused: …" and "rejected: …" report what happened to a request, and
// stay out).
var banLabels = set("block", "blocks", "blocked", "deny", "denies", "denied", "forbid", "forbids", "forbidden",
	"disallow", "disallowed", "prohibited", "banned")

// banLabelBefore: a colon stands between the clause's start (or just
// before it) and the hit at i, and the text before the colon opens with a
// ban ("Block dangerous command: kill -9", a guard's rule description):
// the label bans the item it introduces.
func banLabelBefore(toks []token, lo, i int) bool {
	c := -1
	for k := max(lo-1, 0); k < i; k++ {
		if toks[k].s == ":" && !toks[k].code {
			c = k
		}
	}
	if c < 0 {
		return false
	}
	start := 0
	for k := c - 1; k >= 0; k-- {
		if !toks[k].code && (toks[k].s == "." || toks[k].s == ";" || toks[k].s == ":") {
			start = k + 1
			break
		}
	}
	for k := start; k < c; k++ {
		if toks[k].word {
			return banLabels[toks[k].s]
		}
	}
	return false
}

// mood decides between an instruction (Recommend) and a statement
// (Mention) for a hit without ban or report cues.
func mood(toks []token, lo, i, hi int, h hit, proseKind bool) Stance {
	if h.verb && nounUse(toks, i) {
		return Mention // "reinitializing remove locks", "the kill signal": a noun, not a verb
	}
	if consequenceQuestion(toks, lo, i) {
		return Mention // "document what happens when you remove sessions/*": what it does, asked
	}
	if h.verb && formOf(toks[i].s) == formGerund && prevWord(toks, i) == "by" {
		if p := prevWord2(toks, i); p == "works" || p == "work" || p == "done" {
			return Mention // "It works by touching one of the module files": how it works
		}
		if readerObligation(toks, lo, i) {
			// "you have to tell the relay to reload by sending it SIGHUP":
			// the means of a step the reader is told to take
			return Recommend
		}
	}
	if h.verb && (progressReport(toks, lo, hi) || failedAttempt(toks, i)) {
		return Mention // "Force killing stubborn process...", "Could not terminate PID 42."
	}
	if h.verb && formOf(toks[i].s) == formGerund && prevWord(toks, i) == "before" && preparedStep(toks, mainStart(toks, lo, i), i) {
		// "verify no writer is running before removing the lock path": the
		// step the instruction prepares is the next one the reader takes
		return Recommend
	}
	if inCondition(toks, lo, i, hi) {
		// "If the API endpoint fails, scrape the page": the condition names it,
		// the instruction is something else
		return Mention
	}
	if h.verb && thingCan(toks, lo, i) {
		return Mention // "The debugger can then end the process": what a program is able to do
	}
	if proseKind && toks[i].code && modifierAfter(toks, i, hi) {
		return Mention // "the `Stop-Process` WhatIf behavior": the command names a thing of its own
	}
	if approved(toks, i, hi) {
		return Recommend // "Running `pkill -f x` is fine here", "falling back to curl is acceptable"
	}
	if h.verb && permittedBefore(toks, lo, i) {
		return Recommend // "In that case it's safe to remove the lockfile by hand"
	}
	if formOf(toks[i].s) == formGerund && prevWord(toks, i) == "of" && prevWord2(toks, i) == "matter" {
		return Recommend // "restarting it is just a matter of touching the script": all it takes
	}
	if habit(toks, lo, i) {
		return Recommend // "When it hangs, I usually run killall node"
	}
	if callNotation(toks, i) {
		return Mention // "kill(-pgid, SIGTERM)" in a table of what a library does: a function's name
	}
	if reportedState(toks, i) {
		return Mention // "pkill not available, skipping": the command is what the report is about
	}
	if futureOfOther(toks, lo, i) {
		return Mention // "It will then `touch tmp/restart.txt` on every deploy": what a recipe will do
	}
	if stepCommandAfterColon(toks, lo, i) {
		return Recommend // "Remove the lock file if there is one: `rm ~/.ledger/db-wal`": the step's own command
	}
	if remedyTimeClause(toks, lo, i) {
		return Recommend // "the lock error only goes away once you rm relay.pid.lock": the action named as the cure
	}
	if !proseKind && inLogTag(toks, lo, i) {
		return Mention // "[reset] could not remove lock": the tag names the line's source
	}
	if h.verb && !proseKind && formOf(toks[i].s) == formGerund && i > lo && (toks[i-1].s == "," || toks[i-1].s == ";") {
		// "store unhealthy, killing PID 42": a message's participle after
		// the state it reports says what the program does about it now
		return verbHitMood(toks, lo, i, hi, toks[i].s)
	}
	from := lo
	if !proseKind {
		from = logTagEnd(toks, lo, i) // a log line's tag names its source, not a step
	}
	j := mainStart(toks, from, i)
	hitWord := toks[i]
	if j >= i {
		if h.verb {
			if formOf(hitWord.s) == formBase && finiteAfter(toks, i+1, hi) {
				// "Kill causes the process to exit": the word is the subject
				return Mention
			}
			w := hitWord.s
			if w == "force" && formOf(wordAt(toks, i+1)) == formGerund {
				w = wordAt(toks, i+1) // "Force killing PID 42 with SIGKILL": a gerund, what the program is doing
			}
			return verbHitMood(toks, lo, i, hi, w)
		}
		k := i
		for k < hi && toks[k].start < h.end {
			k++
		}
		if !hitWord.code && (finiteAfter(toks, k, hi) || proseKind && statementAfter(toks, k, hi)) {
			return Mention // "pkill -f kills the shell that runs it"
		}
		if passiveAfter(toks, k, hi) {
			return Mention // "# Stop-Process -Name notepad is called": what happens, said of the command
		}
		if hitWord.code && k < len(toks) && codeSpanEnd(toks, i) < hi && finiteAfter(toks, codeSpanEnd(toks, i), hi) {
			if e := nextWordIndex(toks, codeSpanEnd(toks, i)-1); e >= 0 && e < hi && (positiveOutcome[toks[e].s] || outcomePhrase(toks, e, toks[i].s)) {
				return Recommend // "For a stuck server, `pkill -f mcp` works": the command named as the cure
			}
			return Mention
		}
		return Recommend
	}
	t := toks[j]
	if h.verb && !t.code && nextWordIndex(toks, j) == i && (formOf(hitWord.s) == formThird || formOf(hitWord.s) == formPast) {
		return Mention // "Killall kills every process with the name": the clause's first word is the subject
	}
	if t.code && !finiteAfter(toks, codeSpanEnd(toks, j), hi) && (!h.verb || i < codeSpanEnd(toks, j)) &&
		!pluralStatement(toks, codeSpanEnd(toks, j), i) ||
		!t.code && commandStart(toks, j, hi, proseKind) {
		// a command presented on its own ("Action: `lsof … | xargs kill`");
		// a verb after a code span that opens the clause is not in it
		// ("`MemoryError` in the worker, a hang is killed when …")
		return Recommend
	}
	if t.word && !t.code && (formOf(t.s) == formBase && !modals[t.s] || unknownImperative(toks, j, i) || verbSlot(toks, j)) {
		if (t.s == "see" || t.s == "refer") && !verbBetween(toks, j, i) {
			return Mention // "For details, see Using Remove Locks" points to a page
		}
		if topicVerbs[t.s] {
			return Mention // "Document a command line to kill the server": the action is the topic
		}
		if !h.verb || i != j {
			if j+1 < hi && finiteAfter(toks, j+1, hi) && !objectStarts[wordAt(toks, j+1)] {
				return Mention // "signal 0 means polling …": the word is a noun subject
			}
		}
		for k := j + 1; k < i; k++ {
			if w := toks[k]; w.word && !w.code && (w.s == "before" || w.s == "after") && ingWord(wordAt(toks, k+1)) {
				return Mention // "use the tools before attempting any API calls": a time, not a step
			}
			if w := toks[k]; w.word && !w.code && midSubordinators[w.s] {
				// "attach the debugger when the host prepares to terminate
				// it": a condition that names the action is not the step
				return Mention
			}
		}
		// an instruction; the verb that governs the hit may still describe
		for k := i - 1; k > j; k-- {
			w := toks[k]
			if !w.word || w.code {
				continue
			}
			f := formOf(w.s)
			if (f == formThird || f == formPast) && !modalBefore(toks, k, j) && w.s != "is" && w.s != "has" && !determiners[prevWord(toks, k)] {
				return Mention
			}
			if f == formBase || f == formGerund {
				break
			}
		}
		if h.verb {
			if f := formOf(hitWord.s); f == formThird || f == formPast {
				if !passiveModal(toks, i) && ensurePassive(toks, i) < 0 {
					return Mention
				}
			}
			if p := prevWord(toks, i); formOf(hitWord.s) == formGerund && (p == "after" || p == "since" || p == "upon" || p == "while") {
				// "restart after adding the entry": the time of the step, not a step
				return Mention
			}
		}
		return Recommend
	}
	// a statement: permission, obligation, first-person advice or a
	// promised outcome ("a quick `pkill` does the trick") still recommends
	for k := i + 1; k < hi; k++ {
		// the outcome follows the action: "a quick `pkill` does the
		// trick"; "the reaper clears job locks" names the action itself
		if w := toks[k]; w.word && !w.code && (w.s == "so" || w.s == "because" || w.s == "although" || w.s == "but") {
			break // "… when I kill it, so the cleanup path itself works": another clause's outcome
		}
		if w := toks[k]; w.word && !w.code && (positiveOutcome[w.s] || w.s == "trick" || outcomePhrase(toks, k, toks[i].s)) {
			return Recommend
		}
	}
	for k := j; k < i; k++ {
		if w := toks[k]; w.word && !w.code && adviceVerbs[w.s] && adviceBySpeaker(toks, k) {
			return Recommend
		}
	}
	for k := j; k < i; k++ {
		w := toks[k]
		if !w.word || w.code {
			continue
		}
		if (w.s == "is" || w.s == "are") && wordAt(toks, k+1) == "to" && !behaviourSubject(toks, j, k) {
			return Recommend
		}
		if w.s == "is" && remedyNouns[prevWord(toks, k)] && (toks[i].code && nextTokenCode(toks, k) ||
			nextWordIndex(toks, k) == i && formOf(toks[i].s) == formGerund) {
			return Recommend // "the quickest fix is `pkill -f mcp-server`", "the workaround is editing `.env`"
		}
	}
	if h.verb && (extraposedApproval(toks, i) || readerModal(toks, i)) {
		return Recommend
	}
	if h.verb && (passiveModal(toks, i) || ensurePassive(toks, i) >= 0) {
		return Recommend
	}
	return Mention
}

// consequenceBan: the rest of the sentence after the action gives its
// cost and then bans it by reference (", so we never do it", ", so
// don't", ", so never do that").
func consequenceBan(rest string) bool {
	if !strings.Contains(rest, ", so ") {
		return false // most clauses: one search, not eleven
	}
	for _, p := range []string{", so don't", ", so do not", ", so never", ", so we never", ", so we don't", ", so we do not",
		", so you should never", ", so you should not", ", so you must not", ", so avoid it", ", so avoid that"} {
		if strings.Contains(rest, p) {
			return true
		}
	}
	return false
}

// consequenceQuestion: the action sits in an indirect question about
// what it does ("what happens when you remove the sessions folder",
// "what happens if I kill it"): a topic, not a step.
func consequenceQuestion(toks []token, lo, i int) bool {
	for k := lo; k+2 < i; k++ {
		if toks[k].s == "what" && (toks[k+1].s == "happens" || toks[k+1].s == "happened") && (toks[k+2].s == "when" || toks[k+2].s == "if") {
			return true
		}
	}
	return false
}

// progressReport: the clause is a program's progress message: it opens
// with a gerund (or "force" and a gerund) and trails off in an ellipsis
// ("Force killing stubborn process...", "Terminating workers…"): what the
// program is doing now, not a step for the reader.
func progressReport(toks []token, lo, hi int) bool {
	first := -1
	for k := lo; k < hi; k++ {
		if toks[k].word {
			first = k
			break
		}
	}
	if first < 0 {
		return false
	}
	w := toks[first].s
	if w == "force" || w == "now" {
		w = wordAt(toks, first+1)
	}
	if formOf(w) != formGerund {
		return false
	}
	end := hi - 1
	for end > lo && (toks[end].s == "'" || toks[end].s == "\"") {
		end-- // the message's closing quote
	}
	if toks[end].s == "…" {
		return true
	}
	return end >= lo+2 && toks[end].s == "." && toks[end-1].s == "." && toks[end-2].s == "."
}

// failedAttempt: the verb at i follows "could not", "couldn't", "failed
// to" or "unable to": a report that it was tried and did not work.
func failedAttempt(toks []token, i int) bool {
	p, q := prevWord(toks, i), prevWord2(toks, i)
	return p == "not" && (q == "could" || q == "did") || p == "couldn't" || p == "to" && (q == "failed" || q == "unable")
}

// reservation: after the action, the sentence takes back its praise
// ("… also works, but I would not rely on that", "… but it is not
// recommended").
func reservation(toks []token, i, hi int) bool {
	for k := i + 1; k+2 < len(toks); k++ {
		if toks[k].s != "but" {
			continue
		}
		var rest []string
		for j := k + 1; j < len(toks) && len(rest) < 6; j++ {
			if toks[j].word {
				rest = append(rest, toks[j].s)
			}
		}
		r := " " + strings.Join(rest, " ") + " "
		for _, p := range []string{" not rely ", " wouldn't rely ", " not recommend", " wouldn't recommend", " don't recommend",
			" not reliable ", " not ideal ", " hacky ", " fragile "} {
			if strings.Contains(r, p) {
				return true
			}
		}
		return false
	}
	return false
}

// readerObligation: between lo and i the reader is told or allowed to act:
// "you have to", "you need to", "you must", "you should", "you can".
func readerObligation(toks []token, lo, i int) bool {
	for k := lo; k+1 < i; k++ {
		if toks[k].s != "you" {
			continue
		}
		switch n := wordAt(toks, k+1); n {
		case "must", "should", "can":
			return true
		case "have", "need", "needs", "has":
			return wordAt(toks, k+2) == "to"
		}
	}
	return false
}

// passiveAfter: after a command and its arguments, the clause goes on
// in the passive ("… is called", "… was run by the hook"): a description
// of when the command runs, not a step.
func passiveAfter(toks []token, k, hi int) bool {
	for j, n := k, 0; j+1 < hi && n < 8; j++ {
		if !toks[j].word {
			continue
		}
		n++
		switch toks[j].s {
		case "is", "are", "was", "were", "gets", "get", "got":
			switch wordAt(toks, j+1) {
			case "called", "run", "used", "executed", "invoked", "triggered", "sent", "issued", "launched", "performed":
				return true
			}
			return false
		}
	}
	return false
}

// extraposedApproval: the verb at i follows "it is fine to", "it's safe
// to", "it is perfectly OK to": an approval of the action put after it.
// A negation ("it is not safe to") is not one.
func extraposedApproval(toks []token, i int) bool {
	k := i - 1
	if k < 0 || toks[k].s != "to" {
		return false
	}
	k--
	if k < 0 || !approvingWords[toks[k].s] {
		return false
	}
	k--
	for k >= 0 && (toks[k].s == "perfectly" || toks[k].s == "usually" || toks[k].s == "generally" || toks[k].s == "totally" || toks[k].s == "always") {
		k--
	}
	if k < 1 || toks[k].s != "is" && toks[k].s != "'s" && toks[k].s != "s" {
		return false
	}
	if toks[k].s == "s" && toks[k-1].s != "'" {
		return false
	}
	if toks[k].s == "s" {
		k--
	}
	p := toks[k-1].s
	return p == "it" || p == "this" || p == "that"
}

// readerModal: the verb at i follows a modal whose subject is the person
// reading ("the user should delete the lock file manually", "operators
// can clear the session table"): an obligation or a permission given to
// the reader, as "you should" is.
func readerModal(toks []token, i int) bool {
	k := i - 1
	for k >= 0 && (toks[k].s == "just" || toks[k].s == "then" || toks[k].s == "simply" || toks[k].s == "manually" || toks[k].s == "also") {
		k--
	}
	if k >= 1 && toks[k].s == "to" && (toks[k-1].s == "need" || toks[k-1].s == "needs" || toks[k-1].s == "has" || toks[k-1].s == "have") {
		k--
	} else if k < 0 || !(toks[k].s == "should" || toks[k].s == "must" || toks[k].s == "can" || toks[k].s == "may") {
		return false
	}
	k--
	if k < 0 {
		return false
	}
	switch toks[k].s {
	case "user", "users", "operator", "operators", "admin", "admins", "administrator", "administrators", "reader", "readers":
		return true
	}
	return false
}

// nextWordIndex returns the index of the first word token after j, or
// len(toks).
func nextWordIndex(toks []token, j int) int {
	for k := j + 1; k < len(toks); k++ {
		if toks[k].word {
			return k
		}
	}
	return len(toks)
}

func codeSpanEnd(toks []token, i int) int {
	for i < len(toks) && toks[i].code {
		i++
	}
	return i
}

// bareAdverbialEnd returns the index of the first word after a time
// phrase that opens a clause at j without a comma ("for now", "for the
// time being", "in the meantime", "until then"), or -1.
func bareAdverbialEnd(toks []token, j, i int) int {
	for _, p := range bareAdverbials {
		k, n := j, 0
		for ; n < len(p) && k < i; k++ {
			if !toks[k].word {
				continue
			}
			if toks[k].s != p[n] || toks[k].code {
				break
			}
			n++
		}
		if n == len(p) {
			for k < i && !toks[k].word {
				k++
			}
			if k < i {
				return k
			}
		}
	}
	return -1
}

var bareAdverbials = [][]string{{"for", "now"}, {"for", "the", "moment"}, {"for", "the", "time", "being"},
	{"in", "the", "meantime"}, {"until", "then"}, {"right", "now"}}

// callNotation: the word at i is written as a function call, its
// parenthesis right after it ("kill(-pgid, SIGTERM)"): prose names the
// function there, as it names `os.kill` in backticks.
func callNotation(toks []token, i int) bool {
	if i+1 >= len(toks) || toks[i+1].s != "(" || toks[i+1].start != toks[i].end || toks[i].code {
		return false
	}
	// the word before the call's dotted name ("process.kill(pid)"): a
	// verb there governs it ("call process.kill(pid) on it")
	k := i
	for k > 0 && toks[k-1].end == toks[k].start && (toks[k-1].s == "." || toks[k-1].word) {
		k--
	}
	return !callVerbs[prevWord(toks, k)]
}

// reportedState: the words after the hit say what state it is in ("pkill
// not available, skipping", "kill failed with EPERM"): it is the subject
// of a report, not a step.
func reportedState(toks []token, i int) bool {
	n, n2 := wordAt(toks, i+1), nthWordAfter(toks, i, 2)
	switch n {
	case "failed", "unavailable", "missing", "exited", "returned", "errored", "succeeded", "timed":
		return true
	case "not", "is", "was", "isn't", "wasn't":
		return n2 == "available" || n2 == "found" || n2 == "installed" || n2 == "supported" || n2 == "missing" ||
			n == "is" && n2 == "not" || n == "was" && n2 == "not"
	}
	return false
}

var callVerbs = set("call", "run", "use", "invoke", "execute", "try", "send", "issue")

// preparedStep: the clause opens at j with an instruction ("verify …",
// "stop the server …") that the "before" phrase ending at i belongs to:
// no clause of its own opens between them ("set X so that the reflector
// breaks in before terminating the host": the reflector's step, not the
// reader's).
func preparedStep(toks []token, j, i int) bool {
	t := toks[j]
	if j >= i || !t.word || t.code || formOf(t.s) != formBase || !baseVerbs[t.s] || clauseOpeners[t.s] {
		return false
	}
	for k := j + 1; k < i; k++ {
		if w := toks[k]; w.word && !w.code && innerClause[w.s] {
			return false
		}
	}
	return true
}

var innerClause = set("so", "that", "which", "who", "when", "until", "because", "while", "where", "whether", "if")

// verbHitMood: the hit is the first word of its clause and a verb form.
func verbHitMood(toks []token, lo, i, hi int, w string) Stance {
	switch formOf(w) {
	case formGerund:
		// "Deleting the lock fixes it" suggests; "Killing node will end the agent" warns.
		if p := prevWord(toks, i); p == "after" || p == "since" || p == "upon" || p == "while" {
			return Mention
		}
		if reservation(toks, i, hi) {
			return Mention // "touching it also works, but I would not rely on that"
		}

		for k := i + 1; k < hi; k++ {
			if prevWord(toks, k) == "to" {
				continue // "Editing mcp.json to fix the server is not picked up": the purpose, not the outcome
			}
			if toks[k].word && (positiveOutcome[toks[k].s] || outcomePhrase(toks, k, toks[i].s)) {
				return Recommend
			}
		}
		return Mention
	case formThird, formPast:
		if passiveModal(toks, i) || ensurePassive(toks, i) >= 0 {
			return Recommend
		}
		return Mention
	}
	if p := prevWord(toks, i); p == "i" || p == "we" || p == "they" || p == "he" || p == "she" || p == "it" {
		return Mention
	}
	if p, q := prevWord(toks, i), prevWord2(toks, i); p == "not" && (q == "will" || q == "would" || q == "does" || q == "did") {
		return Mention // "Will not overwrite the file, if it exists": what a function does
	}
	if p := prevWord(toks, i); p == "would" || p == "will" || p == "'ll" || p == "ll" || p == "might" {
		// a consequence or a hypothesis ("it would kill the server",
		// "would kill pid 42"), unless the speaker offers it ("I would kill it")
		if s := prevWord2(toks, i); s != "i" && s != "we" {
			return Mention
		}
	}
	return Recommend
}

var adviceVerbs = set("recommend", "suggest", "advise", "encourage", "prefer", "propose", "urge")

// adviceBySpeaker: the advice verb at k is the speaker's own, the words
// before it a first person and at most two softeners or modals ("we
// recommend", "I'd suggest", "I would strongly recommend", "strongly
// recommend").
func adviceBySpeaker(toks []token, k int) bool {
	for n, j := 0, k-1; j >= 0 && n < 3; j-- {
		w := toks[j]
		if !w.word {
			if w.s == "'" || w.s == "’" {
				continue
			}
			return false
		}
		n++
		switch w.s {
		case "i", "we", "i'd", "we'd", "i’d", "we’d":
			return true
		case "strongly":
			if n == 1 {
				return true // "strongly recommend restarting": the writer's own urging
			}
		case "would", "'d", "d", "really", "highly", "also", "definitely", "just", "do", "still":
		default:
			return false
		}
	}
	return false
}

// remedyNouns name a cure: "the fix is `…`", "the usual workaround is `…`".
// behaviourSubject: the subject of "… is to <verb>" names what a program
// does by design, not a cure ("Node's default for an unhandled rejection
// is to kill the process", "the watchdog's job is to end hung workers"),
// unless a remedy noun heads it too ("the default fix is to …").
func behaviourSubject(toks []token, j, k int) bool {
	found := false
	for m := j; m < k; m++ {
		if w := toks[m]; w.word && !w.code {
			if remedyNouns[w.s] {
				return false
			}
			found = found || behaviourNouns[w.s]
		}
	}
	return found
}

var behaviourNouns = set("default", "behavior", "behaviour", "job", "purpose", "role", "response",
	"reaction", "design", "convention", "contract", "semantics")

// pluralStatement: between a clause's opening code span and the action a
// plural noun is followed by a verb in its plain form, the clause's
// predicate ("`dotnet build` and `dotnet test` child processes use
// `Process.Kill` on cancellation"): a statement of what things do, which
// an imperative, opening on its verb, never holds.
func pluralStatement(toks []token, from, i int) bool {
	for m := from; m+1 < i; m++ {
		a, b := toks[m], toks[m+1]
		if !a.word || a.code || !b.word || b.code || b.start-a.end != 1 {
			continue
		}
		if len(a.s) > 3 && strings.HasSuffix(a.s, "s") && !strings.HasSuffix(a.s, "ss") && !strings.HasSuffix(a.s, "us") &&
			formOf(a.s) != formThird && formOf(b.s) == formBase && !modals[b.s] {
			return true
		}
	}
	return false
}

var remedyNouns = set("fix", "solution", "workaround", "cure", "remedy", "answer", "trick")

// nextTokenCode: the token after k opens a code span.
func nextTokenCode(toks []token, k int) bool { return k+1 < len(toks) && toks[k+1].code }

// outcomePhrase: the words at k say the failure is cured, in a phrase
// (positiveOutcome holds the single verbs): "sorts it out", "gets things
// moving again", "gets you a clean slate", "brings it back". For an
// action whose purpose is a reload (touch, re-save: hit), a phrase that
// makes the client reload is the outcome sought ("Touching config.toml
// makes the client reload it"); said of an edit, "makes it restart every
// server" warns.
func outcomePhrase(toks []token, k int, hit string) bool {
	w, n1, n2 := toks[k].s, wordAt(toks, k+1), nthWordAfter(toks, k, 2)
	switch w {
	case "sorts", "sort":
		return (n1 == "it" || n1 == "this" || n1 == "things") && n2 == "out"
	case "gets", "get":
		if n1 == "you" {
			n3 := nthWordAfter(toks, k, 3)
			return n2 == "back" || n2 == "unstuck" || n2 == "a" && (n3 == "clean" || n3 == "fresh")
		}
		if (n1 == "things" || n1 == "it") && (n2 == "moving" || n2 == "going" || n2 == "working" || n2 == "unstuck") {
			return true
		}
	case "brings", "bring":
		return n1 == "it" && n2 == "back"
	case "does", "do":
		// "`python -m relay_mcp.cli run` does the same job", "does the trick"
		return n1 == "the" && (n2 == "job" || n2 == "trick" || n2 == "same" && nthWordAfter(toks, k, 3) == "job")
	}
	if !reloadAction(hit) {
		return false
	}
	switch w {
	case "makes", "make", "nudges", "nudge", "forces", "force", "gets", "get", "prompts", "prompt":
		if p := prevWord(toks, k); p == "which" || p == "that" {
			return false // "a hook that runs `touch …`, which makes Passenger restart": what the hook does
		}
		for j, c := k+1, 0; j < len(toks) && c < 5; j++ {
			if !toks[j].word {
				continue
			}
			c++
			switch toks[j].s {
			case "reload", "reloading", "restart", "restarting", "re-read", "reread", "rereading", "reconnect", "reconnecting":
				return true // the outcome sought
			}
		}
	}
	return false
}

// reloadAction: the action word is one whose purpose is to make a
// watcher or client reload (mtime-reload's actions).
func reloadAction(w string) bool {
	switch w {
	case "touch", "touching", "touched", "re-save", "re-saving", "resave", "resaving", "bump", "bumping", "utime", "utimes":
		return true
	}
	return false
}

var positiveOutcome = set("fixes", "fix", "solves", "resolves", "helps", "works", "unsticks",
	"recovers", "clears", "restores", "frees", "unblocks", "resets")

// modalBefore: a modal verb right before token k ("can block").
func modalBefore(toks []token, k, lo int) bool {
	p := prevWord(toks, k)
	return modals[p] || p == "to"
}

// ensurePassive returns the index of "is" or "are" in a clause that
// opens by asking the reader to make a state hold, with the action at i
// as its passive ("Make sure the other server is killed", "Ensure that
// the stale lock is deleted"); -1 for any other clause.
func ensurePassive(toks []token, i int) int {
	be := i - 1
	for be >= 0 && !toks[be].word {
		be--
	}
	if be < 0 || toks[be].code || toks[be].s != "is" && toks[be].s != "are" {
		return -1
	}
	for k, n := be-1, 0; k >= 0 && n < 10; k-- {
		t := toks[k]
		if !t.word {
			if !t.code && (t.s == "." || t.s == ";" || t.s == ":" || t.s == ",") {
				return -1
			}
			continue
		}
		n++
		if t.code {
			continue
		}
		if t.s == "that" {
			continue
		}
		if t.s == "ensure" || t.s == "sure" && (prevWord(toks, k) == "make" || prevWord(toks, k) == "be") {
			if p := prevWord(toks, k); t.s == "ensure" && (p == "i" || p == "we" || p == "it") || t.s == "sure" && (prevWord2(toks, k) == "i" || prevWord2(toks, k) == "we") {
				return -1 // "we make sure it is killed": what the writer does
			}
			return be
		}
	}
	return -1
}

// passiveModal: "must be killed", "should be removed", "needs to be deleted".
func passiveModal(toks []token, i int) bool {
	if prevWord(toks, i) != "be" {
		return false
	}
	j := i - 1
	for j >= 0 && toks[j].s != "be" {
		j--
	}
	p := prevWord(toks, j)
	return modals[p] || p == "to"
}

// mainStart returns the index of the first word of the instruction the
// clause gives: after list markers, labels ("Fix:"), fillers and a leading
// condition ("If it hangs,").
func mainStart(toks []token, lo, i int) int {
	j := lo
	if k := vocativeEnd(toks, lo, i); k > lo {
		j = k // "helper · comment\n@reporter try putting …": whom the reply addresses
	}
	for j < i {
		t := toks[j]
		if !t.word || t.code && t.start < toks[i].start && !t.word {
			j++
			continue
		}
		if t.code {
			return j
		}
		if isNumber(t.s) || len(t.s) == 1 && j+1 < len(toks) && (toks[j+1].s == ")" || toks[j+1].s == ".") {
			j++
			continue
		}
		if k := bareAdverbialEnd(toks, j, i); k > j {
			j = k // "For now you need to kill the process": a time phrase, no comma after it
			continue
		}
		if interjections[t.s] && j+1 < i && !toks[j+1].word && !toks[j+1].code &&
			(toks[j+1].s == "," || toks[j+1].s == "-" || toks[j+1].s == "—" || toks[j+1].s == "!") {
			j += 2 // "Yes - whenever the manifest changes, re-save …": the answer, then the advice
			continue
		}
		if k := introPrepositionEnd(toks, j, i); k > j {
			j = k // "With `vim` you may need to kill it": a setting, then the reader and a modal
			continue
		}
		if (t.s == "instead" && wordAt(toks, j+1) == "of" || t.s == "rather" && wordAt(toks, j+1) == "than" || t.s == "without") && nextComma(toks, j, i) >= 0 {
			j = nextComma(toks, j, i) + 1
			continue
		}
		if subordinators[t.s] && !(t.s == "in" && wordAt(toks, j+1) != "case") && !(t.s == "as" && wordAt(toks, j+1) != "soon") &&
			!(t.s == "should" && wordBefore(toks, lo, j)) {
			// "Should it hang, …" opens a condition; "you should kill it" is a modal
			if k := nextComma(toks, j, i); k >= 0 {
				j = conditionListEnd(toks, k, i) + 1
				continue
			}
			// no comma: the condition may follow the instruction instead
			return i
		}
		if k := introPhraseEnd(toks, j, i); k >= 0 {
			// "To recover, run …", "On macOS, run …", "In that case, run …"
			j = k + 1
			continue
		}
		if k := labelEnd(toks, j, i); k >= 0 && !(formOf(t.s) == formBase && !fillers[t.s] && k > j+1) {
			j = k + 1
			continue
		}
		if obligationFrame(toks, j) {
			j += 2 // "Remember to kill …", "Take care to …": the frame of an instruction
			if t.s == "be" {
				j++ // "Be sure to …", "Be certain to …"
			}
			for j < i && !toks[j].word {
				j++
			}
			continue
		}
		if t.s == "be" && wordAt(toks, j+1) == "able" && wordAt(toks, j+2) == "to" && modals[prevWord(toks, j)] {
			j += 3 // "you should be able to kill processes with that name"
			for j < i && !toks[j].word {
				j++
			}
			continue
		}
		if agentNouns[t.s] && modals[wordAt(toks, j+1)] {
			j++ // "agents can reach …", "the model should call …": the reader, named
			continue
		}
		if (t.s == "the" || t.s == "your" || t.s == "an" || t.s == "any") && agentNouns[wordAt(toks, j+1)] && modals[nthWordAfter(toks, j, 2)] {
			j++ // "the agent may kill …": the determiner of the reader's name
			continue
		}
		if t.s == "have" && wordAt(toks, j+1) == "the" && agentNouns[wordAt(toks, j+2)] {
			j += 3 // "have the agent shell out to …"
			for j < i && !toks[j].word {
				j++
			}
			continue
		}
		if t.s == "free" && prevWord(toks, j) != "feel" {
			return j // "Free the port …" is the verb; "feel free to" is not
		}
		if labelFillers[t.s] && j+1 < len(toks) && toks[j+1].word {
			return j // "Fix the \"unable to lock\" error: …": the verb, not a label
		}
		if fillers[t.s] || modals[t.s] && (t.s != "need" && t.s != "have" || wordAt(toks, j+1) == "to") {
			// "you also need to touch …" obliges as "you must" does
			j++
			continue
		}
		return j
	}
	return i
}

func isNumber(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// thingCan: the clause opens with a determiner and a noun that is no
// reader ("the debugger", "the remote host", "this hook") and a modal of
// ability right before the hit's verb, an adverb allowed: a program's
// capability, not the reader's permission. The agent, the user or the
// operator so named is the reader ("the agent can kill it"), and a
// passive ("the server can be killed") tells the reader how.
func thingCan(toks []token, lo, i int) bool {
	var ws []string
	for k := lo; k < i; k++ {
		if t := toks[k]; t.word {
			if t.code {
				return false
			}
			ws = append(ws, t.s)
		} else if t.s != "*" && t.s != "_" {
			return false // only words between the clause start and the hit
		}
	}
	if len(ws) < 2 || len(ws) > 6 || ws[0] == "any" || ws[0] == "which" {
		return false
	}
	if !determiners[ws[0]] {
		// a plural of things with no determiner: "delete and cleanup
		// skills can remove session files", "hooks can kill it"
		m := slices.IndexFunc(ws, func(w string) bool { return w == "can" || w == "could" || w == "may" || w == "might" })
		if m < 1 || m > 4 || !thingPlurals[ws[m-1]] || len(ws) != m+1 {
			return false
		}
		for _, w := range ws[:m] {
			if agentNouns[w] || readerNouns[w] {
				return false
			}
		}
		return true
	}
	if len(ws) < 3 {
		return false
	}
	m := -1
	for k := 1; k < len(ws); k++ {
		if ws[k] == "can" || ws[k] == "could" || ws[k] == "may" || ws[k] == "might" || ws[k] == "will" {
			m = k
			break
		}
		if agentNouns[ws[k]] || readerNouns[ws[k]] || modals[ws[k]] || baseVerbs[ws[k]] && !nounish[ws[k]] {
			return false
		}
	}
	if m < 2 {
		return false
	}
	rest := ws[m+1:]
	return len(rest) == 0 || len(rest) == 1 && (rest[0] == "then" || rest[0] == "also" || strings.HasSuffix(rest[0], "ly"))
}

// thingPlurals name programs and their parts in the plural, which can be
// a clause's subject without a determiner.
var thingPlurals = set("skills", "tools", "scripts", "commands", "subcommands", "hooks", "plugins", "extensions",
	"utilities", "workflows", "integrations", "daemons", "services", "jobs", "handlers", "routines")

// readerNouns name the person who reads the text.
var readerNouns = set("user", "users", "operator", "operators", "admin", "admins", "administrator",
	"administrators", "developer", "developers", "reader", "readers", "team", "you")

// nounish are base verbs that, after a determiner, name a thing ("the
// host", "the client", "this hook").
var nounish = set("host", "process", "hook", "server", "client", "script", "tool", "service", "watch",
	"lock", "control", "guard", "test", "build", "release", "patch", "switch", "signal", "log", "point", "match")

// nounUse reports whether the verb form at i is used as a noun or a
// modifier: right after a determiner or an -ing word ("the kill
// switch", "reinitializing remove locks"), no instruction can start.
func nounUse(toks []token, i int) bool {
	if i == 0 || !toks[i-1].word || toks[i-1].code {
		return false
	}
	p := toks[i-1].s
	if determiners[p] {
		return true
	}
	return ingWord(p)
}

// verbSlot: the word at j stands where only a verb can: after a modal
// ("agents can reach …") or after "have the agent" ("have the agent shell
// out to …").
func verbSlot(toks []token, j int) bool {
	t := toks[j]
	if !t.word || t.code || determiners[t.s] || objectStarts[t.s] || fillers[t.s] || ingWord(t.s) {
		return false
	}
	p := prevWord(toks, j)
	if modals[p] && p != "have" && p != "has" && p != "need" && p != "needs" && p != "want" && p != "wants" {
		return true
	}
	if agentNouns[p] {
		k := j - 1
		for k >= 0 && !toks[k].word {
			k--
		}
		return wordAt(toks, k-1) == "the" && (prevWord(toks, k-1) == "have" || prevWord(toks, k-1) == "let")
	}
	return false
}

// labelFillers are fillers only as labels ("Fix:", "Workaround -"); before
// a word "fix" is the verb.
var labelFillers = set("fix")

// agentNouns name the reader of agent instructions in the third person.
var agentNouns = set("agent", "agents", "model", "models", "assistant", "assistants", "ai", "llm", "llms", "claude",
	"codex", "copilot", "gemini")

// topicVerbs take an action as their topic, not as a step: documenting or
// explaining how to kill a server does not tell the reader to kill it.
var topicVerbs = set("document", "describe", "explain", "mention", "discuss", "clarify", "note")

// objectStarts open a noun phrase: after a clause's first word they make
// it a verb with its object.
var objectStarts = set("the", "a", "an", "your", "its", "their", "these", "those", "all",
	"any", "every", "each", "my", "our")

// unknownImperative: the clause's first word is not in the verb list but
// reads as an imperative all the same, followed by its object: "Query the
// data through the library API", "Strip the MCP keys from …". A subject
// is followed by its verb, not by a determiner.
func unknownImperative(toks []token, j, i int) bool {
	w := toks[j].s
	if j+1 >= i || formOf(w) != formOther || len(w) < 3 || ingWord(w) || strings.HasSuffix(w, "ed") ||
		strings.HasSuffix(w, "ly") || determiners[w] || objectStarts[w] || fillers[w] || modals[w] || notImperative[w] {
		return false
	}
	for k := j - 1; k >= 0 && toks[k].word; k-- {
		if modals[toks[k].s] || toks[k].s == "you" {
			return false // "you can override the … behavior": the clause is a statement of what can be done
		}
	}
	n := toks[j+1]
	return n.word && !n.code && objectStarts[n.s]
}

// notImperative are clause openers that a determiner may follow without
// being verbs.
var notImperative = set("all", "both", "half", "what", "which", "who", "whom", "how", "why", "where",
	"about", "like", "per", "via", "than", "from", "into", "onto", "upon", "over", "under", "above", "below",
	"across", "through", "throughout", "towards", "toward", "against", "among", "between", "beyond", "inside",
	"outside", "within", "without", "despite", "during", "except", "for", "from", "near", "off", "since",
	"with", "once", "because", "though", "unless", "until", "whether", "while", "and", "but", "nor", "yet",
	"not", "no", "yes", "there", "here", "is", "are", "was", "were", "be", "been", "it", "he", "she", "they",
	"we", "you", "i", "me", "him", "them", "us", "of", "on", "in", "at", "by", "to", "as", "or", "if")

// codeWords counts the words of the code span that starts at token k.
func codeWords(toks []token, k int) int {
	n := 0
	for ; k < len(toks) && toks[k].code; k++ {
		if toks[k].word {
			n++
		}
	}
	return n
}

// ingWord: an -ing form, known verb or not ("attempting").
func ingWord(w string) bool { return strings.HasSuffix(w, "ing") && len(w) > 5 && !notGerunds[w] }

// determiners stand before a noun. They differ from objectStarts on
// purpose: this, that and which also open clauses, so they mark a noun
// phrase only before a word, not after a clause's first word.
var determiners = set("the", "a", "an", "this", "that", "these", "those", "its", "their", "his",
	"her", "our", "each", "every", "any", "which", "whose")

// notGerunds end in -ing but are not verb forms.
var notGerunds = set("during", "nothing", "something", "anything", "everything", "string", "strings",
	"morning", "evening", "spring", "thing", "things", "warning", "warnings", "ceiling", "pudding")

// commandNouns, after a command in code, make the command a modifier:
// "the `Stop-Process` cmdlet", "`pkill` output", "its **WhatIf** behavior".
var commandNouns = set("behavior", "behaviour", "parameter", "parameters", "cmdlet", "cmdlets", "output",
	"option", "options", "alias", "aliases", "documentation", "docs", "page", "manual", "help", "syntax",
	"module", "flag", "flags", "switch", "switches", "exit", "return")

// modifierAfter: the code span holding the hit is followed, past an
// emphasised word, by a noun that the command modifies.
func modifierAfter(toks []token, i, hi int) bool {
	k := codeSpanEnd(toks, i)
	for n := 0; k < hi && n < 2; k++ {
		t := toks[k]
		if !t.word {
			if t.s == "*" || t.s == "_" {
				continue
			}
			return false
		}
		if commandNouns[t.s] {
			return true
		}
		n++
	}
	return false
}

// approvingWords, after a copula that follows the action, permit it.
var approvingWords = set("fine", "ok", "okay", "acceptable", "allowed", "permitted", "safe", "recommended",
	"preferred", "enough", "sufficient", "harmless", "best", "easiest", "simplest", "quickest", "fastest")

// outcomeVerbs, after a modal that follows the action, promise it works.
var outcomeVerbs = set("solve", "fix", "resolve", "help", "work", "unstick", "clear", "restore", "do")

// approvalTitles, after "is the", name the action as the way out: "the
// fix", "the workaround".
var approvalTitles = set("fix", "workaround", "solution", "answer", "way", "remedy", "cure", "trick")

// approved reports whether the action at i is the subject of a clause
// that approves of it: "Running `pkill -f x` is fine here", "falling back
// to the REST API is acceptable", "deleting the lock is the fix". A
// negation before the approval ("is not safe") is a ban, read elsewhere.
func approved(toks []token, i, hi int) bool {
	// the window counts words outside code: a command's own arguments
	// ("`gh api repos/o/r/pulls -f title=…` is fine") do not use it up
	for k, n := i+1, 0; k < hi && n < 14 && k < i+256; k++ {
		t := toks[k]
		if t.code {
			continue
		}
		n++
		if !t.word {
			continue
		}
		if (t.s == "should" || t.s == "will" || t.s == "would") && outcomeVerbs[wordAt(toks, k+1)] {
			return true // "putting this in your .env should solve the problem"
		}
		if t.s != "is" && t.s != "are" && t.s != "'s" && t.s != "works" && t.s != "seems" && t.s != "should" {
			if modals[t.s] || formOf(t.s) == formThird || formOf(t.s) == formPast {
				return false // another verb: the action is not the subject
			}
			continue
		}
		n := k + 1
		for n < hi && toks[n].word && (toks[n].s == "also" || toks[n].s == "usually" || toks[n].s == "perfectly" ||
			toks[n].s == "totally" || toks[n].s == "generally" || toks[n].s == "always" || toks[n].s == "be" || toks[n].s == "completely") {
			n++
		}
		if n >= hi {
			return false
		}
		w := wordAt(toks, n)
		if approvingWords[w] {
			return true
		}
		if w == "the" || w == "a" {
			// "is the fix", "is the quickest way", "is a safe workaround"
			for m, c := n+1, 0; m < hi && c < 3; m++ {
				if !toks[m].word {
					continue
				}
				c++
				if approvalTitles[toks[m].s] {
					return true
				}
			}
		}
		return false
	}
	return false
}

// permittedBefore: the verb at i follows "it's safe to", "it is fine
// to", "it's OK to" or "feel free to" in its clause, an adverb allowed
// ("it is perfectly safe to"): a permission, unless negated ("it is not
// safe to", "never safe to").
func permittedBefore(toks []token, lo, i int) bool {
	if prevWord(toks, i) != "to" {
		return false
	}
	var ws []string
	for k := i - 1; k >= lo && len(ws) < 6; k-- {
		if toks[k].word {
			ws = append(ws, toks[k].s)
		}
	}
	// ws runs backwards from the word before the verb: "to", the approving word, …
	if len(ws) < 3 {
		return false
	}
	if ws[1] == "free" && ws[2] == "feel" {
		return true
	}
	if !approvingWords[ws[1]] {
		return false
	}
	k := 2
	for k < len(ws) && (ws[k] == "perfectly" || ws[k] == "totally" || ws[k] == "usually" || ws[k] == "generally" ||
		ws[k] == "always" || ws[k] == "also" || ws[k] == "completely") {
		k++
	}
	if k < len(ws) && (ws[k] == "not" || ws[k] == "never" || ws[k] == "isn't" || ws[k] == "n't") {
		return false
	}
	return k < len(ws) && (ws[k] == "it's" || ws[k] == "is" && k+1 < len(ws) && (ws[k+1] == "it" || ws[k+1] == "that") ||
		ws[k] == "'s" || ws[k] == "it" || ws[k] == "be")
}

// habitWords between "I"/"we" and a present-tense verb make it a habit
// the writer passes on.
var habitWords = set("usually", "always", "just", "typically", "normally", "often", "generally", "simply", "then")

// habit reports a first-person habit in the present tense before the
// action: "I usually run `killall node`", "we just kill the daemon".
func habit(toks []token, lo, i int) bool {
	for k := lo; k < i; k++ {
		if t := toks[k]; !t.word || t.code || t.s != "i" && t.s != "we" {
			continue
		}
		n := k + 1
		for n < i && toks[n].word && habitWords[toks[n].s] {
			n++
		}
		if n-k < 2 && !(n <= i && toks[n].word && baseVerbs[toks[n].s]) {
			continue
		}
		if n <= i && toks[n].word && !toks[n].code && baseVerbs[toks[n].s] && !modals[toks[n].s] && toks[n].s != "never" && toks[n].s != "avoid" {
			return n-k >= 2 // a habit word is what makes "I run" advice, not a report
		}
	}
	return false
}

// verbBetween reports whether a base verb stands in (j, i), outside code.
func verbBetween(toks []token, j, i int) bool {
	for k := j + 1; k < i; k++ {
		if t := toks[k]; t.word && !t.code && baseVerbs[t.s] && !fillers[t.s] {
			return true
		}
	}
	return false
}

// wordBefore reports whether a word token lies in [lo, j).
func wordBefore(toks []token, lo, j int) bool {
	for k := lo; k < j; k++ {
		if toks[k].word {
			return true
		}
	}
	return false
}

// introPhraseEnd returns the comma that closes an opening phrase at j —
// a purpose ("To recover,"), a prepositional phrase ("On macOS,", "For a
// quick fix,", "In that case,") or a sentence adverb ("Alternatively,",
// "Usually,") — before the hit at i; -1 when the clause opens otherwise.
// The phrase sets the scene; the instruction after the comma decides.
// vocativeEnd: the clause addresses someone by handle before the action
// ("@reporter, kill the relay process", a thread's byline and then
// "@reporter try …"): returns the index just past the last such handle,
// or lo. Whatever stands before the handle (a byline) is no part of the
// instruction.
func vocativeEnd(toks []token, lo, i int) int {
	end := lo
	for k := lo; k+1 < i; k++ {
		if toks[k].s == "@" && !toks[k].code && toks[k+1].word && toks[k].end == toks[k+1].start &&
			(k == lo || toks[k-1].end < toks[k].start) {
			end = k + 2
		}
	}
	return end
}

// introPrepositionEnd: a short prepositional phrase with no comma after
// it, then "you" and a modal ("With `vim` you may need to kill it", "On
// Windows you can end it in Task Manager"): returns the index of "you",
// or -1.
func introPrepositionEnd(toks []token, j, i int) int {
	if !introPrepositions[toks[j].s] || toks[j].code {
		return -1
	}
	for k, n := j+1, 0; k < i && n <= 5; k++ {
		t := toks[k]
		if !t.word {
			if !t.code && t.s != "'" && t.s != "\"" && t.s != "-" && t.s != "." {
				return -1 // a comma or a clause's end: introPhraseEnd's, or no phrase
			}
			continue
		}
		if t.s == "you" && !t.code && modals[wordAt(toks, k+1)] {
			return k
		}
		n++
	}
	return -1
}

// interjections open a reply before its advice ("Yes - …", "OK, …").
var interjections = set("yes", "yeah", "yep", "no", "nope", "ok", "okay", "sure", "right", "well", "hi", "hello", "thanks")

var introPrepositions = set("on", "for", "in", "at", "with", "from", "under", "inside", "within", "during", "via")

func introPhraseEnd(toks []token, j, i int) int {
	w := toks[j].s
	if !introWords[w] && !(strings.HasSuffix(w, "ly") && len(w) > 4 && !baseVerbs[w]) {
		return -1
	}
	n := 0
	for k := j; k < i; k++ {
		t := toks[k]
		if t.code {
			continue
		}
		if t.s == "," {
			// only before an instruction: "By default, `pkill` sends
			// SIGTERM" opens a statement
			if n > 8 || k+1 > i {
				return -1
			}
			nx := toks[k+1]
			if nx.code && codeWords(toks, k+1) > 1 {
				return k // "For a quick fix, `touch manage.py` after saving": a command with its arguments
			}
			if nx.code && baseVerbs[nx.s] && !finiteAfter(toks, codeSpanEnd(toks, k+1), len(toks)) {
				return k // "To make the watcher reload, `touch` the sentinel": the command used as the verb
			}
			if nx.code || !nx.word || !(baseVerbs[nx.s] || fillers[nx.s] || modals[nx.s]) {
				return -1
			}
			return k
		}
		if t.s == ";" || t.s == "." || t.s == ":" {
			return -1
		}
		if t.word {
			n++
		}
	}
	return -1
}

// midSubordinators open, inside a clause, a condition or reason that
// is not the instruction itself.
var midSubordinators = set("when", "whenever", "if", "unless", "because", "since", "while",
	"although", "though", "whereas")

// introWords open a phrase that can stand before an instruction.
var introWords = set("to", "on", "for", "in", "at", "with", "from", "under", "inside", "within",
	"during", "per", "via", "across", "by", "here", "there", "sometimes",
	"occasionally", "again", "now", "also", "otherwise", "alternatively", "besides", "meanwhile",
	"instead", "often", "typically", "generally", "normally", "usually", "mostly", "locally",
	"afterwards", "afterward", "next", "finally", "lastly", "first", "second", "third", "then")

func nextComma(toks []token, j, i int) int {
	for k := j; k < i; k++ {
		if !toks[k].code && (toks[k].s == "," || toks[k].s == ":" || toks[k].s == "—") {
			return k
		}
	}
	return -1
}

// futureOfOther: the action at i is the predicate of "will" or "would"
// whose subject is a thing, not the reader or the writer ("It will then
// `touch …`", "the recipe will kill the old workers"): a forecast of what
// it does.
func futureOfOther(toks []token, lo, i int) bool {
	k := i - 1
	for k > lo && toks[k].code && toks[i].code {
		k--
	}
	for k > lo && (!toks[k].word || toks[k].s == "then" || toks[k].s == "also" || toks[k].s == "automatically" || toks[k].s == "now") {
		if !toks[k].word && toks[k].s != "*" && toks[k].s != "_" {
			return false
		}
		k--
	}
	if k <= lo || toks[k].code || toks[k].s != "will" && toks[k].s != "would" {
		return false
	}
	switch subj := prevWord(toks, k); subj {
	case "it", "this", "that", "which", "he", "she", "they":
		return subj != "they" || prevWord2(toks, k) != "and"
	}
	return false
}

// stepCommandAfterColon: the hit is in a code span that follows a colon
// closing an imperative ("Remove the lock file if there is one: `rm
// …`"): the span is the command of that step, whatever condition the
// step carries.
func stepCommandAfterColon(toks []token, lo, i int) bool {
	if !toks[i].code {
		return false
	}
	k := i
	for k > lo && toks[k-1].code {
		k--
	}
	if k <= lo+1 || toks[k-1].code || toks[k-1].s != ":" {
		return false
	}
	j := mainStart(toks, lo, k-1)
	if j >= k-1 || !toks[j].word || toks[j].code {
		return false
	}
	return formOf(toks[j].s) == formBase && !modals[toks[j].s] && !topicVerbs[toks[j].s] && toks[j].s != "see" && !fillers[toks[j].s]
}

// remedyTimeClause: the action at i is the reader's, in a time clause
// whose main clause says the failure ends ("… only goes away once you
// rm relay.pid.lock", "the hang clears after you run pkill -f relay"):
// the action is presented as the cure, as "deleting it fixes it" is.
func remedyTimeClause(toks []token, lo, i int) bool {
	k := i - 1
	for k > lo && (toks[k].code || !toks[k].word) {
		k-- // back over the command's code span
	}
	if k > lo && runVerbs[toks[k].s] && formOf(toks[k].s) == formBase {
		k-- // "once you run …"; "after you ran …" reports
	}
	for k > lo && !toks[k].word {
		k--
	}
	if k <= lo || toks[k].s != "you" {
		return false
	}
	sub := prevWord(toks, k)
	if sub != "once" && sub != "after" && sub != "when" && sub != "as" {
		return false
	}
	m := k - 1
	for m > lo && toks[m].s != sub {
		m--
	}
	if sub == "as" && !(wordAt(toks, m-1) == "soon" && prevWord(toks, m-1) == "as") {
		return false // only "as soon as"
	}
	if sub == "as" {
		m -= 2
	}
	var before []string
	for j, n := m-1, 0; j >= lo && n < 3; j-- {
		if toks[j].word && !toks[j].code {
			before = append([]string{toks[j].s}, before...)
			n++
		}
	}
	phrase := " " + strings.Join(before, " ")
	for _, o := range []string{" goes away", " go away", " disappears", " disappear", " clears", " clears up",
		" is fixed", " is resolved", " is gone", " works again", " work again", " resolves"} {
		if strings.HasSuffix(phrase, o) || strings.HasSuffix(phrase, o+" only") || strings.HasSuffix(phrase, o+" immediately") {
			return true
		}
	}
	return false
}

// obligationFrame: the clause opens with an imperative that frames the
// instruction after it ("Remember to …", "Be sure to …", "Be certain to
// …", "Take care to …"); "Make sure to …" reads through fillers.
func obligationFrame(toks []token, j int) bool {
	switch toks[j].s {
	case "remember":
		return wordAt(toks, j+1) == "to"
	case "be":
		n := wordAt(toks, j+1)
		return (n == "sure" || n == "certain") && wordAt(toks, j+2) == "to"
	case "take":
		return wordAt(toks, j+1) == "care" && wordAt(toks, j+2) == "to"
	}
	return false
}

// logTagEnd returns the token after the bracketed tag that opens a log
// line in code ("[store] breaking stale lock: …", "[WARN] …"): one or two
// words between '[' and ']' at lo; lo where there is none.
// inLogTag: the word at i sits inside the bracketed tag that opens a log
// line ("[reset] removed lock file", "[kill-stale] …").
func inLogTag(toks []token, lo, i int) bool {
	if lo >= i || toks[lo].s != "[" || toks[lo].code {
		return false
	}
	for k := lo + 1; k < i; k++ {
		if !toks[k].word && toks[k].s != "-" && toks[k].s != "_" && toks[k].s != ":" {
			return false
		}
	}
	for k, n := i+1, 0; k < len(toks) && n < 3; k++ {
		switch {
		case toks[k].s == "]":
			return true
		case toks[k].word:
			n++
		case toks[k].s != "-" && toks[k].s != "_" && toks[k].s != ":":
			return false
		}
	}
	return false
}

func logTagEnd(toks []token, lo, i int) int {
	if lo >= i || toks[lo].s != "[" || toks[lo].code {
		return lo
	}
	for k, n := lo+1, 0; k < i && n < 3; k++ {
		switch {
		case toks[k].s == "]":
			return k + 1
		case toks[k].word:
			n++
		case toks[k].s != "-" && toks[k].s != "_" && toks[k].s != ":":
			return lo
		}
	}
	return lo
}

// conditionListEnd returns the comma that closes a leading condition
// whose predicates are a list: in "If the tools fail, time out or are
// unavailable, use the CLI", the comma at k after "fail" only separates
// the list's items, whose last one ("or are unavailable") still has the
// condition's subject; the instruction starts after the next comma. k is
// returned where the words after it are no such list.
func conditionListEnd(toks []token, k, i int) int {
	next := nextComma(toks, k+1, i)
	if next < 0 || toks[k].s != "," || toks[next].s != "," {
		return k
	}
	words := 0
	for m := k + 1; m < next; m++ {
		t := toks[m]
		if t.code {
			return k
		}
		if !t.word {
			continue
		}
		if words++; words > 8 {
			return k
		}
		if (t.s == "or" || t.s == "and") && m+1 < next {
			switch n := wordAt(toks, m+1); {
			case n == "is" || n == "are" || n == "was" || n == "were" || n == "isn't" || n == "aren't":
				return next
			case formOf(n) == formThird || formOf(n) == formPast:
				return next // "…, hangs or returns errors, …"
			}
		}
	}
	return k
}

// labelEnd: up to five words followed by ':' ("User Action:", "Option A:").
func labelEnd(toks []token, j, i int) int {
	n := 0
	for k := j; k < i && k < j+12; k++ {
		t := toks[k]
		if t.code {
			return -1
		}
		if t.s == ":" {
			if n == 0 {
				return -1
			}
			return k
		}
		if t.word {
			n++
			if n > 5 {
				return -1
			}
		} else if t.s != "*" && t.s != "_" && t.s != "(" && t.s != ")" && t.s != "-" && t.s != "/" && !strings.HasPrefix(t.s, "\xe2") {
			return -1
		}
	}
	return -1
}

// shellWords open a command line even outside code spans.
var shellWords = set("lsof", "ps", "pgrep", "netstat", "ss", "fuser", "kill", "pkill", "killall",
	"taskkill", "sudo", "xargs", "rm", "touch", "curl", "wget", "sed", "nano", "vim", "vi",
	"docker", "systemctl", "npm", "npx", "node", "python", "python3", "jq", "sqlite3",
	"get-process", "stop-process", "remove-item", "wsl", "bash", "sh", "zsh", "pwsh", "cp", "mv",
	"echo", "cat", "grep", "tee", "chmod", "pidof", "launchctl", "kubectl", "nohup")

// commandStart: the clause opens with a shell command, or is a pipeline.
func commandStart(toks []token, j, hi int, proseUnit bool) bool {
	if toks[j].word && shellWords[toks[j].s] {
		if proseUnit && statementAfter(toks, j+1, hi) {
			return false // "pkill -f kills the shell that runs it"
		}
		// "lsof -ti :7890", "$ sudo killall apt", not "Bash tool timeout"
		prompt := j > 0 && toks[j-1].s == "$" && (j == 1 || !toks[j-2].word)
		if !proseUnit || prompt || j+1 < len(toks) && (argLike(toks[j+1]) || (toks[j].s == "sudo" || toks[j].s == "xargs") && shellWordOrKill(toks[j+1].s)) {
			return true
		}
	}
	if proseUnit && !toks[j].code && !(toks[j].word && shellWords[toks[j].s]) {
		// "the server clears the port by running `lsof … | xargs kill`":
		// a pipeline inside a sentence that opens with prose
		return false
	}
	for k := j; k < hi; k++ {
		// outside code, a bar in prose is a table border or an "or"
		if (toks[k].s == "|" || toks[k].s == "&" && k+1 < hi && toks[k+1].s == "&") && (toks[k].code || !proseUnit) {
			return true
		}
	}
	return false
}

// statementAfter: a known third-person verb follows in the clause, outside
// code: the command is the subject of a statement.
func statementAfter(toks []token, k, hi int) bool {
	for ; k < hi && k < len(toks); k++ {
		t := toks[k]
		if !t.word || t.code {
			continue
		}
		if midSubordinators[t.s] || t.s == "that" || t.s == "which" || t.s == "who" || t.s == "until" || t.s == "and" || t.s == "or" {
			return false // "pkill -f x if it hangs": the verb belongs to another clause
		}
		if formOf(t.s) == formThird && t.s != "has" || t.s == "are" {
			return true
		}
	}
	return false
}

func shellWordOrKill(w string) bool {
	return shellWords[w] || w == "killall" || w == "pkill" || w == "kill" || w == "taskkill"
}

// markedBad: a line that opens with a cross mark shows a bad example.
func markedBad(s string) bool {
	s = strings.TrimLeft(s, " \t-*>|0123456789.)")
	return strings.HasPrefix(s, "❌") || strings.HasPrefix(s, "⛔") || strings.HasPrefix(s, "🚫") ||
		strings.HasPrefix(s, "✗") || strings.HasPrefix(s, "✘") || strings.HasPrefix(s, "×")
}

// inCondition reports whether token i sits in a leading condition ("If
// pkill does not help, …") that a comma closes before the instruction.
func inCondition(toks []token, lo, i, hi int) bool {
	first := -1
	for k := lo; k < i; k++ {
		if toks[k].word && !toks[k].code {
			first = k
			break
		}
		if toks[k].code {
			return false
		}
	}
	// "as" opens a time clause only as "as soon as"
	asSoonAs := toks[max(first, 0)].s == "as" && wordAt(toks, first+1) == "soon" && wordAt(toks, first+2) == "as"
	if first < 0 || !subordinators[toks[first].s] || toks[first].s == "in" || toks[first].s == "as" && !asSoonAs || toks[first].s == "should" || toks[first].s == "where" {
		return false
	}
	if nextComma(toks, first, i) >= 0 {
		return false // the condition closed before the hit
	}
	for k := i + 1; k < hi; k++ {
		if !toks[k].code && toks[k].s == "," {
			if k+1 < hi {
				return true // an instruction follows the comma
			}
			break // the comma ends the clause ("…, although …")
		}
	}
	// no comma: "When I kill -9 my GUI process the lock stays behind" —
	// a subject right before the hit, and a finite verb after its object,
	// whose subject is something else
	if p := subjectBefore(toks, i); p == "i" || p == "you" || p == "we" || p == "they" || p == "someone" {
		for k := i + 1; k < hi; k++ {
			if t := toks[k]; t.word && !t.code && (formOf(t.s) == formThird || formOf(t.s) == formPast || t.s == "is" || t.s == "are" || t.s == "was" || t.s == "were") && k > i+1 {
				return true
			}
		}
	}
	return false
}

// subjectBefore returns the word before the action at i that may be its
// subject: the word right before it, or, where the action is a command
// run by a verb ("When I run `kill -HUP …` the app …"), the word before
// that verb.
func subjectBefore(toks []token, i int) string {
	k := i - 1
	for k >= 0 && toks[k].code && toks[i].code {
		k-- // the words of the command's code span before the hit
	}
	for k >= 0 && !toks[k].word && (toks[k].s == "*" || toks[k].s == "_" || toks[k].code) {
		k--
	}
	if k < 0 || !toks[k].word {
		return ""
	}
	if runVerbs[toks[k].s] {
		return prevWord(toks, k)
	}
	return toks[k].s
}

// runVerbs run a command named after them.
var runVerbs = set("run", "ran", "use", "used", "type", "typed", "execute", "executed", "try", "tried", "do", "did", "call", "called")

// futurePassive: the verb at i is a past participle right after "will
// be" or "would be" ("Process will be terminated when you use the 'go'
// command"): a forecast of what happens, not a step.
func futurePassive(toks []token, i int) bool {
	if i <= 0 || !toks[i].word || !(formOf(toks[i].s) == formPast || strings.HasSuffix(toks[i].s, "ed")) || prevWord(toks, i) != "be" {
		return false
	}
	j := i - 1
	for j >= 0 && toks[j].s != "be" {
		j--
	}
	p := prevWord(toks, j)
	return p == "will" || p == "would" || p == "'ll"
}

// commandNamesOnly: the unit is nothing but two or more code spans of
// one word each, joined by "or", "and", commas or slashes ("`kill` or
// `killall`"): a list of names, as examples of what a page documents; no
// command is run without what it acts on.
func commandNamesOnly(u *Unit) bool {
	if len(u.Code) < 2 || u.Kind != Prose {
		return false
	}
	at := 0
	for _, sp := range u.Code {
		gap := strings.Trim(strings.TrimSpace(u.Text[at:sp.Start]), ",/")
		if gap != "" && gap != "or" && gap != "and" {
			return false
		}
		if name := strings.Trim(u.Text[sp.Start:sp.End], "`"); name == "" || strings.ContainsAny(name, " \t") {
			return false
		}
		at = sp.End
	}
	return strings.TrimSpace(strings.Trim(u.Text[at:], ".;,")) == ""
}

// descriptionField: the folded line is a field labelled as a
// description ("Description: Kill a running shell process. Use this to
// …"), as tool listings and references give one: its value says what
// the tool or command does, like a doc comment.
// helpEntry: the line (from its start; at is the hit's offset in it) is
// an entry of a command's help text: a command or option name of one to
// three words, then a dash or a run of two or more spaces, then what it
// does, where the hit sits ("  steady sweep    - Find and kill orphaned
// processes", "  -k, --kill   Kill the server on exit"). A label that
// offers a remedy ("Fix:  kill it") is no entry.
func helpEntry(line string, at int) bool {
	if at > maxHelpEntry {
		return false // an entry's words stand near its line's start; a long line is a message
	}
	line = line[:min(len(line), at+1)] // the entry up to the hit: a one-line file's line is the file
	if strings.IndexByte(line, '\n') >= 0 {
		return false
	}
	body := strings.TrimLeft(line, " \t")
	indent := len(line) - len(body)
	if remedyLabel(body) {
		return false
	}
	words, k := 0, 0
	for k < len(body) && words < 3 {
		e := k
		for e < len(body) && body[e] != ' ' && body[e] != '\t' {
			c := body[e]
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || strings.IndexByte("-_./:<>[]=,|", c) >= 0) {
				return false // not a name ("Kill the server")
			}
			e++
		}
		if e == k {
			return false
		}
		words++
		gap := e
		for gap < len(body) && (body[gap] == ' ' || body[gap] == '\t') {
			gap++
		}
		rest := body[gap:]
		sep := 0
		switch {
		case strings.HasPrefix(rest, "- "), strings.HasPrefix(rest, "– "), strings.HasPrefix(rest, "— "):
			sep = strings.IndexByte(rest, ' ') + 1
		case gap-e >= 2 || body[gap-1] == '\t':
		default:
			k = gap // one space: the name goes on
			continue
		}
		from := indent + gap + sep
		// the hit in the entry's first sentence: "access denied - path
		// outside the roots. To fix this, add …" is a message, not an entry
		return from <= at && !strings.Contains(line[from:at], ". ") && !strings.Contains(line[from:at], "; ")
	}
	return false
}

// maxHelpEntry is how far into its line a help entry's hit may stand.
const maxHelpEntry = 240

func descriptionField(line string) bool {
	line = strings.TrimLeft(line, " \t-*+•>_")
	for _, l := range []string{"description:", "description**:", "description__:", "desc:", "what it does:", "what it does**:"} {
		if strings.HasPrefix(line, l) {
			return true
		}
	}
	return false
}

// argLike: a token that reads as a command-line argument: a flag, a path,
// a variable or a pipe.
func argLike(t token) bool {
	switch t.s {
	case "-", "/", "~", "$", ".", "|", "<", ">", ":", "*":
		return true
	}
	return false
}

// metadataKey: a front matter key whose value names or files the page
// (title, aliases, tags …), as opposed to one that may instruct, such as
// a rule's description.
func metadataKey(k string) bool {
	switch k {
	case "title", "name", "aliases", "alias", "tags", "keywords", "slug", "id", "author", "authors",
		"category", "categories", "layout", "permalink", "sidebar_label", "module name", "external help file",
		"online version", "locale", "schema", "ms.date", "ms.topic", "ms.service", "ms.author", "date", "version":
		return true
	}
	return false
}
