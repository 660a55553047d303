package main

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/recoverlint/recoverlint/report"
	"github.com/recoverlint/recoverlint/rules"
)

// commands are the subcommands, as the usage lists them.
var commands = []string{"check", "rules", "init", "explain", "reconnect", "restart-impact", "mcp", "lsp", "version", "completion", "help"}

// checkFlagNames are check's flags, read from its flag set so that the
// completion cannot drift from the command.
func checkFlagNames() []string {
	var names []string
	fl := flag.NewFlagSet("check", flag.ContinueOnError)
	fl.SetOutput(io.Discard)
	// the same definitions as parseCheckFlags, without parsing
	parseCheckFlagsInto(fl)
	fl.VisitAll(func(f *flag.Flag) { names = append(names, "--"+f.Name) })
	sort.Strings(names)
	return names
}

// runCompletion prints a completion script for bash, zsh or fish.
func runCompletion(args []string, stdout, stderr io.Writer) int {
	if len(args) == 1 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
		fmt.Fprintln(stdout, "usage: recoverlint completion bash|zsh|fish\n\nPrints a shell completion script: commands, check's flags, rule ids and formats.\n  bash: source <(recoverlint completion bash)\n  zsh:  source <(recoverlint completion zsh)\n  fish: recoverlint completion fish | source")
		return 0
	}
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: recoverlint completion bash|zsh|fish")
		return 2
	}
	var ids []string
	for _, r := range rules.All {
		ids = append(ids, r.ID)
	}
	cmds, flags := strings.Join(commands, " "), strings.Join(checkFlagNames(), " ")
	formats, ruleIDs := strings.Join(report.Formats, " "), strings.Join(ids, " ")
	switch args[0] {
	case "bash", "zsh":
		prefix := ""
		if args[0] == "zsh" {
			prefix = "autoload -U +X bashcompinit && bashcompinit\n"
		}
		fmt.Fprintf(stdout, `%s_recoverlint() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
  if [ "$COMP_CWORD" -eq 1 ]; then COMPREPLY=($(compgen -W "%s" -- "$cur")); return; fi
  case "${COMP_WORDS[1]}" in
    rules) COMPREPLY=($(compgen -W "%s" -- "$cur")); return;;
    completion) COMPREPLY=($(compgen -W "bash zsh fish" -- "$cur")); return;;
    check)
      case "$prev" in
        --format) COMPREPLY=($(compgen -W "%s" -- "$cur")); return;;
        --enable|--disable) COMPREPLY=($(compgen -W "%s" -- "$cur")); return;;
        --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return;;
      esac
      if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "%s" -- "$cur")); return; fi;;
  esac
  COMPREPLY=($(compgen -f -- "$cur"))
}
complete -F _recoverlint recoverlint
`, prefix, cmds, ruleIDs, formats, ruleIDs, flags)
	case "fish":
		fmt.Fprintf(stdout, "complete -c recoverlint -f -n __fish_use_subcommand -a '%s'\n", cmds)
		fmt.Fprintf(stdout, "complete -c recoverlint -f -n '__fish_seen_subcommand_from rules' -a '%s'\n", ruleIDs)
		fmt.Fprintf(stdout, "complete -c recoverlint -f -n '__fish_seen_subcommand_from completion' -a 'bash zsh fish'\n")
		for _, f := range checkFlagNames() {
			fmt.Fprintf(stdout, "complete -c recoverlint -n '__fish_seen_subcommand_from check' -l %s\n", strings.TrimPrefix(f, "--"))
		}
	default:
		fmt.Fprintf(stderr, "recoverlint completion: unknown shell %q (want bash, zsh or fish)\n", args[0])
		return 2
	}
	return 0
}
