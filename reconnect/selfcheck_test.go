package reconnect

import (
	"errors"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/check"
)

// flagLineWith is a fake checker that reports one finding on the first
// line containing needle, the way the real checker would for a
// recommendation there.
func flagLineWith(needle string) checkFunc {
	return func(name string, src []byte, cfg check.Config) ([]check.Finding, error) {
		for i, line := range strings.Split(string(src), "\n") {
			if strings.Contains(line, needle) {
				return []check.Finding{{Path: name, Line: i + 1, Column: 1, Rule: "process-kill", Message: "recommends killing processes"}}, nil
			}
		}
		return nil, nil
	}
}

func stalledRequest() Request {
	return Request{
		Namespaces: []string{"gitea-author", "gitea-reviewer"},
		Reason:     ReasonTransportEOF,
		Client:     ClientClaudeCode,
		Extra: map[string]any{
			"note":    "operator paged",
			"history": []any{"first probe", map[string]any{"kill_switch": "armed"}},
		},
	}
}

// TestSelfCheckSeesEveryString proves the validation path is wired: the
// checker receives one plain-text document holding every human-readable
// string of the payload, extra fields included.
func TestSelfCheckSeesEveryString(t *testing.T) {
	var gotName string
	var gotDoc string
	record := func(name string, src []byte, cfg check.Config) ([]check.Finding, error) {
		if gotDoc == "" { // the whole payload comes first; each extra string then alone
			gotName, gotDoc = name, string(src)
		}
		return nil, nil
	}
	p, err := build(stalledRequest(), record)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(gotName, ".txt") {
		t.Errorf("checked as %q, want plain prompt text", gotName)
	}
	want := []string{p.ExactSafeNextAction, p.TypedBlocker.InstructionAfterReconnect, "operator paged", "first probe", "kill_switch", "armed"}
	want = append(want, p.OperatorUISteps...)
	want = append(want, p.ForbiddenRecoveryPaths...)
	for _, s := range want {
		if !strings.Contains(gotDoc, "\n"+s+"\n") && !strings.HasPrefix(gotDoc, s+"\n") {
			t.Errorf("checked document lacks the paragraph %q", s)
		}
	}
}

// TestSelfCheckFailsClosed injects a checker that reports a finding and
// asserts Build refuses the payload and names the field the finding is in.
func TestSelfCheckFailsClosed(t *testing.T) {
	tests := []struct {
		needle    string
		wantField string
	}{
		{"blocker_kind=", "exact_safe_next_action"},
		{"choose Reconnect", "operator_ui_steps[1]"},
		{"Once the host shows", "typed_blocker.instruction_after_reconnect"},
		{"never touch a config file", "forbidden_recovery_paths[1]"},
		{"never bypass the MCP tools", "forbidden_recovery_paths[5]"},
		{"operator paged", "extra.note"},
		{"kill_switch", "extra.history[1]"},
		{"armed", "extra.history[1].kill_switch"},
	}
	for _, tt := range tests {
		t.Run(tt.wantField, func(t *testing.T) {
			p, err := build(stalledRequest(), flagLineWith(tt.needle))
			var ue *UnsafeTextError
			if !errors.As(err, &ue) {
				t.Fatalf("build error = %v (payload %+v), want *UnsafeTextError", err, p)
			}
			if ue.Field != tt.wantField || ue.Rule != "process-kill" || ue.Count != 1 {
				t.Errorf("error = %+v, want field %q", *ue, tt.wantField)
			}
			if p.Success || p.ExactSafeNextAction != "" {
				t.Errorf("a refused build returned a payload: %+v", p)
			}
		})
	}
}

func TestSelfCheckCheckerError(t *testing.T) {
	boom := errors.New("engine unavailable")
	failing := func(string, []byte, check.Config) ([]check.Finding, error) { return nil, boom }
	if _, err := build(stalledRequest(), failing); !errors.Is(err, boom) {
		t.Errorf("build error = %v, want the checker's error wrapped", err)
	}
}

// TestSelfCheckHealthyPayload covers the payload without a typed blocker.
func TestSelfCheckHealthyPayload(t *testing.T) {
	req := Request{Namespaces: []string{"gitea-tools"}, Reason: ReasonNotRequired, InParity: new(true)}
	if _, err := build(req, flagLineWith("No reconnect is needed")); err == nil {
		t.Error("build ignored a finding in the healthy next action")
	}
	p, err := build(req, flagLineWith("no such text"))
	if err != nil || p.ReconnectNeeded {
		t.Errorf("healthy build = %+v, %v", p, err)
	}
}

// TestExtraReadAlone: an extra string is checked on its own, as text, as
// Markdown and without its HTML tags, so that markup or its neighbours
// cannot hide a recommendation; control characters and bidirectional
// overrides are refused outright.
func TestExtraReadAlone(t *testing.T) {
	for _, tc := range []struct {
		name string
		val  string
		want string // "unsafe" or "field"
	}{
		{"html", "<code>pkill -f mcp_server</code>", "unsafe"},
		{"fence", "```sh\npkill -f mcp_server\n```", "unsafe"},
		{"rtl", "run p\u202ekill -f mcp_server", "field"},
		{"escape", "\x1b[31mred\x07", "field"},
		{"plain", "operator paged at 09:12", ""},
	} {
		req := stalledRequest()
		req.Extra = map[string]any{"note": tc.val}
		_, err := Build(req)
		var ue *UnsafeTextError
		var fe *FieldError
		switch {
		case tc.want == "unsafe" && !errors.As(err, &ue):
			t.Errorf("%s: %v, want the self-check to refuse it", tc.name, err)
		case tc.want == "field" && !errors.As(err, &fe):
			t.Errorf("%s: %v, want a field error", tc.name, err)
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v, want the payload", tc.name, err)
		}
	}
}
