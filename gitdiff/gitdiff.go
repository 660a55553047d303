package gitdiff

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Range is an inclusive range of 1-based line numbers.
type Range struct {
	Start, End int
}

// whole marks every line of a file as new.
var whole = []Range{{1, math.MaxInt}}

// Changes are the added or changed lines of a work tree, by file.
type Changes struct {
	// Top is the work tree's top folder, absolute with links resolved.
	Top string
	// Files maps slash-separated paths relative to Top to their new
	// lines, sorted and not overlapping.
	Files map[string][]Range
}

// Since returns the lines changed in the work tree that holds dir since
// the revision rev.
func Since(dir, rev string) (*Changes, error) {
	if rev == "" || strings.HasPrefix(rev, "-") {
		return nil, fmt.Errorf("revision %q: want a commit, branch or tag name", rev)
	}
	top, err := git(dir, "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, fmt.Errorf("finding the git work tree of %s: %w", dir, err)
	}
	c := &Changes{Top: strings.TrimRight(string(top), "\r\n")}
	if real, err := filepath.EvalSymlinks(c.Top); err == nil {
		c.Top = real
	}
	if _, err := git(c.Top, "rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}"); err != nil {
		return nil, fmt.Errorf("revision %q is not a commit in %s", rev, c.Top)
	}
	diff, err := git(c.Top, "-c", "core.quotePath=false", "-c", "diff.noprefix=false", "-c", "diff.mnemonicPrefix=false",
		"-c", "diff.relative=false", "diff", "--no-color", "--no-ext-diff", "--no-textconv", "--unified=0",
		"--find-renames", "--src-prefix=a/", "--dst-prefix=b/", rev, "--")
	if err != nil {
		return nil, fmt.Errorf("git diff %s: %w", rev, err)
	}
	if c.Files, err = Parse(diff); err != nil {
		return nil, fmt.Errorf("reading git diff %s: %w", rev, err)
	}
	others, err := git(c.Top, "ls-files", "-z", "--others", "--exclude-standard")
	if err != nil {
		return nil, fmt.Errorf("listing untracked files: %w", err)
	}
	for _, p := range bytes.Split(others, []byte{0}) {
		if len(p) > 0 {
			c.Files[string(p)] = whole
		}
	}
	return c, nil
}

// git runs a git command in dir and returns its standard output; an error
// carries git's own message.
func git(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if msg := strings.TrimSpace(stderr.String()); errors.As(err, &ee) && msg != "" {
			return nil, errors.New(msg)
		}
		return nil, err
	}
	return out, nil
}

// Has reports whether a line of a file is new. The path is absolute or
// relative to the working directory; files outside the work tree have no
// new lines.
func (c *Changes) Has(path string, line int) bool {
	rel, ok := c.rel(path)
	if !ok {
		return false
	}
	rs := c.Files[rel]
	i := sort.Search(len(rs), func(i int) bool { return rs[i].End >= line })
	return i < len(rs) && rs[i].Start <= line
}

// rel returns a path relative to Top, resolving links in its folder as
// Top's are resolved.
func (c *Changes) rel(path string) (string, bool) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", false
	}
	if dir, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		abs = filepath.Join(dir, filepath.Base(abs))
	}
	rel, err := filepath.Rel(c.Top, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// Parse reads the output of `git diff --unified=0` (with a/ and b/
// prefixes) and returns the new-side line ranges of every file that has
// any, by its new path. Deleted files and pure renames have none.
func Parse(diff []byte) (map[string][]Range, error) {
	files := map[string][]Range{}
	sc := bufio.NewScanner(bytes.NewReader(diff))
	sc.Buffer(make([]byte, 64<<10), 1<<30)
	var path string // the current file's new path; "" when deleted
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "diff --git "):
			path = ""
		case strings.HasPrefix(line, "+++ "):
			p, err := diffPath(strings.TrimPrefix(line, "+++ "))
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", n, err)
			}
			path = p
		case strings.HasPrefix(line, "@@ "):
			oldN, start, count, err := hunkHeader(line)
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", n, err)
			}
			if path != "" && count > 0 {
				files[path] = append(files[path], Range{start, start + count - 1})
			}
			// skip the hunk's body: its lines may start with "+++" or "@@"
			for left := oldN + count; left > 0 && sc.Scan(); {
				n++
				if body := sc.Text(); body == "" || body[0] != '\\' {
					left--
				}
			}
			// a "\ No newline at end of file" line may follow the last one
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	for p, rs := range files {
		files[p] = merge(rs)
	}
	return files, nil
}

