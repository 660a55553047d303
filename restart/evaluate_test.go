package restart_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/recoverlint/recoverlint/restart"
)

func TestEvaluateScenarios(t *testing.T) {
	for _, sc := range scenarios() {
		t.Run(sc.name, func(t *testing.T) {
			r := restart.Evaluate(sc.inv, sc.options())
			if r.Verdict != sc.verdict {
				t.Errorf("verdict = %s, want %s; reasons:\n%s", r.Verdict, sc.verdict, strings.Join(r.Reasons, "\n"))
			}
			if want := sc.verdict != restart.Unsafe; r.AllowRestart != want {
				t.Errorf("allow_restart = %v, want %v", r.AllowRestart, want)
			}
			if r.BlastRadius != sc.band {
				t.Errorf("blast_radius = %s, want %s", r.BlastRadius, sc.band)
			}
			if r.OverrideWouldAllow != sc.overrideWouldAllow {
				t.Errorf("override_would_allow = %v, want %v", r.OverrideWouldAllow, sc.overrideWouldAllow)
			}
			c := r.Audit.Counts
			if c.SessionsAffected != sc.affected || c.LeasesDisruptive != sc.disruptive || c.CriticalSections != sc.critical {
				t.Errorf("affected sessions, disruptive leases, critical sections = %d, %d, %d; want %d, %d, %d",
					c.SessionsAffected, c.LeasesDisruptive, c.CriticalSections, sc.affected, sc.disruptive, sc.critical)
			}
			if sc.reason != "" && !slices.ContainsFunc(r.Reasons, func(s string) bool { return strings.Contains(s, sc.reason) }) {
				t.Errorf("no reason contains %q; reasons:\n%s", sc.reason, strings.Join(r.Reasons, "\n"))
			}
			if !r.DryRun || r.ApplySupported {
				t.Errorf("dry_run = %v, apply_supported = %v; want true, false", r.DryRun, r.ApplySupported)
			}
			if len(r.Reasons) == 0 || !strings.HasPrefix(r.Reasons[0], string(r.Verdict)+":") {
				t.Errorf("first reason should state the verdict %s: %q", r.Verdict, r.Reasons)
			}
		})
	}
}

func TestEvaluateClassifiesEachSession(t *testing.T) {
	inv := inventory([]restart.Session{
		liveSession("live", 10),
		{ID: "closed", PID: 11, PIDAlive: flag(true), Status: "closed", LastHeartbeat: ago(time.Minute)},
		{ID: "gone", PID: 12, PIDAlive: flag(false), Status: "active", LastHeartbeat: ago(time.Minute)},
		{ID: "stale", PID: 13, PIDAlive: flag(true), Status: "active", LastHeartbeat: ago(16 * time.Minute)},
		{ID: "unknown", PID: 14, Status: "active"},
		liveSession("me", 15),
	}, nil)
	r := restart.Evaluate(inv, restart.Options{Now: clock(), RequestingSession: "me"})
	want := []struct {
		id       string
		liveness restart.Liveness
		pidState string
		affected bool
		reason   string
	}{
		{"live", restart.Live, "running", true, "a restart would end this session"},
		{"closed", restart.NotActive, "running", false, `status is "closed"`},
		{"gone", restart.PIDGone, "not_running", false, "process 12 is not running"},
		{"stale", restart.StaleHeartbeat, "running", false, "last heartbeat 16m ago, outside the 15m window"},
		{"unknown", restart.Live, "unknown", true, "counted as running (fail closed)"},
		{"me", restart.Live, "running", false, "requesting session"},
	}
	if len(r.Sessions) != len(want) {
		t.Fatalf("got %d sessions, want %d", len(r.Sessions), len(want))
	}
	for i, w := range want {
		s := r.Sessions[i]
		if s.ID != w.id || s.Liveness != w.liveness || s.PIDState != w.pidState || s.Affected != w.affected || !strings.Contains(s.Reason, w.reason) {
			t.Errorf("session %d = {%s %s %s affected=%v %q}, want {%s %s %s affected=%v ...%q...}",
				i, s.ID, s.Liveness, s.PIDState, s.Affected, s.Reason, w.id, w.liveness, w.pidState, w.affected, w.reason)
		}
	}
	if !r.Sessions[5].Requester || r.Sessions[0].Requester {
		t.Errorf("only the requesting session should be marked requester")
	}
	if got := r.Sessions[3].HeartbeatAgeSeconds; got == nil || *got != 16*60 {
		t.Errorf("stale heartbeat age = %v, want 960", got)
	}
	if r.Sessions[4].HeartbeatAgeSeconds != nil {
		t.Errorf("a session without heartbeat has an age: %d", *r.Sessions[4].HeartbeatAgeSeconds)
	}
}

