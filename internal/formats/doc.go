// Package formats holds the pieces of file formats that more than one
// reader needs, so that no scanner calls into another and the checker
// picks a reader without asking one:
//
//   - FrontMatter and FrontMatterEnd split off the YAML block that may open
//     a Markdown or prompt file (Cursor's .mdc rules), for mdscan and
//     textscan alike;
//   - Interpreter reads the program a #! line names and IsShell says
//     whether it runs shell, for the checker's choice of reader and for
//     the shell and data scanners;
//   - EmphasisLabel and MarkerLabel read the label that opens an example
//     ("**Bad:**", "❌ Wrong:"), which the Markdown scanner finds in
//     goldmark's emphasis and the prompt-text scanner in the raw markers.
//
// Everything here reads bytes or text and returns offsets into it; no
// function parses more than the lines it names.
package formats
