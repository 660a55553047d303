package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/recoverlint/recoverlint/baseline"
	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/config"
	"github.com/recoverlint/recoverlint/gitdiff"
	"github.com/recoverlint/recoverlint/report"
	"github.com/recoverlint/recoverlint/rules"
	"github.com/recoverlint/recoverlint/runner"
	"github.com/recoverlint/recoverlint/walk"
)

// checkFlags are the command line of `recoverlint check`.
type checkFlags struct {
	format        string
	enable        string
	disable       string
	maxFileSize   int64
	maxSizeSet    bool
	workers       int
	configFile    string
	noConfig      bool
	newFromRev    string
	baselineFile  string
	writeBaseline string
	stdinName     string
	quiet         bool
	color         string
	paths         []string
}

func parseCheckFlags(args []string, stdout, stderr io.Writer) (checkFlags, int, bool) {
	var f checkFlags
	fl := flag.NewFlagSet("check", flag.ContinueOnError)
	fl.SetOutput(stderr)
	for _, a := range args {
		if a == "-h" || a == "-help" || a == "--help" {
			stderr = stdout // asked-for help is the command's output
			fl.SetOutput(stdout)
		}
		if a == "--" {
			break
		}
	}
	defineCheckFlags(fl, &f)
	fl.Usage = func() {
		fmt.Fprintln(stderr, "usage: recoverlint check [flags] [PATH...]")
		fl.PrintDefaults()
		fmt.Fprintln(stderr, "\nexit status: 0 no findings, 1 findings, 2 usage or configuration error or an unreadable file\n\nexamples:\n  recoverlint check .\n  recoverlint check --format sarif docs AGENTS.md > recoverlint.sarif\n  recoverlint check --new-from-rev origin/main .\n  recoverlint check --stdin-filename docs/runbook.md - < buffer.md")
	}
	if err := fl.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return f, 0, false
		}
		return f, 2, false
	}
	fl.Visit(func(x *flag.Flag) {
		if x.Name == "max-file-size" {
			f.maxSizeSet = true
		}
	})
	usage := func(format string, a ...any) (checkFlags, int, bool) {
		fmt.Fprintf(stderr, "recoverlint check: "+format+"\n", a...)
		return f, 2, false
	}
	known := false
	for _, name := range report.Formats {
		known = known || name == f.format
	}
	switch {
	case !known:
		return usage("unknown format %q (want %s)", f.format, strings.Join(report.Formats, ", "))
	case f.configFile != "" && f.noConfig:
		return usage("--config and --no-config exclude each other")
	case f.color != "auto" && f.color != "always" && f.color != "never":
		return usage("--color %q: want auto, always or never", f.color)
	case f.baselineFile != "" && f.writeBaseline != "":
		return usage("--baseline and --write-baseline exclude each other: write a new baseline, or check against one")
	}
	if f.workers < 1 {
		f.workers = 1
	}
	f.paths = fl.Args()
	if len(f.paths) == 0 {
		f.paths = []string{"."}
	}
	dash := slices.Contains(f.paths, "-")
	switch {
	case dash && f.stdinName == "":
		return usage("the path - (standard input) needs --stdin-filename NAME: the name decides the kind, the configuration and the ignore files")
	case f.stdinName != "" && (!dash || len(f.paths) != 1):
		return usage("--stdin-filename checks standard input: give - as the only path")
	case f.stdinName != "" && (f.newFromRev != "" || f.writeBaseline != ""):
		return usage("--stdin-filename excludes --new-from-rev and --write-baseline: standard input has no history and is not the file on disk")
	}
	return f, 0, true
}

