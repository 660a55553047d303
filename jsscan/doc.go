// Package jsscan reads JavaScript and TypeScript (.js .mjs .cjs .jsx .ts
// .mts .cts .tsx) without running them: comments, string and template
// literals and JSX text become text units for the classifier, and the calls
// that visibly perform a forbidden action become findings.
//
// MCP servers keep their tool descriptions and prompt templates in string
// and template literals, so those are read as text with an exact offset
// map (escapes decoded, ${…} kept as written, literals joined by + read as
// one). Strings that are data are left out: tables named for patterns or
// banned phrases, tables the code matches text against, comparisons, case
// labels, object keys, module names, regular expressions, single words and
// the strings of test files.
//
// Calls are reported as actions the code performs when they run a program
// of the kill family through child_process (exec, execSync, spawn,
// execFile and their kin, also through promisify, execa, zx, Bun and
// Deno), read with the same shell reading as scripts. So are process.kill
// with a signal other than 0 on a process that is neither the code's own
// child nor itself, tree-kill and fkill, fs.utimes calls whose path names
// a config, env or session-state file, and fs.unlink or fs.rm calls whose
// path names a lock or session file.
//
// A file is read as a whole token array when it is small; a larger one
// is read in stretches of whole statements that end where no bracket is
// open, the bindings in four readings before the strings and calls in a
// fifth, so that what is held stays bounded (ScanEach). Each stretch is
// read with the statements around it that the readings past a
// statement's end reach, and what a name is bound to is kept as a copy.
// A file that never closes its outermost bracket (a bundle wrapped in
// one function) has no such end and is held whole.
package jsscan
