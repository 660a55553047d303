"""Install the gitea MCP server entry for Cursor.

Run once during setup; it writes the client config and a log file.
"""
import json
import subprocess
from pathlib import Path

CONFIG = Path.home() / ".cursor" / "mcp.json"
LOG = Path.home() / ".cache" / "gitea-mcp" / "install.log"


def install() -> None:
    CONFIG.parent.mkdir(parents=True, exist_ok=True)
    entry = {"mcpServers": {"gitea": {"command": "gitea-mcp", "args": ["--stdio"]}}}
    CONFIG.write_text(json.dumps(entry, indent=2))
    LOG.parent.mkdir(parents=True, exist_ok=True)
    LOG.touch()
    subprocess.run(["pip", "install", "gitea-mcp"], check=True)
    print("Installed. Restart the editor to load the new server.")
