package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func runReconnectArgs(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = runReconnect(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func TestRunReconnect(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		stdin      string
		wantCode   int
		wantFields map[string]any // top-level payload fields, JSON-decoded
		wantErr    string         // substring of stderr
	}{
		{
			name:       "stale runtime",
			args:       []string{"--namespace", "gitea-author", "--reason", "stale-runtime", "--client", "codex"},
			wantFields: map[string]any{"reconnect_needed": true, "namespace": "gitea-author", "reason": "stale-runtime", "client": "codex", "blocker_kind": "operator_mcp_reconnect_required"},
		},
		{
			name:       "aliases and several namespaces",
			args:       []string{"--namespace", "a", "--namespace", "b", "--reason", "transport closed", "--client", "Claude Code"},
			wantFields: map[string]any{"namespaces": []any{"a", "b"}, "reason": "transport_eof", "client": "claude_code"},
		},
		{
			name:       "healthy probe through the three-valued flags",
			args:       []string{"--namespace", "gitea-tools", "--restart-required=false", "--stop-required=false", "--in-parity"},
			wantFields: map[string]any{"reconnect_needed": false, "boundary_status": "clean", "reason": "not_required", "typed_blocker": nil},
		},
		{
			name:       "bare stop flag forces a reconnect",
			args:       []string{"--namespace", "gitea-tools", "--reason", "ok", "--in-parity", "--stop-required"},
			wantFields: map[string]any{"reconnect_needed": true, "reason": "stale-runtime"},
		},
		{
			name:       "evidence carried",
			args:       []string{"--namespace", "n1", "--pid", "77", "--session-id", "s-1", "--profile", "p1", "--startup-sha", "ABCDEF1", "--current-master-sha", "abcdef1", "--preflight", "gitea_whoami", "--preflight", "task", "--prior-attempts", "3"},
			wantFields: map[string]any{"pid": 77.0, "session_id": "s-1", "profile": "p1", "startup_sha": "abcdef1", "boundary_status": "clean", "post_reconnect_preflight": []any{"gitea_whoami", "task"}, "prior_recovery_attempts": 3.0},
		},
		{
			name:       "request as JSON on standard input",
			args:       []string{"--request", "-"},
			stdin:      `{"namespaces": ["gitea-author"], "reason": "eof", "client": "vscode", "live_stale": true, "extra": {"ticket": "ENG-1"}}`,
			wantFields: map[string]any{"reason": "transport_eof", "client": "vscode", "boundary_status": "stale", "ticket": "ENG-1"},
		},
		// Hostile and malformed values below are test data for the
		// validator, not advice.
		{name: "no namespace", args: []string{"--reason", "stale"}, wantCode: 2, wantErr: "namespace (--namespace): at least one"},
		{name: "shell injection in namespace", args: []string{"--namespace", "x'; run pkill -f mcp; '"}, wantCode: 2, wantErr: "namespace (--namespace): must be ASCII"},
		{name: "bad second namespace", args: []string{"--namespace", "ok", "--namespace", "a b"}, wantCode: 2, wantErr: "namespace[1] (--namespace)"},
		{name: "bad profile", args: []string{"--namespace", "n", "--profile", "p;q"}, wantCode: 2, wantErr: "profile (--profile)"},
		{name: "zero pid", args: []string{"--namespace", "n", "--pid", "0"}, wantCode: 2, wantErr: "pid (--pid)"},
		{name: "negative pid", args: []string{"--namespace", "n", "--pid", "-5"}, wantCode: 2, wantErr: "pid (--pid)"},
		{name: "pid not a number", args: []string{"--namespace", "n", "--pid", "12ab"}, wantCode: 2, wantErr: "-pid"},
		{name: "bad session id", args: []string{"--namespace", "n", "--session-id", "a b"}, wantCode: 2, wantErr: "session_id (--session-id)"},
		{name: "bad startup sha", args: []string{"--namespace", "n", "--startup-sha", "xyz1234"}, wantCode: 2, wantErr: "startup_sha (--startup-sha): must be 7 to 64 hex digits"},
		{name: "bad current sha", args: []string{"--namespace", "n", "--current-master-sha", "abc"}, wantCode: 2, wantErr: "current_master_sha (--current-master-sha)"},
		{name: "unknown reason", args: []string{"--namespace", "n", "--reason", "reboot"}, wantCode: 2, wantErr: "reason (--reason): unknown reason"},
		{name: "unknown client", args: []string{"--namespace", "n", "--client", "netscape"}, wantCode: 2, wantErr: "client (--client): unknown client"},
		{name: "unknown boundary", args: []string{"--namespace", "n", "--boundary-status", "dirty"}, wantCode: 2, wantErr: "boundary_status (--boundary-status)"},
		{name: "clean contradicted", args: []string{"--namespace", "n", "--boundary-status", "clean", "--live-stale"}, wantCode: 2, wantErr: "boundary_status (--boundary-status): clean contradicts"},
		{name: "bad three-valued flag", args: []string{"--namespace", "n", "--live-stale=maybe"}, wantCode: 2, wantErr: "live-stale"},
		{name: "bad preflight tool", args: []string{"--namespace", "n", "--preflight", "who ami"}, wantCode: 2, wantErr: "preflight[0] (--preflight)"},
		{name: "negative prior attempts", args: []string{"--namespace", "n", "--prior-attempts", "-1"}, wantCode: 2, wantErr: "prior_recovery_attempts (--prior-attempts)"},
		{name: "stray argument", args: []string{"--namespace", "n", "extra"}, wantCode: 2, wantErr: "unexpected argument"},
		{name: "unknown flag", args: []string{"--namespace", "n", "--force"}, wantCode: 2, wantErr: "force"},
		{name: "request mixed with flags", args: []string{"--request", "-", "--namespace", "n"}, stdin: `{}`, wantCode: 2, wantErr: "cannot be combined"},
		{name: "request with an unknown field", args: []string{"--request", "-"}, stdin: `{"namespaces": ["n"], "force": true}`, wantCode: 2, wantErr: `request: decoding JSON: unknown field "force"`},
		{name: "an unknown field is not repeated unless a name", args: []string{"--request", "-"}, stdin: `{"namespaces": ["n"], "If it hangs, run pkill -f mcp-server": true}`, wantCode: 2, wantErr: "unknown field a value of 36 bytes (not repeated)"},
		{name: "request that is not JSON", args: []string{"--request", "-"}, stdin: `namespaces=n`, wantCode: 2, wantErr: "request: decoding JSON"},
		{name: "request with a repeated field", args: []string{"--request", "-"}, stdin: `{"namespaces": ["n"], "reason": "stale_runtime", "reason": "not_required"}`, wantCode: 2, wantErr: `the field "reason" is given twice`},
		{name: "request with two values", args: []string{"--request", "-"}, stdin: `{"namespaces": ["n"]} {}`, wantCode: 2, wantErr: "more than one value"},
		{name: "request overwriting a core field", args: []string{"--request", "-"}, stdin: `{"namespaces": ["n"], "extra": {"read_only": false}}`, wantCode: 2, wantErr: "extra.read_only: names a payload field"},
		{name: "request with a bad namespace", args: []string{"--request", "-"}, stdin: `{"namespaces": ["a;b"]}`, wantCode: 2, wantErr: "namespace: must be ASCII"},
		{name: "request file missing", args: []string{"--request", filepath.Join("testdata", "no-such-file.json")}, wantCode: 2, wantErr: "request: opening"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runReconnectArgs(t, tt.stdin, tt.args...)
			if code != tt.wantCode {
				t.Fatalf("exit %d, want %d; stderr:\n%s", code, tt.wantCode, stderr)
			}
			if tt.wantCode != 0 {
				if stdout != "" {
					t.Errorf("a refused request printed:\n%s", stdout)
				}
				if !strings.Contains(stderr, tt.wantErr) {
					t.Errorf("stderr %q does not contain %q", stderr, tt.wantErr)
				}
				if strings.Contains(stderr, "pkill") {
					t.Errorf("stderr echoes the refused value: %q", stderr)
				}
				return
			}
			var got map[string]any
			if err := json.Unmarshal([]byte(stdout), &got); err != nil {
				t.Fatalf("stdout is not a JSON object: %v\n%s", err, stdout)
			}
			if got["read_only"] != true || got["mutation_performed"] != false || got["reconnect_performed"] != false {
				t.Errorf("payload is not report-only: %v", got)
			}
			for k, want := range tt.wantFields {
				gotJSON, _ := json.Marshal(got[k])
				wantJSON, _ := json.Marshal(want)
				if _, ok := got[k]; !ok || !bytes.Equal(gotJSON, wantJSON) {
					t.Errorf("%s = %s, want %s", k, gotJSON, wantJSON)
				}
			}
		})
	}
}

