package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
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
	in, out := mcpserver.Frames(stdin, stdout)
	transport := &mcp.IOTransport{Reader: in, Writer: out, MaxLineLength: mcpserver.MaxFrame + 1}
	err = srv.Run(ctx, transport)
	switch {
	case err == nil, errors.Is(err, context.Canceled), errors.Is(err, io.EOF):
		return 0
	}
	fmt.Fprintf(stderr, "recoverlint mcp: %v\n", err)
	return 2
}
