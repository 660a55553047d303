package check_test

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"sync"
	"testing"

	"github.com/recoverlint/recoverlint/check"
)

// TestOneLineMemory pins what checking a large one-line file allocates
// per byte of it: offset maps are runs and a unit's sentences are judged
// one at a time, so this stays a small constant (26 to 46 bytes per byte
// now, most of it short-lived). Before, every byte of a unit's text
// carried an eight-byte offset in the scanner, the unit and the fold, and
// every sentence's tokens were kept: 97 to 147 bytes per byte. A Python
// or JavaScript file of many statements allocates 101 and 83 bytes per
// byte, most of it tokens (120 to 122 while their slices grew from
// nothing); before their string values moved aside with run-length
// offsets, 135 to 152. The prefilter's marks of a line fold
// into one (rules.Filter.LineMarks): recs.md and recs.txt allocated 42
// and 25 bytes per byte with a mark per word, 36 and 20 now. A Python
// file past 256 KiB is lexed five times in stretches whose room is
// reused (pyscan.ScanEach): 81 bytes per byte, where holding its tokens
// took 106. A JavaScript file past 256 KiB is lexed five times likewise
// (jsscan.ScanEach): 77 bytes per byte, where holding its tokens took 83.
// A Go file past 256 KiB is parsed twice in stretches
// (goscan.ScanEach): 53 bytes per byte; a Go string literal's value is
// a view of the literal where it has no escape, and str.go allocates 23
// to 24 bytes per byte, 27 when the value was copied.
// A YAML, JSON or TOML file past 256 KiB is parsed twice and
// each string walked and dropped as it is complete, its offset map reused
// for the next (datascan.ScanEach): 48 to 50 bytes per byte, where
// building the tree once took 86 to 92.
func TestOneLineMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates tens of MiB")
	}
	const size = 2 << 20
	rec := "If the MCP server hangs, run pkill -f mcp_server and retry."
	fill := func(head, unit, tail string) []byte {
		var b strings.Builder
		b.WriteString(head)
		for b.Len()+len(unit)+len(tail) < size {
			b.WriteString(unit)
		}
		b.WriteString(tail)
		return []byte(b.String())
	}
	tests := []struct {
		name  string
		src   []byte
		bound float64 // bytes allocated per byte of input
	}{
		{"recs.md", fill("", "If the MCP server hangs, run `pkill -f mcp_server` and retry. ", ""), 40},
		{"recs.txt", fill("", rec+" ", ""), 23},
		{"str.go", fill(`package p; var s = "`, rec+" ", `"`), 30},
		// many statements: a string token's value and offsets sit aside
		// as runs, so the tokens stay small
		{"recs.py", fill("import os; ", `print("`+rec+`"); os.kill(pid, 9); `, ""), 120},
		{"recs.js", fill("", `console.log("`+rec+`"); process.kill(pid); `, ""), 90},
		// one function past 256 KiB: parsed twice in stretches and its
		// comments read once more by go/scanner (goscan.ScanEach)
		{"recs.go", fill(`package p; import "syscall"; func f(pid int) { `, `println("`+rec+`"); syscall.Kill(pid, 9); `, "}"), 70},
		// data files past 256 KiB are read twice, each value walked and
		// dropped as it is complete (datascan.ScanEach)
		{"recs.yaml", fill("{", `k: "`+rec+`", `, "}"), 55},
		{"recs.json", fill("[", `"`+rec+`",`, `""]`), 55},
		{"recs.toml", fill("a = [", `"`+rec+`", `, "]"), 55},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := check.NewChecker()
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			fs, err := c.Source(tt.name, tt.src, check.Config{})
			runtime.ReadMemStats(&after)
			if err != nil || len(fs) == 0 {
				t.Fatalf("%d findings, error %v", len(fs), err)
			}
			per := float64(after.TotalAlloc-before.TotalAlloc) / float64(len(tt.src))
			t.Logf("%.1f bytes allocated per byte", per)
			if per > tt.bound {
				t.Errorf("%.1f bytes allocated per byte of a one-line file, want at most %.0f", per, tt.bound)
			}
		})
	}
}

// TestManyUnitsNotHeld checks files of many small units and fails where
// the heap still live at a collection during the check grows past four
// times the file: the checker classifies each unit as its scanner
// reaches it and keeps only findings, where it once held every unit of
// the file (about 300 bytes each, a 16 MiB one-line shell script's over
// 100 MiB).
func TestManyUnitsNotHeld(t *testing.T) {
	if testing.Short() {
		t.Skip("checks files of several MiB")
	}
	const size = 4 << 20
	rep := func(unit string) []byte {
		return []byte(strings.Repeat(unit, size/len(unit)))
	}
	tests := []struct {
		name string
		src  []byte
	}{
		// units that name an action without a finding: only the
		// units are there to be held
		{"paras.txt", rep("The guard blocks pkill in agent shells.\n\n")},
		{"echo.sh", rep(`echo "The guard blocks pkill in agent shells."; `)},
		{"print.py", rep(`print("The guard blocks pkill in agent shells."); `)},
		{"log.js", rep(`console.log("The guard blocks pkill in agent shells."); `)},
		// one function of many statements: its tree was held whole
		{"print.go", []byte("package p; func f() { " + string(rep(`println("The guard blocks pkill in agent shells."); `)) + "}")},
		{"flow.yaml", []byte("{" + string(rep(`k: "The guard blocks pkill in agent shells.", `)) + "}")},
		{"list.json", []byte("[" + string(rep(`"The guard blocks pkill in agent shells.",`)) + `""]`)},
		{"array.toml", []byte("a = [" + string(rep(`"The guard blocks pkill in agent shells.", `)) + "]")},
		{"steps.yaml", rep("- name: Build the guard\n  run: echo \"The guard blocks pkill in agent shells.\"\n")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := check.NewChecker()
			var fs []check.Finding
			var err error
			live := peakLive(func() { fs, err = c.Source(tt.name, tt.src, check.Config{}) })
			if err != nil || len(fs) != 0 {
				t.Fatalf("%d findings, error %v", len(fs), err)
			}
			per := float64(live) / float64(len(tt.src))
			t.Logf("peak live heap %.1f MiB, %.2f bytes per byte", float64(live)/(1<<20), per)
			// a stretch of a scanner's tokens and a unit or two are live
			// at once, a few MiB whatever the file's size; the file's
			// units held would be 5 to 20 bytes per byte
			if per > 4 {
				t.Errorf("peak live heap %.2f bytes per byte of the file, want at most 4: units are held", per)
			}
		})
	}
}

