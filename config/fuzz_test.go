package config_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/config"
)

// FuzzParse checks that any text either parses or fails with errors that
// each name the file, and never panics.
func FuzzParse(f *testing.F) {
	for _, s := range []string{full, customYAML, "", "rules: x: y\n", "exclude: [a, '[']\n", "custom-rules:\n  - id: a\n    patterns: ['(']\n",
		"a: &x [*x]\n", "exclude-rules:\n  - paths: [a]\n    rules: [all]\n", "kinds: [go, md]\nmax-file-size: 1KiB\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := config.Parse("f.yml", "/repo", []byte(s))
		if err == nil {
			if c == nil {
				t.Fatal("no config and no error")
			}
			_ = c.Check()
			c.Excluded("/repo/a/b.md")
			c.RuleExcluded("/repo/a/b.md", "process-kill")
			return
		}
		var list interface{ Unwrap() []error }
		errs := []error{err}
		if errors.As(err, &list) {
			errs = list.Unwrap()
		}
		for _, e := range errs {
			if !strings.HasPrefix(e.Error(), "f.yml") {
				t.Fatalf("error %q does not name the file", e)
			}
		}
	})
}
