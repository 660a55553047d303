package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/recoverlint/recoverlint/config"
)

// runInit is "recoverlint init": it writes the commented configuration
// template, refusing to replace a file that exists.
func runInit(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("recoverlint init", flag.ContinueOnError)
	fl.SetOutput(stderr)
	for _, a := range args {
		if a == "-h" || a == "-help" || a == "--help" {
			fl.SetOutput(stdout)
		}
	}
	dir := fl.String("dir", ".", "the folder to write .recoverlint.yml in")
	force := fl.Bool("force", false, "replace an existing .recoverlint.yml")
	fl.Usage = func() {
		fmt.Fprintln(fl.Output(), "usage: recoverlint init [--dir DIR] [--force]\n\nWrites a commented .recoverlint.yml that changes nothing until it is edited;\nits first line names the JSON Schema (docs/recoverlint.schema.json) for editors.\n\nflags:")
		fl.PrintDefaults()
	}
	if err := fl.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fl.NArg() > 0 {
		fmt.Fprintf(stderr, "recoverlint init: unexpected argument %q\n", fl.Arg(0))
		return 2
	}
	for _, name := range config.Names {
		p := filepath.Join(*dir, name)
		if _, err := os.Lstat(p); err == nil && !*force {
			fmt.Fprintf(stderr, "recoverlint init: %s exists; edit it, or replace it with --force\n", p)
			return 2
		} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
			fmt.Fprintf(stderr, "recoverlint init: %v\n", err)
			return 2
		}
	}
	p := filepath.Join(*dir, config.Names[0])
	if err := os.WriteFile(p, []byte(config.Template), 0o644); err != nil {
		fmt.Fprintf(stderr, "recoverlint init: %v\n", err)
		return 2
	}
	fmt.Fprintf(stdout, "wrote %s\n", p)
	return 0
}
