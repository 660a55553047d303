//go:build !unix

package restart

import (
	"errors"
	"fmt"
)

// ProcessAlive is the host's [Prober]. This platform offers no liveness
// probe, so it always reports an error and liveness stays unknown, which
// [Evaluate] counts as running.
func ProcessAlive(pid int) (bool, error) {
	return false, fmt.Errorf("probing pid %d: %w", pid, errors.ErrUnsupported)
}
