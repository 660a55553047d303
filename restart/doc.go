// Package restart previews what a restart of the MCP runtimes would
// disrupt, before anyone performs one.
//
// Its one job is classification: [Evaluate] reads a control-plane
// [Inventory] (sessions, leases, the terminal merge lock, earlier recovery
// attempts) and returns a [Report] with a verdict ([Safe], [Unsafe] or
// [Override]), a blast-radius band and the reason every session and lease
// counts or not. Evaluate does no I/O and reads no clock: the time, the
// operator-authority lookup and every other input arrive in [Options].
//
// The package never restarts, signals or stops anything. It fails closed:
// an inventory that is incomplete, stale or missing a listing is never
// allowed, and liveness that cannot be established counts as live.
//
// [Decode] reads an inventory from strict JSON and reports every error with
// its line and column; [ProbePIDs] fills in process liveness that the
// inventory leaves unknown, using a [Prober] such as [ProcessAlive].
package restart
