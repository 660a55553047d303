// Package goscan reads Go source without type information: its comments
// and string literals become text units for the classifier, with exact
// byte offsets, and the calls that visibly perform a forbidden action
// (exec.Command("pkill", …), syscall.Kill with a real signal, Kill or
// Signal on a process found by PID, os.Chtimes on a config, os.Remove of a
// lock file) become findings directly.
//
// The go/analysis pass in package analyzer sees the same text units and
// refines the call checks with type information; the CLI uses this package
// so that `recoverlint check` reads Go files without loading packages.
package goscan
