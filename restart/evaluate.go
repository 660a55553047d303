package restart

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"
)

// DefaultOverrideEnv is the environment variable that carries operator
// restart authority unless Options.OverrideEnv names another.
const DefaultOverrideEnv = "GITEA_OPERATOR_RESTART_OVERRIDE_AUTHORIZATION"

// Defaults for the zero values of Options.
const (
	DefaultHeartbeatWindow = 15 * time.Minute
	DefaultMaxInventoryAge = 5 * time.Minute
)

// Options carries every input of an evaluation besides the inventory.
type Options struct {
	// Now is the evaluation time. A zero Now makes the inventory
	// incomplete: nothing can be judged fresh without a clock.
	Now time.Time
	// HeartbeatWindow is how recent a heartbeat must be for a session to
	// be live; DefaultHeartbeatWindow when zero or negative.
	HeartbeatWindow time.Duration
	// MaxInventoryAge is how old the inventory may be; older ones are
	// incomplete. DefaultMaxInventoryAge when zero or negative.
	MaxInventoryAge time.Duration
	// RequestingSession is the id of the session asking for the restart.
	// It is not counted as disrupted; its leases still are.
	RequestingSession string
	// RequestOverride states the caller's intent to override. It takes
	// effect only together with operator authority from LookupEnv.
	RequestOverride bool
	// OverrideEnv names the variable that carries operator authority;
	// DefaultOverrideEnv when empty.
	OverrideEnv string
	// LookupEnv reads the environment, as os.LookupEnv does. Nil means no
	// authority is present. Authority is a set value that, trimmed, is not
	// empty and not "0", "false", "no", "off" or "none" in any case.
	LookupEnv func(string) (string, bool)
	// MutatingPhases lists the lease phases that make a live lease a
	// critical section, compared without regard to case;
	// DefaultMutatingPhases() when nil.
	MutatingPhases []string
	// ApplyRequested records that the caller asked to apply the restart.
	// Nothing is ever applied; the report says so.
	ApplyRequested bool
}

// DefaultMutatingPhases returns the lease phases that are critical
// sections by default.
func DefaultMutatingPhases() []string {
	return []string{"implementing", "committing", "pushing", "publishing", "rebasing", "merging"}
}

func (o Options) withDefaults() Options {
	if o.HeartbeatWindow <= 0 {
		o.HeartbeatWindow = DefaultHeartbeatWindow
	}
	if o.MaxInventoryAge <= 0 {
		o.MaxInventoryAge = DefaultMaxInventoryAge
	}
	if o.OverrideEnv == "" {
		o.OverrideEnv = DefaultOverrideEnv
	}
	if o.MutatingPhases == nil {
		o.MutatingPhases = DefaultMutatingPhases()
	}
	return o
}

// grantsAuthority reports whether an environment value carries operator
// authority.
func grantsAuthority(value string) bool {
	switch strings.ToLower(strings.TrimSpace(value)) {
	case "", "0", "false", "no", "off", "none":
		return false
	}
	return true
}

