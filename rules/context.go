package rules

import (
	"path"
	"regexp"
	"slices"
	"strings"
)

// recoveryCues mark text about getting out of a failure.
var recoveryCues = []string{"stale", "stuck", "wedged", "hang", "hangs", "hung", "hanging", "freeze",
	"frozen", "freezes", "disconnect", "disconnected", "disconnects", "transport closed", "eof",
	"not responding", "stops responding", "stopped responding", "unresponsive", "crash", "crashed",
	"crashes", "crashing", "fail", "fails", "failed", "failing", "failure", "error", "errors",
	"broken", "reconnect", "recover", "recovery", "recovering", "fix", "fixes", "fixing",
	"workaround", "unstick", "troubleshoot", "troubleshooting", "timed out",
	"times out", "timing out", "can't authenticate", "cannot authenticate", "unable to authenticate", "won't start", "doesn't start", "does not start", "not working",
	"will not start", "won't open", "will not open", "doesn't open", "does not open", "won't launch", "will not launch",
	"doesn't launch", "does not launch",
	// "If problems persist:", "if the error persists"
	"problems persist", "problem persists", "issue persists", "issues persist", "error persists", "errors persist",
	"doesn't work", "does not work", "401", "403", "unauthorized", "invalid", "expired",
	"conflict", "conflicts", "already in use", "emergency", "repair", "went wrong", "goes stale",
	"symptom", "symptoms", "not found", "unable to", "cannot connect", "can't connect", "refused",
	"rotation", "unreachable", "is down", "are down", "missing", "quick fix",
	// a server the client no longer finds or reaches
	"cannot reach", "can't reach", "unable to reach", "could not reach", "couldn't reach", "stops reaching",
	"stopped reaching", "no longer reaches", "no longer reach", "cannot find", "can't find", "could not find",
	"couldn't find", "enoent",
	"quick fixes", "known issues", "common issues", "common problems", "lockout", "locked out",
	"resolution", "resolve", "resolving", "loop", "loops", "looping", "persist", "persists",
	// a step offered as the cure: "putting this in your .env should solve the problem"
	"solve the problem", "solves the problem", "solved the problem", "solve the issue", "solves the issue",
	"solved the issue", "solve this", "solves this", "solved this", "solves it", "solved it",
	// a server or its tools that never show up in the client
	"doesn't show up", "does not show up", "don't show up", "do not show up", "not showing up",
	"not show up", "never shows up", "never show up", "never appears", "never appear", "not appearing",
	"not picked up", "isn't picked up", "aren't picked up", "not detected", "not recognized", "not recognised",
	"still cannot", "still can't", "still fails", "still failing", "still not", "still doesn't", "still does not",
	"still isn't", "still is not", "still won't", "still don't", "still do not",
	"looks wrong", "look wrong", "seems wrong", "seem wrong", "is wrong", "are wrong",
	// a server that does not return after a restart or an outage
	"won't come back", "will not come back", "doesn't come back", "does not come back", "never comes back",
	"isn't working", "is not working", "stopped working", "stop answering", "stops answering", "stopped answering",
	// a client that does not see its server
	"doesn't see", "does not see", "can't see", "cannot see", "not seeing", "isn't seeing"}

// weakRecoveryCues mark recovery only where nothing frames the text as
// setup: "add the entry and restart the client" is installation.
var weakRecoveryCues = []string{"restart", "restarts", "restarting", "reload", "reloads", "reloading"}

// weakRecovery: folded text l holds a weak recovery cue that is not the
// restart which applies a change ("restart the server after changing
// it", "reload the window to apply the new settings", "after editing the
// file, restart the client"): that restart ends a setup step.
func weakRecovery(l string) bool {
	if !hasAnyWord(l, weakRecoveryCues) {
		return false
	}
	return hasAnyWord(applyingChange.ReplaceAllString(l, " "), weakRecoveryCues)
}

