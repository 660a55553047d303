package walk

import (
	"path"
	"strings"
	"testing"
	"time"
)

func TestGlob(t *testing.T) {
	for _, tc := range []struct {
		pattern, text string
		pathname      bool
		want          bool
	}{
		{"foo", "foo", true, true},
		{"foo", "bar", true, false},
		{"", "", true, true},
		{"", "a", true, false},
		{"???", "foo", true, true},
		{"??", "foo", true, false},
		{"*", "foo", true, true},
		{"f*", "foo", true, true},
		{"*f", "foo", true, false},
		{"*foo*", "foo", true, true},
		{"*ob*a*r*", "foobar", true, true},
		{"*ab", "aaaaaaabababab", true, true},
		{`foo\*`, "foo*", true, true},
		{`foo\*bar`, "foobar", true, false},
		{`f\\oo`, `f\oo`, true, true},
		{`\`, `\`, true, false}, // a trailing backslash escapes nothing
		{"*[al]?", "ball", true, true},
		{"[ten]", "ten", true, false},
		{"**[!te]", "ten", true, true},
		{"**[!ten]", "ten", true, false},
		{"t[a-g]n", "ten", true, true},
		{"t[!a-g]n", "ten", true, false},
		{"t[!a-g]n", "ton", true, true},
		{"t[^a-g]n", "ton", true, true},
		{"a[]]b", "a]b", true, true},
		{"a[]-]b", "a-b", true, true},
		{"a[]-]b", "a]b", true, true},
		{"a[]-]b", "aab", true, false},
		{"a[]a-]b", "aab", true, true},
		{"]", "]", true, true},
		{"[a-c", "a", true, false},       // unclosed class
		{"[[:nope:]]", "a", true, false}, // unknown class name
		{"[[:alpha:]", "a", true, false}, // unclosed after a named class
		{"[[:alpha]", "a", true, true},   // no ":]": a set of "[", ":", "a", "l", "p", "h"
		{"[[:alpha]]", "a]", true, true}, // the same set, then a literal "]"
		{"[[:alpha:]][[:digit:]][[:upper:]]", "a1B", true, true},
		{"[[:digit:][:upper:][:space:]]", "a", true, false},
		{"[[:digit:][:upper:][:space:]]", "A", true, true},
		{"[[:digit:][:upper:][:space:]]", " ", true, true},
		{"[[:digit:][:punct:][:space:]]", ".", true, true},
		{"[[:xdigit:]][[:xdigit:]][[:xdigit:]]", "5fD", true, true},
		{"[[:lower:]]", "A", true, false},
		{"[a-]", "-", true, true},
		{`[\]]`, "]", true, true},
		{`[\!]`, "!", true, true},
		{"[!a]", "/", true, false}, // a class never matches '/' in a path
		{"[!a]", "/", false, true},
		{"foo*bar", "foo/baz/bar", true, false},
		{"foo*bar", "foo/baz/bar", false, true},
		{"foo?bar", "foo/bar", true, false},
		{"foo?bar", "foo/bar", false, true},
		{"foo**bar", "foo/baz/bar", true, false}, // "**" not between slashes is "*"
		{"foo/**/bar", "foo/bar", true, true},
		{"foo/**/bar", "foo/baz/bar", true, true},
		{"foo/**/bar", "foo/b/a/z/bar", true, true},
		{"**/foo", "foo", true, true},
		{"**/foo", "x/y/foo", true, true},
		{"**/foo", "xfoo", true, false},
		{"foo/**", "foo/a/b", true, true},
		{"foo/**", "foo", true, false},
		{"*/foo", "a/foo", true, true},
		{"*/foo", "a/b/foo", true, false},
		{`**\/foo`, "a/b/foo", true, true},
		{"-*-*-*-*-*-*-12-*-*-*-m-*-*-*", "-adobe-courier-bold-o-normal--12-120-75-75-m-70-iso8859-1", true, true},
		{"XXX/*/*/*/*/*/*/12/*/*/*/m/*/*/*", "XXX/adobe/courier/bold/o/normal//12/120/75/75/m/70/iso8859/1", true, true},
		{"XXX/*/*/*/*/*/*/12/*/*/*/m/*/*/*", "XXX/adobe/courier/bold/o/normal//12/120/75/75/X/70/iso8859/1", true, false},
		{"**/*a*b*g*n*t", "abcd/abcdefg/abcdefghijk/abcdefghijklmnop.txt", true, true},
		{"**/*a*b*g*n*tz", "abcd/abcdefg/abcdefghijk/abcdefghijklmnop.txtz", true, true},
		{"**/*a*b*g*n*tz", "abcd/abcdefg/abcdefghijk/abcdefghijklmnop.txt", true, false},
	} {
		if got := glob(tc.pattern, tc.text, tc.pathname); got != tc.want {
			t.Errorf("glob(%q, %q, pathname=%v) = %v, want %v", tc.pattern, tc.text, tc.pathname, got, tc.want)
		}
	}
}

// TestGlobStarsStayFast guards the abort shortcuts: without them a
// pattern with many stars takes exponential time on a text that almost
// matches.
func TestGlobStarsStayFast(t *testing.T) {
	pattern := strings.Repeat("*a", 20) + "*b"
	text := strings.Repeat("a", 60)
	start := time.Now()
	for _, pathname := range []bool{true, false} {
		if glob(pattern, text, pathname) {
			t.Errorf("glob(%q, %q) matched", pattern, text)
		}
		if !glob(pattern, text+"b", pathname) {
			t.Errorf("glob(%q, %q+b) did not match", pattern, text)
		}
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("matching took %v", d)
	}
}

func TestParseRules(t *testing.T) {
	type want struct {
		glob                      string
		negate, dirOnly, baseName bool
		kind                      ruleKind
	}
	for _, tc := range []struct {
		content string
		want    []want
	}{
		{"", nil},
		{"# comment\n\n   \n", nil},
		{"!\n/\n!/\n", nil}, // patterns that can match nothing
		{"*.md", []want{{glob: "*.md", baseName: true, kind: kindSuffix}}},
		{"!keep.md\n", []want{{glob: "keep.md", negate: true, baseName: true, kind: kindLiteral}}},
		{"build/\n", []want{{glob: "build", dirOnly: true, baseName: true, kind: kindLiteral}}},
		{"/top\n", []want{{glob: "top", kind: kindLiteral}}},
		{"a/b*\n", []want{{glob: "a/b*", kind: kindGlob}}},
		{"/*.txt\n", []want{{glob: "*.txt", kind: kindGlob}}},
		{"**/x/\n", []want{{glob: "**/x", dirOnly: true, kind: kindGlob}}},
		{`\#h` + "\n" + `\!n`, []want{
			{glob: `\#h`, baseName: true, kind: kindGlob},
			{glob: `\!n`, baseName: true, kind: kindGlob},
		}},
		{"a  \nb\\ \\ \nc\\  \n", []want{
			{glob: "a", baseName: true, kind: kindLiteral},
			{glob: `b\ \ `, baseName: true, kind: kindGlob},
			{glob: `c\ `, baseName: true, kind: kindGlob},
		}},
		{"\xef\xbb\xbfa\r\nb\r\n", []want{
			{glob: "a", baseName: true, kind: kindLiteral},
			{glob: "b", baseName: true, kind: kindLiteral},
		}},
		{"a\x00b\n", []want{{glob: "a", baseName: true, kind: kindLiteral}}},
	} {
		set := parseRules([]byte(tc.content), "")
		var got []want
		for _, r := range set.rules {
			got = append(got, want(r))
		}
		if len(got) != len(tc.want) {
			t.Errorf("parseRules(%q) = %+v, want %+v", tc.content, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("parseRules(%q)[%d] = %+v, want %+v", tc.content, i, got[i], tc.want[i])
			}
		}
	}
}

