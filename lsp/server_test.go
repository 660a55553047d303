package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf16"
)

// units is the length of s in UTF-16 code units, as LSP counts.
func units(s string) uint32 { return uint32(len(utf16.Encode([]rune(s)))) }

// repo makes a folder with a .git entry and the files given.
func repo(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files[".git/HEAD"] = "ref: refs/heads/main\n"
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const runbook = "# Troubleshooting — Störungen 🚑\n\nIf it hangs 😀, run `pkill -f mcp-server` and retry.\n\nNever run `killall node`: other sessions lose their work.\n"

func TestDiagnosticsUTF16AndEdits(t *testing.T) {
	dir := repo(t, map[string]string{})
	uri := "file://" + dir + "/AGENTS.md"
	c := startClient(t, Options{})
	res := c.initialize(map[string]any{}, dir)
	if !strings.Contains(string(res["result"]), `"positionEncoding":"utf-16"`) || !strings.Contains(string(res["result"]), `"change":2`) {
		t.Fatalf("initialize result %s: want utf-16 and incremental sync", res["result"])
	}
	c.open(uri, "markdown", runbook)
	ds := c.diagnostics(uri, 1)
	if len(ds) != 1 {
		t.Fatalf("want one diagnostic (the recommendation, not the ban), got %+v", ds)
	}
	line := strings.Split(runbook, "\n")[2]
	col := units(line[:strings.Index(line, "pkill")])
	want := span{Start: position{2, col}, End: position{2, col + 5}}
	d := ds[0]
	if d.Range != want || d.Code != "process-kill" || d.Source != "recoverlint" || d.Severity != 1 || d.CodeDesc == nil || !strings.HasSuffix(d.CodeDesc.Href, "#process-kill") {
		t.Fatalf("diagnostic %+v, want range %+v, code process-kill, severity 1, a codeDescription", d, want)
	}

	// hover on the word, and beside it
	r := c.response(c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": position{2, col + 2}}))
	if !strings.Contains(string(r["result"]), "process-kill") || !strings.Contains(string(r["result"]), "reconnect") {
		t.Errorf("hover on the finding: %s", r["result"])
	}
	r = c.response(c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": position{4, 12}}))
	if string(r["result"]) != "null" {
		t.Errorf("hover on the ban: %s, want null", r["result"])
	}

	// an incremental edit that removes the command: no diagnostic
	c.change(uri, 2, rangeChange(2, int(col)-1, 2, int(col)+len("pkill -f mcp-server")+1, "the reconnect request"))
	if ds := c.diagnostics(uri, 2); len(ds) != 0 {
		t.Fatalf("after the edit: %+v, want none", ds)
	}
	// one that brings a recommendation back on a new line after an emoji
	c.change(uri, 3, rangeChange(5, 0, 5, 0, "🚑 Then run `pkill -f mcp-server`.\n"))
	ds = c.diagnostics(uri, 3)
	if len(ds) != 1 || ds[0].Range.Start != (position{5, units("🚑 Then run `")}) {
		t.Fatalf("after the insertion: %+v, want one at 5:%d", ds, units("🚑 Then run `"))
	}
	// a full-text change (no range)
	c.change(uri, 4, map[string]any{"text": "Nothing to see.\n"})
	if ds := c.diagnostics(uri, 4); len(ds) != 0 {
		t.Fatalf("after a full change: %+v", ds)
	}
	c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": uri}})
	if err := c.close(); err != nil {
		t.Fatalf("Serve after shutdown and exit: %v", err)
	}
}

func TestUTF8Negotiated(t *testing.T) {
	dir := repo(t, map[string]string{})
	uri := "file://" + dir + "/AGENTS.md"
	c := startClient(t, Options{})
	res := c.initialize(map[string]any{"general": map[string]any{"positionEncodings": []string{"utf-8", "utf-16"}}}, dir)
	if !strings.Contains(string(res["result"]), `"positionEncoding":"utf-8"`) {
		t.Fatalf("initialize: %s, want utf-8", res["result"])
	}
	c.open(uri, "markdown", runbook)
	ds := c.diagnostics(uri, 1)
	line := strings.Split(runbook, "\n")[2]
	col := uint32(strings.Index(line, "pkill"))
	if len(ds) != 1 || ds[0].Range != (span{position{2, col}, position{2, col + 5}}) {
		t.Fatalf("got %+v, want one at 2:%d in bytes", ds, col)
	}
}

func TestCodeActions(t *testing.T) {
	dir := repo(t, map[string]string{})
	c := startClient(t, Options{})
	c.initialize(map[string]any{}, dir)
	for _, tc := range []struct {
		name, lang, text string
		titles           []string
	}{
		{"AGENTS.md", "markdown", "# Recovery\n\n- If it hangs, run `pkill -f mcp-server`.\n", []string{"Suppress process-kill", "Replace with the sanctioned step"}},
		{"prompt.txt", "plaintext", "If it hangs, run pkill -f mcp-server.\n", []string{"Suppress process-kill", "Replace with the sanctioned step"}},
		{"tool.py", "python", "HINT = \"If it hangs, run `pkill -f mcp-server`.\"\n", []string{"Suppress process-kill"}},
		{"tools.json", "json", "{\"description\": \"If it hangs, run pkill -f mcp-server.\"}\n", nil},
	} {
		uri := "file://" + dir + "/" + tc.name
		c.open(uri, tc.lang, tc.text)
		ds := c.diagnostics(uri, 1)
		if len(ds) != 1 {
			t.Fatalf("%s: diagnostics %+v", tc.name, ds)
		}
		r := c.response(c.call("textDocument/codeAction", map[string]any{
			"textDocument": map[string]any{"uri": uri}, "range": ds[0].Range,
			"context": map[string]any{"diagnostics": ds},
		}))
		var actions []struct {
			Title string `json:"title"`
			Kind  string `json:"kind"`
			Edit  struct {
				Changes map[string][]struct {
					Range   span   `json:"range"`
					NewText string `json:"newText"`
				} `json:"changes"`
			} `json:"edit"`
		}
		if err := json.Unmarshal(r["result"], &actions); err != nil {
			t.Fatalf("%s: %s", tc.name, r["result"])
		}
		if len(actions) != len(tc.titles) {
			t.Fatalf("%s: actions %+v, want %q", tc.name, actions, tc.titles)
		}
		for i, a := range actions {
			if !strings.HasPrefix(a.Title, tc.titles[i]) || a.Kind != "quickfix" || len(a.Edit.Changes[uri]) != 1 {
				t.Fatalf("%s: action %d = %+v, want %q", tc.name, i, a, tc.titles[i])
			}
			// apply the edit as the editor would, and check the result
			e := a.Edit.Changes[uri][0]
			c.change(uri, 10+i, map[string]any{"range": e.Range, "text": e.NewText})
			ds := c.diagnostics(uri, 10+i)
			switch {
			case strings.HasPrefix(a.Title, "Suppress"):
				// a suppression holding the placeholder silences nothing yet
				if len(ds) != 2 || ds[0].Code != "bad-suppression" || ds[1].Code != "process-kill" {
					t.Errorf("%s: after the suppression: %+v", tc.name, ds)
				}
			default:
				if len(ds) != 0 {
					t.Errorf("%s: after the sanctioned step: %+v", tc.name, ds)
				}
			}
			// undo: back to the original text
			c.change(uri, 20+i, map[string]any{"text": tc.text})
			c.diagnostics(uri, 20+i)
		}
	}
}

func TestSkippedConfiguredAndTooLarge(t *testing.T) {
	dir := repo(t, map[string]string{
		".gitignore":       "scratch/\n",
		".recoverlint.yml": "max-file-size: 200\nexclude-rules:\n  - paths: [quoted/**]\n    rules: [process-kill]\n",
	})
	rec := "If it hangs, run `pkill -f mcp-server`.\n"
	c := startClient(t, Options{})
	c.initialize(map[string]any{}, dir)
	for name, want := range map[string]int{"scratch/a.md": 0, "quoted/a.md": 0, "docs/a.md": 1, "image.png": 0} {
		uri := "file://" + dir + "/" + name
		c.open(uri, "markdown", rec)
		if ds := c.diagnostics(uri, 1); len(ds) != want {
			t.Errorf("%s: %+v, want %d", name, ds, want)
		}
	}
	big := "file://" + dir + "/docs/big.md"
	c.open(big, "markdown", strings.Repeat("Some text.\n", 30)+rec)
	if ds := c.diagnostics(big, 1); len(ds) != 1 || !strings.Contains(ds[0].Message, "over the size limit of 200") {
		t.Errorf("big document: %+v", ds)
	}
	// a configuration change is read without a restart
	doc := "file://" + dir + "/docs/a.md"
	if err := os.WriteFile(filepath.Join(dir, ".recoverlint.yml"), []byte("rules:\n  disable: [process-kill]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []map[string]any{{"uri": "file://" + dir + "/.recoverlint.yml", "type": 2}}})
	if ds := c.diagnostics(doc, 1); len(ds) != 0 {
		t.Errorf("after disabling the rule: %+v", ds)
	}
	// a broken configuration is said, not silently skipped
	if err := os.WriteFile(filepath.Join(dir, ".recoverlint.yml"), []byte("rules: [\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c.change(doc, 2, map[string]any{"text": rec})
	if ds := c.diagnostics(doc, 2); len(ds) != 1 || !strings.Contains(ds[0].Message, "configuration error") {
		t.Errorf("with a broken configuration: %+v", ds)
	}
}

func TestCancelAndLifecycle(t *testing.T) {
	dir := repo(t, map[string]string{})
	c := startClient(t, Options{Debounce: time.Hour}) // no check ever finishes
	if r := c.response(c.call("textDocument/hover", map[string]any{})); !strings.Contains(string(r["error"]), "-32002") {
		t.Errorf("before initialize: %s", r["error"])
	}
	c.initialize(map[string]any{}, dir)
	if r := c.response(c.call("initialize", map[string]any{"capabilities": map[string]any{}})); r["error"] == nil {
		t.Error("a second initialize was accepted")
	}
	uri := "file://" + dir + "/AGENTS.md"
	c.open(uri, "markdown", runbook)
	id := c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": position{2, 30}})
	c.notify("$/cancelRequest", map[string]any{"id": id})
	if r := c.response(id); !strings.Contains(string(r["error"]), "-32800") {
		t.Errorf("cancelled hover: %s %s", r["result"], r["error"])
	}
	if r := c.response(c.call("workspace/symbol", map[string]any{"query": "x"})); !strings.Contains(string(r["error"]), "-32601") {
		t.Errorf("unknown method: %s", r["error"])
	}
	c.notify("exit", nil)
	select {
	case err := <-c.done:
		if err == nil {
			t.Error("exit without shutdown ended with no error")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("exit did not end the server")
	}
}

// TestMalformedInput sends every kind of broken message; each gets an
// error reply, and the server goes on answering.
func TestMalformedInput(t *testing.T) {
	dir := repo(t, map[string]string{})
	c := startClient(t, Options{MaxMessage: 1 << 10})
	c.initialize(map[string]any{}, dir)
	frame := func(body string) string { return "Content-Length: " + itoa(len(body)) + "\r\n\r\n" + body }
	for _, tc := range []struct {
		name, raw string
		code      int
		id        string
	}{
		{"not JSON", frame("{not json"), -32700, "null"},
		{"truncated JSON", frame(`{"jsonrpc":"2.0","id":9,"method":"x"`), -32700, "null"},
		{"a batch", frame(`[{"jsonrpc":"2.0","id":1,"method":"shutdown"}]`), -32600, "null"},
		{"a bare array", frame(`[`), -32700, "null"},
		{"JSON-RPC 1.0", frame(`{"jsonrpc":"1.0","id":5,"method":"shutdown"}`), -32600, "5"},
		{"an object id", frame(`{"jsonrpc":"2.0","id":{"a":1},"method":"shutdown"}`), -32600, "null"},
		{"a line without framing", "garbage line\r\n", -32700, "null"},
		{"a bad length", "Content-Length: many\r\n\r\n", -32700, "null"},
		{"no length", "Content-Type: x\r\n\r\n", -32700, "null"},
		{"over the limit", frame(`{"jsonrpc":"2.0","method":"x","params":"` + strings.Repeat("a", 2000) + `"}`), -32600, "null"},
		{"deep nesting", frame(strings.Repeat("[", 900) + strings.Repeat("]", 900)[:100]), -32700, "null"},
	} {
		c.raw(tc.raw)
		id, code := c.errorResponse()
		if code != tc.code || id != tc.id {
			t.Errorf("%s: reply id %s code %d, want id %s code %d", tc.name, id, code, tc.id, tc.code)
		}
		// still serving
		if r := c.response(c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": "file:///nowhere.md"}, "position": position{}})); string(r["result"]) != "null" {
			t.Fatalf("%s: the server stopped answering: %v", tc.name, r)
		}
	}
	if err := c.close(); err != nil {
		t.Fatal(err)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