// Evaluate classifies the inventory and returns the restart-impact report.
// It is pure: the same inventory and options give the same report, and
// neither is modified.
func Evaluate(inv Inventory, opts Options) Report {
	o := opts.withDefaults()
	now := o.Now.UTC()
	r := Report{
		DryRun:                 true,
		ApplySupported:         false,
		ApplyRequested:         o.ApplyRequested,
		EvaluatedAt:            now,
		HeartbeatWindowSeconds: int64(o.HeartbeatWindow / time.Second),
		RequestingSession:      o.RequestingSession,
		Sessions:               []SessionImpact{},
		Leases:                 []LeaseImpact{},
		AffectedIssues:         []int{},
		AffectedPRs:            []int{},
		CriticalSections:       []CriticalSection{},
		PriorAttempts:          slices.Clone(inv.PriorAttempts),
	}
	if r.PriorAttempts == nil {
		r.PriorAttempts = []Attempt{}
	}

	secret := ""
	if o.LookupEnv != nil {
		if v, ok := o.LookupEnv(o.OverrideEnv); ok {
			secret = v
			r.Override.Authorized = grantsAuthority(v)
		}
	}
	r.Override.Requested = o.RequestOverride
	r.Override.Variable = o.OverrideEnv

	r.InventoryErrors = completeness(inv, o, secret)
	r.InventoryComplete = len(r.InventoryErrors) == 0

	live := map[string]bool{}
	for _, s := range inv.Sessions {
		si := classifySession(s, now, o)
		live[s.ID] = si.Liveness == Live
		r.Sessions = append(r.Sessions, si)
	}

	issues, prs := map[int]bool{}, map[int]bool{}
	for _, l := range inv.Leases {
		li, cs := classifyLease(l, now, o, live)
		r.Leases = append(r.Leases, li)
		if li.Disruptive {
			issues[l.Issue] = l.Issue > 0
			prs[l.PR] = l.PR > 0
		}
		if cs != nil {
			r.CriticalSections = append(r.CriticalSections, *cs)
		}
	}
	r.AffectedIssues = sortedKeys(issues)
	r.AffectedPRs = sortedKeys(prs)
	r.TerminalLock = classifyLock(inv.TerminalLock, now)

	c := Counts{
		Sessions:           len(r.Sessions),
		Leases:             len(r.Leases),
		CriticalSections:   len(r.CriticalSections),
		AffectedIssues:     len(r.AffectedIssues),
		AffectedPRs:        len(r.AffectedPRs),
		PriorAttempts:      len(r.PriorAttempts),
		TerminalLockActive: r.TerminalLock.Active,
	}
	for _, s := range r.Sessions {
		if s.Affected {
			c.SessionsAffected++
		}
	}
	for _, l := range r.Leases {
		if l.Disruptive {
			c.LeasesDisruptive++
		}
	}

	r.BlastRadius = band(c, r.InventoryComplete)
	liveWork := c.SessionsAffected > 0 || c.LeasesDisruptive > 0
	r.OverrideWouldAllow = r.InventoryComplete && !r.TerminalLock.Active
	switch {
	case !r.InventoryComplete, r.TerminalLock.Active:
		r.Verdict = Unsafe
	case !liveWork:
		r.Verdict = Safe
	case r.Override.Requested && r.Override.Authorized:
		r.Verdict = Override
		r.Override.Applied = true
	default:
		r.Verdict = Unsafe
	}
	r.AllowRestart = r.Verdict != Unsafe
	r.Reasons = reasons(r, c, o, inv)
	r.Audit = AuditRecord{
		Event:              AuditEvent,
		CoordinatorVersion: CoordinatorVersion,
		Verdict:            r.Verdict,
		AllowRestart:       r.AllowRestart,
		BlastRadius:        r.BlastRadius,
		DryRun:             r.DryRun,
		InventoryComplete:  r.InventoryComplete,
		OverrideRequested:  r.Override.Requested,
		OverrideAuthorized: r.Override.Authorized,
		Counts:             c,
		Timestamp:          now,
	}
	return r
}

// completeness lists why the inventory cannot be trusted to be whole; an
// empty list means it can.
func completeness(inv Inventory, o Options, secret string) []string {
	problems := []string{}
	if !inv.Complete {
		problems = append(problems, "the inventory does not declare itself complete")
	}
	for _, e := range inv.Errors {
		problems = append(problems, "listing error: "+maskSecrets(e, secret))
	}
	if inv.Sessions == nil {
		problems = append(problems, "the sessions were not listed")
	}
	if inv.Leases == nil {
		problems = append(problems, "the leases were not listed")
	}
	if inv.TerminalLock == nil {
		problems = append(problems, "the terminal lock state was not reported")
	}
	switch {
	case o.Now.IsZero():
		problems = append(problems, "no evaluation time was given, so no freshness can be judged")
	case inv.CollectedAt == nil:
		problems = append(problems, "the inventory does not say when it was collected")
	case o.Now.Sub(*inv.CollectedAt) > o.MaxInventoryAge:
		problems = append(problems, fmt.Sprintf("the inventory was collected %s before the evaluation, more than the %s limit",
			roundDur(o.Now.Sub(*inv.CollectedAt)), roundDur(o.MaxInventoryAge)))
	}
	return problems
}

