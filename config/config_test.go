package config_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/config"
)

const full = `# every setting
version: 1
rules:
  enable: [process-kill, mtime-reload, force-push, rm-rf-home]
  disable: [mtime-reload]
  severity:
    process-kill: warning
    unused-suppression: note
exclude:
  - vendor/
  - /docs/archive/**
  - "*.generated.md"
exclude-rules:
  - paths: [docs/incidents/**]
    rules: [process-kill]
  - paths: [fixtures/]
    rules: [all]
kinds: [markdown, text]
max-file-size: 2MiB
custom-rules:
  - id: force-push
    summary: force-pushing shared branches
    doc: |
      Force-pushing rewrites history that other clones build on.
    message: recommends force-pushing a shared branch; open a revert instead
    words: ["git push --force", "force push", "force-push"]
    severity: note
  - id: rm-rf-home
    summary: deleting the home folder's caches by hand to recover
    patterns: ['rm\s+-rf\s+~']
    needs: recovery
`

func TestParseFull(t *testing.T) {
	c, err := config.Parse("cfg.yml", "/repo", []byte(full))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(c.Enable, []string{"process-kill", "mtime-reload", "force-push", "rm-rf-home"}) ||
		!reflect.DeepEqual(c.Disable, []string{"mtime-reload"}) {
		t.Errorf("enable %q disable %q", c.Enable, c.Disable)
	}
	wantSev := map[string]string{"process-kill": "warning", "unused-suppression": "note", "force-push": "note"}
	if !reflect.DeepEqual(c.Severity, wantSev) {
		t.Errorf("severity %v, want %v", c.Severity, wantSev)
	}
	if len(c.Exclude) != 3 || len(c.ExcludeRules) != 2 || c.MaxFileSize != 2<<20 {
		t.Errorf("%d excludes, %d rule exclusions, max size %d", len(c.Exclude), len(c.ExcludeRules), c.MaxFileSize)
	}
	if !reflect.DeepEqual(c.Kinds, []check.Kind{check.Markdown, check.Text}) || c.Scans(check.Go) || !c.Scans(check.Text) {
		t.Errorf("kinds %v", c.Kinds)
	}
	if len(c.Rules) != 2 || c.Rules[0].ID != "force-push" || c.Rules[1].ID != "rm-rf-home" {
		t.Fatalf("custom rules %v", c.Rules)
	}
	if c.Rules[0].Message != "recommends force-pushing a shared branch; open a revert instead" {
		t.Errorf("message %q", c.Rules[0].Message)
	}
	cc := c.Check()
	if !cc.Enabled["force-push"] || !cc.Disabled["mtime-reload"] || len(cc.Extra) != 2 || cc.Severity["force-push"] != "note" {
		t.Errorf("check config %+v", cc)
	}
	for _, tc := range []struct {
		path     string
		excluded bool
		ruleOff  map[string]bool
	}{
		{"/repo/README.md", false, nil},
		{"/repo/vendor/x.md", true, nil},
		{"/repo/lib/vendor/x.md", true, nil},
		{"/repo/vendor", false, nil}, // a file named vendor is not the folder
		{"/repo/docs/archive/2024/old.md", true, nil},
		{"/repo/sub/docs/archive/old.md", false, nil},
		{"/repo/a/b.generated.md", true, nil},
		{"/repo/docs/incidents/x.md", false, map[string]bool{"process-kill": true}},
		{"/repo/fixtures/x.md", false, map[string]bool{"process-kill": true, "force-push": true, "env-edit": true}},
		{"/elsewhere/vendor/x.md", false, nil},
	} {
		if got := c.Excluded(tc.path); got != tc.excluded {
			t.Errorf("%s: excluded %v, want %v", tc.path, got, tc.excluded)
		}
		for _, rule := range []string{"process-kill", "force-push", "env-edit"} {
			if got := c.RuleExcluded(tc.path, rule); got != tc.ruleOff[rule] {
				t.Errorf("%s: %s excluded %v, want %v", tc.path, rule, got, tc.ruleOff[rule])
			}
		}
	}
}

