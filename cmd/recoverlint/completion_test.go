package main

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"
)

// TestCompletionBash sources the bash script in a real bash and asks it
// to complete a command, a flag of check, a format and a rule id.
func TestCompletionBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	var script, errb bytes.Buffer
	if code := run([]string{"completion", "bash"}, strings.NewReader(""), &script, &errb); code != 0 {
		t.Fatalf("completion bash: exit %d: %s", code, errb.String())
	}
	probe := script.String() + `
show() { COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); _recoverlint; echo "${COMPREPLY[*]}"; }
show recoverlint ch
show recoverlint check --stdin
show recoverlint check --format sa
show recoverlint rules raw
show recoverlint check --color ne
`
	out, err := exec.Command(bash, "-c", probe).CombinedOutput()
	if err != nil {
		t.Fatalf("bash: %v\n%s", err, out)
	}
	want := "check\n--stdin-filename\nsarif\nraw-api-fallback\nnever\n"
	if string(out) != want {
		t.Errorf("completions:\n%s\nwant:\n%s", out, want)
	}
	for _, shell := range []string{"zsh", "fish"} {
		var b bytes.Buffer
		if code := run([]string{"completion", shell}, strings.NewReader(""), &b, &errb); code != 0 || !strings.Contains(b.String(), "recoverlint") {
			t.Errorf("completion %s: exit %d, %q", shell, code, b.String())
		}
	}
	if code := run([]string{"completion", "tcsh"}, strings.NewReader(""), &script, &errb); code != 2 || !strings.Contains(errb.String(), "unknown shell") {
		t.Errorf("completion tcsh: exit %d, %q", code, errb.String())
	}
}
