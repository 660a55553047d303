// Package reconnect builds the sanctioned reconnect request: the typed,
// report-only payload an agent returns when its MCP runtime is stale, its
// transport closed or a namespace missing.
//
// The host owns the transport, so the request performs nothing. It names the
// namespaces, says why a reconnect is needed, gives the operator the exact
// steps for the host's own reconnect control, lists the forbidden recovery
// paths as bans, and tells the agent to restart its workflow from preflight
// once the operator has reconnected.
//
// Build validates every field of a Request (bad input is refused, never
// echoed into the payload) and runs every human-readable string of the
// payload through the recoverlint checker: a payload whose text would
// recommend a forbidden recovery action is an error, not a result.
package reconnect
