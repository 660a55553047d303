package runner_test

import (
	"os"
	"testing"

	"github.com/recoverlint/recoverlint/runner"
)

// BenchmarkGeneratedCorpus runs the whole loop over the seeded generated
// corpus of the golden test.
func BenchmarkGeneratedCorpus(b *testing.B) {
	dir := genCorpus(b, 42, 300)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		runner.Run([]string{dir}, runner.Options{})
	}
}

// BenchmarkCorpusDir runs the loop over a real corpus, one worker, for
// profiling (go test -bench CorpusDir -cpuprofile …): set
// RECOVERLINT_BENCH_DIR to a folder, such as a corpus of ../shared/bench.
func BenchmarkCorpusDir(b *testing.B) {
	dir := os.Getenv("RECOVERLINT_BENCH_DIR")
	if dir == "" {
		b.Skip("RECOVERLINT_BENCH_DIR is not set")
	}
	for i := 0; i < b.N; i++ {
		rep := runner.Run([]string{dir}, runner.Options{Workers: 1})
		b.ReportMetric(float64(len(rep.Findings)), "findings")
	}
}
