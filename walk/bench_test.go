package walk_test

import (
	"fmt"
	"maps"
	"os/exec"
	"slices"
	"testing"

	"github.com/recoverlint/recoverlint/walk"
)

// benchTree writes about 3,300 files in 330 folders, with an ignore file
// at the top and in every first-level folder. In a repository (when git is
// on PATH) the files are tracked before the ignore files appear, so the
// walk also consults the index.
func benchTree(b *testing.B) (root string, files int) {
	b.Helper()
	tree := map[string]string{}
	for i := range 30 {
		for j := range 10 {
			for k := range 10 {
				name := fmt.Sprintf("file%d.md", k)
				switch k {
				case 7:
					name = "debug.log"
				case 8:
					name = "scratch.tmp"
				}
				tree[fmt.Sprintf("pkg%02d/sub%d/%s", i, j, name)] = "text"
			}
		}
		tree[fmt.Sprintf("pkg%02d/gen/out.md", i)] = ""
		tree[fmt.Sprintf("pkg%02d/README.md", i)] = ""
	}
	ignores := map[string]string{".gitignore": "*.log\n!pkg00/**/debug.log\nbuild/\n**/node_modules/\n"}
	for i := range 30 {
		ignores[fmt.Sprintf("pkg%02d/.gitignore", i)] = "/gen/\n*.tmp\n!sub[0-3]/scratch.tmp\nsub9/file?.md\n"
	}
	root = b.TempDir()
	if _, err := exec.LookPath("git"); err == nil {
		env := gitEnv(b)
		g := gitTree{files: tree, later: ignores}
		for i, p := range slices.Sorted(maps.Keys(tree)) {
			if i%2 == 0 {
				g.track = append(g.track, p)
			}
		}
		root = g.build(b, env)
	} else {
		writeFiles(b, root, tree)
		writeFiles(b, root, ignores)
	}
	return root, len(tree) + len(ignores)
}

func BenchmarkWalk(b *testing.B) {
	root, total := benchTree(b)
	visited := 0
	b.ResetTimer()
	for b.Loop() {
		visited = 0
		errs := walk.Walk([]string{root}, walk.Options{}, func(walk.File) { visited++ })
		if len(errs) > 0 {
			b.Fatal(errs)
		}
	}
	b.ReportMetric(float64(visited), "files/op")
	b.ReportMetric(float64(total), "tree-files")
}
