//go:build linux || darwin

package runner

import (
	"errors"
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
