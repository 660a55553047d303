package runner_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/rules"
	"github.com/recoverlint/recoverlint/runner"
)

// genTree writes n small documents, a third of which recommend an action.
func genTree(t testing.TB, n int) string {
	dir := t.TempDir()
	for i := 0; i < n; i++ {
		sub := filepath.Join(dir, fmt.Sprintf("d%02d", i%17))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		body := fmt.Sprintf("# Doc %d\n\nThe service reads its settings at start.\n", i)
		switch i % 3 {
		case 0:
			body += "\n## Stuck\n\nRun `pkill -f worker` and retry.\n"
		case 1:
			body += "\nNever run `killall worker`; reconnect from the host.\n"
		}
		if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("f%03d.md", i)), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestWorkersAgree: the findings and counts do not depend on the number of
// workers, and come in walk order.
func TestWorkersAgree(t *testing.T) {
	dir := genTree(t, 120)
	one := runner.Run([]string{dir}, runner.Options{Workers: 1})
	many := runner.Run([]string{dir}, runner.Options{Workers: 8})
	if len(one.Findings) != 40 {
		t.Fatalf("got %d findings with one worker, want 40", len(one.Findings))
	}
	if !reflect.DeepEqual(one, many) {
		t.Errorf("one worker and eight disagree:\n%+v\n%+v", one, many)
	}
	if one.FilesScanned != 120 || one.Fatal() {
		t.Errorf("scanned %d files, fatal %v", one.FilesScanned, one.Fatal())
	}
}

func TestErrorsDoNotStopTheRun(t *testing.T) {
	dir := genTree(t, 6)
	rep := runner.Run([]string{filepath.Join(dir, "missing"), dir}, runner.Options{MaxFileSize: 1 << 20})
	if !rep.Fatal() || len(rep.Errors) != 1 {
		t.Fatalf("errors %+v, want one fatal", rep.Errors)
	}
	if rep.FilesScanned != 6 {
		t.Errorf("scanned %d files, want 6", rep.FilesScanned)
	}
}

func BenchmarkRun(b *testing.B) {
	dir := genTree(b, 600)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		runner.Run([]string{dir}, runner.Options{})
	}
}

// TestPanicIsAFailure: a file whose check panics is an error entry of its
// own that fails the run (exit 2), and every file is still counted.
func TestPanicIsAFailure(t *testing.T) {
	dir := genTree(t, 6)
	rep := runner.Run([]string{dir}, runner.Options{Check: check.Config{Extra: []*rules.Rule{{ID: "zero-value"}}}})
	if !rep.Fatal() || len(rep.Errors) != 6 || rep.FilesScanned != 6 {
		t.Fatalf("errors %+v, scanned %d; want 6 fatal errors of 6 files", rep.Errors, rep.FilesScanned)
	}
	for _, e := range rep.Errors {
		if !strings.Contains(e.Error, "internal error in the rules") {
			t.Errorf("%s: %q does not say where it panicked", e.Path, e.Error)
		}
	}
}

// TestUTF16IsNotBinary: a UTF-16 file has NUL bytes but a byte order
// mark; it is checked, not skipped as binary.
func TestUTF16IsNotBinary(t *testing.T) {
	dir := t.TempDir()
	src := []byte{0xFF, 0xFE}
	for _, r := range "Run `pkill -f relay` when it hangs.\n" {
		src = append(src, byte(r), 0)
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.md"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	rep := runner.Run([]string{dir}, runner.Options{})
	if rep.FilesSkipped != 0 || rep.FilesScanned != 1 || len(rep.Findings) != 1 {
		t.Errorf("skipped %d, scanned %d, %d findings; want the file checked and its finding", rep.FilesSkipped, rep.FilesScanned, len(rep.Findings))
	}
}

// TestProgress: the progress hook sees the count of files checked rise
// to the total, in order, and the report is the same with it as without.
func TestProgress(t *testing.T) {
	dir := genTree(t, 300)
	var seen []int
	with := runner.Run([]string{dir}, runner.Options{Workers: 2, Progress: func(n int) { seen = append(seen, n) }})
	without := runner.Run([]string{dir}, runner.Options{Workers: 2})
	if !reflect.DeepEqual(with, without) {
		t.Error("the progress hook changed the report")
	}
	if len(seen) < 2 || seen[len(seen)-1] != 300 {
		t.Fatalf("progress %v, want counts rising to 300", seen)
	}
	for i := 1; i < len(seen); i++ {
		if seen[i] <= seen[i-1] {
			t.Fatalf("progress went from %d to %d", seen[i-1], seen[i])
		}
	}
}
