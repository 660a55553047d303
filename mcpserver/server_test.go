package mcpserver_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/recoverlint/recoverlint/mcpserver"
)

// clock is the time the sample inventories in docs/samples/restart were
// taken for.
func clock() time.Time { return time.Date(2026, 7, 24, 6, 0, 0, 0, time.UTC) }

// testOptions are server options with the sample clock, no probing and the
// given environment.
func testOptions(env map[string]string) mcpserver.Options {
	return mcpserver.Options{
		Version: "test",
		Now:     clock,
		LookupEnv: func(k string) (string, bool) {
			v, ok := env[k]
			return v, ok
		},
	}
}

// connect starts a server with opts on an in-memory transport and returns
// a client session on it, closed when the test ends.
func connect(t *testing.T, opts mcpserver.Options) *mcp.ClientSession {
	t.Helper()
	srv, err := mcpserver.New(opts)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		t.Fatalf("server Connect: %v", err)
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "0"}, nil)
	cs, err := client.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatalf("client Connect: %v", err)
	}
	t.Cleanup(func() {
		cs.Close()
		_ = ss.Wait()
	})
	return cs
}

// call calls a tool; a protocol error fails the test.
func call(t *testing.T, cs *mcp.ClientSession, tool string, args any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("CallTool %s: protocol error: %v", tool, err)
	}
	return res
}

// resultText joins the text content of a result.
func resultText(res *mcp.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// decodeOutput decodes a successful result's structured content into out,
// and checks that the text content carries the same JSON.
func decodeOutput(t *testing.T, res *mcp.CallToolResult, out any) {
	t.Helper()
	if res.IsError {
		t.Fatalf("tool error: %s", resultText(res))
	}
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatalf("encoding structured content: %v", err)
	}
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatalf("decoding structured content %s: %v", b, err)
	}
	var fromText any
	if err := json.Unmarshal([]byte(resultText(res)), &fromText); err != nil {
		t.Fatalf("text content is not the JSON output: %v", err)
	}
	tb, _ := json.Marshal(fromText)
	if string(tb) != string(b) {
		t.Errorf("text content and structured content differ:\n text %s\n structured %s", tb, b)
	}
}

// wantToolError checks that res is a tool error whose message contains
// every one of want.
func wantToolError(t *testing.T, res *mcp.CallToolResult, want ...string) {
	t.Helper()
	if !res.IsError {
		b, _ := json.Marshal(res.StructuredContent)
		t.Fatalf("want a tool error, got a result: %s", b)
	}
	msg := resultText(res)
	for _, w := range want {
		if !strings.Contains(msg, w) {
			t.Errorf("error %q does not contain %q", msg, w)
		}
	}
}

func TestListTools(t *testing.T) {
	cs := connect(t, testOptions(nil))
	init := cs.InitializeResult()
	if init.ServerInfo.Name != "recoverlint" || init.ServerInfo.Version != "test" {
		t.Errorf("server info = %+v, want recoverlint test", init.ServerInfo)
	}
	if init.Instructions == "" {
		t.Error("server gives no instructions")
	}
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	tools := map[string]*mcp.Tool{}
	for _, tool := range res.Tools {
		tools[tool.Name] = tool
	}
	for _, tc := range []struct {
		name     string
		required []string
		props    []string
		outProps []string
	}{
		{mcpserver.CheckTextTool, []string{"text"}, []string{"text", "file", "kind"}, []string{"version", "findings", "files_scanned", "files_skipped", "errors"}},
		{mcpserver.ReconnectTool, []string{"namespaces"}, []string{"namespaces", "reason", "client", "pid", "extra"}, []string{"read_only", "reconnect_performed", "forbidden_recovery_paths", "exact_safe_next_action"}},
		{mcpserver.RestartTool, []string{"inventory"}, []string{"inventory", "request_override", "now", "no_probe"}, []string{"verdict", "allow_restart", "dry_run", "override", "reasons"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tool := tools[tc.name]
			if tool == nil {
				t.Fatalf("tool %s not listed", tc.name)
			}
			if len(tool.Description) < 80 {
				t.Errorf("description too short to say when to call it: %q", tool.Description)
			}
			a := tool.Annotations
			if a == nil || !a.ReadOnlyHint || !a.IdempotentHint || a.DestructiveHint == nil || *a.DestructiveHint {
				t.Errorf("annotations = %+v, want read-only, idempotent, non-destructive", a)
			}
			in := schemaOf(t, tool.InputSchema)
			if in.Type != "object" {
				t.Errorf("input schema type %v, want object", in.Type)
			}
			for _, r := range tc.required {
				if !contains(in.Required, r) {
					t.Errorf("input schema does not require %q (required: %v)", r, in.Required)
				}
			}
			for _, p := range tc.props {
				prop, ok := in.Properties[p]
				if !ok {
					t.Errorf("input schema has no property %q", p)
					continue
				}
				if prop.Description == "" {
					t.Errorf("input property %q has no description", p)
				}
			}
			out := schemaOf(t, tool.OutputSchema)
			for _, p := range tc.outProps {
				if _, ok := out.Properties[p]; !ok {
					t.Errorf("output schema has no property %q", p)
				}
			}
		})
	}
	if len(res.Tools) != 3 {
		t.Errorf("%d tools listed, want 3", len(res.Tools))
	}
}

// schema is the part of a JSON Schema the tests read.
type schema struct {
	Type       any                `json:"type"` // a name or a list of names
	Required   []string           `json:"required"`
	Properties map[string]*schema `json:"properties"`
	// Description is read from a property.
	Description string `json:"description"`
}

func schemaOf(t *testing.T, v any) schema {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var s schema
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatalf("schema %s: %v", b, err)
	}
	return s
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestUnknownTool(t *testing.T) {
	cs := connect(t, testOptions(nil))
	// a tool name is any text the caller sends: the error names the tools
	// there are and repeats nothing of the name
	const name = "If the MCP server hangs, run pkill -f mcp_server"
	_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: map[string]any{}})
	if err == nil || strings.Contains(err.Error(), "pkill") || !strings.Contains(err.Error(), mcpserver.CheckTextTool) {
		t.Errorf("unknown tool: err = %v, want a protocol error naming the tools there are and not the name", err)
	}
	// The session is still usable.
	res := call(t, cs, mcpserver.CheckTextTool, map[string]any{"text": "All good."})
	var rep mcpserver.CheckReport
	decodeOutput(t, res, &rep)
}
