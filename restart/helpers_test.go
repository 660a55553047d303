package restart_test

import (
	"time"

	"github.com/recoverlint/recoverlint/restart"
)

// clock is the fixed evaluation time of every test.
func clock() time.Time { return time.Date(2026, 7, 24, 6, 0, 0, 0, time.UTC) }

func ago(d time.Duration) *time.Time {
	t := clock().Add(-d)
	return &t
}

func later(d time.Duration) *time.Time {
	t := clock().Add(d)
	return &t
}

func flag(b bool) *bool { return &b }

// inventory returns a complete, fresh inventory with no terminal lock.
func inventory(sessions []restart.Session, leases []restart.Lease) restart.Inventory {
	if sessions == nil {
		sessions = []restart.Session{}
	}
	if leases == nil {
		leases = []restart.Lease{}
	}
	return restart.Inventory{
		CollectedAt:  ago(30 * time.Second),
		Complete:     true,
		Sessions:     sessions,
		Leases:       leases,
		TerminalLock: &restart.TerminalLock{},
	}
}

func liveSession(id string, pid int) restart.Session {
	return restart.Session{
		ID: id, Namespace: "gitea", Profile: "author", PID: pid, PIDAlive: flag(true),
		Status: "active", LastHeartbeat: ago(time.Minute),
	}
}

func activeLease(id, owner string, issue int, phase, worktree string) restart.Lease {
	return restart.Lease{
		ID: id, Issue: issue, Phase: phase, Worktree: worktree,
		OwnerSession: owner, ExpiresAt: later(30 * time.Minute),
	}
}

// env returns a LookupEnv that knows the given variables only.
func env(vars map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) {
		v, ok := vars[k]
		return v, ok
	}
}

func authority(v string) func(string) (string, bool) {
	return env(map[string]string{restart.DefaultOverrideEnv: v})
}

// with applies changes to a copy of an inventory.
func with(inv restart.Inventory, change func(*restart.Inventory)) restart.Inventory {
	change(&inv)
	return inv
}

type scenario struct {
	name    string
	inv     restart.Inventory
	opts    restart.Options
	noClock bool // leave Options.Now zero

	verdict            restart.Verdict
	band               restart.Band
	overrideWouldAllow bool
	affected           int // sessions a restart would end
	disruptive         int // leases a restart would disrupt
	critical           int
	reason             string // a substring one of the reasons must hold
}

func (s scenario) options() restart.Options {
	o := s.opts
	if !s.noClock {
		o.Now = clock()
	}
	return o
}

