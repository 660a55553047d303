package rules

import "strings"

// The word lists the stance classifier reads. They are small, closed and
// lower-case (text is folded before it is read).

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// baseVerbs are verbs that open an instruction in their base form.
var baseVerbs = union(set(
	"run", "use", "execute", "exec", "call", "type", "enter", "invoke", "issue", "kill", "terminate",
	"stop", "start", "restart", "reload", "reconnect", "relaunch", "delete", "remove", "rm", "edit",
	"update", "change", "modify", "set", "unset", "add", "put", "write", "replace", "rewrite",
	"overwrite", "clear", "reset", "touch", "bump", "re-save", "resave", "save", "open", "close",
	"check", "verify", "ensure", "make", "fix", "try", "fall", "bypass", "curl", "post", "send",
	"import", "create", "copy", "cp", "move", "mv", "rename", "raise", "increase", "lower",
	"decrease", "merge", "keep", "find", "identify", "look", "wait", "get", "go", "navigate", "click",
	"select", "choose", "quit", "exit", "ask", "tell", "report", "return", "review", "confirm", "see",
	"read", "install", "configure", "register", "nuke", "force", "free", "release", "purge", "wipe",
	"drop", "truncate", "empty", "regenerate", "recreate", "follow", "do", "let", "give", "press",
	"hit", "apply", "list", "show", "inspect", "test", "retry", "rerun", "repeat", "resume", "switch",
	"toggle", "disable", "enable", "export", "source", "append", "insert", "paste", "mark", "note",
	"unlink", "del", "erase", "discard", "cleanup", "clean", "reinstall", "flush", "end", "signal",
	"sigkill", "drain", "refresh", "point", "swap", "re-add", "readd", "clone", "deploy", "build",
	"reboot", "unstick", "unlock", "rotate", "patch", "adjust", "correct", "tweak", "manually",
	"prefer", "consider", "avoid", "skip", "match", "print", "block", "reject", "flag", "detect",
	"catch", "prevent", "deny", "guard", "describe", "explain", "quote", "mention", "warn", "log",
	"emit", "trigger", "handle", "cause", "lose", "destroy", "corrupt", "disconnect", "hang", "crash",
	"fail", "work", "require", "depend", "expect", "contain", "include", "accept", "take", "spawn",
	"respawn", "watch", "own", "hold", "leave", "receive", "forward", "belong", "exist", "happen",
	"mean", "allow", "permit", "forbid", "ban", "protect", "lock", "load", "parse", "store", "track",
	"manage", "control", "sweep", "name", "fold", "scan", "classify", "judge", "decide", "count",
	"answer", "cover", "talk", "reach", "connect", "reconnect", "ssh", "attach", "detach", "cd", "sign",
	"launch", "shut"),
	// not verbs, but they open an instruction as a verb does ("Never run …",
	// "Please delete …", "First remove …"), and the mood reads them so
	clauseOpeners)

// formStems are verbs whose inflected forms formOf reads ("breaking",
// "restored") beside baseVerbs: the rules' action verbs (editVerbs,
// stateVerbs) that are not in baseVerbs because their base form opens
// no instruction the mood should read ("break;" in code, "Split view").
var formStems = set("break", "restore", "specify", "populate", "fill", "uncomment", "re-enable", "reenable",
	"re-create", "strip", "wrap", "split", "comment")

// verbStem: w is a verb whose forms formOf reads.
func verbStem(w string) bool { return baseVerbs[w] || formStems[w] }

// clauseOpeners open an instruction in a verb's place.
var clauseOpeners = set("never", "always", "please", "first")

// irregular verb forms that are not base forms.
var pastForms = set(
	"ran", "sent", "wrote", "made", "took", "got", "did", "was", "were", "had", "went",
	"said", "told", "found", "kept", "left", "gave", "began", "chose", "done", "written",
	"been", "known", "shown", "seen", "taken", "given", "forgot", "forgotten", "broke",
)

var thirdPersonIrregular = set("is", "has", "does", "goes", "says")

// modals that turn a following base verb into permission or obligation.
var modals = set("can", "could", "may", "might", "should", "must", "shall", "will",
	"would", "need", "needs", "have", "has", "ought", "want", "wants", "'ll", "ll", "got")

