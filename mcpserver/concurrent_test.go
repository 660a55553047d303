package mcpserver_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/recoverlint/recoverlint/mcpserver"
)

// TestConcurrentCalls runs good and bad calls of every tool at once on one
// session: each answer must be the one the same call gets alone, and the
// server must still answer afterwards.
func TestConcurrentCalls(t *testing.T) {
	cs := connect(t, testOptions(nil))
	calls := []struct {
		tool string
		args map[string]any
	}{
		{mcpserver.CheckTextTool, map[string]any{"text": recommends}},
		{mcpserver.CheckTextTool, map[string]any{"text": bans}},
		{mcpserver.CheckTextTool, map[string]any{"text": 7}},
		{mcpserver.ReconnectTool, map[string]any{"namespaces": []string{"gitea"}, "reason": "transport_eof"}},
		{mcpserver.ReconnectTool, map[string]any{"namespaces": []string{"gitea"}, "reason": "bogus"}},
		{mcpserver.RestartTool, map[string]any{"inventory": sampleObject(t, "busy.json")}},
		{mcpserver.RestartTool, map[string]any{"inventory": "{"}},
	}
	// answer is what a call returns, as comparable text.
	answer := func(res *mcp.CallToolResult, err error) string {
		if err != nil {
			return "protocol error: " + err.Error()
		}
		b, _ := json.Marshal(res.StructuredContent)
		return fmt.Sprintf("error=%v text=%s structured=%s", res.IsError, resultText(res), b)
	}
	want := make([]string, len(calls))
	for i, c := range calls {
		want[i] = answer(cs.CallTool(context.Background(), &mcp.CallToolParams{Name: c.tool, Arguments: c.args}))
	}

	const rounds = 8
	got := make([][]string, rounds)
	var wg sync.WaitGroup
	for r := range rounds {
		got[r] = make([]string, len(calls))
		for i, c := range calls {
			wg.Add(1)
			go func() {
				defer wg.Done()
				got[r][i] = answer(cs.CallTool(context.Background(), &mcp.CallToolParams{Name: c.tool, Arguments: c.args}))
			}()
		}
	}
	wg.Wait()
	for r := range rounds {
		for i := range calls {
			if got[r][i] != want[i] {
				t.Errorf("round %d, call %d (%s):\n got  %.300s\n want %.300s", r, i, calls[i].tool, got[r][i], want[i])
			}
		}
	}
	var rep mcpserver.CheckReport
	decodeOutput(t, call(t, cs, mcpserver.CheckTextTool, map[string]any{"text": bans}), &rep)
}
