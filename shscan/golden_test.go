package shscan_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/internal/golden"
	"github.com/recoverlint/recoverlint/rules"
	"github.com/recoverlint/recoverlint/shscan"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// inputs lists the test inputs in testdata: every file but the goldens.
func inputs(t testing.TB) []string {
	t.Helper()
	all, err := filepath.Glob(filepath.Join("testdata", "*"))
	if err != nil {
		t.Fatalf("listing testdata: %v", err)
	}
	var names []string
	for _, name := range all {
		if fi, err := os.Stat(name); err == nil && !fi.IsDir() && !strings.HasSuffix(name, ".golden") {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		t.Fatal("no inputs in testdata")
	}
	return names
}

func TestGolden(t *testing.T) {
	for _, input := range inputs(t) {
		t.Run(filepath.Base(input), func(t *testing.T) {
			src, err := os.ReadFile(input)
			if err != nil {
				t.Fatalf("reading input: %v", err)
			}
			name := filepath.Base(input)
			got := dump(src, name, shscan.Scan(src, name))
			goldenFile := strings.TrimSuffix(input, filepath.Ext(input)) + ".golden"
			golden.Compare(t, goldenFile, got, *update)
		})
	}
}

// dump is the shared golden dump of a shscan result.
func dump(src []byte, name string, res shscan.Result) string {
	return golden.Dump(src, name, res.Units, res.Calls, res.Err)
}

// checkOffsets fails when a unit's offset map does not fit its text and the source.
func checkOffsets(t testing.TB, src []byte, units []rules.Unit) { golden.CheckOffsets(t, src, units) }
