package walk

import (
	"bytes"
	"strings"
)

// The per-folder ignore files. In one folder the .recoverlintignore lines
// apply after the .gitignore lines: a later line wins, so it overrides.
const (
	gitignoreName         = ".gitignore"
	recoverlintignoreName = ".recoverlintignore"
)

// ruleKind says how a rule's glob is compared, fastest first.
type ruleKind uint8

const (
	kindLiteral ruleKind = iota // no wildcard: compare bytes
	kindSuffix                  // "*" then no wildcard, on a base name: compare the end
	kindGlob                    // anything else: wildmatch
)

// rule is one compiled line of an ignore file.
type rule struct {
	glob    string // the pattern without '!', the trailing '/' and the anchoring '/'
	negate  bool   // the line started with '!': it re-includes
	dirOnly bool   // the line ended with '/': it matches folders only
	// baseName is set when the pattern has no '/' (other than a trailing
	// one): it is matched against the base name at any depth. Otherwise
	// it is matched against the path below the ignore file's folder.
	baseName bool
	kind     ruleKind
}

// ruleSet is the compiled content of one ignore file.
type ruleSet struct {
	// base is the folder holding the file, as a slash path relative to
	// the top of the walk's scope, ending in '/' unless it is the top.
	base  string
	rules []rule
	// own marks a .recoverlintignore: recoverlint's own exclusions,
	// judged apart from git's and applied to tracked files too.
	own bool
}

// parseRules compiles the content of an ignore file found in the folder
// base (see ruleSet.base), following git's reading of .gitignore: a UTF-8
// byte order mark is skipped, blank lines and lines starting with '#' are
// comments, a trailing CR is dropped, unescaped trailing spaces are
// trimmed, and a leading '!' negates.
func parseRules(data []byte, base string) *ruleSet {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	set := &ruleSet{base: base}
	for len(data) > 0 {
		var line []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			line, data = data, nil
		}
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		line = bytes.TrimSuffix(line, []byte("\r"))
		if i := bytes.IndexByte(line, 0); i >= 0 {
			line = line[:i] // git reads each line as a C string
		}
		if r, ok := parseRule(string(trimTrailingSpaces(line))); ok {
			set.rules = append(set.rules, r)
		}
	}
	return set
}

// trimTrailingSpaces drops the spaces at the end of line unless a
// backslash escapes them; "a\ " keeps its escaped space.
func trimTrailingSpaces(line []byte) []byte {
	end := len(line)
	spaceFrom := -1
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case ' ':
			if spaceFrom < 0 {
				spaceFrom = i
			}
		case '\\':
			i++
			if i >= len(line) {
				return line // a trailing backslash keeps everything
			}
			spaceFrom = -1
		default:
			spaceFrom = -1
		}
	}
	if spaceFrom >= 0 {
		end = spaceFrom
	}
	return line[:end]
}

// parseRule compiles one pattern line that is not a comment. ok is false
// for a line that can match nothing, such as "!" or "/".
func parseRule(line string) (rule, bool) {
	var r rule
	if strings.HasPrefix(line, "!") {
		r.negate = true
		line = line[1:]
	}
	if strings.HasSuffix(line, "/") {
		r.dirOnly = true
		line = line[:len(line)-1]
	}
	r.baseName = strings.IndexByte(line, '/') < 0
	if !r.baseName {
		// A leading slash only anchors, which any pattern holding a slash
		// already is; git drops one.
		line = strings.TrimPrefix(line, "/")
	}
	if line == "" {
		return rule{}, false
	}
	r.glob = line
	switch {
	case !hasWildcard(line):
		r.kind = kindLiteral
	case r.baseName && line[0] == '*' && !hasWildcard(line[1:]):
		r.kind = kindSuffix
	default:
		r.kind = kindGlob
	}
	return r, true
}

func hasWildcard(s string) bool {
	for i := 0; i < len(s); i++ {
		if isGlobSpecial(s[i]) {
			return true
		}
	}
	return false
}

// matches reports whether the rule matches a path. rel is the path below
// the rule's ignore file folder, name its last element.
func (r *rule) matches(rel, name string, isDir bool) bool {
	if r.dirOnly && !isDir {
		return false
	}
	subject := rel
	if r.baseName {
		subject = name
	}
	switch r.kind {
	case kindLiteral:
		return subject == r.glob
	case kindSuffix:
		return strings.HasSuffix(subject, r.glob[1:])
	}
	// On a base name there is no '/' to guard, and git matches without
	// its pathname flag there.
	return glob(r.glob, subject, !r.baseName)
}

// match finds the last rule of the set that matches a path given relative
// to the top of the scope. matched is false when no rule does; otherwise
// excluded tells whether that rule excludes (true) or re-includes.
func (s *ruleSet) match(path, name string, isDir bool) (matched, excluded bool) {
	if !strings.HasPrefix(path, s.base) {
		return false, false
	}
	rel := path[len(s.base):]
	for i := len(s.rules) - 1; i >= 0; i-- {
		if r := &s.rules[i]; r.matches(rel, name, isDir) {
			return true, !r.negate
		}
	}
	return false, false
}
