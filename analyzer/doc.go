// Package analyzer is recoverlint's go/analysis pass: it reports Go
// comments and string literals that recommend a forbidden MCP recovery
// action, and calls that perform one, for go vet, golangci-lint and any
// other analysis driver.
//
// The text checks are goscan's and the rules' (the same units, the same
// classifier and the same byte positions as `recoverlint check` on the
// file); the analyzer adds what only type information can tell: which
// package a called function really comes from, what a constant string
// argument holds, and where a process value was obtained.
package analyzer
