package baseline_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/baseline"
	"github.com/recoverlint/recoverlint/check"
)

func finding(path string, line int, rule, excerpt string) check.Finding {
	return check.Finding{Path: path, Line: line, Column: 1, EndLine: line, EndColumn: 2, Rule: rule, Severity: "error", Message: "m", Excerpt: excerpt}
}

func TestNormalize(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Run `pkill -f x`.", "Run `pkill -f x`."},
		{"  Run   `pkill -f x`.\t", "Run `pkill -f x`."},
		{"1. Run `pkill -f x`.", "Run `pkill -f x`."},
		{"12) Run `pkill -f x`.", "Run `pkill -f x`."},
		{"- Run `pkill -f x`.", "Run `pkill -f x`."},
		{"* > - 3. Run it", "Run it"},
		{"## Run it", "Run it"},
		{"// Run it", "Run it"},
		{"3.5 seconds later, run it", "3.5 seconds later, run it"},
		{"2026 was the year", "2026 was the year"},
		{"", ""},
		{"1.", ""},
	} {
		if got := baseline.Normalize(tc.in); got != tc.want {
			t.Errorf("Normalize(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestFingerprint(t *testing.T) {
	base := finding("a.md", 3, "process-kill", "1. Run `pkill -f x`.")
	for _, tc := range []struct {
		name string
		f    check.Finding
		same bool
	}{
		{"another line", finding("a.md", 9, "process-kill", "1. Run `pkill -f x`."), true},
		{"renumbered and re-indented", finding("a.md", 9, "process-kill", "   4.  Run `pkill -f x`."), true},
		{"another path", finding("b.md", 3, "process-kill", "1. Run `pkill -f x`."), true},
		{"edited", finding("a.md", 3, "process-kill", "1. Run `pkill -f y`."), false},
		{"another rule", finding("a.md", 3, "mtime-reload", "1. Run `pkill -f x`."), false},
		{"case changed", finding("a.md", 3, "process-kill", "1. run `pkill -f x`."), false},
	} {
		if got := baseline.Fingerprint(tc.f) == baseline.Fingerprint(base); got != tc.same {
			t.Errorf("%s: same fingerprint %v, want %v", tc.name, got, tc.same)
		}
	}
	if fp := baseline.Fingerprint(base); len(fp) != 16 || strings.Trim(fp, "0123456789abcdef") != "" {
		t.Errorf("fingerprint %q is not 16 hex digits", fp)
	}
}

func TestFilter(t *testing.T) {
	old := []check.Finding{
		finding("a.md", 3, "process-kill", "Run `pkill -f x`."),
		finding("a.md", 8, "process-kill", "Run `pkill -f x`."), // the same text twice
		finding("b.md", 1, "mtime-reload", "touch config.toml"),
	}
	b := baseline.New(old, nil)
	for _, tc := range []struct {
		name      string
		now       []check.Finding
		wantFresh []int // indexes into now
		wantGone  int
	}{
		{"unchanged", old, nil, 0},
		{"moved lines", []check.Finding{
			finding("a.md", 13, "process-kill", "Run `pkill -f x`."),
			finding("a.md", 18, "process-kill", "Run `pkill -f x`."),
			finding("b.md", 40, "mtime-reload", "touch config.toml"),
		}, nil, 0},
		{"a third copy is new", append(append([]check.Finding{}, old...),
			finding("a.md", 20, "process-kill", "Run `pkill -f x`.")), []int{3}, 0},
		{"one copy fixed", old[1:], nil, 1},
		{"edited line is new", []check.Finding{
			finding("a.md", 3, "process-kill", "Run `pkill -f x`."),
			finding("a.md", 8, "process-kill", "Run `pkill -9 -f x`."),
			finding("b.md", 1, "mtime-reload", "touch config.toml"),
		}, []int{1}, 1},
		{"same text in another file is new", []check.Finding{
			finding("c.md", 1, "mtime-reload", "touch config.toml"),
		}, []int{0}, 3},
		{"nothing now", nil, nil, 3},
	} {
		fresh, gone := b.Filter(tc.now, nil)
		var want []check.Finding
		for _, i := range tc.wantFresh {
			want = append(want, tc.now[i])
		}
		if len(fresh) != len(want) || gone != tc.wantGone {
			t.Errorf("%s: %d fresh, %d gone; want %d, %d", tc.name, len(fresh), gone, len(want), tc.wantGone)
			continue
		}
		for i := range want {
			if fresh[i] != want[i] {
				t.Errorf("%s: fresh[%d] = %+v, want %+v", tc.name, i, fresh[i], want[i])
			}
		}
	}
}

func TestPathMapper(t *testing.T) {
	for _, tc := range []struct {
		dir, wd, path, want string
	}{
		{"/repo", "/repo", "docs/a.md", "docs/a.md"},
		{"/repo", "/repo/docs", "a.md", "docs/a.md"},
		{"/repo/ci", "/repo", "docs/a.md", "../docs/a.md"},
		{"/repo", "/elsewhere", "/repo/docs/a.md", "docs/a.md"},
		{"/repo", "/repo", "./docs//a.md", "docs/a.md"},
	} {
		m := baseline.PathMapper(filepath.FromSlash(tc.dir), filepath.FromSlash(tc.wd))
		if got := m(tc.path); got != tc.want {
			t.Errorf("dir %s wd %s: %s maps to %s, want %s", tc.dir, tc.wd, tc.path, got, tc.want)
		}
	}
}

// TestRoundTrip writes a baseline from one folder and reads it from another:
// the paths are the baseline folder's, so the same findings match.
func TestRoundTrip(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "ci", "baseline.json")
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	fromTop := []check.Finding{
		finding("docs/a.md", 3, "process-kill", "Run `pkill -f x`."),
		finding("docs/a.md", 3, "mtime-reload", "Run `pkill -f x`."),
	}
	if err := baseline.Save(file, baseline.New(fromTop, baseline.PathMapper(filepath.Dir(file), dir))); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(`"path": "../docs/a.md"`)) {
		t.Errorf("paths are not relative to the baseline's folder:\n%s", data)
	}
	b, err := baseline.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	fromDocs := []check.Finding{
		finding("a.md", 30, "process-kill", "Run `pkill -f x`."),
		finding("a.md", 30, "mtime-reload", "Run `pkill -f x`."),
	}
	fresh, gone := b.Filter(fromDocs, baseline.PathMapper(filepath.Dir(file), filepath.Join(dir, "docs")))
	if len(fresh) != 0 || gone != 0 {
		t.Errorf("from docs/: %d fresh, %d gone; want none", len(fresh), gone)
	}
	// entries are sorted, so the file does not depend on the walk order
	again := filepath.Join(dir, "again.json")
	rev := []check.Finding{fromTop[1], fromTop[0]}
	if err := baseline.Save(again, baseline.New(rev, baseline.PathMapper(filepath.Dir(file), dir))); err != nil {
		t.Fatal(err)
	}
	if data2, _ := os.ReadFile(again); !bytes.Equal(data, data2) {
		t.Errorf("the order of findings changed the file:\n%s\n%s", data, data2)
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"not JSON", "nope", "1:2: invalid character"},
		{"truncated", `{"version": 1, "findings": [`, "unexpected EOF"},
		{"wrong type", "{\n  \"version\": \"1\"}", `2:16: json: cannot unmarshal string`},
		{"unknown field", `{"version": 1, "findings": [], "extra": 1}`, `unknown field "extra"`},
		{"unknown entry field", `{"version": 1, "findings": [{"rule": "x", "path": "a", "fingerprint": "f", "col": 1}]}`, `unknown field "col"`},
		{"no version", `{"findings": []}`, "version 0 is not supported"},
		{"future version", `{"version": 2, "findings": []}`, "version 2 is not supported"},
		{"no rule", `{"version": 1, "findings": [{"path": "a", "fingerprint": "f"}]}`, "finding 1: no rule"},
		{"no path", `{"version": 1, "findings": [{"rule": "x", "fingerprint": "f"}]}`, "finding 1: no path"},
		{"no fingerprint", `{"version": 1, "findings": [{"rule": "x", "path": "a"}]}`, "finding 1: no fingerprint"},
		{"two documents", `{"version": 1, "findings": []} {}`, "more than one JSON document"},
	} {
		_, err := baseline.Decode(strings.NewReader(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
	if b, err := baseline.Decode(strings.NewReader(`{"version": 1, "findings": []}`)); err != nil || len(b.Findings) != 0 {
		t.Errorf("an empty baseline: %v, %v", b, err)
	}
}

func TestLoadSaveErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := baseline.Load(filepath.Join(dir, "none.json")); err == nil || !strings.Contains(err.Error(), "reading baseline") {
		t.Errorf("missing file: %v", err)
	}
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := baseline.Load(bad); err == nil || !strings.Contains(err.Error(), bad) {
		t.Errorf("bad file: error %v does not name it", err)
	}
	if err := baseline.Save(filepath.Join(dir, "no", "such", "dir.json"), baseline.New(nil, nil)); err == nil {
		t.Error("saving into a missing folder succeeded")
	}
	// a failed save leaves no temporary file behind
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".recoverlint-baseline-") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}
