package walk_test

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/walk"
)

// The oracle tests build trees inside git repositories and compare the
// files Walk visits with the files
//
//	git ls-files --cached --others --exclude-standard
//
// lists, run with no global or system configuration, less the files that
// the .recoverlintignore files exclude: those are recoverlint's own
// exclusions, judged apart from git's rules and applied to tracked files
// too (see withoutOwn for how git is asked about them). Trees hold no symbolic links (the
// walker skips them, git would list them); nested repositories, which git
// lists as "dir/", and submodules, which it lists as their folder, are not
// files and are dropped from its answer.

// gitTree describes a repository to build.
type gitTree struct {
	files   map[string]string // written first
	track   []string          // then added to the index with "git add -f"
	intent  []string          // added with "git add -N" (intent to add)
	commit  bool              // commit what was added
	later   map[string]string // written after tracking: ignore files change, files appear
	exclude string            // .git/info/exclude
	nested  []string          // folders made into their own repositories at the end
	// indexVersion rewrites the index in that format version (0 keeps
	// git's choice); splitIndex turns the index into a split index.
	indexVersion int
	splitIndex   bool
}

func needGit(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not on PATH")
	}
}

// gitEnv returns an environment for git with no global or system config
// and nothing inherited that would point git elsewhere.
func gitEnv(t testing.TB) []string {
	t.Helper()
	home := t.TempDir()
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GIT_") && !strings.HasPrefix(kv, "HOME=") &&
			!strings.HasPrefix(kv, "XDG_CONFIG_HOME=") {
			env = append(env, kv)
		}
	}
	return append(env, "HOME="+home, "XDG_CONFIG_HOME="+home, "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
}

func runGit(t testing.TB, env []string, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git %s in %s: %v\n%s", strings.Join(args, " "), dir, err, stderr.String())
	}
	return string(out)
}

