package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/recoverlint/recoverlint/mcpserver"
)

func TestRunMCPUsage(t *testing.T) {
	for _, tc := range []struct {
		name     string
		args     []string
		wantCode int
		wantErr  string
	}{
		{"help", []string{"-h"}, 0, "usage: recoverlint mcp"},
		{"stray argument", []string{"serve"}, 2, `unexpected argument "serve"`},
		{"unknown flag", []string{"--apply"}, 2, "flag provided but not defined"},
		{"empty override variable", []string{"--override-env", ""}, 2, "--override-env must name a variable"},
		{"inventory without gitea tools", []string{"--inventory-file", "inv.json"}, 2, "add --gitea-tools"},
		{"two inventory providers", []string{"--gitea-tools", "--inventory-file", "inv.json", "--inventory-command", "inv"}, 2, "not both"},
		{"empty inventory command", []string{"--gitea-tools", "--inventory-command", "  "}, 2, "--inventory-command is empty"},
		{"zero inventory timeout", []string{"--gitea-tools", "--inventory-timeout", "0s"}, 2, "--inventory-timeout must be positive"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := runMCP(tc.args, strings.NewReader(""), &out, &errb)
			if code != tc.wantCode {
				t.Errorf("exit %d, want %d", code, tc.wantCode)
			}
			if !strings.Contains(errb.String(), tc.wantErr) {
				t.Errorf("stderr %q does not contain %q", errb.String(), tc.wantErr)
			}
			if out.Len() > 0 {
				t.Errorf("stdout %q, want nothing: it is the protocol channel", out.String())
			}
		})
	}
}

