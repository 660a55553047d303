package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/restart"
)

const restartSamples = "../../docs/samples/restart/"

// restartClock is the time the sample inventories were taken for.
func restartClock() time.Time { return time.Date(2026, 7, 24, 6, 0, 0, 0, time.UTC) }

// fakeRestartHost knows the given variables, the clock above and the
// liveness of the given pids; other pids cannot be probed.
func fakeRestartHost(vars map[string]string, pids map[int]bool) restartHost {
	return restartHost{
		lookupEnv: func(k string) (string, bool) {
			v, ok := vars[k]
			return v, ok
		},
		now: restartClock,
		probe: func(pid int) (bool, error) {
			alive, ok := pids[pid]
			if !ok {
				return false, errors.New("cannot probe")
			}
			return alive, nil
		},
	}
}

type restartRun struct {
	code   int
	stdout string
	stderr string
	report *restart.Report // nil unless stdout holds a report
}

func runRestart(t *testing.T, host restartHost, stdin string, args ...string) restartRun {
	t.Helper()
	var out, errOut bytes.Buffer
	code := restartImpact(args, strings.NewReader(stdin), &out, &errOut, host)
	run := restartRun{code: code, stdout: out.String(), stderr: errOut.String()}
	if out.Len() > 0 {
		var r restart.Report
		dec := json.NewDecoder(&out)
		dec.DisallowUnknownFields()
		if err := dec.Decode(&r); err != nil {
			t.Fatalf("stdout is not a report: %v\n%s", err, run.stdout)
		}
		run.report = &r
	}
	return run
}

const restartStdinInventory = `{
  "collected_at": "2026-07-24T05:59:30Z",
  "inventory_complete": true,
  "sessions": [{"id": "s1", "pid": 10, "status": "active", "last_heartbeat": "2026-07-24T05:59:00Z"}],
  "leases": [],
  "terminal_lock": {"held": false}
}`

