package restart

import "time"

// Verdict is the coordinator's decision.
type Verdict string

const (
	// Safe allows a restart: it would disrupt no live work.
	Safe Verdict = "safe"
	// Unsafe denies a restart: live work would be disrupted and no
	// override accepts it, a terminal lock is held, or the inventory is
	// incomplete.
	Unsafe Verdict = "unsafe"
	// Override allows a restart although live work would be disrupted,
	// because an operator with restart authority accepts the blast radius.
	Override Verdict = "override"
)

// Band grades how much a restart would disrupt.
type Band string

// The bands, from least to most disruptive; docs/restart-impact.md gives
// the thresholds.
const (
	BandNone   Band = "none"
	BandLow    Band = "low"
	BandMedium Band = "medium"
	BandHigh   Band = "high"
)

// Rank orders the bands: none 0, low 1, medium 2, high 3, anything else -1.
func (b Band) Rank() int {
	switch b {
	case BandNone:
		return 0
	case BandLow:
		return 1
	case BandMedium:
		return 2
	case BandHigh:
		return 3
	}
	return -1
}

// Liveness is what the coordinator concluded about a session.
type Liveness string

const (
	// Live sessions are active, running and heartbeating; a restart ends
	// them.
	Live Liveness = "live"
	// NotActive sessions have a status other than "active".
	NotActive Liveness = "not_active"
	// PIDGone sessions are active but their process is no longer running.
	PIDGone Liveness = "pid_not_running"
	// StaleHeartbeat sessions have not heartbeated within the window.
	StaleHeartbeat Liveness = "stale_heartbeat"
)

// Freshness is what the coordinator concluded about a lease.
type Freshness string

const (
	// Active leases are unreleased, unexpired and owned by a live owner;
	// only they are disruptive.
	Active Freshness = "active"
	// Expired leases are past their expiry time.
	Expired Freshness = "expired"
	// Released leases were given up.
	Released Freshness = "released"
	// DeadOwner leases belong to a session or process that is not live.
	DeadOwner Freshness = "dead_owner"
)

// Report is the blast-radius preview. Its JSON field names are stable.
// It never carries the value of the override authority, only whether one
// was found.
type Report struct {
	Verdict      Verdict `json:"verdict"`
	AllowRestart bool    `json:"allow_restart"`
	// OverrideWouldAllow says whether an operator override could allow a
	// restart in this state: false when the inventory is incomplete or the
	// terminal lock is held, true otherwise.
	OverrideWouldAllow bool `json:"override_would_allow"`
	BlastRadius        Band `json:"blast_radius"`
	// InventoryComplete is the coordinator's own judgement: the inventory
	// claimed completeness, reported no errors, listed sessions, leases
	// and the terminal lock, and was fresh.
	InventoryComplete bool `json:"inventory_complete"`
	// InventoryErrors lists why the inventory is incomplete, the errors
	// it reported included (with credentials masked).
	InventoryErrors []string `json:"inventory_errors"`
	// DryRun is always true and ApplySupported always false: the
	// coordinator previews and never performs a restart.
	DryRun         bool `json:"dry_run"`
	ApplySupported bool `json:"apply_supported"`
	ApplyRequested bool `json:"apply_requested"`

	Override               OverrideStatus `json:"override"`
	EvaluatedAt            time.Time      `json:"evaluated_at"`
	HeartbeatWindowSeconds int64          `json:"heartbeat_window_seconds"`
	RequestingSession      string         `json:"requesting_session,omitempty"`

	Sessions         []SessionImpact   `json:"sessions"`
	Leases           []LeaseImpact     `json:"leases"`
	AffectedIssues   []int             `json:"affected_issues"`
	AffectedPRs      []int             `json:"affected_prs"`
	CriticalSections []CriticalSection `json:"critical_sections"`
	TerminalLock     LockImpact        `json:"terminal_lock"`
	PriorAttempts    []Attempt         `json:"prior_attempts"`

	// Reasons explains the verdict in sentences, most important first.
	Reasons []string    `json:"reasons"`
	Audit   AuditRecord `json:"audit_record"`
}

// OverrideStatus says how the override request and authority stood.
type OverrideStatus struct {
	// Requested is the caller's stated intent; it grants nothing alone.
	Requested bool `json:"requested"`
	// Authorized says the operator authority was found in the
	// environment variable named by Variable. The value itself is never
	// reported.
	Authorized bool   `json:"authorized"`
	Variable   string `json:"variable"`
	// Applied says the override decided the verdict.
	Applied bool `json:"applied"`
}

