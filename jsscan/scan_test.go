package jsscan_test

import (
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/jsscan"
	"github.com/recoverlint/recoverlint/rules"
)

func TestCalls(t *testing.T) {
	for _, tc := range []struct {
		name, file, src string
		want            []string // rule text
	}{
		{"exec string", "a.js", `const { exec } = require("child_process");
exec("pkill -f gitea-mcp");`, []string{"process-kill pkill"}},
		{"script held by a command name", "a.js", `const killCmd = (
  "pids=$(pgrep -f relay)\n" +
  "echo \"$pids\" | xargs kill -9\n"
);
runOn(node, killCmd);`, []string{"process-kill kill"}},
		{"module object", "a.js", `const cp = require("node:child_process");
cp.execSync("sudo killall node");`, []string{"process-kill killall"}},
		{"import named", "a.ts", `import { spawn } from "child_process";
spawn("pkill", ["-f", "srv"]);`, []string{"process-kill pkill"}},
		{"import renamed", "a.ts", `import { execFileSync as run } from "node:child_process";
run("taskkill", ["/F", "/IM", "node.exe"]);`, []string{"process-kill taskkill"}},
		{"namespace import", "a.ts", `import * as child from "child_process";
child.spawnSync("kill", ["-9", String(pid)]);`, []string{"process-kill kill"}},
		{"promisified exec", "a.ts", `import { exec } from "child_process";
import util from "util";
const sh = util.promisify(exec);
await sh("pkill node");`, []string{"process-kill pkill"}},
		{"template command", "a.js", "const { exec } = require('child_process');\nexec(`kill -9 ${pid}`);", []string{"process-kill kill"}},
		{"array bound to a name", "a.js", `import { spawn } from "child_process";
const args = ["-f", "srv"];
spawn("pkill", args);`, []string{"process-kill pkill"}},
		{"command bound to a name", "a.js", `import { exec } from "child_process";
const cmd = "fuser -k 8787/tcp";
exec(cmd);`, []string{"process-kill fuser"}},
		{"spawn shell string", "a.js", `import { spawn } from "child_process";
spawn("pkill -f srv", { shell: true });`, []string{"process-kill pkill"}},
		{"sh -c array", "a.js", `import { spawn } from "child_process";
spawn("sh", ["-c", "sleep 1 && killall node"]);`, []string{"process-kill killall"}},
		{"zx template", "a.mjs", "import { $ } from 'zx';\nawait $`pkill -f ${name}`;", []string{"process-kill pkill"}},
		{"execa", "a.mjs", `import { execa } from "execa";
await execa("killall", ["node"]);`, []string{"process-kill killall"}},
		{"process.kill", "a.js", `process.kill(pid, "SIGKILL");`, []string{"process-kill kill"}},
		{"process.kill of a ChildProcess-typed field", "a.ts", "interface Session { process: ChildProcess }\nfunction stop(sessions: Record<string, Session>, id: string) {\n  process.kill(-sessions[id].process.pid!, 'SIGTERM');\n}", nil},
		{"process.kill of a pid field of another type", "a.ts", "interface Lease { owner: number }\nfunction stop(l: Lease) { process.kill(l.owner, 'SIGTERM'); }", []string{"process-kill kill"}},
		{"a handle named process, killed with a signal name", "a.ts", "const { process } = info;\nif (!process.killed) { process.kill(\"SIGTERM\"); }", nil},
		{"process.kill of a pid with a signal name", "a.ts", "process.kill(pid, \"SIGTERM\");", []string{"process-kill kill"}},
		{"process.kill default signal", "a.js", `process.kill(Number(fs.readFileSync("x.pid", "utf8")));`, []string{"process-kill kill"}},
		{"tree-kill", "a.js", `const kill = require("tree-kill");
kill(pid);`, []string{"process-kill kill"}},
		{"utimes config", "a.js", `import fs from "fs";
fs.utimesSync(configPath, now, now);`, []string{"mtime-reload utimesSync"}},
		{"utimes promises", "a.ts", `import { promises as fsp } from "fs";
await fsp.utimes(".env", t, t);`, []string{"mtime-reload utimes"}},
		{"utimes to now of a source file", "a.js", "const fs = require('fs');\nconst now = new Date();\nfs.utimesSync('./src/main.scss', now, now);", []string{"mtime-reload utimesSync"}},
		{"utimes to new Date()", "a.js", "fs.utimesSync('./src/app.ts', new Date(), new Date());", []string{"mtime-reload utimesSync"}},
		{"utimes keeping a copy's times", "a.js", "const st = fs.statSync(src);\nfs.copyFileSync(src, dst);\nfs.utimesSync(dst, st.atime, st.mtime);", nil},
		{"utimes to now of its own lock's heartbeat", "a.ts", "const now = new Date();\nfs.utimesSync(ownerFilePath(lock.path), now, now);", nil},
		{"unlink lock", "a.js", `const fs = require("fs");
fs.unlinkSync("/run/gitea/terminal.lock");`, []string{"session-state-edit unlinkSync"}},
		{"own lock, written by its acquire", "lock.ts", `import { unlinkSync, writeFileSync } from "fs";
const LOCK_FILE = join(LOCK_DIR, "servers.lock");
export function acquire() {
  if (stale()) unlinkSync(LOCK_FILE);
  writeFileSync(LOCK_FILE, String(process.pid));
}`, nil},
		{"a lock another program writes", "lock.ts", `import { unlinkSync } from "fs";
const LOCK_FILE = join(os.homedir(), ".relay", "servers.lock");
unlinkSync(LOCK_FILE);`, []string{"session-state-edit unlinkSync"}},
		{"a fix script removing a lock it rewrites", "fix-relay.ts", `import { unlinkSync, writeFileSync } from "fs";
const LOCK_FILE = join(os.homedir(), ".relay", "servers.lock");
unlinkSync(LOCK_FILE);
writeFileSync(LOCK_FILE, "0");`, []string{"session-state-edit unlinkSync"}},
		{"fix script writes env file by name", "fix-mcp.js", `const fs = require("fs");
fs.writeFileSync(envFile, "PORT=1\n");`, []string{"env-edit writeFileSync"}},
		{"fix script writes config", "fix-mcp.js", `const fs = require("fs");
fs.writeFileSync(mcpConfigPath, JSON.stringify(cfg));`, []string{"config-edit writeFileSync"}},
		{"rm sessions", "a.ts", `import { rm } from "node:fs/promises";
await rm(path.join(home, ".mcp/sessions/"), { recursive: true });`, []string{"session-state-edit rm"}},

		{"own child pid", "a.js", `import { spawn } from "child_process";
const child = spawn("node", ["srv.js"]);
process.kill(child.pid, "SIGTERM");
process.kill(-child.pid);`, nil},
		{"own child on this", "a.ts", `import { spawn } from "child_process";
this.proc = spawn("node", ["srv.js"]);
process.kill(this.proc.pid!);`, nil},
		{"own process", "a.js", `process.kill(process.pid, "SIGUSR2");`, nil},
		{"signal 0 probe", "a.js", `process.kill(pid, 0);`, nil},
		{"kill -0 probe", "a.js", `import { execFileSync } from "child_process";
execFileSync("kill", ["-0", String(pid)]);`, nil},
		{"child handle", "a.js", `child.kill("SIGTERM");`, nil},
		{"exec not imported", "a.js", `const m = re.exec("pkill -f x");`, nil},
		{"method definition", "a.ts", `class S { exec(cmd: string) { return cmd; } }`, nil},
		{"other program", "a.js", `import { execSync } from "child_process";
execSync("git status");`, nil},
		{"remove build file", "a.js", `fs.rmSync("dist/app.js");`, nil},
		{"kill in a comment", "a.js", `// exec("pkill -f x")`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := jsscan.Scan([]byte(tc.src), tc.file)
			if res.Err != nil {
				t.Fatalf("unexpected error: %v", res.Err)
			}
			var got []string
			for _, f := range res.Calls {
				got = append(got, f.Rule+" "+tc.src[f.Start:f.End])
			}
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("calls = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestUnits(t *testing.T) {
	for _, tc := range []struct {
		name, file, src string
		want            []string // kind:text
	}{
		{"string", "a.js", `const s = "two words";`, []string{"string:two words"}},
		{"escapes", "a.js", `s = "a\tb\x41 \u{e9}\u00e9 \'q\'";`, []string{"string:a\tbA éé 'q'"}},
		{"legacy octal escapes", "a.js", `s = "\033[1m bold \0 \101";`, []string{"string:\x1b[1m bold \x00 A"}},
		{"template field kept", "a.ts", "s = `run ${cmd} now`;", []string{"string:run ${cmd} now"}},
		{"plus join", "a.js", "s = \"one \" +\n  'two';", []string{"string:one two"}},
		{"multi-line template", "a.js", "s = `\n  ## Title\n\n  Body line.\n`;", []string{"heading:Title", "prose:Body line."}},
		{"line comment group", "a.js", "// one\n// two\nx();", []string{"comment:one\ntwo"}},
		{"jsdoc", "a.ts", "/**\n * Summary here.\n * @param x the input\n */", []string{"comment:Summary here.\n@param x the input"}},
		{"directives skipped", "a.ts", "// eslint-disable-next-line no-console\n/// <reference types=\"node\" />\n// @ts-ignore\nx();", nil},
		{"jsx text", "a.jsx", "const e = <p>\n  Ask the operator.\n</p>;", []string{"string:Ask the operator."}},
		{"jsx attribute", "a.jsx", `const e = <img alt="a small picture" />;`, []string{"string:a small picture"}},
		{"comments between jsx attributes", "a.tsx", "const e = <Item\n  // keeps truncate's overflow from clipping\n  /* a note's end */\n  alt=\"a small picture\"\n/>;",
			[]string{"comment:keeps truncate's overflow from clipping", "comment:a note's end", "string:a small picture"}},
		{"ts generic not jsx", "a.ts", "const x = <T>(v: T) => v; const s = \"two words\";", []string{"string:two words"}},
		{"regexp literal skipped", "a.js", `const r = /kill the server/;`, nil},
		{"division is not a regexp", "a.js", `const q = a / b; const s = "two words"; const z = c / d;`, []string{"string:two words"}},
		{"comparison skipped", "a.js", `if (m === "kill the server") {}`, nil},
		{"object key skipped", "a.js", `o = {"a long key": 1};`, nil},
		{"data key skipped", "a.js", `o = {patterns: "kill -9 now", help: "ask the operator"};`, []string{"string:ask the operator"}},
		{"data table skipped", "a.js", `const BLOCKED = ["kill the server", "run pkill"];`, nil},
		{"matched table skipped", "a.ts", "const hints = [\"run pkill\", \"use kill\"];\nconst bad = hints.some((h) => s.includes(h));", nil},
		{"loop-matched table skipped", "a.ts", "const hints = [\"run pkill\", \"use kill\"];\nfor (const h of hints) { if (s.includes(h)) return true; }", nil},
		{"includes table skipped", "a.ts", "const cmds = [\"pkill -f x\", \"killall y\"];\nif (cmds.includes(c)) deny();", nil},
		{"matching call skipped", "a.js", `s.replace("do not kill", "")`, nil},
		{"module names skipped", "a.js", `import x from "some module name"; const y = require("other module name");`, nil},
		{"sql template skipped", "a.js", "db.query(sql`DELETE FROM sessions WHERE id = ${id}`);", nil},
		{"comment inside a template field", "a.ts", "const s = `line1\nline2 ${fn( // inside the field\n  x)}`;", []string{"prose:line1\nline2 ${fn( // inside the field\nx)}", "comment:inside the field"}},
		{"jsx element with type arguments", "a.tsx", "const m = (\n  <Menu<Option> label=\"Pick one\" onPick={(o) => go(o)}>\n    Restart it by hand.\n  </Menu>\n);\nconst t = <List<Map<string, () => void>> items={xs} />;\n", []string{"string:Pick one", "string:Restart it by hand."}},
		{"test file strings skipped", "a.test.ts", `const s = "run pkill now"; // kept comment`, []string{"comment:kept comment"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := jsscan.Scan([]byte(tc.src), tc.file)
			if res.Err != nil {
				t.Fatalf("unexpected error: %v", res.Err)
			}
			checkOffsets(t, []byte(tc.src), res.Units)
			var got []string
			for _, u := range res.Units {
				got = append(got, u.Kind.String()+":"+u.Text)
			}
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("units = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestUnitBytes: where no escape was decoded, every byte of a unit is the
// source byte its offset names.
func TestUnitBytes(t *testing.T) {
	src := "// Comment one,\n//   two.\nconst m = \"He said \" +\n  `stop ${x} twice`;\n/* Block\n * text here */\n" +
		"const e = <div>\n  Some {count} items\n  shown.\n</div>;\n"
	res := jsscan.Scan([]byte(src), "a.jsx")
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if len(res.Units) < 4 {
		t.Fatalf("got %d units, want at least 4", len(res.Units))
	}
	checkOffsets(t, []byte(src), res.Units)
	for _, u := range res.Units {
		for i := 0; i < len(u.Text); i++ {
			if src[u.Offsets.At(i)] != u.Text[i] {
				t.Errorf("unit %q byte %d: text %q, source %q at %d", u.Text, i, u.Text[i], src[u.Offsets.At(i)], u.Offsets.At(i))
				break
			}
		}
	}
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct{ name, file, src, want string }{
		{"unterminated string", "a.js", "x = 'abc\n", "a.js:1:5: unterminated string literal"},
		{"unterminated template", "a.js", "x = `abc\n", "a.js:1:5: unterminated template literal"},
		{"unterminated comment", "a.js", "/* abc\n", "unterminated comment"},
		{"unterminated field", "a.js", "x = `a ${b", "unterminated ${"},
		{"unterminated jsx", "a.jsx", "x = <div>text\n", "unterminated JSX element"},
		{"unterminated jsx after type arguments", "a.tsx", "x = <Menu<Option> label='a'>text\n", "unterminated JSX element"},
		{"type arguments never closed", "a.tsx", "x = <Menu<Option label='a'>text\n", "unterminated JSX element"},
		{"comment in a nested unterminated field", "a.js", "x = `${`${\"a\"//b", "unterminated ${"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := jsscan.Scan([]byte(tc.src), tc.file)
			if res.Err == nil || !strings.Contains(res.Err.Error(), tc.want) {
				t.Errorf("error = %v, want one containing %q", res.Err, tc.want)
			}
		})
	}
	res := jsscan.Scan([]byte("process.kill(pid, 9);\nx = 'open\n"), "a.js")
	if res.Err == nil || len(res.Calls) != 1 {
		t.Errorf("got %d calls and error %v, want the kill call and an error", len(res.Calls), res.Err)
	}
}

// TestClassified runs clear-cut tool descriptions through the classifier:
// one that recommends killing is a finding, one that bans it is not.
func TestClassified(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      int
	}{
		{"recommends", `server.tool("fix", "If the MCP server hangs, run pkill -f gitea-mcp and retry.", h);`, 1},
		{"bans", `server.tool("fix", "Never run pkill on MCP servers; ask the operator to reconnect.", h);`, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := jsscan.Scan([]byte(tc.src), "server.ts")
			n := 0
			for _, u := range res.Units {
				for _, f := range rules.Classify(u, rules.All) {
					if f.Rule == "process-kill" && tc.src[f.Start:f.End] == "pkill" {
						n++
					}
				}
			}
			if n != tc.want {
				t.Errorf("got %d process-kill findings at pkill, want %d", n, tc.want)
			}
		})
	}
}