// fillers are skipped when looking for the first word of an instruction.
var fillers = set("then", "just", "simply", "please", "now", "also", "first", "finally",
	"next", "optionally", "or", "and", "quickly", "manually", "immediately", "still",
	"again", "afterwards", "afterward", "later", "safely", "carefully", "always",
	"only", "so", "even", "instead", "alternatively", "else", "otherwise", "lastly",
	"secondly", "thirdly", "step", "option", "tip", "note", "hint",
	"quick", "fix", "workaround", "solution", "recovery", "action", "user", "hard",
	"force", "soft", "to", "you", "safe", "safer", "ok", "okay", "fine", "do", "this",
	"it's", "it", "is", "free", "feel", "best", "easiest", "simplest", "fastest",
	"usual", "common", "standard", "recommended", "remedy", "way", "emergency",
	"nuclear", "last", "resort", "optional", "required", "must", "mandatory", "important",
	"you'll", "you'd", "want", "wants", "sure", "make", "either",
)

// subordinators open a condition or time clause that precedes the
// instruction it governs: "If it hangs, run ...".
var subordinators = set("if", "when", "whenever", "once", "after", "before", "unless",
	"while", "in", "as", "should", "where", "until")

// doubleNeg are verbs that, negated, recommend what follows:
// "don't forget to kill it", "never hesitate to pkill".
var doubleNeg = set("forget", "hesitate", "skip", "fail", "neglect", "omit", "miss", "overlook")

// postBan are words that, after the action in its clause, ban it:
// "killing processes is forbidden", "... is not a valid recovery".
var postBan = []string{
	" is forbidden", " are forbidden", " is banned", " are banned", " is prohibited",
	" are prohibited", " is not allowed", " are not allowed", " is not permitted",
	" are not permitted", " is not a valid", " are not valid", " is not an option",
	" is never", " are never", " is a bad idea", " is an anti-pattern", " is dangerous",
	" is unsafe", " must never", " should never", " must not", " should not",
	" is not ok", " is not okay", " is not acceptable", " not allowed", " forbidden",
	" is disallowed", " are disallowed", " is not safe", " isn't allowed", " isn't safe",
	" is off-limits", " are off-limits", " is off limits",
}

// accidentWords mark an action as something that happened, not advice.
var accidentWords = set("accidentally", "inadvertently", "mistakenly", "unintentionally", "accidental")

// reportVerbs introduce advice that someone else gave, quoted or reported:
// "documentation that tells agents to run pkill".
var reportVerbs = set("tells", "told", "suggests", "suggested", "proposes", "proposed",
	"recommends", "recommended", "advises", "advised", "asks", "asked", "wrote", "says",
	"said", "claims", "claimed", "instructs", "instructed", "encourages", "encouraged",
	"mentions", "mentioned", "quotes", "quoted", "blocks", "blocked", "rejects",
	"rejected", "flags", "flagged", "detects", "detected", "catches", "prevents",
	"prevented", "denies", "denied", "guards", "reports", "reported", "lists",
	"describes", "described", "explains", "matches", "matched", "forbids")

// banLabel reports whether a heading, label, lead-in or column header marks
// what it introduces as forbidden or bad.
func banLabel(s string) bool {
	if s == "" {
		return false
	}
	l := fold(s).s
	for _, cue := range banLabelCues {
		if containsWord(l, cue) {
			if cue == "avoid" && (containsWord(l, "to avoid") || containsWord(l, "helps avoid")) {
				continue
			}
			if (cue == "never" || cue == "don't" || cue == "do not") && symptomNegation(l, cue) {
				continue // "Tools never appear after login" describes a failure
			}
			return true
		}
	}
	if strings.Contains(s, "❌") || strings.Contains(s, "⛔") || strings.Contains(s, "🚫") ||
		strings.Contains(s, "✗") || strings.Contains(s, "✘") {
		// a cross marks a bad example, except where it marks a failure
		// being reported: "❌ Error: address already in use"
		return !hasAnyWord(l, []string{"error", "errors", "failed", "failure", "fails", "problem", "issue",
			"symptom", "exception", "not found", "cannot", "can't", "unable", "crash", "crashed"})
	}
	return false
}

