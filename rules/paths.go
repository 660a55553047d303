package rules

import (
	"path"
	"strings"
)

// IsTestPath reports whether a source file's name marks it as test code
// by its language's conventions or by the folder it sits in: *_test.go,
// test_*.py, *_test.py, conftest.py, *.test.* and *.spec.* (JS/TS),
// test_*.sh, *_test.sh and *.bats, and anything under testdata/, tests/,
// test/ or __tests__/. SPEC: test code performs no finding; its calls are
// fixtures and its strings are data. Only the name is read, with '/' or
// '\' between folders.
func IsTestPath(name string) bool {
	n := strings.ReplaceAll(name, "\\", "/")
	b := path.Base(n)
	switch {
	case strings.HasSuffix(b, "_test.go"),
		strings.HasPrefix(b, "test_") && (strings.HasSuffix(b, ".py") || strings.HasSuffix(b, ".sh")),
		strings.HasSuffix(b, "_test.py"), strings.HasSuffix(b, "_test.sh"), strings.HasSuffix(b, ".bats"),
		b == "conftest.py",
		strings.Contains(b, ".test.") || strings.Contains(b, ".spec."):
		return true
	}
	dir := "/" + path.Dir(n) + "/"
	for _, d := range [...]string{"/testdata/", "/tests/", "/test/", "/__tests__/"} {
		if strings.Contains(dir, d) {
			return true
		}
	}
	return false
}
