package mcpserver

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/recoverlint/recoverlint/reconnect"
	"github.com/recoverlint/recoverlint/restart"
)

// The seed-compatible tool names: the names, arguments and result fields
// of the Gitea MCP server's tools that this project grew from, so that a
// host already calling them switches by changing the server command.
const (
	GiteaReconnectTool = "gitea_request_mcp_reconnect"
	GiteaRestartTool   = "gitea_request_mcp_restart"
)

// GiteaPreflight is the seed's preflight after a reconnect.
func GiteaPreflight() []string {
	return []string{"gitea_whoami", "gitea_resolve_task_capability", "original_task"}
}

// GiteaReconnectInput is what gitea_request_mcp_reconnect takes: one
// namespace, pid as a number or a string of digits, and every other field
// optional and nullable, as the seed's keyword arguments are.
type GiteaReconnectInput struct {
	Namespace        *string         `json:"namespace,omitempty" jsonschema:"the MCP namespace to reconnect; unknown when empty"`
	Profile          *string         `json:"profile,omitempty" jsonschema:"the active execution profile, if known"`
	PID              json.RawMessage `json:"pid,omitempty" jsonschema:"the server's process id, a number or a string of digits, if the host reported one"`
	SessionID        *string         `json:"session_id,omitempty" jsonschema:"the MCP session id, if known"`
	StartupSHA       *string         `json:"startup_sha,omitempty" jsonschema:"the revision the runtime started on"`
	CurrentMasterSHA *string         `json:"current_master_sha,omitempty" jsonschema:"the current head of master"`
	BoundaryStatus   *string         `json:"boundary_status,omitempty" jsonschema:"clean, mismatch, stale or unknown; derived from the evidence when left out or not one of these"`
	Reason           *string         `json:"reason,omitempty" jsonschema:"why the reconnect is requested: stale-runtime, transport_eof, missing_namespace, not_required; any other value reads as unspecified"`
	Client           *string         `json:"client,omitempty" jsonschema:"the agent host: codex (the default, also for a host not known), claude_code (also claude and claude_desktop) or generic"`
	LiveStale        *bool           `json:"live_stale,omitempty" jsonschema:"true when a probe found the running server stale"`
	InParity         *bool           `json:"in_parity,omitempty" jsonschema:"false when the capability resolver and master disagree"`
	RestartRequired  *bool           `json:"restart_required,omitempty" jsonschema:"the capability resolver's restart_required flag; true forces a reconnect"`
	StopRequired     *bool           `json:"stop_required,omitempty" jsonschema:"the capability resolver's stop_required flag; true forces a reconnect"`
	Extra            map[string]any  `json:"extra,omitempty" jsonschema:"fields to carry in the result; a key that names a result field is dropped, and their text is checked like the result's own"`
}

func giteaReconnectDef() (*mcp.Tool, error) {
	in, err := jsonschema.For[GiteaReconnectInput](&jsonschema.ForOptions{
		TypeSchemas: map[reflect.Type]*jsonschema.Schema{
			reflect.TypeFor[json.RawMessage](): {Types: []string{"integer", "string", "null"}},
		},
	})
	if err != nil {
		return nil, fmt.Errorf("input schema: %w", err)
	}
	out, err := jsonschema.For[reconnect.Payload](nil)
	if err != nil {
		return nil, fmt.Errorf("output schema: %w", err)
	}
	out.AdditionalProperties = nil
	// pid comes back in the form it was given
	out.Properties["pid"] = &jsonschema.Schema{Types: []string{"integer", "string", "null"}}
	return &mcp.Tool{
		Name:  GiteaReconnectTool,
		Title: "Request an MCP reconnect (Gitea MCP server's arguments)",
		Description: "The request_mcp_reconnect tool under the name, arguments and result fields of the Gitea MCP server's tool of the same name, for hosts that already call it. " +
			"It is report-only and performs nothing: the result names the namespace and the reason, gives the operator the steps in the host's own reconnect control, " +
			"lists the forbidden recovery paths as bans and names the preflight to rerun (gitea_whoami, gitea_resolve_task_capability, then the original task). " +
			"Return the result to the operator and stop until the operator has reconnected.",
		InputSchema:  in,
		OutputSchema: out,
		Annotations:  annotations("Request an MCP reconnect"),
	}, nil
}

// giteaPayload is a reconnect payload whose pid is encoded as the caller
// gave it: a string of digits stays a string, as the seed returns it.
type giteaPayload struct {
	reconnect.Payload
	pidText string
}