func TestRestartImpact(t *testing.T) {
	const authVar = restart.DefaultOverrideEnv
	tests := []struct {
		name    string
		args    []string
		stdin   string
		vars    map[string]string
		pids    map[int]bool
		code    int
		verdict restart.Verdict // "" when no report is expected
		stderr  string          // a substring of standard error
	}{
		{name: "safe sample is allowed", args: []string{"--inventory", restartSamples + "safe.json"},
			code: 0, verdict: restart.Safe},
		{name: "critical section is denied", args: []string{"--inventory", restartSamples + "critical-section.json"},
			code: 1, verdict: restart.Unsafe},
		{name: "terminal lock is denied even with authority",
			args: []string{"--inventory", restartSamples + "terminal-lock.json", "--request-override"},
			vars: map[string]string{authVar: "ticket-1"}, code: 1, verdict: restart.Unsafe},
		{name: "override with environment authority is allowed",
			args: []string{"--inventory", restartSamples + "busy.json", "--request-override"},
			vars: map[string]string{authVar: "ticket-1"}, code: 0, verdict: restart.Override},
		{name: "override request without authority is denied",
			args: []string{"--inventory", restartSamples + "busy.json", "--request-override"},
			code: 1, verdict: restart.Unsafe},
		{name: "authority without a request is denied",
			args: []string{"--inventory", restartSamples + "busy.json"},
			vars: map[string]string{authVar: "ticket-1"}, code: 1, verdict: restart.Unsafe},
		{name: "authority is read from the named variable",
			args: []string{"--inventory", restartSamples + "busy.json", "--request-override", "--override-env", "OPS_AUTH"},
			vars: map[string]string{"OPS_AUTH": "ops-7x"}, code: 0, verdict: restart.Override},
		{name: "the default variable is ignored when another is named",
			args: []string{"--inventory", restartSamples + "busy.json", "--request-override", "--override-env", "OPS_AUTH"},
			vars: map[string]string{authVar: "ticket-1"}, code: 1, verdict: restart.Unsafe},
		{name: "incomplete inventory is denied even with authority",
			args: []string{"--inventory", restartSamples + "incomplete.json", "--request-override"},
			vars: map[string]string{authVar: "ticket-1"}, code: 1, verdict: restart.Unsafe},
		{name: "the requester alone is safe",
			args: []string{"--inventory", "-", "--session", "s1"}, stdin: restartStdinInventory,
			pids: map[int]bool{10: true}, code: 0, verdict: restart.Safe},
		{name: "a probed live pid counts",
			args: []string{"--inventory", "-"}, stdin: restartStdinInventory,
			pids: map[int]bool{10: true}, code: 1, verdict: restart.Unsafe},
		{name: "a probed dead pid does not count",
			args: []string{"--inventory", "-"}, stdin: restartStdinInventory,
			pids: map[int]bool{10: false}, code: 0, verdict: restart.Safe},
		{name: "without probing unknown liveness counts as running",
			args: []string{"--inventory", "-", "--no-probe"}, stdin: restartStdinInventory,
			pids: map[int]bool{10: false}, code: 1, verdict: restart.Unsafe},
		{name: "a short heartbeat window makes the session stale",
			args: []string{"--inventory", "-", "--heartbeat-window", "30s", "--no-probe"}, stdin: restartStdinInventory,
			code: 0, verdict: restart.Safe},
		{name: "an old inventory is denied",
			args: []string{"--inventory", restartSamples + "safe.json", "--now", "2026-07-24T07:00:00Z"},
			code: 1, verdict: restart.Unsafe},
		{name: "a larger max age accepts it",
			args: []string{"--inventory", restartSamples + "safe.json", "--now", "2026-07-24T07:00:00Z", "--max-age", "2h"},
			code: 0, verdict: restart.Safe},
		{name: "missing inventory_complete is denied",
			args:  []string{"--inventory", "-"},
			stdin: `{"collected_at": "2026-07-24T05:59:30Z", "sessions": [], "leases": [], "terminal_lock": {"held": false}}`,
			code:  1, verdict: restart.Unsafe},
		{name: "apply performs nothing", args: []string{"--inventory", restartSamples + "safe.json", "--apply"},
			code: 1, verdict: restart.Safe, stderr: "needs a drain proof"},
		{name: "malformed JSON names line and column", args: []string{"--inventory", "-"},
			stdin: "{\n  \"sessions\": [x]\n}", code: 2, stderr: "stdin:2:16: invalid character 'x'"},
		{name: "unknown field names line and column", args: []string{"--inventory", "-"},
			stdin: "{\"sessions\": [],\n  \"lease\": []}", code: 2, stderr: `stdin:2:3: unknown field "lease"`},
		{name: "wrong type names line and column", args: []string{"--inventory", "-"},
			stdin: `{"inventory_complete": "yes"}`, code: 2, stderr: "stdin:1:24: inventory_complete: want true or false, got a string"},
		{name: "truncated input", args: []string{"--inventory", "-"},
			stdin: `{"sessions": [`, code: 2, stderr: "stdin:1:15: unexpected end of input"},
		{name: "empty input", args: []string{"--inventory", "-"}, code: 2, stderr: "empty inventory"},
		{name: "file errors name the file", args: []string{"--inventory", restartSamples + "no-such.json"},
			code: 2, stderr: "reading inventory"},
		{name: "inventory is required", args: nil, code: 2, stderr: "--inventory FILE or --inventory - is required"},
		{name: "bad time", args: []string{"--inventory", "-", "--now", "noon"}, code: 2, stderr: `--now "noon"`},
		{name: "positional argument", args: []string{"--inventory", "-", "extra.json"}, code: 2, stderr: `unexpected argument "extra.json"`},
		{name: "unknown flag", args: []string{"--force"}, code: 2, stderr: "flag provided but not defined: -force"},
		{name: "no override flag value is taken", args: []string{"--inventory", "-", "--request-override=ticket-1"},
			code: 2, stderr: "invalid boolean value"},
		{name: "heartbeat window must be positive", args: []string{"--inventory", "-", "--heartbeat-window", "0s"},
			code: 2, stderr: "--heartbeat-window must be positive"},
		{name: "max age must be positive", args: []string{"--inventory", "-", "--max-age", "-1m"},
			code: 2, stderr: "--max-age must be positive"},
		{name: "override variable must be named", args: []string{"--inventory", "-", "--override-env", ""},
			code: 2, stderr: "--override-env must name a variable"},
		{name: "help", args: []string{"-h"}, code: 0, stderr: "usage: recoverlint restart-impact"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			run := runRestart(t, fakeRestartHost(tt.vars, tt.pids), tt.stdin, tt.args...)
			if run.code != tt.code {
				t.Errorf("exit %d, want %d\nstderr: %s", run.code, tt.code, run.stderr)
			}
			if !strings.Contains(run.stderr, tt.stderr) {
				t.Errorf("stderr %q does not contain %q", run.stderr, tt.stderr)
			}
			switch {
			case tt.verdict == "" && run.report != nil:
				t.Errorf("unexpected report on stdout: %s", run.stdout)
			case tt.verdict != "" && run.report == nil:
				t.Fatalf("no report on stdout; stderr: %s", run.stderr)
			case tt.verdict != "":
				r := run.report
				if r.Verdict != tt.verdict {
					t.Errorf("verdict %s, want %s; reasons: %q", r.Verdict, tt.verdict, r.Reasons)
				}
				if !r.DryRun || r.ApplySupported {
					t.Errorf("dry_run %v apply_supported %v", r.DryRun, r.ApplySupported)
				}
				if want := tt.code == 0; r.AllowRestart != want && !r.ApplyRequested {
					t.Errorf("allow_restart %v but exit %d", r.AllowRestart, run.code)
				}
			}
			for _, v := range tt.vars {
				if strings.Contains(run.stdout+run.stderr, v) {
					t.Errorf("output contains the authority value %q", v)
				}
			}
		})
	}
}

