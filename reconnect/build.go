package reconnect

import (
	"fmt"
	"strings"

	"github.com/recoverlint/recoverlint/check"
)

// ForbiddenRecoveryPaths lists, one ban per entry, the recovery actions an
// agent must never take. Each entry reads as a ban on its own, wherever it
// is shown.
func ForbiddenRecoveryPaths() []string {
	return []string{
		"never kill or signal MCP server processes by hand (pkill, kill, killall, taskkill)",
		"never touch a config file or change its mtime to force a reload",
		"never edit, replace or delete .env files as a recovery step",
		"never edit MCP or client config files (mcp.json, config.toml, settings.json) as a recovery step",
		"never edit, delete or reset session, lock or lease state by hand",
		"never bypass the MCP tools by calling the server's API directly (curl, raw HTTP) or by importing the server's module",
	}
}

// Build validates the request, decides whether a reconnect is needed and
// returns the payload. Bad input is a *FieldError; payload text that the
// recoverlint checker reads as recommending a forbidden recovery action is
// an *UnsafeTextError. Build has no side effects.
func Build(req Request) (Payload, error) {
	return build(req, check.Source)
}

// checkFunc is the signature of check.Source; tests put a fake in its place.
type checkFunc func(name string, src []byte, cfg check.Config) ([]check.Finding, error)

func build(req Request, checkText checkFunc) (Payload, error) {
	v, err := validate(req)
	if err != nil {
		return Payload{}, err
	}
	d, err := decide(v)
	if err != nil {
		return Payload{}, err
	}
	p := assemble(v, d)
	if err := selfCheck(p, checkText); err != nil {
		return Payload{}, err
	}
	return p, nil
}

// decision is the outcome of the decision logic.
type decision struct {
	needed   bool
	reason   Reason
	boundary Boundary
}

// decide applies the decision logic: a reconnect is needed unless the
// probe is healthy and the boundary clean; a stop or restart flag forces
// it. A needed reconnect never carries the reason not_required.
func decide(v request) (decision, error) {
	evidence := ClassifyBoundary(v.StartupSHA, v.CurrentMasterSHA, v.LiveStale, v.InParity)
	boundary := v.boundary
	switch {
	case boundary == "":
		boundary = evidence
	case boundary == BoundaryClean && (evidence == BoundaryStale || evidence == BoundaryMismatch):
		return decision{}, &FieldError{Field: "boundary_status", Problem: fmt.Sprintf("clean contradicts the evidence, which says %s", evidence)}
	}

	reason := v.reason
	needed := true
	if reason == ReasonNotRequired && boundary == BoundaryClean {
		needed = false
	}
	// An explicit healthy probe: both resolver flags false on a clean boundary.
	if isFalse(v.RestartRequired) && isFalse(v.StopRequired) && boundary == BoundaryClean &&
		(reason == ReasonNotRequired || reason == ReasonUnspecified) {
		needed = false
		reason = ReasonNotRequired
	}
	if isTrue(v.RestartRequired) || isTrue(v.StopRequired) {
		needed = true
		if reason == ReasonNotRequired || reason == ReasonUnspecified {
			reason = ReasonStaleRuntime
		}
	}
	if needed && reason == ReasonNotRequired {
		reason = ReasonUnspecified
		if boundary == BoundaryStale || boundary == BoundaryMismatch {
			reason = ReasonStaleRuntime
		}
	}
	return decision{needed: needed, reason: reason, boundary: boundary}, nil
}

// assemble fills the payload from a valid request and its decision.
func assemble(v request, d decision) Payload {
	servers := serverPhrase(v.Namespaces)
	preflight := preflightPhrase(v.Preflight)
	steps := operatorSteps(v.client, v.Namespaces, v.Preflight)
	p := Payload{
		Success:                true,
		ReadOnly:               true,
		ReconnectNeeded:        d.needed,
		Namespace:              v.Namespaces[0],
		Namespaces:             v.Namespaces,
		Profile:                optional(v.Profile),
		SessionID:              optional(v.SessionID),
		StartupSHA:             optional(v.StartupSHA),
		CurrentMasterSHA:       optional(v.CurrentMasterSHA),
		BoundaryStatus:         d.boundary,
		Reason:                 d.reason,
		Client:                 v.client,
		ForbiddenRecoveryPaths: ForbiddenRecoveryPaths(),
		PostReconnectPreflight: v.Preflight,
		BlockerKind:            BlockerNone,
		OperatorUISteps:        steps,
		PriorRecoveryAttempts:  v.PriorAttempts,
		Extra:                  v.Extra,
	}
	if v.PID > 0 {
		pid := v.PID
		p.PID = &pid
	}
	if !d.needed {
		p.ExactSafeNextAction = fmt.Sprintf("No reconnect is needed for %s (boundary_status=%s, reason=%s); proceed with the original task.", servers, d.boundary, d.reason)
		return p
	}

	var next strings.Builder
	fmt.Fprintf(&next, "blocker_kind=%s: ask the operator to reconnect %s through the host's own control (client=%s), following operator_ui_steps. ", BlockerOperatorReconnect, servers, v.client)
	next.WriteString("Never kill MCP processes, never touch config files, never edit .env, config or session state, and never bypass the tools with raw API calls. ")
	if v.PriorAttempts > 0 {
		fmt.Fprintf(&next, "A reconnect was already requested %s without bringing the tools back, so the operator should use the step that starts the client again rather than the per-server control. ", times(v.PriorAttempts))
	}
	fmt.Fprintf(&next, "After the reconnect, restart the workflow from preflight: %s.", preflight)

	p.BlockerKind = BlockerOperatorReconnect
	p.StopRequired = true
	p.RestartRequired = true
	p.ExactSafeNextAction = next.String()
	p.TypedBlocker = &TypedBlocker{
		BlockerKind:               BlockerOperatorReconnect,
		Namespaces:                v.Namespaces,
		WhyReconnectRequired:      d.reason,
		OperatorUISteps:           steps,
		Client:                    v.client,
		ForbiddenRecoveryPaths:    ForbiddenRecoveryPaths(),
		InstructionAfterReconnect: fmt.Sprintf("Once the host shows %s connected again, rerun the blocked workflow from preflight (%s); never continue a mutation from the state before the reconnect.", servers, preflight),
	}
	return p
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func times(n int) string {
	switch n {
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return fmt.Sprintf("%d times", n)
}
