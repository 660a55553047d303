#!/bin/bash
# Install the MCP server for local development.
mkdir -p "$HOME/.cache/gitea-mcp"
touch "$HOME/.cache/gitea-mcp/install.log"
rm -rf ./build node_modules package-lock.json
command -v node >/dev/null || { echo "node is required" >&2; exit 1; }
cat > AGENTS.md <<'EOF2'
# Agent rules

Never run pkill or killall on MCP servers.
If a tool call fails with "transport closed", stop and ask the operator to reconnect.
EOF2
printf '%s\n' "Setup done. Restart your editor to load the server."
MSG="Edit ~/.cursor/mcp.json only during installation"
echo "$MSG"
