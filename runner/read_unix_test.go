//go:build linux || darwin

package runner

import (
	"errors"
	"path/filepath"
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