func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	f, code, ok := parseCheckFlags(args, stdout, stderr)
	if !ok {
		return code
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "recoverlint check: %v\n", err)
		return 2
	}
	wd, err := os.Getwd()
	if err != nil {
		return fail(err)
	}
	start := commonFolder(wd, f.paths)

	cfg, err := loadConfig(f, wd, start)
	if err != nil {
		return fail(err)
	}
	cc := cfg.Check()
	if f.enable != "" {
		if cc.Enabled, err = ruleSet(f.enable, cfg.Rules); err != nil {
			return fail(fmt.Errorf("--enable: %w", err))
		}
	}
	if f.disable != "" {
		extra, err := ruleSet(f.disable, cfg.Rules)
		if err != nil {
			return fail(fmt.Errorf("--disable: %w", err))
		}
		if cc.Disabled == nil {
			cc.Disabled = map[string]bool{}
		}
		for id := range extra {
			cc.Disabled[id] = true
		}
	}
	maxSize := f.maxFileSize
	if !f.maxSizeSet && cfg.MaxFileSize > 0 {
		maxSize = cfg.MaxFileSize
	}

	// the files: config exclusions and kinds apply to walked files and to
	// files named on the command line alike
	sel := func(rel string) bool { return check.Selected(rel) && cfg.Scans(check.KindOf(rel)) }
	opts := runner.Options{Check: cc, MaxFileSize: maxSize, Workers: f.workers, Select: sel}
	run := runner.Report{Findings: []check.Finding{}, Errors: []runner.FileError{}}
	if f.stdinName != "" {
		var err error
		notes := stderr
		if f.quiet {
			notes = io.Discard
		}
		if run, err = checkStdin(f.stdinName, stdin, cfg, opts, wd, notes); err != nil {
			return fail(err)
		}
	} else {
		targets, walkErrs := f.paths, []runner.FileError(nil)
		if len(cfg.Exclude) > 0 || len(cfg.Kinds) > 0 {
			targets, walkErrs = selectFiles(wd, f.paths, cfg, sel)
		}
		if len(targets) > 0 {
			stopProgress := progress(&opts, stderr, f.quiet)
			run = runner.Run(targets, opts)
			stopProgress()
		}
		run.Errors = append(run.Errors, walkErrs...)
	}

	// the baseline file records findings' excerpts: it is never itself one
	own := ""
	if b := f.baselineFile + f.writeBaseline; b != "" {
		own, _ = filepath.Abs(b)
	}
	kept := run.Findings[:0]
	for _, fd := range cfg.Finish(run.Findings, cc.Severity) {
		if own != "" {
			p := fd.Path
			if !filepath.IsAbs(p) {
				p = filepath.Join(wd, p)
			}
			if filepath.Clean(p) == own {
				continue
			}
		}
		kept = append(kept, fd)
	}
	run.Findings = kept

	var notes []string // for the summary
	if f.newFromRev != "" {
		changes, err := gitdiff.Since(start, f.newFromRev)
		if err != nil {
			return fail(fmt.Errorf("--new-from-rev: %w", err))
		}
		kept, old := run.Findings[:0], 0
		for _, fd := range run.Findings {
			if changes.Has(fd.Path, fd.Line) {
				kept = append(kept, fd)
			} else {
				old++
			}
		}
		run.Findings = kept
		notes = append(notes, fmt.Sprintf("%d on lines unchanged since %s", old, f.newFromRev))
	}

	switch {
	case f.writeBaseline != "":
		dir, err := filepath.Abs(filepath.Dir(f.writeBaseline))
		if err != nil {
			return fail(err)
		}
		if err := baseline.Save(f.writeBaseline, baseline.New(run.Findings, baseline.PathMapper(dir, wd))); err != nil {
			return fail(err)
		}
		if !f.quiet {
			fmt.Fprintf(stderr, "recoverlint: recorded %d finding(s) in %s\n", len(run.Findings), f.writeBaseline)
		}
		notes = append(notes, fmt.Sprintf("%d recorded in the baseline", len(run.Findings)))
		run.Findings = []check.Finding{}
	case f.baselineFile != "":
		b, err := baseline.Load(f.baselineFile)
		if err != nil {
			return fail(err)
		}
		dir, err := filepath.Abs(filepath.Dir(f.baselineFile))
		if err != nil {
			return fail(err)
		}
		fresh, gone := b.Filter(run.Findings, baseline.PathMapper(dir, wd))
		notes = append(notes, fmt.Sprintf("%d known from the baseline", len(run.Findings)-len(fresh)))
		if gone > 0 {
			notes = append(notes, fmt.Sprintf("%d baseline finding(s) no longer found", gone))
		}
		run.Findings = fresh
	}

	rep, err := report.New(f.format, report.Options{Check: cc, Version: version(), WorkDir: wd, Root: repoTop(wd), Color: useColor(f.color, stdout)})
	if err != nil {
		return fail(err)
	}
	if err := rep.Report(stdout, run); err != nil {
		return fail(fmt.Errorf("writing output: %w", err))
	}
	for _, e := range run.Errors {
		// scanners name the file in their own messages ("x.toml:16:9: …"):
		// the path is printed once
		msg := strings.TrimPrefix(e.Error, e.Path+":")
		if msg != e.Error {
			fmt.Fprintf(stderr, "recoverlint: %s:%s\n", report.Visible(e.Path), report.Visible(msg))
			continue
		}
		fmt.Fprintf(stderr, "recoverlint: %s: %s\n", report.Visible(e.Path), report.Visible(e.Error))
	}
	if f.format == "text" && !f.quiet {
		fmt.Fprintf(stderr, "%d finding(s) in %d file(s) scanned", len(run.Findings), run.FilesScanned)
		if run.FilesSkipped > 0 {
			fmt.Fprintf(stderr, ", %d binary file(s) skipped", run.FilesSkipped)
		}
		if len(run.Errors) > 0 {
			fmt.Fprintf(stderr, ", %d error(s)", len(run.Errors))
		}
		for _, n := range notes {
			fmt.Fprintf(stderr, "; %s", n)
		}
		fmt.Fprintln(stderr)
	}
	switch {
	case run.Fatal():
		return 2
	case len(run.Findings) > 0:
		return 1
	}
	return 0
}

