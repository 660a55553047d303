package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/recoverlint/recoverlint/restart"
)

// Limits on request_mcp_restart input.
const (
	// MaxInventoryBytes is the largest inventory accepted, 4 MiB of JSON.
	MaxInventoryBytes = 4 << 20
	// MaxWindowSeconds bounds the heartbeat window and the inventory age,
	// one year.
	MaxWindowSeconds = 366 * 24 * 60 * 60
	// MaxSessionIDBytes bounds requesting_session.
	MaxSessionIDBytes = 256
)

// RestartInput is what request_mcp_restart takes. It has no field for
// operator authority and none that applies a restart.
type RestartInput struct {
	Inventory         json.RawMessage `json:"inventory" jsonschema:"the control-plane inventory: a JSON object as described by docs/restart-inventory.schema.json (sessions, leases, terminal_lock, collected_at, inventory_complete), or a string holding that JSON, in which case errors give its line and column"`
	RequestOverride   bool            `json:"request_override,omitempty" jsonschema:"states the intent to override a denial; it takes effect only when the server process's own environment carries operator authority, which no argument can supply"`
	RequestingSession string          `json:"requesting_session,omitempty" jsonschema:"id of the session asking for the preview; it is not counted as disrupted, its leases still are"`
	Now               string          `json:"now,omitempty" jsonschema:"evaluation time in RFC 3339, such as 2026-07-24T06:00:00Z; default the server's clock"`
	HeartbeatWindow   int64           `json:"heartbeat_window_seconds,omitempty" jsonschema:"how recent a heartbeat must be, in seconds, for a session to count as live; default 900"`
	MaxInventoryAge   int64           `json:"max_inventory_age_seconds,omitempty" jsonschema:"how old the inventory may be, in seconds, before it counts as incomplete; default 300"`
	NoProbe           bool            `json:"no_probe,omitempty" jsonschema:"true for an inventory taken on another machine: pids it leaves unknown are then not looked up on the server's host and count as running"`
}

func restartDef() (*mcp.Tool, error) {
	in, err := jsonschema.For[RestartInput](&jsonschema.ForOptions{
		TypeSchemas: map[reflect.Type]*jsonschema.Schema{
			reflect.TypeFor[json.RawMessage](): {Types: []string{"object", "string"}},
		},
	})
	if err != nil {
		return nil, fmt.Errorf("input schema: %w", err)
	}
	return previewTool(RestartTool, "Preview a restart's impact", in,
		"Previews what a restart of the MCP runtimes would disrupt, from a control-plane inventory: which sessions and leases are live, "+
			"which critical sections and terminal lock a restart would break, the blast radius and the verdict (safe, unsafe or override). "+
			"It is a dry run: nothing is restarted, stopped or changed, and an incomplete or stale inventory is never allowed. "+
			"request_override only states an intent; operator authority comes from the server process's environment, never from the call. "+
			"Call it before anyone proposes a restart; a reconnect through request_mcp_reconnect is the narrower step and comes first.")
}

// previewTool is a restart-preview tool: its input schema, and the
// restart report as its output.
func previewTool(name, title string, in *jsonschema.Schema, description string) (*mcp.Tool, error) {
	out, err := jsonschema.For[restart.Report](nil)
	if err != nil {
		return nil, fmt.Errorf("output schema: %w", err)
	}
	return &mcp.Tool{
		Name:         name,
		Title:        title,
		Description:  description,
		InputSchema:  in,
		OutputSchema: out,
		Annotations:  annotations("Preview a restart's impact"),
	}, nil
}

// restartPreview returns the request_mcp_restart handler for the server's
// options.
func restartPreview(opts Options) mcp.ToolHandlerFor[RestartInput, restart.Report] {
	return func(_ context.Context, _ *mcp.CallToolRequest, in RestartInput) (*mcp.CallToolResult, restart.Report, error) {
		inv, err := decodeInventory(in.Inventory)
		if err != nil {
			return nil, restart.Report{}, err
		}
		eo, err := evalOptions(in, "requesting_session", opts)
		if err != nil {
			return nil, restart.Report{}, err
		}
		if !in.NoProbe && opts.Probe != nil {
			inv = restart.ProbePIDs(inv, opts.Probe)
		}
		return nil, restart.Evaluate(inv, eo), nil
	}
}

// decodeInventory reads the inventory argument: an object, or a string
// holding the JSON text. Positions are given only for the text form; for
// an object they would point into the server's own re-encoding.
func decodeInventory(raw json.RawMessage) (restart.Inventory, error) {
	data := bytes.TrimSpace(raw)
	asText := len(data) > 0 && data[0] == '"'
	if asText {
		var s string
		if err := json.Unmarshal(data, &s); err != nil {
			return restart.Inventory{}, fmt.Errorf("inventory: decoding the string: %w", err)
		}
		data = []byte(s)
	}
	if len(data) > MaxInventoryBytes {
		return restart.Inventory{}, fmt.Errorf("inventory: %d bytes is over the limit of %d bytes", len(data), MaxInventoryBytes)
	}
	if asText && len(bytes.TrimSpace(data)) == 0 {
		return restart.Inventory{}, errors.New("inventory: the string is empty; it must hold a JSON object")
	}
	inv, err := restart.Decode(data)
	if err == nil {
		return inv, nil
	}
	var de *restart.DecodeError
	if asText || !errors.As(err, &de) {
		return restart.Inventory{}, fmt.Errorf("inventory: %w", err)
	}
	if de.Path == "" {
		return restart.Inventory{}, fmt.Errorf("inventory: %s", de.Msg)
	}
	return restart.Inventory{}, fmt.Errorf("inventory: %s: %s", de.Path, de.Msg)
}

// evalOptions validates the call's options and joins them with the
// server's. Authority and its variable come only from the server.
// sessionField is the argument that carries RequestingSession, for errors.
func evalOptions(in RestartInput, sessionField string, opts Options) (restart.Options, error) {
	eo := restart.Options{
		RequestingSession: in.RequestingSession,
		RequestOverride:   in.RequestOverride,
		OverrideEnv:       opts.OverrideEnv,
		LookupEnv:         opts.LookupEnv,
	}
	if len(in.RequestingSession) > MaxSessionIDBytes {
		return eo, fmt.Errorf("%s: must be at most %d bytes", sessionField, MaxSessionIDBytes)
	}
	for _, w := range []struct {
		field string
		secs  int64
		dst   *time.Duration
	}{
		{"heartbeat_window_seconds", in.HeartbeatWindow, &eo.HeartbeatWindow},
		{"max_inventory_age_seconds", in.MaxInventoryAge, &eo.MaxInventoryAge},
	} {
		if w.secs < 0 || w.secs > MaxWindowSeconds {
			return eo, fmt.Errorf("%s: must be between 1 and %d seconds, or left out for the default", w.field, MaxWindowSeconds)
		}
		*w.dst = time.Duration(w.secs) * time.Second
	}
	if in.Now == "" {
		eo.Now = opts.Now().UTC().Truncate(time.Second)
		return eo, nil
	}
	t, err := time.Parse(time.RFC3339Nano, in.Now)
	if err != nil {
		return eo, errors.New("now: must be an RFC 3339 time such as 2026-07-24T06:00:00Z")
	}
	eo.Now = t.UTC()
	return eo, nil
}
