package restart

import "time"

// Inventory is a snapshot of the control plane taken just before a restart
// is considered. Its JSON form is documented in
// docs/restart-inventory.schema.json.
//
// A nil Sessions or Leases slice means the listing was not taken, and a nil
// TerminalLock means the lock state was not reported: each makes the
// inventory incomplete. An empty, non-nil slice means the listing was taken
// and found nothing.
type Inventory struct {
	// Schema is an optional reference to the JSON Schema; it is not read.
	Schema string `json:"$schema,omitempty"`
	// SchemaVersion is the inventory format version; 0 or 1.
	SchemaVersion int `json:"schema_version,omitempty"`
	// CollectedAt is when the snapshot was taken. An inventory without it,
	// or older than Options.MaxInventoryAge, is incomplete.
	CollectedAt *time.Time `json:"collected_at,omitempty"`
	// Complete says every listing succeeded. Missing reads as false.
	Complete bool `json:"inventory_complete"`
	// Errors lists the failures that made the inventory incomplete. Any
	// entry makes it incomplete, whatever Complete says.
	Errors []string `json:"inventory_errors,omitempty"`
	// Sessions lists the MCP sessions: the processes a restart ends.
	Sessions []Session `json:"sessions"`
	// Leases lists the work leases held in the control plane.
	Leases []Lease `json:"leases"`
	// TerminalLock is the merge lock; {"held": false} when nobody holds it.
	TerminalLock *TerminalLock `json:"terminal_lock"`
	// PriorAttempts lists narrower recovery already tried, such as
	// sanctioned reconnects; they are echoed in the report.
	PriorAttempts []Attempt `json:"prior_attempts,omitempty"`
}

// Session is one MCP session and the process that serves it.
type Session struct {
	ID        string `json:"id"`
	Namespace string `json:"namespace,omitempty"`
	Profile   string `json:"profile,omitempty"`
	// PID is the serving process; 0 when unknown.
	PID int `json:"pid,omitempty"`
	// PIDAlive says whether PID is running; nil when unknown, in which
	// case the CLI probes it and [Evaluate] counts it as running.
	PIDAlive *bool `json:"pid_alive,omitempty"`
	// Status is one of the values [SessionStatuses] returns; only
	// "active" sessions can be live.
	Status string `json:"status"`
	// LastHeartbeat is the session's latest heartbeat; nil when none was
	// recorded, in which case [Evaluate] counts the session as fresh.
	LastHeartbeat *time.Time `json:"last_heartbeat,omitempty"`
}

// Lease is a claim on a piece of work (an issue, a pull request) held by a
// session.
type Lease struct {
	ID    string `json:"id"`
	Issue int    `json:"issue,omitempty"`
	PR    int    `json:"pr,omitempty"`
	// Phase is the work phase, such as "implementing" or "reviewing".
	Phase string `json:"phase,omitempty"`
	// Worktree is the author worktree the lease writes to, if any.
	Worktree     string `json:"worktree,omitempty"`
	OwnerSession string `json:"owner_session,omitempty"`
	OwnerPID     int    `json:"owner_pid,omitempty"`
	// OwnerPIDAlive says whether OwnerPID is running; nil when unknown.
	OwnerPIDAlive *bool      `json:"owner_pid_alive,omitempty"`
	ExpiresAt     *time.Time `json:"expires_at,omitempty"`
	// ReleasedAt is when the lease was given up; nil while it is held.
	ReleasedAt *time.Time `json:"released_at,omitempty"`
}

// TerminalLock is the lock taken around the terminal step of a change,
// the merge.
type TerminalLock struct {
	Held          bool       `json:"held"`
	HolderSession string     `json:"holder_session,omitempty"`
	HolderPID     int        `json:"holder_pid,omitempty"`
	PR            int        `json:"pr,omitempty"`
	AcquiredAt    *time.Time `json:"acquired_at,omitempty"`
	ExpiresAt     *time.Time `json:"expires_at,omitempty"`
}

// Attempt is an earlier, narrower recovery step, such as a sanctioned
// client reconnect that was already requested.
type Attempt struct {
	// Kind names the step, such as "reconnect".
	Kind        string     `json:"kind"`
	SessionID   string     `json:"session_id,omitempty"`
	RequestedAt *time.Time `json:"requested_at,omitempty"`
	// Outcome is what came of it, such as "pending" or "failed".
	Outcome string `json:"outcome,omitempty"`
}

// SessionStatuses returns the session status values an inventory may use.
// Only "active" sessions can be live.
func SessionStatuses() []string {
	return []string{"active", "stale", "disconnected", "closed", "dead"}
}