func TestEvaluateClassifiesEachLease(t *testing.T) {
	inv := inventory(
		[]restart.Session{liveSession("live", 10), {ID: "gone", PID: 12, PIDAlive: flag(false), Status: "active"}},
		[]restart.Lease{
			activeLease("crit", "live", 1, "publishing", "/w"),
			activeLease("plain", "live", 2, "reviewing", ""),
			activeLease("orphan", "gone", 3, "implementing", "/w3"),
			{ID: "pid-gone", OwnerPID: 99, OwnerPIDAlive: flag(false)},
			{ID: "expired", OwnerSession: "live", ExpiresAt: ago(time.Minute)},
			{ID: "at-expiry", OwnerSession: "live", ExpiresAt: ago(0)},
			{ID: "released", OwnerSession: "live", ReleasedAt: ago(time.Minute)},
		},
	)
	r := restart.Evaluate(inv, restart.Options{Now: clock()})
	want := []struct {
		id         string
		freshness  restart.Freshness
		disruptive bool
		critical   bool
	}{
		{"crit", restart.Active, true, true},
		{"plain", restart.Active, true, false},
		{"orphan", restart.DeadOwner, false, false},
		{"pid-gone", restart.DeadOwner, false, false},
		{"expired", restart.Expired, false, false},
		{"at-expiry", restart.Expired, false, false},
		{"released", restart.Released, false, false},
	}
	for i, w := range want {
		l := r.Leases[i]
		if l.ID != w.id || l.Freshness != w.freshness || l.Disruptive != w.disruptive || l.Critical != w.critical || l.Reason == "" {
			t.Errorf("lease %d = {%s %s disruptive=%v critical=%v %q}, want {%s %s %v %v}",
				i, l.ID, l.Freshness, l.Disruptive, l.Critical, l.Reason, w.id, w.freshness, w.disruptive, w.critical)
		}
	}
	if len(r.CriticalSections) != 1 || !slices.Equal(r.CriticalSections[0].Why, []string{"author_worktree", "mutating_phase"}) {
		t.Errorf("critical sections = %+v, want lease crit for author_worktree and mutating_phase", r.CriticalSections)
	}
	if !slices.Equal(r.AffectedIssues, []int{1, 2}) {
		t.Errorf("affected issues = %v, want [1 2]: only disruptive leases count", r.AffectedIssues)
	}
}

func TestAffectedIssuesAndPRsAreSortedAndUnique(t *testing.T) {
	inv := inventory([]restart.Session{liveSession("s", 1)}, []restart.Lease{
		{ID: "a", Issue: 30, PR: 31, OwnerSession: "s"},
		{ID: "b", Issue: 10, PR: 31, OwnerSession: "s"},
		{ID: "c", Issue: 30, OwnerSession: "s"},
		{ID: "d", Issue: 99, PR: 98, OwnerSession: "s", ExpiresAt: ago(time.Second)},
	})
	r := restart.Evaluate(inv, restart.Options{Now: clock()})
	if !slices.Equal(r.AffectedIssues, []int{10, 30}) || !slices.Equal(r.AffectedPRs, []int{31}) {
		t.Errorf("issues %v, PRs %v; want [10 30], [31]", r.AffectedIssues, r.AffectedPRs)
	}
	if r.Audit.Counts.AffectedIssues != 2 || r.Audit.Counts.AffectedPRs != 1 {
		t.Errorf("audit counts %+v disagree with the lists", r.Audit.Counts)
	}
}