func writeFiles(t testing.TB, root string, files map[string]string) {
	t.Helper()
	for rel, content := range files {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// build creates the tree in a new temporary repository and returns its top.
func (g gitTree) build(t testing.TB, env []string) string {
	t.Helper()
	root := t.TempDir()
	runGit(t, env, root, "init", "-q", ".")
	writeFiles(t, root, g.files)
	for _, batch := range chunks(g.track, 200) {
		runGit(t, env, root, append([]string{"add", "-f", "--"}, batch...)...)
	}
	for _, batch := range chunks(g.intent, 200) {
		runGit(t, env, root, append([]string{"add", "-f", "-N", "--"}, batch...)...)
	}
	if g.commit && len(g.track) > 0 {
		runGit(t, env, root, "commit", "-q", "-m", "tracked files")
	}
	writeFiles(t, root, g.later)
	if g.exclude != "" {
		writeFiles(t, root, map[string]string{".git/info/exclude": g.exclude})
	}
	if g.indexVersion != 0 {
		runGit(t, env, root, "update-index", "--index-version", strconv.Itoa(g.indexVersion))
	}
	if g.splitIndex {
		runGit(t, env, root, "update-index", "--split-index")
	}
	for _, dir := range g.nested {
		runGit(t, env, filepath.Join(root, filepath.FromSlash(dir)), "init", "-q", ".")
	}
	return root
}

func chunks(s []string, n int) [][]string {
	var out [][]string
	for len(s) > n {
		out = append(out, s[:n])
		s = s[n:]
	}
	if len(s) > 0 {
		out = append(out, s)
	}
	return out
}

// walkSet walks dir and returns the visited files as sorted slash paths
// relative to dir. Any error fails the test.
func walkSet(t testing.TB, dir string) []string {
	t.Helper()
	var got []string
	errs := walk.Walk([]string{dir}, walk.Options{}, func(f walk.File) {
		if f.Explicit {
			t.Errorf("%s: visited as explicit during a folder walk", f.Path)
		}
		rel, err := filepath.Rel(dir, f.Path)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, filepath.ToSlash(rel))
	})
	for _, e := range errs {
		t.Errorf("walk error: %v", e)
	}
	sort.Strings(got)
	return got
}

// gitSet lists what git reports in dir (after the merge), as sorted slash
// paths relative to dir, leaving out folders (nested repositories and
// submodules) and the .gitignore files the merge created. root is the top
// of the tree, for the paths of created.
func gitSet(t testing.TB, env []string, root, dir string, created map[string]bool, args ...string) []string {
	t.Helper()
	if len(args) == 0 {
		args = []string{"--cached", "--others", "--exclude-standard"}
	}
	out := runGit(t, env, dir, append([]string{"ls-files", "-z"}, args...)...)
	var set []string
	for _, p := range strings.Split(out, "\x00") {
		if p == "" || strings.HasSuffix(p, "/") {
			continue
		}
		full := filepath.Join(dir, filepath.FromSlash(p))
		fi, err := os.Lstat(full)
		if err != nil || !fi.Mode().IsRegular() {
			continue
		}
		if rel, _ := filepath.Rel(root, full); created[filepath.ToSlash(rel)] {
			continue
		}
		set = append(set, p)
	}
	sort.Strings(set)
	return dedupe(set)
}

func dedupe(s []string) []string {
	return slices.Compact(s)
}

// folders returns every folder under root, as slash paths, .git excluded.
func folders(t testing.TB, root string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() || p == root {
			return nil
		}
		if d.Name() == ".git" {
			return filepath.SkipDir
		}
		rel, _ := filepath.Rel(root, p)
		out = append(out, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// checkAgainstGit walks the tree's top and each of its folders, then asks
// git, and reports every difference. Folders are compared only when git
// itself walks into them (it lists an untracked file below them): the
// walker always enters a folder it is given, git does not enter an
// excluded one.
func checkAgainstGit(t *testing.T, env []string, root string) {
	t.Helper()
	walked := map[string][]string{"": walkSet(t, root)}
	for _, dir := range folders(t, root) {
		walked[dir] = walkSet(t, filepath.Join(root, filepath.FromSlash(dir)))
	}
	compareSets(t, "top", walked[""], withoutOwn(t, env, root, root, gitSet(t, env, root, root, nil)))

	entered := map[string]bool{}
	for _, p := range withoutOwn(t, env, root, root, gitSet(t, env, root, root, nil, "--others", "--exclude-standard")) {
		for d := filepath.ToSlash(filepath.Dir(p)); d != "."; d = filepath.ToSlash(filepath.Dir(d)) {
			entered[d] = true
		}
	}
	for dir := range entered {
		sub := filepath.Join(root, filepath.FromSlash(dir))
		compareSets(t, dir, walked[dir], withoutOwn(t, env, root, sub, gitSet(t, env, root, sub, nil)))
	}
}

func compareSets(t *testing.T, where string, got, want []string) {
	t.Helper()
	if slices.Equal(got, want) {
		return
	}
	var missing, extra []string
	for _, p := range want {
		if !slices.Contains(got, p) {
			missing = append(missing, p)
		}
	}
	for _, p := range got {
		if !slices.Contains(want, p) {
			extra = append(extra, p)
		}
	}
	t.Errorf("walking %s: differs from git\n  missed (git lists):  %q\n  extra (git omits):   %q", where, missing, extra)
}

func TestWalkMatchesGit(t *testing.T) {
	needGit(t)
	env := gitEnv(t)
	for _, tc := range []struct {
		name string
		tree gitTree
	}{
		{"no ignore files", gitTree{files: map[string]string{
			"a.md": "", "docs/b.md": "", "docs/deep/c.txt": "",
		}}},
		{"base name pattern at any depth", gitTree{files: map[string]string{
			".gitignore": "*.log\nbuild\n", "a.log": "", "x/b.log": "", "x/y/c.log": "",
			"x/build/d.md": "", "build": "", "keep.md": "", "x/logs.md": "",
		}}},
		{"later line overrides earlier", gitTree{files: map[string]string{
			".gitignore": "*.md\n!keep.md\n*.txt\n!*.txt\nnotes.txt\n",
			"a.md":       "", "keep.md": "", "x/keep.md": "", "a.txt": "", "notes.txt": "",
		}}},
		{"deeper file overrides shallower", gitTree{files: map[string]string{
			".gitignore": "*.md\n!x/**\n", "a.md": "", "x/b.md": "",
			"y/.gitignore": "!*.md\nc.txt\n", "y/c.md": "", "y/c.txt": "", "c.txt": "",
			"y/z/.gitignore": "*.md\n", "y/z/d.md": "", "y/z/e.txt": "",
		}}},
		{"no re-inclusion under an excluded folder", gitTree{files: map[string]string{
			".gitignore":    "build/\n!build/keep.md\nout\n!out/keep.md\n",
			"build/keep.md": "", "build/x.md": "", "out/keep.md": "", "out/sub/keep.md": "",
			"out/.gitignore": "!keep.md\n",
		}}},
		{"re-include folder contents with folder/* form", gitTree{files: map[string]string{
			".gitignore":  "/gen/*\n!/gen/keep.md\n!/gen/sub/\n",
			"gen/keep.md": "", "gen/drop.md": "", "gen/sub/a.md": "", "gen/other/b.md": "",
		}}},
		{"leading slash anchors", gitTree{files: map[string]string{
			".gitignore": "/top.md\n/dir\n", "top.md": "", "x/top.md": "",
			"dir/a.md": "", "x/dir/b.md": "",
			"x/.gitignore": "/c.md\n", "x/c.md": "", "x/y/c.md": "", "c.md": "",
		}}},
		{"slash in the middle anchors to the ignore file folder", gitTree{files: map[string]string{
			".gitignore": "doc/*.txt\n", "doc/a.txt": "", "doc/sub/b.txt": "", "x/doc/c.txt": "",
			"x/.gitignore": "y/*.md\n", "x/y/d.md": "", "y/e.md": "", "x/z/y/f.md": "",
		}}},
		{"trailing slash matches folders only", gitTree{files: map[string]string{
			".gitignore": "cache/\nlog/\n", "cache/a": "", "x/cache/b": "", "log": "", "x/log": "",
			"y/log/c": "",
		}}},
		{"double star forms", gitTree{files: map[string]string{
			".gitignore": "**/tmp\nroot/**\na/**/z.md\n**/q/*.log\nx**y\nm/**n.md\n",
			"tmp":        "", "d/e/tmp": "", "d/tmp/f": "", "root/a": "", "root/b/c": "", "sub/root": "",
			"a/z.md": "", "a/b/z.md": "", "a/b/c/z.md": "", "b/a/z.md": "",
			"q/1.log": "", "w/q/2.log": "", "w/q/r/3.log": "",
			"xay": "", "x/y": "", "xy": "", "m/n.md": "", "m/an.md": "", "m/a/n.md": "",
		}}},
		{"single star and question mark stop at slashes", gitTree{files: map[string]string{
			".gitignore": "a/*/c\nf?o\nd/?\n", "a/b/c": "", "a/b/x/c": "", "a/c": "",
			"foo": "", "f/o": "", "fxo/1": "", "d/e": "", "d/ef": "",
		}}},
		{"character classes", gitTree{files: map[string]string{
			".gitignore": "file[0-2]\nfile[!a-c]x\n[[:upper:]]*\nv[]]\nw[!]]\nq[\\]]r\n[a-]z\n",
			"file0":      "", "file3": "", "file5x": "", "filebx": "", "Cap": "", "cap": "",
			"v]": "", "vx": "", "wa": "", "w]": "", "q]r": "", "-z": "", "az": "", "bz": "",
		}}},
		{"escapes, comments and blank lines", gitTree{files: map[string]string{
			".gitignore":   "# comment.md\n\n\\#hash.md\n\\!bang.md\n \n   # not a comment\n",
			"# comment.md": "", "#hash.md": "", "!bang.md": "", "   # not a comment": "",
		}}},
		{"trailing spaces", gitTree{files: map[string]string{
			".gitignore": "sp\\ \ntwo\\ \\ \nplain   \nmix\\  \n",
			"sp ":        "", "sp": "", "two  ": "", "plain": "", "plain   ": "", "mix ": "", "mix  ": "",
		}}},
		{"byte order mark and CRLF line ends", gitTree{files: map[string]string{
			".gitignore": "\xef\xbb\xbfbom.md\r\ncr.md\r\n!keep.md\r\n*.md\r\n", "bom.md": "",
			"cr.md": "", "keep.md": "", "cr.md\r": "",
		}}},
		{"trailing backslash never matches", gitTree{files: map[string]string{
			".gitignore": "back\\\n", "back\\": "", "back": "",
		}}},
		{"info exclude applies below ignore files", gitTree{
			files:   map[string]string{".gitignore": "!b.md\n", "a.md": "", "b.md": "", "x/c.md": ""},
			exclude: "*.md\n",
		}},
		{"tracked files stay listed when ignored later", gitTree{
			files: map[string]string{"a.md": "", "b.md": "", "gen/c.md": "", "gen/d.md": "", "x/e.md": ""},
			track: []string{"a.md", "gen/c.md"}, commit: true,
			later: map[string]string{".gitignore": "*.md\ngen/\n", "gen/new.md": ""},
		}},
		{"index version 4 with shared prefixes", gitTree{
			files: map[string]string{
				"docs/guide/a.md": "", "docs/guide/ab.md": "", "docs/guide/abc.md": "",
				"docs/other.md": "", "z.md": "",
			},
			track:        []string{"docs/guide/a.md", "docs/guide/ab.md", "docs/guide/abc.md", "docs/other.md", "z.md"},
			later:        map[string]string{".gitignore": "*.md\n"},
			indexVersion: 4,
		}},
		{"index version 3 with intent to add", gitTree{
			files:  map[string]string{"a.md": "", "b.md": "", "c.md": ""},
			track:  []string{"a.md"},
			intent: []string{"b.md"},
			later:  map[string]string{".gitignore": "*.md\n"},
		}},
		{"split index", gitTree{
			files: map[string]string{"a.md": "", "b.md": "", "c.md": ""},
			track: []string{"a.md", "b.md"}, commit: true,
			later:      map[string]string{".gitignore": "*.md\n"},
			splitIndex: true,
		}},
		{"recoverlintignore at any level", gitTree{files: map[string]string{
			".recoverlintignore": "drafts/\n*.tmp.md\n", "drafts/a.md": "", "b.tmp.md": "",
			"x/.gitignore": "*.md\n", "x/.recoverlintignore": "!keep.md\n", "x/keep.md": "",
			"x/drop.md": "", "x/c.tmp.md": "", "ok.md": "",
		}}},
		{"nested repository is not entered", gitTree{
			files:  map[string]string{"a.md": "", "vendor/lib/b.md": "", "other/c.md": ""},
			nested: []string{"vendor/lib"},
		}},
		{"ignore file that is a folder", gitTree{files: map[string]string{
			".gitignore/x": "", "a.md": "",
		}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := tc.tree.build(t, env)
			checkAgainstGit(t, env, root)
		})
	}
}

// withoutOwn drops from set the files that the .recoverlintignore files
// exclude. git judges that too: in a copy of the tree where each
// .recoverlintignore serves as its folder's .gitignore and nothing is
// tracked, git lists the files it does not ignore; the real .gitignore
// files, absent from the copy, are put to git check-ignore there.
func withoutOwn(t testing.TB, env []string, root, dir string, set []string) []string {
	t.Helper()
	shadow := t.TempDir()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() {
			if d.Name() == ".git" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(shadow, rel), 0o755)
		}
		if !d.Type().IsRegular() || d.Name() == ".gitignore" {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if d.Name() == ".recoverlintignore" {
			if err := os.WriteFile(filepath.Join(shadow, filepath.Dir(rel), ".gitignore"), data, 0o644); err != nil {
				return err
			}
		}
		return os.WriteFile(filepath.Join(shadow, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	runGit(t, env, shadow, "init", "-q")
	sub, _ := filepath.Rel(root, dir)
	kept := map[string]bool{}
	for _, p := range gitSet(t, env, shadow, filepath.Join(shadow, sub), nil, "--others", "--exclude-standard") {
		if path.Base(p) != ".gitignore" { // the rules' stand-in, not a file of the real tree
			kept[p] = true
		}
	}
	var real []string
	for _, p := range set {
		if path.Base(p) == ".gitignore" {
			real = append(real, p)
		}
	}
	if len(real) > 0 {
		cmd := exec.Command("git", "check-ignore", "--no-index", "--stdin", "-z", "--non-matching", "--verbose")
		cmd.Dir = filepath.Join(shadow, sub)
		cmd.Env = env
		cmd.Stdin = strings.NewReader(strings.Join(real, "\x00") + "\x00")
		out, _ := cmd.Output() // exit 1 when nothing is ignored
		// records of four NUL-terminated fields: source, line, pattern, path;
		// a path no pattern matched has an empty source
		f := strings.Split(string(out), "\x00")
		for i := 0; i+3 < len(f); i += 4 {
			src, pattern, p := f[i], f[i+2], f[i+3]
			if src == "" || strings.HasPrefix(pattern, "!") {
				kept[p] = true
			}
		}
	}
	var out []string
	for _, p := range set {
		if kept[p] {
			out = append(out, p)
		}
	}
	return out
}
