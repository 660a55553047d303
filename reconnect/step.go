package reconnect

// SanctionedStep is the sanctioned recovery in one sentence, for text that
// recommended a forbidden one (an editor's quick fix puts it in place of
// the recommendation): stop, ask the operator to reconnect through the
// host, and start again from preflight. It names no server, because the
// text it replaces may name one only inside the command it recommended.
const SanctionedStep = "If the MCP server is stale or its transport closed, stop and ask the operator to reconnect it through the host's own control (recoverlint reconnect builds the request); after the reconnect, restart the workflow from preflight."