// applyingChange: a restart or reload named as the way a change takes
// effect, the change after it or before it.
var applyingChange = regexp.MustCompile(`\b(?:restart|restarts|restarting|reload|reloads|reloading)\b(?:[^.;:!?]{0,40}?)\b(?:(?:after|once|when|whenever)(?: +[^ .;:!?]+){0,2}? +(?:changing|editing|updating|setting|modifying|adding|saving|changes?|edits?|updates?)|to +(?:apply|pick +up|load|take +effect))\b` +
	`|\b(?:after|once)(?: +[^ .;:!?]+){0,2}? +(?:changing|editing|updating|setting|modifying|adding|saving)\b[^.;:!?]{0,60}?\b(?:restart|restarts|restarting|reload|reloads|reloading)\b` +
	`|\b(?:changes?|edits?|updates?|settings?) +(?:take|takes) +effect +(?:only +)?(?:after|on|upon) +(?:a +)?(?:restart|reload)`)

// setupCues mark text about installing or configuring for the first time.
var setupCues = []string{"setup", "set up", "set-up", "install", "installation", "installing",
	"getting started", "get started", "quick start", "quickstart", "onboarding", "first time",
	"prerequisites", "configure", "configuration", "configuring", "register", "registering",
	"adding", "initial", "create", "creating", "uninstall", "uninstalling", "usage"}

// sentence-level setup cues are stricter: "configuration" there is often
// the file being edited.
var sentenceSetupCues = []string{"setup", "set up", "install", "installation", "installing",
	"getting started", "onboarding", "first time", "initially", "prevents", "prevent"}

// runtimeCues mark a failure of the agent's runtime or session itself, not
// of the code it works on: stricter than recoveryCues, for actions (a
// workflow's own state file) that are routine outside such a failure.
var runtimeCues = []string{"stale", "stuck", "wedged", "hang", "hangs", "hung", "hanging", "frozen", "freezes",
	"disconnect", "disconnected", "transport closed", "eof", "not responding", "unresponsive",
	"crash", "crashed", "crashes", "corrupt", "corrupted", "recover", "recovery", "recovering",
	"unstick", "locked out", "lockout", "out of sync", "desync", "reconnect", "is down", "are down", "was down",
	"goes down", "went down"}

// recoveryVerdict reads one level of context: +1 recovery, -1 setup, 0 silent.
func recoveryVerdict(text string, setup, cues []string) int {
	if text == "" {
		return 0
	}
	l := withoutCreation(fold(text).s)
	if hasAnyWord(l, cues) && !hasAnyWord(l, []string{"prevent", "prevents", "preventing", "avoid"}) {
		return 1
	}
	if hasAnyWord(l, setup) {
		return -1
	}
	return 0
}

// creationPhrases say a file is made when it is not there yet ("create the
// file if missing"): setting up, not a failure to recover from.
var creationPhrases = []string{"if missing", "when missing", "if it is missing", "if it's missing",
	"if the file is missing", "if the file does not exist", "if it does not exist", "if it doesn't exist"}

// withoutCreation blanks the creation phrases of folded text l, and the
// conditions that a piece of a file is not there yet ("if the `firebase`
// entry is missing or incorrect, add it"): the step adds what is missing,
// which is setting up.
func withoutCreation(l string) string {
	if !strings.Contains(l, "missing") && !strings.Contains(l, "exist") {
		return l
	}
	for _, p := range creationPhrases {
		l = strings.ReplaceAll(l, p, " ")
	}
	if strings.Contains(l, "missing") {
		l = missingPart.ReplaceAllString(l, " ")
		l = missingCredential.ReplaceAllString(l, " ")
	}
	return l
}

// missingCredential: "if credentials are still missing", "if
// `LUMA_API_KEY` is missing": a key, token or credential not given yet,
// which the step that sets it sets up.
var missingCredential = regexp.MustCompile("\\bif +(?:[^ .,;:]+ +){0,3}`?(?:credentials?|api +keys?|keys?|tokens?|secrets?|[a-z0-9_]+_(?:key|token|secret))`? +(?:is|are) +(?:still +)?missing")

