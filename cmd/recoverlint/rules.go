package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/recoverlint/recoverlint/check"
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
			fmt.Fprintf(stdout, "%-20s %s%s\n", r.ID, r.Summary, need)
		}
		return 0
	case 1:
		r := rules.ByID(args[0])
		if r == nil {
			fmt.Fprintf(stderr, "recoverlint rules: unknown rule %q\n", args[0])
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

// version reports the module version when built from a tagged module, or
// "devel".
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}

// runExplain prints what the classifier decided for each action named in
// the files given, and why.
func runExplain(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: recoverlint explain FILE...")
		return 2
	}
	code := 0
	for _, a := range args {
		src, err := os.ReadFile(a)
		if err != nil {
			fmt.Fprintf(stderr, "recoverlint explain: %v\n", err)
			code = 2
			continue
		}
		fmt.Fprintf(stdout, "%s:\n", a)
		for _, l := range check.Explain(a, src, check.Config{}) {
			fmt.Fprintln(stdout, l)
		}
	}
	return code
}
