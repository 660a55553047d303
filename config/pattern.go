package config

import (
	"errors"
	"fmt"
	"path"
	"strings"
)

// Pattern is a path pattern, a small part of .gitignore's syntax: paths
// are slash-separated and relative to the configuration's folder; a
// pattern with a slash at its start or in its middle is anchored there,
// one without matches a name at any depth; "*", "?" and "[…]" match
// within a name, and a "**" segment matches any number of folders; a
// trailing "/" matches only folders. A pattern that matches a folder
// matches everything below it. Negation ("!") is not supported.
type Pattern struct {
	text     string
	segs     []string
	anchored bool
	dirOnly  bool
}

// ParsePattern checks and compiles a pattern.
func ParsePattern(s string) (Pattern, error) {
	p := Pattern{text: s}
	t := s
	switch {
	case strings.TrimSpace(t) == "":
		return p, errors.New("empty path pattern")
	case strings.HasPrefix(t, "!"):
		return p, fmt.Errorf("%q: negated patterns are not supported", s)
	case strings.Contains(t, `\`):
		return p, fmt.Errorf("%q: use / to separate folders", s)
	}
	if strings.HasSuffix(t, "/") {
		p.dirOnly = true
		t = strings.TrimRight(t, "/")
	}
	if strings.HasPrefix(t, "/") {
		p.anchored = true
		t = strings.TrimLeft(t, "/")
	}
	t = strings.TrimPrefix(t, "./")
	if strings.Contains(t, "/") {
		p.anchored = true
	}
	if t == "" {
		return p, fmt.Errorf("%q matches no path", s)
	}
	for _, seg := range strings.Split(t, "/") {
		switch {
		case seg == "" || seg == ".":
			continue
		case seg == "..":
			return p, fmt.Errorf("%q: a pattern cannot leave the configuration's folder", s)
		case seg != "**" && strings.Contains(seg, "**"):
			return p, fmt.Errorf("%q: ** must be a whole path segment", s)
		}
		if _, err := path.Match(seg, ""); err != nil {
			return p, fmt.Errorf("%q: bad pattern %q", s, seg)
		}
		p.segs = append(p.segs, seg)
	}
	if len(p.segs) == 0 {
		return p, fmt.Errorf("%q matches no path", s)
	}
	return p, nil
}

// String returns the pattern as written.
func (p Pattern) String() string { return p.text }

// Match reports whether a slash-separated relative file path, or one of
// the folders above it, matches.
func (p Pattern) Match(rel string) bool {
	segs := strings.Split(rel, "/")
	for n := 1; n <= len(segs); n++ {
		isDir := n < len(segs)
		if p.dirOnly && !isDir {
			continue
		}
		if p.anchored {
			if matchSegs(p.segs, segs[:n]) {
				return true
			}
		} else if ok, _ := path.Match(p.segs[0], segs[n-1]); ok {
			return true
		}
	}
	return false
}

// matchSegs matches pattern segments against path segments, "**"
// standing for any number of them.
func matchSegs(pat, segs []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for k := 0; k <= len(segs); k++ {
				if matchSegs(pat[1:], segs[k:]) {
					return true
				}
			}
			return false
		}
		if len(segs) == 0 {
			return false
		}
		if ok, _ := path.Match(pat[0], segs[0]); !ok {
			return false
		}
		pat, segs = pat[1:], segs[1:]
	}
	return len(segs) == 0
}