// missingPart: "if the X entry is missing", "if your config's key is
// missing or wrong": a part of a file named as absent.
var missingPart = regexp.MustCompile(`\bif +(?:the|your|its|this|that|a|an) +(?:[^ .,;:]+ +){0,3}(?:entry|entries|key|keys|section|block|field|setting|line|file|config|configuration) +(?:is|are) +missing(?: +or +(?:incorrect|wrong|outdated|invalid))?`)

// inRecovery reports whether the segment is a recovery step: its sentence,
// its list item or table row, its lead-in, or its section is about getting
// out of a failure, and no nearer level frames it as setup.
func (v *view) inRecovery(seg *segment) bool {
	return v.recoveryBy(seg, recoveryCues, titleRecoveryCues, true, true)
}

// inRuntimeRecovery is inRecovery with the stricter runtime cues.
func (v *view) inRuntimeRecovery(seg *segment) bool {
	return v.recoveryBy(seg, runtimeCues, runtimeCues, false, false)
}

// recoveryBy reads the levels of context with cues for the segment's own
// text and sentence, and titles for what a heading, label or file name
// says; withWeak lets the weak cues (restart, reload) decide where
// nothing else does, and opening the failure a headless document opens
// on (DocFacts.OpensOnFailure).
// contextLevel is one level of a segment's context as recoveryBy reads
// it: its text, the setup cues that frame it as setup, and whether it is
// a label that names what follows a remedy ("Solution:", "Fix:").
type contextLevel struct {
	text   string
	setup  []string
	remedy bool
}

func (v *view) recoveryBy(seg *segment, cues, titles []string, withWeak, opening bool) bool {
	c := v.u.Ctx
	own, prose := seg.text(), seg.prose()
	if seg.kind == segCommand {
		own, prose = "", "" // a command's words (a heredoc's EOF) say nothing about why it runs
	}
	levels := []contextLevel{
		{text: own},
		{text: prose, setup: sentenceSetupCues},
		{text: seg.caption, setup: sentenceSetupCues},
	}
	if c.ListItem || c.Column != "" || v.u.Kind == CodeBlock {
		levels = append(levels, contextLevel{text: strings.Join(c.Row, " "), setup: sentenceSetupCues})
	}
	if c.ListItem && v.u.Kind != CodeBlock || v.u.Kind == StringLit {
		// a list item, or a message in code ("Error: … Please remove it
		// from your configuration."), is read whole
		levels = append(levels, contextLevel{text: v.u.Text, setup: sentenceSetupCues})
	}
	if v.u.Kind == Prose && !c.ListItem && c.Column == "" && seg.start > 0 {
		// the sentences of the paragraph before this one: "It looks like
		// the client cannot find your uv install. Can you put the full
		// path into the config?" names the failure the request answers
		levels = append(levels, contextLevel{text: v.f.s[:seg.start], setup: sentenceSetupCues})
	}
	// a bold step title ("**Increase the timeout in the server's
	// configuration:**") is a sentence, not a section label
	labelSetup := setupCues
	if strings.Count(strings.TrimSpace(c.Label), " ") >= 4 || imperativeTitle(c.Label) {
		// "**Reset the OpCode configuration:**" is a step, not a section
		// called configuration
		labelSetup = sentenceSetupCues
	}
	nSentence := len(levels)
	levels = append(levels, contextLevel{text: c.Label, setup: labelSetup, remedy: remedyLabel(fold(c.Label).s)})
	if v.u.Kind == StringLit && c.Holder != "" {
		// a message under a key named for a remedy ({fix: "…"},
		// fix_command="…") is the fix, as under a "Fix:" label
		levels = append(levels, contextLevel{remedy: RemedyName(c.Holder)})
	}
	for _, t := range []string{c.Before, c.LeadIn} {
		setup := setupCues
		if imperativeTitle(lastLine(t)) {
			setup = sentenceSetupCues // "Reset the client configuration:" introduces steps
		}
		levels = append(levels, contextLevel{text: t, setup: setup, remedy: remedyLabel(fold(lastLine(t)).s)})
	}
	for i := len(c.Headings) - 1; i >= 0; i-- {
		setup := setupCues
		switch {
		case stepTitle(c.Headings[i]):
			setup = nil // "3. Install it yourself" is a step of the section above it
		case imperativeTitle(c.Headings[i]):
			setup = sentenceSetupCues // "Update the MCP configuration" is a step, not a section called configuration
		}
		if remedyTitle(c.Headings[i]) {
			return true // "Solution: a minimal working configuration" titles a fix
		}
		levels = append(levels, contextLevel{text: c.Headings[i], setup: setup})
	}
	levels = append(levels, contextLevel{text: fileTitle(c.Path), setup: nil})
	weak := false
	for n, l := range levels {
		cs := cues
		if n >= nSentence {
			cs = titles
		}
		if l.remedy {
			return true // "**Solution:**" above the step: the step is the fix
		}
		switch recoveryVerdict(l.text, l.setup, cs) {
		case 1:
			return true
		case -1:
			return false
		}
		if l.text != "" && weakRecovery(fold(l.text).s) {
			weak = true
		}
	}
	if opening && v.u.Kind != StringLit && v.u.Kind != Comment && v.u.Ctx.Doc.OpensOnFailure() {
		return true // a thread or note that opens on the failure its steps answer
	}
	return weak && withWeak
}

