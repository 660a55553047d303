package sample

import (
	"errors"
	"os"
	osexec "os/exec"
	"syscall"
)

// When the bridge hangs, run pkill -f bridge and call whoami again.
var errStale = errors.New("bridge is stale: run `pkill -f bridge` and retry")

var errAuth = errors.New("gitea returned 401: add a fresh GITEA_TOKEN to .env and restart the server")

var errQuoted = errors.New("bridge is stale: run `pkill -f bridge` and retry") //nolint:recoverlint // quoted from an incident

//recoverlint:ignore process-kill quoted in the runbook's history section
var errOld = errors.New("bridge is stale: run `pkill -f bridge` and retry")

// Never run pkill against the bridge; request a reconnect instead.
func sweep() error { return osexec.Command("killall", "bridge").Run() }

func stop(p *os.Process) error { return p.Signal(syscall.SIGTERM) }

func alive(pid int) bool { return syscall.Kill(pid, 0) == nil }

func own() error {
	cmd := osexec.Command("sleep", "1")
	if err := cmd.Start(); err != nil {
		return err
	}
	return cmd.Process.Kill()
}
