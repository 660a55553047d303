package restart_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/restart"
)

const goodInventory = `{
  "schema_version": 1,
  "collected_at": "2026-07-24T05:59:30Z",
  "inventory_complete": true,
  "sessions": [
    {"id": "a", "namespace": "gitea", "profile": "author", "pid": 41, "pid_alive": true,
     "status": "active", "last_heartbeat": "2026-07-24T05:59:00.5+00:00"}
  ],
  "leases": [
    {"id": "l1", "issue": 7, "pr": 8, "phase": "implementing", "worktree": "/w", "owner_session": "a",
     "owner_pid": 41, "owner_pid_alive": null, "expires_at": "2026-07-24T06:30:00Z", "released_at": null}
  ],
  "terminal_lock": {"held": false, "holder_session": "", "pr": 0},
  "prior_attempts": [{"kind": "reconnect", "session_id": "a", "requested_at": "2026-07-24T05:50:00Z", "outcome": "failed"}]
}`

func TestDecodeReadsEveryField(t *testing.T) {
	inv, err := restart.Decode([]byte(goodInventory))
	if err != nil {
		t.Fatalf("Decode: %v", err)
	}
	s, l := inv.Sessions[0], inv.Leases[0]
	switch {
	case !inv.Complete || inv.SchemaVersion != 1 || inv.CollectedAt == nil:
		t.Errorf("top level not read: %+v", inv)
	case s.ID != "a" || s.PID != 41 || s.PIDAlive == nil || !*s.PIDAlive || s.Status != "active" || s.LastHeartbeat == nil:
		t.Errorf("session not read: %+v", s)
	case l.Issue != 7 || l.PR != 8 || l.Worktree != "/w" || l.OwnerPIDAlive != nil || l.ExpiresAt == nil || l.ReleasedAt != nil:
		t.Errorf("lease not read: %+v", l)
	case inv.TerminalLock == nil || inv.TerminalLock.Held:
		t.Errorf("terminal lock not read: %+v", inv.TerminalLock)
	case len(inv.PriorAttempts) != 1 || inv.PriorAttempts[0].Outcome != "failed":
		t.Errorf("prior attempts not read: %+v", inv.PriorAttempts)
	}
	if got := restart.Evaluate(inv, restart.Options{Now: clock()}); got.Verdict != restart.Unsafe || len(got.CriticalSections) != 1 {
		t.Errorf("decoded inventory evaluates to %s with %d critical sections, want unsafe with 1", got.Verdict, len(got.CriticalSections))
	}
}

func TestDecodeMissingCompleteReadsAsIncomplete(t *testing.T) {
	inv, err := restart.Decode([]byte(`{"collected_at": "2026-07-24T05:59:30Z", "sessions": [], "leases": [], "terminal_lock": {"held": false}}`))
	if err != nil {
		t.Fatalf("Decode: %v", err)
	}
	if inv.Complete {
		t.Fatal("a missing inventory_complete read as true")
	}
	r := restart.Evaluate(inv, restart.Options{Now: clock()})
	if r.AllowRestart || r.InventoryComplete {
		t.Errorf("an inventory that never claimed completeness was allowed: %s", r.Verdict)
	}
}

func TestDecodeEmptyListsAreListed(t *testing.T) {
	inv, err := restart.Decode([]byte(`{"inventory_complete": true, "collected_at": "2026-07-24T05:59:30Z",
		"sessions": [], "leases": null, "terminal_lock": {"held": false}}`))
	if err != nil {
		t.Fatalf("Decode: %v", err)
	}
	if inv.Sessions == nil || inv.Leases != nil {
		t.Errorf("[] should read as listed and null as not listed: sessions %#v, leases %#v", inv.Sessions, inv.Leases)
	}
}

