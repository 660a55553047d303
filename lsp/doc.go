// Package lsp is recoverlint's language server: it checks the documents
// an editor has open as they are typed and publishes the findings as
// diagnostics, with the rule's documentation on hover and two quick
// fixes — a suppression comment in the file kind's own syntax, and, in
// Markdown and prompt files, the sanctioned step in place of the
// recommendation.
//
// A document is checked exactly as `recoverlint check` checks the file
// where it lies: the configuration found from the walk's root, ignore
// files, exclusions, kinds, suppressions and severities apply the same
// way, through the same packages (walk, config, runner, check). A
// document the walk would skip gets no diagnostics.
//
// The transport is go.lsp.dev/jsonrpc2 behind a framing layer of this
// package's own (Stream): a message that is not valid JSON-RPC, too long,
// or framed wrong gets an error reply and the server reads on, where the
// library's own framer would end the connection. The protocol types are
// go.lsp.dev/protocol's, except where LSP 3.17 needs what that library
// lacks: the position encoding, and a content change without a range
// (the whole text) told apart from one at 0:0.
//
// Positions are in UTF-16 code units unless the client offers UTF-8
// (LSP 3.17 general.positionEncodings, or the older offsetEncoding).
// Checks run on one goroutine, a debounce after the last change, so a
// burst of keystrokes costs one check and memory does not grow with the
// number of edits.
package lsp
