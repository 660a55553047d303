package walk_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/walk"
)

// visit collects what a walk visits, in order.
type visit struct {
	paths    []string
	explicit []bool
}

func walkAll(paths []string, opts walk.Options) (visit, []walk.Error) {
	var v visit
	errs := walk.Walk(paths, opts, func(f walk.File) {
		v.paths = append(v.paths, f.Path)
		v.explicit = append(v.explicit, f.Explicit)
	})
	return v, errs
}

// relPaths turns visited paths into sorted slash paths relative to root.
func relPaths(t *testing.T, root string, paths []string) []string {
	t.Helper()
	out := make([]string, 0, len(paths))
	for _, p := range paths {
		rel, err := filepath.Rel(root, p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, filepath.ToSlash(rel))
	}
	sort.Strings(out)
	return out
}

// plainDir returns a temporary folder that is not inside any git work
// tree, skipping the test if the temporary folder happens to be.
func plainDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			t.Skipf("temporary folder %s lies in a git work tree", dir)
		}
		if filepath.Dir(d) == d {
			return dir
		}
	}
}

func TestWalkErrors(t *testing.T) {
	root := plainDir(t)
	writeFiles(t, root, map[string]string{"ok.md": "", "locked/secret.md": "", "after.md": ""})
	missing := filepath.Join(root, "missing.md")
	locked := filepath.Join(root, "locked")

	for _, tc := range []struct {
		name      string
		paths     []string
		setup     func(t *testing.T)
		wantErr   []string // Path of each Error, in order
		wantIs    error    // each error must wrap this, when set
		wantFiles []string // visited, relative to root, sorted
	}{
		{
			name:      "nonexistent path, walk goes on",
			paths:     []string{missing, filepath.Join(root, "ok.md")},
			wantErr:   []string{missing},
			wantIs:    fs.ErrNotExist,
			wantFiles: []string{"ok.md"},
		},
		{
			name:      "nonexistent paths each reported",
			paths:     []string{missing, filepath.Join(root, "nope")},
			wantErr:   []string{missing, filepath.Join(root, "nope")},
			wantIs:    fs.ErrNotExist,
			wantFiles: []string{},
		},
		{
			name:  "unreadable folder",
			paths: []string{root},
			setup: func(t *testing.T) {
				if err := os.Chmod(locked, 0); err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { _ = os.Chmod(locked, 0o755) })
				if _, err := os.ReadDir(locked); err == nil {
					t.Skip("folder still readable with mode 000 (running as root)")
				}
			},
			wantErr:   []string{locked},
			wantIs:    fs.ErrPermission,
			wantFiles: []string{"after.md", "ok.md"},
		},
		{
			name:      "readable tree has no errors",
			paths:     []string{root},
			wantFiles: []string{"after.md", "locked/secret.md", "ok.md"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.setup != nil {
				tc.setup(t)
			}
			v, errs := walkAll(tc.paths, walk.Options{})
			var gotErr []string
			for _, e := range errs {
				gotErr = append(gotErr, e.Path)
				if tc.wantIs != nil && !errors.Is(e, tc.wantIs) {
					t.Errorf("error %v does not wrap %v", e, tc.wantIs)
				}
				if n := strings.Count(e.Error(), e.Path); n != 1 {
					t.Errorf("error text %q names its path %d times, want once", e.Error(), n)
				}
			}
			if !slices.Equal(gotErr, tc.wantErr) {
				t.Errorf("errors for %q, want %q", gotErr, tc.wantErr)
			}
			if got := relPaths(t, root, v.paths); !slices.Equal(got, tc.wantFiles) {
				t.Errorf("visited %q, want %q", got, tc.wantFiles)
			}
		})
	}
}

