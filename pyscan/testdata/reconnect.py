"""Report-only reconnect request for agent sessions whose MCP runtime went stale.

The host application owns the MCP transport, so this module only describes
what the operator has to do. It changes nothing on the machine.

It produces:

1. A **reconnect request** that an agent can return through
   ``request_mcp_reconnect`` (no side effects).
2. A **typed blocker** with the operator's UI steps when only a person
   can reconnect the server.

Forbidden recovery paths (never to be recommended):

* ``pkill`` / ``kill`` / ``killall`` aimed at MCP daemons
* ``touch`` or other mtime tricks that make a client reload its config
* editing ``.env`` or the MCP config as a recovery step
* hand edits of session-state files
* raw HTTP calls or importing the server module instead of the tools

Once reconnected, a workflow starts again from its identity and capability
preflight.
"""

from __future__ import annotations

import re
from typing import Any

# --- Reasons -----------------------------------------------------------------

REASON_STALE = "stale-runtime"
REASON_EOF = "transport_eof"
REASON_MISSING = "missing_namespace"
REASON_NONE = "not_required"

KNOWN_REASONS = frozenset({REASON_STALE, REASON_EOF, REASON_MISSING, REASON_NONE})

BLOCKER_RECONNECT = "operator_mcp_reconnect_required"

FORBIDDEN_RECOVERY_PATHS: tuple[str, ...] = (
    "pkill / kill / killall of the MCP server or any python process sweep",
    "touch or mtime bumps that force the MCP config to reload",
    ".env edits as a way to recover",
    "MCP config edits as a way to recover",
    "hand edits of session-state files",
    "raw API calls or importing the server module directly",
)

# Operator steps per client; the first entry is the default.
OPERATOR_STEPS: dict[str, tuple[str, ...]] = {
    "codex": (
        "Open the MCP panel of the workspace in Codex.",
        "Find the server entry for the namespace that went stale "
        "and press its reconnect control.",
        "Start the workflow again from its identity preflight.",
    ),
    "generic": (
        "Use the reconnect or reload control the host offers for the namespace.",
        "Without such a control, restart the MCP client or the editor.",
    ),
}


def normalize_reason(reason: str | None) -> str:
    """Map a free-form reason onto the known ones."""
    text = (reason or "").strip().lower().replace(" ", "_")
    aliases = {
        "stale": REASON_STALE,
        "eof": REASON_EOF,
        "transport_closed": REASON_EOF,
        "healthy": REASON_NONE,
    }
    if text in KNOWN_REASONS:
        return text
    return aliases.get(text, REASON_STALE)


def build_request(namespace: str, reason: str | None = None) -> dict[str, Any]:
    """Build the reconnect request or typed blocker for one namespace.

    Never touches processes, configs or session state; the result is data.
    """
    ns = namespace.strip() or "unknown"
    why = normalize_reason(reason)
    steps = list(OPERATOR_STEPS["codex"])
    return {
        "read_only": True,
        "namespace": ns,
        "reason": why,
        "blocker_kind": BLOCKER_RECONNECT,
        "forbidden_recovery_paths": list(FORBIDDEN_RECOVERY_PATHS),
        "operator_steps": steps,
        "next_action": (
            f"{BLOCKER_RECONNECT}: the operator reconnects namespace '{ns}' "
            f"through the host UI (reason={why}). "
            "Do not pkill the daemon, touch its config or edit session state. "
            "Afterwards, start again from the identity preflight."
        ),
    }


def never_recommends_forbidden(text: str) -> bool:
    """Return True when *text* recommends none of the forbidden paths.

    A sentence that bans a path (``never run pkill``) passes; one that
    recommends it (``run killall``) does not.
    """
    lowered = (text or "").lower()
    # Drop the ban phrases first so that "do not pkill" does not count as advice.
    scrubbed = re.sub(r"\b(?:do not|don't|never|must not)\b[^.;\n]{0,80}", " ", lowered)
    positive_suggestions = (
        "use pkill",
        "run pkill",
        "pkill -f",
        "run killall",
        "use kill ",
        "touch the mcp",
        "edit .env to recover",
        "import gitea_mcp_server",
    )
    return not any(frag in scrubbed for frag in positive_suggestions)
