// Package config reads .recoverlint.yml, the configuration of a check:
// which rules run and at what severity, which paths are left out entirely
// or for some rules, which kinds of file are scanned, the file size limit,
// and custom rules that forbid a team's own actions.
//
// Custom rules are built with rules.NewRule, so the stance engine judges
// their words as it judges the built-in rules': a recommendation is a
// finding, a ban or a mention is not.
//
// The reader is strict. Every error names the file, the line and the
// column (characters, 1-based) of the offending node, and says what is
// wrong: unknown keys, values of the wrong type, unknown rule ids, bad
// severities, kinds, sizes, path patterns and regular expressions, and
// duplicate keys or rule ids. A YAML syntax error names the line. All
// errors of a file are reported at once.
//
// The file is found by Find, upward from the scanned folder to the top of
// its git work tree (or to the file system root outside one), unless one
// is named with --config.
package config
