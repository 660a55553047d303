package datascan_test

import (
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/datascan"
	"github.com/recoverlint/recoverlint/internal/golden"
	"github.com/recoverlint/recoverlint/rules"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// inputs lists the test inputs under testdata (workflows sit in
// .github/workflows): every file but the goldens and the fuzz corpus.
func inputs(t testing.TB) []string {
	t.Helper()
	var names []string
	err := filepath.WalkDir("testdata", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "fuzz" {
			return filepath.SkipDir
		}
		if !d.IsDir() && !strings.HasSuffix(p, ".golden") {
			names = append(names, p)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("listing testdata: %v", err)
	}
	if len(names) == 0 {
		t.Fatal("no inputs in testdata")
	}
	return names
}

func TestGolden(t *testing.T) {
	for _, input := range inputs(t) {
		name := filepath.ToSlash(strings.TrimPrefix(input, "testdata"+string(filepath.Separator)))
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(input)
			if err != nil {
				t.Fatalf("reading input: %v", err)
			}
			got := dump(src, name, datascan.Scan(src, name))
			goldenFile := input + ".golden"
			golden.Compare(t, goldenFile, got, *update)
		})
	}
}

// dump is the shared golden dump of a datascan result.
func dump(src []byte, name string, res datascan.Result) string {
	return golden.Dump(src, name, res.Units, res.Calls, res.Err)
}

// checkOffsets fails when a unit's offset map does not fit its text and the source.
func checkOffsets(t testing.TB, src []byte, units []rules.Unit) { golden.CheckOffsets(t, src, units) }
