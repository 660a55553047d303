package mcpserver_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/recoverlint/recoverlint/mcpserver"
	"github.com/recoverlint/recoverlint/restart"
)

func giteaOptions(src mcpserver.InventorySource) mcpserver.Options {
	opts := testOptions(nil)
	opts.GiteaTools = true
	opts.Inventory = src
	return opts
}

func TestGiteaToolsOnlyWhenAsked(t *testing.T) {
	for _, on := range []bool{false, true} {
		opts := testOptions(nil)
		opts.GiteaTools = on
		res, err := connect(t, opts).ListTools(t.Context(), nil)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, tool := range res.Tools {
			names = append(names, tool.Name)
		}
		has := slices.Contains(names, mcpserver.GiteaReconnectTool) && slices.Contains(names, mcpserver.GiteaRestartTool)
		if has != on || len(names) != map[bool]int{false: 3, true: 5}[on] {
			t.Errorf("GiteaTools=%v: tools %v", on, names)
		}
		if want := slices.Sorted(slices.Values(mcpserver.ToolNames(opts))); !slices.Equal(slices.Sorted(slices.Values(names)), want) {
			t.Errorf("GiteaTools=%v: tools/list %v, ToolNames %v", on, names, want)
		}
	}
}

// TestGiteaReconnectSeedScenarios drives gitea_request_mcp_reconnect with
// the seed's four scenarios (stale runtime, transport EOF, missing
// namespace, a healthy probe after a successful reconnect) in the seed's
// argument shapes. The wanted values are what the seed's
// build_reconnect_request returns for the same arguments, worked out from
// its code by hand, for every field the seed names that is not free text.
func TestGiteaReconnectSeedScenarios(t *testing.T) {
	cs := connect(t, giteaOptions(nil))
	blocked := "operator_mcp_reconnect_required"
	for _, tc := range []struct {
		name string
		args map[string]any
		want map[string]any
		// wantBlocker is the typed blocker's reason; "" for none.
		wantBlocker string
	}{
		{
			name: "stale runtime",
			args: map[string]any{"namespace": "gitea-author", "profile": "prgs-reconciler", "pid": 4242,
				"startup_sha": "1a2b3c4d", "current_master_sha": "9f8e7d6c", "reason": "stale-runtime",
				"restart_required": true, "stop_required": true, "client": "codex"},
			want: map[string]any{"namespace": "gitea-author", "profile": "prgs-reconciler", "pid": 4242.0,
				"session_id": nil, "startup_sha": "1a2b3c4d", "current_master_sha": "9f8e7d6c",
				"boundary_status": "mismatch", "reason": "stale-runtime", "client": "codex",
				"reconnect_needed": true, "blocker_kind": blocked, "stop_required": true, "restart_required": true},
			wantBlocker: "stale-runtime",
		},
		{
			name: "transport EOF, pid as a string, the desktop app",
			args: map[string]any{"namespace": " gitea-reviewer ", "pid": "5150", "session_id": "sess-77",
				"reason": "Transport closed", "client": "Claude Desktop", "profile": nil},
			want: map[string]any{"namespace": "gitea-reviewer", "profile": nil, "pid": "5150", "session_id": "sess-77",
				"boundary_status": "unknown", "reason": "transport_eof", "client": "claude_code",
				"reconnect_needed": true, "blocker_kind": blocked, "stop_required": true, "restart_required": true},
			wantBlocker: "transport_eof",
		},
		{
			name: "missing namespace, a host the seed does not know",
			args: map[string]any{"namespace": "gitea-merger", "reason": "namespace missing", "client": "cursor"},
			want: map[string]any{"namespace": "gitea-merger", "pid": nil, "boundary_status": "unknown",
				"reason": "missing_namespace", "client": "codex", "reconnect_needed": true, "blocker_kind": blocked},
			wantBlocker: "missing_namespace",
		},
		{
			name: "healthy after a successful reconnect",
			args: map[string]any{"namespace": "gitea-tools", "reason": "healthy", "startup_sha": "abc1234",
				"current_master_sha": "abc1234", "restart_required": false, "stop_required": false, "client": "claude"},
			want: map[string]any{"namespace": "gitea-tools", "boundary_status": "clean", "reason": "not_required",
				"client": "claude_code", "reconnect_needed": false, "blocker_kind": "none",
				"stop_required": false, "restart_required": false},
		},
		{
			name: "an unknown reason and no namespace",
			args: map[string]any{"reason": "the tools went away", "client": ""},
			want: map[string]any{"namespace": "unknown", "reason": "unspecified", "client": "codex",
				"reconnect_needed": true, "boundary_status": "unknown"},
			wantBlocker: "unspecified",
		},
		{
			name:        "an extra field that names a result field is dropped",
			args:        map[string]any{"namespace": "gitea-author", "extra": map[string]any{"ticket": "OPS-12", "namespace": "other", "read_only": false}},
			want:        map[string]any{"namespace": "gitea-author", "ticket": "OPS-12", "read_only": true},
			wantBlocker: "unspecified",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got map[string]any
			decodeOutput(t, call(t, cs, mcpserver.GiteaReconnectTool, tc.args), &got)
			for _, k := range []string{"success", "read_only"} {
				if got[k] != true {
					t.Errorf("%s = %v, want true", k, got[k])
				}
			}
			for _, k := range []string{"reconnect_performed", "mutation_performed"} {
				if got[k] != false {
					t.Errorf("%s = %v, want false", k, got[k])
				}
			}
			for k, w := range tc.want {
				if !reflect.DeepEqual(got[k], w) {
					t.Errorf("%s = %#v, want %#v", k, got[k], w)
				}
			}
			pre, _ := json.Marshal(got["post_reconnect_preflight"])
			if string(pre) != `["gitea_whoami","gitea_resolve_task_capability","original_task"]` {
				t.Errorf("post_reconnect_preflight = %s", pre)
			}
			if paths, _ := got["forbidden_recovery_paths"].([]any); len(paths) == 0 {
				t.Error("no forbidden_recovery_paths")
			}
			steps, _ := got["operator_ui_steps"].([]any)
			if len(steps) == 0 || !strings.Contains(steps[len(steps)-1].(string), "gitea_whoami") {
				t.Errorf("operator_ui_steps do not end with the preflight: %v", steps)
			}
			tb, _ := got["typed_blocker"].(map[string]any)
			switch {
			case tc.wantBlocker == "" && got["typed_blocker"] != nil:
				t.Errorf("typed_blocker = %v, want null", got["typed_blocker"])
			case tc.wantBlocker != "" && tb == nil:
				t.Error("typed_blocker is null")
			case tc.wantBlocker != "":
				if tb["why_reconnect_required"] != tc.wantBlocker || tb["blocker_kind"] != blocked || tb["client"] != got["client"] {
					t.Errorf("typed_blocker = %v", tb)
				}
				if ns, _ := json.Marshal(tb["namespaces"]); string(ns) != `["`+got["namespace"].(string)+`"]` {
					t.Errorf("typed_blocker.namespaces = %s", ns)
				}
			}
		})
	}
}