// SessionImpact is one session and whether a restart would disrupt it.
type SessionImpact struct {
	ID        string `json:"id"`
	Namespace string `json:"namespace,omitempty"`
	Profile   string `json:"profile,omitempty"`
	PID       int    `json:"pid,omitempty"`
	Status    string `json:"status"`
	// PIDState is "running", "not_running" or "unknown".
	PIDState string `json:"pid_state"`
	// HeartbeatAgeSeconds is the age of the last heartbeat in whole seconds;
	// absent when none was recorded.
	HeartbeatAgeSeconds *int64   `json:"heartbeat_age_seconds,omitempty"`
	Liveness            Liveness `json:"liveness"`
	// Requester marks the session that asked for the restart; it is live
	// but not counted as disrupted.
	Requester bool `json:"requester,omitempty"`
	// Affected says the restart would disrupt this session.
	Affected bool   `json:"affected"`
	Reason   string `json:"reason"`
}

// LeaseImpact is one lease and whether a restart would disrupt its work.
type LeaseImpact struct {
	ID           string    `json:"id"`
	Issue        int       `json:"issue,omitempty"`
	PR           int       `json:"pr,omitempty"`
	Phase        string    `json:"phase,omitempty"`
	Worktree     string    `json:"worktree,omitempty"`
	OwnerSession string    `json:"owner_session,omitempty"`
	OwnerPID     int       `json:"owner_pid,omitempty"`
	Freshness    Freshness `json:"freshness"`
	Disruptive   bool      `json:"disruptive"`
	Critical     bool      `json:"critical"`
	Reason       string    `json:"reason"`
}

// CriticalSection is a disruptive lease in the middle of a mutation: it
// writes to an author worktree or is in a mutating phase.
type CriticalSection struct {
	LeaseID      string `json:"lease_id"`
	Issue        int    `json:"issue,omitempty"`
	PR           int    `json:"pr,omitempty"`
	Phase        string `json:"phase,omitempty"`
	Worktree     string `json:"worktree,omitempty"`
	OwnerSession string `json:"owner_session,omitempty"`
	// Why lists what makes it critical: "author_worktree",
	// "mutating_phase".
	Why []string `json:"why"`
}

// LockImpact is the terminal lock as the coordinator read it.
type LockImpact struct {
	// Reported is false when the inventory said nothing about the lock.
	Reported      bool       `json:"reported"`
	Held          bool       `json:"held"`
	Active        bool       `json:"active"`
	HolderSession string     `json:"holder_session,omitempty"`
	HolderPID     int        `json:"holder_pid,omitempty"`
	PR            int        `json:"pr,omitempty"`
	AcquiredAt    *time.Time `json:"acquired_at,omitempty"`
	ExpiresAt     *time.Time `json:"expires_at,omitempty"`
	Reason        string     `json:"reason"`
}

// AuditRecord is the part of a report kept as the record of a decision.
type AuditRecord struct {
	Event              string    `json:"event"`
	CoordinatorVersion string    `json:"coordinator_version"`
	Verdict            Verdict   `json:"verdict"`
	AllowRestart       bool      `json:"allow_restart"`
	BlastRadius        Band      `json:"blast_radius"`
	DryRun             bool      `json:"dry_run"`
	InventoryComplete  bool      `json:"inventory_complete"`
	OverrideRequested  bool      `json:"override_requested"`
	OverrideAuthorized bool      `json:"override_authorized"`
	Counts             Counts    `json:"counts"`
	Timestamp          time.Time `json:"timestamp"`
}

// Counts sums up an evaluation.
type Counts struct {
	Sessions           int  `json:"sessions"`
	SessionsAffected   int  `json:"sessions_affected"`
	Leases             int  `json:"leases"`
	LeasesDisruptive   int  `json:"leases_disruptive"`
	CriticalSections   int  `json:"critical_sections"`
	AffectedIssues     int  `json:"affected_issues"`
	AffectedPRs        int  `json:"affected_prs"`
	PriorAttempts      int  `json:"prior_attempts"`
	TerminalLockActive bool `json:"terminal_lock_active"`
}

// AuditEvent is the event name every audit record carries.
const AuditEvent = "mcp_restart_impact_evaluated"

// CoordinatorVersion identifies the rules an evaluation followed; it
// changes whenever a verdict could change for the same input.
const CoordinatorVersion = "recoverlint-restart/1"
