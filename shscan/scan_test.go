package shscan_test

import (
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/rules"
	"github.com/recoverlint/recoverlint/shscan"
)

// calls renders findings as "rule text" with the source they cover.
func calls(src string, fs []rules.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Rule+" "+src[f.Start:f.End])
	}
	return out
}

func TestScanCalls(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"pkill", "pkill -f gitea-mcp\n", []string{"process-kill pkill"}},
		{"killall after and", "cd /tmp && killall node", []string{"process-kill killall"}},
		{"kill by pid", "kill -9 1234", []string{"process-kill kill"}},
		{"kill of a lookup", "kill -TERM $(pgrep -f server)", []string{"process-kill kill"}},
		{"xargs kill", "pgrep -f server | xargs -r -n 1 kill -9", []string{"process-kill kill"}},
		{"sudo with options", "sudo -u root -E pkill node", []string{"process-kill pkill"}},
		{"line continuation", "sudo \\\n  pkill \\\n  -f node", []string{"process-kill pkill"}},
		{"empty quotes in a word", "pk''ill -f x", []string{"process-kill pk''ill"}},
		{"escape in a word", `k\ill 42`, []string{`process-kill k\ill`}},
		{"which lookup", "$(which killall) node", []string{"process-kill $(which killall)"}},
		{"sh -c string", `sh -c "pkill -f 'x y'"`, []string{"process-kill pkill"}},
		{"eval string", `eval "kill -9 $PID"`, []string{"process-kill kill"}},
		{"trap of a found pid", `trap 'kill $(cat server.pid)' EXIT`, []string{"process-kill kill"}},
		{"substitution runs", "out=$(pkill -f x)", []string{"process-kill pkill"}},
		{"backquotes run", "out=`killall node`", []string{"process-kill killall"}},
		{"ssh remote command", "ssh -p 22 host 'pkill -f mcp'", []string{"process-kill pkill"}},
		{"kill-port", "kill-port 3000", []string{"process-kill kill-port"}},
		{"fix script header, mv onto the config", "#!/bin/sh\n# Fix for stale relay registrations.\nCFG=\"$PWD/.cursor/mcp.json\"\njq 'del(.mcpServers.relay)' \"$CFG\" > /tmp/f && mv /tmp/f \"$CFG\"", []string{"config-edit mv"}},
		{"setup header, mv onto the config", "#!/bin/sh\n# Install the relay; fails if node is missing.\nCFG=\"$PWD/.cursor/mcp.json\"\njq '.mcpServers.relay={}' \"$CFG\" > /tmp/f && mv /tmp/f \"$CFG\"", nil},
		{"fallback header, curl of the API", "#!/bin/sh\n# The relay's MCP tools are down, so call the API directly.\ncurl -s -H \"Authorization: Bearer $T\" https://api.example.com/v1/items", []string{"raw-api-fallback curl"}},
		{"no fallback header, curl of the API", "#!/bin/sh\n# List the items.\ncurl -s https://api.example.com/v1/items", nil},
		{"reload script header, touch of a source file", "#!/bin/sh\n# restart the dev servers: they run under nodemon\ntouch hub/server.js\ntouch /tmp/marker", []string{"mtime-reload touch"}},
		{"touch of a source file", "#!/bin/sh\n# build the site\ntouch hub/server.js", nil},
		{"docker exec", "docker exec -it box rm -f /data/agent_state.json", []string{"session-state-edit rm"}},
		{"docker compose exec", "docker compose exec -T api pkill -f node", []string{"process-kill pkill"}},
		{"kubectl exec", "kubectl exec -n tools relay-0 -- kill 1", []string{"process-kill kill"}},
		{"docker run is no exec", "docker run --rm relay rm -rf /tmp/x", nil},
		{"program in a variable", "KILL_CMD=pkill\n$KILL_CMD hubd", []string{"process-kill $KILL_CMD"}},
		{"program in an unset variable", "$RUNNER hubd", nil},
		{"npx package", "npx -y kill-port@2 3000 && next dev", []string{"process-kill kill-port@2"}},
		{"pnpm dlx package", "pnpm dlx fkill-cli node", []string{"process-kill fkill-cli"}},
		{"npm exec package", "npm exec -- fkill :3000", []string{"process-kill fkill"}},
		{"npm script", "npm run kill-port", nil},
		{"here-document to a shell", "bash <<EOF\npkill -f x\nEOF\n", []string{"process-kill pkill"}},
		{"fuser -k", "fuser -k 8787/tcp", []string{"process-kill fuser"}},
		{"systemctl kill", "systemctl kill gitea-mcp", []string{"process-kill systemctl"}},
		{"loop body", "for p in $(pgrep x); do kill \"$p\"; done", []string{"process-kill kill"}},
		{"case branch", "case $1 in\n stop) pkill -f x ;;\nesac", []string{"process-kill pkill"}},
		{"function body", "stop() { killall node; }", []string{"process-kill killall"}},
		{"touch a config", "touch ~/.cursor/mcp.json", []string{"mtime-reload touch"}},
		{"touch -m a config", "touch -m -d now config.toml", []string{"mtime-reload touch"}},
		{"touch a config variable", `touch "$CONFIG_FILE"`, []string{"mtime-reload touch"}},
		{"touch an env file", "touch .env", []string{"mtime-reload touch"}},
		{"remove a lock", "rm -f ~/.gitea/terminal.lock", []string{"session-state-edit rm"}},
		{"remove sessions", `rm -rf "$HOME/.gitea/sessions/"`, []string{"session-state-edit rm"}},
		{"unlink a lease", "unlink /run/mcp/lease.json", []string{"session-state-edit unlink"}},
		{"a state folder held in a variable", "dir=\"$HOME/.local/state/viewer/session\"\nrm -f \"$dir\"/*.json", []string{"session-state-edit rm"}},
		{"a variable built from another", "base=\"$HOME/.agent\"\nlocks=\"${base}/locks\"\nrm -rf \"$locks\"", []string{"session-state-edit rm"}},
		{"a backup the script made", "BACKUP=\"$HOME/.mcp/state.db.pre\"\ncp \"$HOME/.mcp/state.db\" \"$BACKUP\"\nrm -f \"$BACKUP\"", nil},
		{"the instance's own session file", "dir=\"$HOME/.local/state/viewer/session\"\nrm \"${dir}/${VIEWER_PID}.json\"\nrm \"$dir/session-$$.json\"", nil},
		{"an unknown variable", "rm -rf \"$WORKDIR\"/*.json", nil},
		{"a pid file is not session state", "unlink /run/mcp.pid", nil},
		{"remove a profile's singleton lock", "rm -f ~/.cache/relay-profile/SingletonLock", []string{"session-state-edit rm"}},
		{"find delete locks", "find ~/.mcp -name '*.lock' -delete", []string{"session-state-edit find"}},

		{"kill -0 probe", `kill -0 "$pid" || echo gone`, nil},
		{"kill -l", "kill -l", nil},
		{"own child by $!", "srv & kill $!", nil},
		{"own child variable", "srv &\nPID=$!\nkill -TERM \"$PID\"", nil},
		{"own child kept in an env file", "srv &\necho \"SRV_PID=$!\" >> \"$GITHUB_ENV\"\nkill \"$SRV_PID\"", nil},
		{"echo of another value", "echo \"SRV_PID=$(pgrep srv)\" >> \"$GITHUB_ENV\"\nkill \"$SRV_PID\"", []string{"process-kill kill"}},
		{"own child variable used first", "trap 'kill $PID' EXIT\nsrv & PID=$!", nil},
		{"own child array", "a & pids+=($!)\nkill \"${pids[@]}\"", nil},
		{"loop over own children", "PIDS=()\ncleanup() {\n  for pid in \"${PIDS[@]}\"; do\n    pkill -TERM -P \"$pid\" || true\n    kill \"$pid\"\n  done\n}\nsrv & PIDS+=($!)", nil},
		{"loop over other pids", "for pid in $(pgrep -f relay); do kill \"$pid\"; done", []string{"process-kill kill"}},
		{"own child local", "f() { local p=$!; kill $p; }", nil},
		{"own child through the script's pid file", "start() { srv & echo \"$!\" > \"$PIDFILE\"; }\nstop() { kill -TERM \"$(cat \"$PIDFILE\")\"; }", nil},
		{"pid file read into a variable", "stop() {\n  pid=\"$(cat \"${PID_FILE}\")\"\n  kill \"${pid}\"\n  kill -9 \"$pid\"\n}\nstart() { nohup srv >> log 2>&1 &\n  printf '%s\\n' \"$!\" > \"${PID_FILE}\"; }", nil},
		{"loop over the pid file", "for svc in a b; do node \"$svc.js\" & echo \"$!\" >> \"$PIDFILE\"; done\nfor pid in $(cat \"$PIDFILE\"); do kill \"$pid\"; done", nil},
		{"read from the pid file", "srv & echo $! > run.pid\nread -r pid < run.pid\nkill \"$pid\"", nil},
		{"a pid file another program wrote", "kill \"$(cat /var/run/relay.pid)\"", []string{"process-kill kill"}},
		{"a pid file written with another value", "pgrep relay > relay.pid\nkill \"$(cat relay.pid)\"", []string{"process-kill kill"}},
		{"job spec", "kill %1", nil},
		{"own process group", "kill -- -$$", nil},
		{"own children by parent", "pkill -P $$", nil},
		{"own jobs through xargs", "jobs -p | xargs -r kill 2>/dev/null || true", nil},
		{"listed pids through xargs", "pgrep -f srv | sort | xargs kill", []string{"process-kill kill"}},
		{"lookup only", "command -v pkill >/dev/null", nil},
		{"grep pattern", "grep -q 'pkill' log.txt", nil},
		{"echo of a ban", `echo "never run pkill"`, nil},
		{"comment only", "# pkill -f server", nil},
		{"case pattern", "case $c in\n *pkill*) exit 2 ;;\nesac", nil},
		{"array of patterns", `BLOCKED=("pkill" "killall")`, nil},
		{"touch a new file", "touch notes.txt", nil},
		{"remove a dependency lock", "rm -f package-lock.json yarn.lock", nil},
		{"remove a build dir", "rm -rf build/", nil},
		{"a build removing its own runtime state", "rm -rf \"$STAGING_DIR/server/runtime-state\"\nrm -rf tests/fixture_state", nil},
		{"a fix script removing a workflow's state", "# Fix a stuck relay: drop its stale run state\nrm -rf .relay/runtime-state", []string{"session-state-edit rm"}},
		{"a tool's state under the home folder", "rm -rf ~/.relay/state/", []string{"session-state-edit rm"}},
		{"here-document to cat", "cat <<EOF\npkill -f x\nEOF\n", nil},
		{"function named kill", "kill_server() { echo stop; }", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := shscan.Scan([]byte(tc.src), "t.sh")
			if res.Err != nil {
				t.Fatalf("unexpected error: %v", res.Err)
			}
			got := calls(tc.src, res.Calls)
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("calls = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestScanErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{
		{"single quote", "echo 'open\n", "t.sh:1:6: unterminated single quote"},
		{"double quote", "x=1\necho \"open\n", "t.sh:2:6: unterminated double quote"},
		{"substitution", "x=$(pkill -f y\n", "unterminated $("},
		{"here-document", "cat <<EOF\nbody\n", "here-document not closed by EOF"},
		{"backquote", "x=`ls", "unterminated backquote"},
		{"parameter expansion", "x=\"${HOME\"\n", "unterminated ${"},
		{"nested parameter expansion", "x=${a:-${b:-c}\n", "unterminated ${"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := shscan.Scan([]byte(tc.src), "t.sh")
			if res.Err == nil || !strings.Contains(res.Err.Error(), tc.want) {
				t.Fatalf("error = %v, want one containing %q", res.Err, tc.want)
			}
		})
	}
	// braces that are not ${ do not nest, as in bash: these lex
	for _, src := range []string{`ARGS="${3:-{\}}"`, `B=${x:-{a}}`, `C="${y:-${z:-{q}}}"`, `D=${#arr[@]}`} {
		if res := shscan.Scan([]byte(src+"\npkill -f a\n"), "t.sh"); res.Err != nil || len(res.Calls) != 1 {
			t.Errorf("%s: %d calls, error %v; want it read, and the pkill after it", src, len(res.Calls), res.Err)
		}
	}
	// what was read before the problem is still reported
	res := shscan.Scan([]byte("pkill -f a\necho 'open"), "t.sh")
	if res.Err == nil || len(res.Calls) != 1 {
		t.Errorf("got %d calls and error %v, want the pkill call and an error", len(res.Calls), res.Err)
	}
}

