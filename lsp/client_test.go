package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// client drives a server over pipes, as an editor does.
type client struct {
	t    testing.TB
	in   *io.PipeWriter // the server's stdin
	msgs chan map[string]json.RawMessage
	done chan error
	next int

	mu      sync.Mutex
	pending []map[string]json.RawMessage // messages read while waiting for another
	// stale, when set, drops the diagnostics of versions before it instead
	// of keeping them for later waits (long runs of edits)
	stale int
}

func startClient(t testing.TB, opts Options) *client {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &client{t: t, in: inW, msgs: make(chan map[string]json.RawMessage, 1024), done: make(chan error, 1)}
	go func() {
		err := Serve(context.Background(), inR, outW, opts)
		outW.Close()
		c.done <- err
	}()
	go func() {
		r := bufio.NewReader(outR)
		defer close(c.msgs)
		for {
			n := -1
			for {
				line, err := r.ReadString('\n')
				if err != nil {
					return
				}
				line = strings.TrimSpace(line)
				if line == "" {
					break
				}
				if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
					n, _ = strconv.Atoi(v)
				}
			}
			body := make([]byte, n)
			if _, err := io.ReadFull(r, body); err != nil {
				return
			}
			var m map[string]json.RawMessage
			if err := json.Unmarshal(body, &m); err != nil {
				panic(fmt.Sprintf("server wrote a body that is not JSON: %q", body))
			}
			c.msgs <- m
		}
	}()
	t.Cleanup(func() { inW.Close() })
	return c
}

func (c *client) raw(s string) {
	c.t.Helper()
	if _, err := io.WriteString(c.in, s); err != nil {
		c.t.Fatalf("writing to the server: %v", err)
	}
}

func (c *client) send(msg map[string]any) {
	c.t.Helper()
	msg["jsonrpc"] = "2.0"
	data, err := json.Marshal(msg)
	if err != nil {
		c.t.Fatal(err)
	}
	c.raw(fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(data), data))
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	c.send(map[string]any{"method": method, "params": params})
}

// call sends a request and returns its id.
func (c *client) call(method string, params any) int {
	c.t.Helper()
	c.next++
	c.send(map[string]any{"id": c.next, "method": method, "params": params})
	return c.next
}

// wait returns the first message, in order of arrival, that match
// accepts; the others are kept for later waits.
func (c *client) wait(what string, match func(map[string]json.RawMessage) bool) map[string]json.RawMessage {
	c.t.Helper()
	c.mu.Lock()
	for i, m := range c.pending {
		if match(m) {
			c.pending = append(c.pending[:i], c.pending[i+1:]...)
			c.mu.Unlock()
			return m
		}
	}
	c.mu.Unlock()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case m, ok := <-c.msgs:
			if !ok {
				c.t.Fatalf("the server closed its output while the test waited for %s", what)
			}
			if match(m) {
				return m
			}
			// answer the server's own requests (registerCapability)
			if _, isReq := m["method"]; isReq && m["id"] != nil {
				c.send(map[string]any{"id": m["id"], "result": nil})
				continue
			}
			if c.stale > 0 && string(m["method"]) == `"textDocument/publishDiagnostics"` {
				continue
			}
			c.mu.Lock()
			c.pending = append(c.pending, m)
			c.mu.Unlock()
		case <-timeout:
			c.t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// response waits for the answer to request id.
func (c *client) response(id int) map[string]json.RawMessage {
	c.t.Helper()
	want := strconv.Itoa(id)
	return c.wait("the response to "+want, func(m map[string]json.RawMessage) bool {
		_, isReq := m["method"]
		return !isReq && string(m["id"]) == want
	})
}

// errorResponse waits for an error answer that no request of the test
// asked for: the server's reply to a malformed message.
func (c *client) errorResponse() (id string, code int) {
	c.t.Helper()
	m := c.wait("an error response", func(m map[string]json.RawMessage) bool { return m["error"] != nil })
	var e struct {
		Code int `json:"code"`
	}
	if err := json.Unmarshal(m["error"], &e); err != nil {
		c.t.Fatalf("an error reply that does not decode: %s", m["error"])
	}
	return string(m["id"]), e.Code
}

type diag struct {
	Range    span   `json:"range"`
	Severity int    `json:"severity"`
	Code     string `json:"code"`
	Source   string `json:"source"`
	Message  string `json:"message"`
	CodeDesc *struct {
		Href string `json:"href"`
	} `json:"codeDescription"`
}

// diagnostics waits for the next publication for uri at version or later.
func (c *client) diagnostics(uri string, version int) []diag {
	c.t.Helper()
	var got []diag
	c.wait(fmt.Sprintf("diagnostics of %s v%d", uri, version), func(m map[string]json.RawMessage) bool {
		if string(m["method"]) != `"textDocument/publishDiagnostics"` {
			return false
		}
		var p struct {
			URI         string `json:"uri"`
			Version     *int   `json:"version"`
			Diagnostics []diag `json:"diagnostics"`
		}
		if json.Unmarshal(m["params"], &p) != nil {
			return false
		}
		if p.URI != uri || p.Version != nil && *p.Version < version {
			return false
		}
		got = p.Diagnostics
		return true
	})
	return got
}

func (c *client) initialize(caps map[string]any, root string) map[string]json.RawMessage {
	c.t.Helper()
	params := map[string]any{"processId": nil, "capabilities": caps}
	if root != "" {
		params["rootUri"] = "file://" + root
	}
	res := c.response(c.call("initialize", params))
	c.notify("initialized", map[string]any{})
	return res
}

func (c *client) open(uri, lang, text string) {
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": lang, "version": 1, "text": text}})
}

func (c *client) change(uri string, version int, changes ...map[string]any) {
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": version}, "contentChanges": changes})
}

func rangeChange(sl, sc, el, ec int, text string) map[string]any {
	return map[string]any{"range": map[string]any{"start": map[string]int{"line": sl, "character": sc}, "end": map[string]int{"line": el, "character": ec}}, "text": text}
}

// close ends the session politely and returns Serve's result.
func (c *client) close() error {
	c.t.Helper()
	c.response(c.call("shutdown", nil))
	c.notify("exit", nil)
	select {
	case err := <-c.done:
		return err
	case <-time.After(10 * time.Second):
		c.t.Fatal("the server did not end after exit")
	}
	return nil
}
