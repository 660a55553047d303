// Command score prints the checker's precision and recall on labelled
// corpora, by rule, and with -diff the cases that differ.
//
//	go run ./internal/accuracy/score [-diff] [-rule ID] FILE.jsonl...
//
// -diff refuses a sealed part (a file named *sealed*): its cases are
// measured, never read while tuning.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/recoverlint/recoverlint/internal/accuracy"
)

func main() {
	diff := flag.Bool("diff", false, "print the cases that differ")
	rule := flag.String("rule", "", "with -diff, only cases that differ in this rule")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: score [-diff] [-rule ID] FILE.jsonl...")
		os.Exit(2)
	}
	var all []accuracy.Case
	for _, p := range flag.Args() {
		if *diff && strings.Contains(filepath.Base(p), "sealed") {
			fmt.Fprintf(os.Stderr, "score: %s is sealed: measure it without -diff\n", p)
			os.Exit(2)
		}
		cs, err := accuracy.Load(p)
		if err != nil {
			fmt.Fprintln(os.Stderr, "score:", err)
			os.Exit(2)
		}
		all = append(all, cs...)
	}
	res := accuracy.Score(all)
	fmt.Print(res.Summary())
	if !*diff {
		return
	}
	for _, d := range res.Diffs {
		if *rule != "" && !has(d.Missed, *rule) && !has(d.Extra, *rule) {
			continue
		}
		fmt.Printf("\n== %s (%s) %s\n   note: %s\n", d.Case.ID, d.Case.File, d.Case.Source, d.Case.Note)
		for _, e := range d.Missed {
			fmt.Printf("   MISSED %s line %d\n", e.Rule, e.Line)
		}
		for _, e := range d.Extra {
			fmt.Printf("   EXTRA  %s line %d\n", e.Rule, e.Line)
		}
		for i, l := range strings.Split(d.Case.Text, "\n") {
			fmt.Printf("   %3d| %s\n", i+1, l)
		}
	}
}

func has(es []accuracy.Expect, rule string) bool {
	for _, e := range es {
		if e.Rule == rule {
			return true
		}
	}
	return false
}