func TestDecodeErrors(t *testing.T) {
	// ‸ marks where the error must point; it is removed before decoding.
	tests := []struct {
		name string
		in   string
		msg  string
	}{
		{"empty input", "‸", "empty inventory"},
		{"blank input", "  \n ‸", "empty inventory"},
		{"invalid character", "{\n  \"sessions\": [‸x]\n}", "invalid character 'x'"},
		{"missing comma", "{\"sessions\": []\n ‸\"leases\": []}", `invalid character '"' after object key:value pair`},
		{"trailing comma", "{\"sessions\": [],\n‸}", "invalid character '}'"},
		{"truncated", "{\"sessions\": [\n  {\"id\": \"a\"‸", "the inventory is truncated"},
		{"trailing data", "{}\n‸{}", "after top-level value"},
		{"top level is an array", "‸[]", "want an object, got an array"},
		{"unknown top-level field", "{\n  ‸\"inventory_completed\": true\n}", `unknown field "inventory_completed"`},
		{"unknown nested field", "{\"sessions\": [\n  {\"id\": \"a\", \"status\": \"active\"},\n  {\"id\": \"b\", ‸\"pidd\": 4}\n]}", `sessions[1]: unknown field "pidd"`},
		{"field in the wrong case", "{‸\"Sessions\": []}", `unknown field "Sessions" (did you mean "sessions"?)`},
		{"repeated field", "{\"inventory_complete\": false,\n ‸\"inventory_complete\": true}", `field "inventory_complete" appears twice`},
		{"string for integer", "{\"sessions\": [{\"id\": \"a\", \"status\": \"active\",\n  \"pid\": ‸\"41\"}]}", "sessions[0].pid: want an integer, got a string"},
		{"fraction for integer", "{\"leases\": [{\"id\": \"l\", \"issue\": ‸7.5}]}", "leases[0].issue: want an integer, got 7.5"},
		{"integer too large", "{\"leases\": [{\"id\": \"l\", \"pr\": ‸99999999999999999999}]}", "want an integer"},
		{"object for array", "{\"sessions\": ‸{}}", "sessions: want an array, got an object"},
		{"number for bool", "{\"inventory_complete\": ‸1}", "inventory_complete: want true or false, got number 1"},
		{"string for bool", "{\"inventory_complete\":‸\"true\"}", "want true or false, got a string"},
		{"null for a required string", "{\"sessions\": [{\"id\": ‸null}]}", "sessions[0].id: want a string, got null"},
		{"null for a bool", "{\"inventory_complete\":\n\t‸null}", "want true or false, got null"},
		{"bad timestamp", "{\"collected_at\": ‸\"yesterday\"}", "collected_at: want an RFC 3339 timestamp"},
		{"timestamp without zone", "{\"collected_at\": ‸\"2026-07-24T05:59:30\"}", "want an RFC 3339 timestamp"},
		{"number for timestamp", "{\"collected_at\": ‸1753336770}", "want an RFC 3339 timestamp string, got number"},
		{"string for errors list", "{\"inventory_errors\": ‸\"db down\"}", "want an array, got a string"},
		{"number in errors list", "{\"inventory_errors\": [\"a\", ‸3]}", "inventory_errors[1]: want a string"},
		{"missing session id", "{\"sessions\": [\n ‸{\"status\": \"active\"}]}", "sessions[0].id: a session needs a non-empty id"},
		{"repeated session id", "{\"sessions\": [{\"id\": \"a\", \"status\": \"active\"},\n {\"id\": ‸\"a\", \"status\": \"closed\"}]}", `session id "a" is listed twice`},
		{"unknown status", "{\"sessions\": [{\"id\": \"a\", \"status\": ‸\"running\"}]}", `status "running" is not one of`},
		{"missing status", "{\"sessions\": [‸{\"id\": \"a\"}]}", `sessions[0].status: status "" is not one of`},
		{"negative pid", "{\"sessions\": [{\"id\": \"a\", \"status\": \"active\", \"pid\": ‸-4}]}", "pid -4 is out of range"},
		{"pid beyond pid_t", "{\"sessions\": [{\"id\": \"a\", \"status\": \"active\", \"pid\": ‸4294967297}]}", "out of range"},
		{"missing lease id", "{\"leases\": [‸{\"issue\": 3}]}", "a lease needs a non-empty id"},
		{"repeated lease id", "{\"leases\": [{\"id\": \"l\"}, {\"id\": ‸\"l\"}]}", `lease id "l" is listed twice`},
		{"negative issue", "{\"leases\": [{\"id\": \"l\", \"issue\": ‸-1}]}", "cannot be negative"},
		{"negative owner pid", "{\"leases\": [{\"id\": \"l\", \"owner_pid\": ‸-1}]}", "out of range"},
		{"lock without held", "{\"terminal_lock\": ‸{\"pr\": 4}}", `needs "held": true or false`},
		{"lock with negative pr", "{\"terminal_lock\": {\"held\": true, \"pr\": ‸-4}}", "cannot be negative"},
		{"attempt without kind", "{\"prior_attempts\": [‸{\"outcome\": \"failed\"}]}", "prior_attempts[0].kind: a prior attempt needs a non-empty kind"},
		{"unsupported version", "{\"schema_version\": ‸2}", "unsupported version 2"},
		{"multibyte text before the error", "{\"inventory_errors\": [\"über\", ‸7]}", "inventory_errors[1]: want a string"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in, line, col := marked(t, tt.in)
			_, err := restart.Decode([]byte(in))
			var de *restart.DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("Decode(%q) error = %v, want a *DecodeError", in, err)
			}
			if de.Line != line || de.Column != col || !strings.Contains(de.Error(), tt.msg) {
				t.Errorf("Decode error = %q at %d:%d, want %d:%d containing %q", de.Error(), de.Line, de.Column, line, col, tt.msg)
			}
			if prefix := fmt.Sprintf("%d:%d: ", line, col); !strings.HasPrefix(de.Error(), prefix) {
				t.Errorf("error %q does not start with its position %q", de.Error(), prefix)
			}
		})
	}
}

// marked removes the ‸ marker from s and returns the 1-based line and byte
// column where it stood.
func marked(t *testing.T, s string) (string, int, int) {
	t.Helper()
	const mark = "‸"
	i := strings.Index(s, mark)
	if i < 0 || strings.Count(s, mark) != 1 {
		t.Fatalf("test input %q needs exactly one %s marker", s, mark)
	}
	before := s[:i]
	line := strings.Count(before, "\n") + 1
	col := i - (strings.LastIndex(before, "\n") + 1) + 1
	return before + s[i+len(mark):], line, col
}
