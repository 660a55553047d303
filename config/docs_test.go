package config_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/config"
)

// TestDocsExamples keeps docs/ci.md honest: every configuration in its
// YAML blocks parses, and the custom rule example finds what the page
// says it finds in the runbook shown beside it.
func TestDocsExamples(t *testing.T) {
	page, err := os.ReadFile("../docs/ci.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```(\\w+)\n(.*?)```").FindAllStringSubmatch(string(page), -1)
	var configs []string
	var runbook string
	for _, b := range blocks {
		switch {
		case b[1] == "yaml" && (strings.HasPrefix(b[2], "version:") || strings.HasPrefix(b[2], "custom-rules:")):
			configs = append(configs, b[2])
		case b[1] == "markdown":
			runbook = b[2]
		}
	}
	if len(configs) < 2 || runbook == "" {
		t.Fatalf("found %d configurations and runbook %q in docs/ci.md", len(configs), runbook)
	}
	var custom *config.Config
	for i, text := range configs {
		c, err := config.Parse("docs/ci.md example", "/repo", []byte(text))
		if err != nil {
			t.Errorf("example %d does not parse: %v", i+1, err)
			continue
		}
		if strings.HasPrefix(text, "custom-rules:") {
			custom = c
		}
	}
	if custom == nil {
		t.Fatal("no custom rule example")
	}
	findings, err := check.Source("RUNBOOK.md", []byte(runbook), custom.Check())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range findings {
		got = append(got, f.Rule+": "+f.Excerpt)
	}
	want := []string{
		"force-push: 1. Run `git push --force` to overwrite the remote.",
		"force-push: You can just force push it when the remote is ahead.",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the custom rule example finds\n%s\nbut docs/ci.md promises\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
