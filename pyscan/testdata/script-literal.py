def write_driver(path, root):
    # the demo script runs the server it starts and stops it on exit
    path.write_text(
        f"""#!/usr/bin/env bash
set -euo pipefail
cd {root}
uv run demo-server --port 4100 >/tmp/demo.log 2>&1 &
SERVER_PID=$!
cleanup() {{
  kill "$SERVER_PID" 2>/dev/null || true
}}
trap cleanup EXIT
"""
    )


def write_fix(path):
    path.write_text("""#!/bin/sh
# recover a wedged MCP server
pkill -f mcp-server
""")
