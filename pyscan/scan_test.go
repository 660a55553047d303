package pyscan_test

import (
	"go/token"
	"os"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/pyscan"
	"github.com/recoverlint/recoverlint/rules"
)

// findings classifies every unit of a scan and adds its calls; each is
// rendered as "line rule text".
func findings(t *testing.T, src []byte, res pyscan.Result) []string {
	t.Helper()
	file := token.NewFileSet().AddFile("f", -1, len(src))
	file.SetLinesForContent(src)
	all := append([]rules.Finding(nil), res.Calls...)
	for _, u := range res.Units {
		all = append(all, rules.Classify(u, rules.All)...)
	}
	var out []string
	for _, f := range all {
		line := file.Position(file.Pos(f.Start)).Line
		out = append(out, itoa(line)+" "+f.Rule+" "+string(src[f.Start:f.End]))
	}
	return out
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// TestReconnectModule: a module shaped like a report-only reconnect
// helper (bans in its docstrings and f-strings, a table of banned phrases,
// a list of forbidden paths) yields nothing; turning one ban into advice
// yields exactly that finding.
func TestReconnectModule(t *testing.T) {
	src, err := os.ReadFile("testdata/reconnect.py")
	if err != nil {
		t.Fatal(err)
	}
	res := pyscan.Scan(src, "reconnect.py")
	if res.Err != nil {
		t.Fatalf("unexpected error: %v", res.Err)
	}
	if len(res.Units) < 10 {
		t.Fatalf("got %d units, want the module's docstrings, comments and strings", len(res.Units))
	}
	if got := findings(t, src, res); len(got) > 0 {
		t.Errorf("clean module: findings %q, want none", got)
	}

	const ban = "Do not pkill the daemon, touch its config or edit session state. "
	const advice = "If the namespace stays stale, run pkill -f gitea_mcp_server first. "
	if strings.Count(string(src), ban) != 1 {
		t.Fatalf("fixture lost the sentence %q", ban)
	}
	hinted := []byte(strings.Replace(string(src), ban, advice, 1))
	line := 1 + strings.Count(string(hinted[:strings.Index(string(hinted), advice)]), "\n")
	got := findings(t, hinted, pyscan.Scan(hinted, "reconnect.py"))
	want := []string{itoa(line) + " process-kill pkill"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("module with one hint: findings %q, want %q", got, want)
	}
}

func TestCalls(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string // rule text
	}{
		{"run list", `import subprocess
subprocess.run(["pkill", "-f", "srv"])`, []string{"process-kill pkill"}},
		{"aliased module", `import subprocess as sp
sp.check_output(["killall", "node"])`, []string{"process-kill killall"}},
		{"imported function", `from subprocess import Popen
Popen(["taskkill", "/F", "/IM", "node.exe"])`, []string{"process-kill taskkill"}},
		{"string with shell", `import subprocess
subprocess.run("sudo pkill -f srv || true", shell=True)`, []string{"process-kill pkill"}},
		{"script held by a command name", `def reap(node):
    kill_cmd = (
        'pids=$(pgrep -f "store.*console")\n'
        'echo "$pids" | xargs kill -9\n'
    )
    run_on_node(node, kill_cmd)`, []string{"process-kill kill"}},
		{"own child in a script held by a command name", `cleanup_script = """
srv &
kill $!
"""`, nil},
		{"parameter typed as a number", `import os, signal
def stop(pid: int, proc: "subprocess.Popen") -> None:
    os.kill(pid, signal.SIGKILL)`, []string{"process-kill kill"}},
		{"command line handed to a remote runner", `def deploy(self):
    self.ssh.run(f"touch {self.wsgi_path}")
    c.run("pkill -f relay-server")`, []string{"mtime-reload touch", "process-kill pkill"}},
		{"touch of a config formatted into a runner's command", `def touch_restart():
    env.run("touch %s" % env.uwsgi_ini_path)`, []string{"mtime-reload touch"}},
		{"touch of an ini through fabric's sudo", `from fabric.operations import sudo
def restart(self, name):
    sudo("touch %s" % self.ini_files[name])`, []string{"mtime-reload touch"}},
		{"touch of a quoted config placeholder", `async def reload(config_file):
    await proc.run(f"touch '{config_file}' --no-dereference")`, []string{"mtime-reload touch"}},
		{"touch of a marker formatted into a runner's command", `def mark():
    env.run("touch %s" % marker_path)`, nil},
		{"prose handed to a runner", `def notify(self):
    self.ssh.run("echo kill the old relay later")
    task.run("deploy the site")`, nil},
		{"args keyword", `import subprocess
subprocess.call(args=["kill", "-9", pid])`, []string{"process-kill kill"}},
		{"shlex split", `import shlex, subprocess
subprocess.run(shlex.split("pkill -f srv"))`, []string{"process-kill pkill"}},
		{"list bound to a name", `import subprocess
cmd = ["fuser", "-k", "8787/tcp"]
subprocess.run(cmd)`, []string{"process-kill fuser"}},
		{"bash -c in a list", `import subprocess
subprocess.run(["bash", "-c", "sleep 1; killall node"])`, []string{"process-kill killall"}},
		{"os.system f-string", `import os
os.system(f"kill -9 {pid}")`, []string{"process-kill kill"}},
		{"os.popen", `import os
os.popen("pkill node").read()`, []string{"process-kill pkill"}},
		{"os.execlp", `import os
os.execlp("pkill", "pkill", "-f", "srv")`, []string{"process-kill pkill"}},
		{"create_subprocess_exec", `import asyncio
await asyncio.create_subprocess_exec("killall", "node")`, []string{"process-kill killall"}},
		{"os.kill", `import os, signal
os.kill(pid, signal.SIGTERM)`, []string{"process-kill kill"}},
		{"os.killpg", `import os
os.killpg(pgid, 9)`, []string{"process-kill killpg"}},
		{"from os import kill", `from os import kill
kill(pid, 15)`, []string{"process-kill kill"}},
		{"psutil by pid", `import psutil
psutil.Process(pid).kill()`, []string{"process-kill kill"}},
		{"psutil bound", `import psutil
p = psutil.Process(int(open("x.pid").read()))
p.send_signal(15)`, []string{"process-kill send_signal"}},
		{"psutil listing", `import psutil
for p in psutil.process_iter():
    p.terminate()`, []string{"process-kill terminate"}},
		{"utime config", `import os
os.utime(os.path.expanduser("~/.cursor/mcp.json"), None)`, []string{"mtime-reload utime"}},
		{"touch config name", `config_path.touch()`, []string{"mtime-reload touch"}},
		{"touch path literal", `from pathlib import Path
Path(".env").touch()`, []string{"mtime-reload touch"}},
		{"touch bound path", `from pathlib import Path
p = Path.home() / ".codex" / "config.toml"
p.touch(exist_ok=True)`, []string{"mtime-reload touch"}},
		{"remove lock", `import os
os.remove("/run/gitea/terminal.lock")`, []string{"session-state-edit remove"}},
		{"unlink bound lock", `from pathlib import Path
lock = Path("state") / "lease.json"
lock.unlink(missing_ok=True)`, []string{"session-state-edit unlink"}},
		{"own lock, created exclusively", `from pathlib import Path
lock = Path("state") / "update.lock"
def locked(fn):
    try:
        with open(lock, "x") as f:
            f.write("1")
    except FileExistsError:
        lock.unlink(missing_ok=True)
    try:
        return fn()
    finally:
        lock.unlink(missing_ok=True)`, nil},
		{"own lock through os.open", `import os
LOCK = "/run/relay/lease.lock"
fd = os.open(LOCK, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
os.close(fd)
os.remove(LOCK)`, nil},
		{"own lock, written in normal work", `import os, tempfile
class Runner:
    def __init__(self):
        self.lock_path = os.path.join(tempfile.mkdtemp(), "runner.lock")
    def start(self):
        open(self.lock_path, "w").close()
    def stop(self):
        os.remove(self.lock_path)`, nil},
		{"a lock written only by a fix", `import os
LOCK = "/run/relay/lease.lock"
def fix_stuck_relay():
    open(LOCK, "w").close()
    os.remove(LOCK)`, []string{"session-state-edit remove"}},
		{"rmtree sessions", `import shutil
shutil.rmtree("/var/lib/mcp/sessions/")`, []string{"session-state-edit rmtree"}},

		{"signal 0 probe", `import os
os.kill(pid, 0)`, nil},
		{"kill -0 probe", `import subprocess
subprocess.run(["kill", "-0", str(pid)])`, nil},
		{"own child handle", `import subprocess
proc = subprocess.Popen(["srv"])
proc.kill()
proc.terminate()`, nil},
		{"own child pid", `import os, signal, subprocess
self.proc = subprocess.Popen(["srv"])
os.kill(self.proc.pid, signal.SIGTERM)
os.killpg(os.getpgid(self.proc.pid), signal.SIGKILL)`, nil},
		{"own child in with", `import subprocess, os
with subprocess.Popen(["srv"]) as p:
    os.kill(p.pid, 15)`, nil},
		{"own process", `import os, signal
os.kill(os.getpid(), signal.SIGINT)`, nil},
		{"parameter typed as a child process", `import asyncio, os, signal
async def stop(self, process: asyncio.subprocess.Process) -> None:
    os.killpg(process.pid, signal.SIGTERM)
def stop2(proc: "subprocess.Popen[bytes]", timeout: float = 3) -> None:
    os.killpg(proc.pid, signal.SIGKILL)`, nil},
		{"own children via psutil", `import psutil
for c in psutil.Process().children(recursive=True):
    c.kill()`, nil},
		{"unknown receiver", `task.kill()
worker.terminate()`, nil},
		{"other program", `import subprocess
subprocess.run(["git", "status"])`, nil},
		{"touch a new file", `from pathlib import Path
Path("out/notes.txt").touch()`, nil},
		{"remove a build file", `import os
os.remove("build/app.bin")`, nil},
		{"kill named as data", `PATTERNS = ["pkill -f", "killall"]`, nil},
		{"kill in a comment", `# subprocess.run(["pkill", "x"])`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := pyscan.Scan([]byte(tc.src), "m.py")
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

// TestRecoveryWrites: a repair script's write names env-edit when the
// file's expression says it is an env file, config-edit otherwise.
func TestRecoveryWrites(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{`open(env_path, "w").write("PORT=1")`, "env-edit"},
		{`open(dotenv_file, "a").write("PORT=1")`, "env-edit"},
		{`open(mcp_config_path, "w").write("{}")`, "config-edit"},
	} {
		res := pyscan.Scan([]byte(tc.src), "repair_mcp.py")
		if res.Err != nil || len(res.Calls) != 1 || res.Calls[0].Rule != tc.want {
			t.Errorf("%s: calls %+v, err %v; want one %s", tc.src, res.Calls, res.Err, tc.want)
		}
	}
}

func TestUnits(t *testing.T) {
	for _, tc := range []struct {
		name, file, src string
		want            []string // kind:text
	}{
		{"plain string", "m.py", `x = "two words"`, []string{"string:two words"}},
		{"escapes decoded", "m.py", `x = "a\tb\x41 \u00e9\\"`, []string{"string:a\tbA é\\"}},
		{"raw string", "m.py", `x = r"a\tb c"`, []string{`string:a\tb c`}},
		{"implicit join", "m.py", "x = (\"one \"\n     'two')", []string{"string:one two"}},
		{"f-string fields kept", "m.py", `x = f"run {cmd} now {{ok}}"`, []string{"string:run {cmd} now {ok}"}},
		{"f-string nested quotes", "m.py", `x = f"a {d["k"]} b"`, []string{`string:a {d["k"]} b`}},
		{"docstring as document", "m.py", "def f():\n    \"\"\"Title.\n\n    - one\n    \"\"\"\n",
			[]string{"prose:Title.", "prose:one"}},
		{"comment group", "m.py", "# one\n# two\nx = 1\n", []string{"comment:one\ntwo"}},
		{"directives skipped", "m.py", "#!/usr/bin/env python3\n# -*- coding: utf-8 -*-\nx = 1  # noqa: E501\n", nil},
		{"single word skipped", "m.py", `x = "word"`, nil},
		{"regexp skipped", "m.py", `x = "^kill (\\d+)"`, nil},
		{"comparison skipped", "m.py", `if cmd == "kill the server": pass`, nil},
		{"membership skipped", "m.py", `if "kill -9" in cmd: pass`, nil},
		{"dict key skipped", "m.py", `d = {"a key here": 1}`, nil},
		{"data table skipped", "m.py", `BANNED = ("use pkill", "run killall")`, nil},
		{"matched table skipped", "m.py", "hints = [\"use pkill\", \"run kill\"]\nok = any(h in t for h in hints)\n", nil},
		{"loop-matched table skipped", "m.py", "hints = [\"use pkill\", \"run kill\"]\nfor h in hints:\n    if h in t: bad()\n", nil},
		{"membership table skipped", "m.py", "CMDS = [\"pkill -f x\", \"killall y\"]\nif cmd in CMDS: deny()\n", nil},
		{"iterated list kept", "m.py", "STEPS = [\"ask the operator\", \"wait for it\"]\nfor s in STEPS: show(s)\n", []string{"string:ask the operator", "string:wait for it"}},
		{"data key skipped", "m.py", `d = {"forbidden": ["kill it now"], "steps": ["ask the operator"]}`, []string{"string:ask the operator"}},
		{"matching call skipped", "m.py", `s = t.replace("do not kill", " ")`, nil},
		{"re call skipped", "m.py", `import re
re.sub("never kill", "x", s)`, nil},
		{"test file strings skipped", "test_x.py", `x = "run pkill now"  # kept comment`, []string{"comment:kept comment"}},
		{"command strings not text", "m.py", `import os
os.system("echo hello there")`, []string{"string:hello there"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := pyscan.Scan([]byte(tc.src), tc.file)
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
	src := "# Comment one,\n#   two.\nMSG = (\"He said \"\n       f'stop {x} twice' \"now\")\n" +
		"def f():\n    \"\"\"Summary line.\n\n    Body text that\n    wraps.\n    \"\"\"\n"
	res := pyscan.Scan([]byte(src), "m.py")
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if len(res.Units) < 3 {
		t.Fatalf("got %d units, want at least 3", len(res.Units))
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
	for _, tc := range []struct{ name, src, want string }{
		{"unterminated string", "x = 'abc\n", "m.py:1:5: unterminated string literal"},
		{"unterminated triple", "x = \"\"\"abc\n", "m.py:1:5: unterminated string literal"},
		{"unclosed bracket", "f(1,\n", "unclosed bracket"},
		{"open f-string field", "x = f'{a'\n", "unterminated f-string field"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := pyscan.Scan([]byte(tc.src), "m.py")
			if res.Err == nil || !strings.Contains(res.Err.Error(), tc.want) {
				t.Errorf("error = %v, want one containing %q", res.Err, tc.want)
			}
		})
	}
	res := pyscan.Scan([]byte("import os\nos.kill(pid, 9)\nx = 'open\n"), "m.py")
	if res.Err == nil || len(res.Calls) != 1 {
		t.Errorf("got %d calls and error %v, want the kill call and an error", len(res.Calls), res.Err)
	}
}