func TestParseEmpty(t *testing.T) {
	for _, in := range []string{"", "\n", "# only a comment\n", "---\n"} {
		c, err := config.Parse("cfg.yml", "/repo", []byte(in))
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		cc := c.Check()
		if cc.Enabled != nil || cc.Disabled != nil || cc.Extra != nil || c.Excluded("/repo/x.md") || !c.Scans(check.Go) {
			t.Errorf("%q: not the empty configuration: %+v", in, c)
		}
	}
}

// TestParseErrors covers every error the reader reports, each with the
// file, line and column of the node at fault.
func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     []string
	}{
		{"syntax with a line", "rules:\n  enable: [a,\n", []string{"cfg.yml:2: YAML syntax: did not find expected"}},
		{"syntax without a line", "rules: x: y\n", []string{"cfg.yml:1: YAML syntax: mapping values are not allowed"}},
		{"tab indent", "rules:\n\tenable: []\n", []string{"cfg.yml:2: YAML syntax:"}},
		{"top is a list", "- a\n", []string{"cfg.yml:1:1: want a mapping of settings at the top, got a list"}},
		{"top is a scalar", "hello\n", []string{"cfg.yml:1:1: want a mapping of settings at the top, got a single value"}},
		{"unknown key", "version: 1\nrule:\n  enable: [x]\n", []string{`cfg.yml:2:1: config: unknown key "rule" (known keys: version, rules,`}},
		{"unknown nested key", "rules:\n  enabled: [process-kill]\n", []string{`cfg.yml:2:3: rules: unknown key "enabled"`}},
		{"repeated key", "kinds: [go]\nkinds: [text]\n", []string{`cfg.yml:2:1: config: key "kinds" repeated (first at line 1)`}},
		{"version", "version: 2\n", []string{`cfg.yml:1:10: version: "2" is not supported (want 1)`}},
		{"rules not a mapping", "rules: [process-kill]\n", []string{"cfg.yml:1:8: rules: want a mapping, got a list"}},
		{"enable not a list", "rules:\n  enable: process-kill\n", []string{"cfg.yml:2:11: rules.enable: want a list of strings, got a single value"}},
		{"enable empty", "rules:\n  enable: []\n", []string{"cfg.yml:2:11: rules.enable: empty"}},
		{"unknown rule", "rules:\n  disable: [process-kill, process-kil]\n", []string{`cfg.yml:2:27: unknown rule "process-kil"`}},
		{"null in a list", "rules:\n  disable: [~]\n", []string{"cfg.yml:2:13: rules.disable: want a string, got nothing"}},
		{"list in a list", "rules:\n  disable: [[a]]\n", []string{"cfg.yml:2:13: rules.disable: want a string, got a list"}},
		{"severity not a mapping", "rules:\n  severity: [error]\n", []string{"cfg.yml:2:13: rules.severity: want a mapping of rule ids to severities, got a list"}},
		{"bad severity", "rules:\n  severity:\n    process-kill: fatal\n", []string{`cfg.yml:3:19: rules.severity.process-kill: unknown severity "fatal" (want error, warning or note)`}},
		{"severity of an unknown rule", "rules:\n  severity:\n    nope: error\n", []string{`cfg.yml:3:5: unknown rule "nope"`}},
		{"severity repeated", "rules:\n  severity:\n    env-edit: error\n    env-edit: note\n", []string{`cfg.yml:4:5: rules.severity: rule "env-edit" repeated`}},
		{"exclude not a list", "exclude: vendor/\n", []string{"cfg.yml:1:10: exclude: want a list of strings, got a single value"}},
		{"exclude empty", "exclude: []\n", []string{"cfg.yml:1:10: exclude: empty list of paths"}},
		{"negated pattern", "exclude: ['!keep.md']\n", []string{`cfg.yml:1:11: exclude: "!keep.md": negated patterns are not supported`}},
		{"bad class", "exclude: ['docs/[a.md']\n", []string{`cfg.yml:1:11: exclude: "docs/[a.md": bad pattern "[a.md"`}},
		{"leaving the folder", "exclude: [../x]\n", []string{`cfg.yml:1:11: exclude: "../x": a pattern cannot leave`}},
		{"half a double star", "exclude: ['docs/**.md']\n", []string{`** must be a whole path segment`}},
		{"blank pattern", "exclude: ['  ']\n", []string{"cfg.yml:1:11: exclude: empty path pattern"}},
		{"only a slash", "exclude: ['/']\n", []string{`"/" matches no path`}},
		{"backslash", "exclude: ['docs\\x.md']\n", []string{"use / to separate folders"}},
		{"exclude-rules not a list", "exclude-rules: {paths: [a]}\n", []string{"cfg.yml:1:16: exclude-rules: want a list of {paths, rules}, got a mapping"}},
		{"exclude-rules entry not a mapping", "exclude-rules: [a]\n", []string{"cfg.yml:1:17: exclude-rules[0]: want a mapping, got a single value"}},
		{"exclude-rules without rules", "exclude-rules:\n  - paths: [a]\n", []string{"cfg.yml:2:5: exclude-rules[0]: rules is required"}},
		{"exclude-rules without paths", "exclude-rules:\n  - rules: [all]\n", []string{"cfg.yml:2:5: exclude-rules[0]: paths is required"}},
		{"exclude-rules empty rules", "exclude-rules:\n  - paths: [a]\n    rules: []\n", []string{"cfg.yml:3:12: exclude-rules[0].rules: empty"}},
		{"exclude-rules unknown key", "exclude-rules:\n  - paths: [a]\n    rules: [all]\n    path: [b]\n", []string{`cfg.yml:4:5: exclude-rules[0]: unknown key "path"`}},
		{"exclude-rules unknown rule", "exclude-rules:\n  - paths: [a]\n    rules: [al]\n", []string{`cfg.yml:3:13: unknown rule "al"`}},
		{"unknown kind", "kinds: [markdown, cobol]\n", []string{`cfg.yml:1:19: kinds: unknown kind "cobol" (want markdown, text, go, shell, python, javascript or data)`}},
		{"kinds empty", "kinds: []\n", []string{"cfg.yml:1:8: kinds: empty"}},
		{"bad size", "max-file-size: 2 MB of text\n", []string{`cfg.yml:1:16: max-file-size: "2 MB of text" is not a size`}},
		{"zero size", "max-file-size: 0\n", []string{`max-file-size: "0": the size must be positive`}},
		{"huge size", "max-file-size: 99999999999GiB\n", []string{"is too large"}},
		{"size not a scalar", "max-file-size: [1]\n", []string{"cfg.yml:1:16: max-file-size: want a string, got a list"}},
		{"custom rules not a list", "custom-rules: {id: x}\n", []string{"cfg.yml:1:15: custom-rules: want a list of rules, got a mapping"}},
		{"custom rule without id", "custom-rules:\n  - words: [x]\n", []string{"cfg.yml:2:5: custom-rules[0]: id is required"}},
		{"custom rule without words", "custom-rules:\n  - id: x\n", []string{"cfg.yml:2:5: custom-rules[0]: give words or patterns"}},
		{"custom rule bad id", "custom-rules:\n  - id: Force_Push\n    words: [x]\n", []string{`cfg.yml:2:5: custom-rules[0]: rule id "Force_Push": want lower-case words joined by '-'`}},
		{"custom rule built-in id", "custom-rules:\n  - id: process-kill\n    words: [x]\n", []string{`cfg.yml:2:5: custom-rules[0]: rule id "process-kill" is a built-in rule`}},
		{"custom rule repeated id", "custom-rules:\n  - id: a\n    words: [x]\n  - id: a\n    words: [y]\n", []string{`cfg.yml:4:5: custom-rules[1]: rule id "a" already used by custom-rules[0]`}},
		{"custom rule unknown key", "custom-rules:\n  - id: a\n    word: [x]\n", []string{`cfg.yml:3:5: custom-rules[0]: unknown key "word"`}},
		{"custom rule bad regexp", "custom-rules:\n  - id: a\n    patterns: ['rm (-rf']\n", []string{`cfg.yml:3:16: custom-rules[0].patterns: "rm (-rf" is not a regular expression`}},
		{"custom rule empty regexp", "custom-rules:\n  - id: a\n    patterns: ['x*']\n", []string{`cfg.yml:3:16: custom-rules[0].patterns: "x*" matches empty text`}},
		{"custom rule empty word", "custom-rules:\n  - id: a\n    words: ['', x]\n", []string{"cfg.yml:3:13: custom-rules[0].words: empty word"}},
		{"custom rule bad needs", "custom-rules:\n  - id: a\n    words: [x]\n    needs: sometimes\n", []string{`cfg.yml:4:12: custom-rules[0].needs: unknown context "sometimes"`}},
		{"custom rule bad severity", "custom-rules:\n  - id: a\n    words: [x]\n    severity: high\n", []string{`cfg.yml:4:15: custom-rules[0].severity: unknown severity "high"`}},
		{"custom rule severity twice", "rules:\n  severity:\n    a: note\ncustom-rules:\n  - id: a\n    words: [x]\n    severity: warning\n", []string{"cfg.yml:7:15: custom-rules: a has a severity here and in rules.severity"}},
		{"custom rule words not a list", "custom-rules:\n  - id: a\n    words: x\n", []string{"cfg.yml:3:12: custom-rules[0].words: want a list of strings, got a single value"}},
		{"custom rule summary not a string", "custom-rules:\n  - id: a\n    words: [x]\n    summary: [x]\n", []string{"cfg.yml:4:14: custom-rules[0].summary: want a string, got a list"}},
		{"several errors at once, in order", "kinds: [cobol]\nrules:\n  disable: [nope]\nbogus: 1\n", []string{
			`cfg.yml:1:9: kinds: unknown kind "cobol"`, `cfg.yml:3:13: unknown rule "nope"`, `cfg.yml:4:1: config: unknown key "bogus"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := config.Parse("cfg.yml", "/repo", []byte(tc.in))
			if err == nil {
				t.Fatalf("no error; config %+v", c)
			}
			if c != nil {
				t.Errorf("a config came with the error")
			}
			msg := err.Error()
			lines := strings.Split(msg, "\n")
			if len(lines) != len(tc.want) {
				t.Errorf("%d errors, want %d:\n%s", len(lines), len(tc.want), msg)
			}
			for i, w := range tc.want {
				if i < len(lines) && !strings.Contains(lines[i], w) {
					t.Errorf("error %d is %q, want one containing %q", i+1, lines[i], w)
				}
			}
		})
	}
}

func TestAliasesResolve(t *testing.T) {
	in := "exclude-rules:\n  - paths: &p [gen/]\n    rules: [all]\nexclude: *p\n"
	c, err := config.Parse("cfg.yml", "/repo", []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if !c.Excluded("/repo/gen/a.md") || !c.RuleExcluded("/repo/gen/a.md", "env-edit") {
		t.Errorf("the aliased list was not read in both places")
	}
}

func TestParseSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
		err  bool
	}{
		{"1024", 1024, false}, {"1B", 1, false}, {"3KB", 3000, false}, {"3KiB", 3072, false},
		{"2 MB", 2_000_000, false}, {"2MiB", 2 << 20, false}, {"1GiB", 1 << 30, false}, {" 5GB ", 5e9, false},
		{"", 0, true}, {"MB", 0, true}, {"1.5MB", 0, true}, {"-1", 0, true}, {"0", 0, true},
		{"10mb", 0, true}, {"1TB", 0, true}, {"99999999999999999999", 0, true},
	} {
		got, err := config.ParseSize(tc.in)
		if (err != nil) != tc.err || got != tc.want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d, error %v", tc.in, got, err, tc.want, tc.err)
		}
	}
}

func TestPattern(t *testing.T) {
	for _, tc := range []struct {
		pat   string
		match []string
		miss  []string
	}{
		{"vendor/", []string{"vendor/a.md", "x/vendor/y/z.md"}, []string{"vendor", "vendors/a.md"}},
		{"vendor", []string{"vendor", "vendor/a.md", "x/vendor"}, []string{"vendors"}},
		{"/docs", []string{"docs/a.md"}, []string{"x/docs/a.md"}},
		{"docs/*.md", []string{"docs/a.md"}, []string{"docs/sub/a.md", "x/docs/a.md"}},
		{"docs/**/*.md", []string{"docs/a.md", "docs/sub/deep/a.md"}, []string{"docs/a.txt", "a.md"}},
		{"**/gen/", []string{"gen/a.md", "x/y/gen/a.md"}, []string{"gen", "x/gen"}},
		{"*.generated.md", []string{"a.generated.md", "x/b.generated.md"}, []string{"a.md"}},
		{"a?.md", []string{"ab.md"}, []string{"abc.md", "a/.md"}},
		{"[ab].md", []string{"a.md", "b.md"}, []string{"c.md"}},
		{"./docs/a.md", []string{"docs/a.md"}, []string{"x/docs/a.md"}},
		{"docs//a.md", []string{"docs/a.md"}, nil},
		{"**", []string{"a.md", "x/y.md"}, nil},
	} {
		p, err := config.ParsePattern(tc.pat)
		if err != nil {
			t.Errorf("%q: %v", tc.pat, err)
			continue
		}
		if p.String() != tc.pat {
			t.Errorf("String() = %q", p.String())
		}
		for _, m := range tc.match {
			if !p.Match(m) {
				t.Errorf("%q does not match %q", tc.pat, m)
			}
		}
		for _, m := range tc.miss {
			if p.Match(m) {
				t.Errorf("%q matches %q", tc.pat, m)
			}
		}
	}
}

func TestFind(t *testing.T) {
	root := t.TempDir()
	mk := func(rel string) string {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	mkdir := func(rel string) string {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	top := mk("outer/.recoverlint.yml")                    // above the repository: not read
	mkdir("outer/repo/.git")                               // the repository's top
	inRepo := mk("outer/repo/.recoverlint.yaml")           // the .yaml name
	nested := mk("outer/repo/docs/.recoverlint.yml")       // nearer the scanned folder
	mkdir("outer/repo/docs/deep/er")                       // nothing here
	mkdir("outer/repo/src")                                // nothing here either
	mk("outer/repo/both/.recoverlint.yml")                 // two names in one folder
	mk("outer/repo/both/.recoverlint.yaml")                //
	mkdir("outer/bare/x")                                  // outside any repository
	mkdir("outer/repo2/.git")                              // a repository without config
	mkdir("outer/repo2/sub")                               //
	mk("outer/repo/.recoverlint.yml/notafile/placeholder") // a folder with the name is not a file
	for _, tc := range []struct {
		from, want, err string
	}{
		{"outer/repo/docs/deep/er", nested, ""},
		{"outer/repo/docs", nested, ""},
		{"outer/repo/src", inRepo, ""},
		{"outer/repo", inRepo, ""},
		{"outer/repo/both", "", "keep one"},
		{"outer/bare/x", top, ""},
		{"outer/repo2/sub", "", ""},
	} {
		got, err := config.Find(filepath.Join(root, filepath.FromSlash(tc.from)))
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("from %s: error %v, want %q", tc.from, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("from %s: %q, %v; want %q", tc.from, got, err, tc.want)
		}
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, ".recoverlint.yml")
	if err := os.WriteFile(file, []byte("exclude: [gen/]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := config.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	if c.File != file || c.Dir != dir || !c.Excluded(filepath.Join(dir, "gen", "a.md")) {
		t.Errorf("loaded %+v", c)
	}
	if _, err := config.Load(filepath.Join(dir, "none.yml")); err == nil || !strings.Contains(err.Error(), "reading config") {
		t.Errorf("missing file: %v", err)
	}
	if err := os.WriteFile(file, []byte("exclude: gen/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := config.Load(file); err == nil || !strings.HasPrefix(err.Error(), file+":1:10: ") {
		t.Errorf("a bad file's error %v does not start with its name and position", err)
	}
}