func TestEvaluateIsPure(t *testing.T) {
	for _, sc := range scenarios() {
		t.Run(sc.name, func(t *testing.T) {
			before, err := json.Marshal(sc.inv)
			if err != nil {
				t.Fatal(err)
			}
			first := restart.Evaluate(sc.inv, sc.options())
			second := restart.Evaluate(sc.inv, sc.options())
			if !reflect.DeepEqual(first, second) {
				t.Errorf("two evaluations of the same input differ")
			}
			after, err := json.Marshal(sc.inv)
			if err != nil {
				t.Fatal(err)
			}
			if string(before) != string(after) {
				t.Errorf("Evaluate modified its inventory:\nbefore %s\nafter  %s", before, after)
			}
		})
	}
}

func TestAuditRecordMatchesReport(t *testing.T) {
	for _, sc := range scenarios() {
		r := restart.Evaluate(sc.inv, sc.options())
		a := r.Audit
		if a.Event != restart.AuditEvent || a.CoordinatorVersion != restart.CoordinatorVersion {
			t.Errorf("%s: audit event/version = %q/%q", sc.name, a.Event, a.CoordinatorVersion)
		}
		if a.Verdict != r.Verdict || a.AllowRestart != r.AllowRestart || a.BlastRadius != r.BlastRadius ||
			a.InventoryComplete != r.InventoryComplete || !a.DryRun || !a.Timestamp.Equal(r.EvaluatedAt) ||
			a.OverrideRequested != r.Override.Requested || a.OverrideAuthorized != r.Override.Authorized {
			t.Errorf("%s: audit record %+v disagrees with the report", sc.name, a)
		}
		if a.Counts.Sessions != len(r.Sessions) || a.Counts.Leases != len(r.Leases) ||
			a.Counts.CriticalSections != len(r.CriticalSections) || a.Counts.PriorAttempts != len(r.PriorAttempts) ||
			a.Counts.TerminalLockActive != r.TerminalLock.Active {
			t.Errorf("%s: audit counts %+v disagree with the report", sc.name, a.Counts)
		}
	}
}

func TestReportCarriesNoSecrets(t *testing.T) {
	const token = "s3cr3t-operator-token-91f2"
	inv := with(inventory([]restart.Session{liveSession("s", 1)}, nil), func(inv *restart.Inventory) {
		inv.Errors = []string{
			"listing sessions: dial postgres://admin:hunter22@db:5432/cp: refused",
			"listing leases: HTTP 401 with Authorization: Bearer abcdef123456",
			"listing lock: password=pa55word token='xyz123' api_key: k-998877",
			"listing attempts: echo of " + token,
		}
	})
	r := restart.Evaluate(inv, restart.Options{Now: clock(), RequestOverride: true, LookupEnv: authority(token)})
	out, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, secret := range []string{token, "hunter22", "abcdef123456", "pa55word", "xyz123", "k-998877"} {
		if strings.Contains(string(out), secret) {
			t.Errorf("report contains the secret %q:\n%s", secret, out)
		}
	}
	for _, kept := range []string{"postgres://***@db:5432/cp", "HTTP 401", "listing lock"} {
		if !strings.Contains(string(out), kept) {
			t.Errorf("report lost the non-secret text %q", kept)
		}
	}
	if !r.Override.Authorized || r.Override.Variable != restart.DefaultOverrideEnv {
		t.Errorf("override status %+v: want authorized from %s", r.Override, restart.DefaultOverrideEnv)
	}
}

func TestLongListingErrorsAreCut(t *testing.T) {
	inv := with(inventory(nil, nil), func(inv *restart.Inventory) {
		inv.Errors = []string{strings.Repeat("é", 400)}
	})
	r := restart.Evaluate(inv, restart.Options{Now: clock()})
	var got string
	for _, e := range r.InventoryErrors {
		if strings.HasPrefix(e, "listing error: ") {
			got = e
		}
	}
	if len(got) > 340 || !strings.HasSuffix(got, "…") || !utf8Valid(got) {
		t.Errorf("long listing error not cut cleanly: %d bytes, %q", len(got), got)
	}
}

func utf8Valid(s string) bool { return strings.ToValidUTF8(s, "\uFFFD") == s }

