package rules

import "strings"

// Stance is what a text does with an action it names.
type Stance uint8

const (
	// Recommend tells or permits the reader to do it: the only finding.
	Recommend Stance = iota
	// Prohibit bans it.
	Prohibit
	// Mention describes, reports, asks or quotes it.
	Mention
)

func (s Stance) String() string {
	return [...]string{"recommend", "prohibit", "mention"}[s]
}

// clauseBounds returns the token range [lo, hi) of the clause around
// token i. A clause ends at ';', at a sentence end, at ':' or a dash
// followed by a new instruction, and at but / however / instead /
// otherwise / then.
func clauseBounds(toks []token, i int) (lo, hi int) {
	lo = 0
	for j := i - 1; j >= 0; j-- {
		if isBoundary(toks, j) {
			lo = j + 1
			break
		}
	}
	hi = len(toks)
	for j := i + 1; j < len(toks); j++ {
		if isBoundary(toks, j) {
			hi = j
			break
		}
	}
	if p, q := parenthetical(toks, lo, i, hi); p >= 0 {
		return p + 1, q
	}
	return lo, hi
}

// parenthetical returns the bounds of an aside in parentheses that opens
// with the word at i used as a verb on a pronoun ("Make sure its mtime
// moved (`touch` it if needed)", "(kill them if they hang)"): a clause of
// its own, the instruction inside it not the sentence's statement. A list
// of commands in parentheses ("(pkill, killall)") is no clause. -1 when
// there is none.
func parenthetical(toks []token, lo, i, hi int) (int, int) {
	p := -1
	for j, depth := i-1, 0; j >= lo; j-- {
		if toks[j].code {
			continue
		}
		switch toks[j].s {
		case ")":
			depth++
		case "(":
			if depth == 0 {
				p = j
			}
			depth--
		}
		if p >= 0 {
			break
		}
	}
	if p < 0 || p+1 >= len(toks) {
		return -1, -1
	}
	first := p + 1
	for first < i && !toks[first].word {
		first++
	}
	if first != i {
		return -1, -1
	}
	next := i + 1
	for next < hi && toks[next].code {
		next++ // the rest of a code span that holds the command
	}
	if next >= hi || (toks[next].s != "it" && toks[next].s != "them") {
		return -1, -1
	}
	for j := i + 1; j < hi; j++ {
		if toks[j].s == ")" && !toks[j].code {
			return p, j
		}
	}
	return -1, -1
}

func isBoundary(toks []token, j int) bool {
	t := toks[j]
	if t.code {
		return false
	}
	switch t.s {
	case ";":
		return true
	case "?", "!":
		// a question ends before the next sentence in one comment line:
		// "# Still seeing 409 Conflict? Put the new token in .env first:"
		return j > 0 && j+1 < len(toks) && toks[j-1].end == t.start && toks[j+1].word && toks[j+1].start > t.end
	case ":", "—", "-", "→", "=":
		if t.s == "-" || t.s == "=" {
			// a free-standing hyphen between words, not a flag or a range
			if j == 0 || j+1 >= len(toks) || toks[j-1].end == t.start || toks[j+1].start == t.end {
				return false
			}
		}
		if t.s == "=" && (j+1 >= len(toks) || toks[j+1].s != ">") {
			return false
		}
		k := j + 1
		for k < len(toks) && !toks[k].word && !toks[k].code {
			k++
		}
		if k >= len(toks) {
			return false
		}
		n := toks[k]
		if (t.s == "-" || t.s == "—") && (n.s == "you" || n.s == "we") && k+1 < len(toks) && (modals[toks[k+1].s] || toks[k+1].s == "also" || toks[k+1].s == "just") {
			return true // "… is not enough on its own - you also need to touch …"
		}
		if t.s == ":" && (n.s == "if" || n.s == "when" || n.s == "once" || n.s == "whenever") {
			return conditionedStep(toks, k)
		}
		return !n.code && (baseVerbs[n.s] && !nonImperativeStart[n.s] || n.s == "then" || n.s == "instead" || n.s == "but")
	case "then":
		// "the debugger can then end it": an adverb inside the verb phrase
		return !(j > 0 && toks[j-1].word && (modals[toks[j-1].s]))
	case "but", "however", "otherwise", "whereas", "although", "though":
		return true
	case "so":
		// "The tool is flaky, so just curl the API": a new instruction
		if j == 0 || toks[j-1].s != "," {
			return false
		}
		k := j + 1
		for k < len(toks) && toks[k].word && !toks[k].code && fillers[toks[k].s] && toks[k].s != "it" && toks[k].s != "this" {
			k++
		}
		return k < len(toks) && toks[k].word && !toks[k].code && baseVerbs[toks[k].s] && !nonImperativeStart[toks[k].s]
	case "instead":
		return !(j+1 < len(toks) && toks[j+1].s == "of")
	}
	return false
}