// stepTitle: a heading that numbers a step or an option of the section
// above it ("3. Install it yourself", "Step 2: …", "Option A: …",
// "Solution 1: global install").
func stepTitle(h string) bool {
	l := strings.TrimSpace(fold(h).s)
	if l != "" && l[0] >= '0' && l[0] <= '9' {
		return true
	}
	for _, p := range []string{"step ", "option ", "solution ", "fix ", "method ", "approach ", "alternative "} {
		if strings.HasPrefix(l, p) {
			rest := strings.TrimSpace(l[len(p):])
			if rest != "" && (rest[0] >= '0' && rest[0] <= '9' || len(rest) > 1 && rest[1] == ':' || len(rest) == 1) {
				return true
			}
		}
	}
	return false
}

// remedyTitle: a heading that opens by naming itself a remedy ("Solution:
// a minimal configuration", "Fix: reset the cache", "Workaround - pin the
// version").
func remedyTitle(h string) bool { return remedyLabel(fold(h).s) }

// remedyLabel: folded text that opens with a label naming a remedy —
// "Fix:", "Solution: …", "Workaround - …", or "Fix" alone — the one
// list of remedy labels that headings, segments and code-block lead-ins
// read.
func remedyLabel(l string) bool {
	l = strings.TrimLeft(l, " *_#>-")
	for _, p := range []string{"quick fix", "fix", "solution", "workaround", "resolution", "remedy", "try"} {
		rest, ok := strings.CutPrefix(l, p)
		if !ok {
			continue
		}
		rest = strings.TrimLeft(rest, " *_")
		rest = dropOrdinal(rest) // "Solution 3: …", "Fix #2 - …", "Workaround B: …"
		// alone, only "Fix" labels a remedy: a heading "Solution" titles a design
		if rest == "" && p == "fix" || strings.HasPrefix(rest, ":") || strings.HasPrefix(rest, "- ") || strings.HasPrefix(rest, "— ") {
			return true
		}
	}
	return false
}

// dropOrdinal removes the number or letter that numbers a remedy among
// others ("3", "#2", "B", "2)") from the start of l, when a label's ':'
// or dash follows it.
func dropOrdinal(l string) string {
	r := strings.TrimPrefix(l, "#")
	n := 0
	for n < len(r) && r[n] >= '0' && r[n] <= '9' {
		n++
	}
	if n == 0 && len(r) > 1 && r[0] >= 'a' && r[0] <= 'z' && (r[1] == ':' || r[1] == ')' || r[1] == ' ') {
		n = 1 // a letter: "option b", "solution a"
	}
	if n == 0 {
		return l
	}
	r = strings.TrimLeft(strings.TrimPrefix(r[n:], ")"), " *_")
	if strings.HasPrefix(r, ":") || strings.HasPrefix(r, "- ") || strings.HasPrefix(r, "— ") {
		return r
	}
	return l
}

