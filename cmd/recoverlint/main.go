// Command recoverlint finds text that recommends forbidden MCP recovery
// actions (killing processes, touching configs to force a reload, editing
// session state, bypassing the tools) and builds the sanctioned reconnect
// request and restart-impact report instead.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/recoverlint/recoverlint/internal/gcbudget"
)

// docs/rules.md is generated from the rules' own documentation:
//
//go:generate go test -run ^TestRulesDoc$ -update .

func main() {
	stop := func() {}
	if len(os.Args) > 1 && (os.Args[1] == "check" || os.Args[1] == "explain") {
		// batch commands: collect by a memory budget, not by heap growth
		stop, _ = gcbudget.Start(gcbudget.DefaultBudget)
	}
	code := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

const usage = `usage: recoverlint <command> [flags] [args]

commands:
  check [flags] [PATH...]   report text that recommends a forbidden recovery action
  rules [RULE]              list the rules, or print one rule's documentation
  init                      write a commented .recoverlint.yml
  reconnect [flags]         build the sanctioned reconnect request (JSON)
  restart-impact [flags]    report what a restart would destroy (JSON)
  mcp                       serve check_text, request_mcp_reconnect and request_mcp_restart over stdio
  lsp                       serve diagnostics, hover and quick fixes to an editor (language server, stdio)
  explain FILE...           show what the classifier saw in each file and why
  version                   print the version
  completion bash|zsh|fish  print a shell completion script
`

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "check":
		return runCheck(args[1:], stdin, stdout, stderr)
	case "explain":
		return runExplain(args[1:], stdout, stderr)
	case "rules":
		return runRules(args[1:], stdout, stderr)
	case "version", "-version", "--version":
		if len(args) > 1 && (args[1] == "-h" || args[1] == "-help" || args[1] == "--help") {
			fmt.Fprintln(stdout, "usage: recoverlint version\n\nPrints the version of this build.")
			return 0
		}
		fmt.Fprintf(stdout, "recoverlint %s\n", version())
		return 0
	case "mcp":
		return runMCP(args[1:], stdin, stdout, stderr)
	case "lsp":
		return runLSP(args[1:], stdin, stdout, stderr)
	case "completion":
		return runCompletion(args[1:], stdout, stderr)
	case "init":
		return runInit(args[1:], stdout, stderr)
	case "reconnect":
		return runReconnect(args[1:], stdin, stdout, stderr)
	case "restart-impact":
		return runRestartImpact(args[1:], stdin, stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "recoverlint: unknown command %q\n%s", args[0], usage)
	return 2
}
