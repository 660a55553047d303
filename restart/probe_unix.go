//go:build unix

package restart

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"strconv"
	"syscall"
)

// ProcessAlive is the host's [Prober]. It asks the kernel with signal 0,
// which checks that the pid exists and that it may be signalled but
// delivers nothing: a liveness probe, never a stop. A permission error
// means the process exists. When the probe itself fails it looks for the
// pid under /proc.
func ProcessAlive(pid int) (bool, error) {
	if pid <= 0 || pid > math.MaxInt32 {
		return false, fmt.Errorf("probing pid %d: not a process id", pid)
	}
	err := syscall.Kill(pid, syscall.Signal(0))
	switch {
	case err == nil, errors.Is(err, syscall.EPERM):
		return true, nil
	case errors.Is(err, syscall.ESRCH):
		return false, nil
	}
	if _, serr := os.Stat("/proc/self"); serr != nil {
		return false, fmt.Errorf("probing pid %d: %w", pid, err)
	}
	_, serr := os.Stat("/proc/" + strconv.Itoa(pid))
	switch {
	case serr == nil:
		return true, nil
	case errors.Is(serr, fs.ErrNotExist):
		return false, nil
	}
	return false, fmt.Errorf("probing pid %d: %w", pid, errors.Join(err, serr))
}
