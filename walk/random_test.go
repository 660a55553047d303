package walk_test

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"path"
	"sort"
	"strings"
	"testing"
)

var randomTrees = flag.Int("walk.trees", 40, "number of random trees TestWalkMatchesGitRandom builds")

// Names are drawn from a small pool so that patterns written for one file
// also hit others, and the pool holds every byte an ignore line treats
// specially.
var namePool = []string{
	"a", "b", "ab", "abc", "x.md", "y.txt", "z.log", "Foo", "foo", "build",
	"node_modules", "doc", "file1", "file2", "fileA", "a b", "sp ", "#h",
	"!n", "[x]", "q?", "s*", "tmp", "keep.md", "a.b.c", `back\`, "ünï",
}

// randomTree builds a seeded description of a repository: nested ignore
// files with negations, '?', classes, folder-only, anchored and "**"
// patterns, escaped and trailing spaces; some files tracked before the
// ignore files change; some index formats; sometimes a nested repository.
func randomTree(r *rand.Rand) gitTree {
	g := gitTree{files: map[string]string{}, later: map[string]string{}}
	var files, dirs []string
	var grow func(dir string, depth int)
	grow = func(dir string, depth int) {
		dirs = append(dirs, dir)
		used := map[string]bool{}
		for n := 2 + r.IntN(4); n > 0; n-- {
			name := namePool[r.IntN(len(namePool))]
			if used[name] {
				continue
			}
			used[name] = true
			p := joinRel(dir, name)
			if depth < 3 && r.IntN(100) < 35 {
				grow(p, depth+1)
				continue
			}
			files = append(files, p)
			g.files[p] = ""
		}
	}
	grow("", 0)
	paths := append(append([]string(nil), files...), dirs[1:]...)
	sort.Strings(paths)

	for _, dir := range dirs {
		if r.IntN(100) < 45 {
			g.files[joinRel(dir, ".gitignore")] = randomIgnore(r, dir, paths)
		}
		if r.IntN(100) < 20 {
			g.files[joinRel(dir, ".recoverlintignore")] = randomIgnore(r, dir, paths)
		}
	}
	for _, f := range files {
		if r.IntN(100) < 30 {
			g.track = append(g.track, f)
		} else if r.IntN(100) < 5 {
			g.intent = append(g.intent, f)
		}
	}
	g.commit = len(g.track) > 0 && r.IntN(2) == 0
	// After tracking, ignore files change so that tracked files become
	// ignored, and new files appear.
	for _, dir := range dirs {
		if r.IntN(100) < 40 {
			g.later[joinRel(dir, ".gitignore")] = randomIgnore(r, dir, paths)
		}
	}
	for n := r.IntN(4); n > 0; n-- {
		dir := dirs[r.IntN(len(dirs))]
		p := joinRel(dir, "new"+namePool[r.IntN(len(namePool))])
		if _, clash := g.files[p]; !clash {
			g.later[p] = ""
		}
	}
	if r.IntN(100) < 30 {
		g.exclude = randomIgnore(r, "", paths)
	}
	g.indexVersion = []int{0, 2, 3, 4}[r.IntN(4)]
	g.splitIndex = r.IntN(100) < 10
	if len(dirs) > 1 && r.IntN(100) < 15 {
		g.nested = []string{dirs[1+r.IntN(len(dirs)-1)]}
	}
	return g
}

func joinRel(dir, name string) string {
	if dir == "" {
		return name
	}
	return dir + "/" + name
}

// randomIgnore writes the lines of an ignore file in folder dir, most of
// them aimed at paths that exist below it.
func randomIgnore(r *rand.Rand, dir string, paths []string) string {
	var below []string
	for _, p := range paths {
		if dir == "" {
			below = append(below, p)
		} else if strings.HasPrefix(p, dir+"/") {
			below = append(below, p[len(dir)+1:])
		}
	}
	eol := "\n"
	if r.IntN(100) < 10 {
		eol = "\r\n"
	}
	var b strings.Builder
	if r.IntN(100) < 5 {
		b.WriteString("\xef\xbb\xbf")
	}
	for n := 1 + r.IntN(6); n > 0; n-- {
		switch r.IntN(20) {
		case 0:
			b.WriteString("# a comment" + eol)
			continue
		case 1:
			b.WriteString(eol)
			continue
		}
		line := "*"
		if len(below) > 0 {
			line = randomPattern(r, below[r.IntN(len(below))])
		}
		if r.IntN(100) < 25 {
			line = "!" + line
		}
		if r.IntN(100) < 10 {
			line += "  "
		}
		b.WriteString(line + eol)
	}
	s := b.String()
	if r.IntN(100) < 10 {
		s = strings.TrimSuffix(s, eol) // no final line end
	}
	return s
}

// randomPattern derives a pattern from target, a slash path below the
// ignore file's folder.
func randomPattern(r *rand.Rand, target string) string {
	name := path.Base(target)
	parts := strings.Split(target, "/")
	lit := name
	if r.IntN(100) < 75 {
		lit = escapeLiteral(name)
	}
	var p string
	switch r.IntN(12) {
	case 0, 1:
		p = lit
	case 2:
		p = blur(r, name)
	case 3:
		p = "/" + escapePath(target)
	case 4:
		parts[r.IntN(len(parts))] = "*"
		p = strings.Join(parts, "/")
	case 5:
		p = "**/" + lit
	case 6:
		p = escapePath(path.Dir(target))
		if p == "." {
			p = lit
		}
		p += "/**"
	case 7:
		p = escapeLiteral(parts[0]) + "/**/" + lit
	case 8:
		p = classOf(r, name)
	case 9:
		p = "*" + lastBytes(name, 1+r.IntN(3))
	case 10:
		p = escapePath(target)
		if !strings.Contains(p, "/") {
			p = "x/" + p
		}
	default:
		p = "**/" + blur(r, name) + "/**"
	}
	if r.IntN(100) < 20 {
		p += "/"
	}
	return p
}

// escapeLiteral backslash-escapes what an ignore line reads specially in a
// name: wildcards, a leading '#' or '!', trailing spaces.
func escapeLiteral(name string) string {
	var b strings.Builder
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c == '*' || c == '?' || c == '[' || c == '\\':
			b.WriteByte('\\')
		case i == 0 && (c == '#' || c == '!'):
			b.WriteByte('\\')
		case c == ' ' && strings.TrimRight(name[i:], " ") == "":
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	return b.String()
}

func escapePath(p string) string {
	parts := strings.Split(p, "/")
	for i, s := range parts {
		parts[i] = escapeLiteral(s)
	}
	return strings.Join(parts, "/")
}

// blur replaces a byte of name with '?' or cuts its end with '*'.
func blur(r *rand.Rand, name string) string {
	i := r.IntN(len(name))
	if r.IntN(2) == 0 {
		return escapeLiteral(name[:i]) + "?" + escapeLiteral(name[i+1:])
	}
	return escapeLiteral(name[:i]) + "*"
}

// classOf replaces a byte of name with a bracket expression that matches
// it, or one that excludes it.
func classOf(r *rand.Rand, name string) string {
	i := r.IntN(len(name))
	c := name[i]
	var class string
	switch r.IntN(4) {
	case 0:
		class = fmt.Sprintf("[%c-~]", c)
	case 1:
		class = "[!" + string(rune('a'+r.IntN(26))) + "]"
	case 2:
		class = "[[:alpha:][:digit:]]"
	default:
		class = "[^" + escapeLiteral(string(c)) + "]"
	}
	if c == '\\' || c == ']' || c == '-' || c == '[' || c >= 0x80 {
		class = "?"
	}
	return escapeLiteral(name[:i]) + class + escapeLiteral(name[i+1:])
}

func lastBytes(s string, n int) string {
	if n > len(s) {
		n = len(s)
	}
	return escapeLiteral(s[len(s)-n:])
}

func TestWalkMatchesGitRandom(t *testing.T) {
	needGit(t)
	env := gitEnv(t)
	n := *randomTrees
	if testing.Short() {
		n = 5
	}
	for seed := uint64(1); seed <= uint64(n); seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			tree := randomTree(rand.New(rand.NewPCG(seed, 0x5eed)))
			root := tree.build(t, env)
			checkAgainstGit(t, env, root)
			if t.Failed() {
				t.Logf("tree:\n files %q\n track %q intent %q commit %v\n later %q\n exclude %q nested %q index %d split %v", tree.files, tree.track, tree.intent, tree.commit, tree.later, tree.exclude, tree.nested, tree.indexVersion, tree.splitIndex)
			}
		})
	}
}
