package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/recoverlint/recoverlint/mcpserver"
	"github.com/recoverlint/recoverlint/restart"
)

const mcpUsage = `usage: recoverlint mcp [flags]

Serves recoverlint as an MCP server over standard input and output, for an
agent host to start. Tools: check_text, request_mcp_reconnect and
request_mcp_restart; none of them performs a recovery action. The server
runs until the host closes its standard input.

With --gitea-tools it also serves gitea_request_mcp_reconnect and
gitea_request_mcp_restart under the Gitea MCP server's names, arguments and
result fields, so that a host already calling them changes only the server
command. gitea_request_mcp_restart gathers the inventory itself, from
--inventory-file or --inventory-command; without either, or when they fail,
its verdict is unsafe.

flags:
`

// runMCP is "recoverlint mcp": the MCP server on stdin and stdout until
// the host closes stdin (exit 0). Usage errors and a broken transport exit 2.
func runMCP(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("recoverlint mcp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), mcpUsage)
		fs.PrintDefaults()
	}
	overrideEnv := fs.String("override-env", restart.DefaultOverrideEnv, "environment `variable` of this server process that carries operator restart authority")
	noProbe := fs.Bool("no-probe", false, "never look up pid liveness on this host (for inventories taken elsewhere)")
	gitea := fs.Bool("gitea-tools", false, "also serve gitea_request_mcp_reconnect and gitea_request_mcp_restart, the Gitea MCP server's tools")
	invFile := fs.String("inventory-file", "", "with --gitea-tools: the `file` holding the restart inventory, read on every call")
	invCmd := fs.String("inventory-command", "", "with --gitea-tools: a `command` (split on spaces, no shell) that prints the restart inventory; the repository comes in RECOVERLINT_INVENTORY_REMOTE, _HOST, _ORG, _REPO and _LIMIT")
	invTimeout := fs.Duration("inventory-timeout", mcpserver.DefaultInventoryTimeout, "with --inventory-command: how long it may run")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "recoverlint mcp: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *overrideEnv == "" {
		fmt.Fprintln(stderr, "recoverlint mcp: --override-env must name a variable")
		return 2
	}
	opts := mcpserver.Options{
		Version:     version(),
		LookupEnv:   os.LookupEnv,
		OverrideEnv: *overrideEnv,
		Now:         time.Now,
		Probe:       restart.ProcessAlive,
		GiteaTools:  *gitea,
	}
	switch {
	case (*invFile != "" || *invCmd != "") && !*gitea:
		fmt.Fprintln(stderr, "recoverlint mcp: --inventory-file and --inventory-command serve gitea_request_mcp_restart; add --gitea-tools")
		return 2
	case *invFile != "" && *invCmd != "":
		fmt.Fprintln(stderr, "recoverlint mcp: give --inventory-file or --inventory-command, not both")
		return 2
	case *invTimeout <= 0:
		fmt.Fprintln(stderr, "recoverlint mcp: --inventory-timeout must be positive")
		return 2
	case *invFile != "":
		opts.Inventory = mcpserver.FileInventory(*invFile)
	case *invCmd != "":
		argv := strings.Fields(*invCmd)
		if len(argv) == 0 {
			fmt.Fprintln(stderr, "recoverlint mcp: --inventory-command is empty")
			return 2
		}
		opts.Inventory = mcpserver.CommandInventory{Argv: argv, Timeout: *invTimeout, Stderr: stderr}
	}
	if *noProbe {
		opts.Probe = nil
	}
	srv, err := mcpserver.New(opts)
	if err != nil {
		fmt.Fprintf(stderr, "recoverlint mcp: %v\n", err)
		return 2
	}

	// An interrupt or termination from the host ends the session cleanly.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// malformed and oversized lines are answered here, not handed to the
	// SDK, which would end the session on them (issue 18)
	in, out := mcpserver.Frames(stdin, stdout, mcpserver.ToolNames(opts))
	transport := &mcp.IOTransport{Reader: in, Writer: out, MaxLineLength: mcpserver.MaxFrame + 1}
	err = srv.Run(ctx, transport)
	switch {
	case err == nil, errors.Is(err, context.Canceled), errors.Is(err, io.EOF):
		return 0
	}
	fmt.Fprintf(stderr, "recoverlint mcp: %v\n", err)
	return 2
}
