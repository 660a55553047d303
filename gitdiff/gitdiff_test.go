package gitdiff_test

import (
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/gitdiff"
)

type R = gitdiff.Range

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		name string
		diff string
		want map[string][]R
	}{
		{"added and changed lines", `diff --git a/doc.md b/doc.md
index 1111111..2222222 100644
--- a/doc.md
+++ b/doc.md
@@ -2,0 +3,2 @@ title
+new one
+new two
@@ -9 +11 @@ more
-old
+changed
`, map[string][]R{"doc.md": {{3, 4}, {11, 11}}}},
		{"deletions only", `diff --git a/doc.md b/doc.md
--- a/doc.md
+++ b/doc.md
@@ -4,2 +3,0 @@
-gone
-gone too
`, map[string][]R{}},
		{"body lines that look like headers", `diff --git a/a.md b/a.md
--- a/a.md
+++ b/a.md
@@ -1,2 +1,3 @@
--- not a header
-@@ nor this
+++ b/trap.md
+@@ -1 +1 @@
+diff --git a/x b/x
@@ -10 +11 @@
-x
+y
`, map[string][]R{"a.md": {{1, 3}, {11, 11}}}},
		{"new file without a final newline", `diff --git a/new.md b/new.md
new file mode 100644
--- /dev/null
+++ b/new.md
@@ -0,0 +1,2 @@
+one
+two
\ No newline at end of file
`, map[string][]R{"new.md": {{1, 2}}}},
		{"deleted file", `diff --git a/old.md b/old.md
deleted file mode 100644
--- a/old.md
+++ /dev/null
@@ -1,2 +0,0 @@
-one
-two
`, map[string][]R{}},
		{"rename with an edit, then a pure rename", `diff --git a/a.md b/docs/b.md
similarity index 90%
rename from a.md
rename to docs/b.md
--- a/a.md
+++ b/docs/b.md
@@ -3 +3 @@
-x
+y
diff --git a/c.md b/d.md
similarity index 100%
rename from c.md
rename to d.md
`, map[string][]R{"docs/b.md": {{3, 3}}}},
		{"quoted and spaced paths", "diff --git \"a/caf\\303\\251.md\" \"b/caf\\303\\251.md\"\n--- \"a/caf\\303\\251.md\"\n+++ \"b/caf\\303\\251.md\"\n@@ -1 +1 @@\n-a\n+b\n" +
			"diff --git a/my notes.md b/my notes.md\n--- a/my notes.md\t\n+++ b/my notes.md\t\n@@ -1 +1,2 @@\n-a\n+b\n+c\n" +
			"diff --git \"a/tab\\there.md\" \"b/tab\\there.md\"\n--- \"a/tab\\there.md\"\n+++ \"b/tab\\there.md\"\n@@ -0,0 +1 @@\n+x\n",
			map[string][]R{"café.md": {{1, 1}}, "my notes.md": {{1, 2}}, "tab\there.md": {{1, 1}}}},
		{"touching hunks merge", `diff --git a/a.md b/a.md
--- a/a.md
+++ b/a.md
@@ -1 +1 @@
-a
+b
@@ -2 +2,2 @@
-c
+d
+e
@@ -9,0 +10 @@
+f
`, map[string][]R{"a.md": {{1, 3}, {10, 10}}}},
		{"binary change", "diff --git a/x.png b/x.png\nindex 1..2 100644\nBinary files a/x.png and b/x.png differ\n", map[string][]R{}},
		{"empty", "", map[string][]R{}},
	} {
		got, err := gitdiff.Parse([]byte(tc.diff))
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ name, diff, want string }{
		{"bad header", "diff --git a/a b/a\n--- a/a\n+++ b/a\n@@ -1 +x @@\n", "line 4: bad hunk header"},
		{"short header", "+++ b/a\n@@ -1 @@\n", "line 2: bad hunk header"},
		{"negative count", "+++ b/a\n@@ -1 +1,-2 @@\n", "bad line count"},
		{"no prefix", "+++ a\n", `line 1: path "a" does not start with b/`},
		{"bad quoting", "+++ \"b/a\\q\"\n", `unknown escape \q`},
		{"open quote", "+++ \"b/a\n", "bad quoting"},
		{"short octal", "+++ \"b/a\\30\"\n", "bad octal escape"},
	} {
		_, err := gitdiff.Parse([]byte(tc.diff))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}

// repo makes a git repository with the given files committed.
func repo(t *testing.T, files map[string]string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	run(t, dir, "init", "-q", "-b", "main")
	write(t, dir, files)
	run(t, dir, "add", "-A")
	run(t, dir, "commit", "-q", "-m", "base")
	return dir
}

func run(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return string(out)
}

func write(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func lines(n int, prefix string) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		b.WriteString(prefix + " line " + strings.Repeat("x", i%7) + "\n")
	}
	return b.String()
}

