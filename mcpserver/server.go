package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/recoverlint/recoverlint/internal/shown"
	"github.com/recoverlint/recoverlint/reconnect"

	"github.com/recoverlint/recoverlint/restart"
)

// Name is the server's implementation name, as hosts show it.
const Name = "recoverlint"

// The tool names.
const (
	CheckTextTool = "check_text"
	ReconnectTool = "request_mcp_reconnect"
	RestartTool   = "request_mcp_restart"
)

// Options configure a server. Everything that is the operator's to decide
// (the version shown, the environment that carries restart authority, the
// clock, process probing) is set here by whoever starts the server; no tool
// call can change it.
type Options struct {
	// Version is the server version hosts see; "devel" when empty.
	Version string
	// LookupEnv reads the server process's environment, as os.LookupEnv
	// does; request_mcp_restart reads operator authority through it. Nil
	// means no authority is ever present.
	LookupEnv func(string) (string, bool)
	// OverrideEnv names the variable that carries operator restart
	// authority; restart.DefaultOverrideEnv when empty.
	OverrideEnv string
	// Now is the clock of restart previews; time.Now when nil.
	Now func() time.Time
	// Probe fills in process liveness an inventory leaves unknown. Nil
	// leaves it unknown, and the preview then counts the process as
	// running.
	Probe restart.Prober
	// GiteaTools also serves gitea_request_mcp_reconnect and
	// gitea_request_mcp_restart, the seed's tools under their own names,
	// arguments and result fields. They are off by default: every tool a
	// server offers costs each agent turn its description, and the names
	// would mislead a host that has no Gitea server.
	GiteaTools bool
	// Inventory is where gitea_request_mcp_restart gathers the inventory;
	// nil means nowhere, and every preview is then unsafe.
	Inventory InventorySource
}

// instructions tell a connected agent how the tools fit together.
const instructions = `recoverlint checks recovery advice and builds the sanctioned recovery requests.
Call check_text on recovery advice before you give it to anyone or write it into a doc, prompt or AGENTS.md, and rewrite whatever it reports.
When your MCP runtime is stale, its transport closed or a namespace missing, call request_mcp_reconnect, hand the payload to the operator and stop until the operator has reconnected.
Call request_mcp_restart only to preview what a restart would disrupt; it is a dry run and restarts nothing.`

// New returns a server that offers the three tools. It fails only if a
// tool schema cannot be built, which is a bug in this package.
func New(opts Options) (*mcp.Server, error) {
	if opts.Version == "" {
		opts.Version = "devel"
	}
	if opts.OverrideEnv == "" {
		opts.OverrideEnv = restart.DefaultOverrideEnv
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	tools, err := newTools()
	if err != nil {
		return nil, err
	}
	s := mcp.NewServer(&mcp.Implementation{Name: Name, Title: "recoverlint", Version: opts.Version}, &mcp.ServerOptions{
		Instructions: instructions,
		// No logging capability: the server has nothing to log to a client.
		Capabilities: &mcp.ServerCapabilities{},
	})
	mcp.AddTool(s, tools.check, guard(CheckTextTool, checkText))
	mcp.AddTool(s, tools.reconnect, guard(ReconnectTool, requestReconnect))
	mcp.AddTool(s, tools.restart, guard(RestartTool, restartPreview(opts)))
	if opts.GiteaTools {
		mcp.AddTool(s, tools.giteaReconnect, guard(GiteaReconnectTool, giteaReconnect))
		mcp.AddTool(s, tools.giteaRestart, guard(GiteaRestartTool, giteaRestart(opts)))
	}
	s.AddReceivingMiddleware(withholdUnsafeErrors(ToolNames(opts)))
	return s, nil
}

// ToolNames lists the tools a server with opts offers.
func ToolNames(opts Options) []string {
	names := []string{CheckTextTool, ReconnectTool, RestartTool}
	if opts.GiteaTools {
		names = append(names, GiteaReconnectTool, GiteaRestartTool)
	}
	return names
}

// toolSet holds the tool definitions with their schemas.
type toolSet struct {
	check, reconnect, restart    *mcp.Tool
	giteaReconnect, giteaRestart *mcp.Tool
}

func newTools() (toolSet, error) {
	var ts toolSet
	var err error
	if ts.check, err = checkTextDef(); err != nil {
		return ts, fmt.Errorf("tool %s: %w", CheckTextTool, err)
	}
	if ts.reconnect, err = reconnectDef(); err != nil {
		return ts, fmt.Errorf("tool %s: %w", ReconnectTool, err)
	}
	if ts.restart, err = restartDef(); err != nil {
		return ts, fmt.Errorf("tool %s: %w", RestartTool, err)
	}
	if ts.giteaReconnect, err = giteaReconnectDef(); err != nil {
		return ts, fmt.Errorf("tool %s: %w", GiteaReconnectTool, err)
	}
	if ts.giteaRestart, err = giteaRestartDef(); err != nil {
		return ts, fmt.Errorf("tool %s: %w", GiteaRestartTool, err)
	}
	return ts, nil
}

// annotations are the same for every tool: each reads its arguments and
// returns a value, and changes nothing outside the call.
func annotations(title string) *mcp.ToolAnnotations {
	no := false
	return &mcp.ToolAnnotations{
		Title:           title,
		ReadOnlyHint:    true,
		DestructiveHint: &no,
		IdempotentHint:  true,
		OpenWorldHint:   &no,
	}
}

// guard runs a tool handler for the SDK. A panic becomes a tool error, so
// that one bad call cannot end the server for the calls after it. A result
// gets its text content here, encoded in the output type's own field order
// (the SDK would re-encode it with sorted keys), so that an agent reads
// the fields in the order they were written for, as the CLI prints them.
func guard[In, Out any](tool string, h mcp.ToolHandlerFor[In, Out]) mcp.ToolHandlerFor[In, Out] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in In) (res *mcp.CallToolResult, out Out, err error) {
		defer func() {
			if r := recover(); r != nil {
				var zero Out
				res, out = nil, zero
				err = fmt.Errorf("%s: internal error (%v); the server is still running, and the call can be reported as a recoverlint bug", tool, r)
			}
		}()
		if req != nil && req.Params != nil {
			// the SDK decodes arguments with encoding/json, which keeps the
			// last of a repeated key: a call that says two things about one
			// field is refused, as the CLI's reconnect --request and the
			// restart inventory refuse it
			if k := reconnect.RepeatedKey(req.Params.Arguments); k != "" {
				var zero Out
				return nil, zero, fmt.Errorf("%s: arguments: the field %s is given twice", tool, shown.Value(k))
			}
		}
		res, out, err = h(ctx, req, in)
		if err != nil || res != nil {
			return res, out, err
		}
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(out); err != nil {
			var zero Out
			return nil, zero, fmt.Errorf("%s: encoding the result: %w", tool, err)
		}
		text := strings.TrimSuffix(buf.String(), "\n")
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, out, nil
	}
}
