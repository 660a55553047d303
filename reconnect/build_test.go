package reconnect_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/reconnect"
)

// checkInvariants asserts what holds for every payload Build returns.
func checkInvariants(t *testing.T, req reconnect.Request, p reconnect.Payload) {
	t.Helper()
	if !p.Success || !p.ReadOnly || p.ReconnectPerformed || p.MutationPerformed {
		t.Errorf("payload is not report-only: success=%v read_only=%v reconnect_performed=%v mutation_performed=%v",
			p.Success, p.ReadOnly, p.ReconnectPerformed, p.MutationPerformed)
	}
	if p.Namespace != req.Namespaces[0] || p.Namespaces[0] != req.Namespaces[0] {
		t.Errorf("namespace = %q (%v), want the first requested %q", p.Namespace, p.Namespaces, req.Namespaces[0])
	}
	if !slices.Equal(p.ForbiddenRecoveryPaths, reconnect.ForbiddenRecoveryPaths()) {
		t.Errorf("forbidden_recovery_paths = %q", p.ForbiddenRecoveryPaths)
	}
	if len(p.OperatorUISteps) < 2 {
		t.Fatalf("operator_ui_steps = %q, want the host steps and the preflight step", p.OperatorUISteps)
	}
	for _, ns := range p.Namespaces {
		if !strings.Contains(strings.Join(p.OperatorUISteps, "\n"), "'"+ns+"'") {
			t.Errorf("operator_ui_steps do not name namespace %q: %q", ns, p.OperatorUISteps)
		}
	}
	last := p.OperatorUISteps[len(p.OperatorUISteps)-1]
	if !strings.Contains(last, strings.Join(p.PostReconnectPreflight, ", then ")) {
		t.Errorf("last step %q does not restart from preflight %v", last, p.PostReconnectPreflight)
	}
	if p.ReconnectNeeded {
		if p.BlockerKind != reconnect.BlockerOperatorReconnect || p.TypedBlocker == nil || !p.StopRequired || !p.RestartRequired {
			t.Errorf("needed reconnect without its blocker: kind=%q blocker=%v stop=%v restart=%v",
				p.BlockerKind, p.TypedBlocker, p.StopRequired, p.RestartRequired)
		}
		if p.Reason == reconnect.ReasonNotRequired {
			t.Errorf("needed reconnect carries reason %q", p.Reason)
		}
		if tb := p.TypedBlocker; tb != nil {
			if tb.WhyReconnectRequired != p.Reason || tb.Client != p.Client || !slices.Equal(tb.Namespaces, p.Namespaces) {
				t.Errorf("typed_blocker disagrees with the payload: %+v", *tb)
			}
			if !strings.Contains(tb.InstructionAfterReconnect, "preflight") {
				t.Errorf("instruction_after_reconnect = %q, want a restart from preflight", tb.InstructionAfterReconnect)
			}
		}
		if !strings.HasPrefix(p.ExactSafeNextAction, "blocker_kind="+string(reconnect.BlockerOperatorReconnect)) {
			t.Errorf("exact_safe_next_action = %q", p.ExactSafeNextAction)
		}
	} else {
		if p.BlockerKind != reconnect.BlockerNone || p.TypedBlocker != nil || p.StopRequired || p.RestartRequired {
			t.Errorf("no reconnect needed but blocker set: kind=%q blocker=%v stop=%v restart=%v",
				p.BlockerKind, p.TypedBlocker, p.StopRequired, p.RestartRequired)
		}
		if p.BoundaryStatus != reconnect.BoundaryClean || p.Reason != reconnect.ReasonNotRequired {
			t.Errorf("no reconnect needed with boundary %q and reason %q", p.BoundaryStatus, p.Reason)
		}
	}
}