// conditionedStep: the condition opening at k ("if it is stale, delete
// …") ends at a comma followed by an instruction, so "Lock file: if it is
// stale, delete it" is a label and then a step, not "lock" governing it.
func conditionedStep(toks []token, k int) bool {
	for j := k + 1; j < len(toks) && j-k < 24; j++ {
		switch toks[j].s {
		case ",":
			m := j + 1
			for m < len(toks) && !toks[m].word {
				m++
			}
			return m < len(toks) && !toks[m].code && baseVerbs[toks[m].s] && !nonImperativeStart[toks[m].s]
		case ".", ";", ":", "?", "!":
			return false
		}
	}
	return false
}

// words that are base verbs but rarely open an instruction after a colon.
var nonImperativeStart = set("never", "always", "please", "first", "manually", "avoid", "skip", "note", "do")

// banState walks the clause up to token i and reports whether the action at i
// is banned, or explicitly recommended by a double negation.
func banState(toks []token, lo, i int) (banned, forced bool) {
	scopeEnd := -1 // for phrase-scoped bans: ends at the next comma
	// a condition that opens the clause ("If you don't need the server,
	// disable it") holds its own negation: the comma after it ends it
	cond := false
	for j := lo; j < i; j++ {
		if toks[j].word {
			cond = !toks[j].code && (toks[j].s == "if" || toks[j].s == "when" || toks[j].s == "whenever" || toks[j].s == "since" || toks[j].s == "because")
			break
		}
	}
	for j := lo; j < i; j++ {
		t := toks[j]
		if t.code {
			continue
		}
		if t.s == "," && cond {
			banned, forced, cond = false, false, false
			continue
		}
		if (t.s == "," || t.s == ":") && scopeEnd == -2 {
			banned = false
			scopeEnd = -1
			continue
		}
		if !t.word {
			continue
		}
		n1, n2 := wordAt(toks, j+1), wordAt(toks, j+2)
		switch {
		case t.s == "never" || t.s == "don't" || t.s == "dont" || t.s == "mustn't" ||
			t.s == "shouldn't" || t.s == "shan't" || t.s == "refrain":
			banned, forced = true, false
			if doubleNeg[n1] || (n1 == "to" || n1 == "ever") && doubleNeg[n2] {
				banned, forced = false, true
			}
		case t.s == "not" && j > lo && (prevWord(toks, j) == "do" || prevWord(toks, j) == "must" ||
			prevWord(toks, j) == "should" || prevWord(toks, j) == "shall" ||
			prevWord(toks, j) == "may" || prevWord(toks, j) == "need" || prevWord(toks, j) == "is" ||
			prevWord(toks, j) == "are" || prevWord(toks, j) == "never"):
			if (prevWord(toks, j) == "is" || prevWord(toks, j) == "are") && !(n1 == "safe" || n1 == "allowed" || n1 == "recommended" || n1 == "permitted" || n1 == "ok" || n1 == "okay" || n1 == "acceptable" || n1 == "advisable") {
				continue
			}
			banned, forced = true, false
			if doubleNeg[n1] || (n1 == "to" || n1 == "ever") && doubleNeg[n2] {
				banned, forced = false, true
			}
		case t.s == "not" && (n1 == "safe" || n1 == "allowed" || n1 == "recommended" || n1 == "permitted"):
			banned, forced = true, false
		case t.s == "avoid" || t.s == "avoiding":
			if p := prevWord(toks, j); p == "to" || p == "helps" || p == "help" {
				continue
			}
			banned, forced = true, false
		case t.s == "forbidden" || t.s == "prohibited" || t.s == "banned" || t.s == "disallowed":
			banned, forced = true, false
		case refusalVerbs[t.s] && refusedAttempt(toks, j, i):
			// "refuse any attempt to delete the lock", "blocks attempts
			// to kill", "prevent agents from deleting": what a guard stops
			banned, forced = true, false
		case t.s == "stop" && strings.HasSuffix(n1, "ing"):
			banned, forced = true, false
		case t.s == "no" && (n1 == "circumstances" || n1 == "circumstance" || n1 == "one" || n1 == "case" || n1 == "agent" || n1 == "agents" || n1 == "workflow" || n1 == "workflows"),
			t.s == "nobody" || t.s == "noone":
			banned, forced = true, false
		case t.s == "no" && j+3 >= i:
			// "no pkill", "no manual kill": only right before the action
			if n1 != "longer" && n1 != "need" && n1 != "matter" {
				banned, forced = true, false
			}
		case t.s == "no" && n1 == "need" && n2 == "to":
			banned, forced = true, false
		case t.s == "instead" && n1 == "of", t.s == "rather" && n1 == "than",
			t.s == "without", t.s == "in" && n1 == "place" && n2 == "of",
			t.s == "opposed" && n1 == "to":
			banned, forced = true, false
			scopeEnd = -2
		}
	}
	return banned, forced
}