func TestScanUnits(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string // kind:text
	}{
		{"comment group", "# one\n# two\necho hi\n", []string{"comment:one\ntwo"}},
		{"groups split by code", "# one\nls\n# two\n", []string{"comment:one", "comment:two"}},
		{"trailing comment alone", "# one\nls # two\n", []string{"comment:one", "comment:two"}},
		{"shebang and directives skipped", "#!/bin/sh\n# shellcheck disable=SC2086\n# real text\n", []string{"comment:real text"}},
		{"echo words joined", `echo -e Run "the reconnect" tool`, []string{"string:Run the reconnect tool"}},
		{"quoted argument", `claude -p "restart the session"`, []string{"string:restart the session"}},
		{"assignment", `MSG="ask the operator"`, []string{"string:ask the operator"}},
		{"data array skipped", `DENY_PATTERNS=("kill -9" "rm -f")`, nil},
		{"single words skipped", `echo "$x"; ls "-la"`, nil},
		{"regexp skipped", `x="^kill .*"`, nil},
		{"grep pattern skipped", `grep -E "kill -9|pkill" log`, nil},
		{"here-document read as text", "cat <<EOF\n# Title\n\nFirst line.\nEOF\n", []string{"heading:Title", "prose:First line."}},
		{"ansi string decoded", `printf $'a\tb c'`, []string{"string:a\tb c"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := shscan.Scan([]byte(tc.src), "t.sh")
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

// TestUnitBytes checks the offset map byte by byte: outside escapes, every
// byte of a unit's text is the source byte its offset names.
func TestUnitBytes(t *testing.T) {
	src := "#!/bin/sh\n# Comment one,\n#   comment two.\nMSG=\"He said 'stop' twice\" # trailing note\n" +
		"echo Run  the \"reconnect tool\" now\ncat <<'EOF'\n## Heading here\n\n- item one\n- item two\nEOF\n"
	res := shscan.Scan([]byte(src), "t.sh")
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if len(res.Units) < 5 {
		t.Fatalf("got %d units, want at least 5", len(res.Units))
	}
	checkOffsets(t, []byte(src), res.Units)
	for _, u := range res.Units {
		for i := 0; i < len(u.Text); i++ {
			if u.Text[i] == ' ' && src[u.Offsets.At(i)] == ' ' {
				continue
			}
			if src[u.Offsets.At(i)] != u.Text[i] {
				t.Errorf("unit %q byte %d: text %q, source %q at %d", u.Text, i, u.Text[i], src[u.Offsets.At(i)], u.Offsets.At(i))
				break
			}
		}
	}
}

func TestEmbedded(t *testing.T) {
	// the script sits at offset 100 of some file, every byte one to one
	const text = "echo \"start the job\"\npkill -f worker\n"
	offs := make([]int, len(text)+1)
	for i := range offs {
		offs[i] = 100 + i
	}
	res := shscan.Embedded(text, offs, "ci.yml")
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if len(res.Calls) != 1 || res.Calls[0].Start != 100+strings.Index(text, "pkill") || res.Calls[0].End != res.Calls[0].Start+5 {
		t.Errorf("calls = %+v, want pkill at %d", res.Calls, 100+strings.Index(text, "pkill"))
	}
	if len(res.Units) != 1 || res.Units[0].Offsets.At(0) != 100+strings.Index(text, "start") {
		t.Errorf("units = %+v, want one at the quoted text", res.Units)
	}
	if res := shscan.Embedded(text, offs[:3], "ci.yml"); res.Err == nil {
		t.Error("a short offset map is not reported")
	}
}

func TestArgv(t *testing.T) {
	lit := func(s string, at int) shscan.Word {
		offs := make([]int, len(s)+1)
		for i := range offs {
			offs[i] = at + i
		}
		return shscan.Word{Text: s, Offsets: offs, Literal: true}
	}
	expr := func(s string, at int) shscan.Word {
		w := lit(s, at)
		w.Literal = false
		return w
	}
	for _, tc := range []struct {
		name  string
		words []shscan.Word
		want  []string // rule@start
	}{
		{"pkill list", []shscan.Word{lit("pkill", 10), lit("-f", 20), lit("x", 30)}, []string{"process-kill@10"}},
		{"kill of a variable", []shscan.Word{lit("kill", 5), expr("str(pid)", 12)}, []string{"process-kill@5"}},
		{"kill -0 probe", []shscan.Word{lit("kill", 5), lit("-0", 12), expr("pid", 18)}, nil},
		{"full path", []shscan.Word{lit("/usr/bin/killall", 0), lit("node", 20)}, []string{"process-kill@0"}},
		{"sudo", []shscan.Word{lit("sudo", 0), lit("pkill", 8), lit("x", 18)}, []string{"process-kill@8"}},
		{"bash -c string", []shscan.Word{lit("bash", 0), lit("-c", 8), lit("sleep 1; pkill -f x", 14)}, []string{"process-kill@23"}},
		{"touch config", []shscan.Word{lit("touch", 3), lit("/home/u/.cursor/mcp.json", 12)}, []string{"mtime-reload@3"}},
		{"remove lock", []shscan.Word{lit("rm", 3), lit("-f", 7), lit("state/terminal.lock", 12)}, []string{"session-state-edit@3"}},
		{"other program", []shscan.Word{lit("git", 0), lit("status", 5)}, nil},
		{"program not known", []shscan.Word{expr("cmd", 0), lit("-9", 5)}, nil},
		{"empty", nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, f := range shscan.Argv(tc.words, "x.py").Calls {
				got = append(got, f.Rule+"@"+itoa(f.Start))
			}
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("calls = %q, want %q", got, tc.want)
			}
		})
	}
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

// TestClassified runs the units of clear-cut scripts through the
// classifier: prose that recommends an action is a finding, a ban is not.
func TestClassified(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"comment recommends", "# If the server hangs, run pkill -f gitea-mcp.\nexit 0\n", []string{"process-kill pkill"}},
		{"echo recommends", "echo \"Server stuck? Run pkill -f gitea-mcp and retry.\"\n", []string{"process-kill pkill"}},
		{"comment bans", "# Never run pkill on MCP servers; ask the operator to reconnect.\nexit 0\n", nil},
		{"echo bans", "echo \"Do not kill the MCP server; request a reconnect instead.\" >&2\n", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := shscan.Scan([]byte(tc.src), "t.sh")
			var got []string
			for _, u := range res.Units {
				got = append(got, calls(tc.src, rules.Classify(u, rules.All))...)
			}
			got = append(got, calls(tc.src, res.Calls)...)
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("findings = %q, want %q", got, tc.want)
			}
		})
	}
}
