import json
from pathlib import Path


def install_server(entry):
    """Write the server's entry the first time."""
    path = Path.cwd() / ".mcp.json"
    path.write_text(json.dumps({"mcpServers": {"probe": entry}}, indent=2))


class Doctor:
    def repair_probe_entry(self, entry):
        """Quick fix for a broken probe entry."""
        path = Path.cwd() / ".mcp.json"
        config = json.loads(path.read_text())
        config["mcpServers"]["probe"] = entry
        path.write_text(json.dumps(config, indent=2))
        with open(path, "w") as f:
            json.dump(config, f)
