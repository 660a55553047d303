package restart_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/recoverlint/recoverlint/restart"
)

// gen builds random inventories from a seeded source, so every run checks
// the same cases and a failure names the seed that reproduces it.
type gen struct{ r *rand.Rand }

func newGen(seed uint64) gen { return gen{rand.New(rand.NewPCG(seed, 0x5eed))} }

func (g gen) maybe(p float64) bool { return g.r.Float64() < p }

func (g gen) minutes(max int) time.Duration { return time.Duration(g.r.IntN(max)) * time.Minute }

func (g gen) aliveness() *bool {
	switch g.r.IntN(4) {
	case 0:
		return nil
	case 1:
		return flag(false)
	}
	return flag(true)
}

func (g gen) session(i int) restart.Session {
	statuses := restart.SessionStatuses()
	s := restart.Session{
		ID:       fmt.Sprintf("s%d", i),
		PID:      1000 + i,
		PIDAlive: g.aliveness(),
		Status:   "active",
	}
	if g.maybe(0.3) {
		s.Status = statuses[g.r.IntN(len(statuses))]
	}
	if g.maybe(0.9) {
		s.LastHeartbeat = ago(g.minutes(30))
	}
	return s
}

func (g gen) lease(i, sessions int) restart.Lease {
	phases := []string{"", "reviewing", "triage", "implementing", "merging", "Publishing"}
	l := restart.Lease{
		ID:    fmt.Sprintf("l%d", i),
		Issue: g.r.IntN(20),
		PR:    g.r.IntN(20),
		Phase: phases[g.r.IntN(len(phases))],
	}
	if g.maybe(0.3) {
		l.Worktree = fmt.Sprintf("/w/%d", i)
	}
	switch {
	case g.maybe(0.1):
		// no owner recorded
	case g.maybe(0.15):
		l.OwnerSession = "elsewhere"
	case sessions > 0:
		l.OwnerSession = fmt.Sprintf("s%d", g.r.IntN(sessions))
	}
	if g.maybe(0.3) {
		l.OwnerPID = 5000 + i
		l.OwnerPIDAlive = g.aliveness()
	}
	if g.maybe(0.8) {
		l.ExpiresAt = later(g.minutes(40) - 10*time.Minute)
	}
	if g.maybe(0.2) {
		l.ReleasedAt = ago(g.minutes(20) - 5*time.Minute)
	}
	return l
}

func (g gen) inventory() restart.Inventory {
	n, m := g.r.IntN(8), g.r.IntN(6)
	inv := inventory(nil, nil)
	for i := range n {
		inv.Sessions = append(inv.Sessions, g.session(i))
	}
	for i := range m {
		inv.Leases = append(inv.Leases, g.lease(i, n))
	}
	if g.maybe(0.15) {
		inv.TerminalLock = &restart.TerminalLock{Held: true, ExpiresAt: later(g.minutes(20) - 10*time.Minute)}
	}
	if g.maybe(0.15) {
		inv.Complete = false
	}
	if g.maybe(0.1) {
		inv.Errors = []string{"listing failed"}
	}
	if g.maybe(0.1) {
		inv.CollectedAt = ago(g.minutes(20))
	}
	return inv
}

func (g gen) options() restart.Options {
	o := restart.Options{Now: clock(), RequestOverride: g.maybe(0.5)}
	if g.maybe(0.5) {
		o.LookupEnv = authority([]string{"yes", "0", "ticket-1", ""}[g.r.IntN(4)])
	}
	if g.maybe(0.3) {
		o.RequestingSession = fmt.Sprintf("s%d", g.r.IntN(4))
	}
	return o
}

// addLiveWork adds one piece of live work with a fresh id: a live session
// or an active lease owned by a live session or an unknown owner.
func (g gen) addLiveWork(inv restart.Inventory, k int) restart.Inventory {
	inv.Sessions = slices.Clone(inv.Sessions)
	inv.Leases = slices.Clone(inv.Leases)
	id := fmt.Sprintf("added%d", k)
	switch g.r.IntN(3) {
	case 0:
		inv.Sessions = append(inv.Sessions, liveSession(id, 9000+k))
	case 1:
		inv.Sessions = append(inv.Sessions, liveSession(id, 9000+k))
		inv.Leases = append(inv.Leases, activeLease(id+"-lease", id, 100+k, "implementing", "/w/"+id))
	default:
		inv.Leases = append(inv.Leases, activeLease(id+"-lease", "", 100+k, "reviewing", ""))
	}
	return inv
}

const propertyCases = 2000

func TestPropertyAddingLiveWorkNeverLowersTheVerdict(t *testing.T) {
	for seed := range uint64(propertyCases) {
		g := newGen(seed)
		inv, opts := g.inventory(), g.options()
		before := restart.Evaluate(inv, opts)
		more := g.addLiveWork(inv, 0)
		more = g.addLiveWork(more, 1)
		after := restart.Evaluate(more, opts)
		if after.BlastRadius.Rank() < before.BlastRadius.Rank() {
			t.Fatalf("seed %d: adding live work lowered the blast radius from %s to %s", seed, before.BlastRadius, after.BlastRadius)
		}
		if before.Verdict == restart.Unsafe && after.Verdict != restart.Unsafe {
			t.Fatalf("seed %d: adding live work turned unsafe into %s", seed, after.Verdict)
		}
		if after.Verdict == restart.Safe {
			t.Fatalf("seed %d: live work was added and the verdict is safe", seed)
		}
		a, b := after.Audit.Counts, before.Audit.Counts
		if a.SessionsAffected < b.SessionsAffected || a.LeasesDisruptive <= b.LeasesDisruptive && a.SessionsAffected <= b.SessionsAffected {
			t.Fatalf("seed %d: counts did not grow: before %+v after %+v", seed, b, a)
		}
	}
}

