// Package shown decides how an error names a value it refuses. A refused
// value is input the program does not trust: repeated in an error, it
// reaches an agent or a log as the program's own words, and a
// recommendation smuggled in a field name or a status then reads as the
// tool's advice. So a value is repeated only when it has the shape of a
// name — a field, an id, a status word — and is otherwise described by
// its length alone.
package shown

import (
	"strconv"
)

// MaxName is the longest value repeated as it is.
const MaxName = 64

// Value is s quoted when it is empty or looks like a name (at most
// MaxName bytes of ASCII letters, digits and . _ - : / @ +, starting with
// a letter, digit or underscore), else a description that does not repeat
// it.
func Value(s string) string {
	if s == "" || IsName(s) {
		return strconv.Quote(s)
	}
	return "a value of " + strconv.Itoa(len(s)) + " bytes (not repeated)"
}

// IsName reports whether s is repeated by Value.
func IsName(s string) bool {
	if s == "" || len(s) > MaxName {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '_':
		case i > 0 && (c == '.' || c == '-' || c == ':' || c == '/' || c == '@' || c == '+'):
		default:
			return false
		}
	}
	return true
}
