package lsp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strconv"
	"strings"
	"testing"
)

// replies reads the frames a Stream wrote.
func replies(t testing.TB, out []byte) []map[string]json.RawMessage {
	t.Helper()
	r := bufio.NewReader(bytes.NewReader(out))
	var msgs []map[string]json.RawMessage
	for {
		line, err := r.ReadString('\n')
		if err == io.EOF && line == "" {
			return msgs
		}
		n, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(line, "Content-Length:")))
		if err != nil {
			t.Fatalf("a reply frame starts %q", line)
		}
		if blank, _ := r.ReadString('\n'); blank != "\r\n" {
			t.Fatalf("a reply header ends %q", blank)
		}
		body := make([]byte, n)
		if _, err := io.ReadFull(r, body); err != nil {
			t.Fatalf("a reply is shorter than its length: %v", err)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(body, &m); err != nil {
			t.Fatalf("a reply is not JSON: %q", body)
		}
		msgs = append(msgs, m)
	}
}

func TestStreamResyncs(t *testing.T) {
	good := `{"jsonrpc":"2.0","id":1,"method":"shutdown"}`
	in := "garbage\r\n" +
		"Content-Length: 9\r\n\r\n{not json" +
		"Content-Length: " + strconv.Itoa(len(good)) + "\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" + good
	var out bytes.Buffer
	s := NewStream(strings.NewReader(in), &out, nil, 0)
	msg, _, err := s.Read(context.Background())
	if err != nil || msg == nil {
		t.Fatalf("Read = %v, %v; want the good message after two bad ones", msg, err)
	}
	if got := replies(t, out.Bytes()); len(got) != 2 {
		t.Fatalf("replies %v, want one per bad frame", got)
	}
	if _, _, err := s.Read(context.Background()); err == nil {
		t.Fatal("Read after the end of input gave no error")
	}
}

// FuzzStream reads arbitrary input to its end: no panic, and every reply
// is a well-framed JSON-RPC error that never repeats the input.
func FuzzStream(f *testing.F) {
	for _, s := range []string{
		"Content-Length: 2\r\n\r\n{}",
		"Content-Length: 44\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"shutdown\"}",
		"garbage\n\n\nContent-Length: -1\r\n\r\n",
		"Content-Length: 5\r\n\r\n[1,2]Content-Length: 3\r\n\r\n\"x\"",
		"content-length: 30\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1}}",
		strings.Repeat("A", 5000) + "\r\n\r\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		var out bytes.Buffer
		s := NewStream(bytes.NewReader(in), &out, nil, 1<<12)
		for range 1000 {
			if _, _, err := s.Read(context.Background()); err != nil {
				break
			}
		}
		for _, m := range replies(t, out.Bytes()) {
			var e struct {
				Code    int    `json:"code"`
				Message string `json:"message"`
			}
			if json.Unmarshal(m["error"], &e) != nil || e.Code == 0 || e.Message == "" {
				t.Fatalf("a reply that is no error: %v", m)
			}
			if len(e.Message) > 120 {
				t.Fatalf("a reply message that may repeat the input: %q", e.Message)
			}
		}
	})
}
