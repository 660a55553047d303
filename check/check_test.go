package check_test

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/recoverlint/recoverlint/check"
)

func rulesAt(fs []check.Finding) string {
	var out []string
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%d:%s", f.Line, f.Rule))
	}
	return strings.Join(out, " ")
}

func TestSuppressions(t *testing.T) {
	for _, tc := range []struct {
		name, file, src, want string
	}{
		{"next line with reason", "a.md",
			"<!-- recoverlint-disable-next-line process-kill -- quoted runbook -->\nRun `pkill -f x` when it hangs.\n", ""},
		{"next line names another rule", "a.md",
			"<!-- recoverlint-disable-next-line env-edit -- unrelated -->\nRun `pkill -f x` when it hangs.\n",
			"1:unused-suppression 2:process-kill"},
		{"no reason", "a.md",
			"<!-- recoverlint-disable-next-line process-kill -->\nRun `pkill -f x` when it hangs.\n",
			"1:bad-suppression 2:process-kill"},
		{"no rule", "a.md",
			"<!-- recoverlint-disable-next-line -- because -->\nRun `pkill -f x` when it hangs.\n",
			"1:bad-suppression 2:process-kill"},
		{"unknown rule", "a.md",
			"<!-- recoverlint-disable-next-line pkill-rule -- because -->\nRun `pkill -f x` when it hangs.\n",
			"1:bad-suppression 2:process-kill"},
		{"unknown directive", "a.md",
			"<!-- recoverlint-disable-line process-kill -- because -->\nRun `pkill -f x` when it hangs.\n",
			"1:bad-suppression 2:process-kill"},
		{"range and enable", "a.md",
			"<!-- recoverlint-disable process-kill -- transcript -->\nRun `pkill -f x`.\n\nRun `killall x`.\n<!-- recoverlint-enable process-kill -->\n\nRun `pkill -f y`.\n",
			"7:process-kill"},
		{"all", "a.md",
			"<!-- recoverlint-disable-next-line all -- transcript -->\nRun `pkill -f x` and `touch ~/.codex/config.toml` to reload.\n", ""},
		{"directive shown in a fence is an example", "a.md",
			"```markdown\n<!-- recoverlint-disable-next-line process-kill -->\n```\n", ""},
		{"plain text ignore", "p.prompt",
			"recoverlint:ignore process-kill -- the user's own words, quoted\nRun pkill -f x when it hangs.\n", ""},
		{"go ignore with reason", "x.go",
			"package x\n\n//recoverlint:ignore process-kill hint kept for the migration doc\nvar hint = \"Run pkill -f x when it hangs.\"\n", ""},
		{"go nolint on the line", "x.go",
			"package x\n\nvar hint = \"Run pkill -f x when it hangs.\" //nolint:recoverlint\n", ""},
		{"go nolint list, recoverlint last", "x.go",
			"package x\n\nvar hint = \"Run pkill -f x when it hangs.\" //nolint:errcheck,recoverlint // quoted\n", ""},
		{"go nolint list, recoverlint first", "x.go",
			"package x\n\n//nolint:recoverlint,errcheck\nvar hint = \"Run pkill -f x when it hangs.\"\n", ""},
		{"go nolint of another linter", "x.go",
			"package x\n\nvar hint = \"Run pkill -f x when it hangs.\" //nolint:errcheck\n", "3:process-kill"},
		{"go directive quoted in a comment is not one", "x.go",
			"package x\n\n// Write //nolint:recoverlint to silence a line.\nvar hint = \"Run pkill -f x when it hangs.\"\n", "4:process-kill"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs, err := check.Source(tc.file, []byte(tc.src), check.Config{})
			if err != nil {
				t.Fatal(err)
			}
			if got := rulesAt(fs); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestKindAndSelection(t *testing.T) {
	for _, tc := range []struct {
		name     string
		kind     check.Kind
		selected bool
	}{
		{"AGENTS.md", check.Markdown, true},
		{"docs/guide.MDX", check.Markdown, true},
		{".cursor/rules/recovery.mdc", check.Markdown, true},
		{".cursor/rules/notes", check.Text, true},
		{".cursorrules", check.Text, true},
		{"sub/.windsurfrules", check.Text, true},
		{"prompts/system.prompt", check.Text, true},
		{"notes.txt", check.Text, true},
		{"main.go", check.Go, true},
		{"image.png", check.Text, false},
		{"Makefile", check.Text, false},
		{"hooks/pre-stop.sh", check.Shell, true},
		{"server/reconnect.py", check.Python, true},
		{"src/tools.ts", check.JavaScript, true},
		{"web/app.jsx", check.JavaScript, true},
		{".github/workflows/ci.yml", check.Data, true},
		{".mcp.json", check.Data, true},
		{"pyproject.toml", check.Data, true},
		{"package-lock.json", check.Data, false},
		{"dist/app.min.js", check.JavaScript, false},
	} {
		if got := check.KindOf(tc.name); got != tc.kind {
			t.Errorf("KindOf(%q) = %v, want %v", tc.name, got, tc.kind)
		}
		if got := check.Selected(tc.name); got != tc.selected {
			t.Errorf("Selected(%q) = %v, want %v", tc.name, got, tc.selected)
		}
	}
	for _, s := range []string{"markdown", "MD", "text", "go", "shell", "python", "javascript", "data", "yaml"} {
		if _, ok := check.ParseKind(s); !ok {
			t.Errorf("ParseKind(%q) failed", s)
		}
	}
	for _, tc := range []struct {
		src  string
		want check.Kind
	}{
		{"#!/bin/bash\npkill -f x\n", check.Shell},
		{"#!/usr/bin/env python3\nimport os\n", check.Python},
		{"#!/usr/bin/env node\nconsole.log(1)\n", check.JavaScript},
		{"#!/usr/bin/perl\n", check.Text},
		{"no shebang here\n", check.Text},
	} {
		if got := check.KindFor("bin/tool", []byte(tc.src)); got != tc.want {
			t.Errorf("KindFor(bin/tool, %q) = %v, want %v", tc.src, got, tc.want)
		}
	}
	if got := check.KindFor("notes.md", []byte("#!/bin/sh\n")); got != check.Markdown {
		t.Errorf("a Markdown name read as %v", got)
	}
	if _, ok := check.ParseKind("rust"); ok {
		t.Error("ParseKind(rust) succeeded")
	}
}

// TestPositions checks line and byte column of the action word, also when
// the word is disguised, and one finding per rule per line.
func TestPositions(t *testing.T) {
	src := "# Stuck\n\nRun `ｐｋｉｌｌ -f x` or `killall x`.\n\nThen `p\u200bkill -f y`.\n"
	fs, err := check.Source("a.md", []byte(src), check.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != 2 {
		t.Fatalf("got %d findings, want one per line: %+v", len(fs), fs)
	}
	if fs[0].Line != 3 || fs[0].Column != 6 {
		t.Errorf("full-width pkill at %d:%d, want 3:6", fs[0].Line, fs[0].Column)
	}
	if fs[1].Line != 5 || fs[1].Column != 7 {
		t.Errorf("zero-width pkill at %d:%d, want 5:7", fs[1].Line, fs[1].Column)
	}
	if fs[0].EndColumn != fs[0].Column+len("ｐｋｉｌｌ") {
		t.Errorf("full-width pkill ends at column %d, want %d (its last source byte)", fs[0].EndColumn, fs[0].Column+len("ｐｋｉｌｌ"))
	}
}

// TestEndColumns: a finding ends with the action word's last source
// byte, not with the markup after it (the closing backtick of a code
// span that holds the word alone).
func TestEndColumns(t *testing.T) {
	for _, tc := range []struct {
		src        string
		line, from int
		word       string
	}{
		{"# Stuck\n\nIf it hangs, `touch` the config.toml.\n", 3, 15, "touch"},
		{"# Stuck\n\nIf it hangs, run `pkill -f relay`.\n", 3, 19, "pkill"},
		{"# Stuck\n\nIf it hangs, run **pkill** -f relay.\n", 3, 20, "pkill"},
	} {
		fs, err := check.Source("a.md", []byte(tc.src), check.Config{})
		if err != nil || len(fs) != 1 {
			t.Fatalf("%q: %d findings, error %v", tc.src, len(fs), err)
		}
		f := fs[0]
		if f.Line != tc.line || f.Column != tc.from || f.EndColumn != tc.from+len(tc.word) {
			t.Errorf("%q: finding at %d:%d-%d, want %d:%d-%d", tc.src, f.Line, f.Column, f.EndColumn, tc.line, tc.from, tc.from+len(tc.word))
		}
	}
}

// TestGoParseError: a file that does not parse still yields the findings
// of what could be read, and the error.
func TestGoParseError(t *testing.T) {
	src := "package x\n\nvar hint = \"Run pkill -f x when it hangs.\"\n\nfunc broken( {\n"
	fs, err := check.Source("x.go", []byte(src), check.Config{})
	if err == nil {
		t.Error("no parse error reported")
	}
	if rulesAt(fs) != "3:process-kill" {
		t.Errorf("got %q, want the finding before the error", rulesAt(fs))
	}
}

func TestConfigRules(t *testing.T) {
	src := []byte("## Stuck\n\nRun `pkill -f x`, then `touch ~/.codex/config.toml` to reload.\n")
	only, _ := check.Source("a.md", src, check.Config{Enabled: map[string]bool{"mtime-reload": true}})
	if rulesAt(only) != "3:mtime-reload" {
		t.Errorf("Enabled: got %q", rulesAt(only))
	}
	without, _ := check.Source("a.md", src, check.Config{Disabled: map[string]bool{"mtime-reload": true}})
	if rulesAt(without) != "3:process-kill" {
		t.Errorf("Disabled: got %q", rulesAt(without))
	}
}

// TestLanguages runs one recommendation and one ban through each code
// reader, so the wiring of every kind is covered end to end.
func TestLanguages(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"stop.sh", "#!/bin/sh\n# never run pkill by hand\npkill -f bridge\n", "3:process-kill"},
		{"hint.py", "HINT = \"Run pkill -f bridge when it hangs.\"\nBAN = \"Never run pkill.\"\n", "1:process-kill"},
		{"hint.ts", "const hint = 'Run pkill -f bridge when it hangs.';\nconst ban = 'Never run pkill.';\n", "1:process-kill"},
		{"ci.yml", "jobs:\n  fix:\n    steps:\n      - run: pkill -f bridge\n", "4:process-kill"},
		{"bin/tool", "#!/usr/bin/env bash\nkillall bridge\n", "2:process-kill"},
	} {
		fs, err := check.Source(tc.name, []byte(tc.src), check.Config{})
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
		if got := rulesAt(fs); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestLoneCR: a carriage return that no line feed follows ends a line in
// Markdown, plain text and YAML, as their standards say; positions point
// into the file as it is, and CRLF files read as before.
func TestLoneCR(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"a.md", "# Troubleshooting\r\rIf the relay hangs, run `pkill -f relay`.\r", "3:26:process-kill"},
		{"a.txt", "Troubleshooting\r\rIf the relay hangs, run pkill -f relay.\r", "3:25:process-kill"},
		{"a.yaml", "steps:\r  - name: stop\r    run: pkill -f relay\r", "3:10:process-kill"},
		{"b.md", "# Troubleshooting\r\n\r\nIf the relay hangs, run `pkill -f relay`.\r\n", "3:26:process-kill"},
		{"c.md", "No action here.\rNone at all.\r", ""},
	} {
		fs, err := check.Source(tc.name, []byte(tc.src), check.Config{})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var got []string
		for _, f := range fs {
			got = append(got, fmt.Sprintf("%d:%d:%s", f.Line, f.Column, f.Rule))
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%s %q: got %q, want %q", tc.name, tc.src, got, tc.want)
		}
	}
}

// TestUTF16: a file with a UTF-16 byte order mark (either byte order) is
// decoded and checked; its line is the line and its column the byte
// column in the file as it is, two bytes a character.
func TestUTF16(t *testing.T) {
	text := "# Troubleshooting\r\n\r\nIf the relay hangs, run `pkill -f relay`.\r\n"
	units := utf16.Encode([]rune(text))
	le, be := []byte{0xFF, 0xFE}, []byte{0xFE, 0xFF}
	for _, u := range units {
		le = append(le, byte(u), byte(u>>8))
		be = append(be, byte(u>>8), byte(u))
	}
	for name, src := range map[string][]byte{"le.md": le, "be.md": be} {
		fs, err := check.Source(name, src, check.Config{})
		if err != nil || len(fs) != 1 {
			t.Fatalf("%s: %v, %v; want one finding", name, fs, err)
		}
		f := fs[0]
		// "pkill" is the 26th character of line 3: byte 51 of the line
		if f.Line != 3 || f.Column != 51 || f.EndColumn != 61 || f.Rule != "process-kill" {
			t.Errorf("%s: %d:%d-%d %s, want 3:51-61 process-kill", name, f.Line, f.Column, f.EndColumn, f.Rule)
		}
	}
}

// TestUnknownRuleMessage pins the bad-suppression message: every unknown
// id, sorted, the same on every run, and a hint when the reason was
// written without "--" and so was read as more ids.
func TestUnknownRuleMessage(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"<!-- recoverlint-disable-next-line process-kill reason: quoted text -->\nRun `pkill -f x`.\n",
			`names unknown rules "quoted", "reason:", "text" (a reason follows "--")`},
		{"<!-- recoverlint-disable-next-line pkill-rule -- because -->\nRun `pkill -f x`.\n",
			`names unknown rule "pkill-rule"`},
	} {
		for range 20 { // map order would show as a changing message
			fs, err := check.Source("a.md", []byte(tc.src), check.Config{})
			if err != nil {
				t.Fatal(err)
			}
			if len(fs) == 0 || fs[0].Rule != check.BadSuppression || !strings.HasSuffix(fs[0].Message, tc.want) {
				t.Fatalf("findings %+v, want a bad-suppression ending %q", fs, tc.want)
			}
		}
	}
}