func TestReportJSONRoundTrip(t *testing.T) {
	for _, sc := range scenarios() {
		t.Run(sc.name, func(t *testing.T) {
			r := restart.Evaluate(sc.inv, sc.options())
			data, err := json.Marshal(r)
			if err != nil {
				t.Fatalf("marshal: %v", err)
			}
			var back restart.Report
			dec := json.NewDecoder(strings.NewReader(string(data)))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&back); err != nil {
				t.Fatalf("unmarshal: %v", err)
			}
			if !reflect.DeepEqual(r, back) {
				t.Errorf("round trip changed the report:\nbefore %+v\nafter  %+v", r, back)
			}
		})
	}
}

func TestReportJSONFieldNames(t *testing.T) {
	r := restart.Evaluate(scenarios()[6].inv, restart.Options{Now: clock()})
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{
		"verdict", "allow_restart", "override_would_allow", "blast_radius", "inventory_complete",
		"inventory_errors", "dry_run", "apply_supported", "apply_requested", "override", "evaluated_at",
		"heartbeat_window_seconds", "sessions", "leases", "affected_issues", "affected_prs",
		"critical_sections", "terminal_lock", "prior_attempts", "reasons", "audit_record",
	} {
		if _, ok := m[k]; !ok {
			t.Errorf("report JSON lacks %q", k)
		}
	}
	for k, v := range m {
		if k != strings.ToLower(k) || strings.Contains(k, "-") {
			t.Errorf("field %q is not snake_case", k)
		}
		if string(v) == "null" {
			t.Errorf("field %q is null; lists must be [] when empty", k)
		}
	}
	var audit map[string]json.RawMessage
	if err := json.Unmarshal(m["audit_record"], &audit); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"event", "coordinator_version", "verdict", "allow_restart", "blast_radius", "counts", "timestamp"} {
		if _, ok := audit[k]; !ok {
			t.Errorf("audit_record lacks %q", k)
		}
	}
}

func TestBandRank(t *testing.T) {
	tests := []struct {
		band restart.Band
		want int
	}{
		{restart.BandNone, 0}, {restart.BandLow, 1}, {restart.BandMedium, 2}, {restart.BandHigh, 3}, {"severe", -1}, {"", -1},
	}
	for _, tt := range tests {
		if got := tt.band.Rank(); got != tt.want {
			t.Errorf("Band(%q).Rank() = %d, want %d", tt.band, got, tt.want)
		}
	}
}

func TestBandThresholds(t *testing.T) {
	tests := []struct {
		sessions, leases int
		want             restart.Band
	}{
		{0, 0, restart.BandNone},
		{1, 0, restart.BandLow},
		{2, 0, restart.BandLow},
		{3, 0, restart.BandMedium},
		{5, 0, restart.BandMedium},
		{6, 0, restart.BandHigh},
		{0, 1, restart.BandMedium},
		{0, 3, restart.BandMedium},
		{0, 4, restart.BandHigh},
		{2, 3, restart.BandMedium},
		{5, 3, restart.BandMedium},
		{9, 9, restart.BandHigh},
	}
	for _, tt := range tests {
		var sessions []restart.Session
		for i := range tt.sessions {
			sessions = append(sessions, liveSession(fmt.Sprintf("s%d", i), 100+i))
		}
		var leases []restart.Lease
		for i := range tt.leases {
			leases = append(leases, activeLease(fmt.Sprintf("l%d", i), "", i+1, "reviewing", ""))
		}
		r := restart.Evaluate(inventory(sessions, leases), restart.Options{Now: clock()})
		if r.BlastRadius != tt.want {
			t.Errorf("%d live sessions, %d active leases: band %s, want %s", tt.sessions, tt.leases, r.BlastRadius, tt.want)
		}
	}
}

func TestListingErrorsKeepOrdinaryWords(t *testing.T) {
	inv := with(inventory(nil, nil), func(inv *restart.Inventory) {
		inv.Errors = []string{"listing sessions: token expired before the basic query ran"}
	})
	r := restart.Evaluate(inv, restart.Options{Now: clock()})
	if !slices.Contains(r.InventoryErrors, "listing error: listing sessions: token expired before the basic query ran") {
		t.Errorf("an error without credentials was altered: %q", r.InventoryErrors)
	}
}