// TestGiteaReconnectRefuses: what the seed would carry through unchecked
// is refused, naming the field and not repeating the value.
func TestGiteaReconnectRefuses(t *testing.T) {
	cs := connect(t, giteaOptions(nil))
	for _, tc := range []struct {
		name string
		args map[string]any
		want string
	}{
		{"pid not digits", map[string]any{"namespace": "gitea-author", "pid": "pkill -f gitea"}, "pid:"},
		{"pid fractional", map[string]any{"namespace": "gitea-author", "pid": 12.5}, "pid"},
		{"pid negative", map[string]any{"namespace": "gitea-author", "pid": -4}, "pid:"},
		{"revision not hex", map[string]any{"namespace": "gitea-author", "startup_sha": "main"}, "startup_sha"},
		{"namespace not a name", map[string]any{"namespace": "gitea author; pkill"}, "namespace"},
		{"advice in an extra field", map[string]any{"namespace": "gitea-author", "extra": map[string]any{"hint": "If it hangs, run pkill -f gitea_mcp_server."}}, "extra"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := call(t, cs, mcpserver.GiteaReconnectTool, tc.args)
			wantToolError(t, res, tc.want)
			if msg := resultText(res); strings.Contains(msg, "pkill") || strings.Contains(msg, "main\"") {
				t.Errorf("error repeats the refused value: %s", msg)
			}
		})
	}
}