// symptomNegation: the negation has a subject of its own before it ("tools
// never appear", "the server does not start"): it reports a symptom.
func symptomNegation(l, cue string) bool {
	k := strings.Index(l, cue)
	if k <= 0 {
		return false
	}
	before := strings.Fields(strings.Trim(l[:k], " *_#:-"))
	if len(before) == 0 {
		return false
	}
	switch before[len(before)-1] {
	case "you", "we", "i", "agents", "agent", "should", "must", "things", "what", "to", "and", "or", "please",
		"ai", "assistants", "models", "llms":
		return false
	}
	return true
}

var banLabelCues = []string{
	"never", "don't", "dont", "don'ts", "donts", "do not", "must not", "should not",
	"forbidden", "prohibited", "banned", "not allowed", "anti-pattern", "anti-patterns",
	"antipattern", "antipatterns", "avoid", "bad", "wrong", "incorrect", "mistakes",
	"pitfalls", "dangerous", "not to", "never run", "blocked", "disallowed", "unsafe",
	"deny", "denied", "do-not", "don’t", "off-limits", "off limits", "what not",
	"no-go", "nope", "not permitted", "not safe", "harmful", "destructive",
}

// goodLabel reports whether a label marks what follows as the right way.
func goodLabel(s string) bool {
	if strings.Contains(s, "✅") || strings.Contains(s, "✔") || strings.Contains(s, "👍") {
		return true
	}
	l := fold(s).s
	for _, cue := range []string{"do this instead", "instead", "safe", "safer", "good",
		"correct", "recommended", "better", "preferred", "right way", "do this", "do:"} {
		if containsWord(l, cue) {
			return true
		}
	}
	return false
}

// containsWord reports whether phrase occurs in s at word boundaries.
func containsWord(s, phrase string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], phrase)
		if j < 0 {
			return false
		}
		j += i
		before := j == 0 || !isWordByte(s[j-1])
		end := j + len(phrase)
		after := end >= len(s) || !isWordByte(s[end])
		if before && after {
			return true
		}
		i = j + 1
	}
}

// mentionLabel reports headings and labels under which text reports what
// happened or what was found rather than telling the reader what to do.
func mentionLabel(s string) bool {
	l := fold(s).s
	if hasAnyWord(l, mentionCues) && !procedureTitle(l) {
		return true
	}
	return isVersionHeading(l)
}

// procedureTitle: a title that, beside a report's word, names what to do
// ("Incident response runbook", "Root cause and fix"): the steps under it
// are the procedure, not the record.
func procedureTitle(l string) bool {
	return hasAnyWord(l, []string{"runbook", "playbook", "response", "procedure", "fix", "fixes", "solution",
		"solutions", "resolution", "remediation", "recovery", "workaround", "what to do"})
}

// mentionLabelOnly adds cues that mark a report only as a bold label
// ("**Description:**"), not as a heading, where they often title a procedure.
func mentionLabelOnly(s string) bool {
	return mentionLabel(s) || hasAnyWord(fold(s).s, []string{"description", "location",
		"status", "symptom", "symptoms", "error", "output", "cause"})
}

// labelledValue: the paragraph before a code block is a field — a label
// and its value on one line ("**Status:** ✅ CONFIRMED") — which says
// something of its own and does not caption the block under it; a value
// that ends in a colon does introduce it.
func labelledValue(before, label string) bool {
	b := strings.TrimSpace(strings.Trim(lastLine(before), "*_ "))
	l := strings.TrimSpace(strings.Trim(label, "*_ "))
	rest, ok := strings.CutPrefix(b, l)
	// "**Cause**: the launcher ran this:" still captions the block
	return ok && !strings.Contains(before, "\n") && strings.TrimSpace(strings.Trim(rest, "*_:")) != "" &&
		!strings.HasSuffix(b, ":")
}

// introduces: the paragraph before a list introduces it — it ends in a
// colon, points at what follows ("the following", "below"), or is a
// label without a full stop. "Never run `pkill` on MCP servers." is a
// rule of its own: the list after it is not its scope.
func introduces(p string) bool {
	t := strings.TrimRight(strings.TrimSpace(p), "*_ ")
	if strings.HasSuffix(t, ":") || !strings.HasSuffix(t, ".") && !strings.HasSuffix(t, "!") {
		return true
	}
	// a short ban over a list ("Never do this.", "Avoid these.") is its
	// label; a rule with its own object ("Never run pkill on MCP servers.")
	// is not
	return len(strings.Fields(t)) <= 4 || hasAnyWord(fold(t).s, []string{"following", "below", "these", "this list"})
}