func TestPropertyIncompleteInventoryIsNeverAllowed(t *testing.T) {
	breakers := []func(*restart.Inventory){
		func(inv *restart.Inventory) { inv.Complete = false },
		func(inv *restart.Inventory) { inv.Errors = append(slices.Clone(inv.Errors), "listing timed out") },
		func(inv *restart.Inventory) { inv.Sessions = nil },
		func(inv *restart.Inventory) { inv.Leases = nil },
		func(inv *restart.Inventory) { inv.TerminalLock = nil },
		func(inv *restart.Inventory) { inv.CollectedAt = nil },
		func(inv *restart.Inventory) { inv.CollectedAt = ago(time.Hour) },
	}
	for seed := range uint64(propertyCases) {
		g := newGen(seed)
		inv := with(g.inventory(), breakers[int(seed)%len(breakers)])
		// The strongest override there is: requested and authorized.
		opts := g.options()
		opts.RequestOverride, opts.LookupEnv = true, authority("yes")
		r := restart.Evaluate(inv, opts)
		if r.AllowRestart || r.Verdict != restart.Unsafe || r.InventoryComplete || r.OverrideWouldAllow || r.BlastRadius != restart.BandHigh {
			t.Fatalf("seed %d: incomplete inventory gave verdict %s, allow %v, complete %v, override_would_allow %v, band %s",
				seed, r.Verdict, r.AllowRestart, r.InventoryComplete, r.OverrideWouldAllow, r.BlastRadius)
		}
	}
}

func TestPropertyReportInvariants(t *testing.T) {
	for seed := range uint64(propertyCases) {
		g := newGen(seed)
		inv, opts := g.inventory(), g.options()
		r := restart.Evaluate(inv, opts)
		fail := func(format string, a ...any) {
			t.Helper()
			t.Fatalf("seed %d: "+format, append([]any{seed}, a...)...)
		}
		if r.AllowRestart != (r.Verdict != restart.Unsafe) {
			fail("allow_restart %v disagrees with verdict %s", r.AllowRestart, r.Verdict)
		}
		if !slices.Contains([]restart.Verdict{restart.Safe, restart.Unsafe, restart.Override}, r.Verdict) || r.BlastRadius.Rank() < 0 {
			fail("unknown verdict %q or band %q", r.Verdict, r.BlastRadius)
		}
		if !r.DryRun || r.ApplySupported {
			fail("dry_run %v apply_supported %v", r.DryRun, r.ApplySupported)
		}
		if r.Verdict == restart.Override && !(r.Override.Requested && r.Override.Authorized && r.Override.Applied) {
			fail("override verdict without request and authority: %+v", r.Override)
		}
		if r.TerminalLock.Active && r.AllowRestart {
			fail("allowed with an active terminal lock")
		}
		c := r.Audit.Counts
		if r.Verdict == restart.Safe && (c.SessionsAffected > 0 || c.LeasesDisruptive > 0 || r.BlastRadius != restart.BandNone) {
			fail("safe with live work: %+v, band %s", c, r.BlastRadius)
		}
		if (c.SessionsAffected == 0 && c.LeasesDisruptive == 0 && r.InventoryComplete && !r.TerminalLock.Active) != (r.BlastRadius == restart.BandNone) {
			fail("band %s does not match counts %+v", r.BlastRadius, c)
		}
		if r.OverrideWouldAllow != (r.InventoryComplete && !r.TerminalLock.Active) {
			fail("override_would_allow %v with complete %v, lock active %v", r.OverrideWouldAllow, r.InventoryComplete, r.TerminalLock.Active)
		}
		for _, l := range r.Leases {
			if l.Critical && !l.Disruptive || l.Disruptive != (l.Freshness == restart.Active) {
				fail("lease %s: freshness %s disruptive %v critical %v", l.ID, l.Freshness, l.Disruptive, l.Critical)
			}
		}
		for _, s := range r.Sessions {
			if s.Affected && (s.Liveness != restart.Live || s.Requester) {
				fail("session %s counted while %s (requester %v)", s.ID, s.Liveness, s.Requester)
			}
		}
	}
}

func TestPropertyAuthorityNeverDenies(t *testing.T) {
	// Adding operator authority can only allow more, never less.
	for seed := range uint64(propertyCases) {
		g := newGen(seed)
		inv, opts := g.inventory(), g.options()
		opts.LookupEnv = nil
		without := restart.Evaluate(inv, opts)
		opts.LookupEnv = authority("yes")
		withAuth := restart.Evaluate(inv, opts)
		if without.AllowRestart && !withAuth.AllowRestart {
			t.Fatalf("seed %d: authority turned an allowed restart into a denied one", seed)
		}
		if withAuth.BlastRadius != without.BlastRadius {
			t.Fatalf("seed %d: authority changed the blast radius", seed)
		}
		if withAuth.AllowRestart && !without.AllowRestart && !opts.RequestOverride {
			t.Fatalf("seed %d: authority allowed a restart nobody asked to override", seed)
		}
	}
}