// imperativeTitle: a label that opens with a verb is a step's title
// ("Reset the client configuration:").
func imperativeTitle(l string) bool {
	f := strings.Fields(fold(l).s)
	return len(f) > 1 && baseVerbs[f[0]] && !clauseOpeners[f[0]]
}

// titleRecoveryCues are recoveryCues and the words that mark a whole
// section, label or file as being about failures, though in a sentence
// they say little: "Server startup problems", "Solutions",
// "KNOWN_BUGS.md", "windows-issues.md".
//
// In a sentence "timeout" names a setting; as a title, the failure. The
// singular "Problem" and "Solution" title a design doc's sections as
// often as a fix, so only the plurals count.
var titleRecoveryCues = append(slices.Clip(recoveryCues), "timeout", "timeouts", "problems", "solutions", "issues", "bugs", "errors",
	"error codes", "faq", "workarounds", "gotchas", "pitfalls", "nothing else works", "start over",
	"if all else fails", "last resort", "start fresh", "fresh start", "still not working",
	// the way taken when the main one fails
	"fallback", "fall back", "fallback solution", "plan b")

// fileTitle is a file's base name as words ("known bugs md"), read as the
// outermost title of its text; "" for names that say nothing.
func fileTitle(p string) string {
	b := strings.ToLower(path.Base(strings.ReplaceAll(p, "\\", "/")))
	if b == "." || b == "/" {
		return ""
	}
	return strings.Map(func(r rune) rune {
		if r == '_' || r == '-' || r == '.' {
			return ' '
		}
		return r
	}, b)
}

// fallbackCues mark going around the tools.
var fallbackCues = []string{"fall back", "fallback", "fall-back", "falls back", "falling back", "bypass",
	"bypassing", "workaround", "work around", "circumvent", "go around", "instead of the tool",
	"instead of the mcp", "instead of using the tool", "instead of calling the tool",
	"only if failed", "if failed", "tools are down", "tool is down", "tools fail", "tool fails",
	"no server in between", "without the tool", "without the tools", "without mcp", "without the mcp", "skip the mcp",
	"skip the tools", "skip the sdk"}

// weakFallbackCues mark a way around something: around the tools only
// where the same sentence names a tool or MCP, or a failing one.
var weakFallbackCues = []string{"instead", "yourself", "straight", "for now", "stop-gap", "stopgap",
	"in the meantime", "until the fix", "until it is fixed", "until that is fixed", "until that is sorted",
	"last resort", "rather than waiting", "directly",
	// after a preference for the tool: "prefer the MCP tool; otherwise …"
	"otherwise"}

// weakFallback: the folded text holds a weak fallback cue, not counting
// "straight" where something skips or jumps ahead ("clients can skip
// straight to tools/list": a protocol step left out, not a way around).
func weakFallback(l string) bool {
	if !hasAnyWord(l, weakFallbackCues) {
		return false
	}
	if strings.Contains(l, "straight") {
		for _, p := range []string{"skip straight", "skips straight", "jump straight", "jumps straight", "go straight to the point", "straight away"} {
			l = strings.ReplaceAll(l, p, " ")
		}
		return hasAnyWord(l, weakFallbackCues)
	}
	return true
}