func TestBuildScenarios(t *testing.T) {
	const shaA, shaB = "3f2a9c1d0b7e", "8d41e0c2aa95"
	tests := []struct {
		name         string
		req          reconnect.Request
		wantNeeded   bool
		wantReason   reconnect.Reason
		wantBoundary reconnect.Boundary
	}{
		{
			name:         "stale runtime: started on an older master",
			req:          reconnect.Request{Namespaces: []string{"gitea-reconciler"}, Profile: "prgs-reconciler", Reason: "stale-runtime", StartupSHA: shaA, CurrentMasterSHA: shaB},
			wantNeeded:   true,
			wantReason:   reconnect.ReasonStaleRuntime,
			wantBoundary: reconnect.BoundaryMismatch,
		},
		{
			name:         "transport EOF with no revision evidence",
			req:          reconnect.Request{Namespaces: []string{"gitea-author"}, Reason: "transport closed", Client: "claude-code"},
			wantNeeded:   true,
			wantReason:   reconnect.ReasonTransportEOF,
			wantBoundary: reconnect.BoundaryUnknown,
		},
		{
			name:         "missing namespace with stop required",
			req:          reconnect.Request{Namespaces: []string{"gitea-merger"}, Reason: "missing_namespace", StopRequired: new(true), Client: "vscode"},
			wantNeeded:   true,
			wantReason:   reconnect.ReasonMissingNamespace,
			wantBoundary: reconnect.BoundaryUnknown,
		},
		{
			name:         "successful reconnect: healthy probe on a clean boundary",
			req:          reconnect.Request{Namespaces: []string{"gitea-reconciler"}, Reason: "not_required", StartupSHA: shaB, CurrentMasterSHA: shaB, PID: 4242, SessionID: "sess-01"},
			wantNeeded:   false,
			wantReason:   reconnect.ReasonNotRequired,
			wantBoundary: reconnect.BoundaryClean,
		},
		{
			name:         "explicit healthy probe: both resolver flags false, in parity",
			req:          reconnect.Request{Namespaces: []string{"gitea-tools"}, RestartRequired: new(false), StopRequired: new(false), InParity: new(true)},
			wantNeeded:   false,
			wantReason:   reconnect.ReasonNotRequired,
			wantBoundary: reconnect.BoundaryClean,
		},
		{
			name:         "healthy flags do not clear a transport EOF",
			req:          reconnect.Request{Namespaces: []string{"gitea-tools"}, Reason: "eof", RestartRequired: new(false), StopRequired: new(false), InParity: new(true)},
			wantNeeded:   true,
			wantReason:   reconnect.ReasonTransportEOF,
			wantBoundary: reconnect.BoundaryClean,
		},
		{
			name:         "restart required forces a reconnect on a clean boundary",
			req:          reconnect.Request{Namespaces: []string{"gitea-author"}, Reason: "ok", StartupSHA: shaA, CurrentMasterSHA: shaA, RestartRequired: new(true)},
			wantNeeded:   true,
			wantReason:   reconnect.ReasonStaleRuntime,
			wantBoundary: reconnect.BoundaryClean,
		},
		{
			name:         "not required but nothing proves the boundary clean",
			req:          reconnect.Request{Namespaces: []string{"gitea-author"}, Reason: "not_required"},
			wantNeeded:   true,
			wantReason:   reconnect.ReasonUnspecified,
			wantBoundary: reconnect.BoundaryUnknown,
		},
		{
			name:         "not required on a stale boundary",
			req:          reconnect.Request{Namespaces: []string{"gitea-author"}, Reason: "healthy", LiveStale: new(true)},
			wantNeeded:   true,
			wantReason:   reconnect.ReasonStaleRuntime,
			wantBoundary: reconnect.BoundaryStale,
		},
		{
			name:         "reported boundary stale overrides equal revisions",
			req:          reconnect.Request{Namespaces: []string{"gitea-author"}, BoundaryStatus: "stale", StartupSHA: shaA, CurrentMasterSHA: shaA},
			wantNeeded:   true,
			wantReason:   reconnect.ReasonUnspecified,
			wantBoundary: reconnect.BoundaryStale,
		},
		{
			name:         "several namespaces",
			req:          reconnect.Request{Namespaces: []string{"gitea-author", "gitea-reviewer", "gitea-author"}, Reason: "stale", Client: "generic"},
			wantNeeded:   true,
			wantReason:   reconnect.ReasonStaleRuntime,
			wantBoundary: reconnect.BoundaryUnknown,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := reconnect.Build(tt.req)
			if err != nil {
				t.Fatalf("Build: %v", err)
			}
			checkInvariants(t, tt.req, p)
			if p.ReconnectNeeded != tt.wantNeeded || p.Reason != tt.wantReason || p.BoundaryStatus != tt.wantBoundary {
				t.Errorf("needed=%v reason=%q boundary=%q; want %v %q %q",
					p.ReconnectNeeded, p.Reason, p.BoundaryStatus, tt.wantNeeded, tt.wantReason, tt.wantBoundary)
			}
		})
	}
}

