package rules

import (
	"strings"
	"unicode"
)

// DataName reports whether the name of a variable, field, key or type says
// that its values are data about the actions (patterns, banned phrases,
// examples, test cases), not advice: the pattern tables SPEC calls mentions.
// Code scanners skip the string literals such names hold.
func DataName(name string) bool {
	for _, word := range nameWords(name) {
		for _, w := range []string{"example", "bad", "good", "recommend", "prohibit", "mention", "pattern",
			"forbidden", "banned", "deny", "block", "case", "fixture", "sample", "want", "input", "corpus",
			"trigger", "stem", "cue", "word", "phrase", "lexicon", "vocab", "test", "regex", "needle", "keyword", "match"} {
			if word == w || word == w+"s" || word == w+"es" || word == w+"ed" || len(w) >= 4 && strings.HasPrefix(word, w) {
				return true
			}
		}
	}
	return false
}

// RemedyName reports whether the name of a key, field or keyword
// argument says that the text it holds is a remedy for a failure (fix,
// fixes, fix_command, suggestedFix, remedy, remediation, workaround,
// resolution, solution): a message under such a name is a recovery
// step, as one under a "Fix:" label is. A holder path (Context.Holder,
// "fixes.steps") is read word by word. A hint or suggestion is not
// named a remedy: hints guide setup as often as repair.
func RemedyName(name string) bool {
	for _, word := range nameWords(name) {
		switch word {
		case "fix", "fixes", "remedy", "remedies", "remediation", "workaround", "workarounds",
			"resolution", "solution", "solutions":
			return true
		}
	}
	return false
}

// CommandName reports whether the name of a variable or key says that its
// value is a command line or script the code runs (cmd, kill_cmd,
// cleanupScript, SHELL_COMMAND): a multi-line string it holds is read as
// shell, its commands judged as commands.
func CommandName(name string) bool {
	w := nameWords(name)
	if len(w) == 0 {
		return false
	}
	switch w[len(w)-1] {
	case "cmd", "cmds", "command", "commands", "script", "shell", "sh":
		return true
	}
	return false
}

// PatternLabel reports whether key, in an entry of a pattern table (a
// map or object that also holds a pattern under a DataName key, such as
// {pattern: '\bpkill\b', reason: "pkill -9"}), names a label of that
// pattern: what it matches or why it is caught. Such a label is data
// about the action, as the pattern is; keys that may carry advice to
// the reader (message, hint, fix, suggestion) are not labels.
func PatternLabel(key string) bool {
	switch strings.ToLower(key) {
	case "reason", "description", "desc", "label", "name", "title", "summary", "category", "comment", "note", "why":
		return true
	}
	return false
}

// nameWords splits an identifier or key into lower-case words at
// underscores, dashes, dots, spaces and camel-case humps:
// forbiddenRecoveryPaths and FORBIDDEN_RECOVERY_PATHS give the same words,
// and "system" is not read as "stem".
func nameWords(name string) []string {
	var words []string
	var cur []byte
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c >= 'A' && c <= 'Z':
			if i > 0 && (name[i-1] >= 'a' && name[i-1] <= 'z' || i+1 < len(name) && name[i+1] >= 'a' && name[i+1] <= 'z' && name[i-1] >= 'A' && name[i-1] <= 'Z') {
				flush()
			}
			cur = append(cur, c)
		case c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c >= 0x80:
			cur = append(cur, c)
		default:
			flush()
		}
	}
	flush()
	return words
}

// LooksRegexp reports whether a string reads as a regular expression, a
// pattern the code matches against rather than prose it shows.
func LooksRegexp(s string) bool {
	if !(strings.Contains(s, `\b`) || strings.Contains(s, `\s`) || strings.Contains(s, `.*`) ||
		strings.Contains(s, `\S`) || strings.Contains(s, `\d`) || strings.HasPrefix(s, "^") || strings.Contains(s, "(?")) {
		return false
	}
	// a command line whose pattern argument is a regexp: pkill -f
	// 'serve.*--watch', or a script with such a command on a line or in a
	// pipeline (pids=$(pgrep -f "store.*console")\necho "$pids" | xargs kill -9).
	// The lines and their words are read one at a time: a string may be
	// the whole of a large file.
	for part := range strings.FieldsFuncSeq(s, func(r rune) bool { return r == '\n' || r == '|' || r == ';' || r == '&' || r == '(' }) {
		name, rest := cutField(part)
		if name == "xargs" {
			name, rest = cutField(rest)
		}
		if name != "" && strings.TrimSpace(rest) != "" && killProgram(name, strings.FieldsSeq(rest)) {
			return false
		}
	}
	return true
}

// cutField returns the first space-separated word of s and what follows
// it, as strings.Fields would split them.
func cutField(s string) (field, rest string) {
	s = strings.TrimLeftFunc(s, unicode.IsSpace)
	if i := strings.IndexFunc(s, unicode.IsSpace); i >= 0 {
		return s[:i], s[i:]
	}
	return s, ""
}
