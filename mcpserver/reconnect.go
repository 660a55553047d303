package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/recoverlint/recoverlint/reconnect"
)

// reconnectFieldDocs describes each field of reconnect.Request in its
// input schema. A test checks that it covers every field and no other.
func reconnectFieldDocs() map[string]string {
	return map[string]string{
		"namespaces":              "the MCP server names (namespaces) to reconnect, the primary one first; required",
		"profile":                 "the active execution profile, if known",
		"pid":                     "the server's process id if the host reported one; it is only reported to the operator",
		"session_id":              "the MCP session id, if known",
		"startup_sha":             fmt.Sprintf("the revision the runtime started on, %d to %d hex digits", reconnect.MinSHALen, reconnect.MaxSHALen),
		"current_master_sha":      fmt.Sprintf("the current head of master, %d to %d hex digits", reconnect.MinSHALen, reconnect.MaxSHALen),
		"boundary_status":         "the boundary status a probe reported: " + words(reconnect.Boundaries()) + "; derived from the evidence when left out",
		"reason":                  "why the reconnect is requested: " + words(reconnect.Reasons()) + "; default " + string(reconnect.ReasonUnspecified),
		"client":                  "the agent host whose reconnect control the operator uses: " + words(reconnect.Clients()) + "; default " + string(reconnect.DefaultClient),
		"live_stale":              "true when a probe found the running server stale; leave it out when not known",
		"in_parity":               "false when the capability resolver and master disagree; leave it out when not known",
		"restart_required":        "the capability resolver's restart_required flag; true forces a reconnect",
		"stop_required":           "the capability resolver's stop_required flag; true forces a reconnect",
		"prior_recovery_attempts": "how many earlier reconnect requests for these namespaces did not bring the tools back",
		"preflight":               "the tools to rerun after the reconnect, in order; default " + strings.Join(reconnect.DefaultPreflight(), ", "),
		"extra":                   "fields to carry in the payload: lower snake case keys that do not name a payload field; their text is checked like the payload's own",
	}
}

func words[T ~string](vs []T) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = string(v)
	}
	return strings.Join(parts, ", ")
}

func reconnectDef() (*mcp.Tool, error) {
	in, err := jsonschema.For[reconnect.Request](nil)
	if err != nil {
		return nil, fmt.Errorf("input schema: %w", err)
	}
	docs := reconnectFieldDocs()
	for _, name := range slices.Sorted(maps.Keys(in.Properties)) {
		doc, ok := docs[name]
		if !ok {
			return nil, fmt.Errorf("input schema: field %q has no description", name)
		}
		in.Properties[name].Description = doc
	}
	out, err := jsonschema.For[reconnect.Payload](nil)
	if err != nil {
		return nil, fmt.Errorf("output schema: %w", err)
	}
	// The payload carries the request's extra fields beside its own.
	out.AdditionalProperties = nil
	return &mcp.Tool{
		Name:  ReconnectTool,
		Title: "Request an MCP reconnect",
		Description: "Builds the sanctioned reconnect request when your MCP runtime is stale, its transport closed (EOF) or a namespace missing. " +
			"It is report-only and performs nothing: the payload names the namespaces and the reason, gives the operator the exact steps in the host's own reconnect control, " +
			"lists the forbidden recovery paths as bans and says which tools to rerun afterwards. " +
			"Return the payload to the operator and stop; start again from preflight once the operator has reconnected. " +
			"A request that is refused comes back as an error naming the field.",
		InputSchema:  in,
		OutputSchema: out,
		Annotations:  annotations("Request an MCP reconnect"),
	}, nil
}

func requestReconnect(_ context.Context, _ *mcp.CallToolRequest, req reconnect.Request) (*mcp.CallToolResult, reconnect.Payload, error) {
	p, err := reconnect.Build(req)
	if err != nil {
		var fe *reconnect.FieldError
		if errors.As(err, &fe) {
			return nil, reconnect.Payload{}, fmt.Errorf("request refused: %w", err)
		}
		return nil, reconnect.Payload{}, fmt.Errorf("building the reconnect request: %w", err)
	}
	return nil, p, nil
}
