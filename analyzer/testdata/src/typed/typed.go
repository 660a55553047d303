// Package typed holds calls that only type information resolves: renamed
// imports, named constants, look-alike methods and where a process came from.
package typed

import (
	"os"
	osexec "os/exec"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

const prog = "pkill"

func renamedImport() error {
	return osexec.Command(prog, "-f", "bridge").Run() // want "a process by hand"
}

const script = "killall bridge || true" // want "a process by hand"

func shellConstant() error {
	return osexec.Command("bash", "-c", script).Run() // want "a process by hand"
}

func shellSlice() error {
	return osexec.Command("sh", []string{"-c", "fuser -k 8080/tcp"}...).Run() // want "a process by hand"
}

// runner has a Command method of its own; it runs nothing.
type runner struct{}

func (runner) Command(name string, args ...string) {}

func lookAlike() {
	exec := runner{}
	exec.Command("pkill", "-f", "bridge")
}

func unixStop(pid int) error {
	return unix.Kill(pid, unix.SIGKILL) // want "a process by hand"
}

func unixAlive(pid int) bool {
	return unix.Kill(pid, 0) == nil
}

const probeSignal = syscall.Signal(0)

func namedProbe(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	return p.Signal(probeSignal) == nil
}

func unknownOrigin(p *os.Process) error {
	return p.Kill() // want "a process by hand"
}

func ownChildByVariable() error {
	cmd := osexec.Command("sleep", "10")
	if err := cmd.Start(); err != nil {
		return err
	}
	p := cmd.Process
	return p.Signal(os.Interrupt)
}

func startedProcess() error {
	p, err := os.StartProcess("/bin/sleep", []string{"sleep", "10"}, &os.ProcAttr{})
	if err != nil {
		return err
	}
	return p.Kill()
}

func childByPID(cmd *osexec.Cmd) error {
	pid := cmd.Process.Pid
	p, err := os.FindProcess(pid)
	if err != nil {
		return err
	}
	return p.Signal(syscall.SIGTERM)
}

func otherByPID(pid int) error {
	return syscall.Kill(pid, syscall.SIGTERM) // want "a process by hand"
}

type supervisor struct {
	proc *os.Process
}

func adopt(pid int) *supervisor {
	p, _ := os.FindProcess(pid)
	return &supervisor{proc: p}
}

func (s *supervisor) stop() error {
	return s.proc.Kill() // want "a process by hand"
}

type worker struct {
	proc *os.Process
}

func (w *worker) start() error {
	cmd := osexec.Command("sleep", "10")
	if err := cmd.Start(); err != nil {
		return err
	}
	w.proc = cmd.Process
	return nil
}

func (w *worker) stop() error {
	return w.proc.Kill()
}

const mcpConfig = ".cursor/mcp.json"

func touchConstant() error {
	now := time.Now()
	return os.Chtimes(mcpConfig, now, now) // want "force a reload"
}

func touchEnv() error {
	return unix.UtimesNano(".env", nil) // want "force a reload"
}

const lockFile = "sessions/terminal.lock"

func removeConstant() error {
	return os.Remove(lockFile) // want "session state"
}
