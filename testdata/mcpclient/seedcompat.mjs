// seedcompat.mjs BIN SAMPLES: the official TypeScript MCP client (npm
// @modelcontextprotocol/sdk) calls the seed-compatible tools of
// `BIN mcp --gitea-tools` with the seed's own arguments: its four reconnect
// scenarios, and restart previews over the sample inventories in SAMPLES
// (docs/samples/restart) moved to the present, through a provider file and
// without one. The wanted values are the seed's results for the same
// arguments. Prints one line per case and exits 1 if any failed.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";

const [bin, samples] = process.argv.slice(2);
let failed = false;
const report = (ok, what, detail = "") => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}${ok ? "" : " " + detail}`);
  if (!ok) failed = true;
};

async function start(args) {
  const transport = new StdioClientTransport({ command: bin, args: ["mcp", "--no-probe", "--gitea-tools", ...args], stderr: "pipe" });
  const client = new Client({ name: "seed-host", version: "1" });
  await client.connect(transport);
  return client;
}

async function call(client, name, args) {
  const res = await client.callTool({ name, arguments: args });
  if (res.isError) throw new Error(`${name}: ${res.content.map((c) => c.text).join(" ")}`);
  return res.structuredContent;
}

// the samples were taken on 2026-07-24; every time in them moves by the
// same amount so that the inventory is fresh now
function moved(name) {
  const inv = JSON.parse(readFileSync(join(samples, name), "utf8"));
  const delta = Date.now() - Date.parse(inv.collected_at);
  const walk = (v) => {
    if (typeof v === "string" && /^\d{4}-\d\d-\d\dT/.test(v)) return new Date(Date.parse(v) + delta).toISOString().replace(/\.\d+Z$/, "Z");
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, e]) => [k, walk(e)]));
    return v;
  };
  return walk(inv);
}

const blocked = "operator_mcp_reconnect_required";
const preflight = ["gitea_whoami", "gitea_resolve_task_capability", "original_task"];
const scenarios = [
  ["stale runtime",
    { namespace: "gitea-author", profile: "prgs-reconciler", pid: 4242, startup_sha: "1a2b3c4d", current_master_sha: "9f8e7d6c", reason: "stale-runtime", restart_required: true, stop_required: true },
    { namespace: "gitea-author", profile: "prgs-reconciler", pid: 4242, boundary_status: "mismatch", reason: "stale-runtime", client: "codex", reconnect_needed: true, blocker_kind: blocked, stop_required: true, restart_required: true }],
  ["transport EOF",
    { namespace: "gitea-reviewer", pid: "5150", session_id: "sess-77", reason: "transport closed", client: "Claude Desktop" },
    { namespace: "gitea-reviewer", pid: "5150", session_id: "sess-77", boundary_status: "unknown", reason: "transport_eof", client: "claude_code", reconnect_needed: true, blocker_kind: blocked }],
  ["missing namespace",
    { namespace: "gitea-merger", reason: "namespace missing", client: "cursor" },
    { namespace: "gitea-merger", pid: null, reason: "missing_namespace", client: "codex", reconnect_needed: true, blocker_kind: blocked }],
  ["successful reconnect",
    { namespace: "gitea-tools", reason: "healthy", startup_sha: "abc1234", current_master_sha: "abc1234", restart_required: false, stop_required: false },
    { namespace: "gitea-tools", boundary_status: "clean", reason: "not_required", reconnect_needed: false, blocker_kind: "none", typed_blocker: null, stop_required: false, restart_required: false }],
];

const dir = mkdtempSync(join(tmpdir(), "seedcompat-"));
const bare = await start([]);
for (const [name, args, want] of scenarios) {
  try {
    const got = await call(bare, "gitea_request_mcp_reconnect", args);
    const wrong = Object.entries(want).filter(([k, v]) => JSON.stringify(got[k]) !== JSON.stringify(v));
    if (JSON.stringify(got.post_reconnect_preflight) !== JSON.stringify(preflight)) wrong.push(["post_reconnect_preflight"]);
    if (got.read_only !== true || got.reconnect_performed !== false || got.mutation_performed !== false) wrong.push(["read_only"]);
    if (want.reconnect_needed && got.typed_blocker?.why_reconnect_required !== want.reason) wrong.push(["typed_blocker"]);
    report(wrong.length === 0, `reconnect: ${name}`, wrong.map(([k]) => `${k}=${JSON.stringify(got[k])}`).join(" "));
  } catch (e) {
    report(false, `reconnect: ${name}`, e.message);
  }
}

const target = { remote: "origin", host: "git.example.test", org: "ops", repo: "control-plane" };
try {
  const got = await call(bare, "gitea_request_mcp_restart", target);
  report(got.verdict === "unsafe" && got.inventory_complete === false && got.allow_restart === false,
    "restart without a provider fails closed", JSON.stringify(got.inventory_errors));
} catch (e) {
  report(false, "restart without a provider fails closed", e.message);
}
await bare.close();

for (const [name, verdict] of [["safe.json", "safe"], ["busy.json", "unsafe"], ["critical-section.json", "unsafe"], ["terminal-lock.json", "unsafe"]]) {
  // The two calls read the clock at two instants: each session's
  // heartbeat_age_seconds is whole seconds, so a second that ticks
  // between them makes the pair differ by one. A pair that differs is
  // taken again with the inventory moved anew; a difference that repeats
  // is a real one.
  let got, same = false, err;
  for (let attempt = 0; attempt < 2 && !same; attempt++) {
    const inv = moved(name);
    const file = join(dir, name);
    writeFileSync(file, JSON.stringify(inv));
    const client = await start(["--inventory-file", file]);
    try {
      got = await call(client, "gitea_request_mcp_restart", { ...target, session_id: "sess-author-1", limit: 200 });
      const plain = await call(client, "request_mcp_restart", { inventory: inv, requesting_session: "sess-author-1" });
      same = ["verdict", "allow_restart", "blast_radius", "inventory_complete", "override_would_allow", "affected_issues", "affected_prs", "critical_sections", "terminal_lock", "sessions", "leases"]
        .every((k) => JSON.stringify(got[k]) === JSON.stringify(plain[k]));
      err = undefined;
    } catch (e) {
      err = e;
    }
    await client.close();
    if (err) break;
  }
  if (err) {
    report(false, `restart from a provider file: ${name}`, err.message);
  } else {
    report(got.verdict === verdict && same && got.dry_run === true && got.apply_supported === false,
      `restart from a provider file: ${name}`, `verdict=${got.verdict} same=${same}`);
  }
}
process.exit(failed ? 1 : 0);
