package reconnect

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
)

// Payload is the reconnect request an agent returns to its host. It is
// report-only: ReadOnly is always true and ReconnectPerformed and
// MutationPerformed always false. Optional values the request did not
// carry are nil and encode as JSON null.
type Payload struct {
	Success            bool `json:"success"`
	ReadOnly           bool `json:"read_only"`
	ReconnectPerformed bool `json:"reconnect_performed"`
	MutationPerformed  bool `json:"mutation_performed"`
	ReconnectNeeded    bool `json:"reconnect_needed"`
	// Namespace is the primary namespace; Namespaces lists all of them.
	Namespace        string   `json:"namespace"`
	Namespaces       []string `json:"namespaces"`
	Profile          *string  `json:"profile"`
	PID              *int     `json:"pid"`
	SessionID        *string  `json:"session_id"`
	StartupSHA       *string  `json:"startup_sha"`
	CurrentMasterSHA *string  `json:"current_master_sha"`
	BoundaryStatus   Boundary `json:"boundary_status"`
	Reason           Reason   `json:"reason"`
	Client           Client   `json:"client"`
	// ForbiddenRecoveryPaths bans, one per entry, the recovery actions an
	// agent must never take.
	ForbiddenRecoveryPaths []string `json:"forbidden_recovery_paths"`
	// PostReconnectPreflight lists the tools to rerun, in order, once the
	// operator has reconnected.
	PostReconnectPreflight []string `json:"post_reconnect_preflight"`
	// ExactSafeNextAction is the one sentence an agent acts on.
	ExactSafeNextAction string        `json:"exact_safe_next_action"`
	BlockerKind         BlockerKind   `json:"blocker_kind"`
	OperatorUISteps     []string      `json:"operator_ui_steps"`
	TypedBlocker        *TypedBlocker `json:"typed_blocker"`
	StopRequired        bool          `json:"stop_required"`
	RestartRequired     bool          `json:"restart_required"`
	// PriorRecoveryAttempts is the request's PriorAttempts; left out of the
	// JSON when zero.
	PriorRecoveryAttempts int `json:"prior_recovery_attempts,omitempty"`
	// Extra holds the request's extra fields. They are encoded after the
	// core fields, in key order, and never share a name with one.
	Extra map[string]any `json:"-"`
}

// TypedBlocker is what the operator must do before the workflow can go on.
// A payload carries one only when a reconnect is needed.
type TypedBlocker struct {
	BlockerKind               BlockerKind `json:"blocker_kind"`
	Namespaces                []string    `json:"namespaces"`
	WhyReconnectRequired      Reason      `json:"why_reconnect_required"`
	OperatorUISteps           []string    `json:"operator_ui_steps"`
	Client                    Client      `json:"client"`
	ForbiddenRecoveryPaths    []string    `json:"forbidden_recovery_paths"`
	InstructionAfterReconnect string      `json:"instruction_after_reconnect"`
}

// payloadAlias has Payload's fields without its MarshalJSON method.
type payloadAlias Payload

// MarshalJSON encodes the core fields in their declared order, then the
// extra fields in key order.
func (p Payload) MarshalJSON() ([]byte, error) {
	core, err := json.Marshal(payloadAlias(p))
	if err != nil {
		return nil, fmt.Errorf("encoding payload: %w", err)
	}
	if len(p.Extra) == 0 {
		return core, nil
	}
	fields := PayloadFields()
	var buf bytes.Buffer
	buf.Write(core[:len(core)-1]) // drop the closing brace
	for _, k := range slices.Sorted(maps.Keys(p.Extra)) {
		if fields[k] {
			return nil, fmt.Errorf("encoding payload: extra field %q names a core field", k)
		}
		kb, _ := json.Marshal(k)
		vb, err := json.Marshal(p.Extra[k])
		if err != nil {
			return nil, fmt.Errorf("encoding extra field %q: %w", k, err)
		}
		buf.WriteByte(',')
		buf.Write(kb)
		buf.WriteByte(':')
		buf.Write(vb)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// PayloadFields is the set of JSON names Payload may encode, read from its
// struct tags so that it cannot drift from the type; an extra field must
// not take one of them.
func PayloadFields() map[string]bool {
	t := reflect.TypeFor[Payload]()
	names := make(map[string]bool, t.NumField())
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			names[name] = true
		}
	}
	return names
}