func classifySession(s Session, now time.Time, o Options) SessionImpact {
	si := SessionImpact{
		ID:        s.ID,
		Namespace: s.Namespace,
		Profile:   s.Profile,
		PID:       s.PID,
		Status:    s.Status,
		PIDState:  pidState(s.PIDAlive),
		Requester: o.RequestingSession != "" && s.ID == o.RequestingSession,
	}
	var age time.Duration
	if s.LastHeartbeat != nil {
		age = now.Sub(*s.LastHeartbeat)
		secs := int64(age / time.Second)
		si.HeartbeatAgeSeconds = &secs
	}
	var notes []string
	switch {
	case s.Status != "active":
		si.Liveness = NotActive
		si.Reason = fmt.Sprintf("status is %q, not active; not counted", s.Status)
	case s.PIDAlive != nil && !*s.PIDAlive:
		si.Liveness = PIDGone
		si.Reason = fmt.Sprintf("process %d is not running; not counted", s.PID)
	case s.LastHeartbeat != nil && age > o.HeartbeatWindow:
		si.Liveness = StaleHeartbeat
		si.Reason = fmt.Sprintf("last heartbeat %s ago, outside the %s window; not counted", roundDur(age), roundDur(o.HeartbeatWindow))
	default:
		si.Liveness = Live
		if s.PIDAlive == nil {
			notes = append(notes, "process liveness unknown, counted as running (fail closed)")
		}
		if s.LastHeartbeat == nil {
			notes = append(notes, "no heartbeat recorded, counted as fresh (fail closed)")
		} else {
			notes = append(notes, fmt.Sprintf("heartbeat %s ago", roundDur(max(age, 0))))
		}
		if si.Requester {
			si.Reason = "live, but it is the requesting session and is not counted; " + strings.Join(notes, "; ")
		} else {
			si.Affected = true
			si.Reason = "live: a restart would end this session; " + strings.Join(notes, "; ")
		}
	}
	return si
}

func pidState(alive *bool) string {
	switch {
	case alive == nil:
		return "unknown"
	case *alive:
		return "running"
	}
	return "not_running"
}

func classifyLease(l Lease, now time.Time, o Options, live map[string]bool) (LeaseImpact, *CriticalSection) {
	li := LeaseImpact{
		ID:           l.ID,
		Issue:        l.Issue,
		PR:           l.PR,
		Phase:        l.Phase,
		Worktree:     l.Worktree,
		OwnerSession: l.OwnerSession,
		OwnerPID:     l.OwnerPID,
	}
	ownerLive, listed := live[l.OwnerSession]
	switch {
	case l.ReleasedAt != nil && !l.ReleasedAt.After(now):
		li.Freshness = Released
		li.Reason = fmt.Sprintf("released at %s; not disruptive", stamp(*l.ReleasedAt))
		return li, nil
	case l.ExpiresAt != nil && !l.ExpiresAt.After(now):
		li.Freshness = Expired
		li.Reason = fmt.Sprintf("expired at %s; not disruptive", stamp(*l.ExpiresAt))
		return li, nil
	case l.OwnerSession != "" && listed && !ownerLive:
		li.Freshness = DeadOwner
		li.Reason = fmt.Sprintf("owner session %s is not live; not disruptive", l.OwnerSession)
		return li, nil
	case l.OwnerPIDAlive != nil && !*l.OwnerPIDAlive:
		li.Freshness = DeadOwner
		li.Reason = fmt.Sprintf("owner process %d is not running; not disruptive", l.OwnerPID)
		return li, nil
	}
	li.Freshness = Active
	li.Disruptive = true
	switch {
	case l.OwnerSession != "" && listed:
		li.Reason = fmt.Sprintf("held by live session %s", l.OwnerSession)
	case l.OwnerSession != "":
		li.Reason = fmt.Sprintf("owner session %s is not in the inventory, counted as live (fail closed)", l.OwnerSession)
	default:
		li.Reason = "no owner session recorded, counted as live (fail closed)"
	}
	if l.ExpiresAt != nil {
		li.Reason += fmt.Sprintf(" until %s", stamp(*l.ExpiresAt))
	}
	li.Reason += "; disruptive"

	var why []string
	if l.Worktree != "" {
		why = append(why, "author_worktree")
	}
	if l.Phase != "" && slices.ContainsFunc(o.MutatingPhases, func(p string) bool { return strings.EqualFold(p, l.Phase) }) {
		why = append(why, "mutating_phase")
	}
	if len(why) == 0 {
		return li, nil
	}
	li.Critical = true
	li.Reason += "; critical section (" + strings.Join(why, ", ") + ")"
	return li, &CriticalSection{
		LeaseID:      l.ID,
		Issue:        l.Issue,
		PR:           l.PR,
		Phase:        l.Phase,
		Worktree:     l.Worktree,
		OwnerSession: l.OwnerSession,
		Why:          why,
	}
}

