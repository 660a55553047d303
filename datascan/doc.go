// Package datascan reads YAML, JSON (with comments) and TOML files: their
// string values and comments become text units with exact positions, and
// the values that are commands become shell reads.
//
// Prompt templates, tool descriptions, agent rules and MCP client entries
// live in such files. Each of the three parsers builds the same small tree
// of maps, lists and strings, every string decoded with an offset map into
// the file; one walker then turns the tree into units. A file past 256 KiB
// builds no tree (ScanEach): it is parsed twice, once for the facts of its
// maps that the walker reads beside an entry, then with each string walked
// and dropped as its entry is complete. A string value is a
// unit with the path of keys above it as its headings ("troubleshooting",
// "forbidden_recovery_paths"), so the classifier reads a value under a
// forbidden or recovery key the way it reads a paragraph under such a
// heading; a value of several lines is read as a document.
//
// Values that the host runs are read as shell, through package shscan: a
// GitHub workflow's or composite action's run: steps, GitLab CI scripts,
// package.json scripts, and any map with a "command" (a command line, or a
// program with its "args", as in .mcp.json, Claude Code hooks and VS Code
// tasks). Values under keys named for patterns, examples or banned phrases
// are data and are left out.
package datascan
