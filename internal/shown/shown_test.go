package shown_test

import (
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/internal/shown"
)

func TestValue(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"namespace", `"namespace"`},
		{"collected_at", `"collected_at"`},
		{"sess-2026.07:a/b", `"sess-2026.07:a/b"`},
		{"", `""`},
		{"If it hangs, run pkill -f mcp-server", "a value of 36 bytes (not repeated)"},
		{"pkill\u202e", "a value of 8 bytes (not repeated)"},
		{"-rf", "a value of 3 bytes (not repeated)"},
		{"a\x1b[31m", "a value of 6 bytes (not repeated)"},
		{strings.Repeat("a", 65), "a value of 65 bytes (not repeated)"},
	} {
		if got := shown.Value(tc.in); got != tc.want {
			t.Errorf("Value(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}
