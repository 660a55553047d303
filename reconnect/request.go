package reconnect

import (
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/recoverlint/recoverlint/internal/controls"
)

// Request is what an agent knows when it asks for a reconnect. Only
// Namespaces is required. The vocabulary fields accept any spelling their
// Parse function accepts; empty means unspecified (Reason), derived from
// the evidence (BoundaryStatus) or DefaultClient (Client). A nil flag means
// the evidence is not known.
type Request struct {
	// Namespaces are the MCP server names (namespaces) to reconnect, the
	// first one the primary. Duplicates are dropped.
	Namespaces []string `json:"namespaces"`
	// Profile is the active execution profile, if known.
	Profile string `json:"profile,omitempty"`
	// PID is the server's process id if the host reported one; 0 is unknown.
	PID int `json:"pid,omitempty"`
	// SessionID is the MCP session id, if known.
	SessionID string `json:"session_id,omitempty"`
	// StartupSHA is the revision the runtime started on.
	StartupSHA string `json:"startup_sha,omitempty"`
	// CurrentMasterSHA is the current head of master.
	CurrentMasterSHA string `json:"current_master_sha,omitempty"`
	// BoundaryStatus is the boundary status if a probe reported one.
	BoundaryStatus Boundary `json:"boundary_status,omitempty"`
	// Reason says why the reconnect is requested.
	Reason Reason `json:"reason,omitempty"`
	// Client is the agent host.
	Client Client `json:"client,omitempty"`
	// LiveStale is the live staleness evidence: true when a probe found the
	// running server stale.
	LiveStale *bool `json:"live_stale,omitempty"`
	// InParity is the parity evidence: false when the capability resolver
	// and master disagree.
	InParity *bool `json:"in_parity,omitempty"`
	// RestartRequired and StopRequired are the capability resolver's flags;
	// either one true forces a reconnect.
	RestartRequired *bool `json:"restart_required,omitempty"`
	StopRequired    *bool `json:"stop_required,omitempty"`
	// PriorAttempts counts earlier reconnect requests for these namespaces
	// that did not bring the tools back.
	PriorAttempts int `json:"prior_recovery_attempts,omitempty"`
	// Preflight names the tools the workflow reruns after the reconnect,
	// in order; empty means DefaultPreflight.
	Preflight []string `json:"preflight,omitempty"`
	// Extra holds fields the caller wants carried in the payload. A key
	// must be lower snake case and must not name a payload field; every
	// string in a value is self-checked like the payload's own text.
	Extra map[string]any `json:"extra,omitempty"`
}

// Limits on request fields.
const (
	MaxNamespaces    = 16
	MaxNameLen       = 64
	MaxSessionIDLen  = 128
	MinSHALen        = 7
	MaxSHALen        = 64
	MaxPID           = 1<<31 - 1
	MaxPriorAttempts = 100
	MaxPreflight     = 8
	MaxExtraFields   = 32
	MaxExtraBytes    = 8 << 10
)

// DefaultPreflight is the preflight order after a reconnect: identity,
// then capability resolution, then the task itself.
func DefaultPreflight() []string {
	return []string{"whoami", "resolve_task_capability", "original_task"}
}

