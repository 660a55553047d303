package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/rules"
	"github.com/recoverlint/recoverlint/walk"
)

// fileError is a file or folder that could not be checked.
type fileError struct {
	Path  string `json:"path"`
	Error string `json:"error"`
	// partial marks a file that was read but only partly understood (a Go
	// file that does not parse): reported, but not an I/O failure.
	partial bool
}

// report is the JSON document of `check --format json`.
type report struct {
	Version      int             `json:"version"`
	Findings     []check.Finding `json:"findings"`
	FilesScanned int             `json:"files_scanned"`
	FilesSkipped int             `json:"files_skipped"`
	Errors       []fileError     `json:"errors"`
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
	rep := checkPaths(paths, opts)
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
	fatal := false
	for _, e := range rep.Errors {
		fatal = fatal || !e.partial
	}
	switch {
	case fatal:
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

// result is one file's outcome, kept at its walk index so that output
// order does not depend on which worker finished first.
type result struct {
	findings []check.Finding
	err      *fileError
	skipped  bool
	scanned  bool
}

// checkPaths walks the paths and checks every selected file on a pool of
// workers, merging results in walk order.
func checkPaths(paths []string, opts checkOptions) report {
	wd, _ := os.Getwd()
	type job struct {
		i    int
		path string
	}
	jobs := make(chan job, 64)
	var mu sync.Mutex
	var results []result
	var wg sync.WaitGroup
	for w := 0; w < opts.workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf bytes.Buffer
			for j := range jobs {
				r := checkFile(j.path, displayPath(wd, j.path), opts, &buf)
				mu.Lock()
				results[j.i] = r
				mu.Unlock()
			}
		}()
	}
	n := 0
	walkErrs := walk.Walk(paths, walk.Options{Select: check.Selected}, func(f walk.File) {
		mu.Lock()
		results = append(results, result{})
		mu.Unlock()
		jobs <- job{i: n, path: f.Path}
		n++
	})
	close(jobs)
	wg.Wait()
	rep := report{Version: 1, Findings: []check.Finding{}, Errors: []fileError{}}
	for _, r := range results {
		rep.Findings = append(rep.Findings, r.findings...)
		if r.err != nil {
			rep.Errors = append(rep.Errors, *r.err)
		}
		if r.skipped {
			rep.FilesSkipped++
		}
		if r.scanned {
			rep.FilesScanned++
		}
	}
	for _, e := range walkErrs {
		rep.Errors = append(rep.Errors, fileError{Path: displayPath(wd, e.Path), Error: errText(e.Err)})
	}
	return rep
}

// errText is an error's innermost cause ("no such file or directory"):
// the path is printed beside it already.
func errText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	for {
		next := errors.Unwrap(err)
		if next == nil {
			return err.Error()
		}
		err = next
	}
}

// checkFile reads and checks one file. buf is the worker's reusable read buffer.
func checkFile(path, shown string, opts checkOptions, buf *bytes.Buffer) result {
	f, err := os.Open(path)
	if err != nil {
		return result{err: &fileError{Path: shown, Error: errText(err)}}
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return result{err: &fileError{Path: shown, Error: errText(err)}}
	}
	if info.IsDir() {
		return result{}
	}
	if info.Size() > opts.maxFileSize {
		return result{err: &fileError{Path: shown, Error: fmt.Sprintf("file is %d bytes, over --max-file-size %d; not checked", info.Size(), opts.maxFileSize)}}
	}
	buf.Reset()
	if _, err := buf.ReadFrom(io.LimitReader(f, opts.maxFileSize+1)); err != nil {
		return result{err: &fileError{Path: shown, Error: errText(err)}}
	}
	src := buf.Bytes()
	head := src[:min(len(src), 8<<10)]
	if bytes.IndexByte(head, 0) >= 0 {
		return result{skipped: true}
	}
	findings, err := check.Source(shown, src, opts.cfg)
	r := result{findings: findings, scanned: true}
	if err != nil {
		r.err = &fileError{Path: shown, Error: err.Error(), partial: true}
	}
	return r
}

// displayPath shows a path relative to the working directory when it is
// under it, with slashes.
func displayPath(wd, p string) string {
	abs, err := filepath.Abs(p)
	if err == nil && wd != "" {
		if rel, err := filepath.Rel(wd, abs); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(p)
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
