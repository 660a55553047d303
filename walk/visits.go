package walk

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Visits reports whether walking the folder root would visit the file at
// path, without walking anything else: it reads the ignore files and the
// index on the way from root down to path, and decides each step as the
// walk does. The file, and folders on its way, need not exist yet (an
// editor's new buffer is a regular file to be); what exists must be a
// regular file and folders, not links. A path outside root is not visited. The errors are the ones the
// walk would report on that way; the answer stands beside them.
func Visits(root, path string, opts Options) (bool, []Error) {
	w := &walker{opts: opts, visit: func(File) {}, repos: map[string]*repo{}}
	ok := w.visits(root, path)
	return ok, w.errs
}

func (w *walker) visits(root, path string) bool {
	absRoot, err := filepath.Abs(root)
	if err != nil {
		w.fail(root, fmt.Errorf("resolving path: %w", err))
		return false
	}
	absPath, err := filepath.Abs(path)
	if err != nil {
		w.fail(path, fmt.Errorf("resolving path: %w", err))
		return false
	}
	rel, err := filepath.Rel(absRoot, absPath)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return false
	}
	if fi, err := os.Stat(absRoot); err != nil || !fi.IsDir() || inGitDir(absRoot) {
		return false
	}
	sc, ign := w.scopeAbove(absRoot)
	parts := strings.Split(filepath.ToSlash(rel), "/")
	folder, walked, trackedOnly := absRoot, "", false
	for i, name := range parts {
		last := i == len(parts)-1
		// what walkDir does on entering folder
		if ign != "" && !trackedOnly && exists(filepath.Join(folder, ".git")) {
			if sc.repo != nil {
				if !w.trackedIn(sc).hasUnder(ign) {
					return false
				}
			} else {
				sc, ign = w.repoScope(folder), ""
			}
		}
		base := ""
		if ign != "" {
			base = ign + "/"
		}
		for _, file := range ignoreNames() {
			if !trackedOnly || file == recoverlintignoreName {
				w.lookupRules(sc, filepath.Join(folder, file), base, os.Lstat)
			}
		}
		// what walkDir does with the entry name
		child := filepath.Join(folder, name)
		childIgn, childRel := joinSlash(ign, name), joinSlash(walked, name)
		if name == ".git" || w.ownExcluded(sc, childIgn, name, !last) {
			return false
		}
		fi, err := os.Lstat(child)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			// a file or folder to be: nothing on disk says otherwise
		case err != nil:
			return false
		case last && !fi.Mode().IsRegular(), !last && !fi.IsDir():
			return false // links and special files are never read
		}
		if last {
			if trackedOnly || w.excluded(sc, childIgn, name, false) {
				if sc.repo == nil || !w.trackedIn(sc).has(childIgn) {
					return false
				}
			}
			return w.opts.Select == nil || w.opts.Select(childRel)
		}
		if trackedOnly || w.excluded(sc, childIgn, name, true) {
			if sc.repo == nil || !w.trackedIn(sc).hasUnder(childIgn) {
				return false
			}
			trackedOnly = true
		}
		folder, ign, walked = child, childIgn, childRel
	}
	return false
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}
