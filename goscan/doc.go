// Package goscan reads Go source for the classifier: its comments and the
// string literals that read as text (one literal, or a constant
// concatenation read as one string) become text units with exact byte
// offsets, and the calls that perform a forbidden action
// (exec.Command("pkill", …) or a shell script that runs such a command,
// syscall.Kill with a real signal, Kill or Signal on a process found by PID,
// os.Chtimes on a config, os.Remove of a lock file) become findings
// directly.
//
// Scan reads source without type information, resolving calls by how they
// are spelled; the CLI uses it so that `recoverlint check` reads Go files
// without loading packages. File reads a file that is already parsed and,
// when given the type checker's record, resolves calls through types and
// traces each process value to where it came from; the go/analysis pass in
// package analyzer uses it, so both read Go text in one way.
package goscan
