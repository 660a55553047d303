package lsp

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

// longRunbook is a Markdown file of n lines: sections of prose, lists and
// code, with a recommendation in every tenth section.
func longRunbook(n int) string {
	var b strings.Builder
	for i := 0; b.Len() == 0 || strings.Count(b.String(), "\n") < n; i++ {
		fmt.Fprintf(&b, "## Section %d\n\nThe service keeps its queue in memory and drains it on shutdown.\n", i)
		b.WriteString("- Check the dashboard before and after a deploy.\n- Ask in the channel when unsure.\n\n")
		if i%10 == 0 {
			b.WriteString("If the MCP server hangs, run `pkill -f mcp-server` and retry.\n\n")
		}
		b.WriteString("```sh\nmake test\n```\n\n")
	}
	return b.String()
}

// BenchmarkChangeToDiagnostics times an edit of a 2,000-line Markdown
// document, from the didChange the editor sends to the diagnostics it
// receives, over the pipe, with the default debounce and without one.
func BenchmarkChangeToDiagnostics(b *testing.B) {
	for _, debounce := range []time.Duration{0, -1} {
		name := "debounce=default"
		if debounce < 0 {
			name = "debounce=none"
		}
		b.Run(name, func(b *testing.B) {
			dir := b.TempDir()
			uri := "file://" + dir + "/RUNBOOK.md"
			c := startClient(b, Options{Debounce: debounce})
			c.stale = 1
			c.initialize(map[string]any{}, dir)
			doc := longRunbook(2000)
			c.open(uri, "markdown", doc)
			want := len(c.diagnostics(uri, 1))
			if want == 0 {
				b.Fatal("the runbook has no finding")
			}
			line := strings.Count(doc[:strings.Index(doc, "Check the dashboard")], "\n")
			b.ResetTimer()
			for i := range b.N {
				// type one character into a list item, or take it out again
				if i%2 == 0 {
					c.change(uri, i+2, rangeChange(line, 2, line, 2, "x"))
				} else {
					c.change(uri, i+2, rangeChange(line, 2, line, 3, ""))
				}
				if got := len(c.diagnostics(uri, i+2)); got != want {
					b.Fatalf("edit %d: %d diagnostics, want %d", i, got, want)
				}
			}
		})
	}
}

// TestMemoryFlatOverEdits makes 10,000 edits to a 2,000-line document and
// checks that the heap after them is what it was after the first 1,000:
// nothing kept grows with the number of edits.
func TestMemoryFlatOverEdits(t *testing.T) {
	if testing.Short() {
		t.Skip("10,000 edits")
	}
	dir := t.TempDir()
	uri := "file://" + dir + "/RUNBOOK.md"
	c := startClient(t, Options{Debounce: -1})
	c.stale = 1
	c.initialize(map[string]any{}, dir)
	doc := longRunbook(2000)
	c.open(uri, "markdown", doc)
	c.diagnostics(uri, 1)
	line := strings.Count(doc[:strings.Index(doc, "Check the dashboard")], "\n")
	heap := func() uint64 {
		runtime.GC()
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	var after1k uint64
	for i := 1; i <= 10000; i++ {
		if i%2 == 1 {
			c.change(uri, i+1, rangeChange(line, 2, line, 2, "x"))
		} else {
			c.change(uri, i+1, rangeChange(line, 2, line, 3, ""))
		}
		if i%500 == 0 {
			c.diagnostics(uri, i+1) // let the checks keep up
		}
		if i == 1000 {
			after1k = heap()
		}
	}
	end := heap()
	t.Logf("heap after 1,000 edits %d KiB, after 10,000 %d KiB", after1k>>10, end>>10)
	if end > after1k+4<<20 {
		t.Errorf("the heap grew by %d KiB over 9,000 edits", (end-after1k)>>10)
	}
}
