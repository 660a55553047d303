package runner

import "golang.org/x/sys/unix"

// openNoLinks opens path for reading, failing with ELOOP where any of its
// components is a symbolic link (O_NOFOLLOW_ANY, macOS 11 and later).
func openNoLinks(path string) (int, error) {
	return retryEINTR(func() (int, error) {
		return unix.Open(path, unix.O_RDONLY|unix.O_CLOEXEC|unix.O_NONBLOCK|unix.O_NOFOLLOW|unix.O_NOFOLLOW_ANY, 0)
	})
}