func TestWalkUnreadableIgnoreFile(t *testing.T) {
	root := plainDir(t)
	writeFiles(t, root, map[string]string{".gitignore": "*.md\n", "a.md": "", "b.txt": ""})
	gi := filepath.Join(root, ".gitignore")
	if err := os.Chmod(gi, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := os.ReadFile(gi); err == nil {
		t.Skip("file still readable with mode 000 (running as root)")
	}
	v, errs := walkAll([]string{root}, walk.Options{})
	if len(errs) != 1 || errs[0].Path != gi || !errors.Is(errs[0], fs.ErrPermission) {
		t.Errorf("errors %v, want one permission error for %s", errs, gi)
	}
	// Without its rules nothing is excluded.
	if got, want := relPaths(t, root, v.paths), []string{".gitignore", "a.md", "b.txt"}; !slices.Equal(got, want) {
		t.Errorf("visited %q, want %q", got, want)
	}
}

func TestWalkExplicitFiles(t *testing.T) {
	root := plainDir(t)
	writeFiles(t, root, map[string]string{
		".gitignore": "*.md\n", "a.md": "", "b.txt": "", "sub/c.md": "",
		".recoverlintignore": "*.txt\n",
	})
	never := func(string) bool { return false }
	for _, tc := range []struct {
		name         string
		paths        []string
		opts         walk.Options
		wantPaths    []string
		wantExplicit []bool
	}{
		{
			name:         "ignored file named directly is visited",
			paths:        []string{filepath.Join(root, "a.md")},
			wantPaths:    []string{filepath.Join(root, "a.md")},
			wantExplicit: []bool{true},
		},
		{
			name:         "select is not asked about named files",
			paths:        []string{filepath.Join(root, "sub", "c.md"), filepath.Join(root, "b.txt")},
			opts:         walk.Options{Select: never},
			wantPaths:    []string{filepath.Join(root, "sub", "c.md"), filepath.Join(root, "b.txt")},
			wantExplicit: []bool{true, true},
		},
		{
			name:         "the same folder walked finds only unignored files",
			paths:        []string{root},
			wantPaths:    []string{filepath.Join(root, ".gitignore"), filepath.Join(root, ".recoverlintignore")},
			wantExplicit: []bool{false, false},
		},
		{
			name:         "a file reached twice is visited once",
			paths:        []string{filepath.Join(root, ".gitignore"), root},
			wantPaths:    []string{filepath.Join(root, ".gitignore"), filepath.Join(root, ".recoverlintignore")},
			wantExplicit: []bool{true, false},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, errs := walkAll(tc.paths, tc.opts)
			if len(errs) > 0 {
				t.Fatalf("errors: %v", errs)
			}
			if !slices.Equal(v.paths, tc.wantPaths) || !slices.Equal(v.explicit, tc.wantExplicit) {
				t.Errorf("visited %q explicit %v, want %q explicit %v", v.paths, v.explicit, tc.wantPaths, tc.wantExplicit)
			}
		})
	}
}

func TestWalkSymlinksNotFollowed(t *testing.T) {
	root := plainDir(t)
	outside := t.TempDir()
	writeFiles(t, outside, map[string]string{"far.md": "", "deep/far2.md": ""})
	writeFiles(t, root, map[string]string{"real.md": ""})
	for _, link := range []struct{ target, name string }{
		{filepath.Join(outside, "far.md"), "file-link.md"},
		{outside, "dir-link"},
		{"real.md", "relative-link.md"},
		{"nowhere", "dangling.md"},
	} {
		if err := os.Symlink(link.target, filepath.Join(root, link.name)); err != nil {
			t.Skipf("cannot make symbolic links: %v", err)
		}
	}
	v, errs := walkAll([]string{root}, walk.Options{})
	if len(errs) > 0 {
		t.Fatalf("errors: %v", errs)
	}
	if got, want := relPaths(t, root, v.paths), []string{"real.md"}; !slices.Equal(got, want) {
		t.Errorf("visited %q, want %q", got, want)
	}

	// A link named on the command line is resolved like any argument.
	named := filepath.Join(root, "file-link.md")
	v, errs = walkAll([]string{named}, walk.Options{})
	if len(errs) > 0 || !slices.Equal(v.paths, []string{named}) {
		t.Errorf("named link: visited %q errors %v, want %q", v.paths, errs, named)
	}
}

