// Package check runs the rules over one file's content: it picks the
// scanner for the file's kind (Markdown, plain prompt text, Go source),
// classifies every text unit with package rules, applies suppression
// comments, and places each finding at its line and byte column.
//
// It is the one place where front ends (the CLI, the MCP server, the
// reconnect builder's self-check) turn content into findings; none of them
// classifies text on its own.
package check
