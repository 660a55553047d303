package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/lsp"
	"github.com/recoverlint/recoverlint/rules"
)

var updateRulesDoc = flag.Bool("update", false, "rewrite the generated docs/rules.md")

// rulesDoc renders docs/rules.md from the rules' own documentation, the
// text `recoverlint rules RULE` prints, one section per rule id so that an
// editor's diagnostic can link to its rule (lsp.RulesURL).
func rulesDoc(t *testing.T) []byte {
	var b bytes.Buffer
	b.WriteString("# Rules\n\n<!-- Generated from the rules' own documentation by\n     go test ./cmd/recoverlint -run TestRulesDoc -update\n     Edit the rules, not this file. -->\n\n")
	b.WriteString("Each section says why a recovery action is forbidden, what to do instead and\nhow far to trust the rule; `recoverlint rules RULE` prints the same, and an\neditor's diagnostic links to its rule's section here.\n")
	ids := []string{}
	for _, r := range rules.All {
		ids = append(ids, r.ID)
	}
	for _, m := range check.MetaRules {
		ids = append(ids, m.ID)
	}
	for _, id := range ids {
		var out, errb bytes.Buffer
		if code := run([]string{"rules", id}, strings.NewReader(""), &out, &errb); code != 0 {
			t.Fatalf("rules %s: exit %d: %s", id, code, errb.String())
		}
		trimmed := bytes.TrimRight(b.Bytes(), "\n")
		b.Truncate(len(trimmed))
		b.WriteString("\n\n## " + id + "\n\n")
		title, body, _ := strings.Cut(out.String(), "\n\n")
		b.WriteString("**" + strings.TrimSpace(strings.TrimPrefix(title, id+":")) + "**\n\n")
		for _, para := range strings.Split(strings.TrimSpace(body), "\n\n") {
			switch {
			case strings.HasPrefix(para, "Reported:\n"):
				b.WriteString("Reported:\n\n<!-- recoverlint-disable all -- the rule's own examples of what it reports -->\n```text\n" + dedent(strings.TrimPrefix(para, "Reported:\n")) + "\n```\n<!-- recoverlint-enable all -->\n\n")
			case strings.HasPrefix(para, "Not reported:\n"):
				b.WriteString("Not reported:\n\n```text\n" + dedent(strings.TrimPrefix(para, "Not reported:\n")) + "\n```\n\n")
			case strings.HasPrefix(para, "  "):
				b.WriteString("```text\n" + dedent(para) + "\n```\n\n")
			default:
				b.WriteString(para + "\n\n")
			}
		}
	}
	return append(bytes.TrimRight(b.Bytes(), "\n"), '\n')
}

func dedent(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, "  ")
	}
	return strings.Join(lines, "\n")
}

// TestRulesDoc keeps docs/rules.md equal to what the rules say, and
// checks that every rule id has the anchor diagnostics link to.
func TestRulesDoc(t *testing.T) {
	path := filepath.Join("..", "..", "docs", "rules.md")
	want := rulesDoc(t)
	if *updateRulesDoc {
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("docs/rules.md is stale; run go test ./cmd/recoverlint -run TestRulesDoc -update")
	}
	if !strings.HasSuffix(lsp.RulesURL, "/docs/rules.md") {
		t.Fatalf("lsp.RulesURL %s does not point at docs/rules.md", lsp.RulesURL)
	}
	for _, r := range rules.All {
		if !bytes.Contains(got, []byte("\n## "+r.ID+"\n")) {
			t.Errorf("docs/rules.md has no section for %s", r.ID)
		}
	}
}

func TestVersionOf(t *testing.T) {
	vcs := []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.modified", Value: "true"}}
	for _, tc := range []struct {
		release, module string
		settings        []debug.BuildSetting
		want            string
	}{
		{"v1.2.3", "(devel)", vcs, "v1.2.3"},
		{"", "v0.4.0", vcs, "v0.4.0"},
		{"", "(devel)", vcs, "0.0.0-devel+0123456789ab.dirty"},
		{"", "(devel)", vcs[:1], "0.0.0-devel+0123456789ab"},
		{"", "", nil, "0.0.0-devel"},
	} {
		if got := versionOf(tc.release, tc.module, tc.settings); got != tc.want {
			t.Errorf("versionOf(%q, %q, …) = %q, want %q", tc.release, tc.module, got, tc.want)
		}
	}
}