func TestWalkNeverEntersGitFolder(t *testing.T) {
	needGit(t)
	env := gitEnv(t)
	root := gitTree{files: map[string]string{"a.md": ""}, track: []string{"a.md"}, commit: true}.build(t, env)
	writeFiles(t, root, map[string]string{".git/notes.md": "", ".git/sub/x.md": ""})
	for _, tc := range []struct {
		name  string
		path  string
		wantN int
	}{
		{"walking the work tree", root, 1},
		{"walking .git itself", filepath.Join(root, ".git"), 0},
		{"walking inside .git", filepath.Join(root, ".git", "sub"), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, errs := walkAll([]string{tc.path}, walk.Options{})
			if len(errs) > 0 {
				t.Fatalf("errors: %v", errs)
			}
			for _, p := range v.paths {
				if slices.Contains(strings.Split(filepath.ToSlash(p), "/"), ".git") {
					t.Errorf("visited %s inside .git", p)
				}
			}
			if len(v.paths) != tc.wantN {
				t.Errorf("visited %q, want %d files", v.paths, tc.wantN)
			}
		})
	}
}

func TestWalkSelectAndOrder(t *testing.T) {
	root := plainDir(t)
	writeFiles(t, root, map[string]string{
		"b.md": "", "a/x.md": "", "a.md": "", "c/d/e.txt": "", "c/B.md": "", "a/y.txt": "",
	})
	var asked []string
	onlyMD := func(rel string) bool {
		asked = append(asked, rel)
		return strings.HasSuffix(rel, ".md")
	}
	v, errs := walkAll([]string{root}, walk.Options{Select: onlyMD})
	if len(errs) > 0 {
		t.Fatalf("errors: %v", errs)
	}
	// Lexical per folder, depth first: "a" < "a.md" < "b.md" < "c".
	wantAsked := []string{"a/x.md", "a/y.txt", "a.md", "b.md", "c/B.md", "c/d/e.txt"}
	if !slices.Equal(asked, wantAsked) {
		t.Errorf("select asked about %q, want %q", asked, wantAsked)
	}
	var want []string
	for _, rel := range wantAsked {
		if strings.HasSuffix(rel, ".md") {
			want = append(want, filepath.Join(root, filepath.FromSlash(rel)))
		}
	}
	if !slices.Equal(v.paths, want) {
		t.Errorf("visited %q, want %q", v.paths, want)
	}
}

func TestWalkPathJoinsRootAsGiven(t *testing.T) {
	root := plainDir(t)
	writeFiles(t, root, map[string]string{"docs/a.md": ""})
	t.Chdir(root)
	for _, tc := range []struct{ arg, want string }{
		{".", filepath.Join("docs", "a.md")},
		{"./docs/", filepath.Join("docs", "a.md")},
		{"docs", filepath.Join("docs", "a.md")},
		{filepath.Join(root, "docs"), filepath.Join(root, "docs", "a.md")},
	} {
		v, errs := walkAll([]string{tc.arg}, walk.Options{})
		if len(errs) > 0 || !slices.Equal(v.paths, []string{tc.want}) {
			t.Errorf("walk %q: visited %q errors %v, want %q", tc.arg, v.paths, errs, tc.want)
		}
	}
}

// TestWalkOutsideRepository checks a tree with no repository against git's
// answer for the same tree in a fresh repository with nothing tracked.
func TestWalkOutsideRepository(t *testing.T) {
	needGit(t)
	env := gitEnv(t)
	files := map[string]string{
		".gitignore": "*.log\n/out/\n!keep.log\n", "a.md": "", "b.log": "", "keep.log": "",
		"out/c.md": "", "x/out/d.md": "", "x/.gitignore": "!*.log\n*.md\n", "x/e.log": "",
		"x/f.md": "", ".recoverlintignore": "drafts/\n", "drafts/g.md": "", "y/drafts": "",
	}
	plain := plainDir(t)
	writeFiles(t, plain, files)
	got := walkSet(t, plain)

	repo := gitTree{files: files}.build(t, env)
	compareSets(t, "plain folder", got, withoutOwn(t, env, repo, repo, gitSet(t, env, repo, repo, nil)))
}

