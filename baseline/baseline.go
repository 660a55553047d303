package baseline

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode"

	"github.com/recoverlint/recoverlint/check"
)

// Version is the version of the file format this package writes and reads.
const Version = 1

// Entry is one recorded finding.
type Entry struct {
	Rule        string `json:"rule"`
	Path        string `json:"path"`
	Fingerprint string `json:"fingerprint"`
	// Line and Excerpt help a reader find the finding; matching ignores them.
	Line    int    `json:"line,omitempty"`
	Excerpt string `json:"excerpt,omitempty"`
}

// Baseline is the content of a baseline file.
type Baseline struct {
	Version  int     `json:"version"`
	Findings []Entry `json:"findings"`
}

// key is what matching compares.
type key struct{ rule, path, fingerprint string }

func (e Entry) key() key { return key{e.Rule, e.Path, e.Fingerprint} }

// Fingerprint identifies a finding by its rule and the normalised text of
// its line, leaving out the path and the line number.
func Fingerprint(f check.Finding) string {
	sum := sha256.Sum256([]byte(f.Rule + "\x00" + Normalize(f.Excerpt)))
	return hex.EncodeToString(sum[:8])
}

// Normalize reduces an excerpt to what identifies the text: runs of white
// space become one space, and list, quote and comment markers at its start
// are dropped, so renumbering a list or re-indenting a block keeps a
// finding's identity while a change of any word does not.
func Normalize(excerpt string) string {
	s := strings.Join(strings.Fields(excerpt), " ")
	for {
		t := strings.TrimLeft(s, "-*+>#/ ")
		if i := strings.IndexFunc(t, func(r rune) bool { return !unicode.IsDigit(r) }); i > 0 &&
			(t[i] == '.' || t[i] == ')') && (i+1 == len(t) || t[i+1] == ' ') {
			t = strings.TrimLeft(t[i+1:], " ")
		}
		if t == s {
			return s
		}
		s = t
	}
}

// PathMapper turns a finding's path (as recoverlint prints it: relative to
// the working directory wd, or absolute) into a baseline path: relative to
// the folder dir that holds the baseline file, slash-separated. Both
// folders must be absolute.
func PathMapper(dir, wd string) func(string) string {
	return func(p string) string {
		abs := filepath.FromSlash(p)
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(wd, abs)
		}
		rel, err := filepath.Rel(dir, abs)
		if err != nil {
			return filepath.ToSlash(abs)
		}
		return filepath.ToSlash(rel)
	}
}

// New records findings. pathOf maps each finding's path to the baseline's
// (see PathMapper); nil keeps paths as they are.
func New(findings []check.Finding, pathOf func(string) string) Baseline {
	b := Baseline{Version: Version, Findings: make([]Entry, 0, len(findings))}
	for _, f := range findings {
		b.Findings = append(b.Findings, Entry{
			Rule: f.Rule, Path: mapPath(pathOf, f.Path), Fingerprint: Fingerprint(f),
			Line: f.Line, Excerpt: f.Excerpt,
		})
	}
	sort.SliceStable(b.Findings, func(i, j int) bool {
		a, c := b.Findings[i], b.Findings[j]
		if a.Path != c.Path {
			return a.Path < c.Path
		}
		if a.Line != c.Line {
			return a.Line < c.Line
		}
		if a.Rule != c.Rule {
			return a.Rule < c.Rule
		}
		return a.Fingerprint < c.Fingerprint
	})
	return b
}

func mapPath(pathOf func(string) string, p string) string {
	if pathOf == nil {
		return p
	}
	return pathOf(p)
}

// Filter returns the findings the baseline does not hold, in their order,
// and how many of its entries matched none of the findings (fixed since
// the baseline was written). Each entry matches at most one finding.
func (b Baseline) Filter(findings []check.Finding, pathOf func(string) string) (fresh []check.Finding, gone int) {
	left := map[key]int{}
	for _, e := range b.Findings {
		left[e.key()]++
	}
	fresh = []check.Finding{}
	for _, f := range findings {
		k := key{f.Rule, mapPath(pathOf, f.Path), Fingerprint(f)}
		if left[k] > 0 {
			left[k]--
			continue
		}
		fresh = append(fresh, f)
	}
	for _, n := range left {
		gone += n
	}
	return fresh, gone
}

// Encode writes the baseline as indented JSON.
func (b Baseline) Encode(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(b)
}

// Decode reads a baseline. Unknown fields, a missing field of an entry and
// an unknown version are errors.
func Decode(r io.Reader) (Baseline, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return Baseline{}, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var b Baseline
	if err := dec.Decode(&b); err != nil {
		return Baseline{}, withPosition(data, dec, err)
	}
	if dec.More() {
		return Baseline{}, errors.New("more than one JSON document")
	}
	if b.Version != Version {
		return Baseline{}, fmt.Errorf("version %d is not supported (want %d)", b.Version, Version)
	}
	for i, e := range b.Findings {
		switch {
		case e.Rule == "":
			return Baseline{}, fmt.Errorf("finding %d: no rule", i+1)
		case e.Path == "":
			return Baseline{}, fmt.Errorf("finding %d: no path", i+1)
		case e.Fingerprint == "":
			return Baseline{}, fmt.Errorf("finding %d: no fingerprint", i+1)
		}
	}
	return b, nil
}

// withPosition adds the line and column of a JSON error.
func withPosition(data []byte, dec *json.Decoder, err error) error {
	off := dec.InputOffset()
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
	}
	// the offset counts the bytes read, the offending one included
	pos := min(max(off-1, 0), int64(len(data)))
	line := 1 + bytes.Count(data[:pos], []byte("\n"))
	col := int(pos) - bytes.LastIndexByte(data[:pos], '\n')
	return fmt.Errorf("%d:%d: %w", line, col, err)
}

// Load reads a baseline file.
func Load(path string) (Baseline, error) {
	f, err := os.Open(path)
	if err != nil {
		return Baseline{}, fmt.Errorf("reading baseline: %w", err)
	}
	defer f.Close()
	b, err := Decode(f)
	if err != nil {
		return Baseline{}, fmt.Errorf("reading baseline %s: %w", path, err)
	}
	return b, nil
}

// Save writes a baseline file through a temporary file in the same folder,
// so a failed write leaves the old file whole.
func Save(path string, b Baseline) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".recoverlint-baseline-*")
	if err != nil {
		return fmt.Errorf("writing baseline: %w", err)
	}
	defer os.Remove(tmp.Name())
	if err := b.Encode(tmp); err != nil {
		tmp.Close()
		return fmt.Errorf("writing baseline %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("writing baseline %s: %w", path, err)
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return fmt.Errorf("writing baseline %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("writing baseline %s: %w", path, err)
	}
	return nil
}