func classifyLock(lk *TerminalLock, now time.Time) LockImpact {
	if lk == nil {
		return LockImpact{Reason: "the terminal lock state was not reported; the inventory is incomplete"}
	}
	li := LockImpact{
		Reported:      true,
		Held:          lk.Held,
		HolderSession: lk.HolderSession,
		HolderPID:     lk.HolderPID,
		PR:            lk.PR,
		AcquiredAt:    lk.AcquiredAt,
		ExpiresAt:     lk.ExpiresAt,
	}
	switch {
	case !lk.Held:
		li.Reason = "not held"
	case lk.ExpiresAt != nil && !lk.ExpiresAt.After(now):
		li.Reason = fmt.Sprintf("held but expired at %s; not blocking", stamp(*lk.ExpiresAt))
	default:
		li.Active = true
		li.Reason = "held: a merge may be in progress; no restart is allowed while it is held, with or without an override"
	}
	return li
}

// band grades the disruption; docs/restart-impact.md documents the
// thresholds. Each threshold only rises with more live work, so adding
// live work never lowers the band.
func band(c Counts, complete bool) Band {
	switch {
	case !complete, c.TerminalLockActive, c.CriticalSections > 0, c.SessionsAffected >= 6, c.LeasesDisruptive >= 4:
		return BandHigh
	case c.LeasesDisruptive > 0, c.SessionsAffected >= 3:
		return BandMedium
	case c.SessionsAffected > 0:
		return BandLow
	}
	return BandNone
}

