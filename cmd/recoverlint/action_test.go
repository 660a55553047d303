package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestActionScript runs the shell step of action.yml (scripts/action-run.sh)
// the way the runner does, on a scratch repository with a recommendation
// in an old file and one added on a branch: annotations and the exit
// status as the step's output, SARIF to a file, and on a pull request only
// the lines changed since the merge base.
func TestActionScript(t *testing.T) {
	if testing.Short() {
		t.Skip("builds recoverlint and runs git")
	}
	for _, tool := range []string{"bash", "git", "go"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s", tool)
		}
	}
	top, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	remote, repo := filepath.Join(tmp, "remote"), filepath.Join(tmp, "repo")
	git := func(dir string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.org", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.org", "GIT_CONFIG_GLOBAL=/dev/null")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(repo, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(repo, 0o755); err != nil {
		t.Fatal(err)
	}
	git(repo, "init", "-q", "-b", "main")
	write("OLD.md", "## When it hangs\n\nRun `pkill -f relay`.\n")
	git(repo, "add", ".")
	git(repo, "commit", "-q", "-m", "old")
	git(tmp, "clone", "-q", "--bare", repo, remote)
	git(repo, "remote", "add", "origin", remote)
	git(repo, "fetch", "-q", "origin")
	git(repo, "checkout", "-q", "-b", "feature")
	write("NEW.md", "## When it is stuck\n\nDelete `~/.relay/session.lock` and retry.\n")
	git(repo, "add", ".")
	git(repo, "commit", "-q", "-m", "new")

	run := func(env ...string) (string, map[string]string) {
		t.Helper()
		outFile := filepath.Join(tmp, "output")
		os.Remove(outFile)
		cmd := exec.Command("bash", filepath.Join(top, "scripts", "action-run.sh"))
		cmd.Dir = repo
		cmd.Env = append(os.Environ(), append([]string{"GITHUB_ACTION_PATH=" + top, "RUNNER_TEMP=" + tmp, "GITHUB_OUTPUT=" + outFile}, env...)...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("action-run.sh: %v\n%s", err, out)
		}
		data, _ := os.ReadFile(outFile)
		outputs := map[string]string{}
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			if k, v, ok := strings.Cut(line, "="); ok {
				outputs[k] = v
			}
		}
		return string(out), outputs
	}

	out, outputs := run("RL_FORMAT=github")
	if outputs["exit-code"] != "1" || !strings.Contains(out, "::error file=OLD.md,line=3") || !strings.Contains(out, "::error file=NEW.md,line=3") {
		t.Errorf("push: exit-code %q, output:\n%s", outputs["exit-code"], out)
	}
	out, outputs = run("RL_FORMAT=github", "RL_EVENT=pull_request", "RL_BASE_REF=main")
	if outputs["exit-code"] != "1" || strings.Contains(out, "file=OLD.md") || !strings.Contains(out, "file=NEW.md") || !strings.Contains(out, "merge base") {
		t.Errorf("pull request: exit-code %q, output:\n%s", outputs["exit-code"], out)
	}
	_, outputs = run("RL_FORMAT=sarif", "RL_PATHS=OLD.md NEW.md")
	var sarif struct {
		Version string `json:"version"`
		Runs    []struct {
			Results []json.RawMessage `json:"results"`
		} `json:"runs"`
	}
	data, err := os.ReadFile(filepath.Join(repo, "recoverlint.sarif"))
	if err != nil || json.Unmarshal(data, &sarif) != nil || sarif.Version != "2.1.0" || len(sarif.Runs) != 1 || len(sarif.Runs[0].Results) != 2 || outputs["exit-code"] != "1" {
		t.Errorf("sarif: exit-code %q, %v, %s", outputs["exit-code"], err, data)
	}
	os.Remove(filepath.Join(repo, "recoverlint.sarif"))
	_, outputs = run("RL_FORMAT=github", "RL_PATHS=nosuch.md")
	if outputs["exit-code"] != "2" {
		t.Errorf("a missing path: exit-code %q, want 2", outputs["exit-code"])
	}
	write("OLD.md", "Never run `pkill` on the relay.\n")
	write("NEW.md", "Request a reconnect instead.\n")
	if _, outputs = run("RL_FORMAT=github"); outputs["exit-code"] != "0" {
		t.Errorf("a clean tree: exit-code %q, want 0", outputs["exit-code"])
	}
}
