// Package rules is recoverlint's engine: the six built-in rules and the
// stance classifier every front end shares.
//
// A front end (the Markdown, text and Go scanners behind package check,
// the go/analysis pass, the MCP server) turns its input into text units
// with exact byte offsets and the context a reader would use (headings,
// list lead-ins, labels, table columns, code blocks). Classify reads each
// unit the way a person would: it folds look-alike letters, zero-width
// characters and in-word shell quoting while keeping every offset, splits
// sentences and code lines, lets each rule find the words that name its
// action, and decides whether the text recommends, prohibits or merely
// mentions that action. Only a recommendation is a finding, and rules that
// forbid an action only as a recovery step or a fallback also check that
// context. The package knows nothing of files.
package rules
