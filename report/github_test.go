package report_test

import (
	"bufio"
	"bytes"
	"regexp"
	"testing"
)

func TestGitHubGolden(t *testing.T) {
	out := render(t, "github")
	golden(t, "fixture.github", out)
	// every line is one workflow command whose properties hold no raw
	// separator and whose message holds no raw newline or percent sign
	cmd := regexp.MustCompile(`^::(error|warning|notice) ([a-zA-Z]+=[^,:\r\n]*)(,[a-zA-Z]+=[^,:\r\n]*)*::[^\r\n]*$`)
	rawPercent := regexp.MustCompile(`%($|[^0-9A-F]|[0-9A-F]($|[^0-9A-F]))`)
	sc := bufio.NewScanner(bytes.NewReader(out))
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if !cmd.MatchString(line) {
			t.Errorf("not a workflow command: %q", line)
		}
		if rawPercent.MatchString(line) {
			t.Errorf("unescaped %% in %q", line)
		}
	}
	rep, _ := fixture(t)
	if want := len(rep.Findings) + len(rep.Errors); n != want {
		t.Errorf("%d commands, want %d", n, want)
	}
}
