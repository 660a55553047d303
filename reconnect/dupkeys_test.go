package reconnect

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

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

// TestRepeatedKeyDeep checks documents nested a million levels deep:
// read recursively with a path spelt at each level, 1 MiB of '[' used
// tens of GB (the paths' lengths summed over the levels).
func TestRepeatedKeyDeep(t *testing.T) {
	const depth = 1 << 20
	for _, tc := range []struct {
		name, in, want string
	}{
		{"arrays", strings.Repeat("[", depth), ""},
		{"objects", strings.Repeat(`{"a":`, depth/5), ""},
		{"a repeat deep down", strings.Repeat(`{"a":[`, 3) + `{"k":1,"k":2}` + strings.Repeat("]}", 3), "a[0].a[0].a[0].k"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got string
			allocs := testing.AllocsPerRun(1, func() { got = RepeatedKey([]byte(tc.in)) })
			if got != tc.want {
				t.Errorf("RepeatedKey = %q, want %q", got, tc.want)
			}
			if allocs > 8*float64(len(tc.in)) {
				t.Errorf("%.0f allocations for %d bytes", allocs, len(tc.in))
			}
		})
	}
}

// repeatedKeyRef is RepeatedKey read recursively, a path spelt at each
// level: the plain reading that FuzzRepeatedKey compares against, on
// documents shallow enough for it.
func repeatedKeyRef(data []byte) string {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var walk func(path string) (string, bool)
	walk = func(path string) (string, bool) {
		tok, err := dec.Token()
		if err != nil {
			return "", true
		}
		switch tok {
		case json.Delim('{'):
			seen := map[string]bool{}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return "", true
				}
				k, _ := kt.(string)
				p := k
				if path != "" {
					p = path + "." + k
				}
				if seen[k] {
					return p, true
				}
				seen[k] = true
				if r, stop := walk(p); stop {
					return r, true
				}
			}
			if _, err := dec.Token(); err != nil {
				return "", true
			}
		case json.Delim('['):
			for i := 0; dec.More(); i++ {
				if r, stop := walk(path + "[" + strconv.Itoa(i) + "]"); stop {
					return r, true
				}
			}
			if _, err := dec.Token(); err != nil {
				return "", true
			}
		}
		return "", false
	}
	r, _ := walk("")
	return r
}

// FuzzRepeatedKey compares RepeatedKey with the recursive reading on
// arbitrary documents: the same path, or "" for both.
func FuzzRepeatedKey(f *testing.F) {
	f.Add([]byte(`{"reason": "a", "namespaces": ["x"], "reason": "b"}`))
	f.Add([]byte(`{"extra": {"list": [{"k": 1, "k": 2}]}}`))
	f.Add([]byte(`[[{"a":1},{"a":2,"b":[{}, {"c":1,"c":2}]}]]`))
	f.Add([]byte(`{"a": {"x": 1}, "b": {"x": 2}} {"a":1,"a":2}`))
	f.Add([]byte(`{"a":[1,2,`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if bytes.Count(data, []byte("["))+bytes.Count(data, []byte("{")) > 1000 {
			return // deeper than the recursive reading is meant for
		}
		if got, want := RepeatedKey(data), repeatedKeyRef(data); got != want {
			t.Fatalf("RepeatedKey(%q) = %q, the recursive reading %q", data, got, want)
		}
	})
}
