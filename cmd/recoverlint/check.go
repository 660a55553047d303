package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strings"

	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/rules"
	"github.com/recoverlint/recoverlint/runner"
)

// report is the JSON document of `check --format json`.
type report struct {
	Version      int                `json:"version"`
	Findings     []check.Finding    `json:"findings"`
	FilesScanned int                `json:"files_scanned"`
	FilesSkipped int                `json:"files_skipped"`
	Errors       []runner.FileError `json:"errors"`
}

type checkOptions struct {
	format      string
	maxFileSize int64
	workers     int
	cfg         check.Config
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("check", flag.ContinueOnError)
	fl.SetOutput(stderr)
	format := fl.String("format", "text", "output format: text or json")
	enable := fl.String("enable", "", "comma-separated rule ids: report only these")
	disable := fl.String("disable", "", "comma-separated rule ids: do not report these")
	maxSize := fl.Int64("max-file-size", 16<<20, "skip files larger than this many bytes (reported in errors)")
	workers := fl.Int("workers", runtime.GOMAXPROCS(0), "files checked in parallel")
	fl.Usage = func() {
		fmt.Fprintln(stderr, "usage: recoverlint check [flags] [PATH...]")
		fl.PrintDefaults()
	}
	if err := fl.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	opts := checkOptions{format: *format, maxFileSize: *maxSize, workers: *workers}
	if opts.format != "text" && opts.format != "json" {
		fmt.Fprintf(stderr, "recoverlint check: unknown format %q (want text or json)\n", opts.format)
		return 2
	}
	var err error
	if opts.cfg.Enabled, err = ruleSet(*enable); err != nil {
		fmt.Fprintf(stderr, "recoverlint check: --enable: %v\n", err)
		return 2
	}
	if opts.cfg.Disabled, err = ruleSet(*disable); err != nil {
		fmt.Fprintf(stderr, "recoverlint check: --disable: %v\n", err)
		return 2
	}
	if opts.workers < 1 {
		opts.workers = 1
	}
	paths := fl.Args()
	if len(paths) == 0 {
		paths = []string{"."}
	}
	run := runner.Run(paths, runner.Options{Check: opts.cfg, MaxFileSize: opts.maxFileSize, Workers: opts.workers})
	rep := report{Version: 1, Findings: run.Findings, FilesScanned: run.FilesScanned, FilesSkipped: run.FilesSkipped, Errors: run.Errors}
	if err := writeReport(stdout, rep, opts.format); err != nil {
		fmt.Fprintf(stderr, "recoverlint check: writing output: %v\n", err)
		return 2
	}
	for _, e := range rep.Errors {
		fmt.Fprintf(stderr, "recoverlint: %s: %s\n", e.Path, e.Error)
	}
	if opts.format == "text" {
		fmt.Fprintf(stderr, "%d finding(s) in %d file(s) scanned", len(rep.Findings), rep.FilesScanned)
		if rep.FilesSkipped > 0 {
			fmt.Fprintf(stderr, ", %d binary file(s) skipped", rep.FilesSkipped)
		}
		if len(rep.Errors) > 0 {
			fmt.Fprintf(stderr, ", %d error(s)", len(rep.Errors))
		}
		fmt.Fprintln(stderr)
	}
	switch {
	case run.Fatal():
		return 2
	case len(rep.Findings) > 0:
		return 1
	}
	return 0
}

// ruleSet parses a comma-separated list of rule ids.
func ruleSet(s string) (map[string]bool, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	m := map[string]bool{}
	for _, id := range strings.Split(s, ",") {
		id = strings.TrimSpace(id)
		if id == "" {
			continue
		}
		if rules.ByID(id) == nil {
			return nil, fmt.Errorf("unknown rule %q (see recoverlint rules)", id)
		}
		m[id] = true
	}
	return m, nil
}

func writeReport(w io.Writer, rep report, format string) error {
	if format == "json" {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(rep)
	}
	var b strings.Builder
	for _, f := range rep.Findings {
		fmt.Fprintf(&b, "%s:%d:%d: %s: %s\n", f.Path, f.Line, f.Column, f.Rule, f.Message)
		if f.Excerpt != "" {
			fmt.Fprintf(&b, "    %s\n", f.Excerpt)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
