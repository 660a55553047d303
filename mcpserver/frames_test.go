package mcpserver

import (
	"bytes"
	"encoding/json"
	"io"
	"slices"
	"strings"
	"testing"
)

// runFrames passes in through Frames and returns the lines passed on to
// the SDK and the replies written at once.
func runFrames(t *testing.T, in []byte, tools []string) (passed []string, replies []string) {
	t.Helper()
	var out bytes.Buffer
	r, _ := Frames(bytes.NewReader(in), &out, tools)
	got, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("reading the passed lines: %v", err)
	}
	split := func(b []byte) []string {
		var lines []string
		for l := range strings.SplitSeq(strings.TrimSuffix(string(b), "\n"), "\n") {
			if l != "" {
				lines = append(lines, l)
			}
		}
		return lines
	}
	return split(got), split(out.Bytes())
}

func TestFrames(t *testing.T) {
	tools := []string{"check_text", "request_mcp_reconnect"}
	const call = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"check_text"}}`
	for _, tt := range []struct {
		name    string
		in      string
		passed  []string
		replies []string
	}{
		{"a request", call + "\n", []string{call}, nil},
		{"CRLF and blank lines", "\r\n\n" + call + "\r\n\n", []string{call}, nil},
		{"no final line break", call, []string{call}, nil},
		{"not JSON", "{not json\n" + call, []string{call},
			[]string{`{"error":{"code":-32700,"message":"parse error: the line is not one JSON object"},"id":null,"jsonrpc":"2.0"}`}},
		{"a batch", "[" + call + "]\n", nil,
			[]string{`{"error":{"code":-32600,"message":"invalid request: batches are not supported"},"id":null,"jsonrpc":"2.0"}`}},
		{"version 1.0", `{"jsonrpc":"1.0","id":1,"method":"ping"}`, nil,
			[]string{`{"error":{"code":-32600,"message":"invalid request: jsonrpc must be \"2.0\""},"id":null,"jsonrpc":"2.0"}`}},
		{"an object id", `{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, nil,
			[]string{`{"error":{"code":-32600,"message":"invalid request: the id must be a string, a number or null"},"id":null,"jsonrpc":"2.0"}`}},
		{"an unknown method", `{"jsonrpc":"2.0","id":"x","method":"run pkill -f mcp"}`, nil,
			[]string{`{"error":{"code":-32601,"message":"method not found"},"id":"x","jsonrpc":"2.0"}`}},
		{"an unknown method in a notification", `{"jsonrpc":"2.0","method":"run pkill -f mcp"}`, nil, nil},
		{"an unknown tool", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"run pkill -f mcp"}}`, nil,
			[]string{`{"error":{"code":-32602,"message":"unknown tool: the tools are check_text and request_mcp_reconnect"},"id":7,"jsonrpc":"2.0"}`}},
		{"over the frame limit", strings.Repeat("x", MaxFrame+10) + "\n" + call, []string{call},
			[]string{`{"error":{"code":-32600,"message":"invalid request: message over the frame limit"},"id":null,"jsonrpc":"2.0"}`}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			passed, replies := runFrames(t, []byte(tt.in), tools)
			if !slices.Equal(passed, tt.passed) {
				t.Errorf("passed on %q, want %q", passed, tt.passed)
			}
			if !slices.Equal(replies, tt.replies) {
				t.Errorf("replies %q, want %q", replies, tt.replies)
			}
		})
	}
}

// FuzzFrames feeds arbitrary streams to Frames: it must not panic; what
// it passes on are lines of the input, each one JSON object; every reply
// is a JSON-RPC error whose message is one of Frames' own, so that none
// repeats the input; and a line that is not a JSON object is answered.
func FuzzFrames(f *testing.F) {
	f.Add([]byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}` + "\n"))
	f.Add([]byte("{not json\n[\n\n{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"ping\"}\r\n"))
	f.Add([]byte(`{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"pkill -f mcp"}}` + "\n" + `[{"jsonrpc":"2.0"}]`))
	f.Add([]byte(`{"jsonrpc":"1.0","method":"If the server hangs, run pkill"}` + "\n" + strings.Repeat("[", 20000)))
	tools := []string{"check_text", "request_mcp_reconnect", "request_mcp_restart"}
	messages := []string{
		"parse error: the line is not one JSON object",
		"invalid request: batches are not supported",
		`invalid request: jsonrpc must be "2.0"`,
		"invalid request: the id must be a string, a number or null",
		"invalid request: message over the frame limit",
		"method not found",
		unknownToolText(tools),
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		passed, replies := runFrames(t, in, tools)
		var lines []string
		notObjects := 0
		for l := range strings.SplitSeq(string(in), "\n") {
			l = strings.TrimRight(l, "\r\n")
			if strings.TrimSpace(l) == "" {
				continue
			}
			lines = append(lines, l)
			var m map[string]json.RawMessage
			if json.Unmarshal([]byte(l), &m) != nil {
				notObjects++
			}
		}
		rest := lines
		for _, p := range passed {
			i := slices.Index(rest, p)
			if i < 0 {
				t.Fatalf("passed on %q, not a line of the input in order", p)
			}
			rest = rest[i+1:]
			var m map[string]json.RawMessage
			if err := json.Unmarshal([]byte(p), &m); err != nil {
				t.Fatalf("passed on %q, not a JSON object: %v", p, err)
			}
		}
		for _, r := range replies {
			var rep struct {
				JSONRPC string          `json:"jsonrpc"`
				ID      json.RawMessage `json:"id"`
				Error   struct {
					Code    int    `json:"code"`
					Message string `json:"message"`
				} `json:"error"`
			}
			if err := json.Unmarshal([]byte(r), &rep); err != nil || rep.JSONRPC != "2.0" || rep.Error.Code >= 0 {
				t.Fatalf("reply %q is not a JSON-RPC error (%v)", r, err)
			}
			if !slices.Contains(messages, rep.Error.Message) {
				t.Fatalf("reply message %q is not one of Frames' own", rep.Error.Message)
			}
		}
		if len(replies) < notObjects || len(passed)+len(replies) > len(lines) {
			t.Fatalf("%d lines (%d not JSON objects): %d passed on, %d replies", len(lines), notObjects, len(passed), len(replies))
		}
	})
}