func TestRuleSetMatch(t *testing.T) {
	set := parseRules([]byte("*.log\n!keep.log\nbuild/\n/only-top\ndocs/*.md\n"), "sub/")
	for _, tc := range []struct {
		path          string
		isDir         bool
		matched, excl bool
	}{
		{"sub/a.log", false, true, true},
		{"sub/deep/a.log", false, true, true},
		{"sub/keep.log", false, true, false},
		{"sub/build", true, true, true},
		{"sub/build", false, false, false},
		{"sub/only-top", false, true, true},
		{"sub/x/only-top", false, false, false},
		{"sub/docs/a.md", false, true, true},
		{"sub/docs/x/a.md", false, false, false},
		{"sub/x/docs/a.md", false, false, false},
		{"other/a.log", false, false, false}, // outside the file's folder
		{"sub.log", false, false, false},
	} {
		matched, excl := set.match(tc.path, path.Base(tc.path), tc.isDir)
		if matched != tc.matched || excl != tc.excl {
			t.Errorf("match(%q, dir=%v) = %v, %v; want %v, %v", tc.path, tc.isDir, matched, excl, tc.matched, tc.excl)
		}
	}
}

// FuzzIgnoreRule checks that no ignore line or path makes the matcher
// panic, that the literal and suffix shortcuts agree with wildmatch, and
// that a fully escaped text matches itself.
func FuzzIgnoreRule(f *testing.F) {
	for _, seed := range []struct{ line, path string }{
		{"*.md", "a/b.md"}, {"!keep", "keep"}, {"/a/**/b/", "a/x/y/b"}, {"[!a-c]?", "dz"},
		{"[[:alpha:]]*", "Q/r"}, {`\#x\ `, "#x "}, {"**", ""}, {"a[", "a["}, {`[\`, `\`},
	} {
		f.Add(seed.line, seed.path, false)
	}
	f.Fuzz(func(t *testing.T, line, p string, isDir bool) {
		set := parseRules([]byte(line), "")
		name := path.Base(p)
		for _, r := range set.rules {
			got := r.matches(p, name, isDir)
			subject := p
			if r.baseName {
				subject = name
			}
			want := !(r.dirOnly && !isDir) && glob(r.glob, subject, !r.baseName)
			if got != want {
				t.Errorf("rule %+v on %q: shortcut says %v, wildmatch %v", r, p, got, want)
			}
		}
		set.match(p, name, isDir)
		for _, pathname := range []bool{true, false} {
			glob(line, p, pathname)
			var esc strings.Builder
			for i := 0; i < len(p); i++ {
				esc.WriteByte('\\')
				esc.WriteByte(p[i])
			}
			if !glob(esc.String(), p, pathname) {
				t.Errorf("escaped %q does not match itself", p)
			}
		}
	})
}
