package runner

import (
	"sync/atomic"
	"syscall"

	"golang.org/x/sys/unix"
)

// noOpenat2 is set once openat2 is found missing (Linux before 5.6) or
// refused by a sandbox; openNoLinks then refuses a link as the last
// component only.
var noOpenat2 atomic.Bool

// openNoLinks opens path for reading, failing with ELOOP where any of its
// components is a symbolic link (openat2's RESOLVE_NO_SYMLINKS): one
// system call, as a plain open is.
func openNoLinks(path string) (int, error) {
	const flags = unix.O_RDONLY | unix.O_CLOEXEC | unix.O_NONBLOCK | unix.O_NOFOLLOW
	if !noOpenat2.Load() {
		how := unix.OpenHow{Flags: flags, Resolve: unix.RESOLVE_NO_SYMLINKS | unix.RESOLVE_NO_MAGICLINKS}
		fd, err := retryEINTR(func() (int, error) { return unix.Openat2(unix.AT_FDCWD, path, &how) })
		if err != unix.ENOSYS && err != unix.EPERM && err != unix.E2BIG {
			return fd, err
		}
		noOpenat2.Store(true)
	}
	return retryEINTR(func() (int, error) { return syscall.Open(path, flags, 0) })
}
