//go:build linux || darwin

package runner

import (
	"io"
	"io/fs"
	"syscall"
)

// readRegular reads the regular file at path into buf (reused when large
// enough). It returns errIsDir, errNotRegular or a *tooLargeError for a
// file it does not read, and an *fs.PathError when the file cannot be
// opened or read.
//
// It works on the bare descriptor: os.Open would also register every file
// with the runtime's poller, a system call that fails for regular files
// and cost 4 % of a run over 68,000 small files. O_NONBLOCK keeps a FIFO
// from blocking the open; it changes nothing for a regular file.
func readRegular(path string, max int64, buf []byte) ([]byte, error) {
	var fd int
	var err error
	for {
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NONBLOCK, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return buf, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	for {
		err = syscall.Fstat(fd, &st)
		if err != syscall.EINTR {
			break
		}
	}
	switch {
	case err != nil:
		return buf, &fs.PathError{Op: "stat", Path: path, Err: err}
	case st.Mode&syscall.S_IFMT == syscall.S_IFDIR:
		return buf, errIsDir
	case st.Mode&syscall.S_IFMT != syscall.S_IFREG:
		return buf, errNotRegular
	case st.Size > max:
		return buf, &tooLargeError{size: st.Size, max: max}
	}
	return readAll(fdReader{fd: fd, path: path}, int(st.Size), max, buf)
}

// readWalked reads a file the walk found regular, as readRegular does,
// without asking its size first: one system call less per file, most of
// the cost of a small file. The size is asked only for the message of a
// file over the limit, and the type only when the read fails or finds
// nothing (a named pipe swapped in reads as empty).
//
// The path is opened without following a symbolic link in any of its
// components (openNoLinks): a link swapped in for the file, or for a
// folder above it, after the walk saw it is refused, not followed to a
// file outside the tree (issue 18). The walk resolves the links of the
// folder named on the command line (walk.File.Open).
func readWalked(path string, max int64, buf []byte) ([]byte, error) {
	fd, err := openNoLinks(path)
	if err == syscall.ELOOP {
		return buf, &fs.PathError{Op: "open", Path: path, Err: errSymlinkSwapped}
	}
	if err != nil {
		return buf, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	defer syscall.Close(fd)
	src, err := readAll(fdReader{fd: fd, path: path}, 0, max, buf)
	if err == nil && len(src) > 0 {
		return src, nil
	}
	var st syscall.Stat_t
	if syscall.Fstat(fd, &st) == nil {
		switch {
		case st.Mode&syscall.S_IFMT == syscall.S_IFDIR:
			return src, errIsDir
		case st.Mode&syscall.S_IFMT != syscall.S_IFREG:
			return src, errNotRegular
		case st.Size > max:
			return src, &tooLargeError{size: st.Size, max: max}
		}
	}
	return src, err
}

// retryEINTR calls open until it is not interrupted.
func retryEINTR(open func() (int, error)) (int, error) {
	for {
		fd, err := open()
		if err != syscall.EINTR {
			return fd, err
		}
	}
}

// fdReader reads a descriptor as an io.Reader does a file.
type fdReader struct {
	fd   int
	path string
}

// size returns the file's size, asked of the descriptor.
func (r fdReader) size() (int64, bool) {
	var st syscall.Stat_t
	for {
		err := syscall.Fstat(r.fd, &st)
		if err != syscall.EINTR {
			return st.Size, err == nil
		}
	}
}

func (r fdReader) Read(p []byte) (int, error) {
	for {
		n, err := syscall.Read(r.fd, p)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return 0, &fs.PathError{Op: "read", Path: r.path, Err: err}
		case n == 0 && len(p) > 0:
			return 0, io.EOF
		}
		return n, nil
	}
}