// restartArgs are the seed's gitea_request_mcp_restart arguments.
func restartArgs(extra map[string]any) map[string]any {
	args := map[string]any{"remote": "origin", "host": "git.example.test", "org": "ops", "repo": "control-plane"}
	for k, v := range extra {
		args[k] = v
	}
	return args
}

func sample(t *testing.T, name string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("..", "docs", "samples", "restart", name))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestGiteaRestartAgreesWithRequestRestart: for each dimension the seed
// evaluates (sessions, leases and their work, critical sections, the
// terminal lock, an incomplete inventory), the compatible tool with a file
// provider returns the same report as request_mcp_restart given the same
// inventory.
func TestGiteaRestartAgreesWithRequestRestart(t *testing.T) {
	for _, name := range []string{"safe.json", "busy.json", "critical-section.json", "terminal-lock.json", "incomplete.json"} {
		t.Run(name, func(t *testing.T) {
			cs := connect(t, giteaOptions(mcpserver.FileInventory(sample(t, name))))
			inv, err := os.ReadFile(sample(t, name))
			if err != nil {
				t.Fatal(err)
			}
			var got, want restart.Report
			decodeOutput(t, call(t, cs, mcpserver.GiteaRestartTool, restartArgs(map[string]any{"session_id": "sess-author-1"})), &got)
			decodeOutput(t, call(t, cs, mcpserver.RestartTool, map[string]any{"inventory": json.RawMessage(inv), "requesting_session": "sess-author-1"}), &want)
			if !reflect.DeepEqual(got, want) {
				g, _ := json.Marshal(got)
				w, _ := json.Marshal(want)
				t.Errorf("reports differ:\n gitea %s\n plain %s", g, w)
			}
			if !got.DryRun || got.ApplySupported {
				t.Errorf("dry_run %v apply_supported %v", got.DryRun, got.ApplySupported)
			}
		})
	}
}

func TestGiteaRestartFailsClosed(t *testing.T) {
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.json")
	if err := os.WriteFile(garbage, []byte("{not an inventory"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		src  mcpserver.InventorySource
		args map[string]any
		want string
	}{
		{"no provider", nil, nil, "no inventory provider"},
		{"file missing", mcpserver.FileInventory(filepath.Join(dir, "none.json")), nil, "inventory file"},
		{"not an inventory", mcpserver.FileInventory(garbage), nil, "the inventory provider's output"},
		{"a listing over the limit", mcpserver.FileInventory(sample(t, "safe.json")), map[string]any{"limit": 2}, "over the limit of 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cs := connect(t, giteaOptions(tc.src))
			var got restart.Report
			decodeOutput(t, call(t, cs, mcpserver.GiteaRestartTool, restartArgs(tc.args)), &got)
			if got.Verdict != restart.Unsafe || got.AllowRestart || got.InventoryComplete || got.OverrideWouldAllow {
				t.Errorf("verdict %s allow %v complete %v override_would_allow %v, want unsafe, false, false, false",
					got.Verdict, got.AllowRestart, got.InventoryComplete, got.OverrideWouldAllow)
			}
			if !strings.Contains(strings.Join(got.InventoryErrors, "\n"), tc.want) {
				t.Errorf("inventory_errors %q do not say %q", got.InventoryErrors, tc.want)
			}
		})
	}
}

