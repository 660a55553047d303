// Command gcl is golangci-lint v2.15.0 with the recoverlint module plugin
// compiled in: what `golangci-lint custom` would build from .custom-gcl.yml,
// built offline from the module proxy instead of a clone of golangci-lint.
//
//	cd tools/gcl && go build -o ../../bin/golangci-lint-recoverlint .
//
// It behaves as golangci-lint does; the plugin is enabled in .golangci.yml
// (see docs/go.md).
package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"

	// Registers the recoverlint module plugin.
	_ "github.com/recoverlint/recoverlint/plugin"
)

const golangciPath = "github.com/golangci/golangci-lint/v2"

func main() {
	if err := commands.Execute(buildInfo()); err != nil {
		// cobra has printed the error already ("Error: …") unless the
		// command silences it; printing it again, as golangci-lint's own
		// main does, shows every settings error twice
		if cobraSilenced(os.Args[1:]) {
			fmt.Fprintf(os.Stderr, "Error: %v\n", err)
		}
		os.Exit(exitcodes.Failure)
	}
}

// cobraSilenced reports whether the command that args run is one of the
// two that golangci-lint v2.15.0 builds with SilenceErrors, so that cobra
// does not print their errors: "migrate" and "config verify". The command
// words are the first arguments that are not flags.
func cobraSilenced(args []string) bool {
	var words []string
	for _, a := range args {
		if a == "--" {
			break
		}
		if !strings.HasPrefix(a, "-") {
			words = append(words, a)
		}
		if len(words) == 2 {
			break
		}
	}
	switch {
	case len(words) > 0 && words[0] == "migrate":
		return true
	case len(words) > 1 && words[0] == "config" && words[1] == "verify":
		return true
	}
	return false
}

// buildInfo reports golangci-lint's own version, read from the build's
// module list, with the plugin named where the commit would be.
func buildInfo() commands.BuildInfo {
	info := commands.BuildInfo{Version: "unknown", Commit: "(custom build with the recoverlint plugin)", Date: "(unknown)", GoVersion: runtime.Version()}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return info
	}
	for _, dep := range bi.Deps {
		if dep.Path == golangciPath {
			info.Version = strings.TrimPrefix(dep.Version, "v")
		}
	}
	return info
}