// peakLive runs f with the collector running often and returns the most
// heap found live at a collection while f ran, above what was live
// before.
func peakLive(f func()) uint64 {
	defer debug.SetGCPercent(debug.SetGCPercent(5))
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	read := func() uint64 {
		metrics.Read(sample)
		return sample[0].Value.Uint64()
	}
	runtime.GC()
	base := read()
	var mu sync.Mutex
	var peak uint64
	done := false
	var arm func()
	arm = func() {
		runtime.SetFinalizer(new([16]byte), func(*[16]byte) {
			mu.Lock()
			defer mu.Unlock()
			if !done {
				peak = max(peak, read())
				arm()
			}
		})
	}
	arm()
	f()
	mu.Lock()
	done = true
	mu.Unlock()
	if peak < base {
		return 0
	}
	return peak - base
}

// TestLongUnitNotHeld checks one-line files that are one paragraph full
// of findings: the scanner passes the paragraph on in pieces of whole
// sentences (rules.MaxPiece) and the classifier judges a piece at a time,
// so what is live beside the file is a piece's text, offsets and folded
// copy, the same few MiB whatever the file's size. Held whole, the
// paragraph's text, its copy without code spans and their offsets grew
// with the file, three to four bytes per byte.
func TestLongUnitNotHeld(t *testing.T) {
	if testing.Short() {
		t.Skip("checks files of several MiB")
	}
	for _, tt := range []struct{ name, sentence string }{
		{"recs.md", "If the MCP server hangs, run `pkill -f mcp_server` and retry. "},
		{"recs.txt", "If the MCP server hangs, run pkill -f mcp_server and retry. "},
		{"plain.md", "If the MCP server hangs, run pkill -f mcp_server and retry. "},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := check.NewChecker()
			// tables the checker loads on first use are not the file's
			if _, err := c.Source(tt.name, []byte(tt.sentence), check.Config{}); err != nil {
				t.Fatal(err)
			}
			peak := func(size int) float64 {
				src := []byte(strings.Repeat(tt.sentence, size/len(tt.sentence)))
				var fs []check.Finding
				var err error
				live := peakLive(func() { fs, err = c.Source(tt.name, src, check.Config{}) })
				if err != nil || len(fs) != 1 {
					t.Fatalf("%d findings, error %v; want the line's one", len(fs), err)
				}
				return float64(live) / (1 << 20)
			}
			// the smaller of two runs: a collection that lands while a
			// piece's token slice is being regrown counts a dead copy
			// as live, and one run in three did so on two cores
			small, large := min(peak(3<<20), peak(3<<20)), min(peak(12<<20), peak(12<<20))
			t.Logf("peak live heap beside the file: %.1f MiB at 3 MiB, %.1f MiB at 12 MiB", small, large)
			// a piece's room is what it is at any size, give or take the
			// growth of its slices (2 MiB for code spans); held whole, the
			// paragraph adds 27 MiB or more for the 9 MiB
			if large-small > 4.5 {
				t.Errorf("the peak live heap grew by %.1f MiB for 9 MiB more of one paragraph: it is held whole", large-small)
			}
		})
	}
}

// TestLongLiteralHeldTwice checks a Go file that is one string literal
// as long as the file, full of findings: what is live beside the file is
// the parser's copy of the literal and the unit's decoded text, two bytes
// per byte, with the classifier's pieces. Reading the literal's words
// whole to ask whether it is a pattern (rules.LooksRegexp) once added
// three bytes more per byte, a slice header per word.
func TestLongLiteralHeldTwice(t *testing.T) {
	if testing.Short() {
		t.Skip("checks files of several MiB")
	}
	const sentence = "If the MCP server hangs, run pkill -f mcp_server and retry. "
	c := check.NewChecker()
	if _, err := c.Source("str.go", []byte(`package p; var s = "`+sentence+`"`), check.Config{}); err != nil {
		t.Fatal(err)
	}
	peak := func(size int) float64 {
		src := []byte(`package p; var s = "` + strings.Repeat(sentence, size/len(sentence)) + `"`)
		var fs []check.Finding
		var err error
		live := peakLive(func() { fs, err = c.Source("str.go", src, check.Config{}) })
		if err != nil || len(fs) != 1 {
			t.Fatalf("%d findings, error %v; want the literal's one", len(fs), err)
		}
		return float64(live) / (1 << 20)
	}
	small, large := peak(3<<20), peak(12<<20)
	t.Logf("peak live heap beside the file: %.1f MiB at 3 MiB, %.1f MiB at 12 MiB", small, large)
	if per := (large - small) / 9; per > 2 {
		t.Errorf("the peak live heap grew by %.1f bytes per byte of the literal, want at most 2", per)
	}
}
