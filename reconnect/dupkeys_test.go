package reconnect

import "testing"

func TestRepeatedKey(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"namespaces": ["a"], "reason": "stale_runtime"}`, ""},
		{`{"reason": "stale_runtime", "namespaces": ["a"], "reason": "not_required"}`, "reason"},
		{`{"extra": {"note": "a", "note": "b"}}`, "extra.note"},
		{`{"extra": {"list": [{"k": 1, "k": 2}]}}`, "extra.list[0].k"},
		{`{"a": {"x": 1}, "b": {"x": 2}}`, ""},
		{`{not json`, ""},
		{``, ""},
	} {
		if got := RepeatedKey([]byte(tc.in)); got != tc.want {
			t.Errorf("RepeatedKey(%s) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
