#!/usr/bin/env bash
# PreToolUse guard: refuse shell commands that end MCP processes by hand.
# Never kill MCP servers from an agent session; ask the operator to reconnect.
set -euo pipefail

input=$(cat)
cmd=$(jq -r '.tool_input.command // ""' <<<"$input")

BLOCKED_PATTERNS=("pkill" "killall" "kill -9" "touch .mcp.json")

for pattern in "${BLOCKED_PATTERNS[@]}"; do
  if [[ "$cmd" == *"$pattern"* ]]; then
    echo "Blocked: never run $pattern on MCP servers; request a reconnect instead." >&2
    exit 2
  fi
done

case "$cmd" in
  *"rm "*".lock"*|*"rm -f "*session*)
    echo "Do not delete lock or session files by hand." >&2
    exit 2 ;;
esac

if echo "$cmd" | grep -qE '(^|[;&| ])kill[[:space:]]+-9'; then
  exit 2
fi
exit 0
