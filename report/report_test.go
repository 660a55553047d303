package report_test

import (
	"bytes"
	"errors"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/report"
	"github.com/recoverlint/recoverlint/rules"
	"github.com/recoverlint/recoverlint/runner"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// sources are the files the fixture's findings point into.
var sources = map[string]string{
	"docs/run.md": "## Bridge stuck\n\nIf the bridge hangs, run `pkill -f bridge-mcp`.\n",
	// non-ASCII before the action: byte, code point and UTF-16 columns differ
	"docs/café notes.md": "# Wiederherstellung\n\nWenn es hängt 🙂: `killall brücke`.\n\n- Wenn es hängt 🙂: `killall brücke`.\n",
	"AGENTS.md":          "Steps:\n\n1. When the branch diverged, force push it.\n",
	"prompts/ops.txt":    "If the config is stale, touch config.toml <now> & retry.\n",
}

// fixture is a run over the sources: findings of built-in and custom rules
// at several severities, two identical findings in one file, a finding in
// a file that is gone, and two file errors.
func fixture(t *testing.T) (runner.Report, report.Options) {
	t.Helper()
	force, err := rules.NewRule(rules.Spec{
		ID: "force-push", Summary: "force-pushing shared branches",
		Doc:     "Force-pushing rewrites 100% of the shared history, other clones included.",
		Message: "recommends force-pushing; rewrites 100% of shared history, other clones break",
		Words:   []string{"force push"},
	})
	if err != nil {
		t.Fatal(err)
	}
	cfg := check.Config{
		Extra:    []*rules.Rule{force},
		Disabled: map[string]bool{"raw-api-fallback": true},
		Severity: map[string]string{"force-push": "note", "mtime-reload": "warning"},
	}
	kill := rules.ByID("process-kill")
	mtime := rules.ByID("mtime-reload")
	rep := runner.Report{
		Findings: []check.Finding{
			{Path: "AGENTS.md", Line: 3, Column: 30, EndLine: 3, EndColumn: 40, Rule: "force-push", Severity: "note",
				Message: force.Message, Excerpt: "1. When the branch diverged, force push it."},
			{Path: "docs/café notes.md", Line: 3, Column: 23, EndLine: 3, EndColumn: 30, Rule: "process-kill", Severity: "error",
				Message: kill.Message, Excerpt: "Wenn es hängt 🙂: `killall brücke`."},
			{Path: "docs/café notes.md", Line: 5, Column: 25, EndLine: 5, EndColumn: 32, Rule: "process-kill", Severity: "error",
				Message: kill.Message, Excerpt: "- Wenn es hängt 🙂: `killall brücke`."},
			{Path: "docs/run.md", Line: 3, Column: 27, EndLine: 3, EndColumn: 32, Rule: "process-kill", Severity: "error",
				Message: kill.Message, Excerpt: "If the bridge hangs, run `pkill -f bridge-mcp`."},
			{Path: "gone.md", Line: 4, Column: 9, EndLine: 4, EndColumn: 14, Rule: "process-kill", Severity: "error",
				Message: kill.Message, Excerpt: "Or just pkill it."},
			{Path: "prompts/ops.txt", Line: 1, Column: 25, EndLine: 1, EndColumn: 30, Rule: "mtime-reload", Severity: "warning",
				Message: mtime.Message, Excerpt: "If the config is stale, touch config.toml <now> & retry."},
			{Path: "prompts/ops.txt", Line: 1, Column: 1, EndLine: 1, EndColumn: 1, Rule: check.UnusedSuppression, Severity: "error",
				Message: "suppression comment suppresses nothing; remove it", Excerpt: "If the config is stale, touch config.toml <now> & retry."},
		},
		FilesScanned: 5,
		FilesSkipped: 1,
		Errors: []runner.FileError{
			{Path: "missing.md", Error: "no such file or directory"},
			{Path: "tools/broken.go", Error: "tools/broken.go:3:1: expected declaration, found 'if'", Partial: true},
		},
	}
	opts := report.Options{
		Check:    cfg,
		Version:  "v1.2.3",
		WorkDir:  "/src/project",
		Root:     "/src/project",
		ReadFile: readSource,
	}
	return rep, opts
}

func readSource(p string) ([]byte, error) {
	if s, ok := sources[p]; ok {
		return []byte(s), nil
	}
	return nil, &fs.PathError{Op: "open", Path: p, Err: fs.ErrNotExist}
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (go test -update rewrites it):\n%s", path, lineDiff(string(want), string(got)))
	}
}

// lineDiff shows the first lines where two texts differ.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	shown := 0
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl == gl {
			continue
		}
		b.WriteString("line " + itoa(i+1) + ":\n  want " + wl + "\n  got  " + gl + "\n")
		if shown++; shown == 5 {
			break
		}
	}
	return b.String()
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var d []byte
	for ; n > 0; n /= 10 {
		d = append([]byte{byte('0' + n%10)}, d...)
	}
	return string(d)
}

// render runs a format over the fixture.
func render(t *testing.T, format string) []byte {
	t.Helper()
	rep, opts := fixture(t)
	r, err := report.New(format, opts)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := r.Report(&b, rep); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestNew(t *testing.T) {
	for _, tc := range []struct {
		format  string
		wantErr string
	}{
		{"text", ""}, {"json", ""}, {"sarif", ""}, {"github", ""}, {"checkstyle", ""},
		{"xml", `unknown format "xml"`}, {"", `unknown format ""`}, {"SARIF", `unknown format "SARIF"`},
	} {
		r, err := report.New(tc.format, report.Options{})
		switch {
		case tc.wantErr == "" && (err != nil || r == nil):
			t.Errorf("%q: %v", tc.format, err)
		case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
			t.Errorf("%q: error %v, want %q", tc.format, err, tc.wantErr)
		}
	}
	if len(report.Formats) != 5 || report.Formats[0] != "text" {
		t.Errorf("Formats = %q", report.Formats)
	}
}

func TestLevel(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"error", "error"}, {"", "error"}, {"warning", "warning"}, {"WARNING", "warning"},
		{"warn", "warning"}, {"note", "note"}, {"info", "note"}, {"notice", "note"}, {"bogus", "error"},
	} {
		if got := report.Level(tc.in); got != tc.want {
			t.Errorf("Level(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// failingWriter fails every write.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestReportWriteErrors(t *testing.T) {
	rep, opts := fixture(t)
	for _, f := range report.Formats {
		r, err := report.New(f, opts)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Report(failingWriter{}, rep); err == nil {
			t.Errorf("%s: no error from a failing writer", f)
		}
	}
}

// TestEmptyRun checks that every format writes a valid empty report.
func TestEmptyRun(t *testing.T) {
	for _, tc := range []struct {
		format string
		want   string
	}{
		{"text", ""},
		{"json", `"findings": []`},
		{"sarif", `"results": []`},
		{"github", ""},
		{"checkstyle", `<checkstyle version="4.3"></checkstyle>`},
	} {
		r, err := report.New(tc.format, report.Options{WorkDir: "/w"})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := r.Report(&b, runner.Report{}); err != nil {
			t.Fatalf("%s: %v", tc.format, err)
		}
		if tc.want == "" && b.Len() != 0 || !strings.Contains(b.String(), tc.want) {
			t.Errorf("%s: empty run wrote %q, want %q", tc.format, b.String(), tc.want)
		}
	}
}
