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

	"github.com/recoverlint/recoverlint/lsp"
)

const lspUsage = `usage: recoverlint lsp [flags]

Serves recoverlint as a language server (LSP) over standard input and
output, for an editor to start. Open documents are checked as they are
typed, exactly as "recoverlint check" checks the files: the same
configuration, ignore files, exclusions and suppressions. Hover shows a
finding's rule; code actions insert a suppression comment or, in Markdown
and prompt files, put the sanctioned step in place of the recommendation.
Set-up for each editor: docs/editors.md.

exit status: 0 after shutdown and exit, 1 when the editor exits without
shutdown, 2 on a usage error

flags:
`

// runLSP is "recoverlint lsp".
func runLSP(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("recoverlint lsp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	for _, a := range args {
		if a == "-h" || a == "-help" || a == "--help" {
			fs.SetOutput(stdout)
		}
	}
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), lspUsage)
		fs.PrintDefaults()
	}
	configFile := fs.String("config", "", "check every document with this configuration file instead of looking for .recoverlint.yml")
	noConfig := fs.Bool("no-config", false, "read no configuration file")
	_ = fs.Bool("stdio", true, "talk over standard input and output (the only transport; accepted because editors pass it)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "recoverlint lsp: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *configFile != "" && *noConfig {
		fmt.Fprintln(stderr, "recoverlint lsp: --config and --no-config exclude each other")
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := lsp.Serve(ctx, stdin, stdout, lsp.Options{ConfigFile: *configFile, NoConfig: *noConfig, Version: version()})
	switch {
	case err == nil:
		return 0
	case errors.Is(err, context.Canceled):
		return 0
	}
	fmt.Fprintf(stderr, "recoverlint lsp: %v\n", err)
	return 1
}
