// Package walk chooses the files that recoverlint scans, the way git chooses
// the files it reports.
//
// Walk visits every file under the paths it is given. Walking the top of a
// git work tree visits the same files as
//
//	git ls-files --cached --others --exclude-standard
//
// with no global excludes file: untracked files that an ignore rule excludes
// are left out, and tracked files are visited even when a rule matches them.
// The rules come from every .gitignore from the top of the repository down
// and from the repository's info/exclude.
//
// On top of git's choice, .recoverlintignore files (same syntax, at any level
// like .gitignore) exclude files from recoverlint only. They are judged apart
// from git's rules, as if they were the only ignore files, and they apply to
// tracked files too: committed test fixtures are what they are for. They
// cannot bring back a file git ignores. Outside a repository the .gitignore
// and .recoverlintignore files from the walked folder downward still apply.
//
// The matcher is this package's own: a byte-for-byte port of the semantics
// of git's wildmatch and of its per-folder rule precedence, checked against
// the git binary by the oracle test. The go-gitignore module the project
// card suggested translates patterns to regular expressions, knows nothing of
// nested ignore files and disagrees with git on "**", classes and escapes;
// go-git's matcher is closer but would pull in all of go-git for one package.
// Matching uses no regular expressions: each ignore file is read and
// compiled once per walk, and literal and "*suffix" patterns are compared
// directly.
//
// Tracked files are read from the repository's index (format versions 2, 3
// and 4, SHA-1 or SHA-256, including the shared file of a split index). A
// missing index means nothing is tracked; an unreadable one is reported as
// an Error and the walk goes on with the ignore rules alone. Two limits:
// the folder entries of a sparse index are skipped (their files are not
// checked out), and a split index's deletions are not applied, so an entry
// removed since the last shared file still counts as tracked.
//
// Choices where git gives no answer or recoverlint differs on purpose:
//
//   - Symbolic links met during the walk are skipped, whether they point to a
//     file or a folder: nothing is read through a link. A path named on the
//     command line is resolved like any command argument, so a link named
//     there is followed.
//   - A file named on the command line is visited with Explicit set, even when
//     an ignore rule matches it, and Options.Select is not asked about it.
//   - A folder named on the command line is walked even when an ignore rule
//     matches it or one of its parents; the rules from the folders above it
//     still apply to what is inside.
//   - A folder named .git is never entered, not even when it is named on the
//     command line.
//   - Inside a repository, a folder that holds its own .git (a submodule or a
//     nested repository) is not entered, as git does not list it, unless the
//     outer index tracks files below it. Outside any repository, a folder
//     holding .git is walked as the top of its own repository, with that
//     repository's rules only.
//   - Global excludes (core.excludesFile) and core.ignoreCase are not read:
//     matching is case-sensitive, as git's default on Linux.
//   - Files that are not regular (sockets, pipes, devices) are skipped during
//     the walk and reported as an Error when named on the command line.
//   - When several paths are given, a file reached twice is visited once.
//
// The order of visits is deterministic: paths in the order given, and within
// a folder the entries in lexical byte order, depth first.
package walk