// failureCues mark a tool or server that is failing.
var failureCues = []string{"fail", "fails", "failed", "failing", "unavailable", "down", "missing",
	"times out", "timed out", "timing out", "not responding", "unresponsive", "eof",
	"can't authenticate", "cannot authenticate", "unable to authenticate",
	"transport closed", "closed", "stale", "broken", "disconnected", "not working", "isn't working",
	"aren't working", "stopped working", "stops working", "stop working", "stop answering", "stops answering",
	"stopped answering", "stop responding", "stops responding", "stopped responding",
	"doesn't work", "does not work", "hangs", "hung", "stuck", "errors out", "errored",
	"freezes", "frozen",
	// the plural verbs after what fails ("When the MCP tools hang, …",
	// "Should the server crash, …"); alone, "a crash" or "a hang" may be
	// any program's
	"tools hang", "servers hang", "server hang", "calls hang", "requests hang", "clients hang", "client hang",
	"tools crash", "servers crash", "server crash", "tool crash", "clients crash", "client crash",
	"erroring", "not available", "isn't available", "not exposed", "isn't exposed",
	"can't start", "cannot start", "won't start", "rejects", "refuses",
	"keeps failing", "empty result", "crashes", "crashed", "can't connect", "cannot connect",
	"errors with", "returns an error", "throws", "with a timeout",
	"fails to connect", "not loaded", "is missing", "are missing",
	"not answering", "isn't answering", "unreachable", "not reachable", "isn't reachable",
	"cannot reach", "can't reach", "unable to reach", "could not reach", "couldn't reach"}

// fallbackLabel: folded text that opens with a label naming a fallback —
// "fallback:", "rest fallback:", "api fallback —" — so what follows is the
// way around.
func fallbackLabel(l string) bool {
	l = strings.TrimLeft(l, " *_-#>")
	k := strings.Index(l, "fallback")
	if k < 0 || k > 16 || strings.Count(l[:k], " ") > 2 {
		return false
	}
	rest := strings.TrimLeft(l[k+len("fallback"):], " *_")
	return strings.HasPrefix(rest, ":") || strings.HasPrefix(rest, "—") || strings.HasPrefix(rest, "- ")
}

// inFallback reports whether a raw API call is presented as a way around
// the tools.
func (v *view) inFallback(seg *segment, h hit) bool {
	s := seg.text()
	if toolFailing(s) {
		return true
	}
	// a fallback cue, or "directly" after the API action ("curl the API
	// directly"), counts where the text is about the tools, not scraping,
	// tests or SDKs
	cue := hasAnyWord(withoutHeaders(s), fallbackCues) || strings.Contains(s[h.start-seg.start:], "directly")
	if cue && (hasAnyWord(s, toolWords) || v.aboutTools()) {
		return true
	}
	if weakFallback(s) && (hasAnyWord(withoutLocators(s), []string{"mcp", "tool", "tools"}) || namedToolFailing(v.f.s) ||
		v.u.Ctx.Doc.MCP() && hasAnyWord(s, failureCues) && hasAnyWord(s, []string{"server", "client", "connector", "integration", "connection"}) ||
		toolFailing(fold(strings.Join(v.u.Ctx.Headings, " ")).s) || toolFailing(fold(v.u.Ctx.Before).s)) {
		return true // "use `gh api` instead of waiting for the MCP server"
	}
	c := v.u.Ctx
	// around the segment, a fallback cue counts when it is about the tools
	// or the API ("fall back to bf16" is not)
	aboutTools := []string{"tool", "tools", "mcp", "api", "curl", "rest", "http", "server", "endpoint"}
	if fallbackLabel(s) || c.Label != "" && fallbackLabel(fold(c.Label).s) {
		// a label of the "Fallback:" or "**REST fallback:**" form names
		// the step after it as the way around
		return true
	}
	if seg.intro != nil && v.inFallback(seg.intro, hit{start: seg.intro.start, end: seg.intro.start}) {
		// "call the REST API yourself instead of the gateway:" over the
		// command it introduces
		return true
	}
	for _, t := range []string{seg.caption, c.Label, c.Before, c.LeadIn} {
		l := fold(t).s
		if hasAnyWord(l, fallbackCues) && hasAnyWord(l, aboutTools) || toolFailing(l) {
			return true
		}
	}
	if v.u.Kind == CodeBlock {
		// the sentence that introduces the commands says what they are
		// for: a tool that errors and the REST API "instead", or, in a
		// document about MCP, a broken connector, client or server and a
		// weak fallback cue ("yourself", "directly")
		l := fold(lastLine(c.Before)).s
		if weakFallback(l) && (hasAnyWord(withoutLocators(l), []string{"mcp", "tool", "tools"}) ||
			v.u.Ctx.Doc.MCP() && hasAnyWord(l, failureCues) && hasAnyWord(l, []string{"server", "client", "connector", "integration", "connection"})) {
			return true
		}
	}
	// the rest of a list item, a table row and its column say when the
	// step applies: "| curl the API | the tool call errored |"
	for _, t := range []string{c.Column, strings.Join(c.Row, " "), itemText(c, v.u)} {
		if toolFailing(fold(t).s) {
			return true
		}
	}
	for i := len(c.Headings) - 1; i >= 0 && i >= len(c.Headings)-2; i-- {
		l := fold(c.Headings[i]).s
		// a heading that names the fallback ("When the fallback applies")
		// over a sentence that goes straight to the API names its purpose
		if hasAnyWord(l, fallbackCues) && (hasAnyWord(l, aboutTools) || weakFallback(s)) || toolFailing(l) ||
			hasAnyWord(l, []string{"transport", "eof", "mcp"}) && hasAnyWord(l, failureCues) {
			return true
		}
	}
	if pageFile(c.Path) && c.Doc.ToolFails() {
		// a page that opens on a tool failing ("**Context:** the vault MCP
		// tool fails for the host"): its "use the API directly" and the
		// commands under such a heading are the way around it (a code
		// file's header says so through the scanner: shscan's fallback)
		if cue || weakFallback(s) {
			return true
		}
		if n := len(c.Headings); n > 0 {
			if l := fold(c.Headings[n-1]).s; weakFallback(l) || hasAnyWord(l, fallbackCues) {
				return true
			}
		}
	}
	return false
}

