// Package gitdiff tells which lines of a work tree were added or changed
// since a git revision, so that a check can report only the findings on
// those lines (--new-from-rev).
//
// It runs git itself: `git diff --unified=0 REV` between the revision and
// the work tree (staged and unstaged changes alike), with renames followed
// so that a renamed file's unchanged lines stay old, and `git ls-files
// --others --exclude-standard` for untracked files, every line of which is
// new. The user's diff settings that would change the output (external
// diff drivers, text conversion, prefixes, quoted paths, relative paths)
// are overridden on the command line.
package gitdiff
