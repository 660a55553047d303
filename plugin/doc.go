// Package plugin registers the recoverlint analyzer as a golangci-lint
// module plugin named "recoverlint". A custom golangci-lint binary that
// imports this package (see docs/go.md and tools/gcl) runs the analyzer
// with the settings given under linters.settings.custom.recoverlint.
package plugin
