package rules_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/recoverlint/recoverlint/rules"
)

// benchText is real documentation when RECOVERLINT_BENCH_DIR names a
// folder of Markdown, else generated documents.
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
		r := newRand()
		for len(out) < 4<<20 {
			out = append(out, genDoc(r)...)
		}
	}
	return out
}

// BenchmarkMarks measures the raw-text scan that decides what is parsed.
func BenchmarkMarks(b *testing.B) {
	src := benchText(b)
	f := rules.MustFilter(rules.All)
	var marks []rules.Mark
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		marks, _ = f.Marks(src, marks[:0])
	}
}

// BenchmarkMayMatch measures the per-unit gate.
func BenchmarkMayMatch(b *testing.B) {
	text := string(benchText(b)[:64<<10])
	b.SetBytes(int64(len(text)))
	for i := 0; i < b.N; i++ {
		rules.MayMatch(text)
	}
}
