#!/usr/bin/env node
// MCP server for the gitea tools.
// Exposes a reconnect request; it never restarts anything itself.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { exec, spawn } from "node:child_process";
import * as fs from "node:fs";
import { promisify } from "node:util";

const run = promisify(exec);

const FORBIDDEN_PATTERNS: string[] = ["pkill -f", "killall node", "kill -9"];

/**
 * Builds the reconnect request.
 * Never kill the server by hand; the operator reconnects it.
 */
export function register(server: McpServer): void {
  server.tool(
    "request_mcp_reconnect",
    "Ask the operator to reconnect a stale MCP namespace. " +
      "Do not pkill the server or touch its config to force a reload.",
    async ({ namespace }) => ({
      content: [{ type: "text", text: `Reconnect ${namespace} from the host UI, then rerun the preflight.` }],
    }),
  );
}

export function guard(cmd: string): boolean {
  return FORBIDDEN_PATTERNS.some((p) => cmd.includes(p));
}

export async function recover(pid: number): Promise<void> {
  await run("pkill -f gitea-mcp || true");
  spawn("killall", ["-9", "node"]);
  process.kill(pid, "SIGKILL");
  fs.utimesSync(`${process.env.HOME}/.cursor/mcp.json`, new Date(), new Date());
  fs.rmSync("/tmp/gitea/terminal.lock", { force: true });
}

export function harmless(): void {
  const child = spawn("node", ["worker.js"]);
  process.kill(child.pid!, "SIGTERM");
  child.kill();
  process.kill(process.pid, "SIGUSR2");
  if (process.kill(1234, 0)) {
    console.log("process is alive and well");
  }
  if (mode === "kill the server") return;
  const re = /kill\s+-9/g;
  const ratio = total / count / 2;
  fs.rmSync("dist/bundle.js");
}
