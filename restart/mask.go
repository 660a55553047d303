package restart

import (
	"regexp"
	"strings"
)

// Patterns for credentials that listing errors tend to carry: the user
// part of a URL, bearer or basic tokens, and key=value pairs whose key
// names a secret. They are compiled once and only read.
var (
	urlUserinfo = regexp.MustCompile(`([A-Za-z][A-Za-z0-9+.-]*://)[^/\s@]+@`)
	authScheme  = regexp.MustCompile(`(?i)\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]{6,}`)
	secretPair  = regexp.MustCompile(`(?i)\b(password|passwd|pwd|secret|token|api[_-]?key|authorization)(\s*[=:]\s*)("[^"]*"|'[^']*'|\S+)`)
)

const maxEchoLen = 300

// maskSecrets prepares a listing error from the inventory for the report:
// credentials are masked, the override authority's value (extra) is
// removed when it is long enough to be a secret, and long text is cut.
func maskSecrets(s, extra string) string {
	if len(strings.TrimSpace(extra)) >= 6 {
		s = strings.ReplaceAll(s, extra, "***")
	}
	s = urlUserinfo.ReplaceAllString(s, "${1}***@")
	s = authScheme.ReplaceAllString(s, "${1} ***")
	s = secretPair.ReplaceAllString(s, "${1}${2}***")
	if len(s) > maxEchoLen {
		cut := maxEchoLen
		for cut > 0 && !isRuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }
