// Package runner checks many files: it walks the paths with git's ignore
// rules, reads and checks the selected files on a pool of workers (one per
// CPU by default), and merges the results in walk order, so the output of
// a run does not depend on how many workers it had.
package runner