// TestWalkRepositoriesBelowPlainFolder checks that a repository found below
// a folder outside any repository is walked with its own rules and index,
// and without the rules of the plain folders above it.
func TestWalkRepositoriesBelowPlainFolder(t *testing.T) {
	needGit(t)
	env := gitEnv(t)
	plain := plainDir(t)
	writeFiles(t, plain, map[string]string{".gitignore": "*.txt\n", "top.txt": "", "top.md": ""})
	proj := filepath.Join(plain, "proj")
	writeFiles(t, proj, map[string]string{"a.md": "", "b.txt": "", "c.md": ""})
	runGit(t, env, proj, "init", "-q", ".")
	runGit(t, env, proj, "add", "c.md")
	writeFiles(t, proj, map[string]string{".gitignore": "*.md\n"})

	got := walkSet(t, plain)
	want := []string{".gitignore", "proj/.gitignore", "proj/b.txt", "proj/c.md", "top.md"}
	if !slices.Equal(got, want) {
		t.Errorf("visited %q, want %q", got, want)
	}
	compareSets(t, "proj", walkSet(t, proj), gitSet(t, env, proj, proj, nil))
}

func TestWalkIgnoredFolderNamedDirectly(t *testing.T) {
	needGit(t)
	env := gitEnv(t)
	root := gitTree{files: map[string]string{
		".gitignore": "build/\n*.log\n", "build/a.md": "", "build/b.log": "", "build/sub/c.md": "",
	}}.build(t, env)
	got := walkSet(t, filepath.Join(root, "build"))
	// The folder is walked because it was named; the rules above it still
	// apply to its contents.
	if want := []string{"a.md", "sub/c.md"}; !slices.Equal(got, want) {
		t.Errorf("visited %q, want %q", got, want)
	}
}

func TestWalkLinkedWorktree(t *testing.T) {
	needGit(t)
	env := gitEnv(t)
	main := gitTree{
		files:  map[string]string{"a.md": "", "b.md": "", "docs/c.md": ""},
		track:  []string{"a.md", "b.md", "docs/c.md"},
		commit: true,
	}.build(t, env)
	wt := filepath.Join(t.TempDir(), "wt")
	runGit(t, env, main, "worktree", "add", "-q", wt)
	writeFiles(t, main, map[string]string{".git/info/exclude": "*.txt\n"})
	writeFiles(t, wt, map[string]string{".gitignore": "*.md\n", "new.md": "", "new.txt": "", "new.go": ""})
	if fi, err := os.Lstat(filepath.Join(wt, ".git")); err != nil || fi.IsDir() {
		t.Fatalf("worktree .git should be a file: %v", err)
	}
	compareSets(t, "worktree", walkSet(t, wt), gitSet(t, env, wt, wt, nil))
}

func TestWalkDamagedIndex(t *testing.T) {
	needGit(t)
	env := gitEnv(t)
	root := gitTree{
		files: map[string]string{"a.md": "", "b.txt": ""},
		track: []string{"a.md"},
		later: map[string]string{".gitignore": "*.md\n"},
	}.build(t, env)
	index := filepath.Join(root, ".git", "index")
	if err := os.WriteFile(index, []byte("DIRC\x00\x00\x00\x02\x00\x00\x00\x05junk"), 0o644); err != nil {
		t.Fatal(err)
	}
	v, errs := walkAll([]string{root}, walk.Options{})
	if len(errs) != 1 || errs[0].Path != index {
		t.Fatalf("errors %v, want one for %s", errs, index)
	}
	// With no index the tracked a.md falls to the ignore rules.
	if got, want := relPaths(t, root, v.paths), []string{".gitignore", "b.txt"}; !slices.Equal(got, want) {
		t.Errorf("visited %q, want %q", got, want)
	}

	if err := os.Remove(index); err != nil {
		t.Fatal(err)
	}
	v, errs = walkAll([]string{root}, walk.Options{})
	if len(errs) != 0 {
		t.Errorf("missing index: errors %v, want none", errs)
	}
	if got, want := relPaths(t, root, v.paths), []string{".gitignore", "b.txt"}; !slices.Equal(got, want) {
		t.Errorf("missing index: visited %q, want %q", got, want)
	}
}