// syntaxLabel: a short line that labels the block under it as a command's
// syntax ("Syntax", "User-Mode Syntax:", "**Syntax**").
func syntaxLabel(s string) bool {
	l := strings.Trim(fold(s).s, " *_`:.")
	return strings.HasSuffix(l, "syntax") && len(strings.Fields(l)) <= 4
}

// conditionHeading: a heading that names a failure as a condition ("When
// a registry tool times out", "If the server hangs").
func conditionHeading(h string) bool {
	l := strings.Trim(fold(h).s, " *_`#")
	return (strings.HasPrefix(l, "when ") || strings.HasPrefix(l, "if ")) && hasAnyWord(l, failureCues)
}

// referenceSection: the headings are a command's reference page (its
// title is the command alone: "Stop-Process", "systemctl kill") and a
// section of it that describes the command — DESCRIPTION, NOTES,
// PARAMETERS — where "you can pass a process to Stop-Process" says what
// the command accepts, not what to do. Its EXAMPLES still recommend.
func referenceSection(hs []string) bool {
	if len(hs) < 2 || !commandTitle(hs[0]) {
		return false
	}
	for _, h := range hs[1:] {
		switch strings.Trim(fold(h).s, " *_`:.") {
		case "description", "detailed description", "synopsis", "notes", "aliases", "parameters",
			"inputs", "outputs", "remarks", "options", "related links":
			return true
		}
	}
	return false
}

// commandTitle: a page title that is a command's name, alone or with one
// subcommand ("kill", "Stop-Process", "systemctl kill", "`.kill`").
func commandTitle(h string) bool {
	f := strings.Trim(fold(h).s, " *_`")
	words := strings.Fields(f)
	if len(words) == 0 || len(words) > 2 {
		return false
	}
	for _, w := range words {
		for _, c := range w {
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
				return false
			}
		}
	}
	return true
}

// descriptionColumn: a table column whose cells say what the row's
// subject does or means ("What it does", "Description"), not what to do.
func descriptionColumn(h string) bool {
	switch strings.Trim(fold(h).s, " *_`:.") {
	case "what it does", "what does it do", "what they do", "description", "purpose", "meaning",
		"explanation", "effect", "what happens":
		return true
	}
	return false
}

var mentionCues = []string{"finding", "audit", "incident", "changelog", "change log",
	"release notes", "postmortem", "post-mortem", "evidence", "root cause", "observed",
	"what happened", "timeline", "example output", "expected output", "transcript",
	"impacted file", "lessons learned", "see also", "related links", "related topics", "related content",
	"related articles", "steps to reproduce", "reproduction steps", "to reproduce", "repro steps", "how to reproduce"}

func hasAnyWord(s string, cues []string) bool {
	for _, c := range cues {
		if containsWord(s, c) {
			return true
		}
	}
	return false
}

// isVersionHeading matches changelog headings such as "2.0.0", "[1.4.2] - 2026-01-02"
// or "v0.9".
func isVersionHeading(l string) bool {
	l = strings.TrimLeft(l, "[ v")
	if l == "" || l[0] < '0' || l[0] > '9' {
		return false
	}
	dots, i := 0, 0
	for ; i < len(l); i++ {
		c := l[i]
		if c == '.' {
			dots++
			continue
		}
		if c >= '0' && c <= '9' {
			continue
		}
		break
	}
	if dots == 1 && i+1 < len(l) && l[i] == ' ' && l[i+1] >= 'a' && l[i+1] <= 'z' {
		return false // "5.1 Stuck sessions": a section's number, not a release
	}
	return dots >= 1 && !strings.Contains(l[:min(len(l), 6)], ". ")
}

// union is the set of words in any of the sets.
func union(sets ...map[string]bool) map[string]bool {
	out := map[string]bool{}
	for _, m := range sets {
		for w := range m {
			out[w] = true
		}
	}
	return out
}
