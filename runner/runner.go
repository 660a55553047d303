package runner

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/walk"
)

// Options tunes a run. The zero value checks with every rule, one worker
// per CPU and a 16 MiB file size limit.
type Options struct {
	Check       check.Config
	MaxFileSize int64
	Workers     int
	// Select decides which walked files are checked; nil uses check.Selected.
	Select func(rel string) bool
	// Progress, when set, is told the number of files checked so far,
	// after each batch; it runs on the merging goroutine and must be quick.
	Progress func(files int)
}

// FileError is a file or folder that could not be checked, or was only
// partly understood.
type FileError struct {
	Path  string `json:"path"`
	Error string `json:"error"`
	// Partial marks a file that was read but only partly understood (a Go
	// file that does not parse): reported, but not an I/O failure.
	Partial bool `json:"-"`
}

// Report is the outcome of a run.
type Report struct {
	Findings     []check.Finding
	FilesScanned int
	FilesSkipped int // binary files
	Errors       []FileError
}

// Fatal reports whether any error is an I/O failure (not a partial read).
func (r Report) Fatal() bool {
	for _, e := range r.Errors {
		if !e.Partial {
			return true
		}
	}
	return false
}

// DefaultMaxFileSize is the size over which a file is reported, not read.
const DefaultMaxFileSize = 16 << 20

// result is one file's outcome.
type result struct {
	findings []check.Finding
	err      *FileError
	skipped  bool
	scanned  bool
}

// add counts one file's outcome into the report.
func (r *Report) add(res result) {
	r.Findings = append(r.Findings, res.findings...)
	if res.err != nil {
		r.Errors = append(r.Errors, *res.err)
	}
	if res.skipped {
		r.FilesSkipped++
	}
	if res.scanned {
		r.FilesScanned++
	}
}

// maxBatch is the most files the walk hands a worker at once, and a
// worker hands back: each hand-over wakes a parked goroutine (the merge,
// or the walk waiting for room), which cost 5 % of the CPU of a run over
// many small files when it happened per file. Batches start at one file
// and double, so a run over a few files still spreads them over the
// workers.
const maxBatch = 64

// batchesPerWorker is how many batches, per worker, the walk may run
// ahead of the oldest one not yet merged. Results wait in order for at
// most that many batches, so memory does not grow with the number of
// files.
const batchesPerWorker = 4

// Run walks the paths and checks every selected file. Workers check files
// in parallel, each with its own check.Checker and read buffer; results
// are merged in walk order, so the report does not depend on the number
// of workers.
func Run(paths []string, opts Options) Report {
	if opts.Workers < 1 {
		opts.Workers = runtime.GOMAXPROCS(0)
	}
	if opts.MaxFileSize <= 0 {
		opts.MaxFileSize = DefaultMaxFileSize
	}
	sel := opts.Select
	if sel == nil {
		sel = check.Selected
	}
	wd, _ := os.Getwd()
	// a batch is a run of files in walk order, numbered from 0
	type batch struct {
		n     int
		files []walk.File
	}
	type done struct {
		n       int
		results []result
	}
	slots := opts.Workers * batchesPerWorker
	jobs := make(chan batch, slots)
	results := make(chan done, slots)
	free := make(chan struct{}, slots) // one token per batch in flight
	var wg sync.WaitGroup
	inFlight := newBudget(InFlightBytes)
	for w := 0; w < opts.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := check.NewChecker()
			var buf []byte
			for b := range jobs {
				rs := make([]result, len(b.files))
				for i, f := range b.files {
					rs[i], buf = checkFile(c, f, DisplayPath(wd, f.Path), opts, buf, inFlight)
				}
				results <- done{n: b.n, results: rs}
			}
		}()
	}
	var walkErrs []walk.Error
	go func() {
		n := 0
		size := 1 // of the next batch
		var files []walk.File
		send := func() {
			free <- struct{}{}
			jobs <- batch{n: n, files: files}
			n++
			files = nil
			size = min(2*size, maxBatch)
		}
		walkErrs = walk.Walk(paths, walk.Options{Select: sel}, func(f walk.File) {
			if files == nil {
				files = make([]walk.File, 0, size)
			}
			files = append(files, f)
			if len(files) == size {
				send()
			}
		})
		if len(files) > 0 {
			send()
		}
		close(jobs)
		wg.Wait()
		close(results)
	}()
	rep := Report{Findings: []check.Finding{}, Errors: []FileError{}}
	pending := make(map[int][]result, slots)
	next, merged := 0, 0
	for d := range results {
		pending[d.n] = d.results
		for {
			rs, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			<-free
			if opts.Progress != nil {
				merged += len(rs)
				opts.Progress(merged)
			}
			for _, r := range rs {
				rep.add(r)
			}
		}
	}
	for _, e := range walkErrs {
		rep.Errors = append(rep.Errors, FileError{Path: DisplayPath(wd, e.Path), Error: ErrText(e.Err)})
	}
	return rep
}