// pageFile: the path names a page of prose (Markdown, text, rules files),
// not source code or data: a page opens with what it is about.
func pageFile(p string) bool {
	switch strings.ToLower(path.Ext(p)) {
	case "", ".md", ".mdx", ".mdc", ".markdown", ".txt", ".rst":
		return true
	}
	return strings.HasPrefix(path.Base(p), ".") && !strings.Contains(path.Base(p)[1:], ".") // .cursorrules, .windsurfrules
}

// namedToolFailing: the text says in words that a tool or MCP fails ("the
// relay tool sometimes hangs"); identifiers alone do not count here, since
// a long unit holds many.
func namedToolFailing(l string) bool {
	return hasAnyWord(l, failureCues) && hasAnyWord(l, []string{"tool", "tools", "mcp"})
}

// itemText is the whole text of a list item unit, "" for other units.
func itemText(c Context, u *Unit) string {
	if c.ListItem {
		return u.Text
	}
	return ""
}

// toolWords name the agent's tools.
var toolWords = []string{"tool", "tools", "mcp", "transport", "namespace"}

// aboutTools: the unit or its headings speak of the agent's tools.
func (v *view) aboutTools() bool {
	c := v.u.Ctx
	return hasAnyWord(v.f.s, toolWords) || hasAnyWord(fold(strings.Join(c.Headings, " ")+" "+c.LeadIn+" "+c.Label+" "+c.Before).s, toolWords)
}

