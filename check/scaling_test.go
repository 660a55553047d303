package check_test

import (
	"strings"
	"testing"
	"time"

	"github.com/recoverlint/recoverlint/check"
)

// TestOneLineTimeIsLinear checks pages shaped so that every hit sits on
// one long line or under one long block, at two sizes, and fails where
// four times the text takes more than eight times as long: reading back
// from every hit to its line start (a Description: field, a front matter
// key) once made a 1 MiB one-line page take 4 to 15 seconds, and reading
// on from it to the line's end (a help entry) a 16 MiB one-line Go
// string two minutes.
func TestOneLineTimeIsLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("times checks of 128 KiB and 512 KiB pages")
	}
	const small = 128 << 10
	rec := "If the MCP server hangs, run `pkill -f mcp_server` and retry. "
	repeat := func(head, unit, tail string, n int) []byte {
		return []byte(head + strings.Repeat(unit, n/len(unit)) + tail)
	}
	tests := []struct {
		name     string
		gen      func(n int) []byte
		findings bool // whether the page recommends (else it only names)
		size     int  // the smaller size, when not small
	}{
		{"recs.md", func(n int) []byte { return repeat("", rec, "", n) }, true, 0},
		// a Description: field says what a tool does
		{"field.md", func(n int) []byte { return repeat("Description: ", rec, "\n", n) }, false, 0},
		// a page's own description is prose an agent follows
		{"matter.md", func(n int) []byte {
			return repeat("---\ndescription: ", "run pkill -f mcp_server to recover. ", "\n---\n# Notes\n", n)
		}, true, 0},
		// tags name the page
		{"tags.md", func(n int) []byte {
			return repeat("---\ntags:\n", "  - run pkill -f mcp_server to recover\n", "---\n# Notes\n", n)
		}, false, 0},
		// one string literal of many sentences: a help entry is looked
		// for from each hit's line start (helpEntry), in a one-line file
		// the file's start
		{"str.go", func(n int) []byte {
			return repeat(`package p; var s = "`, "If the MCP server hangs, run pkill -f mcp_server and retry. ", `"`, n)
		}, true, 1 << 20},
		{"str.py", func(n int) []byte {
			return repeat(`s = "`, "If the MCP server hangs, run pkill -f mcp_server and retry. ", `"`, n)
		}, true, 1 << 20},
		// a code line of many pipelines: each Stop-Process read the line
		// back to its start for the Start-Process that feeds it
		{"pipes.md", func(n int) []byte {
			return repeat("# If it hangs\n\n```powershell\n", "Get-Process relay | Stop-Process -Force; ", "\n```\n", n)
		}, true, 0},
		// an API reference entry: its first line was looked for to its
		// end for each hit; it is read within 4 KiB, and the sentences
		// past that are steps of their own
		{"entry.md", func(n int) []byte {
			return repeat("POST /sessions/{id}/purge — ", "Purge the session state and delete the lock file. ", "\n", n)
		}, true, 0},
		// many comments on one line: each comment's code beside it was
		// its whole line (comments.Annotated)
		{"comments.go", func(n int) []byte {
			return repeat(`package p; func f() { `, "g() /* the guard blocks pkill here */; ", "}", n)
		}, false, 0},
		{"comments.js", func(n int) []byte {
			return repeat("", "g(); /* the guard blocks pkill here */ ", "", n)
		}, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := check.NewChecker()
			timed := func(src []byte) time.Duration {
				start := time.Now()
				fs, err := c.Source(tt.name, src, check.Config{})
				if err != nil || (len(fs) > 0) != tt.findings {
					t.Fatalf("%d findings, error %v; want findings: %v", len(fs), err, tt.findings)
				}
				return time.Since(start)
			}
			n := small
			if tt.size > 0 {
				n = tt.size
			}
			a, b := tt.gen(n), tt.gen(4*n)
			base := timed(a)
			for range 2 {
				base = min(base, timed(a))
			}
			var ratio float64
			for range 3 { // the larger size is timed again only while it looks slow
				if ratio = float64(timed(b)) / float64(base); ratio <= 8 {
					break
				}
			}
			t.Logf("4x the text: %.1fx the time", ratio)
			if ratio > 8 {
				t.Errorf("4x the text took %.1fx the time (base %v), want at most 8x: a cost grows faster than the text", ratio, base)
			}
		})
	}
}
