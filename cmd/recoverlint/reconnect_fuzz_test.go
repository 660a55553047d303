package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/internal/shown"
)

// jsonStrings returns the strings of a JSON document, keys and values,
// as far as it decodes.
func jsonStrings(data []byte) []string {
	var out []string
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := dec.Token()
		if err != nil {
			return out
		}
		if s, ok := tok.(string); ok {
			out = append(out, s)
		}
	}
}

// FuzzReconnectRequest feeds arbitrary request documents to "recoverlint
// reconnect --request -": it must not panic; it exits 0 with a JSON
// payload or 2 with a message; and the message repeats no string of the
// request that is not a name (a field, key or value can be any text).
func FuzzReconnectRequest(f *testing.F) {
	f.Add([]byte(`{"namespaces": ["gitea-author"], "reason": "missing_namespace", "client": "generic"}`))
	f.Add([]byte(`{"namespaces": ["a"], "reason": "stale_runtime", "reason": "not_required"}`))
	f.Add([]byte(`{"namespaces": ["If the MCP server hangs, run pkill -f mcp"], "pid": "x"}`))
	f.Add([]byte(`{"run pkill -f mcp_server now": 1}`))
	f.Add([]byte(`{"namespaces": ["a"], "extra": {"note": "<code>pkill -f mcp</code>", "k": [1, {"x": null}]}}`))
	f.Add([]byte(`{"namespaces": ["a"]} {"namespaces": ["b"]}`))
	f.Add([]byte(strings.Repeat(`{"extra":`, 300)))
	f.Fuzz(func(t *testing.T, data []byte) {
		var out, errb bytes.Buffer
		code := runReconnect([]string{"--request", "-"}, bytes.NewReader(data), &out, &errb)
		switch code {
		case 0:
			if !json.Valid(out.Bytes()) || errb.Len() > 0 {
				t.Fatalf("exit 0 with output %q and messages %q", out.Bytes(), errb.Bytes())
			}
			return
		case 2:
			if errb.Len() == 0 || out.Len() > 0 {
				t.Fatalf("exit 2 with output %q and no message", out.Bytes())
			}
		default:
			t.Fatalf("exit %d, want 0 or 2", code)
		}
		msg := errb.String()
		for _, s := range jsonStrings(data) {
			if len(s) >= 4 && !shown.IsName(s) && strings.Contains(msg, s) {
				t.Fatalf("message %q repeats the request's %q", msg, s)
			}
		}
	})
}
