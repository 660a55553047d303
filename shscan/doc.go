// Package shscan reads shell scripts (sh, bash, zsh, dash, ksh) without
// running them: the commands a script runs become action findings, and its
// comments and quoted prose become text units for the classifier.
//
// A script is code, so a command it runs is performed, whatever a comment
// above it says: `pkill -f server` in a script is a process-kill finding,
// found by reading the command line the way the shell does (quoting,
// escapes, line continuations, $(…) and backquotes, pipes into xargs,
// sudo, env, nohup, timeout, sh -c, eval and trap strings). A kill aimed
// only at the script's own children ($!, %1, a variable set from $!) and
// a kill -0 probe are not findings.
//
// The package also reads command lines held by other files: Embedded scans
// a script kept in a string (a workflow's run: value, an os.system string)
// and Argv checks an argument vector built by code (subprocess.run([…]),
// spawn(prog, args), a config's "command" and "args"). Every position is a
// byte offset into the original source.
//
// ScanEach hands a script's units and calls on as it reads, holding one
// stretch of commands at a time; since a command can depend on what any
// other sets ($! in a variable, a file the script created), the script
// is lexed twice, once for that and once to check each command.
package shscan
