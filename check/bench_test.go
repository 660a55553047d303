package check_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/check"
)

// genDoc writes a Markdown document of roughly n bytes that mixes plain
// prose (most of it, as in real docs), recommendations, bans and code.
func genDoc(r *rand.Rand, n int) []byte {
	parts := []string{
		"This guide explains how the service is configured and deployed.\n\n",
		"The scheduler reads its settings at start and keeps them in memory.\n\n",
		"- Install the package with your package manager.\n- Start the service.\n\n",
		"| option | meaning |\n|---|---|\n| `port` | the listening port |\n\n",
		"```go\nfunc main() { fmt.Println(\"hello\") }\n```\n\n",
		"## Troubleshooting\n\nIf the bridge hangs, run `pkill -f bridge`.\n\n",
		"Never run `killall` on the shared daemon; ask the operator instead.\n\n",
		"```bash\n# Kill the stale process\nlsof -ti :9000 | xargs kill -9\n```\n\n",
		"The guard blocks `pkill` in agent shells.\n\n",
		"Update `TOKEN` in `.env` after a 401 and restart.\n\n",
	}
	var b strings.Builder
	b.WriteString("# Generated\n\n")
	for b.Len() < n {
		// plain parts four times as often as the rest
		i := r.IntN(len(parts) + 12)
		if i >= len(parts) {
			i %= 5
		}
		b.WriteString(parts[i])
	}
	return []byte(b.String())
}

func benchSource(b *testing.B, size int) {
	r := rand.New(rand.NewPCG(1, 2))
	docs := make([][]byte, 64)
	total := 0
	for i := range docs {
		docs[i] = genDoc(r, size)
		total += len(docs[i])
	}
	b.SetBytes(int64(total / len(docs)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d := docs[i%len(docs)]
		if _, err := check.Source(fmt.Sprintf("doc%d.md", i%len(docs)), d, check.Config{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSourceSmall(b *testing.B) { benchSource(b, 2<<10) }
func BenchmarkSourceLarge(b *testing.B) { benchSource(b, 64<<10) }

// BenchmarkSourceClean measures a document with no trigger word at all:
// the prefilter should make it cost little more than the parse.
func BenchmarkSourceClean(b *testing.B) {
	doc := []byte(strings.Repeat("This guide explains how the service is configured and deployed.\n\n", 500))
	b.SetBytes(int64(len(doc)))
	for i := 0; i < b.N; i++ {
		if _, err := check.Source("clean.md", doc, check.Config{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckerLarge is BenchmarkSourceLarge with one Checker reused,
// as the runner's workers do.
func BenchmarkCheckerLarge(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	docs := make([][]byte, 64)
	total := 0
	for i := range docs {
		docs[i] = genDoc(r, 64<<10)
		total += len(docs[i])
	}
	c := check.NewChecker()
	b.SetBytes(int64(total / len(docs)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := c.Source(fmt.Sprintf("doc%d.md", i%len(docs)), docs[i%len(docs)], check.Config{}); err != nil {
			b.Fatal(err)
		}
	}
}
