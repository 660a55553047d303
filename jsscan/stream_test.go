package jsscan

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/internal/golden"
)

// streamCases are files whose readings cross statements: imports and
// bindings read far from their use, functions that spawn declared after
// their callers, a table matched in the loop below it, a TypeScript
// overload whose return type runs on to the next body, a destructuring
// require after await and a line break, JSX, comments inside ${…} and
// between statements, lines without semicolons, unclosed brackets and
// literals.
var streamCases = []string{
	"const { exec } = require(\"child_process\");\nconst cmd = \"pkill -f mcp_server\";\nlet x = 1;\nexec(cmd);\n",
	"import { spawn } from \"child_process\";\nconst args = [\"-f\", \"srv\"];\nfoo();\nspawn(\"pkill\", args);\n",
	"function stop() { start().kill(); process.kill(start().pid, 9) }\nfunction start() { return spawn(\"srv\") }\nimport { spawn } from \"child_process\"\n",
	"const NOTES = [\"pkill -f server now please\", \"kill it all now\"];\nfor (const n of NOTES) {\n  if (text.includes(n)) bad();\n}\nif (NOTES.includes(x)) y();\n",
	"function f(): Promise<void>;\nfunction g() { spawn(\"x\"); }\nconst p = f();\nprocess.kill(p.pid, 9);\n",
	"const { exec, execSync } = await\nrequire(\"child_process\")\nexec(\"pkill -f mcp\")\n",
	"// Kill the stale server if it hangs\n// then restart it\nx = 1;\n/* If the MCP server hangs, run pkill -f mcp_server. */\ny = 2;\n",
	"const s = `a\nb ${fn( // restart the server if it hangs now\n  x)}`;\nz = 1;\n",
	"const el = <div title=\"restart the server when it hangs\">Run pkill -f srv {name} and retry</div>;\nq = 1;\n",
	"let a = 1\nlet b = a\n  + 2\nconsole.log(\"If the MCP server hangs, run pkill -f mcp_server and retry.\")\nprocess.kill(pid)\n",
	"{ x = 1; }\nf(;\nprocess.kill(pid);",
	"const a = \"never closed\nconst b = `also open ${x}",
	"const now = new Date();\nx = 1;\nfs.utimesSync(\".mcp.json\", now, now);\nimport fs from \"fs\";\n",
	"import { unlinkSync, writeFileSync } from \"fs\";\nconst LOCK_FILE = join(LOCK_DIR, \"servers.lock\");\nexport function acquire() {\n  if (stale()) unlinkSync(LOCK_FILE);\n  writeFileSync(LOCK_FILE, String(process.pid));\n}\n",
	"class S { proc?: ChildProcess; stop() { process.kill(this.proc.pid, 'SIGKILL'); } }\nlet t = 1;\nw.stdout.on('data', f);\nprocess.kill(w.pid, 9);\n",
	"x = a / b; y = /kill [a-z]+/g; z = c\n/ d /\ne;\nconsole.log(\"restart the server if it hangs\");\n",
	"import cp\nlet a = 1\nlet b = 2\nfrom \"child_process\"\ncp.execSync(\"pkill node\")\n",
	"const NOTES = [\"restart the server when it hangs\"]\nfor (const n of NOTES) go(n)\nlet z = 1\ntext.includes(z)\n",
	"let L = [\"restart the server when it hangs\"];\nif (L.includes(x)) y();\nL = \"foo bar\";\n",
	"const cmd = [\"pkill\", \"-f\", \"srv\"]; const { spawnSync } = require(\"child_process\"); spawnSync(cmd[0], cmd.slice(1)); exec(cmd2); const cmd2 = \"killall node\"; import { exec } from \"child_process\";\n",
}

// TestStretchesSame checks that a file read in stretches of one
// statement, as a large one is read in larger stretches, gives what the
// whole reading gives.
func TestStretchesSame(t *testing.T) {
	srcs := map[string][]byte{}
	for i, s := range streamCases {
		srcs[string(rune('a'+i))+".tsx"] = []byte(s)
		srcs[string(rune('a'+i))+".ts"] = []byte(s)
	}
	for _, name := range golden.Inputs(t) {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		srcs[name] = src
	}
	// one file of all the cases, so that stretches start and end in
	// every one of them
	var all strings.Builder
	for _, s := range streamCases[:len(streamCases)-2] {
		all.WriteString(s)
		all.WriteString(";\n")
	}
	srcs["all.jsx"] = []byte(all.String())
	for name, src := range srcs {
		if got, whole := readBoth(src, name); got != whole {
			t.Errorf("%s: read in stretches:\n%s\nread whole:\n%s", name, got, whole)
		}
	}
}

// TestLargeSame checks that a file past heldSource, read in stretches
// of the size a large file is read in, gives what the whole reading
// gives: the golden inputs and the cases written out until the file is
// twice past it.
func TestLargeSame(t *testing.T) {
	if testing.Short() {
		t.Skip("reads half a MiB four times")
	}
	var one bytes.Buffer
	for _, name := range golden.Inputs(t) {
		if strings.Contains(name, "broken") || strings.Contains(name, ".test.") {
			continue // an unclosed literal would swallow the rest; test files read no strings
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		one.Write(src)
		one.WriteString("\n;\n")
	}
	for _, s := range streamCases[:len(streamCases)-3] {
		one.WriteString(s)
		one.WriteString("\n;\n")
	}
	src := bytes.Repeat(one.Bytes(), 2*heldSource/one.Len()+1)
	for _, name := range []string{"large.tsx", "large.ts"} {
		r := Scan(src, name)
		got := golden.Dump(src, name, r.Units, r.Calls, r.Err)
		w := scanWhole(src, name)
		if whole := golden.Dump(src, name, w.Units, w.Calls, w.Err); got != whole {
			t.Errorf("%s: %d units and %d calls read in stretches, %d and %d read whole", name, len(r.Units), len(r.Calls), len(w.Units), len(w.Calls))
		}
		if len(r.Calls) == 0 {
			t.Errorf("%s: no calls", name)
		}
	}
}

// readBoth returns the dumps of src read whole and in stretches of a
// statement.
func readBoth(src []byte, name string) (stretches, whole string) {
	r := Scan(src, name)
	whole = golden.Dump(src, name, r.Units, r.Calls, r.Err)
	held, toks := heldSource, stretchToks
	heldSource, stretchToks = -1, 1
	defer func() { heldSource, stretchToks = held, toks }()
	r = Scan(src, name)
	return golden.Dump(src, name, r.Units, r.Calls, r.Err), whole
}

// FuzzStretchesSame is TestStretchesSame on any input, and on the input
// written out four times, so that stretches start and end inside it
// past the statements read around each.
func FuzzStretchesSame(f *testing.F) {
	for _, s := range streamCases {
		f.Add([]byte(s))
	}
	f.Add([]byte("x = `${`${\"a\"//b"))
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > 4<<10 {
			t.Skip("read in stretches of a statement, a larger input takes long")
		}
		for _, in := range [][]byte{src, bytes.Repeat(append(src, '\n'), 4)} {
			for _, name := range []string{"f.tsx", "f.ts"} {
				if got, whole := readBoth(in, name); got != whole {
					t.Fatalf("%s %q read in stretches:\n%s\nread whole:\n%s", name, in, got, whole)
				}
			}
		}
	})
}
