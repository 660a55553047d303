package runner

import (
	"errors"
	"fmt"
	"io"
)

// Reasons readRegular gives for not returning a file's content.
var (
	errIsDir      = errors.New("is a directory")
	errNotRegular = errors.New("not a regular file")
	// errSymlinkSwapped: the walk saw a regular file, and a symbolic link
	// stands there now; links are never followed.
	errSymlinkSwapped = errors.New("became a symbolic link during the run; not followed")
)

// tooLargeError is a file over the size limit: its size when opened, or
// -1 when it grew past the limit while it was read.
type tooLargeError struct{ size, max int64 }

func (e *tooLargeError) Error() string {
	if e.size < 0 {
		return fmt.Sprintf("file grew over --max-file-size %d while read; not checked", e.max)
	}
	return fmt.Sprintf("file is %d bytes, over --max-file-size %d; not checked", e.size, e.max)
}

// reader is a file opened for reading: an *os.File, or a bare descriptor
// where the platform allows.
type reader interface {
	Read(p []byte) (int, error)
}

// sizer is a reader that can say how large its file is now; readAll asks
// it once the buffer is full, so that a large file is read into a buffer
// of its size rather than one grown by doubling, which holds a quarter
// more than the file and copies it on the way (issue 18).
type sizer interface {
	size() (int64, bool)
}

// readAll reads r, a regular file whose size was size when it was
// opened, into buf: usually one read, which asks for a byte more than the
// size and so meets the end (a read of a regular file comes back short
// only there); more only if the file grew. It stops after max+1 bytes and
// then reports a tooLargeError.
func readAll(r reader, size int, max int64, buf []byte) ([]byte, error) {
	if cap(buf) < size+512 {
		buf = make([]byte, 0, size+512)
	}
	buf = buf[:0]
	asked := false
	for int64(len(buf)) <= max {
		if len(buf) == cap(buf) {
			if sz, ok := r.(sizer); ok && !asked {
				asked = true
				if n, ok := sz.size(); ok && n >= int64(len(buf)) {
					grown := make([]byte, len(buf), int(min(n, max))+512)
					buf = grown[:copy(grown, buf)]
					continue
				}
			}
			buf = append(buf, 0)[:len(buf)]
		}
		want := min(cap(buf), int(max)+1) - len(buf)
		n, err := r.Read(buf[len(buf) : len(buf)+want])
		buf = buf[:len(buf)+n]
		if err == io.EOF || err == nil && n < want {
			break
		}
		if err != nil {
			return buf, err
		}
	}
	if int64(len(buf)) > max {
		return buf, &tooLargeError{size: -1, max: max}
	}
	return buf, nil
}