var (
	// A name (namespace, profile, preflight tool) is an identifier: ASCII
	// letters, digits, '.', '_' and '-', starting with a letter or digit.
	namePattern      = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)
	sessionIDPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._:-]*$`)
	shaPattern       = regexp.MustCompile(`^[0-9a-fA-F]+$`)
	extraKeyPattern  = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)
)

// checkName validates an identifier-like field.
func checkName(field, s string) error {
	switch {
	case s == "":
		return &FieldError{Field: field, Problem: "must not be empty"}
	case len(s) > MaxNameLen:
		return &FieldError{Field: field, Problem: fmt.Sprintf("must be at most %d bytes", MaxNameLen)}
	case !namePattern.MatchString(s):
		return &FieldError{Field: field, Problem: "must be ASCII letters, digits, '.', '_' or '-', starting with a letter or digit"}
	}
	return nil
}

// checkSHA validates and lower-cases an optional revision.
func checkSHA(field, s string) (string, error) {
	if s == "" {
		return "", nil
	}
	if len(s) < MinSHALen || len(s) > MaxSHALen || !shaPattern.MatchString(s) {
		return "", &FieldError{Field: field, Problem: fmt.Sprintf("must be %d to %d hex digits", MinSHALen, MaxSHALen)}
	}
	return strings.ToLower(s), nil
}

// request is a Request after validation: vocabularies parsed, optional
// values normalised, duplicates dropped.
type request struct {
	Request
	reason   Reason
	boundary Boundary // "" when not given
	client   Client
}

// validate refuses a bad request with a *FieldError naming the field.
func validate(req Request) (request, error) {
	v := request{Request: req}
	var err error

	if len(req.Namespaces) == 0 {
		return v, &FieldError{Field: "namespace", Problem: "at least one namespace is required"}
	}
	if len(req.Namespaces) > MaxNamespaces {
		return v, &FieldError{Field: "namespace", Problem: fmt.Sprintf("at most %d namespaces", MaxNamespaces)}
	}
	seen := make(map[string]bool, len(req.Namespaces))
	v.Namespaces = nil
	for i, ns := range req.Namespaces {
		field := "namespace"
		if len(req.Namespaces) > 1 {
			field = fmt.Sprintf("namespace[%d]", i)
		}
		if err := checkName(field, ns); err != nil {
			return v, err
		}
		if !seen[ns] {
			seen[ns] = true
			v.Namespaces = append(v.Namespaces, ns)
		}
	}
	if req.Profile != "" {
		if err := checkName("profile", req.Profile); err != nil {
			return v, err
		}
	}
	if req.PID < 0 || req.PID > MaxPID {
		return v, &FieldError{Field: "pid", Problem: fmt.Sprintf("must be a positive process id, at most %d", MaxPID)}
	}
	if s := req.SessionID; s != "" {
		if len(s) > MaxSessionIDLen || !sessionIDPattern.MatchString(s) {
			return v, &FieldError{Field: "session_id", Problem: fmt.Sprintf("must be at most %d ASCII letters, digits, '.', '_', ':' or '-', starting with a letter or digit", MaxSessionIDLen)}
		}
	}
	if v.StartupSHA, err = checkSHA("startup_sha", req.StartupSHA); err != nil {
		return v, err
	}
	if v.CurrentMasterSHA, err = checkSHA("current_master_sha", req.CurrentMasterSHA); err != nil {
		return v, err
	}
	if v.reason, err = ParseReason(string(req.Reason)); err != nil {
		return v, err
	}
	if v.boundary, err = ParseBoundary(string(req.BoundaryStatus)); err != nil {
		return v, err
	}
	if v.client, err = ParseClient(string(req.Client)); err != nil {
		return v, err
	}
	if req.PriorAttempts < 0 || req.PriorAttempts > MaxPriorAttempts {
		return v, &FieldError{Field: "prior_recovery_attempts", Problem: fmt.Sprintf("must be between 0 and %d", MaxPriorAttempts)}
	}
	if len(req.Preflight) > MaxPreflight {
		return v, &FieldError{Field: "preflight", Problem: fmt.Sprintf("at most %d tools", MaxPreflight)}
	}
	for i, tool := range req.Preflight {
		if err := checkName(fmt.Sprintf("preflight[%d]", i), tool); err != nil {
			return v, err
		}
	}
	if len(req.Preflight) == 0 {
		v.Preflight = DefaultPreflight()
	} else {
		v.Preflight = append([]string(nil), req.Preflight...)
	}
	if v.Extra, err = freezeExtra(req.Extra); err != nil {
		return v, err
	}
	return v, nil
}

// controlInJSON reports a control character (other than a line break or a
// tab), DEL, a C1 control or a bidirectional override or isolate in the
// strings of an encoded value: they move a terminal's cursor or reorder
// what a reader sees (p\u202ekill) and have no place in a payload.
func controlInJSON(b []byte) bool {
	var v any
	if json.Unmarshal(b, &v) != nil {
		return true
	}
	var bad func(v any) bool
	bad = func(v any) bool {
		switch v := v.(type) {
		case string:
			for _, r := range v {
				if r != '\n' && r != '\t' && controls.Is(r) {
					return true
				}
			}
		case []any:
			for _, e := range v {
				if bad(e) {
					return true
				}
			}
		case map[string]any:
			for k, e := range v {
				if bad(k) || bad(e) {
					return true
				}
			}
		}
		return false
	}
	return bad(v)
}

// freezeExtra refuses extra fields that could overwrite a payload field,
// have an odd key, or do not encode as bounded JSON. It returns each value
// as its JSON encoding, so that what is self-checked is what is printed
// even if the caller changes its map afterwards.
func freezeExtra(extra map[string]any) (map[string]any, error) {
	if len(extra) == 0 {
		return nil, nil
	}
	if len(extra) > MaxExtraFields {
		return nil, &FieldError{Field: "extra", Problem: fmt.Sprintf("at most %d fields", MaxExtraFields)}
	}
	core := PayloadFields()
	frozen := make(map[string]any, len(extra))
	// Keys in order, so that the same bad request always names the same field.
	for _, k := range slices.Sorted(maps.Keys(extra)) {
		if len(k) > MaxNameLen || !extraKeyPattern.MatchString(k) {
			return nil, &FieldError{Field: "extra", Problem: fmt.Sprintf("keys must be lower snake case, at most %d bytes", MaxNameLen)}
		}
		field := "extra." + k
		if core[k] {
			return nil, &FieldError{Field: field, Problem: "names a payload field, and extra fields never overwrite core fields"}
		}
		b, err := json.Marshal(extra[k])
		if err != nil {
			return nil, &FieldError{Field: field, Problem: "must encode as JSON"}
		}
		if controlInJSON(b) {
			return nil, &FieldError{Field: field, Problem: "must not hold control characters or bidirectional overrides"}
		}
		if len(b) > MaxExtraBytes {
			return nil, &FieldError{Field: field, Problem: fmt.Sprintf("must encode in at most %d bytes of JSON", MaxExtraBytes)}
		}
		frozen[k] = json.RawMessage(b)
	}
	return frozen, nil
}
