package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestNeovim runs a real editor, Neovim headless, against `recoverlint
// lsp`: it opens a Markdown file with a recommendation and a ban, prints
// the diagnostics it received and the quick fixes offered, deletes the
// recommendation's line and prints what it receives then
// (testdata/nvim/lsp_check.lua). The output must match
// testdata/nvim/lsp_check.want line for line. CI installs Neovim; where it
// is missing the test is skipped, except under CI, where it fails.
func TestNeovim(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("nvim is not installed; .ci/run installs Debian's neovim")
		}
		t.Skip("nvim is not installed (apt-get install neovim)")
	}
	if runtime.GOOS == "windows" {
		t.Skip("the script builds file URIs the Unix way")
	}
	top, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "recoverlint")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	// the workspace: a repository holding the document
	ws := filepath.Join(tmp, "ws")
	if err := os.MkdirAll(filepath.Join(ws, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(filepath.Join(top, "testdata", "nvim", "AGENTS.md"))
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(ws, "AGENTS.md")
	if err := os.WriteFile(file, doc, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(nvim, "--headless", "--clean", "-n", "-u", "NONE", "-c", "luafile "+filepath.Join(top, "testdata", "nvim", "lsp_check.lua"))
	cmd.Dir = ws
	cmd.Env = append(os.Environ(), "RL_CMD="+bin, "RL_FILE="+file, "RL_ROOT="+ws,
		"XDG_CACHE_HOME="+filepath.Join(tmp, "cache"), "XDG_STATE_HOME="+filepath.Join(tmp, "state"),
		"XDG_DATA_HOME="+filepath.Join(tmp, "data"), "XDG_CONFIG_HOME="+filepath.Join(tmp, "config"))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		t.Fatalf("nvim: %v\nstdout:\n%s\nstderr:\n%s", err, stdout.String(), stderr.String())
	}
	t.Logf("nvim session took %v", time.Since(start))
	want, err := os.ReadFile(filepath.Join(top, "testdata", "nvim", "lsp_check.want"))
	if err != nil {
		t.Fatal(err)
	}
	if got := stdout.String(); got != string(want) {
		t.Errorf("Neovim saw:\n%s\nwant:\n%s", got, want)
	}
	if strings.TrimSpace(stderr.String()) != "" {
		t.Logf("nvim stderr:\n%s", stderr.String())
	}
}