// TestWalkIgnoreFileLinks checks against git that an ignore file in the
// work tree is not read through a symbolic link, while info/exclude is.
func TestWalkIgnoreFileLinks(t *testing.T) {
	needGit(t)
	env := gitEnv(t)
	root := gitTree{files: map[string]string{"a.md": "", "b.txt": "", "c.log": "", "sub/d.md": ""}}.build(t, env)
	outside := t.TempDir()
	writeFiles(t, outside, map[string]string{"md-rules": "*.md\n", "txt-rules": "*.txt\n"})
	for _, link := range []struct{ target, name string }{
		{filepath.Join(outside, "md-rules"), filepath.Join(root, ".gitignore")},
		{filepath.Join(outside, "md-rules"), filepath.Join(root, "sub", ".gitignore")},
		{filepath.Join(outside, "txt-rules"), filepath.Join(root, ".git", "info", "exclude")},
	} {
		os.Remove(link.name)
		if err := os.Symlink(link.target, link.name); err != nil {
			t.Skipf("cannot make symbolic links: %v", err)
		}
	}
	got := walkSet(t, root)
	compareSets(t, "top", got, gitSet(t, env, root, root, nil))
	if want := []string{"a.md", "c.log", "sub/d.md"}; !slices.Equal(got, want) {
		t.Errorf("visited %q, want %q", got, want)
	}
}

// TestWalkOpenResolvesNamedLinks checks File.Open: a folder or a file
// named on the command line through a symbolic link is opened by its
// resolved path, so that the path to open holds no link; a path without
// links is opened as named.
func TestWalkOpenResolvesNamedLinks(t *testing.T) {
	base := plainDir(t)
	real := filepath.Join(base, "real")
	writeFiles(t, real, map[string]string{"a.md": "", "sub/b.md": ""})
	if err := os.Symlink(real, filepath.Join(base, "link")); err != nil {
		t.Skipf("cannot make symbolic links: %v", err)
	}
	if err := os.Symlink(filepath.Join(real, "a.md"), filepath.Join(base, "a-link.md")); err != nil {
		t.Fatal(err)
	}
	// the resolved form of the real folder, as EvalSymlinks spells it
	// (a temporary folder may itself lie behind a link)
	realResolved, err := filepath.EvalSymlinks(real)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		arg        string
		path, open []string
	}{
		{filepath.Join(base, "link"),
			[]string{filepath.Join(base, "link", "a.md"), filepath.Join(base, "link", "sub", "b.md")},
			[]string{filepath.Join(realResolved, "a.md"), filepath.Join(realResolved, "sub", "b.md")}},
		{filepath.Join(base, "link", "sub", "b.md"),
			[]string{filepath.Join(base, "link", "sub", "b.md")},
			[]string{filepath.Join(realResolved, "sub", "b.md")}},
		{filepath.Join(base, "a-link.md"),
			[]string{filepath.Join(base, "a-link.md")},
			[]string{filepath.Join(realResolved, "a.md")}},
	} {
		var paths, opens []string
		errs := walk.Walk([]string{tt.arg}, walk.Options{}, func(f walk.File) {
			paths = append(paths, f.Path)
			opens = append(opens, f.Open)
		})
		if len(errs) > 0 || !slices.Equal(paths, tt.path) || !slices.Equal(opens, tt.open) {
			t.Errorf("walk %s: paths %q, open %q, errors %v; want %q, %q", tt.arg, paths, opens, errs, tt.path, tt.open)
		}
	}
	if realResolved == real {
		var opens []string
		walk.Walk([]string{real}, walk.Options{}, func(f walk.File) { opens = append(opens, f.Open) })
		if !slices.Equal(opens, []string{"", ""}) {
			t.Errorf("walk %s: open %q, want the paths as named", real, opens)
		}
	}
}
