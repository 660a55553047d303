package automaton

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// benchText is real documentation when RECOVERLINT_BENCH_DIR names a
// folder of Markdown, else 4 MiB of generated text.
func benchText(b *testing.B) []byte {
	var out []byte
	if dir := os.Getenv("RECOVERLINT_BENCH_DIR"); dir != "" {
		_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && len(out) < 8<<20 {
				if s, err := os.ReadFile(p); err == nil {
					out = append(out, s...)
				}
			}
			return nil
		})
	}
	if len(out) == 0 {
		r := rand.New(rand.NewPCG(7, 11))
		for len(out) < 4<<20 {
			out = append(out, genDoc(r)...)
		}
	}
	return out
}

// genDoc writes a Markdown document of prose with a route word in one
// word of eight or so, some in code spans, and a code block.
func genDoc(r *rand.Rand) []byte {
	filler := []string{"the", "server", "stale", "block", "clock", "if", "it", "hangs", "run", "never",
		"fix", "docs", "and", "reconnect", "tool", "fails", "then", "setup", "install", "process", "error"}
	words := []string{"pkill", "kill", "touch", "mcp.json", ".env", "curl", "lock", "restart", "config.toml"}
	sentence := func(n int) string {
		var b []byte
		for i := range n {
			if i > 0 {
				b = append(b, ' ')
			}
			switch w := words[r.IntN(len(words))]; r.IntN(16) {
			case 0:
				b = append(b, "`"+w+"`"...)
			case 1:
				b = append(b, w...)
			default:
				b = append(b, filler[r.IntN(len(filler))]...)
			}
		}
		return string(b)
	}
	var b []byte
	b = append(b, "## "+sentence(4)+"\n\n"...)
	for range r.IntN(4) + 1 {
		b = append(b, sentence(14)+".\n"+sentence(10)+".\n\n"...)
	}
	b = append(b, "```bash\n"+sentence(5)+"\n```\n\n"...)
	return b
}

// BenchmarkMarks measures the raw scan with the anchors automaton.
func BenchmarkMarks(b *testing.B) {
	src := benchText(b)
	d := snapshotAutomata(b)[0]
	var marks []Mark
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for range b.N {
		marks, _ = d.Marks(src, marks[:0], true)
	}
}

// BenchmarkContains measures a word group's search of a text that holds
// none of its words, read to the end.
func BenchmarkContains(b *testing.B) {
	src := benchText(b)
	var d *DFA
	for _, w := range snapshotAutomata(b)[1:] {
		if found, _ := w.Contains(src); !found && d == nil {
			d = w
		}
	}
	if d == nil {
		b.Skip("the text holds words of every group")
	}
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for range b.N {
		d.Contains(src)
	}
}

// BenchmarkGroups measures the reading of a rendered text (a unit).
func BenchmarkGroups(b *testing.B) {
	text := string(benchText(b)[:64<<10])
	d := snapshotAutomata(b)[0]
	b.SetBytes(int64(len(text)))
	b.ResetTimer()
	for range b.N {
		d.Groups(text)
	}
}

// BenchmarkBuild and BenchmarkLoad compare building every automaton of
// the snapshot with loading it from a table file: what the precomputed
// tables save each process.
func BenchmarkBuild(b *testing.B) {
	sets := snapshotSets(b)
	for range b.N {
		for _, s := range sets {
			if _, err := Compile(s.groups, s.syn); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkLoad(b *testing.B) {
	sets := snapshotSets(b)
	var file []byte
	for i, d := range snapshotAutomata(b) {
		var err error
		if file, err = AppendTable(file, sets[i].name, d); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(len(file)))
	b.ResetTimer()
	for range b.N {
		for _, s := range sets {
			if _, ok := Load(file, s.name, s.groups, s.syn); !ok {
				b.Fatal("not loaded")
			}
		}
	}
}
