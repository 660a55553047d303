package runner

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestReadRegular(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, size int) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, bytes.Repeat([]byte("x"), size), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name    string
		path    string
		max     int64
		size    int   // content length on success
		tooBig  int64 // reported size of a file over max
		wantErr error
	}{
		{name: "empty", path: write("empty", 0), max: 10, size: 0},
		{name: "small", path: write("small", 7), max: 10, size: 7},
		{name: "exactly max", path: write("ten", 10), max: 10, size: 10},
		{name: "over max", path: write("eleven", 11), max: 10, tooBig: 11},
		{name: "larger than the buffer", path: write("big", 100_000), max: 1 << 20, size: 100_000},
		{name: "folder", path: dir, max: 10, wantErr: errIsDir},
		{name: "missing", path: filepath.Join(dir, "nope"), max: 10, wantErr: fs.ErrNotExist},
	}
	readers := map[string]func(string, int64, []byte) ([]byte, error){"readRegular": readRegular, "readWalked": readWalked}
	for rname, read := range readers {
		for _, tt := range tests {
			t.Run(rname+"/"+tt.name, func(t *testing.T) {
				buf := make([]byte, 0, 1024)
				got, err := read(tt.path, tt.max, buf)
				var tl *tooLargeError
				switch {
				case tt.tooBig > 0:
					if !errors.As(err, &tl) || tl.size != tt.tooBig || tl.max != tt.max {
						t.Fatalf("err = %v, want too large (%d over %d)", err, tt.tooBig, tt.max)
					}
				case tt.wantErr != nil:
					if !errors.Is(err, tt.wantErr) {
						t.Fatalf("err = %v, want %v", err, tt.wantErr)
					}
				case err != nil:
					t.Fatalf("err = %v", err)
				case len(got) != tt.size || bytes.Count(got, []byte("x")) != tt.size:
					t.Fatalf("read %d bytes, want %d", len(got), tt.size)
				case tt.size+512 <= cap(buf) && &got[:1][0] != &buf[:1][0]:
					t.Errorf("a buffer large enough was not reused")
				}
			})
		}
	}
}

// growing returns more bytes than the size the file had when opened.
type growing struct{ left int }

func (g *growing) Read(p []byte) (int, error) {
	if g.left == 0 {
		return 0, io.EOF
	}
	n := min(len(p), g.left)
	for i := range p[:n] {
		p[i] = 'y'
	}
	g.left -= n
	return n, nil
}

// failing fills one read and then fails.
type failing struct{ done bool }

func (f *failing) Read(p []byte) (int, error) {
	if f.done {
		return 0, syscall.EIO
	}
	f.done = true
	return len(p), nil
}

func TestReadAll(t *testing.T) {
	// a file that grew past the limit while read
	_, err := readAll(&growing{left: 5000}, 10, 4096, nil)
	var tl *tooLargeError
	if !errors.As(err, &tl) || tl.size != -1 || tl.Error() != "file grew over --max-file-size 4096 while read; not checked" {
		t.Errorf("grown file: err = %v", err)
	}
	// a file that grew, but not past the limit, is read whole
	got, err := readAll(&growing{left: 3000}, 10, 4096, nil)
	if err != nil || len(got) != 3000 {
		t.Errorf("grown file under the limit: %d bytes, err %v; want 3000", len(got), err)
	}
	// a read error is passed on
	if _, err := readAll(&failing{}, 3, 1<<20, nil); !errors.Is(err, syscall.EIO) {
		t.Errorf("failing read: err = %v, want EIO", err)
	}
}

// TestReadWalkedSizesBuffer: a file larger than the buffer is read into
// one of its size, not one grown by doubling (a quarter more, and the
// copies on the way).
func TestReadWalkedSizesBuffer(t *testing.T) {
	const size = 3 << 20
	p := filepath.Join(t.TempDir(), "big")
	if err := os.WriteFile(p, bytes.Repeat([]byte("x"), size), 0o644); err != nil {
		t.Fatal(err)
	}
	src, err := readWalked(p, 1<<30, make([]byte, 0, 4096))
	if err != nil || len(src) != size {
		t.Fatalf("read %d bytes, error %v", len(src), err)
	}
	if cap(src) > size+4096 {
		t.Errorf("a %d-byte file read into a %d-byte buffer", size, cap(src))
	}
}
