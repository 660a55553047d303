package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// stdinFiles holds one file of every kind check reads, each with a
// recommendation, a ban and a suppression, so that kind, placement,
// suppression and configuration all show in the JSON.
var stdinFiles = map[string]string{
	"AGENTS.md":           "# Troubleshooting\n\nIf the server hangs, run `pkill -f mcp-server`.\n\nNever run `killall node`.\n",
	"prompts/recover.txt": "When the tools stop answering, touch ~/.codex/config.toml so the client reloads it.\n",
	".cursor/rules/a.mdc": "---\ndescription: recovery\n---\nIf the MCP server is stale, delete the lock file in ~/.codex/sessions and restart.\n",
	"tool/fix.go":         "package tool\n\n// Description shown to the agent.\nconst Description = \"If the server hangs, run pkill -f mcp-server to recover.\"\n",
	"scripts/fix.sh":      "#!/bin/sh\n# when the MCP server is stuck, kill it by hand:\npkill -f mcp-server\n",
	"tool/fix.py":         "HELP = \"If the MCP server stops answering, run `pkill -f mcp-server`.\"\n",
	"tool/fix.ts":         "export const help = 'If the MCP server stops answering, run `pkill -f mcp-server`.';\n",
	"tool/fix.js":         "// recoverlint:ignore process-kill -- a quoted example\nconst help = 'If it hangs, run `pkill -f mcp-server`.';\n",
	"conf/tools.yaml":     "description: If the MCP server stops answering, run pkill -f mcp-server.\n",
	"conf/tools.json":     "{\"description\": \"If the MCP server stops answering, run pkill -f mcp-server.\"}\n",
	"conf/tools.toml":     "description = \"If the MCP server stops answering, run pkill -f mcp-server.\"\n",
	"docs/ü ñ.md":         "# Fehlerbehebung — ü\n\nWhen it hangs, run `pkill -f mcp-server`.\n",
}

// TestStdinMatchesFile checks that `check --stdin-filename NAME -` prints
// the same bytes as `check NAME` for every kind and every output format,
// with a configuration that changes severities and excludes a rule in one
// folder.
func TestStdinMatchesFile(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		".recoverlint.yml": "rules:\n  severity:\n    mtime-reload: warning\nexclude-rules:\n  - paths: [conf/tools.toml]\n    rules: [process-kill]\n",
	}
	for name, data := range stdinFiles {
		files[name] = data
	}
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	for name, data := range stdinFiles {
		for _, format := range []string{"json", "text", "sarif", "github", "checkstyle"} {
			var fileOut, fileErr, inOut, inErr bytes.Buffer
			fileCode := run([]string{"check", "--format", format, name}, strings.NewReader(""), &fileOut, &fileErr)
			inCode := run([]string{"check", "--format", format, "--stdin-filename", name, "-"}, strings.NewReader(data), &inOut, &inErr)
			if fileCode != inCode || !bytes.Equal(fileOut.Bytes(), inOut.Bytes()) || fileErr.String() != inErr.String() {
				t.Errorf("%s (%s): file exit %d\n%s%s\nstdin exit %d\n%s%s", name, format, fileCode, fileOut.String(), fileErr.String(), inCode, inOut.String(), inErr.String())
			}
			if format == "json" && name == "AGENTS.md" && !strings.Contains(inOut.String(), `"line": 3`) {
				t.Errorf("AGENTS.md: the recommendation is not reported:\n%s%s", inOut.String(), inErr.String())
			}
		}
	}
}

func TestStdinRefusals(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, ".gitignore"), []byte("scratch/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	rec := "If it hangs, run `pkill -f mcp-server`.\n"
	for _, tc := range []struct {
		args       []string
		code       int
		stdout     string
		stderrHint string
	}{
		{[]string{"-"}, 2, "", "needs --stdin-filename"},
		{[]string{"--stdin-filename", "a.md"}, 2, "", "give - as the only path"},
		{[]string{"--stdin-filename", "a.md", "-", "b.md"}, 2, "", "give - as the only path"},
		{[]string{"--stdin-filename", "a.md", "--new-from-rev", "HEAD", "-"}, 2, "", "excludes --new-from-rev"},
		{[]string{"--stdin-filename", "scratch/a.md", "-"}, 0, "", "not checked"},
		{[]string{"--stdin-filename", "a.png", "-"}, 0, "", "not checked"},
		// a walk does not read a script known only by its #! line
		{[]string{"--stdin-filename", "bin/fix", "-"}, 0, "", "not checked"},
		{[]string{"--max-file-size", "10", "--stdin-filename", "a.md", "-"}, 2, "", "over --max-file-size 10"},
		{[]string{"--stdin-filename", "a.md", "-"}, 1, "a.md:1:", "1 finding(s) in 1 file(s)"},
		{[]string{"--quiet", "--stdin-filename", "scratch/a.md", "-"}, 0, "", ""},
	} {
		var out, errb bytes.Buffer
		code := run(append([]string{"check"}, tc.args...), strings.NewReader(rec), &out, &errb)
		quietOK := !slices.Contains(tc.args, "--quiet") || errb.Len() == 0
		if code != tc.code || !strings.Contains(out.String(), tc.stdout) || !strings.Contains(errb.String(), tc.stderrHint) || !quietOK {
			t.Errorf("check %q: exit %d, stdout %q, stderr %q; want exit %d, stdout with %q, stderr with %q", tc.args, code, out.String(), errb.String(), tc.code, tc.stdout, tc.stderrHint)
		}
	}
}
