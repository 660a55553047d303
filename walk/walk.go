package walk

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// File is a file chosen for scanning.
type File struct {
	// Path is the path to open: the path as given on the command line,
	// joined with the file's path below it (filepath.Join).
	Path string
	// Explicit is set for a file named on the command line itself; such a
	// file is always scanned, whatever its name.
	Explicit bool
	// Open, when not empty, is the path to open in place of Path: Path
	// with the symbolic links of the folder named on the command line (or
	// of a named file) resolved. Below that folder the walk
	// follows no link, so a reader may refuse any link it meets on the
	// way to the file: one swapped in after the walk saw the path,
	// pointing out of the tree (issue 18).
	Open string
}

// Error is a path that could not be walked: it does not exist, or a
// folder, an ignore file or a git index could not be read.
type Error struct {
	Path string
	Err  error
}

func (e Error) Error() string { return e.Path + ": " + e.Err.Error() }

// Unwrap returns the underlying error, for errors.Is and errors.As.
func (e Error) Unwrap() error { return e.Err }

// Options tunes a walk.
type Options struct {
	// Select reports whether a file found by the walk (not one named on
	// the command line) should be scanned, given its slash-separated path
	// relative to the walked folder. nil selects every file.
	Select func(rel string) bool
}

// Walk visits the files under each path, in the order of paths. A file
// named directly is visited with Explicit set even if an ignore rule
// matches it; a folder is walked recursively, skipping what git ignores
// (see the package documentation). Within a folder, entries are visited in
// lexical order. Walk returns the errors it met; none of them stops it.
func Walk(paths []string, opts Options, visit func(File)) []Error {
	w := &walker{opts: opts, visit: visit, repos: map[string]*repo{}}
	if len(paths) > 1 {
		w.seen = map[string]bool{}
	}
	for _, p := range paths {
		w.walkPath(p)
	}
	return w.errs
}

// walker holds the state of one call to Walk.
type walker struct {
	opts  Options
	visit func(File)
	errs  []Error
	repos map[string]*repo // by absolute top folder, so each index is read once
	seen  map[string]bool  // absolute paths visited, when several paths were given
	// the folder being walked as named and with its links resolved,
	// when the two differ (File.Open)
	named, real string
	dirs        map[string]string // realDir's answers
}

// scope is the ignore context of a folder being walked: the repository it
// belongs to, if any, and the rule sets that apply, lowest precedence
// first. Paths matched against the rules are relative to top.
type scope struct {
	repo  *repo  // nil outside any repository
	top   string // absolute folder the rules' paths are relative to
	rules []*ruleSet
}

func (w *walker) fail(path string, err error) {
	w.errs = append(w.errs, Error{Path: path, Err: err})
}

// bare drops the path from an *fs.PathError, which Error.Path already
// names, keeping the cause and its operation.
func bare(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", pe.Op, pe.Err)
	}
	return err
}

func (w *walker) walkPath(p string) {
	info, err := os.Lstat(p)
	link := err == nil && info.Mode()&fs.ModeSymlink != 0
	if link {
		info, err = os.Stat(p)
	}
	if err != nil {
		w.fail(p, bare(err))
		return
	}
	switch {
	case info.Mode().IsRegular():
		if link {
			w.named, w.real = resolved(p)
		} else {
			// a checker given every file of a tree names each: its folder's
			// links are resolved once
			w.named, w.real = w.resolvedDir(filepath.Dir(p))
		}
		defer func() { w.named, w.real = "", "" }()
		w.emit(p, true, func() string {
			abs, err := filepath.Abs(p)
			if err != nil {
				return p
			}
			return abs
		})
	case info.IsDir():
		w.walkRoot(p)
	default:
		w.fail(p, fmt.Errorf("not a regular file or folder: %s", typeName(info.Mode())))
	}
}

// walkRoot walks a folder named on the command line.
func (w *walker) walkRoot(root string) {
	abs, err := filepath.Abs(root)
	if err != nil {
		w.fail(root, fmt.Errorf("resolving path: %w", err))
		return
	}
	if inGitDir(abs) {
		return
	}
	sc, rel := w.scopeAbove(abs)
	w.named, w.real = resolved(filepath.Clean(root))
	w.walkDir(sc, filepath.Clean(root), "", rel, false)
	w.named, w.real = "", ""
}

// resolvedDir is resolved for a folder of files named on the command
// line. A folder's answer is its parent's with its own name, or the link
// it is resolved, so that each folder costs one Lstat however many files
// name it and however deep it lies.
func (w *walker) resolvedDir(dir string) (named, real string) {
	if r := w.realDir(dir); r != dir {
		return dir, r
	}
	return "", ""
}

