package reconnect_test

import (
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/reconnect"
)

var (
	fuzzName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)
	fuzzSHA  = regexp.MustCompile(`^[0-9a-f]{7,64}$`)
)

// FuzzBuild feeds arbitrary request values to Build. It must never panic;
// a payload it returns holds only values that passed validation; and a
// refusal never repeats shell or control syntax from the input.
func FuzzBuild(f *testing.F) {
	f.Add("gitea-author", "prgs-reconciler", "abc1234", "ABC1234", "stale-runtime", "codex", 42)
	f.Add("x'; run pkill -f mcp; '", "", "", "", "", "", 0)
	f.Add("a\nb", "p;q", "zz", "0123456789abcdef0123456789abcdef01234567", "eof", "claude", -1)
	f.Add("gitea\u200bauthor", "$(id)", "abc1234", "", "ok", "vscode", 1)
	f.Fuzz(func(t *testing.T, namespace, profile, startup, current, reason, client string, pid int) {
		req := reconnect.Request{
			Namespaces:       []string{namespace},
			Profile:          profile,
			PID:              pid,
			StartupSHA:       startup,
			CurrentMasterSHA: current,
			Reason:           reconnect.Reason(reason),
			Client:           reconnect.Client(client),
		}
		p, err := reconnect.Build(req)
		if err != nil {
			var fe *reconnect.FieldError
			var ue *reconnect.UnsafeTextError
			if !errors.As(err, &fe) && !errors.As(err, &ue) {
				t.Fatalf("error of unexpected type %T: %v", err, err)
			}
			msg := err.Error()
			for _, in := range []string{namespace, profile, startup, current, reason, client} {
				if strings.ContainsAny(in, ";$`\n\r\x00") && strings.Contains(msg, in) {
					t.Fatalf("error %q echoes input %q", msg, in)
				}
			}
			return
		}
		if !fuzzName.MatchString(p.Namespace) || p.Namespace != namespace {
			t.Fatalf("namespace %q passed validation", p.Namespace)
		}
		if p.Profile != nil && !fuzzName.MatchString(*p.Profile) {
			t.Fatalf("profile %q passed validation", *p.Profile)
		}
		for _, sha := range []*string{p.StartupSHA, p.CurrentMasterSHA} {
			if sha != nil && !fuzzSHA.MatchString(*sha) {
				t.Fatalf("sha %q passed validation", *sha)
			}
		}
		if p.PID != nil && *p.PID <= 0 {
			t.Fatalf("pid %d passed validation", *p.PID)
		}
		b, err := json.Marshal(p)
		if err != nil {
			t.Fatalf("payload does not encode: %v", err)
		}
		var back map[string]any
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("payload JSON does not decode: %v", err)
		}
		if back["namespace"] != namespace || back["read_only"] != true || back["mutation_performed"] != false {
			t.Fatalf("decoded payload = %v", back)
		}
	})
}
