// Package pyscan reads Python source without running Python: its comments,
// docstrings and string literals become text units for the classifier, and
// the calls that visibly perform a forbidden action become findings.
//
// Strings are decoded with an exact offset map (escapes, raw, byte and
// triple-quoted strings, the literal parts of f-strings, implicit
// concatenation), so a finding points at the source byte it came from. A
// string of several lines, such as a docstring, is dedented and read as a
// document, by paragraphs and list items. Strings that are data rather than
// advice are left out: tables named for patterns, examples or banned
// phrases, tables the code matches text against, comparisons, dictionary
// keys, regular expressions, single words and the strings of test files.
//
// Action calls are subprocess, os.system, os.exec* and asyncio
// subprocess calls of a kill-family program (list or string form, read
// like a shell would), os.kill and os.killpg with a signal other than 0 on
// a process that is not the code's own child, kill, terminate and
// send_signal on a psutil process found by PID, os.utime and Path.touch on
// a config, env or session-state path, and os.remove, unlink or rmtree of
// a lock or session file.
//
// A file is read as a whole token array when it is small; a larger one
// is read in stretches of whole statements, the bindings in four
// readings before the strings and calls in a fifth, so that what is
// held stays bounded (ScanEach). Everything that reads past a statement
// reads the one just before or after it, or what a name is bound to.
package pyscan