// TestSince changes a committed repository in every way a pull request
// can and checks each line of each file.
func TestSince(t *testing.T) {
	dir := repo(t, map[string]string{
		"docs/a.md":     "one\ntwo\nthree\nfour\nfive\n",
		"docs/old.md":   lines(20, "old"),
		"kept.md":       "same\n",
		"gone.md":       "bye\n",
		".gitignore":    "ignored/\n",
		"space name.md": "a\nb\n",
	})
	// edit a line and add two, unstaged
	write(t, dir, map[string]string{"docs/a.md": "one\nTWO\nthree\nfour\nfive\nsix\nseven\n"})
	// rename with one changed line, staged
	run(t, dir, "mv", "docs/old.md", "docs/new.md")
	write(t, dir, map[string]string{"docs/new.md": strings.Replace(lines(20, "old"), "old line xxx\n", "edited line\n", 1)})
	run(t, dir, "add", "docs/new.md")
	// delete, add untracked and ignored files, edit a file with a space
	os.Remove(filepath.Join(dir, "gone.md"))
	write(t, dir, map[string]string{"fresh.md": "n1\nn2\n", "ignored/x.md": "i\n", "space name.md": "a\nB\n"})

	c, err := gitdiff.Since(dir, "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	editedAt := strings.Index(lines(20, "old"), "old line xxx\n")
	editedLine := strings.Count(lines(20, "old")[:editedAt], "\n") + 1
	for _, tc := range []struct {
		path string
		new  []int // every other line of the file up to 25 is old
		all  bool  // every line is new
	}{
		{"docs/a.md", []int{2, 6, 7}, false},
		{"docs/new.md", []int{editedLine}, false},
		{"kept.md", nil, false},
		{"fresh.md", nil, true},
		{"ignored/x.md", nil, false},
		{"space name.md", []int{2}, false},
		{"gone.md", nil, false},
		{"../outside.md", nil, false},
	} {
		want := map[int]bool{}
		for _, l := range tc.new {
			want[l] = true
		}
		for l := 1; l <= 25; l++ {
			if got := c.Has(filepath.Join(dir, tc.path), l); got != (want[l] || tc.all) {
				t.Errorf("%s:%d: new %v, want %v", tc.path, l, got, want[l] || tc.all)
			}
		}
	}
	if c.Files["fresh.md"][0].End != math.MaxInt {
		t.Errorf("untracked file ranges %v", c.Files["fresh.md"])
	}
}

// TestSinceFromSubfolderAndLinks asks from a subfolder, through a link to
// the repository, with paths relative to the working directory.
func TestSinceFromSubfolderAndLinks(t *testing.T) {
	dir := repo(t, map[string]string{"docs/a.md": "one\n"})
	write(t, dir, map[string]string{"docs/a.md": "one\ntwo\n"})
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(dir, link); err != nil {
		t.Skip("no symbolic links:", err)
	}
	c, err := gitdiff.Since(filepath.Join(link, "docs"), "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Join(link, "docs"))
	if !c.Has("a.md", 2) || c.Has("a.md", 1) {
		t.Errorf("a.md seen from docs/ through a link: line 2 new %v, line 1 new %v", c.Has("a.md", 2), c.Has("a.md", 1))
	}
	if !c.Has(filepath.Join(dir, "docs", "a.md"), 2) {
		t.Error("the absolute path does not match")
	}
}

func TestSinceHistory(t *testing.T) {
	dir := repo(t, map[string]string{"a.md": "1\n2\n3\n"})
	base := strings.TrimSpace(run(t, dir, "rev-parse", "HEAD"))
	write(t, dir, map[string]string{"a.md": "1\n2\n3\n4\n"})
	run(t, dir, "commit", "-q", "-am", "four")
	write(t, dir, map[string]string{"a.md": "1\n2\n3\n4\n5\n"})
	for _, tc := range []struct {
		rev  string
		want []bool // lines 1..5
	}{
		{base, []bool{false, false, false, true, true}},
		{"HEAD", []bool{false, false, false, false, true}},
		{"HEAD~1", []bool{false, false, false, true, true}},
		{"main", []bool{false, false, false, false, true}},
	} {
		c, err := gitdiff.Since(dir, tc.rev)
		if err != nil {
			t.Fatalf("%s: %v", tc.rev, err)
		}
		for i, w := range tc.want {
			if got := c.Has(filepath.Join(dir, "a.md"), i+1); got != w {
				t.Errorf("since %s: line %d new %v, want %v", tc.rev, i+1, got, w)
			}
		}
	}
}

func TestSinceErrors(t *testing.T) {
	dir := repo(t, map[string]string{"a.md": "x\n"})
	blob := strings.TrimSpace(run(t, dir, "rev-parse", "HEAD:a.md"))
	for _, tc := range []struct {
		name, dir, rev, want string
	}{
		{"unknown revision", dir, "no-such-branch", `revision "no-such-branch" is not a commit`},
		{"an option", dir, "--output=/tmp/x", "want a commit"},
		{"empty", dir, "", "want a commit"},
		{"a blob", dir, blob, "is not a commit"},
		{"not a repository", t.TempDir(), "HEAD", "finding the git work tree"},
		{"missing folder", filepath.Join(dir, "nope"), "HEAD", "finding the git work tree"},
	} {
		_, err := gitdiff.Since(tc.dir, tc.rev)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}