// toolFailing: the text speaks of a tool, an MCP server or its transport
// failing ("if the MCP tool fails", "when gitea_merge_pr times out").
func toolFailing(l string) bool {
	// a tool call named by its identifier and failing: "if tracker_init
	// errors, …"
	fs := strings.Fields(l)
	for k, w := range fs {
		w = strings.Trim(w, "`'\",.:;()")
		if strings.Contains(w, "_") && k+1 < len(fs) && (fs[k+1] == "errors" || fs[k+1] == "errors," || fs[k+1] == "fails" || fs[k+1] == "fails,") {
			return true
		}
	}
	if !hasAnyWord(l, failureCues) {
		return false
	}
	if strings.ContainsAny(l, "/=?") && !hasAnyWord(withoutLocators(l), failureCues) {
		// the words of a URL, a path or a query ("pulls?state=closed")
		// say nothing about anything failing
		return false
	}
	if hasAnyWord(l, []string{"tool", "tools", "mcp", "transport", "namespace", "runtime"}) {
		return true
	}
	// a tool call named by its identifier: gitea_whoami, github_create_pr
	for _, w := range strings.Fields(l) {
		w = strings.Trim(w, "`'\",.:;()")
		if strings.Count(w, "_") >= 1 && !strings.ContainsAny(w, "/=$") && len(w) > 4 {
			// ($MCP_API_KEY is a variable, no tool)
			return true
		}
	}
	return false
}

// withoutHeaders drops HTTP header names from a command's text: the
// "bypass" of -H "X-Dev-Bypass: true" names a header, not a way around
// the tools.
func withoutHeaders(l string) string {
	if !strings.Contains(l, "-h ") && !strings.Contains(l, "--header") {
		return l
	}
	fs := strings.Fields(l)
	for k, f := range fs {
		name := strings.TrimLeft(f, "\"'")
		if strings.HasSuffix(name, ":") && strings.Count(name, "-") >= 1 && k > 0 {
			if p := fs[k-1]; p == "-h" || p == "--header" || strings.HasPrefix(p, "--header=") {
				fs[k] = ""
			}
		}
	}
	return strings.Join(fs, " ")
}

// withoutLocators drops the fields of l that are URLs, paths or query
// strings.
func withoutLocators(l string) string {
	fs := strings.Fields(l)
	out := fs[:0]
	for _, f := range fs {
		if !strings.ContainsAny(f, "/=?") {
			out = append(out, f)
		}
	}
	return strings.Join(out, " ")
}

// clientWords name MCP clients and servers.
var clientWords = []string{"mcp", "claude code", "claude desktop", "claude.json", "codex", "cursor",
	"windsurf", "cline", "gemini cli", "mcpservers", "mcp_servers", "desktop config", "client config",
	"roo code", "mcp.json"}

// agentFile: a file written for a coding agent to follow (AGENTS.md,
// CLAUDE.md, cursor and windsurf rules, a skill): its reader runs inside a
// client, so a server it toggles in "settings.json" is the client's.
func agentFile(p string) bool {
	b := strings.ToLower(path.Base(strings.ReplaceAll(p, "\\", "/")))
	switch b {
	case "agents.md", "agent.md", "claude.md", "gemini.md", "skill.md", "copilot-instructions.md",
		".cursorrules", ".windsurfrules", ".clinerules", ".roorules":
		return true
	}
	return strings.HasSuffix(b, ".mdc") || strings.HasSuffix(b, ".instructions.md") || strings.HasSuffix(b, ".prompt.md")
}

// aboutClients reports whether the segment, its unit, its context or its
// file name is about MCP clients or servers, so that "the config" means
// one of their configuration files.
func (v *view) aboutClients(seg *segment) bool {
	if v.client == 0 {
		v.client = 2
		c := v.u.Ctx
		all := v.f.s + " " + fold(strings.Join(c.Headings, " ")+" "+c.LeadIn+" "+c.Label+" "+c.Before).s
		if hasAnyWord(all, clientWords) || strings.Contains(all, "mcp") || strings.Contains(strings.ToLower(c.Path), "mcp") ||
			agentFile(c.Path) && hasAnyWord(v.f.s, []string{"the server", "a server", "servers", "server entry"}) {
			// an agent's instructions that edit a server in a
			// settings file edit the agent's client's servers
			v.client = 1
		}
	}
	if v.client == 2 && v.u.Ctx.Doc.Client() {
		v.client = 1
	}
	return v.client == 1
}
