// Package mcpserver serves recoverlint's functions as tools of a Model
// Context Protocol server, so that an agent host can call them instead of
// improvising a recovery.
//
// Its one job is the translation between MCP tool calls and the packages
// that decide: [New] returns a server with three tools, each with a typed
// input and output schema and the annotations read-only, non-destructive
// and idempotent.
//
//   - check_text runs the checker (package check) over a text and returns
//     the findings in the JSON shape of `recoverlint check --format json`.
//   - request_mcp_reconnect builds the report-only reconnect request
//     (package reconnect).
//   - request_mcp_restart previews the impact of a restart from a
//     control-plane inventory (package restart). It is a dry run; operator
//     authority for an override comes only from the server process's own
//     environment, never from the call.
//
// Bad input comes back as a tool error whose message names the problem; the
// server keeps serving. Handlers share no mutable state, so calls may run
// concurrently. The package performs no recovery action of any kind.
package mcpserver