// realDir returns dir with its symbolic links resolved (dir itself where
// one cannot be read), remembered.
func (w *walker) realDir(dir string) string {
	if r, ok := w.dirs[dir]; ok {
		return r
	}
	if w.dirs == nil {
		w.dirs = map[string]string{}
	}
	r := dir
	if parent := filepath.Dir(dir); parent != dir {
		r = filepath.Join(w.realDir(parent), filepath.Base(dir))
		if info, err := os.Lstat(dir); err == nil && info.Mode()&fs.ModeSymlink != 0 {
			if e, err := filepath.EvalSymlinks(dir); err == nil {
				r = e
			} else {
				r = dir
			}
		}
	}
	w.dirs[dir] = r
	return r
}

// resolved returns a path named on the command line and the same path
// with its symbolic links resolved, or two empty strings where they are
// the same or the links cannot be read (files are then opened by their
// paths as named).
func resolved(p string) (named, real string) {
	r, err := filepath.EvalSymlinks(p)
	if err != nil || r == p {
		return "", ""
	}
	return p, r
}

// inGitDir reports whether the absolute path is or lies in a .git folder.
func inGitDir(abs string) bool {
	for _, part := range strings.Split(filepath.ToSlash(abs), "/") {
		if part == ".git" {
			return true
		}
	}
	return false
}

// scopeAbove builds the scope of the absolute folder dir: its repository,
// that repository's info/exclude, and the ignore files of the folders from
// the repository's top down to dir's parent. It returns dir's path
// relative to the scope's top. Outside any repository dir is the top.
func (w *walker) scopeAbove(dir string) (*scope, string) {
	top, ok := findTop(dir)
	if !ok {
		return &scope{top: dir}, ""
	}
	sc := w.repoScope(top)
	rel, err := filepath.Rel(top, dir)
	if err != nil || rel == "." {
		return sc, ""
	}
	rel = filepath.ToSlash(rel)
	parts := strings.Split(rel, "/")
	folder, base := top, ""
	for _, part := range parts {
		for _, name := range ignoreNames() {
			w.lookupRules(sc, filepath.Join(folder, name), base, os.Lstat)
		}
		folder = filepath.Join(folder, part)
		base += part + "/"
	}
	return sc, rel
}

// repoScope starts the scope of the work tree whose top is the absolute
// folder top, holding its info/exclude rules.
func (w *walker) repoScope(top string) *scope {
	r, ok := w.repos[top]
	if !ok {
		var err error
		r, err = openRepo(top)
		if err != nil {
			w.fail(filepath.Join(top, ".git"), err)
		}
		w.repos[top] = r
	}
	sc := &scope{repo: r, top: top}
	if r.gitDir != "" {
		// git reads info/exclude through a symbolic link, unlike the
		// ignore files inside the work tree.
		w.lookupRules(sc, r.excludeFile(), "", os.Stat)
	}
	return sc
}

// ignoreNames lists the per-folder ignore files in the order their rules
// are pushed.
func ignoreNames() [2]string { return [2]string{gitignoreName, recoverlintignoreName} }

// loadRules pushes onto the scope the ignore files of folder, found in its
// sorted listing entries. base is the folder's path relative to the
// scope's top ("" or ending in '/'). Only regular files count: git does not
// read an ignore file through a symbolic link in the work tree.
func (w *walker) loadRules(sc *scope, folder, base string, entries []fs.DirEntry) {
	for _, name := range ignoreNames() {
		if e, ok := findEntry(entries, name); ok && e.Type().IsRegular() {
			w.pushRules(sc, filepath.Join(folder, name), base)
		}
	}
}

// lookupRules pushes the ignore file at path if stat finds a regular file
// there; a missing file is no error.
func (w *walker) lookupRules(sc *scope, path, base string, stat func(string) (fs.FileInfo, error)) {
	fi, err := stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		w.fail(path, fmt.Errorf("reading ignore file: %w", bare(err)))
	case fi.Mode().IsRegular():
		w.pushRules(sc, path, base)
	}
}

// pushRules reads and compiles one ignore file onto the scope.
func (w *walker) pushRules(sc *scope, path, base string) {
	data, err := os.ReadFile(path)
	if err != nil {
		w.fail(path, fmt.Errorf("reading ignore file: %w", bare(err)))
		return
	}
	if set := parseRules(data, base); len(set.rules) > 0 {
		set.own = filepath.Base(path) == recoverlintignoreName
		sc.rules = append(sc.rules, set)
	}
}

// findEntry finds name in a listing sorted by name.
func findEntry(entries []fs.DirEntry, name string) (fs.DirEntry, bool) {
	i := sort.Search(len(entries), func(i int) bool { return entries[i].Name() >= name })
	if i < len(entries) && entries[i].Name() == name {
		return entries[i], true
	}
	return nil, false
}

