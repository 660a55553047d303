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
		fmt.Fprintf(os.Stderr, "golangci-lint (recoverlint build): %v\n", err)
		os.Exit(exitcodes.Failure)
	}
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