// ErrText is an error's innermost cause ("no such file or directory"):
// the path is printed beside it already.
func ErrText(err error) string {
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

// keptBuffer is the largest read buffer a worker keeps for its next
// file: a larger one, grown for one large file, is left to the collector
// so that idle workers do not each hold a large file's room.
const keptBuffer = 1 << 20

// checkFile reads and checks one file. buf is the worker's read buffer,
// returned grown as needed.
//
// The file's bytes count against inFlight while they are checked. A file
// over keptBuffer read while the budget is taken is dropped and read again
// once the budget is free, so that the workers waiting for it do not each
// hold a large file: what is held at once stays near the budget, not
// --workers times the largest file.
func checkFile(c *check.Checker, f walk.File, shown string, opts Options, buf []byte, inFlight *budget) (result, []byte) {
	// every file the walk hands over was a regular file when it was walked
	path := f.Path
	if f.Open != "" {
		path = f.Open
	}
	read := func() ([]byte, *result) {
		src, err := readWalked(path, opts.MaxFileSize, buf)
		if cap(src) > cap(buf) && cap(src) <= keptBuffer {
			buf = src[:0]
		}
		var tooLarge *tooLargeError
		switch {
		case errors.Is(err, errIsDir):
			return nil, &result{}
		case errors.As(err, &tooLarge):
			return nil, &result{err: &FileError{Path: shown, Error: tooLarge.Error()}}
		case err != nil:
			return nil, &result{err: &FileError{Path: shown, Error: ErrText(err)}}
		}
		return src, nil
	}
	// first reads the file and takes its share of the budget if it is
	// free; a large file that must wait is dropped with first's frame (n
	// its size), so that no stack holds it while the worker waits
	first := func() (src []byte, took, n int64, failed *result) {
		src, failed = read()
		if failed != nil {
			return nil, 0, 0, failed
		}
		n = int64(len(src))
		if took, ok := inFlight.tryAcquire(n); ok {
			return src, took, n, nil
		}
		if n > keptBuffer {
			return nil, 0, n, nil
		}
		return src, inFlight.acquire(n), n, nil
	}
	src, took, n, failed := first()
	if failed != nil {
		return *failed, buf
	}
	if took == 0 {
		took = inFlight.acquire(n)
		if src, failed = read(); failed != nil {
			inFlight.release(took)
			return *failed, buf
		}
	}
	defer inFlight.release(took)
	return checkContent(c, shown, src, opts), buf
}

// Content checks content that did not come from the walk — an editor's
// unsaved buffer, standard input — as the file shown, with the same
// limits and verdicts as a walked file: over MaxFileSize it is an error,
// binary content is skipped, a file understood only in part is reported
// beside its findings. c may be nil; a caller that checks content often
// (an editor's server) passes its own Checker to reuse its buffers.
func Content(c *check.Checker, shown string, src []byte, opts Options) Report {
	if opts.MaxFileSize <= 0 {
		opts.MaxFileSize = DefaultMaxFileSize
	}
	rep := Report{Findings: []check.Finding{}, Errors: []FileError{}}
	var r result
	if int64(len(src)) > opts.MaxFileSize {
		r.err = &FileError{Path: shown, Error: (&tooLargeError{size: int64(len(src)), max: opts.MaxFileSize}).Error()}
	} else {
		if c == nil {
			c = check.NewChecker()
		}
		r = checkContent(c, shown, src, opts)
	}
	rep.add(r)
	return rep
}

// checkContent checks a file's content once it is read.
func checkContent(c *check.Checker, shown string, src []byte, opts Options) result {
	if bytes.IndexByte(src[:min(len(src), 8<<10)], 0) >= 0 && !check.IsUTF16(src) {
		return result{skipped: true} // binary; UTF-16 text is decoded by check
	}
	findings, err := c.Source(shown, src, opts.Check)
	r := result{findings: findings, scanned: true}
	if err != nil {
		// a file read only in part is reported beside its findings; a
		// check that panicked is a failure of the run
		var pe *check.PanicError
		var de *check.DataError
		r.err = &FileError{Path: shown, Error: err.Error(), Partial: !errors.As(err, &pe) && !errors.As(err, &de)}
	}
	return r
}

// DisplayPath shows a path relative to the working directory when it is
// under it, with slashes. It works on the names alone, as filepath.Rel
// does, without its allocations: it runs once per file checked.
func DisplayPath(wd, p string) string {
	if wd == "" || !filepath.IsAbs(wd) {
		return filepath.ToSlash(p)
	}
	abs := filepath.Clean(p)
	if !filepath.IsAbs(p) {
		if c := abs; c != ".." && !strings.HasPrefix(c, ".."+string(filepath.Separator)) && filepath.VolumeName(c) == "" {
			return filepath.ToSlash(c) // under wd already
		}
		abs = filepath.Join(wd, p)
	}
	wd = filepath.Clean(wd)
	switch {
	case abs == wd:
		return "."
	case strings.HasPrefix(abs, wd) && (strings.HasSuffix(wd, string(filepath.Separator)) || len(abs) > len(wd) && abs[len(wd)] == filepath.Separator):
		return filepath.ToSlash(strings.TrimPrefix(abs[len(wd):], string(filepath.Separator)))
	}
	return filepath.ToSlash(p)
}
