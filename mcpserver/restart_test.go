package mcpserver_test

import (
	"encoding/json"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/recoverlint/recoverlint/mcpserver"
	"github.com/recoverlint/recoverlint/restart"
)

const samples = "../docs/samples/restart/"

func readSample(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(samples + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// sampleObject is a sample inventory as a JSON object argument.
func sampleObject(t *testing.T, name string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(readSample(t, name)), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// evaluate is the report the restart package itself gives for a sample.
func evaluate(t *testing.T, name string, opts restart.Options) restart.Report {
	t.Helper()
	inv, err := restart.Decode([]byte(readSample(t, name)))
	if err != nil {
		t.Fatal(err)
	}
	if opts.Now.IsZero() {
		opts.Now = clock()
	}
	return restart.Evaluate(inv, opts)
}

func sameReport(t *testing.T, got, want restart.Report) {
	t.Helper()
	gb, _ := json.Marshal(got)
	wb, _ := json.Marshal(want)
	if string(gb) != string(wb) {
		t.Errorf("report\n got  %s\n want %s", gb, wb)
	}
}

func TestRequestRestart(t *testing.T) {
	const authority = "GITEA_OPERATOR_RESTART_OVERRIDE_AUTHORIZATION"
	plain := connect(t, testOptions(nil))
	authorized := connect(t, testOptions(map[string]string{authority: "ops-ticket-991"}))
	for _, tc := range []struct {
		name         string
		sample       string
		asText       bool
		override     bool
		withAuth     bool
		extra        map[string]any
		wantVerdict  restart.Verdict
		wantOverride bool // override.authorized
	}{
		{name: "safe inventory", sample: "safe.json", wantVerdict: restart.Safe},
		{name: "safe inventory as text", sample: "safe.json", asText: true, wantVerdict: restart.Safe},
		{name: "busy, no override", sample: "busy.json", wantVerdict: restart.Unsafe},
		{name: "busy, override without authority", sample: "busy.json", override: true, wantVerdict: restart.Unsafe},
		{name: "busy, authority without intent", sample: "busy.json", withAuth: true, wantVerdict: restart.Unsafe, wantOverride: true},
		{name: "busy, override with authority", sample: "busy.json", override: true, withAuth: true, wantVerdict: restart.Override, wantOverride: true},
		{name: "terminal lock beats authority", sample: "terminal-lock.json", override: true, withAuth: true, wantVerdict: restart.Unsafe, wantOverride: true},
		{name: "incomplete inventory", sample: "incomplete.json", wantVerdict: restart.Unsafe},
		{name: "stale by the server clock", sample: "safe.json", extra: map[string]any{"now": "2026-07-24T07:00:00Z"}, wantVerdict: restart.Unsafe},
		{name: "wider age accepts it", sample: "safe.json", extra: map[string]any{"now": "2026-07-24T07:00:00Z", "max_inventory_age_seconds": 7200}, wantVerdict: restart.Safe},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := map[string]any{"inventory": sampleObject(t, tc.sample), "request_override": tc.override}
			if tc.asText {
				args["inventory"] = readSample(t, tc.sample)
			}
			for k, v := range tc.extra {
				args[k] = v
			}
			cs := plain
			env := map[string]string{}
			if tc.withAuth {
				cs = authorized
				env[authority] = "ops-ticket-991"
			}
			var got restart.Report
			decodeOutput(t, call(t, cs, mcpserver.RestartTool, args), &got)

			opts := restart.Options{
				RequestOverride: tc.override,
				LookupEnv: func(k string) (string, bool) {
					v, ok := env[k]
					return v, ok
				},
			}
			if now, ok := tc.extra["now"].(string); ok {
				opts.Now, _ = time.Parse(time.RFC3339, now)
			}
			if age, ok := tc.extra["max_inventory_age_seconds"].(int); ok {
				opts.MaxInventoryAge = time.Duration(age) * time.Second
			}
			sameReport(t, got, evaluate(t, tc.sample, opts))
			if got.Verdict != tc.wantVerdict {
				t.Errorf("verdict %s, want %s", got.Verdict, tc.wantVerdict)
			}
			if !got.DryRun || got.ApplySupported || got.ApplyRequested {
				t.Errorf("not a dry run: dry_run %v, apply_supported %v, apply_requested %v", got.DryRun, got.ApplySupported, got.ApplyRequested)
			}
			if got.Override.Authorized != tc.wantOverride || got.Override.Variable != authority {
				t.Errorf("override = %+v, want authorized %v from %s", got.Override, tc.wantOverride, authority)
			}
			if b, _ := json.Marshal(got); strings.Contains(string(b), "ops-ticket-991") {
				t.Error("the report repeats the authority's value")
			}
		})
	}
}

// TestRestartAuthorityOnlyFromServer checks that no argument can grant or
// redirect operator authority.
func TestRestartAuthorityOnlyFromServer(t *testing.T) {
	cs := connect(t, testOptions(map[string]string{"HOME": "/root"}))
	inv := sampleObject(t, "busy.json")
	for _, args := range []map[string]any{
		{"inventory": inv, "request_override": true, "override_env": "HOME"},
		{"inventory": inv, "request_override": true, "authorized": true},
		{"inventory": inv, "request_override": true, "apply": true},
	} {
		wantToolError(t, call(t, cs, mcpserver.RestartTool, args), "unexpected additional properties")
	}
	var got restart.Report
	decodeOutput(t, call(t, cs, mcpserver.RestartTool, map[string]any{"inventory": inv, "request_override": true}), &got)
	if got.Verdict != restart.Unsafe || got.Override.Authorized {
		t.Errorf("verdict %s, authorized %v; want unsafe without authority", got.Verdict, got.Override.Authorized)
	}

	// The server's operator names the variable.
	opts := testOptions(map[string]string{"OPS_RESTART_OK": "yes"})
	opts.OverrideEnv = "OPS_RESTART_OK"
	decodeOutput(t, call(t, connect(t, opts), mcpserver.RestartTool, map[string]any{"inventory": inv, "request_override": true}), &got)
	if got.Verdict != restart.Override || got.Override.Variable != "OPS_RESTART_OK" {
		t.Errorf("verdict %s from %s; want override from OPS_RESTART_OK", got.Verdict, got.Override.Variable)
	}
}

func TestRestartProbe(t *testing.T) {
	// safe.json leaves the closed session's pid unknown; busy.json states
	// every pid. A probe that says every pid is gone must change nothing
	// for pids the inventory states, and must not run with no_probe.
	var probes atomic.Int64
	opts := testOptions(nil)
	opts.Probe = func(pid int) (bool, error) { probes.Add(1); return false, nil }
	cs := connect(t, opts)
	var got restart.Report
	decodeOutput(t, call(t, cs, mcpserver.RestartTool, map[string]any{"inventory": sampleObject(t, "busy.json")}), &got)
	if got.Verdict != restart.Unsafe {
		t.Errorf("busy with stated pids: verdict %s, want unsafe", got.Verdict)
	}
	before := probes.Load()
	decodeOutput(t, call(t, cs, mcpserver.RestartTool, map[string]any{"inventory": sampleObject(t, "safe.json"), "no_probe": true}), &got)
	if n := probes.Load() - before; n != 0 {
		t.Errorf("no_probe: the prober ran %d time(s)", n)
	}
	decodeOutput(t, call(t, cs, mcpserver.RestartTool, map[string]any{"inventory": sampleObject(t, "safe.json")}), &got)
	if probes.Load() == before {
		t.Error("the prober never ran for a pid the inventory leaves unknown")
	}
}

func TestRequestRestartRefusesBadInput(t *testing.T) {
	cs := connect(t, testOptions(nil))
	withInv := func(kv ...any) map[string]any {
		m := map[string]any{"inventory": sampleObject(t, "safe.json")}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	broken := sampleObject(t, "safe.json")
	broken["sessions"].([]any)[0].(map[string]any)["pid"] = "41877"
	unknownField := sampleObject(t, "safe.json")
	unknownField["sesions"] = []any{}
	for _, tc := range []struct {
		name string
		args map[string]any
		want []string
	}{
		{"malformed JSON text", map[string]any{"inventory": "{\n  \"sessions\": [\n    {\"id\": \"a\",}\n  ]\n}"}, []string{"inventory", "3:"}},
		{"text that is not an object", map[string]any{"inventory": "[1, 2]"}, []string{"inventory", "1:1"}},
		{"empty text", map[string]any{"inventory": "  "}, []string{"inventory", "empty"}},
		{"wrong type inside the object", map[string]any{"inventory": broken}, []string{"inventory", "sessions[0].pid"}},
		{"unknown inventory field", map[string]any{"inventory": unknownField}, []string{"inventory", "sesions"}},
		{"inventory missing", map[string]any{"request_override": true}, []string{"inventory"}},
		{"inventory of the wrong type", map[string]any{"inventory": 12}, []string{"inventory"}},
		{"inventory null", map[string]any{"inventory": nil}, []string{"inventory"}},
		{"bad time", withInv("now", "yesterday"), []string{"now", "RFC 3339"}},
		{"negative window", withInv("heartbeat_window_seconds", -5), []string{"heartbeat_window_seconds"}},
		{"window too long", withInv("max_inventory_age_seconds", mcpserver.MaxWindowSeconds+1), []string{"max_inventory_age_seconds"}},
		{"session id too long", withInv("requesting_session", strings.Repeat("s", mcpserver.MaxSessionIDBytes+1)), []string{"requesting_session"}},
		{"override of the wrong type", withInv("request_override", "yes"), []string{"request_override", "boolean"}},
		{"inventory too large", map[string]any{"inventory": `{"sessions":[],"x":"` + strings.Repeat("a", mcpserver.MaxInventoryBytes) + `"}`}, []string{"inventory", "over the limit"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := call(t, cs, mcpserver.RestartTool, tc.args)
			wantToolError(t, res, tc.want...)
			if n := len(resultText(res)); n > 4096 {
				t.Errorf("error message is %d bytes; it should name the problem, not repeat the input", n)
			}
		})
	}
}
