package mcpserver

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"time"
)

// Target names the repository whose control plane a restart would touch,
// as gitea_request_mcp_restart's caller gives it, and the most sessions
// the listing may hold.
type Target struct {
	Remote, Host, Org, Repo string
	Limit                   int
}

// An InventorySource gathers the control-plane inventory for a target and
// returns its JSON text (docs/restart-inventory.schema.json). The operator
// configures it when starting the server; no call can change it. An error
// makes the preview's inventory incomplete, so the verdict is unsafe.
type InventorySource interface {
	Inventory(ctx context.Context, t Target) ([]byte, error)
}

// FileInventory reads the inventory from a file, afresh on every call, so
// that whatever keeps the file current is seen; the inventory's own
// collected_at decides whether it is too old to trust.
type FileInventory string

// Inventory reads the file, refusing one over MaxInventoryBytes.
func (f FileInventory) Inventory(_ context.Context, _ Target) ([]byte, error) {
	fh, err := os.Open(string(f))
	if err != nil {
		return nil, fmt.Errorf("inventory file: %w", errors.Unwrap(err))
	}
	defer fh.Close()
	data, err := io.ReadAll(io.LimitReader(fh, MaxInventoryBytes+1))
	if err != nil {
		return nil, fmt.Errorf("inventory file: reading: %w", err)
	}
	if len(data) > MaxInventoryBytes {
		return nil, fmt.Errorf("inventory file: over the limit of %d bytes", MaxInventoryBytes)
	}
	return data, nil
}

// The variables that pass a target to an inventory command.
const (
	EnvInventoryRemote = "RECOVERLINT_INVENTORY_REMOTE"
	EnvInventoryHost   = "RECOVERLINT_INVENTORY_HOST"
	EnvInventoryOrg    = "RECOVERLINT_INVENTORY_ORG"
	EnvInventoryRepo   = "RECOVERLINT_INVENTORY_REPO"
	EnvInventoryLimit  = "RECOVERLINT_INVENTORY_LIMIT"
)

// DefaultInventoryTimeout bounds an inventory command's run.
const DefaultInventoryTimeout = 10 * time.Second

// CommandInventory runs a program that prints the inventory on its
// standard output. The target reaches it in the environment
// (EnvInventoryRemote and the rest), never on a command line that a shell
// would read. Its standard error goes to Stderr, the server's log, and
// not to the caller.
type CommandInventory struct {
	// Argv is the program and its arguments.
	Argv []string
	// Timeout bounds the run; DefaultInventoryTimeout when zero.
	Timeout time.Duration
	// Stderr receives the program's standard error; discarded when nil.
	Stderr io.Writer
}

// Inventory runs the command for the target.
func (c CommandInventory) Inventory(ctx context.Context, t Target) ([]byte, error) {
	if len(c.Argv) == 0 {
		return nil, errors.New("inventory command: none configured")
	}
	timeout := c.Timeout
	if timeout <= 0 {
		timeout = DefaultInventoryTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, c.Argv[0], c.Argv[1:]...)
	cmd.Env = append(os.Environ(),
		EnvInventoryRemote+"="+t.Remote,
		EnvInventoryHost+"="+t.Host,
		EnvInventoryOrg+"="+t.Org,
		EnvInventoryRepo+"="+t.Repo,
		EnvInventoryLimit+"="+strconv.Itoa(t.Limit),
	)
	out := &capped{max: MaxInventoryBytes}
	cmd.Stdout = out
	cmd.Stderr = c.Stderr
	cmd.WaitDelay = time.Second
	err := cmd.Run()
	switch {
	case out.over:
		return nil, fmt.Errorf("inventory command: printed more than %d bytes", MaxInventoryBytes)
	case ctx.Err() == context.DeadlineExceeded:
		return nil, fmt.Errorf("inventory command: no answer within %s", timeout)
	case err != nil:
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return nil, fmt.Errorf("inventory command: %s (its standard error is in the server's log)", ee.ProcessState)
		}
		return nil, fmt.Errorf("inventory command: %w", err)
	}
	return out.buf.Bytes(), nil
}

// capped keeps at most max bytes and notes whether more came.
type capped struct {
	buf  bytes.Buffer
	max  int
	over bool
}

func (c *capped) Write(p []byte) (int, error) {
	if c.buf.Len()+len(p) > c.max {
		c.over = true
		return 0, errors.New("output over the limit")
	}
	return c.buf.Write(p)
}