// walkDir walks the folder at path, whose slash path is rel below the
// walked root and ign below the scope's top. In trackedOnly mode the folder
// is excluded and only the files the index tracks are visited.
func (w *walker) walkDir(sc *scope, path, rel, ign string, trackedOnly bool) {
	entries, err := os.ReadDir(path)
	if err != nil {
		w.fail(path, fmt.Errorf("reading folder: %w", bare(err)))
		if len(entries) == 0 {
			return
		}
	}
	if _, nested := findEntry(entries, ".git"); nested && !trackedOnly && ign != "" {
		// A submodule or nested repository.
		if sc.repo != nil {
			if !w.trackedIn(sc).hasUnder(ign) {
				return
			}
		} else {
			sc, ign = w.repoScope(filepath.Join(sc.top, filepath.FromSlash(ign))), ""
		}
	}
	depth := len(sc.rules)
	defer func() { sc.rules = sc.rules[:depth] }()
	base := ""
	if ign != "" {
		base = ign + "/"
	}
	if !trackedOnly {
		w.loadRules(sc, path, base, entries)
	} else if e, ok := findEntry(entries, recoverlintignoreName); ok && e.Type().IsRegular() {
		// in a folder git excludes, tracked files are still walked, and
		// recoverlint's own exclusions still apply to them
		w.pushRules(sc, filepath.Join(path, recoverlintignoreName), base)
	}
	for _, e := range entries {
		name := e.Name()
		typ := e.Type()
		if name == ".git" || !(typ.IsDir() || typ.IsRegular()) {
			continue // symbolic links and special files are never read
		}
		childPath := joinClean(path, name)
		childRel := joinSlash(rel, name)
		childIgn := joinSlash(ign, name)
		if w.ownExcluded(sc, childIgn, name, typ.IsDir()) {
			continue // .recoverlintignore excludes it, tracked or not
		}
		if typ.IsDir() {
			switch {
			case trackedOnly || w.excluded(sc, childIgn, name, true):
				if sc.repo != nil && w.trackedIn(sc).hasUnder(childIgn) {
					w.walkDir(sc, childPath, childRel, childIgn, true)
				}
			default:
				w.walkDir(sc, childPath, childRel, childIgn, false)
			}
			continue
		}
		if trackedOnly || w.excluded(sc, childIgn, name, false) {
			if sc.repo == nil || !w.trackedIn(sc).has(childIgn) {
				continue
			}
		}
		if w.opts.Select != nil && !w.opts.Select(childRel) {
			continue
		}
		w.emit(childPath, false, func() string {
			return filepath.Join(sc.top, filepath.FromSlash(childIgn))
		})
	}
}

// joinClean is filepath.Join for a parent that is already clean and a
// name without separators, which need no cleaning.
func joinClean(parent, name string) string {
	switch {
	case parent == ".":
		return name
	case os.IsPathSeparator(parent[len(parent)-1]):
		return parent + name
	}
	return parent + string(filepath.Separator) + name
}

func joinSlash(dir, name string) string {
	if dir == "" {
		return name
	}
	return dir + "/" + name
}

// excluded reports whether git's ignore rules in scope exclude a path
// given relative to the scope's top: the deepest ignore file with a
// matching rule decides, and in it the last matching line.
func (w *walker) excluded(sc *scope, path, name string, isDir bool) bool {
	return decide(sc.rules, false, path, name, isDir)
}

// ownExcluded is excluded for the .recoverlintignore files alone.
func (w *walker) ownExcluded(sc *scope, path, name string, isDir bool) bool {
	return decide(sc.rules, true, path, name, isDir)
}

func decide(sets []*ruleSet, own bool, path, name string, isDir bool) bool {
	for i := len(sets) - 1; i >= 0; i-- {
		if sets[i].own != own {
			continue
		}
		if matched, excluded := sets[i].match(path, name, isDir); matched {
			return excluded
		}
	}
	return false
}

// tracked returns the scope repository's tracked paths, reading the index
// on first use and reporting a damaged one once.
func (w *walker) trackedIn(sc *scope) tracked {
	t, err := sc.repo.trackedPaths()
	if err != nil {
		w.fail(sc.repo.indexPath(), err)
	}
	return t
}

// emit visits a file. abs gives its absolute path, asked for only when
// several paths were given and repeated visits must be dropped.
func (w *walker) emit(path string, explicit bool, abs func() string) {
	if w.seen != nil {
		key := abs()
		if w.seen[key] {
			return
		}
		w.seen[key] = true
	}
	f := File{Path: path, Explicit: explicit}
	if w.named != "" {
		if rest, ok := strings.CutPrefix(path, w.named); ok && (rest == "" || os.IsPathSeparator(rest[0])) {
			f.Open = w.real + rest
		}
	}
	w.visit(f)
}

// typeName says in words what kind of file a mode is.
func typeName(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeIrregular != 0:
		return "an irregular file"
	}
	return "a special file (" + m.Type().String() + ")"
}
