package rules_test

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/rules"
)

// TestCases runs every txtar case in testdata/cases through the whole
// pipeline. A case holds one input file (any name: its extension picks the
// reader) and a "want" section of "LINE RULE" lines, one per finding.
func TestCases(t *testing.T) {
	files, err := filepath.Glob("testdata/cases/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no cases in testdata/cases")
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		t.Run(name, func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var input *txtar.File
			wantIdx, inputs := -1, 0
			for i := range ar.Files {
				if ar.Files[i].Name == "want" {
					wantIdx = i
				} else {
					inputs++
					input = &ar.Files[i]
				}
			}
			if inputs != 1 || wantIdx < 0 {
				t.Fatalf("%s: want one input file and a want section", file)
			}
			findings, err := check.Source(input.Name, input.Data, check.Config{})
			if err != nil && check.KindOf(input.Name) != check.Go {
				t.Fatalf("check: %v", err)
			}
			var got []string
			for _, f := range findings {
				got = append(got, fmt.Sprintf("%d %s", f.Line, f.Rule))
			}
			sort.Strings(got)
			var want []string
			for _, l := range strings.Split(string(ar.Files[wantIdx].Data), "\n") {
				if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
					want = append(want, l)
				}
			}
			sort.Strings(want)
			if strings.Join(want, "\n") != strings.Join(got, "\n") {
				t.Errorf("findings differ\n got: %q\nwant: %q\n%s", got, want, ar.Comment)
			}
		})
	}
}

// TestEveryRuleHasACase: each built-in rule is pinned by at least one
// txtar case that expects a finding of it.
func TestEveryRuleHasACase(t *testing.T) {
	files, err := filepath.Glob("testdata/cases/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	expected := map[string]bool{}
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ar.Files {
			if f.Name != "want" {
				continue
			}
			for _, line := range strings.Split(string(f.Data), "\n") {
				if fs := strings.Fields(line); len(fs) == 2 {
					expected[fs[1]] = true
				}
			}
		}
	}
	for _, r := range rules.All {
		if !expected[r.ID] {
			t.Errorf("rule %s has no case in rules/testdata/cases that expects it (go run ./internal/addrule writes one)", r.ID)
		}
	}
}