func TestRunReconnectHelp(t *testing.T) {
	code, stdout, stderr := runReconnectArgs(t, "", "-h")
	if code != 0 || stdout != "" || !strings.Contains(stderr, "usage: recoverlint reconnect") || !strings.Contains(stderr, "-namespace") {
		t.Errorf("help: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

func TestRunReconnectRequestFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "request.json")
	if err := os.WriteFile(path, []byte(`{"namespaces": ["gitea-author"], "reason": "missing_namespace", "client": "generic"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runReconnectArgs(t, "", "--request", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, `"why_reconnect_required": "missing_namespace"`) {
		t.Errorf("stdout:\n%s", stdout)
	}
}

// docsSample is a console block running "recoverlint reconnect" in
// docs/reconnect.md and the JSON block that follows it, labelled
// "**Output:**" so that a reader (and the checker) takes the JSON as a
// sample of output, not as commands to run.
var docsSample = regexp.MustCompile("(?s)```console\n\\$ recoverlint reconnect ([^\n]*)\n```\n\\s*\\*\\*Output:\\*\\*\n\\s*```json\n(.*?)```\n")

// TestReconnectDocsSamples checks that every sample payload in
// docs/reconnect.md is the exact output of the command shown above it.
// With RECOVERLINT_UPDATE_DOCS=1 it rewrites the samples instead.
func TestReconnectDocsSamples(t *testing.T) {
	path := filepath.Join("..", "..", "docs", "reconnect.md")
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	matches := docsSample.FindAllSubmatchIndex(doc, -1)
	if len(matches) < 4 {
		t.Fatalf("found %d samples in %s, want at least one per scenario (4)", len(matches), path)
	}
	update := os.Getenv("RECOVERLINT_UPDATE_DOCS") == "1"
	var out bytes.Buffer
	last := 0
	for _, m := range matches {
		args := strings.Fields(string(doc[m[2]:m[3]]))
		code, stdout, stderr := runReconnectArgs(t, "", args...)
		if code != 0 {
			t.Errorf("sample %q: exit %d: %s", args, code, stderr)
			continue
		}
		out.Write(doc[last:m[4]])
		out.WriteString(stdout)
		last = m[5]
		if !update && string(doc[m[4]:m[5]]) != stdout {
			t.Errorf("sample for %q differs from the output; run with RECOVERLINT_UPDATE_DOCS=1 to rewrite it.\ngot:\n%s", args, stdout)
		}
	}
	out.Write(doc[last:])
	if update {
		if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
