// Command recoverlint-vet is the recoverlint analyzer as a go vet tool:
//
//	go install github.com/recoverlint/recoverlint/cmd/recoverlint-vet@latest
//	go vet -vettool=$(command -v recoverlint-vet) ./...
//
// go vet loads and type-checks each package and hands it to this binary,
// which reports what the analyzer finds as file:line:col: message. It runs
// only the recoverlint pass, not vet's default analyzers; run plain
// `go vet ./...` for those.
package main

import (
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/recoverlint/recoverlint/analyzer"
)

func main() {
	unitchecker.Main(analyzer.Analyzer)
}