// refusalVerbs stop an action when an attempt or a "from" follows them.
var refusalVerbs = set("refuse", "refuses", "refusing", "reject", "rejects", "rejecting", "deny", "denies", "denying",
	"block", "blocks", "blocking", "forbid", "forbids", "prevent", "prevents", "preventing", "prohibit", "prohibits",
	"disallow", "disallows", "stops")

// refusedAttempt: within four words after the refusal verb at j, before
// the action at i, stands "attempt(s)" or "from".
func refusedAttempt(toks []token, j, i int) bool {
	for k, n := j+1, 0; k < i && n < 4; k++ {
		if !toks[k].word {
			continue
		}
		n++
		switch toks[k].s {
		case "attempt", "attempts", "attempting", "from":
			return true
		}
	}
	return false
}

func wordAt(toks []token, j int) string {
	for ; j < len(toks); j++ {
		if toks[j].word {
			return toks[j].s
		}
		if toks[j].s != "*" && toks[j].s != "_" && toks[j].s != "`" {
			return ""
		}
	}
	return ""
}

func prevWord(toks []token, j int) string {
	for j--; j >= 0; j-- {
		if toks[j].word {
			return toks[j].s
		}
		if toks[j].s != "*" && toks[j].s != "_" {
			return ""
		}
	}
	return ""
}

// postfixBan reports a ban that follows the action in its clause:
// "killing processes is forbidden".
func postfixBan(s string) bool {
	for _, p := range postBan {
		if strings.Contains(s, p) {
			return true
		}
	}
	return false
}

// verbForm classifies a word as a verb form by its ending.
type verbForm uint8

const (
	formOther verbForm = iota
	formBase
	formGerund
	formThird
	formPast
)

func formOf(w string) verbForm {
	switch {
	case baseVerbs[w]:
		return formBase
	case pastForms[w]:
		return formPast
	case thirdPersonIrregular[w]:
		return formThird
	case strings.HasSuffix(w, "ing") && len(w) > 4 && (verbStem(strings.TrimSuffix(w, "ing")) ||
		verbStem(strings.TrimSuffix(w, "ing")+"e") || doubledStem(strings.TrimSuffix(w, "ing"))):
		return formGerund
	case strings.HasSuffix(w, "ed") && (verbStem(strings.TrimSuffix(w, "ed")) ||
		verbStem(strings.TrimSuffix(w, "d")) || doubledStem(strings.TrimSuffix(w, "ed")) ||
		strings.HasSuffix(w, "ied") && verbStem(strings.TrimSuffix(w, "ied")+"y")):
		return formPast
	case strings.HasSuffix(w, "s") && (verbStem(strings.TrimSuffix(w, "s")) ||
		strings.HasSuffix(w, "es") && verbStem(strings.TrimSuffix(w, "es")) ||
		strings.HasSuffix(w, "ies") && verbStem(strings.TrimSuffix(w, "ies")+"y")):
		return formThird
	}
	return formOther
}

func doubledStem(s string) bool {
	n := len(s)
	return n > 2 && s[n-1] == s[n-2] && verbStem(s[:n-1])
}

// finiteAfter reports whether the words after an action make it the subject
// of a statement: "`pkill` sends SIGTERM", "the `pkill` result is discarded".
func finiteAfter(toks []token, i, hi int) bool {
	depth := 0
	for j, n := i, 0; j < hi && n < 3; j++ {
		t := toks[j]
		switch t.s {
		case "(", "[":
			depth++
		case ")", "]":
			depth--
		}
		if !t.word || t.code || depth > 0 || isNumber(t.s) {
			continue
		}
		n++
		switch formOf(t.s) {
		case formThird, formPast:
			if t.s == "sets" || t.s == "uses" && n > 1 {
				continue
			}
			return true
		}
		switch t.s {
		case "is", "are", "was", "were", "has", "have", "had", "can", "will", "would", "may",
			"might", "does", "did", "should", "must", "cannot", "can't", "won't", "isn't",
			"wasn't", "doesn't", "didn't":
			return true
		}
		if n == 1 && (t.s == "result" || t.s == "results" || t.s == "output" || t.s == "call" ||
			t.s == "command" || t.s == "process" || t.s == "pattern" || t.s == "patterns") {
			continue
		}
		if n >= 1 && !strings.HasSuffix(t.s, "s") {
			// a flag word or an argument: the command goes on
			if t.s != "result" {
				return false
			}
		}
	}
	return false
}
