package walk_test

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/recoverlint/recoverlint/walk"
)

// TestVisitsMatchesWalk asks Visits about every file of random trees —
// nested ignore files, negations, tracked files under ignored folders,
// nested repositories — from the top and from every folder, and compares
// with what Walk of that folder visits.
func TestVisitsMatchesWalk(t *testing.T) {
	needGit(t)
	env := gitEnv(t)
	n := 20
	if testing.Short() {
		n = 4
	}
	for seed := uint64(1); seed <= uint64(n); seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			tree := randomTree(rand.New(rand.NewPCG(seed, 0x5eed)))
			root := tree.build(t, env)
			var all []string
			err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
				if d != nil && d.Name() == ".git" {
					return filepath.SkipDir
				}
				if d != nil && d.Type().IsRegular() {
					all = append(all, p)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			dirs := []string{root}
			for _, d := range folders(t, root) {
				dirs = append(dirs, filepath.Join(root, filepath.FromSlash(d)))
			}
			for _, dir := range dirs {
				walked := walkSet(t, dir)
				for _, p := range all {
					rel, err := filepath.Rel(dir, p)
					if err != nil || !filepath.IsLocal(rel) {
						continue
					}
					want := slices.Contains(walked, filepath.ToSlash(rel))
					got, errs := walk.Visits(dir, p, walk.Options{})
					if got != want || len(errs) > 0 {
						t.Errorf("Visits(%s, %s) = %v %v, walk visits it: %v", dir, rel, got, errs, want)
					}
				}
			}
		})
	}
}

func TestVisitsEdges(t *testing.T) {
	root := t.TempDir()
	for name, data := range map[string]string{
		".recoverlintignore": "fixtures/\n",
		"docs/a.md":          "x",
		"fixtures/b.md":      "x",
	} {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(root, "docs", "a.md"), filepath.Join(root, "link.md")); err != nil {
		t.Fatal(err)
	}
	notMD := func(rel string) bool { return filepath.Ext(rel) == ".md" }
	for _, tc := range []struct {
		path string
		opts walk.Options
		want bool
	}{
		{"docs/a.md", walk.Options{}, true},
		{"docs/new.md", walk.Options{}, true}, // not on disk yet: an unsaved buffer
		{"fixtures/b.md", walk.Options{}, false},
		{"link.md", walk.Options{}, false},
		{"docs", walk.Options{}, false},
		{"../outside.md", walk.Options{}, false},
		{".git/config", walk.Options{}, false},
		{"docs/a.txt", walk.Options{Select: notMD}, false},
		{"docs/a.md", walk.Options{Select: notMD}, true},
		{"nosuch/a.md", walk.Options{}, true},
		{"fixtures/nosuch/a.md", walk.Options{}, false},
	} {
		got, _ := walk.Visits(root, filepath.Join(root, filepath.FromSlash(tc.path)), tc.opts)
		if got != tc.want {
			t.Errorf("Visits(%s) = %v, want %v", tc.path, got, tc.want)
		}
	}
}
