// Install script: registers the server in the client config once.
import { writeFileSync, mkdirSync, rmSync } from "node:fs";
import { execFileSync } from "node:child_process";
import os from "node:os";

const dir = `${os.homedir()}/.cursor`;
mkdirSync(dir, { recursive: true });
writeFileSync(`${dir}/mcp.json`, JSON.stringify({ mcpServers: { gitea: { command: "gitea-mcp" } } }));
execFileSync("npm", ["install", "--global", "gitea-mcp"]);
rmSync("dist", { recursive: true, force: true });
console.log("Installed. Restart the editor to load the new server.");