func reasons(r Report, c Counts, o Options, inv Inventory) []string {
	var out []string
	work := fmt.Sprintf("%s and %s (%s)",
		plural(c.SessionsAffected, "live session", "live sessions"),
		plural(c.LeasesDisruptive, "active lease", "active leases"),
		plural(c.CriticalSections, "critical section", "critical sections"))
	switch {
	case !r.InventoryComplete:
		out = append(out, "unsafe: the inventory is incomplete, so the restart is denied (fail closed); no override can allow it until a complete inventory is taken")
	case r.TerminalLock.Active:
		out = append(out, "unsafe: the terminal (merge) lock is held, so the restart is denied; no override can allow it while the lock is held")
	case r.Verdict == Safe:
		out = append(out, "safe: a restart would disrupt no live session, no active lease and no terminal lock")
	case r.Verdict == Override:
		out = append(out, "override: a restart would disrupt "+work+"; an operator override accepts this blast radius")
	default:
		out = append(out, "unsafe: a restart would disrupt "+work+"; the restart is denied")
	}
	for _, p := range r.InventoryErrors {
		out = append(out, "inventory incomplete: "+p)
	}
	if r.TerminalLock.Active {
		out = append(out, "terminal lock: "+lockWho(r.TerminalLock))
	}
	for _, cs := range r.CriticalSections {
		out = append(out, "critical section: "+describeCritical(cs))
	}
	if r.InventoryComplete && !r.TerminalLock.Active && r.Verdict != Safe {
		out = append(out, fmt.Sprintf("blast radius %s: %s would be disrupted", r.BlastRadius, work))
	}

	ov := r.Override
	switch {
	case ov.Applied:
		out = append(out, fmt.Sprintf("override accepted: the caller requested it and operator authority is present in %s", ov.Variable))
	case ov.Requested && !ov.Authorized:
		out = append(out, fmt.Sprintf("override requested, but %s carries no operator authority; a request alone grants nothing", ov.Variable))
	case ov.Requested && !r.OverrideWouldAllow:
		out = append(out, "override requested, but no override can allow a restart in this state")
	case ov.Requested:
		out = append(out, "override requested and authorized, but not needed: nothing live would be disrupted")
	case r.Verdict == Unsafe && r.OverrideWouldAllow && ov.Authorized:
		out = append(out, fmt.Sprintf("operator authority is present in %s, but no override was requested", ov.Variable))
	case r.Verdict == Unsafe && r.OverrideWouldAllow:
		out = append(out, fmt.Sprintf("an operator holding restart authority could accept this blast radius with an override; authority is read only from %s", ov.Variable))
	}

	if o.RequestingSession != "" && !slices.ContainsFunc(inv.Sessions, func(s Session) bool { return s.ID == o.RequestingSession }) {
		out = append(out, fmt.Sprintf("the requesting session %s is not in the inventory", o.RequestingSession))
	}
	if n := len(r.PriorAttempts); n > 0 {
		latest := slices.MaxFunc(r.PriorAttempts, func(a, b Attempt) int {
			return cmp.Compare(unixOr0(a.RequestedAt), unixOr0(b.RequestedAt))
		})
		s := fmt.Sprintf("%s already recorded; latest: %s", plural(n, "earlier recovery attempt", "earlier recovery attempts"), latest.Kind)
		if latest.SessionID != "" {
			s += " for session " + latest.SessionID
		}
		if latest.RequestedAt != nil {
			s += " at " + stamp(*latest.RequestedAt)
		}
		if latest.Outcome != "" {
			s += fmt.Sprintf(" (%s)", latest.Outcome)
		}
		out = append(out, s)
	}
	if r.ApplyRequested {
		out = append(out, ApplyRefusal)
	}
	return out
}

// ApplyRefusal is the reason a report gives when the caller asked to apply
// the restart.
const ApplyRefusal = "apply requested: nothing was performed; applying a restart needs a drain proof, which this coordinator does not accept yet"

func lockWho(l LockImpact) string {
	s := "held"
	if l.HolderSession != "" {
		s += " by session " + l.HolderSession
	}
	if l.PR > 0 {
		s += fmt.Sprintf(" for PR #%d", l.PR)
	}
	if l.ExpiresAt != nil {
		s += " until " + stamp(*l.ExpiresAt)
	}
	return s
}

func describeCritical(cs CriticalSection) string {
	s := "lease " + cs.LeaseID
	var refs []string
	if cs.Issue > 0 {
		refs = append(refs, fmt.Sprintf("issue #%d", cs.Issue))
	}
	if cs.PR > 0 {
		refs = append(refs, fmt.Sprintf("PR #%d", cs.PR))
	}
	if len(refs) > 0 {
		s += " (" + strings.Join(refs, ", ") + ")"
	}
	if cs.Phase != "" {
		s += " in phase " + cs.Phase
	}
	if cs.Worktree != "" {
		s += " with author worktree " + cs.Worktree
	}
	if cs.OwnerSession != "" {
		s += ", owned by " + cs.OwnerSession
	}
	return s
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func sortedKeys(m map[int]bool) []int {
	out := []int{}
	for k, ok := range m {
		if ok {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

func unixOr0(t *time.Time) int64 {
	if t == nil {
		return 0
	}
	return t.UnixNano()
}

func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// roundDur prints a duration to the second without zero tails: "15m",
// "2m30s", "1h".
func roundDur(d time.Duration) string {
	if d >= time.Second || d <= -time.Second {
		d = d.Round(time.Second)
	}
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}
