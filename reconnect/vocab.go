package reconnect

import (
	"fmt"
	"strings"
)

// Reason says why a reconnect is requested. The values are a closed
// vocabulary; ParseReason maps the spellings agents use onto it.
type Reason string

const (
	// ReasonStaleRuntime: the runtime started on an older revision or its
	// capability resolver reports stop or restart required.
	ReasonStaleRuntime Reason = "stale-runtime"
	// ReasonTransportEOF: the transport to the server closed (EOF, broken
	// pipe, "client is closing").
	ReasonTransportEOF Reason = "transport_eof"
	// ReasonMissingNamespace: the host shows no tools for the namespace.
	ReasonMissingNamespace Reason = "missing_namespace"
	// ReasonNotRequired: a healthy probe; nothing to reconnect.
	ReasonNotRequired Reason = "not_required"
	// ReasonUnspecified: the caller gave no reason.
	ReasonUnspecified Reason = "unspecified"
)

// Reasons lists the reason vocabulary in a stable order.
func Reasons() []Reason {
	return []Reason{ReasonStaleRuntime, ReasonTransportEOF, ReasonMissingNamespace, ReasonNotRequired, ReasonUnspecified}
}

func reasonAlias(key string) (Reason, bool) {
	switch key {
	case "stale_runtime", "staleruntime", "runtime_stale", "stale":
		return ReasonStaleRuntime, true
	case "transport_eof", "transport_closed", "eof", "client_is_closing":
		return ReasonTransportEOF, true
	case "missing_namespace", "namespace_missing", "namespace_not_found":
		return ReasonMissingNamespace, true
	case "not_required", "healthy", "ok":
		return ReasonNotRequired, true
	case "unspecified":
		return ReasonUnspecified, true
	}
	return "", false
}

// ParseReason returns the reason a spelling stands for: case, surrounding
// space and the choice of '-', '_' or ' ' as separator do not matter, and
// the empty string is ReasonUnspecified. An unknown reason is an error.
func ParseReason(s string) (Reason, error) {
	return parseWord(s, ReasonUnspecified, reasonAlias, "reason", "reason", Reasons())
}

// Boundary is the boundary status: whether the runtime serves the revision
// it should.
type Boundary string

const (
	// BoundaryClean: the runtime started on the current master revision.
	BoundaryClean Boundary = "clean"
	// BoundaryMismatch: the startup and current master revisions differ.
	BoundaryMismatch Boundary = "mismatch"
	// BoundaryStale: live evidence says the runtime is stale or out of parity.
	BoundaryStale Boundary = "stale"
	// BoundaryUnknown: there is not enough evidence to tell.
	BoundaryUnknown Boundary = "unknown"
)

// Boundaries lists the boundary vocabulary in a stable order.
func Boundaries() []Boundary {
	return []Boundary{BoundaryClean, BoundaryMismatch, BoundaryStale, BoundaryUnknown}
}

func boundaryAlias(key string) (Boundary, bool) {
	switch key {
	case "clean", "in_parity", "parity", "match":
		return BoundaryClean, true
	case "mismatch", "mismatched", "diverged":
		return BoundaryMismatch, true
	case "stale", "live_stale":
		return BoundaryStale, true
	case "unknown":
		return BoundaryUnknown, true
	}
	return "", false
}

// ParseBoundary returns the boundary status a spelling stands for, with the
// same normalisation as ParseReason. The empty string returns "" with no
// error: the status is then derived from the evidence (ClassifyBoundary).
func ParseBoundary(s string) (Boundary, error) {
	return parseWord(s, "", boundaryAlias, "boundary_status", "boundary status", Boundaries())
}

// ClassifyBoundary derives the boundary status from the evidence: live
// staleness or a failed parity check make it stale; otherwise two known
// revisions decide between clean and mismatch; a passed parity check alone
// makes it clean; anything else is unknown. SHAs compare without regard to
// case. A nil flag means the evidence is not known.
func ClassifyBoundary(startupSHA, currentMasterSHA string, liveStale, inParity *bool) Boundary {
	if isTrue(liveStale) || isFalse(inParity) {
		return BoundaryStale
	}
	start := strings.ToLower(strings.TrimSpace(startupSHA))
	current := strings.ToLower(strings.TrimSpace(currentMasterSHA))
	if start != "" && current != "" {
		if start == current {
			return BoundaryClean
		}
		return BoundaryMismatch
	}
	if isTrue(inParity) {
		return BoundaryClean
	}
	return BoundaryUnknown
}

// BlockerKind names the typed blocker a payload carries.
type BlockerKind string

const (
	// BlockerOperatorReconnect: the operator must reconnect the namespaces
	// through the host before the workflow can go on.
	BlockerOperatorReconnect BlockerKind = "operator_mcp_reconnect_required"
	// BlockerNone: nothing blocks the workflow.
	BlockerNone BlockerKind = "none"
)

// BlockerKinds lists the blocker kinds in a stable order.
func BlockerKinds() []BlockerKind {
	return []BlockerKind{BlockerOperatorReconnect, BlockerNone}
}

func blockerAlias(key string) (BlockerKind, bool) {
	switch key {
	case "operator_mcp_reconnect_required", "operator_reconnect_required", "operator_reconnect", "reconnect_required":
		return BlockerOperatorReconnect, true
	case "none":
		return BlockerNone, true
	}
	return "", false
}

// ParseBlockerKind returns the blocker kind a spelling stands for; the
// empty string is BlockerNone. It lets a consumer of a payload read the
// field without comparing raw strings.
func ParseBlockerKind(s string) (BlockerKind, error) {
	return parseWord(s, BlockerNone, blockerAlias, "blocker_kind", "blocker kind", BlockerKinds())
}

// parseWord looks a spelling up in a closed vocabulary: the empty string
// is empty, a known alias its word, anything else a *FieldError for field
// that lists the vocabulary.
func parseWord[T ~string](s string, empty T, alias func(string) (T, bool), field, what string, all []T) (T, error) {
	key := vocabKey(s)
	if key == "" {
		return empty, nil
	}
	if w, ok := alias(key); ok {
		return w, nil
	}
	return "", &FieldError{Field: field, Problem: "unknown " + what + " (use one of " + joinValues(all) + ")"}
}

// vocabKey folds a spelling for alias lookup: lower case, trimmed, with
// '-' and ' ' read as '_'. Anything longer than any vocabulary word is
// returned unfolded so that it matches nothing.
func vocabKey(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > 64 {
		return s
	}
	s = strings.ToLower(s)
	return strings.NewReplacer("-", "_", " ", "_").Replace(s)
}

func joinValues[T ~string](vs []T) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = string(v)
	}
	return strings.Join(parts, ", ")
}

func isTrue(b *bool) bool  { return b != nil && *b }
func isFalse(b *bool) bool { return b != nil && !*b }

// FieldError reports a request field that was refused. Field is the JSON
// name of the field (with an index for list elements, "namespaces[1]");
// Problem says what a valid value looks like. The refused value is never
// repeated, so the error is safe to show to an agent.
type FieldError struct {
	Field   string
	Problem string
}

func (e *FieldError) Error() string {
	return fmt.Sprintf("%s: %s", e.Field, e.Problem)
}
