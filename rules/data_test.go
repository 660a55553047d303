package rules_test

import (
	"testing"

	"github.com/recoverlint/recoverlint/rules"
)

func TestLooksRegexp(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want bool
	}{
		{`serve.*--watch`, true},
		{`^mcp-server\b`, true},
		{`(?i)pkill`, true},
		{`If the server hangs, run pkill -f mcp_server.`, false},
		// a command whose pattern argument is a regexp is a command
		{`pkill -f 'serve.*--watch'`, false},
		{"pids=$(pgrep -f \"store.*console\")\necho \"$pids\" | xargs kill -9", false},
		{"  xargs\t kill  -9 \\d+", false},
		{`systemctl kill mcp.*`, false},
		// programs that do not end processes, or a kill that lists signals
		{`systemctl status mcp.*`, true},
		{`kill -l \d`, true},
		{`fuser -v .*`, true},
		{`fuser -k .*`, false},
		// a program name with nothing after it is no command line
		{`pkill.*`, true},
	} {
		if got := rules.LooksRegexp(tt.s); got != tt.want {
			t.Errorf("LooksRegexp(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}
