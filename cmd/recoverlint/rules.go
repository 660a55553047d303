package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/report"
	"github.com/recoverlint/recoverlint/rules"
)

func runRules(args []string, stdout, stderr io.Writer) int {
	switch len(args) {
	case 0:
		for _, r := range rules.All {
			need := ""
			switch r.Needs {
			case rules.Recovery:
				need = " (as a recovery step)"
			case rules.Fallback:
				need = " (as a fallback)"
			}
			if strings.Contains(r.Summary, strings.Trim(need, " ()")) {
				need = "" // the summary says it already
			}
			fmt.Fprintf(stdout, "%-20s %s%s\n", r.ID, r.Summary, need)
		}
		for _, m := range check.MetaRules {
			fmt.Fprintf(stdout, "%-20s %s\n", m.ID, m.Summary)
		}
		return 0
	case 1:
		if args[0] == "-h" || args[0] == "-help" || args[0] == "--help" {
			fmt.Fprintln(stdout, "usage: recoverlint rules [RULE]\n\nLists the rules, or prints one rule's documentation: why, what to do instead,\nexamples, and how the rule scored on text it was never tuned on.")
			return 0
		}
		for _, m := range check.MetaRules {
			if m.ID == args[0] {
				fmt.Fprintf(stdout, "%s: %s\n\n%s\n", m.ID, m.Summary, m.Doc)
				return 0
			}
		}
		r := rules.ByID(args[0])
		if r == nil {
			ids := []string{}
			for _, r := range rules.All {
				ids = append(ids, r.ID)
			}
			for _, m := range check.MetaRules {
				ids = append(ids, m.ID)
			}
			fmt.Fprintf(stderr, "recoverlint rules: unknown rule %q; the rules are: %s\n", args[0], strings.Join(ids, ", "))
			return 2
		}
		fmt.Fprintf(stdout, "%s: %s\n\n%s\n", r.ID, r.Doc.Title, r.Doc.Text)
		if t := rules.Sealed.Trust(r.ID); t != "" {
			fmt.Fprintf(stdout, "\nHow far to trust it: %s.\n", t)
		}
		if len(r.Doc.Bad) > 0 {
			fmt.Fprintf(stdout, "\nReported:\n")
			for _, b := range r.Doc.Bad {
				fmt.Fprintf(stdout, "  %s\n", strings.ReplaceAll(b, "\n", "\n  "))
			}
		}
		if len(r.Doc.Good) > 0 {
			fmt.Fprintf(stdout, "\nNot reported:\n")
			for _, g := range r.Doc.Good {
				fmt.Fprintf(stdout, "  %s\n", strings.ReplaceAll(g, "\n", "\n  "))
			}
		}
		return 0
	}
	fmt.Fprintln(stderr, "usage: recoverlint rules [RULE]")
	return 2
}

// version reports the version of this build (versionOf).
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return versionOf(releaseVersion, "", nil)
	}
	return versionOf(releaseVersion, bi.Main.Version, bi.Settings)
}

// releaseVersion is set for releases: go build -ldflags "-X main.releaseVersion=v1.2.3".
var releaseVersion string

// versionOf decides the version a build reports: the release's, else the
// module's when built as a tagged module, else 0.0.0-devel with the VCS
// revision and a dirty mark, a semantic version that sorts below every
// release (SARIF readers want a version that starts with a number).
func versionOf(release, module string, settings []debug.BuildSetting) string {
	switch {
	case release != "":
		return release
	case module != "" && module != "(devel)":
		return module
	}
	rev, dirty := "", false
	for _, s := range settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	v := "0.0.0-devel"
	if rev != "" {
		v += "+" + rev[:min(len(rev), 12)]
		if dirty {
			v += ".dirty"
		}
	}
	return v
}

// runExplain prints what the classifier decided for each action named in
// the files given, and why.
func runExplain(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: recoverlint explain FILE...")
		return 2
	}
	if len(args) == 1 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		fmt.Fprintln(stdout, "usage: recoverlint explain FILE...\n\nShows, for each file, every place the rules saw an action and what the classifier\ndecided there: recommend, prohibit or mention, and the context it read.")
		return 0
	}
	code := 0
	for _, a := range args {
		src, err := os.ReadFile(a)
		if err != nil {
			fmt.Fprintf(stderr, "recoverlint explain: %v\n", err)
			code = 2
			continue
		}
		verdicts, findings, err := check.Explain(a, src, check.Config{})
		fmt.Fprintf(stdout, "%s:\n", report.Visible(a))
		for _, v := range verdicts {
			for _, line := range strings.Split(v.String(), "\n") {
				fmt.Fprintln(stdout, report.Visible(line))
			}
		}
		fmt.Fprintf(stdout, "%d finding(s), %d place(s) where an action is named\n", len(findings), len(verdicts))
		if err != nil {
			fmt.Fprintf(stderr, "recoverlint explain: %s: %s\n", report.Visible(a), report.Visible(err.Error()))
		}
	}
	return code
}
