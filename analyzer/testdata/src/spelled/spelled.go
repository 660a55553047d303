// Package spelled holds calls that perform an action and look it: the CLI
// sees them by spelling, the analyzer through types, at the same places.
package spelled

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"
)

func sweep() error {
	return exec.Command("killall", "bridge").Run() // want "a process by hand"
}

func sweepContext(ctx context.Context) error {
	return exec.CommandContext(ctx, "pkill", "-f", "bridge").Run() // want "a process by hand"
}

func sweepShell() error {
	return exec.Command("sh", "-c", "pgrep bridge | xargs kill").Run() // want "a process by hand"
}

func windowsSweep() error {
	return exec.Command("taskkill", "/IM", "bridge.exe", "/F").Run() // want "a process by hand"
}

func probeCommand() error {
	return exec.Command("kill", "-0", "1234").Run()
}

func listProcesses() ([]byte, error) {
	return exec.Command("ps", "aux").Output()
}

func stop(pid int) error {
	return syscall.Kill(pid, syscall.SIGTERM) // want "a process by hand"
}

func alive(pid int) bool {
	return syscall.Kill(pid, 0) == nil
}

func terminate(pid int) error {
	p, err := os.FindProcess(pid)
	if err != nil {
		return err
	}
	if err := p.Signal(syscall.SIGTERM); err != nil { // want "a process by hand"
		return err
	}
	return p.Kill() // want "a process by hand"
}

func signalItself() error {
	return syscall.Kill(syscall.Getpid(), syscall.SIGHUP)
}

func endChildGroup(cmd *exec.Cmd) error {
	return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
}

func probe(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	return p.Signal(syscall.Signal(0)) == nil
}

func ownChild() error {
	cmd := exec.Command("sleep", "10")
	if err := cmd.Start(); err != nil {
		return err
	}
	return cmd.Process.Kill()
}

func forceReload(configPath string) error {
	now := time.Now()
	return os.Chtimes(configPath, now, now) // want "force a reload"
}

func bumpLog(logPath string) error {
	now := time.Now()
	return os.Chtimes(logPath, now, now)
}

func unstick(home string) error {
	return os.Remove(filepath.Join(home, ".gitea-mcp", "terminal.lock")) // want "session state"
}

func cleanup(dir string) error {
	return os.Remove(filepath.Join(dir, "out.txt"))
}