func TestRestartImpactApply(t *testing.T) {
	run := runRestart(t, fakeRestartHost(nil, nil), "", "--inventory", restartSamples+"safe.json", "--apply")
	if run.code != 1 || run.report == nil {
		t.Fatalf("exit %d, report %v; want 1 with a report", run.code, run.report != nil)
	}
	r := run.report
	if !r.ApplyRequested || r.ApplySupported || !r.DryRun || r.Reasons[len(r.Reasons)-1] != restart.ApplyRefusal {
		t.Errorf("apply not reported as refused: apply_requested %v, apply_supported %v, dry_run %v, reasons %q",
			r.ApplyRequested, r.ApplySupported, r.DryRun, r.Reasons)
	}
}

func TestRestartImpactDefaultClock(t *testing.T) {
	tests := []struct {
		name    string
		now     time.Time
		verdict restart.Verdict
	}{
		{"just after collection", restartClock(), restart.Safe},
		{"an hour later the inventory is too old", restartClock().Add(time.Hour), restart.Unsafe},
	}
	for _, tt := range tests {
		host := fakeRestartHost(nil, nil)
		host.now = func() time.Time { return tt.now.Add(123 * time.Millisecond).In(time.FixedZone("X", 3600)) }
		run := runRestart(t, host, "", "--inventory", restartSamples+"safe.json")
		if run.report == nil || run.report.Verdict != tt.verdict {
			t.Errorf("%s: report %+v, want verdict %s", tt.name, run.report, tt.verdict)
			continue
		}
		if want := tt.now.UTC(); !run.report.EvaluatedAt.Equal(want) || run.report.EvaluatedAt.Location() != time.UTC {
			t.Errorf("%s: evaluated_at %v, want %v in UTC, whole seconds", tt.name, run.report.EvaluatedAt, want)
		}
	}
}

// TestRestartImpactProcessEnvironment goes through the real entry point:
// the process environment, the host clock and the host's pid probe.
func TestRestartImpactProcessEnvironment(t *testing.T) {
	const value = "ops-ticket-5512"
	t.Setenv(restart.DefaultOverrideEnv, value)
	inv := `{"collected_at": "` + time.Now().UTC().Format(time.RFC3339) + `", "inventory_complete": true,
		"sessions": [{"id": "me", "pid": ` + itoa(os.Getpid()) + `, "status": "active"}],
		"leases": [], "terminal_lock": {"held": false}}`
	tests := []struct {
		name    string
		args    []string
		code    int
		verdict restart.Verdict
	}{
		{"the probe finds this process live", []string{"--inventory", "-"}, 1, restart.Unsafe},
		{"the environment authority allows an override", []string{"--inventory", "-", "--request-override"}, 0, restart.Override},
	}
	for _, tt := range tests {
		var out, errOut bytes.Buffer
		code := runRestartImpact(tt.args, strings.NewReader(inv), &out, &errOut)
		if code != tt.code || !strings.Contains(out.String(), `"verdict": "`+string(tt.verdict)+`"`) {
			t.Errorf("%s: exit %d, want %d with verdict %s\n%s%s", tt.name, code, tt.code, tt.verdict, out.String(), errOut.String())
		}
		if !strings.Contains(out.String(), `"pid_state": "running"`) {
			t.Errorf("%s: this process was not probed as running", tt.name)
		}
		if strings.Contains(out.String(), value) {
			t.Errorf("%s: the report contains the authority value", tt.name)
		}
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// TestRestartImpactDocSample keeps the sample report in
// docs/restart-impact.md identical to what the command prints.
func TestRestartImpactDocSample(t *testing.T) {
	doc, err := os.ReadFile("../../docs/restart-impact.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)<!-- sample-report: (.*?) -->\n```json\n(.*?)```").FindSubmatch(doc)
	if m == nil {
		t.Fatal("docs/restart-impact.md has no sample-report block")
	}
	var args []string
	for _, a := range strings.Fields(string(m[1])) {
		args = append(args, strings.Replace(a, "docs/", "../../docs/", 1))
	}
	run := runRestart(t, fakeRestartHost(nil, nil), "", args...)
	if run.stdout != string(m[2]) {
		t.Errorf("the sample report in docs/restart-impact.md is out of date; the command prints:\n%s", run.stdout)
	}
	if run.code != 1 {
		t.Errorf("the sample's exit status is %d; the doc says 1", run.code)
	}
}

// TestRestartImpactTextPassesTheChecker runs the command's own messages,
// its help and its reports' sentences through recoverlint's checker.
func TestRestartImpactTextPassesTheChecker(t *testing.T) {
	var texts []string
	for _, args := range [][]string{
		{"-h"}, {}, {"--inventory", "-"}, {"--inventory", "-", "--now", "x"}, {"--inventory", "nowhere.json"},
		{"--inventory", restartSamples + "critical-section.json", "--apply", "--request-override"},
		{"--inventory", restartSamples + "busy.json", "--request-override"},
	} {
		run := runRestart(t, fakeRestartHost(nil, nil), "{", args...)
		texts = append(texts, run.stderr)
		if run.report != nil {
			texts = append(texts, run.report.Reasons...)
		}
	}
	for _, s := range texts {
		findings, err := check.Source("restart-impact.txt", []byte(s), check.Config{})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range findings {
			t.Errorf("%q: %s: %s", s, f.Rule, f.Message)
		}
	}
}
