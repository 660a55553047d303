package comments

import (
	"strings"
	"testing"
)

func TestAnnotated(t *testing.T) {
	for _, tc := range []struct {
		name, src, comment, want string
	}{
		{"above a call", "// Kill the stale worker\nw.Process.Kill()\n", "Kill the stale worker", "w.Process.Kill()"},
		{"trailing", "proc.kill()  # end our own child\n", "end our own child", "proc.kill()"},
		{"block stops at a blank line", "# Restart\npkill -f srv\nsleep 1\n\nnext\n", "Restart", "pkill -f srv\nsleep 1"},
		{"blank line between", "# If it hangs, run pkill -f srv\n\nset -e\n", "If it hangs, run pkill -f srv", ""},
		{"end of file", "x()\n// the end", "the end", ""},
		{"comment below", "# one\n/* two */\n", "one", ""},
		{"package doc", "// Package p kills nothing.\npackage p\n", "Package p kills nothing.", ""},
		{"block comment then code", "/* note */ x = 1\n", "note", "x = 1"},
		{"jsdoc line", "/**\n * Kill it.\n */\nfunction k() {}\n", "Kill it.", "function k() {}"},
		{"bounded", "# a\n" + strings.Repeat("x\n", 20), "a", strings.TrimSuffix(strings.Repeat("x\n", maxAnnotated), "\n")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			first := strings.Index(tc.src, tc.comment)
			if first < 0 {
				t.Fatalf("comment %q not in source", tc.comment)
			}
			if got := Annotated([]byte(tc.src), first, first+len(tc.comment)); got != tc.want {
				t.Errorf("Annotated = %q, want %q", got, tc.want)
			}
		})
	}
	if got := Annotated([]byte("x"), 3, 1); got != "" {
		t.Errorf("bad offsets: %q, want none", got)
	}
}
