//go:build linux || darwin

package runner

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestReadRegularFIFO: a named pipe is reported, not waited on.
func TestReadRegularFIFO(t *testing.T) {
	p := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skip("mkfifo:", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := readRegular(p, 1<<20, nil)
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, errNotRegular) {
			t.Errorf("err = %v, want %v", err, errNotRegular)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("reading a named pipe blocked")
	}
}

// TestReadWalkedRefusesSymlink: a link that replaced a walked file is
// not followed out of the tree.
func TestReadWalkedRefusesSymlink(t *testing.T) {
	dir := t.TempDir()
	outside := filepath.Join(t.TempDir(), "secret.md")
	if err := os.WriteFile(outside, []byte("Run `pkill -f relay`.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "a.md")
	if err := os.Symlink(outside, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	src, err := readWalked(link, 1<<20, nil)
	if err == nil || !strings.Contains(err.Error(), "symbolic link") || len(src) != 0 {
		t.Errorf("read %q, %v; want the link refused", src, err)
	}
}

// TestReadWalkedRefusesLinkedFolder: a link that replaced a folder above
// a walked file is not followed out of the tree either.
func TestReadWalkedRefusesLinkedFolder(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "a.md"), []byte("Run `pkill -f relay`.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "sub")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	src, err := readWalked(filepath.Join(dir, "sub", "a.md"), 1<<20, nil)
	if err == nil || !strings.Contains(err.Error(), "symbolic link") || len(src) != 0 {
		t.Errorf("read %q, %v; want the link refused", src, err)
	}
}

// TestReadWalkedFIFO: a named pipe swapped in for a walked file is
// reported as not regular, not read as an empty file.
func TestReadWalkedFIFO(t *testing.T) {
	p := filepath.Join(t.TempDir(), "a.md")
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skip("mkfifo:", err)
	}
	if _, err := readWalked(p, 1<<20, nil); !errors.Is(err, errNotRegular) {
		t.Errorf("err = %v, want %v", err, errNotRegular)
	}
}

// TestRunSwappedFolders checks a tree while its folders are swapped, over
// and over, for links to a tree outside holding a recommendation: no run
// may report what is outside. Before readWalked refused links in every
// component of the path, one run in two reported some of those files.
func TestRunSwappedFolders(t *testing.T) {
	if testing.Short() {
		t.Skip("races a swapping goroutine")
	}
	root, outside := t.TempDir(), t.TempDir()
	const n = 60
	for i := range n {
		name := fmt.Sprintf("d%d", i)
		for _, d := range []string{filepath.Join(root, name), filepath.Join(outside, name)} {
			if err := os.Mkdir(d, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(root, name, "a.md"), []byte("A plain note.\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(outside, name, "a.md"), []byte("If the MCP server hangs, run `pkill -f outside_secret`.\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(outside, "d0"), filepath.Join(root, "probe")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	os.Remove(filepath.Join(root, "probe"))
	stop := make(chan struct{})
	swapped := make(chan struct{})
	go func() {
		defer close(swapped)
		for {
			for i := range n {
				d := filepath.Join(root, fmt.Sprintf("d%d", i))
				// errors are the race with the run, and ignored
				if os.Rename(d, d+".real") == nil {
					_ = os.Symlink(filepath.Join(outside, fmt.Sprintf("d%d", i)), d)
				}
			}
			for i := range n {
				d := filepath.Join(root, fmt.Sprintf("d%d", i))
				_ = os.Remove(d)
				_ = os.Rename(d+".real", d)
			}
			select {
			case <-stop:
				return
			default:
			}
		}
	}()
	defer func() { close(stop); <-swapped }()
	for range 30 {
		rep := Run([]string{root}, Options{Workers: 2})
		for _, f := range rep.Findings {
			t.Fatalf("reported %s:%d from outside the tree: %s", f.Path, f.Line, f.Excerpt)
		}
	}
}