// initializeLine is a client's first request, one JSON-RPC line.
const initializeLine = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`

// pipeMCP runs runMCP on a pair of pipes. The test writes requests to in
// and reads replies from out; stop closes the input, drains the output and
// returns the exit code, failing the test if the server does not end.
func pipeMCP(t *testing.T) (in io.WriteCloser, out io.Reader, errb *bytes.Buffer, stop func() int) {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	errb = new(bytes.Buffer)
	done := make(chan int, 1)
	go func() {
		code := runMCP(nil, inR, outW, errb)
		outW.Close()
		done <- code
	}()
	stop = func() int {
		inW.Close()
		go func() { _, _ = io.Copy(io.Discard, outR) }()
		select {
		case code := <-done:
			return code
		case <-time.After(20 * time.Second):
			t.Fatal("the server did not end when its input closed")
			return -1
		}
	}
	return inW, outR, errb, stop
}

// TestRunMCPEndsWithInput answers one initialize request through runMCP
// itself and checks that the server ends cleanly when its input closes.
func TestRunMCPEndsWithInput(t *testing.T) {
	inW, outR, errb, stop := pipeMCP(t)
	req := initializeLine + "\n"
	go func() { _, _ = io.WriteString(inW, req) }()
	line, err := bufio.NewReader(outR).ReadBytes('\n')
	if err != nil {
		t.Fatalf("reading the response: %v", err)
	}
	if code := stop(); code != 0 {
		t.Errorf("exit %d when the input closed, want 0; stderr %q", code, errb.String())
	}
	var resp struct {
		ID     int `json:"id"`
		Result struct {
			ServerInfo mcp.Implementation `json:"serverInfo"`
		} `json:"result"`
	}
	if err := json.Unmarshal(line, &resp); err != nil {
		t.Fatalf("not an initialize response: %v\n%s", err, line)
	}
	if resp.ID != 1 || resp.Result.ServerInfo.Name != "recoverlint" || resp.Result.ServerInfo.Version != version() {
		t.Errorf("response %+v, want id 1 from recoverlint %s", resp, version())
	}
}

// buildRecoverlint builds the command into a temporary folder.
func buildRecoverlint(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build the binary with")
	}
	bin := filepath.Join(t.TempDir(), "recoverlint")
	cmd := exec.Command(goTool, "build", "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// startServer starts `recoverlint mcp` as a subprocess with the extra
// environment and returns a client session on its stdio, and a function
// that closes the session and returns the server's exit code.
func startServer(t *testing.T, bin string, env ...string) (*mcp.ClientSession, func() int) {
	t.Helper()
	cmd := exec.Command(bin, "mcp", "--override-env", "RECOVERLINT_TEST_AUTHORITY", "--no-probe")
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	client := mcp.NewClient(&mcp.Implementation{Name: "recoverlint-test", Version: "0"}, nil)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connecting to recoverlint mcp: %v\nstderr: %s", err, stderr.String())
	}
	closed := false
	stop := func() int {
		if !closed {
			closed = true
			if err := cs.Close(); err != nil {
				t.Errorf("closing the session: %v\nstderr: %s", err, stderr.String())
			}
		}
		if cmd.ProcessState == nil {
			return -1
		}
		return cmd.ProcessState.ExitCode()
	}
	t.Cleanup(func() { stop() })
	return cs, stop
}

type callResult struct {
	isError bool
	text    string          // the text content
	out     json.RawMessage // the structured content
}

func callTool(t *testing.T, cs *mcp.ClientSession, tool string, args any) callResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: protocol error: %v", tool, err)
	}
	var r callResult
	r.isError = res.IsError
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			r.text += tc.Text
		}
	}
	if res.StructuredContent != nil {
		r.out, _ = json.Marshal(res.StructuredContent)
	}
	return r
}

// sameText checks that a tool's text content is the CLI's output for the
// same input, field for field in the same order, without the indentation.
func sameText(t *testing.T, what, text string, cli []byte) {
	t.Helper()
	var want bytes.Buffer
	if err := json.Compact(&want, cli); err != nil {
		t.Fatalf("%s: the CLI printed no JSON: %v\n%s", what, err, cli)
	}
	if text != want.String() {
		t.Errorf("%s: text content differs from the CLI's output\n got  %s\n want %s", what, text, want.String())
	}
}

// sameJSON compares two JSON documents by value.
func sameJSON(t *testing.T, what string, got, want []byte) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("%s: got no JSON: %v\n%s", what, err, got)
	}
	if err := json.Unmarshal(want, &w); err != nil {
		t.Fatalf("%s: want no JSON: %v\n%s", what, err, want)
	}
	gb, _ := json.Marshal(g)
	wb, _ := json.Marshal(w)
	if !bytes.Equal(gb, wb) {
		t.Errorf("%s differs\n got  %s\n want %s", what, gb, wb)
	}
}

// runBinary runs the binary in dir and returns stdout and the exit code.
func runBinary(t *testing.T, bin, dir, stdin string, args ...string) ([]byte, int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatalf("running %v: %v", args, err)
		}
		code = ee.ExitCode()
	}
	return out.Bytes(), code
}

// TestMCPServerBinary drives the real binary over stdio with the SDK's
// client: the tools and their schemas, good and bad calls of each tool
// checked against the CLI's own output, and every text the server returns
// checked by the binary's own check command.
func TestMCPServerBinary(t *testing.T) {
	bin := buildRecoverlint(t)
	cs, stop := startServer(t, bin, "RECOVERLINT_TEST_AUTHORITY=ops-ticket-17")
	work := t.TempDir()
	var returned []string // every text the server returned

	t.Run("tools", func(t *testing.T) {
		res, err := cs.ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]string{
			mcpserver.CheckTextTool: "text",
			mcpserver.ReconnectTool: "namespaces",
			mcpserver.RestartTool:   "inventory",
		}
		if len(res.Tools) != len(want) {
			t.Errorf("%d tools, want %d", len(res.Tools), len(want))
		}
		for _, tool := range res.Tools {
			required, ok := want[tool.Name]
			if !ok {
				t.Errorf("unexpected tool %s", tool.Name)
				continue
			}
			delete(want, tool.Name)
			returned = append(returned, tool.Description)
			in, _ := json.Marshal(tool.InputSchema)
			out, _ := json.Marshal(tool.OutputSchema)
			var inS, outS struct {
				Type       any            `json:"type"`
				Required   []string       `json:"required"`
				Properties map[string]any `json:"properties"`
			}
			if err := json.Unmarshal(in, &inS); err != nil || inS.Type != "object" || !strings.Contains(strings.Join(inS.Required, ","), required) {
				t.Errorf("%s: input schema %s, want an object requiring %s", tool.Name, in, required)
			}
			if err := json.Unmarshal(out, &outS); err != nil || outS.Type != "object" || len(outS.Properties) < 4 {
				t.Errorf("%s: output schema %s, want an object with its fields", tool.Name, out)
			}
			a := tool.Annotations
			if a == nil || !a.ReadOnlyHint || !a.IdempotentHint || a.DestructiveHint == nil || *a.DestructiveHint {
				t.Errorf("%s: annotations %+v, want read-only, non-destructive, idempotent", tool.Name, a)
			}
		}
		for name := range want {
			t.Errorf("tool %s not listed", name)
		}
		returned = append(returned, cs.InitializeResult().Instructions)
	})

	t.Run("check_text", func(t *testing.T) {
		for _, tc := range []struct {
			file, text string
			wantRule   string
		}{
			{"AGENTS.md", "# If the MCP server hangs\n\nRun `pkill -f gitea-mcp`, then retry the call.\n", "process-kill"},
			{"prompt.txt", "Never run pkill on the MCP server; ask the operator to reconnect it instead.\n", ""},
		} {
			res := callTool(t, cs, mcpserver.CheckTextTool, map[string]any{"text": tc.text, "file": tc.file})
			if res.isError {
				t.Fatalf("%s: tool error %s", tc.file, res.text)
			}
			// The same text saved under the same name, checked by the CLI.
			if err := os.WriteFile(filepath.Join(work, tc.file), []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			cli, code := runBinary(t, bin, work, "", "check", "--format", "json", tc.file)
			sameJSON(t, tc.file+": check_text against check --format json", res.out, cli)
			sameText(t, tc.file, res.text, cli)
			if gotRule := strings.Contains(string(res.out), `"rule":"`+tc.wantRule+`"`); tc.wantRule != "" && (!gotRule || code != 1) {
				t.Errorf("%s: want a %s finding (CLI exit %d): %s", tc.file, tc.wantRule, code, res.out)
			}
			if tc.wantRule == "" && (code != 0 || strings.Contains(string(res.out), `"rule"`)) {
				t.Errorf("%s: want no finding (CLI exit %d): %s", tc.file, code, res.out)
			}
			if tc.wantRule == "" {
				returned = append(returned, res.text)
			}
		}
		for _, tc := range []struct {
			name string
			args map[string]any
			want string
		}{
			{"oversized", map[string]any{"text": strings.Repeat("x", 1<<20+1)}, "over the limit"},
			{"unknown kind", map[string]any{"text": "x", "kind": "cobol"}, "kind"},
			{"wrong type", map[string]any{"text": 3}, "text"},
		} {
			res := callTool(t, cs, mcpserver.CheckTextTool, tc.args)
			if !res.isError || !strings.Contains(res.text, tc.want) {
				t.Errorf("%s: error %v %q, want a tool error naming %q", tc.name, res.isError, res.text, tc.want)
			}
			returned = append(returned, res.text)
		}
	})

	t.Run("request_mcp_reconnect", func(t *testing.T) {
		req := `{"namespaces":["gitea-author"],"reason":"transport_eof","client":"claude_code","live_stale":true}`
		var args map[string]any
		if err := json.Unmarshal([]byte(req), &args); err != nil {
			t.Fatal(err)
		}
		res := callTool(t, cs, mcpserver.ReconnectTool, args)
		if res.isError {
			t.Fatalf("tool error %s", res.text)
		}
		cli, code := runBinary(t, bin, work, req, "reconnect", "--request", "-")
		if code != 0 {
			t.Fatalf("recoverlint reconnect exit %d", code)
		}
		sameJSON(t, "request_mcp_reconnect against recoverlint reconnect", res.out, cli)
		sameText(t, "request_mcp_reconnect", res.text, cli)
		returned = append(returned, res.text)
		for _, tc := range []struct {
			name string
			args map[string]any
			want string
		}{
			{"unknown reason", map[string]any{"namespaces": []string{"gitea"}, "reason": "bored"}, "unknown reason"},
			{"unknown client", map[string]any{"namespaces": []string{"gitea"}, "client": "ed"}, "unknown client"},
			{"wrong type", map[string]any{"namespaces": "gitea"}, "namespaces"},
		} {
			res := callTool(t, cs, mcpserver.ReconnectTool, tc.args)
			if !res.isError || !strings.Contains(res.text, tc.want) {
				t.Errorf("%s: error %v %q, want a tool error naming %q", tc.name, res.isError, res.text, tc.want)
			}
			returned = append(returned, res.text)
		}
	})

	t.Run("request_mcp_restart", func(t *testing.T) {
		const now = "2026-07-24T06:00:00Z"
		samples, _ := filepath.Abs(restartSamples)
		for _, tc := range []struct {
			sample      string
			override    bool
			wantVerdict string
		}{
			{"safe.json", false, "safe"},
			{"busy.json", false, "unsafe"},
			// Authority is in the server's environment only.
			{"busy.json", true, "override"},
			{"terminal-lock.json", true, "unsafe"},
		} {
			inv, err := os.ReadFile(filepath.Join(samples, tc.sample))
			if err != nil {
				t.Fatal(err)
			}
			res := callTool(t, cs, mcpserver.RestartTool, map[string]any{
				"inventory": string(inv), "request_override": tc.override, "now": now, "no_probe": true,
			})
			if res.isError {
				t.Fatalf("%s: tool error %s", tc.sample, res.text)
			}
			args := []string{"restart-impact", "--inventory", filepath.Join(samples, tc.sample), "--now", now, "--no-probe",
				"--override-env", "RECOVERLINT_TEST_AUTHORITY"}
			if tc.override {
				args = append(args, "--request-override")
			}
			cmd := exec.Command(bin, args...)
			cmd.Env = append(os.Environ(), "RECOVERLINT_TEST_AUTHORITY=ops-ticket-17")
			cli, _ := cmd.Output()
			sameJSON(t, tc.sample+": request_mcp_restart against restart-impact", res.out, cli)
			sameText(t, tc.sample, res.text, cli)
			var rep struct {
				Verdict string `json:"verdict"`
				DryRun  bool   `json:"dry_run"`
			}
			if err := json.Unmarshal(res.out, &rep); err != nil || rep.Verdict != tc.wantVerdict || !rep.DryRun {
				t.Errorf("%s: verdict %q dry_run %v (%v), want %s in a dry run", tc.sample, rep.Verdict, rep.DryRun, err, tc.wantVerdict)
			}
			returned = append(returned, res.text)
		}
		for _, tc := range []struct {
			name string
			args map[string]any
			want string
		}{
			{"malformed inventory", map[string]any{"inventory": "{\"sessions\": [1,]}"}, "inventory: 1:"},
			{"wrong field type", map[string]any{"inventory": map[string]any{"sessions": "none"}}, "inventory: sessions"},
			{"authority as an argument", map[string]any{"inventory": "{}", "override_env": "PATH"}, "override_env"},
		} {
			res := callTool(t, cs, mcpserver.RestartTool, tc.args)
			if !res.isError || !strings.Contains(res.text, tc.want) {
				t.Errorf("%s: error %v %q, want a tool error naming %q", tc.name, res.isError, res.text, tc.want)
			}
			returned = append(returned, res.text)
		}
	})

	t.Run("still serving", func(t *testing.T) {
		res := callTool(t, cs, mcpserver.CheckTextTool, map[string]any{"text": "All tools answered."})
		if res.isError || !strings.Contains(string(res.out), `"findings":[]`) {
			t.Errorf("after the bad calls: %v %s", res.isError, res.text)
		}
	})

	t.Run("self-check", func(t *testing.T) {
		// Each text in its own file, so that no text lends its context to
		// another; the binary's own check command reads them all.
		dir := filepath.Join(t.TempDir(), "returned")
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for i, text := range returned {
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("text-%02d.txt", i)), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if len(returned) < 15 {
			t.Fatalf("only %d texts collected; a subtest above stopped early", len(returned))
		}
		out, code := runBinary(t, bin, dir, "", "check", "--format", "json", ".")
		var rep struct {
			Findings     []json.RawMessage `json:"findings"`
			FilesScanned int               `json:"files_scanned"`
		}
		if err := json.Unmarshal(out, &rep); err != nil {
			t.Fatalf("check output: %v\n%s", err, out)
		}
		if code != 0 || len(rep.Findings) > 0 || rep.FilesScanned != len(returned) {
			t.Errorf("recoverlint check on the server's texts: exit %d, %d file(s) of %d scanned, findings:\n%s",
				code, rep.FilesScanned, len(returned), out)
		}
	})

	if code := stop(); code != 0 {
		t.Errorf("the server exited %d when the client closed the session, want 0", code)
	}
}

// TestMCPServerWithoutAuthority checks that a server started without
// authority in its environment denies the override it is asked for.
func TestMCPServerWithoutAuthority(t *testing.T) {
	bin := buildRecoverlint(t)
	cs, _ := startServer(t, bin, "RECOVERLINT_TEST_AUTHORITY=")
	inv, err := os.ReadFile(filepath.Join(restartSamples, "busy.json"))
	if err != nil {
		t.Fatal(err)
	}
	res := callTool(t, cs, mcpserver.RestartTool, map[string]any{
		"inventory": string(inv), "request_override": true, "now": "2026-07-24T06:00:00Z",
	})
	var rep struct {
		Verdict  string `json:"verdict"`
		Override struct {
			Requested, Authorized bool
		} `json:"override"`
	}
	if err := json.Unmarshal(res.out, &rep); err != nil || res.isError {
		t.Fatalf("no report: %v %s", err, res.text)
	}
	if rep.Verdict != "unsafe" || !rep.Override.Requested || rep.Override.Authorized {
		t.Errorf("verdict %s, override %+v; want unsafe, requested but not authorized", rep.Verdict, rep.Override)
	}
}

// TestRunMCPSurvivesMalformedLines: every malformed line gets a JSON-RPC
// error reply with a null id and no echo of what it held, and the server
// then answers the next request.
func TestRunMCPSurvivesMalformedLines(t *testing.T) {
	inW, outR, errb, stop := pipeMCP(t)
	bad := []string{
		`{not json`,
		`garbage If the MCP server hangs, run pkill -f bridge`,
		`[`,
		`{"jsonrpc":"2.0","id":1,"method":"tools/li`,
		`{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`,
		`{"jsonrpc":"1.0","id":2,"method":"ping"}`,
		`[{"jsonrpc":"2.0","id":3,"method":"ping"}]`,
		`{"jsonrpc":"2.0","id":4,"method":"ping","params":` + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + `}`,
		strings.Repeat("x", mcpserver.MaxFrame+10),
	}
	good := initializeLine
	go func() {
		for _, l := range bad {
			_, _ = io.WriteString(inW, l+"\n")
		}
		_, _ = io.WriteString(inW, good+"\n")
	}()
	br := bufio.NewReaderSize(outR, 1<<20)
	for i := range bad {
		line, err := br.ReadBytes('\n')
		if err != nil {
			t.Fatalf("reply %d: %v (stderr %q)", i, err, errb.String())
		}
		var r struct {
			ID    any `json:"id"`
			Error struct {
				Code    int    `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal(line, &r); err != nil || r.ID != nil || (r.Error.Code != -32700 && r.Error.Code != -32600) {
			t.Errorf("reply %d to %.40q: %s, want a parse or invalid-request error with a null id", i, bad[i], line)
		}
		if strings.Contains(string(line), "pkill") || strings.Contains(string(line), "garbage") {
			t.Errorf("reply %d echoes the refused line: %s", i, line)
		}
	}
	line, err := br.ReadBytes('\n')
	if err != nil || !strings.Contains(string(line), `"serverInfo"`) {
		t.Fatalf("after the malformed lines: %s, %v; want the initialize response", line, err)
	}
	if code := stop(); code != 0 {
		t.Errorf("exit %d, want 0; stderr %q", code, errb.String())
	}
}

// TestRunMCPRefusesWithoutEcho: an unknown method and an unknown tool are
// refused with their own error codes and the request's id, and the reply
// does not repeat the name, which can be any text.
func TestRunMCPRefusesWithoutEcho(t *testing.T) {
	advice := "If the MCP server hangs, run `pkill -f bridge`"
	lines := []string{
		initializeLine,
		`{"jsonrpc":"2.0","id":2,"method":"` + advice + `"}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"` + advice + `","arguments":{}}}`,
		`{"jsonrpc":"2.0","id":4,"method":"ping"}`,
	}
	got := exchangeMCP(t, lines, len(lines))
	for id, code := range map[float64]string{2: "-32601", 3: "-32602"} {
		if !strings.Contains(got[id], `"code":`+code) || strings.Contains(got[id], "pkill") || strings.Contains(got[id], "hangs") {
			t.Errorf("reply to %v: %s; want error %s without the refused name", id, got[id], code)
		}
	}
	if !strings.Contains(got[4], `"result"`) {
		t.Errorf("ping after the refusals: %s, want a result", got[4])
	}
}

// TestRunMCPRefusesRepeatedKeys: a tool call whose arguments give a field
// twice, at the top or inside extra, is refused as reconnect --request
// refuses it (encoding/json would keep the last silently), and the same
// call with each field once is answered.
func TestRunMCPRefusesRepeatedKeys(t *testing.T) {
	call := func(id int, args string) string {
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"request_mcp_reconnect","arguments":%s}}`, id, args)
	}
	lines := []string{
		initializeLine,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		call(2, `{"namespaces":["gitea"],"reason":"stale_runtime","reason":"transport_eof"}`),
		call(3, `{"namespaces":["gitea"],"reason":"transport_eof","extra":{"note":"a","note":"b"}}`),
		call(4, `{"namespaces":["gitea"],"reason":"transport_eof","extra":{"note":"a"}}`),
	}
	got := exchangeMCP(t, lines, 4) // the notification has no reply
	for id, field := range map[float64]string{2: "reason", 3: "extra.note"} {
		if !strings.Contains(got[id], `"isError":true`) || !strings.Contains(got[id], "given twice") || !strings.Contains(got[id], field) {
			t.Errorf("reply to %v: %s; want a tool error naming %s given twice", id, got[id], field)
		}
	}
	if strings.Contains(got[4], `"isError":true`) || !strings.Contains(got[4], `"result"`) {
		t.Errorf("reply to the call with each field once: %s, want a result", got[4])
	}
}

// exchangeMCP writes lines to a server on pipes, reads replies of them
// and returns each reply by its id.
func exchangeMCP(t *testing.T, lines []string, replies int) map[float64]string {
	t.Helper()
	inW, outR, errb, stop := pipeMCP(t)
	go func() {
		for _, l := range lines {
			_, _ = io.WriteString(inW, l+"\n")
		}
	}()
	br := bufio.NewReader(outR)
	got := map[float64]string{}
	for range replies {
		line, err := br.ReadBytes('\n')
		if err != nil {
			t.Fatalf("%v (stderr %q)", err, errb.String())
		}
		var r struct {
			ID float64 `json:"id"`
		}
		_ = json.Unmarshal(line, &r)
		got[r.ID] = string(line)
	}
	stop()
	return got
}
