package mcpserver_test

import (
	"encoding/json"
	"testing"

	"github.com/recoverlint/recoverlint/mcpserver"
	"github.com/recoverlint/recoverlint/reconnect"
)

func TestRequestReconnect(t *testing.T) {
	cs := connect(t, testOptions(nil))
	for _, tc := range []struct {
		name       string
		args       string // the arguments as JSON
		wantNeeded bool
	}{
		{"stale runtime", `{"namespaces":["gitea-author"],"reason":"stale-runtime","client":"codex","startup_sha":"abc1234","current_master_sha":"def5678"}`, true},
		{"transport closed, alias spellings", `{"namespaces":["gitea","gitea-review"],"reason":"transport closed","client":"claude-code","pid":4242,"live_stale":true}`, true},
		{"healthy probe", `{"namespaces":["gitea"],"reason":"not_required","live_stale":false,"in_parity":true,"boundary_status":"clean"}`, false},
		{"extra fields", `{"namespaces":["gitea"],"reason":"missing_namespace","extra":{"ticket":"OPS-12","attempt":{"n":2}}}`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var args map[string]any
			if err := json.Unmarshal([]byte(tc.args), &args); err != nil {
				t.Fatal(err)
			}
			res := call(t, cs, mcpserver.ReconnectTool, args)
			var got map[string]any
			decodeOutput(t, res, &got)

			// The output is the payload reconnect.Build makes of the same
			// request, field for field.
			var req reconnect.Request
			if err := json.Unmarshal([]byte(tc.args), &req); err != nil {
				t.Fatal(err)
			}
			p, err := reconnect.Build(req)
			if err != nil {
				t.Fatalf("Build: %v", err)
			}
			wb, _ := json.Marshal(p)
			var want map[string]any
			if err := json.Unmarshal(wb, &want); err != nil {
				t.Fatal(err)
			}
			gb, _ := json.Marshal(got)
			wb, _ = json.Marshal(want)
			if string(gb) != string(wb) {
				t.Errorf("payload\n got  %s\n want %s", gb, wb)
			}
			if got["read_only"] != true || got["reconnect_performed"] != false || got["mutation_performed"] != false {
				t.Errorf("payload is not report-only: read_only %v, reconnect_performed %v, mutation_performed %v",
					got["read_only"], got["reconnect_performed"], got["mutation_performed"])
			}
			if got["reconnect_needed"] != tc.wantNeeded {
				t.Errorf("reconnect_needed = %v, want %v", got["reconnect_needed"], tc.wantNeeded)
			}
		})
	}
}

func TestRequestReconnectRefusesBadInput(t *testing.T) {
	cs := connect(t, testOptions(nil))
	for _, tc := range []struct {
		name string
		args string
		want []string
	}{
		{"unknown reason", `{"namespaces":["gitea"],"reason":"feeling-lucky"}`, []string{"reason", "unknown reason", "stale-runtime"}},
		{"unknown client", `{"namespaces":["gitea"],"client":"emacs"}`, []string{"client", "unknown client", "generic"}},
		{"no namespace", `{"namespaces":[]}`, []string{"namespace", "at least one"}},
		{"namespaces missing", `{"reason":"stale-runtime"}`, []string{"namespaces"}},
		{"bad namespace", `{"namespaces":["gitea author"]}`, []string{"namespace", "letters, digits"}},
		{"bad sha", `{"namespaces":["gitea"],"startup_sha":"xyz"}`, []string{"startup_sha", "hex digits"}},
		{"negative pid", `{"namespaces":["gitea"],"pid":-3}`, []string{"pid"}},
		{"pid of the wrong type", `{"namespaces":["gitea"],"pid":"4242"}`, []string{"pid", "integer"}},
		{"namespaces of the wrong type", `{"namespaces":"gitea"}`, []string{"namespaces", "array"}},
		{"flag of the wrong type", `{"namespaces":["gitea"],"live_stale":"yes"}`, []string{"live_stale", "boolean"}},
		{"unknown field", `{"namespaces":["gitea"],"force":true}`, []string{"force"}},
		{"extra overwrites a core field", `{"namespaces":["gitea"],"extra":{"read_only":false}}`, []string{"extra.read_only", "payload field"}},
		{"extra that recommends", `{"namespaces":["gitea"],"extra":{"hint":"If it hangs again, run pkill -f gitea-mcp."}}`, []string{"self-check", "extra"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var args map[string]any
			if err := json.Unmarshal([]byte(tc.args), &args); err != nil {
				t.Fatal(err)
			}
			wantToolError(t, call(t, cs, mcpserver.ReconnectTool, args), tc.want...)
		})
	}
}
