package rules

import "strings"

// triggerStems are lower-case fragments that every hit of every rule
// contains at least one of, once the text is folded.
var triggerStems = []string{"kill", "termin", "nuke", "sig", "fuser", "stop-process", "touch", "utime",
	"chtimes", "mtime", "timestamp", "save", "lastwritetime", "env", "config", "settings", "mcp",
	"json", "toml", "yaml", "yml", "lock", "heartbeat", "lease", "session", "state", "pid", ".db", "delete",
	"update", "curl", "wget", "api", "http", "endpoint", "import", "xh", "requests", "axios", "lck",
	"sqlite", "modif", "edit", "rm", "del", "remove"}

// MayMatch is a cheap test run before a unit is classified: text that
// contains no trigger stem, even after folding look-alikes, zero-width
// characters and in-word quoting, cannot name any rule's action.
func MayMatch(text string) bool {
	if text == "" {
		return false
	}
	folded := false
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c >= 0x80 || c == '\\' || c == '"' || c == '\'' {
			folded = true
			break
		}
	}
	var l string
	if folded {
		l = fold(text).s
	} else {
		l = strings.ToLower(text)
	}
	for _, stem := range triggerStems {
		if strings.Contains(l, stem) {
			return true
		}
	}
	return false
}
