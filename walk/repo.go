package walk

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// repo is a git work tree met during a walk.
type repo struct {
	top       string // absolute path of the work tree's top folder
	gitDir    string // its git directory; "" when the .git file is unusable
	commonDir string // where info/exclude and config live (differs in linked work trees)

	loaded  bool
	tracked tracked
}

// findTop looks upward from the absolute folder dir for the top of a git
// work tree: the first folder holding a .git folder or file. ok is false
// when there is none up to the file system root.
func findTop(dir string) (top string, ok bool) { return Top(dir) }

// Top returns the top of the git work tree that holds the absolute folder
// dir: the nearest folder, dir itself included, with a .git folder or
// file. Front ends that must agree with the walk on where a tree starts
// (check's standard input, the language server) ask it.
func Top(dir string) (top string, ok bool) {
	for {
		if fi, err := os.Lstat(filepath.Join(dir, ".git")); err == nil &&
			(fi.IsDir() || fi.Mode().IsRegular()) {
			return dir, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

// openRepo describes the work tree whose top is the absolute folder top.
// A .git file must hold "gitdir: PATH", as in linked work trees and
// submodules; a linked work tree's commondir file names the shared folder.
func openRepo(top string) (*repo, error) {
	r := &repo{top: top}
	dotGit := filepath.Join(top, ".git")
	fi, err := os.Lstat(dotGit)
	if err != nil {
		return r, fmt.Errorf("opening git directory: %w", bare(err))
	}
	r.gitDir = dotGit
	if !fi.IsDir() {
		data, err := os.ReadFile(dotGit)
		if err != nil {
			r.gitDir = ""
			return r, fmt.Errorf("reading .git file: %w", bare(err))
		}
		dir, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "gitdir:")
		if !ok {
			r.gitDir = ""
			return r, errors.New("reading .git file: no gitdir line")
		}
		r.gitDir = resolveFrom(top, strings.TrimSpace(dir))
	}
	r.commonDir = r.gitDir
	if data, err := os.ReadFile(filepath.Join(r.gitDir, "commondir")); err == nil {
		r.commonDir = resolveFrom(r.gitDir, strings.TrimSpace(string(data)))
	}
	return r, nil
}

func resolveFrom(base, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(base, p)
}

// excludeFile returns the path of the repository's info/exclude.
func (r *repo) excludeFile() string {
	return filepath.Join(r.commonDir, "info", "exclude")
}

// indexPath returns the path of the repository's index.
func (r *repo) indexPath() string {
	return filepath.Join(r.gitDir, "index")
}

// trackedPaths reads the index on first use. A missing index tracks
// nothing and is no error; a damaged one tracks nothing and is reported.
func (r *repo) trackedPaths() (tracked, error) {
	if r.loaded || r.gitDir == "" {
		return r.tracked, nil
	}
	r.loaded = true
	paths, err := readIndex(r.gitDir, r.commonDir)
	if err != nil {
		return nil, err
	}
	r.tracked = paths
	return r.tracked, nil
}

// readIndex returns the sorted, distinct paths recorded in the index of
// gitDir, with those of its shared index when it is split.
func readIndex(gitDir, commonDir string) (tracked, error) {
	path := filepath.Join(gitDir, "index")
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading git index: %w", bare(err))
	}
	hashSize := objectNameSize(commonDir)
	idx, err := parseIndex(data, hashSize)
	if err != nil {
		return nil, fmt.Errorf("reading git index: %w", err)
	}
	paths := idx.paths
	if idx.shared != "" {
		sharedPath := filepath.Join(gitDir, "sharedindex."+idx.shared)
		data, err := os.ReadFile(sharedPath)
		if err != nil {
			return nil, fmt.Errorf("reading shared git index: %w", err)
		}
		shared, err := parseIndex(data, hashSize)
		if err != nil {
			return nil, fmt.Errorf("reading shared git index %s: %w", sharedPath, err)
		}
		// The split file may also delete shared entries; honouring that
		// would need its EWAH bitmaps. Keeping them errs toward scanning.
		paths = append(paths, shared.paths...)
		sort.Strings(paths)
	}
	return tracked(dedupeSorted(paths)), nil
}

func dedupeSorted(s []string) []string {
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// objectNameSize returns the length of object names in the repository
// whose config lives in commonDir: 32 bytes when extensions.objectFormat
// is sha256, else 20. It reads only what it needs of the config syntax.
func objectNameSize(commonDir string) int {
	f, err := os.Open(filepath.Join(commonDir, "config"))
	if err != nil {
		return 20
	}
	defer f.Close()
	section := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) > 0 && line[0] == '[' {
			end := bytes.IndexByte(line, ']')
			if end < 0 {
				continue
			}
			section = strings.ToLower(strings.TrimSpace(string(line[1:end])))
			line = bytes.TrimSpace(line[end+1:])
		}
		key, value, ok := strings.Cut(string(line), "=")
		if !ok || section != "extensions" {
			continue
		}
		if strings.EqualFold(strings.TrimSpace(key), "objectformat") &&
			strings.EqualFold(strings.Trim(strings.TrimSpace(value), `"`), "sha256") {
			return 32
		}
	}
	return 20
}
