package runner

import (
	"path/filepath"
	"strings"
	"testing"
)

// displayPathRel is DisplayPath written with filepath.Abs and Rel: the
// reference the lexical version must agree with.
func displayPathRel(wd, p string) string {
	abs, err := filepath.Abs(p)
	if err == nil && wd != "" {
		if rel, err := filepath.Rel(wd, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(p)
}

func TestDisplayPath(t *testing.T) {
	wd, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	parent := filepath.Dir(wd)
	paths := []string{
		"a.md", "./a.md", "docs/a.md", "docs//a.md", "docs/../a.md", ".", "..", "../x.md", "../../y/z.md",
		"./docs/./b.md", "docs/", "a/b/../../c.md",
		filepath.Join(wd, "a.md"), wd, wd + string(filepath.Separator), filepath.Join(wd, "docs", "..", "b.md"),
		filepath.Join(parent, "other", "c.md"), parent, wd + "x/y.md", filepath.Join(wd, "..", filepath.Base(wd), "d.md"),
		string(filepath.Separator), filepath.Join(string(filepath.Separator), "tmp", "e.md"),
	}
	for _, p := range paths {
		if got, want := DisplayPath(wd, p), displayPathRel(wd, p); got != want {
			t.Errorf("DisplayPath(%q, %q) = %q, want %q", wd, p, got, want)
		}
	}
	// other working directories, absolute paths (Abs does not read the
	// process's folder for them)
	root := filepath.VolumeName(wd) + string(filepath.Separator)
	for _, w := range []string{root, filepath.Join(root, "work"), filepath.Join(root, "work", "main")} {
		for _, p := range []string{root, filepath.Join(root, "work"), filepath.Join(root, "work", "main", "a.md"),
			filepath.Join(root, "workx", "a.md"), filepath.Join(root, "work", "..", "b.md")} {
			if got, want := DisplayPath(w, p), displayPathRel(w, p); got != want {
				t.Errorf("DisplayPath(%q, %q) = %q, want %q", w, p, got, want)
			}
		}
	}
	// without a working directory the path is shown as given
	if got := DisplayPath("", "docs/../a.md"); got != "docs/../a.md" {
		t.Errorf("no working directory: got %q", got)
	}
}

func BenchmarkDisplayPath(b *testing.B) {
	wd := "/work/main"
	p := "/work/bench-out/corpus-md/MicrosoftDocs+cpp-docs/docs/build/reference/some-file.md"
	b.Run("lexical", func(b *testing.B) {
		for b.Loop() {
			DisplayPath(wd, p)
		}
	})
	b.Run("rel", func(b *testing.B) {
		for b.Loop() {
			displayPathRel(wd, p)
		}
	})
}
