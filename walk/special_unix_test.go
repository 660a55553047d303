//go:build unix

package walk_test

import (
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/recoverlint/recoverlint/walk"
)

// A named pipe would block the scanner that opens it: the walk skips it,
// and naming it on the command line is an error.
func TestWalkSpecialFiles(t *testing.T) {
	root := plainDir(t)
	writeFiles(t, root, map[string]string{"a.md": ""})
	fifo := filepath.Join(root, "pipe.md")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("cannot make a named pipe: %v", err)
	}
	v, errs := walkAll([]string{root}, walk.Options{})
	if len(errs) > 0 {
		t.Errorf("walking the folder: errors %v", errs)
	}
	if want := []string{filepath.Join(root, "a.md")}; !slices.Equal(v.paths, want) {
		t.Errorf("visited %q, want %q", v.paths, want)
	}
	v, errs = walkAll([]string{fifo}, walk.Options{})
	if len(v.paths) != 0 || len(errs) != 1 || errs[0].Path != fifo {
		t.Fatalf("naming the pipe: visited %q errors %v, want one error for it", v.paths, errs)
	}
	if got := errs[0].Err.Error(); !strings.Contains(got, "a named pipe (FIFO)") {
		t.Errorf("the error %q does not say in words what the file is", got)
	}
}
