#!/usr/bin/env zx
import { $ } from "zx";
import { execa, execaCommand } from "execa";
import treeKill from "tree-kill";
import { execSync as sh } from "child_process";

const cp = require("node:child_process");

await $`pkill -f ${serverName}`;
await execa("killall", ["node"]);
await execaCommand("sudo kill -9 1234");
treeKill(pid, "SIGKILL");
sh(`rm -f ${home}/.gitea/sessions/*.json`);
cp.execFileSync("bash", ["-c", "touch ~/.codex/config.toml"]);
Bun.spawn(["pkill", "node"]);
new Deno.Command("taskkill", { args: ["/F", "/IM", "node.exe"] }).outputSync();

const child = cp.spawn("node", ["server.js"]);
treeKill(child.pid);
await execa("kill", ["-0", String(pid)]);
sh("git status");