func TestGiteaRestartApplyIsRefused(t *testing.T) {
	cs := connect(t, giteaOptions(mcpserver.FileInventory(sample(t, "safe.json"))))
	var got restart.Report
	decodeOutput(t, call(t, cs, mcpserver.GiteaRestartTool, restartArgs(map[string]any{"dry_run": false})), &got)
	if !got.ApplyRequested || got.ApplySupported || !got.DryRun || !strings.Contains(strings.Join(got.Reasons, " "), restart.ApplyRefusal) {
		t.Errorf("apply_requested %v apply_supported %v dry_run %v reasons %q", got.ApplyRequested, got.ApplySupported, got.DryRun, got.Reasons)
	}
}

func TestGiteaRestartRefusesBadInput(t *testing.T) {
	cs := connect(t, giteaOptions(nil))
	for _, tc := range []struct {
		name string
		args map[string]any
		want string
	}{
		{"control character", restartArgs(map[string]any{"repo": "a\x1b[2Jb"}), "repo:"},
		{"too long", restartArgs(map[string]any{"org": strings.Repeat("o", 300)}), "org:"},
		{"limit zero", restartArgs(map[string]any{"limit": 0}), "limit:"},
		{"session id too long", restartArgs(map[string]any{"session_id": strings.Repeat("s", 300)}), "session_id:"},
		{"missing repo", map[string]any{"remote": "origin", "host": "h", "org": "o"}, "repo"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantToolError(t, call(t, cs, mcpserver.GiteaRestartTool, tc.args), tc.want)
		})
	}
}

// TestCommandInventory runs a provider script: the target reaches it in
// the environment, and a failure, a hang or too much output leaves the
// inventory incomplete.
func TestCommandInventory(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the provider scripts are POSIX shell")
	}
	dir := t.TempDir()
	script := func(name, body string) []string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		return []string{p}
	}
	samples := filepath.Dir(sample(t, "safe.json"))
	// prints the sample named by the repo, after checking the rest of the target
	byRepo := script("by-repo.sh", `[ "$RECOVERLINT_INVENTORY_HOST" = git.example.test ] && [ "$RECOVERLINT_INVENTORY_ORG" = ops ] && [ "$RECOVERLINT_INVENTORY_REMOTE" = origin ] && [ "$RECOVERLINT_INVENTORY_LIMIT" = 200 ] || exit 9
exec cat "`+samples+`/$RECOVERLINT_INVENTORY_REPO.json"`)
	for _, tc := range []struct {
		name        string
		argv        []string
		repo        string
		wantVerdict restart.Verdict
		wantErr     string
	}{
		{"safe", byRepo, "safe", restart.Safe, ""},
		{"busy", byRepo, "busy", restart.Unsafe, ""},
		{"exits non-zero", script("fail.sh", "echo 'db is down' >&2; exit 3"), "safe", restart.Unsafe, "exit status 3"},
		{"hangs", script("hang.sh", "sleep 5"), "safe", restart.Unsafe, "no answer within"},
		{"too much output", script("flood.sh", "yes '{}' | head -c 5000000"), "safe", restart.Unsafe, "printed more than"},
		{"no such program", []string{filepath.Join(dir, "absent")}, "safe", restart.Unsafe, "inventory command"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := mcpserver.CommandInventory{Argv: tc.argv, Timeout: 300 * time.Millisecond}
			if tc.name == "safe" || tc.name == "busy" {
				src.Timeout = 10 * time.Second
			}
			cs := connect(t, giteaOptions(src))
			var got restart.Report
			decodeOutput(t, call(t, cs, mcpserver.GiteaRestartTool, restartArgs(map[string]any{"repo": tc.repo})), &got)
			if got.Verdict != tc.wantVerdict {
				t.Errorf("verdict %s, want %s (errors %q)", got.Verdict, tc.wantVerdict, got.InventoryErrors)
			}
			errs := strings.Join(got.InventoryErrors, "\n")
			if tc.wantErr != "" && (got.InventoryComplete || !strings.Contains(errs, tc.wantErr)) {
				t.Errorf("complete %v, errors %q, want one saying %q", got.InventoryComplete, errs, tc.wantErr)
			}
			if strings.Contains(errs, "db is down") {
				t.Errorf("the provider's stderr reached the caller: %q", errs)
			}
		})
	}
}