// scenarios covers every branch of the verdict, the bands and the reasons.
func scenarios() []scenario {
	three := []restart.Session{liveSession("a", 101), liveSession("b", 102), liveSession("c", 103)}
	critical := inventory(
		[]restart.Session{liveSession("author", 201), liveSession("reviewer", 202)},
		[]restart.Lease{activeLease("l-658", "author", 658, "implementing", "/srv/work/658")},
	)
	locked := with(inventory(nil, nil), func(inv *restart.Inventory) {
		inv.TerminalLock = &restart.TerminalLock{Held: true, HolderSession: "merger", PR: 664, ExpiresAt: later(5 * time.Minute)}
	})
	return []scenario{
		{
			name: "empty complete inventory is safe", inv: inventory(nil, nil),
			verdict: restart.Safe, band: restart.BandNone, overrideWouldAllow: true, reason: "safe:",
		},
		{
			name: "several sessions, only the live ones count",
			inv: inventory([]restart.Session{
				liveSession("a", 101), liveSession("b", 102), liveSession("c", 103),
				{ID: "closed", PID: 104, PIDAlive: flag(true), Status: "closed", LastHeartbeat: ago(time.Minute)},
				{ID: "gone", PID: 105, PIDAlive: flag(false), Status: "active", LastHeartbeat: ago(time.Minute)},
				{ID: "stale", PID: 106, PIDAlive: flag(true), Status: "active", LastHeartbeat: ago(40 * time.Minute)},
			}, nil),
			verdict: restart.Unsafe, band: restart.BandMedium, overrideWouldAllow: true, affected: 3,
			reason: "3 live sessions",
		},
		{
			name: "one live session is a low blast radius", inv: inventory([]restart.Session{liveSession("a", 101)}, nil),
			verdict: restart.Unsafe, band: restart.BandLow, overrideWouldAllow: true, affected: 1,
			reason: "could accept this blast radius with an override",
		},
		{
			name:    "the requesting session alone is safe",
			inv:     inventory([]restart.Session{liveSession("me", 101)}, nil),
			opts:    restart.Options{RequestingSession: "me"},
			verdict: restart.Safe, band: restart.BandNone, overrideWouldAllow: true,
		},
		{
			name:    "a requester missing from the inventory is noted",
			inv:     inventory(nil, nil),
			opts:    restart.Options{RequestingSession: "ghost"},
			verdict: restart.Safe, band: restart.BandNone, overrideWouldAllow: true,
			reason: "requesting session ghost is not in the inventory",
		},
		{
			name:    "the requester's own lease still counts",
			inv:     inventory([]restart.Session{liveSession("me", 101)}, []restart.Lease{activeLease("l1", "me", 7, "reviewing", "")}),
			opts:    restart.Options{RequestingSession: "me"},
			verdict: restart.Unsafe, band: restart.BandMedium, overrideWouldAllow: true, disruptive: 1,
		},
		{
			name: "deny while a critical section is open", inv: critical,
			verdict: restart.Unsafe, band: restart.BandHigh, overrideWouldAllow: true, affected: 2, disruptive: 1, critical: 1,
			reason: "critical section: lease l-658 (issue #658) in phase implementing with author worktree /srv/work/658",
		},
		{
			name:    "a mutating phase alone is a critical section",
			inv:     inventory([]restart.Session{liveSession("m", 101)}, []restart.Lease{activeLease("l1", "m", 9, "Merging", "")}),
			verdict: restart.Unsafe, band: restart.BandHigh, overrideWouldAllow: true, affected: 1, disruptive: 1, critical: 1,
		},
		{
			name:    "an author worktree alone is a critical section",
			inv:     inventory([]restart.Session{liveSession("m", 101)}, []restart.Lease{activeLease("l1", "m", 9, "reviewing", "/w")}),
			verdict: restart.Unsafe, band: restart.BandHigh, overrideWouldAllow: true, affected: 1, disruptive: 1, critical: 1,
		},
		{
			name:    "custom mutating phases replace the defaults",
			inv:     inventory([]restart.Session{liveSession("m", 101)}, []restart.Lease{activeLease("l1", "m", 9, "implementing", "")}),
			opts:    restart.Options{MutatingPhases: []string{"deploying"}},
			verdict: restart.Unsafe, band: restart.BandMedium, overrideWouldAllow: true, affected: 1, disruptive: 1,
		},
		{
			name:    "a live lease outside a critical section is medium",
			inv:     inventory([]restart.Session{liveSession("r", 101)}, []restart.Lease{activeLease("l1", "r", 9, "reviewing", "")}),
			verdict: restart.Unsafe, band: restart.BandMedium, overrideWouldAllow: true, affected: 1, disruptive: 1,
		},
		{
			name: "override allowed with environment authority", inv: critical,
			opts:    restart.Options{RequestOverride: true, LookupEnv: authority("ticket-4711")},
			verdict: restart.Override, band: restart.BandHigh, overrideWouldAllow: true, affected: 2, disruptive: 1, critical: 1,
			reason: "override accepted",
		},
		{
			name: "override requested without authority is denied", inv: critical,
			opts:    restart.Options{RequestOverride: true},
			verdict: restart.Unsafe, band: restart.BandHigh, overrideWouldAllow: true, affected: 2, disruptive: 1, critical: 1,
			reason: "a request alone grants nothing",
		},
		{
			name: "a negating authority value grants nothing", inv: critical,
			opts:    restart.Options{RequestOverride: true, LookupEnv: authority(" False ")},
			verdict: restart.Unsafe, band: restart.BandHigh, overrideWouldAllow: true, affected: 2, disruptive: 1, critical: 1,
		},
		{
			name: "an empty authority value grants nothing", inv: critical,
			opts:    restart.Options{RequestOverride: true, LookupEnv: authority("")},
			verdict: restart.Unsafe, band: restart.BandHigh, overrideWouldAllow: true, affected: 2, disruptive: 1, critical: 1,
		},
		{
			name: "authority without a request does not override", inv: critical,
			opts:    restart.Options{LookupEnv: authority("ticket-4711")},
			verdict: restart.Unsafe, band: restart.BandHigh, overrideWouldAllow: true, affected: 2, disruptive: 1, critical: 1,
			reason: "but no override was requested",
		},
		{
			name: "authority is read from the configured variable only", inv: critical,
			opts:    restart.Options{RequestOverride: true, OverrideEnv: "OPS_RESTART_AUTH", LookupEnv: authority("yes")},
			verdict: restart.Unsafe, band: restart.BandHigh, overrideWouldAllow: true, affected: 2, disruptive: 1, critical: 1,
			reason: "OPS_RESTART_AUTH carries no operator authority",
		},
		{
			name: "a configured variable carries authority", inv: critical,
			opts: restart.Options{RequestOverride: true, OverrideEnv: "OPS_RESTART_AUTH",
				LookupEnv: env(map[string]string{"OPS_RESTART_AUTH": "1"})},
			verdict: restart.Override, band: restart.BandHigh, overrideWouldAllow: true, affected: 2, disruptive: 1, critical: 1,
		},
		{
			name: "an unneeded override leaves the verdict safe", inv: inventory(nil, nil),
			opts:    restart.Options{RequestOverride: true, LookupEnv: authority("yes")},
			verdict: restart.Safe, band: restart.BandNone, overrideWouldAllow: true,
			reason: "but not needed",
		},
		{
			name: "an active terminal lock is unsafe", inv: locked,
			verdict: restart.Unsafe, band: restart.BandHigh,
			reason: "terminal lock: held by session merger for PR #664",
		},
		{
			name: "no override can pass an active terminal lock", inv: locked,
			opts:    restart.Options{RequestOverride: true, LookupEnv: authority("yes")},
			verdict: restart.Unsafe, band: restart.BandHigh,
			reason: "no override can allow a restart in this state",
		},
		{
			name: "a terminal lock without expiry is active",
			inv: with(inventory(nil, nil), func(inv *restart.Inventory) {
				inv.TerminalLock = &restart.TerminalLock{Held: true}
			}),
			verdict: restart.Unsafe, band: restart.BandHigh,
		},
		{
			name: "an expired terminal lock does not block",
			inv: with(inventory(nil, nil), func(inv *restart.Inventory) {
				inv.TerminalLock = &restart.TerminalLock{Held: true, HolderSession: "merger", ExpiresAt: ago(time.Minute)}
			}),
			verdict: restart.Safe, band: restart.BandNone, overrideWouldAllow: true,
		},
		{
			name:    "fail closed: inventory not declared complete",
			inv:     with(critical, func(inv *restart.Inventory) { inv.Complete = false }),
			opts:    restart.Options{RequestOverride: true, LookupEnv: authority("yes")},
			verdict: restart.Unsafe, band: restart.BandHigh, affected: 2, disruptive: 1, critical: 1,
			reason: "the inventory does not declare itself complete",
		},
		{
			name: "fail closed: listing errors outweigh a complete flag",
			inv: with(inventory(nil, nil), func(inv *restart.Inventory) {
				inv.Errors = []string{"listing leases: timeout"}
			}),
			verdict: restart.Unsafe, band: restart.BandHigh,
			reason: "listing error: listing leases: timeout",
		},
		{
			name:    "fail closed: sessions not listed",
			inv:     with(inventory(nil, nil), func(inv *restart.Inventory) { inv.Sessions = nil }),
			verdict: restart.Unsafe, band: restart.BandHigh, reason: "the sessions were not listed",
		},
		{
			name:    "fail closed: leases not listed",
			inv:     with(inventory(nil, nil), func(inv *restart.Inventory) { inv.Leases = nil }),
			verdict: restart.Unsafe, band: restart.BandHigh, reason: "the leases were not listed",
		},
		{
			name:    "fail closed: terminal lock not reported",
			inv:     with(inventory(nil, nil), func(inv *restart.Inventory) { inv.TerminalLock = nil }),
			verdict: restart.Unsafe, band: restart.BandHigh, reason: "the terminal lock state was not reported",
		},
		{
			name:    "fail closed: collection time unknown",
			inv:     with(inventory(nil, nil), func(inv *restart.Inventory) { inv.CollectedAt = nil }),
			verdict: restart.Unsafe, band: restart.BandHigh, reason: "does not say when it was collected",
		},
		{
			name:    "fail closed: inventory too old",
			inv:     with(inventory(nil, nil), func(inv *restart.Inventory) { inv.CollectedAt = ago(20 * time.Minute) }),
			verdict: restart.Unsafe, band: restart.BandHigh, reason: "collected 20m before the evaluation, more than the 5m limit",
		},
		{
			name:    "a longer inventory age limit accepts an older inventory",
			inv:     with(inventory(nil, nil), func(inv *restart.Inventory) { inv.CollectedAt = ago(20 * time.Minute) }),
			opts:    restart.Options{MaxInventoryAge: time.Hour},
			verdict: restart.Safe, band: restart.BandNone, overrideWouldAllow: true,
		},
		{
			name: "fail closed: no clock", inv: inventory(nil, nil), noClock: true,
			verdict: restart.Unsafe, band: restart.BandHigh, reason: "no evaluation time was given",
		},
		{
			name: "stale heartbeat does not count",
			inv: inventory([]restart.Session{
				{ID: "s", PID: 1, PIDAlive: flag(true), Status: "active", LastHeartbeat: ago(15*time.Minute + time.Second)},
			}, nil),
			verdict: restart.Safe, band: restart.BandNone, overrideWouldAllow: true,
		},
		{
			name: "a heartbeat exactly at the window still counts",
			inv: inventory([]restart.Session{
				{ID: "s", PID: 1, PIDAlive: flag(true), Status: "active", LastHeartbeat: ago(15 * time.Minute)},
			}, nil),
			verdict: restart.Unsafe, band: restart.BandLow, overrideWouldAllow: true, affected: 1,
		},
		{
			name:    "a shorter heartbeat window makes a session stale",
			inv:     inventory([]restart.Session{liveSession("s", 1)}, nil),
			opts:    restart.Options{HeartbeatWindow: 30 * time.Second},
			verdict: restart.Safe, band: restart.BandNone, overrideWouldAllow: true,
		},
		{
			name: "unknown pid liveness and a missing heartbeat count as live",
			inv: inventory([]restart.Session{
				{ID: "s", PID: 1, Status: "active"},
			}, nil),
			verdict: restart.Unsafe, band: restart.BandLow, overrideWouldAllow: true, affected: 1,
		},
		{
			name: "dead-owner, expired and released leases are not counted",
			inv: inventory(
				[]restart.Session{
					{ID: "gone", PID: 5, PIDAlive: flag(false), Status: "active", LastHeartbeat: ago(time.Minute)},
					{ID: "stale", PID: 6, PIDAlive: flag(true), Status: "active", LastHeartbeat: ago(time.Hour)},
				},
				[]restart.Lease{
					activeLease("dead-owner", "gone", 1, "implementing", "/w/1"),
					activeLease("stale-owner", "stale", 2, "implementing", "/w/2"),
					{ID: "dead-pid", Issue: 3, Phase: "merging", OwnerPID: 77, OwnerPIDAlive: flag(false), ExpiresAt: later(time.Hour)},
					{ID: "expired", Issue: 4, Phase: "merging", OwnerSession: "elsewhere", ExpiresAt: ago(time.Second)},
					{ID: "released", Issue: 5, Phase: "publishing", OwnerSession: "elsewhere", ReleasedAt: ago(time.Minute), ExpiresAt: later(time.Hour)},
				},
			),
			verdict: restart.Safe, band: restart.BandNone, overrideWouldAllow: true,
		},
		{
			name: "a release time still ahead leaves the lease held",
			inv: inventory(nil, []restart.Lease{
				{ID: "l", Issue: 5, Phase: "reviewing", OwnerSession: "elsewhere", ReleasedAt: later(time.Minute)},
			}),
			verdict: restart.Unsafe, band: restart.BandMedium, overrideWouldAllow: true, disruptive: 1,
		},
		{
			name:    "a lease whose owner is not listed counts as live",
			inv:     inventory(nil, []restart.Lease{activeLease("l", "elsewhere", 9, "reviewing", "")}),
			verdict: restart.Unsafe, band: restart.BandMedium, overrideWouldAllow: true, disruptive: 1,
			reason: "1 active lease",
		},
		{
			name:    "a lease without owner counts as live",
			inv:     inventory(nil, []restart.Lease{{ID: "l", PR: 12}}),
			verdict: restart.Unsafe, band: restart.BandMedium, overrideWouldAllow: true, disruptive: 1,
		},
		{
			name:    "six live sessions are high",
			inv:     inventory(append(three[:3:3], liveSession("d", 104), liveSession("e", 105), liveSession("f", 106)), nil),
			verdict: restart.Unsafe, band: restart.BandHigh, overrideWouldAllow: true, affected: 6,
		},
		{
			name: "four live leases are high",
			inv: inventory(three, []restart.Lease{
				activeLease("l1", "a", 1, "reviewing", ""), activeLease("l2", "a", 2, "reviewing", ""),
				activeLease("l3", "b", 3, "triage", ""), activeLease("l4", "c", 4, "", ""),
			}),
			verdict: restart.Unsafe, band: restart.BandHigh, overrideWouldAllow: true, affected: 3, disruptive: 4,
		},
		{
			name: "prior recovery attempts are echoed",
			inv: with(inventory(nil, nil), func(inv *restart.Inventory) {
				inv.PriorAttempts = []restart.Attempt{
					{Kind: "reconnect", SessionID: "s1", RequestedAt: ago(9 * time.Minute), Outcome: "failed"},
					{Kind: "reconnect", SessionID: "s2", RequestedAt: ago(2 * time.Minute), Outcome: "pending"},
					{Kind: "reload"},
				}
			}),
			verdict: restart.Safe, band: restart.BandNone, overrideWouldAllow: true,
			reason: "3 earlier recovery attempts already recorded; latest: reconnect for session s2 at 2026-07-24T05:58:00Z (pending)",
		},
		{
			name: "apply is never performed", inv: inventory(nil, nil),
			opts:    restart.Options{ApplyRequested: true},
			verdict: restart.Safe, band: restart.BandNone, overrideWouldAllow: true,
			reason: "needs a drain proof",
		},
	}
}