// defineCheckFlags defines check's flags on fl, filling f.
func defineCheckFlags(fl *flag.FlagSet, f *checkFlags) {
	fl.StringVar(&f.format, "format", "text", "output format: "+strings.Join(report.Formats, ", "))
	fl.StringVar(&f.enable, "enable", "", "comma-separated rule ids: report only these (replaces the config's list)")
	fl.StringVar(&f.disable, "disable", "", "comma-separated rule ids: do not report these (added to the config's list)")
	fl.Int64Var(&f.maxFileSize, "max-file-size", runner.DefaultMaxFileSize, "skip files larger than this many bytes (reported in errors)")
	fl.IntVar(&f.workers, "workers", runtime.GOMAXPROCS(0), "files checked in parallel")
	fl.StringVar(&f.configFile, "config", "", "read this configuration file instead of looking for .recoverlint.yml")
	fl.BoolVar(&f.noConfig, "no-config", false, "read no configuration file")
	fl.StringVar(&f.newFromRev, "new-from-rev", "", "report only findings on lines added or changed since this git revision")
	fl.StringVar(&f.baselineFile, "baseline", "", "report only findings that this baseline file does not record")
	fl.StringVar(&f.writeBaseline, "write-baseline", "", "record the current findings in this baseline file; none of them is reported")
	fl.StringVar(&f.color, "color", "auto", "colour the text format: auto (on a terminal, unless NO_COLOR is set), always or never")
	fl.BoolVar(&f.quiet, "quiet", false, "print the findings and errors only: no summary line, no notes on stderr")
	fl.StringVar(&f.stdinName, "stdin-filename", "", "with the path -, check standard input as this file: its kind, configuration and ignore files are the file's")
}

// parseCheckFlagsInto defines check's flags on fl, for listings.
func parseCheckFlagsInto(fl *flag.FlagSet) { defineCheckFlags(fl, &checkFlags{}) }

// loadConfig reads the configuration named with --config, or the one
// found upward from the scanned folder start (named relative to the
// working directory wd in errors), or none.
func loadConfig(f checkFlags, wd, start string) (*config.Config, error) {
	if f.noConfig {
		return &config.Config{}, nil
	}
	file := f.configFile
	if file == "" {
		found, err := config.Find(start)
		if err != nil {
			return nil, err
		}
		if found == "" {
			return &config.Config{}, nil
		}
		file = filepath.FromSlash(runner.DisplayPath(wd, found))
	}
	return config.Load(file)
}

// commonFolder is the deepest folder that holds every path: the folder
// itself for a folder, the parent for anything else.
func commonFolder(wd string, paths []string) string {
	var common []string
	for i, p := range paths {
		abs := p
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(wd, p)
		}
		if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
			abs = filepath.Dir(abs)
		}
		parts := strings.Split(filepath.ToSlash(filepath.Clean(abs)), "/")
		if i == 0 {
			common = parts
			continue
		}
		n := 0
		for n < len(common) && n < len(parts) && common[n] == parts[n] {
			n++
		}
		common = common[:n]
	}
	dir := strings.Join(common, "/")
	if dir == "" {
		dir = "/"
	}
	return filepath.FromSlash(dir)
}

// repoTop is the top of the git work tree that holds dir, or dir.
func repoTop(dir string) string {
	if top, ok := walk.Top(dir); ok {
		return top
	}
	return dir
}

