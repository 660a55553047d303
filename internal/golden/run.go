package golden

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Inputs lists a package's golden test inputs: every file under testdata
// but the golden files and the fuzz corpus (testdata/fuzz).
func Inputs(t testing.TB) []string {
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

// Stem is the golden file of an input named after it without its
// extension: testdata/a.md → testdata/a.golden.
func Stem(input string) string {
	return strings.TrimSuffix(input, filepath.Ext(input)) + ".golden"
}

// Beside is the golden file of an input named after it in full:
// testdata/a.yml → testdata/a.yml.golden, for inputs that differ only in
// their extension.
func Beside(input string) string { return input + ".golden" }

// Run compares, for every input, dump of its content with its golden file
// (goldenOf names it), in a subtest named by the input's path below
// testdata; name is that path too. update rewrites the golden files.
func Run(t *testing.T, update bool, goldenOf func(input string) string, dump func(src []byte, name string) string) {
	for _, input := range Inputs(t) {
		name := filepath.ToSlash(strings.TrimPrefix(input, "testdata"+string(filepath.Separator)))
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(input)
			if err != nil {
				t.Fatalf("reading input: %v", err)
			}
			Compare(t, goldenOf(input), dump(src, name), update)
		})
	}
}