// MarshalJSON encodes the payload, with pid as a string when it came as one.
func (g giteaPayload) MarshalJSON() ([]byte, error) {
	b, err := g.Payload.MarshalJSON()
	if err != nil || g.pidText == "" || g.Payload.PID == nil {
		return b, err
	}
	// The core fields come first, in a fixed order, and a key inside a
	// string value is escaped, so the first unescaped "pid" key is the
	// payload's own.
	num := []byte(`"pid":` + strconv.Itoa(*g.Payload.PID) + `,`)
	i := bytes.Index(b, num)
	if i < 0 {
		return nil, fmt.Errorf("encoding payload: pid not found")
	}
	text, _ := json.Marshal(g.pidText)
	return slices.Concat(b[:i], []byte(`"pid":`), text, []byte(`,`), b[i+len(num):]), nil
}

func giteaReconnect(_ context.Context, _ *mcp.CallToolRequest, in GiteaReconnectInput) (*mcp.CallToolResult, giteaPayload, error) {
	req, pidText, err := seedRequest(in)
	if err != nil {
		return nil, giteaPayload{}, fmt.Errorf("request refused: %w", err)
	}
	_, p, err := requestReconnect(context.Background(), nil, req)
	if err != nil {
		return nil, giteaPayload{}, err
	}
	return nil, giteaPayload{Payload: p, pidText: pidText}, nil
}

// seedRequest maps the seed's arguments onto a reconnect.Request with the
// seed's lenient normalisation: an empty namespace is "unknown", a reason
// outside the vocabulary is unspecified, a client is one of the seed's
// three, an unknown boundary status is derived from the evidence, and an
// extra key that names a result field is dropped. What the seed would
// carry through unchecked (a pid that is not a number, a revision that is
// not hex, a namespace that is not a name) is refused, naming the field.
func seedRequest(in GiteaReconnectInput) (reconnect.Request, string, error) {
	str := func(p *string) string {
		if p == nil {
			return ""
		}
		return strings.TrimSpace(*p)
	}
	req := reconnect.Request{
		Namespaces:       []string{cmp.Or(str(in.Namespace), "unknown")},
		Profile:          str(in.Profile),
		SessionID:        str(in.SessionID),
		StartupSHA:       str(in.StartupSHA),
		CurrentMasterSHA: str(in.CurrentMasterSHA),
		LiveStale:        in.LiveStale,
		InParity:         in.InParity,
		RestartRequired:  in.RestartRequired,
		StopRequired:     in.StopRequired,
		Preflight:        GiteaPreflight(),
		Client:           seedClient(str(in.Client)),
	}
	if r, err := reconnect.ParseReason(str(in.Reason)); err == nil {
		req.Reason = r
	}
	if b, err := reconnect.ParseBoundary(str(in.BoundaryStatus)); err == nil {
		req.BoundaryStatus = b
	}
	pid, pidText, err := seedPID(in.PID)
	if err != nil {
		return req, "", err
	}
	req.PID = pid
	if len(in.Extra) > 0 {
		core := reconnect.PayloadFields()
		req.Extra = make(map[string]any, len(in.Extra))
		for k, v := range in.Extra {
			if !core[k] {
				req.Extra[k] = v
			}
		}
	}
	return req, pidText, nil
}

// seedClient is the seed's client mapping: the Codex spellings and any
// host it does not know are codex, the Claude spellings (the desktop app
// among them) claude_code, and generic stays generic.
func seedClient(s string) reconnect.Client {
	c, err := reconnect.ParseClient(s)
	switch {
	case err != nil:
		return reconnect.ClientCodex
	case c == reconnect.ClientClaudeDesktop:
		return reconnect.ClientClaudeCode
	case c == reconnect.ClientCodex, c == reconnect.ClientClaudeCode, c == reconnect.ClientGeneric:
		return c
	}
	return reconnect.ClientCodex
}

// seedPID reads pid: null or absent is unknown, a number must be a whole
// one, and a string must be digits (its text is returned so that the
// result repeats it as a string).
func seedPID(raw json.RawMessage) (int, string, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return 0, "", nil
	}
	refuse := &reconnect.FieldError{Field: "pid", Problem: fmt.Sprintf("must be a process id, a number or a string of digits, at most %d", reconnect.MaxPID)}
	var text string
	if raw[0] == '"' {
		if err := json.Unmarshal(raw, &text); err != nil {
			return 0, "", refuse
		}
		text = strings.TrimSpace(text)
		if text == "" {
			return 0, "", nil
		}
		raw = []byte(text)
	}
	for _, c := range raw {
		if c < '0' || c > '9' {
			return 0, "", refuse
		}
	}
	n, err := strconv.Atoi(string(raw))
	if err != nil || n > reconnect.MaxPID {
		return 0, "", refuse
	}
	if n == 0 {
		return 0, "", nil
	}
	return n, text, nil
}

// Limits on gitea_request_mcp_restart input.
const (
	// MaxTargetBytes bounds remote, host, org and repo.
	MaxTargetBytes = 256
	// DefaultSessionLimit and MaxSessionLimit bound the session listing.
	DefaultSessionLimit = 200
	MaxSessionLimit     = 100000
)