// diffPath reads the path of a "+++ " line: b/PATH, "b/QUOTED" or /dev/null.
func diffPath(s string) (string, error) {
	s = strings.TrimRight(s, "\r")
	if s == "/dev/null" {
		return "", nil
	}
	if strings.HasPrefix(s, `"`) {
		u, err := unquoteC(s)
		if err != nil {
			return "", fmt.Errorf("path %s: %w", s, err)
		}
		s = u
	} else if i := strings.IndexByte(s, '\t'); i >= 0 {
		s = s[:i] // a path with spaces ends in a tab
	}
	p, ok := strings.CutPrefix(s, "b/")
	if !ok {
		return "", fmt.Errorf("path %q does not start with b/", s)
	}
	return p, nil
}

// unquoteC reads a C-style quoted string as git writes it.
func unquoteC(s string) (string, error) {
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return "", errors.New("bad quoting")
	}
	s = s[1 : len(s)-1]
	var b []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			b = append(b, c)
			continue
		}
		i++
		if i >= len(s) {
			return "", errors.New("bad quoting")
		}
		switch c = s[i]; c {
		case 'a':
			b = append(b, '\a')
		case 'b':
			b = append(b, '\b')
		case 't':
			b = append(b, '\t')
		case 'n':
			b = append(b, '\n')
		case 'v':
			b = append(b, '\v')
		case 'f':
			b = append(b, '\f')
		case 'r':
			b = append(b, '\r')
		case '"', '\\':
			b = append(b, c)
		case '0', '1', '2', '3':
			if i+2 >= len(s) {
				return "", errors.New("bad octal escape")
			}
			v, err := strconv.ParseUint(s[i:i+3], 8, 8)
			if err != nil {
				return "", errors.New("bad octal escape")
			}
			b = append(b, byte(v))
			i += 2
		default:
			return "", fmt.Errorf("unknown escape \\%c", c)
		}
	}
	return string(b), nil
}

// hunkHeader reads "@@ -a[,b] +c[,d] @@": the old side's line count, and
// the new side's first line and count.
func hunkHeader(s string) (oldCount, start, count int, err error) {
	f := strings.Fields(s)
	if len(f) < 4 || f[0] != "@@" || f[3] != "@@" || !strings.HasPrefix(f[1], "-") || !strings.HasPrefix(f[2], "+") {
		return 0, 0, 0, fmt.Errorf("bad hunk header %q", s)
	}
	if _, oldCount, err = span(f[1][1:]); err != nil {
		return 0, 0, 0, fmt.Errorf("bad hunk header %q: %w", s, err)
	}
	if start, count, err = span(f[2][1:]); err != nil {
		return 0, 0, 0, fmt.Errorf("bad hunk header %q: %w", s, err)
	}
	return oldCount, start, count, nil
}

// span reads "start[,count]"; the count is 1 when left out.
func span(s string) (start, count int, err error) {
	a, b, ok := strings.Cut(s, ",")
	if start, err = strconv.Atoi(a); err != nil || start < 0 {
		return 0, 0, fmt.Errorf("bad line number %q", a)
	}
	count = 1
	if ok {
		if count, err = strconv.Atoi(b); err != nil || count < 0 {
			return 0, 0, fmt.Errorf("bad line count %q", b)
		}
	}
	return start, count, nil
}

// merge sorts ranges and joins those that overlap or touch.
func merge(rs []Range) []Range {
	sort.Slice(rs, func(i, j int) bool { return rs[i].Start < rs[j].Start })
	out := rs[:0]
	for _, r := range rs {
		if k := len(out) - 1; k >= 0 && r.Start <= out[k].End+1 {
			out[k].End = max(out[k].End, r.End)
			continue
		}
		out = append(out, r)
	}
	return out
}
