#!/bin/sh
# Recovery for a hung gitea MCP server.
# If the server stops responding, run this script: it kills the daemon,
# clears the stale lock and forces the client to reload its config.

PIDS=$(pgrep -f gitea_mcp_server)
kill -9 $PIDS
sudo pkill -f 'gitea-mcp' || true
lsof -ti :8787 | xargs -r kill
rm -f "$HOME/.gitea/terminal.lock" ~/.gitea/sessions/*.json
touch "$HOME/.cursor/mcp.json"   # bump mtime so the client reloads
echo "Recovered. If it hangs again, run pkill -f gitea-mcp and retry."