// selectFiles walks the paths and keeps the files the configuration does
// not exclude and whose kind it scans; the runner then checks exactly
// those. Paths that cannot be walked are returned as errors.
func selectFiles(wd string, paths []string, cfg *config.Config, sel func(string) bool) ([]string, []runner.FileError) {
	var files []string
	errs := walk.Walk(paths, walk.Options{Select: sel}, func(f walk.File) {
		if cfg.Excluded(f.Path) || f.Explicit && !cfg.Scans(check.KindOf(f.Path)) {
			return
		}
		files = append(files, f.Path)
	})
	var out []runner.FileError
	for _, e := range errs {
		out = append(out, runner.FileError{Path: runner.DisplayPath(wd, e.Path), Error: runner.ErrText(e.Err)})
	}
	return files, out
}

// ruleSet parses a comma-separated list of rule ids: built-in ones and the
// configuration's custom ones.
func ruleSet(s string, custom []*rules.Rule) (map[string]bool, error) {
	m := map[string]bool{}
	for _, id := range strings.Split(s, ",") {
		id = strings.TrimSpace(id)
		if id == "" {
			continue
		}
		known := rules.ByID(id) != nil || id == check.BadSuppression || id == check.UnusedSuppression
		for _, r := range custom {
			known = known || r.ID == id
		}
		if !known {
			return nil, fmt.Errorf("unknown rule %q (see recoverlint rules)", id)
		}
		m[id] = true
	}
	if len(m) == 0 {
		return nil, nil
	}
	return m, nil
}

// checkStdin checks standard input as the file name, the way a walk of
// the tree that holds it would check it: a file the walk skips (ignore
// files, the configuration's exclude and kinds, names recoverlint does not
// read, such as a script named only by its #! line) is not checked, and
// stderr says so.
func checkStdin(name string, stdin io.Reader, cfg *config.Config, opts runner.Options, wd string, stderr io.Writer) (runner.Report, error) {
	if opts.MaxFileSize <= 0 {
		opts.MaxFileSize = runner.DefaultMaxFileSize
	}
	src, err := io.ReadAll(io.LimitReader(stdin, opts.MaxFileSize+1))
	if err != nil {
		return runner.Report{}, fmt.Errorf("reading standard input: %w", err)
	}
	abs := name
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(wd, name)
	}
	// the walk that would meet the file: of its repository, else of the
	// working directory that holds it, else of its own folder
	root, inRepo := walk.Top(filepath.Dir(abs))
	if !inRepo {
		root = filepath.Dir(abs)
		if rel, err := filepath.Rel(wd, abs); err == nil && filepath.IsLocal(rel) {
			root = wd
		}
	}
	visited, _ := walk.Visits(root, abs, walk.Options{Select: opts.Select})
	if !visited || cfg.Excluded(abs) {
		fmt.Fprintf(stderr, "recoverlint: %s: not checked: a walk of %s skips it (ignore files, the configuration's exclude or kinds, or a name recoverlint does not read)\n", report.Visible(name), report.Visible(runner.DisplayPath(wd, root)))
		return runner.Report{Findings: []check.Finding{}, Errors: []runner.FileError{}}, nil
	}
	shown := runner.DisplayPath(wd, name)
	if int64(len(src)) > opts.MaxFileSize {
		return runner.Report{Findings: []check.Finding{}, Errors: []runner.FileError{{
			Path:  shown,
			Error: fmt.Sprintf("standard input is over --max-file-size %d bytes; not checked", opts.MaxFileSize),
		}}}, nil
	}
	return runner.Content(nil, shown, src, opts), nil
}

// useColor decides --color: always, never, or auto: on a terminal, and
// not when NO_COLOR is set (no-color.org).
func useColor(mode string, out io.Writer) bool {
	switch mode {
	case "always":
		return true
	case "never":
		return false
	}
	if os.Getenv("NO_COLOR") != "" {
		return false
	}
	f, ok := out.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// progress shows, on a terminal, a line that counts the files checked,
// once a run has taken a second, and clears it when the run ends; off a
// terminal, or with --quiet, it shows nothing.
func progress(opts *runner.Options, stderr io.Writer, quiet bool) (stop func()) {
	f, ok := stderr.(*os.File)
	if quiet || !ok || os.Getenv("TERM") == "dumb" {
		return func() {}
	}
	if fi, err := f.Stat(); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return func() {}
	}
	start := time.Now()
	var last time.Time
	shown := false
	opts.Progress = func(files int) {
		now := time.Now()
		if now.Sub(start) < time.Second || now.Sub(last) < 200*time.Millisecond {
			return
		}
		last, shown = now, true
		fmt.Fprintf(f, "\r\x1b[2Krecoverlint: %d file(s) checked…", files)
	}
	return func() {
		if shown {
			fmt.Fprint(f, "\r\x1b[2K")
		}
	}
}
