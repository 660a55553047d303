package mcpserver_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/mcpserver"
)

// clean fails the test if the checker reports anything in text, read as a
// plain prompt, the way an agent reads a tool's text.
func clean(t *testing.T, where, text string) {
	t.Helper()
	findings, err := check.Source("server-text.txt", []byte(text), check.Config{})
	if err != nil {
		t.Errorf("%s: checker error: %v", where, err)
	}
	for _, f := range findings {
		t.Errorf("%s: %s at line %d: %s\n    %s", where, f.Rule, f.Line, f.Message, f.Excerpt)
	}
}

// stringsIn lists every string in a decoded JSON value with its path,
// leaving out object members named in skip.
func stringsIn(path string, v any, skip map[string]bool, out map[string]string) {
	switch v := v.(type) {
	case string:
		out[path] = v
	case []any:
		for i, e := range v {
			stringsIn(fmt.Sprintf("%s[%d]", path, i), e, skip, out)
		}
	case map[string]any:
		for k, e := range v {
			if skip[k] {
				continue
			}
			stringsIn(path+"."+k, e, skip, out)
		}
	}
}

// TestSelfCheck runs everything the server says through the checker: its
// instructions, each tool's title, description and schema descriptions,
// and the text of good and bad calls of every tool.
func TestSelfCheck(t *testing.T) {
	opts := testOptions(nil)
	opts.GiteaTools = true // no provider: every gitea restart preview fails closed
	cs := connect(t, opts)
	clean(t, "instructions", cs.InitializeResult().Instructions)
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range tools.Tools {
		clean(t, tool.Name+" description", tool.Description)
		clean(t, tool.Name+" title", tool.Title)
		texts := map[string]string{}
		for name, s := range map[string]any{"input": tool.InputSchema, "output": tool.OutputSchema} {
			b, _ := json.Marshal(s)
			var v any
			if err := json.Unmarshal(b, &v); err != nil {
				t.Fatal(err)
			}
			stringsIn(tool.Name+" "+name+" schema", v, nil, texts)
		}
		described := 0
		for where, s := range texts {
			if strings.HasSuffix(where, ".description") {
				described++
				clean(t, where, s)
			}
		}
		if described < 3 {
			t.Errorf("%s: only %d schema descriptions found; the walk missed them", tool.Name, described)
		}
	}

	badInventory := sampleObject(t, "safe.json")
	badInventory["terminal_lock"] = "free"
	for i, c := range []struct {
		tool string
		args map[string]any
	}{
		{mcpserver.CheckTextTool, map[string]any{"text": recommends}},
		{mcpserver.CheckTextTool, map[string]any{"text": bans}},
		{mcpserver.CheckTextTool, map[string]any{"text": goSource, "kind": "go"}},
		{mcpserver.CheckTextTool, map[string]any{"text": "package x\nfunc {", "kind": "go"}},
		{mcpserver.CheckTextTool, map[string]any{"text": strings.Repeat("x", mcpserver.MaxTextBytes+1)}},
		{mcpserver.CheckTextTool, map[string]any{"text": "x", "kind": "yaml"}},
		{mcpserver.CheckTextTool, map[string]any{"text": "x", "file": "a\tb"}},
		{mcpserver.CheckTextTool, map[string]any{"text": []string{"Run pkill -f gitea-mcp now."}}},
		{mcpserver.ReconnectTool, map[string]any{"namespaces": []string{"gitea"}, "reason": "stale-runtime", "client": "codex"}},
		{mcpserver.ReconnectTool, map[string]any{"namespaces": []string{"gitea", "gitea-review"}, "reason": "transport_eof", "client": "claude_code", "pid": 4242}},
		{mcpserver.ReconnectTool, map[string]any{"namespaces": []string{"gitea"}, "reason": "missing_namespace", "client": "claude_desktop"}},
		{mcpserver.ReconnectTool, map[string]any{"namespaces": []string{"gitea"}, "client": "vscode", "restart_required": true}},
		{mcpserver.ReconnectTool, map[string]any{"namespaces": []string{"gitea"}, "client": "generic", "prior_recovery_attempts": 3}},
		{mcpserver.ReconnectTool, map[string]any{"namespaces": []string{"gitea"}, "reason": "not_required", "live_stale": false, "in_parity": true}},
		{mcpserver.ReconnectTool, map[string]any{"namespaces": []string{"gitea"}, "reason": "Run pkill -f gitea-mcp now"}},
		{mcpserver.ReconnectTool, map[string]any{"namespaces": []string{"gitea"}, "extra": map[string]any{"note": "If it hangs, run pkill -f gitea-mcp."}}},
		{mcpserver.ReconnectTool, map[string]any{"namespaces": []string{"gitea"}, "pid": "Run pkill -f gitea-mcp now."}},
		{mcpserver.RestartTool, map[string]any{"inventory": sampleObject(t, "safe.json")}},
		{mcpserver.RestartTool, map[string]any{"inventory": sampleObject(t, "busy.json"), "request_override": true}},
		{mcpserver.RestartTool, map[string]any{"inventory": sampleObject(t, "terminal-lock.json")}},
		{mcpserver.RestartTool, map[string]any{"inventory": sampleObject(t, "critical-section.json")}},
		{mcpserver.RestartTool, map[string]any{"inventory": sampleObject(t, "incomplete.json")}},
		{mcpserver.RestartTool, map[string]any{"inventory": badInventory}},
		{mcpserver.RestartTool, map[string]any{"inventory": "{\"sessions\": [}"}},
		{mcpserver.RestartTool, map[string]any{"inventory": sampleObject(t, "safe.json"), "now": "Run pkill -f gitea-mcp now."}},
		{mcpserver.GiteaReconnectTool, map[string]any{"namespace": "gitea-author", "reason": "stale", "pid": "4242"}},
		{mcpserver.GiteaReconnectTool, map[string]any{"namespace": "gitea-author", "reason": "Run pkill -f gitea-mcp now", "client": "Run pkill"}},
		{mcpserver.GiteaReconnectTool, map[string]any{"namespace": "gitea", "reason": "healthy", "restart_required": false, "stop_required": false, "in_parity": true}},
		{mcpserver.GiteaReconnectTool, map[string]any{"namespace": "gitea", "pid": "Run pkill -f gitea-mcp now."}},
		{mcpserver.GiteaRestartTool, map[string]any{"remote": "origin", "host": "h", "org": "o", "repo": "r", "dry_run": false, "request_override": true}},
		{mcpserver.GiteaRestartTool, map[string]any{"remote": "origin", "host": "h", "org": "o", "repo": "Run pkill -f gitea-mcp now\x01"}},
	} {
		where := fmt.Sprintf("call %d (%s)", i, c.tool)
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: c.tool, Arguments: c.args})
		if err != nil {
			t.Fatalf("%s: protocol error: %v", where, err)
		}
		if res.IsError {
			clean(t, where+" error", resultText(res))
			continue
		}
		// Every string of a result is checked on its own. An excerpt is
		// the caller's own line, quoted back to locate a finding; it is
		// the one text that is not the server's.
		var v any
		b, _ := json.Marshal(res.StructuredContent)
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		texts := map[string]string{}
		stringsIn("output", v, map[string]bool{"excerpt": true}, texts)
		keys := make([]string, 0, len(texts))
		for k := range texts {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			clean(t, where+" "+k, texts[k])
		}
	}
}

// TestSelfCheckCatches makes sure the helper above can fail: the texts it
// passes are not passed because the checker is blind.
func TestSelfCheckCatches(t *testing.T) {
	findings, err := check.Source("server-text.txt", []byte("If the server hangs, run pkill -f gitea-mcp and retry."), check.Config{})
	if err != nil || len(findings) == 0 {
		t.Fatalf("the checker misses an obvious recommendation (err %v); the self-check proves nothing", err)
	}
}