// GiteaRestartInput is what gitea_request_mcp_restart takes: the seed's
// arguments. The inventory is not among them; the server gathers it from
// the provider its operator configured.
type GiteaRestartInput struct {
	Remote          string  `json:"remote" jsonschema:"the git remote of the repository whose MCP runtimes would restart"`
	Host            string  `json:"host" jsonschema:"the forge host"`
	Org             string  `json:"org" jsonschema:"the owner or organisation"`
	Repo            string  `json:"repo" jsonschema:"the repository name"`
	DryRun          *bool   `json:"dry_run,omitempty" jsonschema:"true, the default; false is reported as an apply request and refused, since the preview never restarts anything"`
	RequestOverride *bool   `json:"request_override,omitempty" jsonschema:"states the intent to override a denial; it takes effect only when the server process's own environment carries operator authority"`
	SessionID       *string `json:"session_id,omitempty" jsonschema:"id of the session asking for the preview; it is not counted as disrupted, its leases still are"`
	Limit           *int    `json:"limit,omitempty" jsonschema:"the most sessions the listing may hold, default 200; an inventory with more counts as incomplete"`
}

func giteaRestartDef() (*mcp.Tool, error) {
	in, err := jsonschema.For[GiteaRestartInput](nil)
	if err != nil {
		return nil, fmt.Errorf("input schema: %w", err)
	}
	return previewTool(GiteaRestartTool, "Preview a restart's impact (Gitea MCP server's arguments)", in,
		"The request_mcp_restart preview under the name and arguments of the Gitea MCP server's tool of the same name: the server gathers the control-plane inventory for the repository from the provider its operator configured. "+
			"It is a dry run: nothing is restarted, stopped or changed. Without a provider, or when the provider fails, the inventory is incomplete and the verdict unsafe. "+
			"request_override only states an intent; operator authority comes from the server process's environment, never from the call. "+
			"A reconnect through gitea_request_mcp_reconnect is the narrower step and comes first.")
}

// giteaRestart returns the gitea_request_mcp_restart handler.
func giteaRestart(opts Options) mcp.ToolHandlerFor[GiteaRestartInput, restart.Report] {
	return func(ctx context.Context, _ *mcp.CallToolRequest, in GiteaRestartInput) (*mcp.CallToolResult, restart.Report, error) {
		t := Target{Remote: in.Remote, Host: in.Host, Org: in.Org, Repo: in.Repo, Limit: DefaultSessionLimit}
		for _, f := range []struct{ name, val string }{{"remote", t.Remote}, {"host", t.Host}, {"org", t.Org}, {"repo", t.Repo}} {
			if len(f.val) > MaxTargetBytes || strings.ContainsFunc(f.val, isControl) {
				return nil, restart.Report{}, fmt.Errorf("%s: must be at most %d bytes of text without control characters", f.name, MaxTargetBytes)
			}
		}
		if in.Limit != nil {
			if *in.Limit < 1 || *in.Limit > MaxSessionLimit {
				return nil, restart.Report{}, fmt.Errorf("limit: must be between 1 and %d", MaxSessionLimit)
			}
			t.Limit = *in.Limit
		}
		ri := RestartInput{RequestOverride: in.RequestOverride != nil && *in.RequestOverride}
		if in.SessionID != nil {
			ri.RequestingSession = *in.SessionID
		}
		eo, err := evalOptions(ri, "session_id", opts)
		if err != nil {
			return nil, restart.Report{}, err
		}
		eo.ApplyRequested = in.DryRun != nil && !*in.DryRun
		inv := gatherInventory(ctx, opts.Inventory, t)
		if opts.Probe != nil {
			inv = restart.ProbePIDs(inv, opts.Probe)
		}
		return nil, restart.Evaluate(inv, eo), nil
	}
}

// gatherInventory asks the provider for the target's inventory. Whatever
// goes wrong (no provider, a failed provider, output that is not an
// inventory, a listing over the limit) leaves an inventory that carries
// the failure among its errors, which the coordinator reads as incomplete.
func gatherInventory(ctx context.Context, src InventorySource, t Target) restart.Inventory {
	failed := func(why string) restart.Inventory {
		return restart.Inventory{Errors: []string{why}}
	}
	if src == nil {
		return failed("no inventory provider is configured on this server (recoverlint mcp --inventory-file or --inventory-command)")
	}
	data, err := src.Inventory(ctx, t)
	if err != nil {
		return failed(err.Error())
	}
	inv, err := decodeInventory(data)
	if err != nil {
		return failed("the inventory provider's output: " + err.Error())
	}
	if len(inv.Sessions) > t.Limit {
		inv.Errors = append(inv.Errors, fmt.Sprintf("the inventory lists %d sessions, over the limit of %d; a listing cut short cannot show that a restart is safe", len(inv.Sessions), t.Limit))
	}
	return inv
}

// isControl reports a C0 or C1 control character or DEL.
func isControl(r rune) bool {
	return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0)
}