func TestBuildCarriesEvidence(t *testing.T) {
	p, err := reconnect.Build(reconnect.Request{
		Namespaces:       []string{"gitea-author", "gitea-reviewer", "gitea-author"},
		Profile:          "prgs-reconciler",
		PID:              31337,
		SessionID:        "0f8e:session-7",
		StartupSHA:       "ABCDEF1234",
		CurrentMasterSHA: "abcdef1234",
		Reason:           "stale-runtime",
		Client:           "claude",
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(p.Namespaces, []string{"gitea-author", "gitea-reviewer"}) {
		t.Errorf("namespaces = %q, want duplicates dropped in order", p.Namespaces)
	}
	if p.Profile == nil || *p.Profile != "prgs-reconciler" || p.PID == nil || *p.PID != 31337 ||
		p.SessionID == nil || *p.SessionID != "0f8e:session-7" {
		t.Errorf("profile, pid or session id lost: %v %v %v", p.Profile, p.PID, p.SessionID)
	}
	if p.StartupSHA == nil || *p.StartupSHA != "abcdef1234" {
		t.Errorf("startup_sha = %v, want it lower-cased", p.StartupSHA)
	}
	if p.BoundaryStatus != reconnect.BoundaryClean {
		t.Errorf("boundary = %q, want clean for equal revisions in different case", p.BoundaryStatus)
	}
	if p.Client != reconnect.ClientClaudeCode {
		t.Errorf("client = %q", p.Client)
	}
}

func TestBuildPreflightAndPriorAttempts(t *testing.T) {
	tools := []string{"gitea_whoami", "gitea_resolve_task_capability", "task"}
	p, err := reconnect.Build(reconnect.Request{Namespaces: []string{"gitea-author"}, Reason: "eof", Preflight: tools, PriorAttempts: 2})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(p.PostReconnectPreflight, tools) {
		t.Errorf("post_reconnect_preflight = %q, want %q", p.PostReconnectPreflight, tools)
	}
	want := "gitea_whoami, then gitea_resolve_task_capability, then task"
	if !strings.Contains(p.TypedBlocker.InstructionAfterReconnect, want) || !strings.Contains(p.ExactSafeNextAction, want) {
		t.Errorf("preflight order missing from the instructions: %q / %q", p.TypedBlocker.InstructionAfterReconnect, p.ExactSafeNextAction)
	}
	if !strings.Contains(p.ExactSafeNextAction, "twice") || p.PriorRecoveryAttempts != 2 {
		t.Errorf("prior attempts not reported: %d, %q", p.PriorRecoveryAttempts, p.ExactSafeNextAction)
	}

	p, err = reconnect.Build(reconnect.Request{Namespaces: []string{"gitea-author"}})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(p.PostReconnectPreflight, reconnect.DefaultPreflight()) {
		t.Errorf("default preflight = %q", p.PostReconnectPreflight)
	}
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(b, []byte("prior_recovery_attempts")) {
		t.Errorf("prior_recovery_attempts encoded although zero: %s", b)
	}
}

// TestBuildRefusesBadInput feeds hostile and malformed values; they are
// test data for the validator, not advice. Each must be refused with an
// error naming its field and must not be echoed in the message.
func TestBuildRefusesBadInput(t *testing.T) {
	base := func() reconnect.Request { return reconnect.Request{Namespaces: []string{"gitea-author"}} }
	tests := []struct {
		name      string
		edit      func(*reconnect.Request)
		wantField string
		hostile   string // must not appear in the error message
	}{
		{"shell injection in namespace", func(r *reconnect.Request) { r.Namespaces = []string{"x'; run pkill -f mcp; '"} }, "namespace", "pkill"},
		{"command substitution in namespace", func(r *reconnect.Request) { r.Namespaces = []string{"$(id)"} }, "namespace", "$(id)"},
		{"newline in namespace", func(r *reconnect.Request) { r.Namespaces = []string{"gitea\nauthor"} }, "namespace", "gitea\nauthor"},
		{"space in namespace", func(r *reconnect.Request) { r.Namespaces = []string{"gitea author"} }, "namespace", "gitea author"},
		{"zero-width space in namespace", func(r *reconnect.Request) { r.Namespaces = []string{"gitea\u200bauthor"} }, "namespace", "\u200b"},
		{"look-alike hyphen in namespace", func(r *reconnect.Request) { r.Namespaces = []string{"gitea\u2010author"} }, "namespace", "\u2010"},
		{"path in namespace", func(r *reconnect.Request) { r.Namespaces = []string{"../sessions"} }, "namespace", "../sessions"},
		{"leading dash in namespace", func(r *reconnect.Request) { r.Namespaces = []string{"-rf"} }, "namespace", ""},
		{"empty namespace", func(r *reconnect.Request) { r.Namespaces = []string{""} }, "namespace", ""},
		{"no namespace", func(r *reconnect.Request) { r.Namespaces = nil }, "namespace", ""},
		{"overlong namespace", func(r *reconnect.Request) { r.Namespaces = []string{strings.Repeat("n", reconnect.MaxNameLen+1)} }, "namespace", strings.Repeat("n", reconnect.MaxNameLen+1)},
		{"bad second namespace", func(r *reconnect.Request) { r.Namespaces = []string{"gitea-author", "a;b"} }, "namespace[1]", "a;b"},
		{"too many namespaces", func(r *reconnect.Request) {
			r.Namespaces = nil
			for i := range reconnect.MaxNamespaces + 1 {
				r.Namespaces = append(r.Namespaces, fmt.Sprintf("ns%d", i))
			}
		}, "namespace", ""},
		{"injection in profile", func(r *reconnect.Request) { r.Profile = "prgs; reboot" }, "profile", "prgs; reboot"},
		{"negative pid", func(r *reconnect.Request) { r.PID = -1 }, "pid", ""},
		{"huge pid", func(r *reconnect.Request) { r.PID = reconnect.MaxPID + 1 }, "pid", ""},
		{"space in session id", func(r *reconnect.Request) { r.SessionID = "sess 1" }, "session_id", "sess 1"},
		{"overlong session id", func(r *reconnect.Request) { r.SessionID = strings.Repeat("s", reconnect.MaxSessionIDLen+1) }, "session_id", ""},
		{"non-hex startup sha", func(r *reconnect.Request) { r.StartupSHA = "zzzz1234" }, "startup_sha", "zzzz1234"},
		{"short startup sha", func(r *reconnect.Request) { r.StartupSHA = "abc12" }, "startup_sha", ""},
		{"long current sha", func(r *reconnect.Request) { r.CurrentMasterSHA = strings.Repeat("a", reconnect.MaxSHALen+1) }, "current_master_sha", ""},
		{"sha with trailing command", func(r *reconnect.Request) { r.CurrentMasterSHA = "abc1234; curl x" }, "current_master_sha", "curl"},
		{"unknown reason", func(r *reconnect.Request) { r.Reason = "reboot-it" }, "reason", "reboot-it"},
		{"unknown client", func(r *reconnect.Request) { r.Client = "netscape" }, "client", "netscape"},
		{"unknown boundary", func(r *reconnect.Request) { r.BoundaryStatus = "dirty" }, "boundary_status", "dirty"},
		{"clean contradicted by revisions", func(r *reconnect.Request) {
			r.BoundaryStatus, r.StartupSHA, r.CurrentMasterSHA = "clean", "abc1234", "def5678"
		}, "boundary_status", ""},
		{"clean contradicted by live staleness", func(r *reconnect.Request) { r.BoundaryStatus, r.LiveStale = "clean", new(true) }, "boundary_status", ""},
		{"negative prior attempts", func(r *reconnect.Request) { r.PriorAttempts = -1 }, "prior_recovery_attempts", ""},
		{"too many prior attempts", func(r *reconnect.Request) { r.PriorAttempts = reconnect.MaxPriorAttempts + 1 }, "prior_recovery_attempts", ""},
		{"bad preflight tool", func(r *reconnect.Request) { r.Preflight = []string{"whoami", "who ami"} }, "preflight[1]", "who ami"},
		{"extra overwrites a core field", func(r *reconnect.Request) { r.Extra = map[string]any{"success": false} }, "extra.success", ""},
		{"extra overwrites the blocker", func(r *reconnect.Request) { r.Extra = map[string]any{"typed_blocker": nil} }, "extra.typed_blocker", ""},
		{"extra with a bad key", func(r *reconnect.Request) { r.Extra = map[string]any{"Bad Key": 1} }, "extra", "Bad Key"},
		{"extra that is not JSON", func(r *reconnect.Request) { r.Extra = map[string]any{"note": make(chan int)} }, "extra.note", ""},
		{"extra too large", func(r *reconnect.Request) {
			r.Extra = map[string]any{"note": strings.Repeat("x", reconnect.MaxExtraBytes)}
		}, "extra.note", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := base()
			tt.edit(&req)
			p, err := reconnect.Build(req)
			var fe *reconnect.FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("Build error = %v (payload %+v), want a *FieldError", err, p)
			}
			if fe.Field != tt.wantField {
				t.Errorf("field = %q, want %q (%v)", fe.Field, tt.wantField, err)
			}
			if !strings.HasPrefix(err.Error(), tt.wantField+": ") {
				t.Errorf("message %q does not start with the field name", err)
			}
			if tt.hostile != "" && strings.Contains(err.Error(), tt.hostile) {
				t.Errorf("message %q echoes the refused value", err)
			}
		})
	}
}

