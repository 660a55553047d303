package pyscan

import (
	"os"
	"testing"

	"github.com/recoverlint/recoverlint/internal/golden"
)

// streamCases are files whose readings cross lines: a docstring under
// its def, a for loop whose next line matches, a list bound on one line
// and run on another, a function's name read from far below it, comment
// blocks between statements and statements joined by ';'.
var streamCases = []string{
	"import subprocess as sp\nCMD = [\"pkill\", \"-f\", \"mcp_server\"]\n\n# Kill the stale server if it hangs\n# then restart it\nx = 1\nsp.run(CMD)\n",
	"def fix_config():\n    \"\"\"Remove the stale config and restart the server when it hangs.\"\"\"\n    x = 1\n    path.write_text(\"state\")\n    path.unlink()\n",
	"NOTES = (\"pkill -f server now\", \"kill it all now\")\nfor name in NOTES:\n    if name in text: pass\n",
	"import os; os.kill(pid, 9); print(\"If the MCP server hangs, run pkill -f mcp_server and retry.\")\nwith open(\"lock\", \"x\") as f: pass\nos.remove(\"lock\")\n",
	"class A:\n    def run(self):\n        self.proc = subprocess.Popen([\"srv\"])\n\n        self.proc.kill()\n    def stop(self, pid):\n        os.kill(pid, 9)\nos.kill(pid, 9)\n",
	"def repair_config():\n    x = 1\n\n    y = 2\n    open(cfg, \"w\").write(\"x\")\n",
	"p = Process(pid)\nfrom psutil import Process\np.kill()\n",
	"s = (\"restart the\" +\n  \" server if it hangs\")\nprint(\"\"\"\nRestart the server:\n- run pkill -f server\n- retry\n\"\"\")\n",
	"print(\"unterminated\n",
	"x = 1; for a in [\"restart the server if it hangs\"]: pass\n;; y: list = [\"kill it now please\"]; os.kill(pid, 9)\n",
}

// TestStretchesSame checks that a file read in stretches of one line, as
// a large one is read in larger stretches, gives what the whole reading
// gives.
func TestStretchesSame(t *testing.T) {
	srcs := map[string][]byte{}
	for i, s := range streamCases {
		srcs[string(rune('a'+i))+".py"] = []byte(s)
	}
	for _, name := range golden.Inputs(t) {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		srcs[name] = src
	}
	held, toks := heldSource, stretchToks
	defer func() { heldSource, stretchToks = held, toks }()
	for name, src := range srcs {
		r := Scan(src, name)
		whole := golden.Dump(src, name, r.Units, r.Calls, r.Err)
		heldSource, stretchToks = -1, 1
		r = Scan(src, name)
		heldSource, stretchToks = held, toks
		if got := golden.Dump(src, name, r.Units, r.Calls, r.Err); got != whole {
			t.Errorf("%s: read in stretches:\n%s\nread whole:\n%s", name, got, whole)
		}
	}
}

// FuzzStretchesSame is TestStretchesSame on any input.
func FuzzStretchesSame(f *testing.F) {
	for _, s := range streamCases {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		r := Scan(src, "f.py")
		whole := golden.Dump(src, "f.py", r.Units, r.Calls, r.Err)
		held, toks := heldSource, stretchToks
		heldSource, stretchToks = -1, 1
		r = Scan(src, "f.py")
		heldSource, stretchToks = held, toks
		if got := golden.Dump(src, "f.py", r.Units, r.Calls, r.Err); got != whole {
			t.Errorf("read in stretches:\n%s\nread whole:\n%s", got, whole)
		}
	})
}
