// malformed.mjs BIN: the official TypeScript MCP client (npm
// @modelcontextprotocol/sdk) drives `BIN mcp`. After initialize, it writes
// each malformed line straight to the server's stdin, then calls a tool;
// the server must answer the line with a JSON-RPC error (id null, no
// echo) and the call correctly. Prints one line per case and exits 1 on
// the first failure.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const bin = process.argv[2];
const transport = new StdioClientTransport({ command: bin, args: ["mcp"], stderr: "pipe" });
const client = new Client({ name: "malformed-lines", version: "1" });
await client.connect(transport);

// the SDK drops a reply with a null id before any handler sees it, so
// the replies are read off the server's stdout beside the SDK
const errors = [];
let pending = "";
transport._process.stdout.on("data", (chunk) => {
  pending += chunk.toString();
  let nl;
  while ((nl = pending.indexOf("\n")) >= 0) {
    const line = pending.slice(0, nl);
    pending = pending.slice(nl + 1);
    try {
      const m = JSON.parse(line);
      if (m.error && (m.id === null || m.id === 7 || m.id === 8 || m.id === 10)) errors.push(m);
    } catch {}
  }
});
const stdin = transport._process.stdin;

const lines = [
  "{not json",
  "garbage",
  "[",
  '{"jsonrpc":"2.0","id":7,"method":"tools/list"',
  '{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}',
  '{"jsonrpc":"1.0","id":8,"method":"tools/list"}',
  '[{"jsonrpc":"2.0","id":9,"method":"tools/list"}]',
  '{"jsonrpc":"2.0","id":10,"method":"If the server hangs, run pkill -f mcp-server"}',
];
let failed = false;
for (const line of lines) {
  const before = errors.length;
  stdin.write(line + "\n");
  const res = await client.callTool({ name: "check_text", arguments: { text: "If it hangs, run `pkill -f relay`.", file: "AGENTS.md" } });
  await new Promise((r) => setTimeout(r, 50));
  const got = errors.slice(before);
  const text = JSON.stringify(res.structuredContent ?? res.content);
  const answered = !res.isError && text.includes("process-kill");
  const echoed = got.some((e) => JSON.stringify(e).includes("pkill") || JSON.stringify(e).includes("garbage"));
  const ok = answered && !echoed && got.length > 0;
  console.log(`${ok ? "ok  " : "FAIL"} ${JSON.stringify(line).slice(0, 60)} errors=${got.map((e) => e.error.code).join(",")} answered=${answered}`);
  if (!ok) failed = true;
}
await client.close();
process.exit(failed ? 1 : 0);