func TestPayloadJSONContract(t *testing.T) {
	p, err := reconnect.Build(reconnect.Request{Namespaces: []string{"gitea-author"}, Reason: "stale-runtime"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	top := []string{
		"success", "read_only", "reconnect_performed", "mutation_performed", "reconnect_needed",
		"namespace", "namespaces", "profile", "pid", "session_id", "startup_sha", "current_master_sha",
		"boundary_status", "reason", "client", "forbidden_recovery_paths", "post_reconnect_preflight",
		"exact_safe_next_action", "blocker_kind", "operator_ui_steps", "typed_blocker",
		"stop_required", "restart_required",
	}
	if got := objectKeys(t, b); !slices.Equal(got, top) {
		t.Errorf("payload keys =\n%q\nwant\n%q", got, top)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"profile", "pid", "session_id", "startup_sha", "current_master_sha"} {
		if string(m[k]) != "null" {
			t.Errorf("%s = %s, want null when the request did not carry it", k, m[k])
		}
	}
	blocker := []string{
		"blocker_kind", "namespaces", "why_reconnect_required", "operator_ui_steps", "client",
		"forbidden_recovery_paths", "instruction_after_reconnect",
	}
	if got := objectKeys(t, m["typed_blocker"]); !slices.Equal(got, blocker) {
		t.Errorf("typed_blocker keys = %q, want %q", got, blocker)
	}
}

func TestPayloadExtraFields(t *testing.T) {
	extra := map[string]any{"ticket": "ENG-4521", "attempt_log": []string{"probe at 10:02 returned EOF"}}
	p, err := reconnect.Build(reconnect.Request{Namespaces: []string{"gitea-author"}, Reason: "eof", Extra: extra})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	keys := objectKeys(t, b)
	if n := len(keys); n < 2 || keys[n-2] != "attempt_log" || keys[n-1] != "ticket" {
		t.Errorf("extra fields not appended in key order: %q", keys)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	if m["ticket"] != "ENG-4521" || m["success"] != true {
		t.Errorf("decoded payload = %v", m)
	}

	// The payload keeps what was checked, whatever the caller does to its
	// map afterwards.
	extra["ticket"] = "changed after Build"
	extra["late"] = true
	again, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, b) {
		t.Errorf("payload changed with the caller's map:\n%s\nwas\n%s", again, b)
	}

	// A payload built by hand cannot smuggle a core field in either.
	p.Extra = map[string]any{"read_only": false}
	if _, err := json.Marshal(p); err == nil {
		t.Error("Marshal accepted an extra field named like a core field")
	}
}

// objectKeys returns the keys of a JSON object in document order.
func objectKeys(t *testing.T, b []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("not a JSON object: %s", b)
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}

// TestBuildMatrixIsClean builds the payload for every reason, client and
// boundary status over several namespace sets with the real checker:
// Build fails closed, so success means the checker reported nothing.
func TestBuildMatrixIsClean(t *testing.T) {
	namespaceSets := [][]string{
		{"gitea-author"},
		{"gitea_reviewer.v2"},
		{"X9"},
		{"gitea-controller", "gitea-merger", "gitea-tools"},
	}
	boundaries := append([]reconnect.Boundary{""}, reconnect.Boundaries()...)
	n := 0
	for _, reason := range reconnect.Reasons() {
		for _, client := range reconnect.Clients() {
			for _, boundary := range boundaries {
				for _, ns := range namespaceSets {
					req := reconnect.Request{Namespaces: ns, Reason: reason, Client: client, BoundaryStatus: boundary}
					p, err := reconnect.Build(req)
					if err != nil {
						t.Errorf("Build(%v, %s, %s, %q): %v", ns, reason, client, boundary, err)
						continue
					}
					checkInvariants(t, req, p)
					n++
				}
			}
		}
	}
	if want := len(reconnect.Reasons()) * len(reconnect.Clients()) * len(boundaries) * len(namespaceSets); n != want {
		t.Errorf("built %d payloads, want %d", n, want)
	}
}

// TestBuildRefusesRecommendingExtra runs the real checker over extra text
// that recommends a forbidden action (test data, not advice): Build must
// refuse the payload and name the field.
func TestBuildRefusesRecommendingExtra(t *testing.T) {
	req := reconnect.Request{
		Namespaces: []string{"gitea-author"},
		Reason:     "eof",
		Extra:      map[string]any{"hint": "If the server hangs, run pkill -f gitea_mcp_server."},
	}
	p, err := reconnect.Build(req)
	var ue *reconnect.UnsafeTextError
	if !errors.As(err, &ue) {
		t.Fatalf("Build = %+v, %v; want an *UnsafeTextError", p, err)
	}
	if ue.Field != "extra.hint" || ue.Rule != "process-kill" {
		t.Errorf("error = %+v, want process-kill in extra.hint", *ue)
	}
}

func TestForbiddenPathsAreBans(t *testing.T) {
	for _, s := range reconnect.ForbiddenRecoveryPaths() {
		if !strings.HasPrefix(s, "never ") && !strings.HasPrefix(s, "do not ") {
			t.Errorf("forbidden path %q does not open with a ban", s)
		}
	}
}
