package shscan

import (
	"os"
	"testing"

	"github.com/recoverlint/recoverlint/internal/golden"
)

// streamCases are scripts where a stretch of commands could end too
// early: a here-document read after the operator that ends its command,
// comment blocks around code, pipes, [[ … ]] over lines, loops over own
// PIDs set later in the script, PIDs read back from the script's own PID
// files, substitutions and nested scripts.
var streamCases = []string{
	"cat <<EOF | sh ; echo \"kill the bridge now please\"\npkill -f bridge\nEOF\necho done\n",
	"# Kill the stale server if it hangs\n# then restart it\npkill -f srv; echo \"If it hangs, run pkill -f srv and retry.\"\n# more\n\n# after a blank\nkill $PID\n",
	"stop() { kill $pid; }\nsleep 9 & pid=$!\nstop\n",
	"for p in \"${PIDS[@]}\"; do kill $p; done\nsleep 1 & PIDS+=($!)\n",
	"if [[ -n \"$x\" &&\n -z \"$y\" ]]; then rm -rf ~/.cache/mcp; fi; echo \"Remove the cache if the server hangs, then retry.\"\n",
	"x=$(which pkill); $x -f srv; y=`pkill -f a`; ( cd x; pkill -f z ) | xargs kill\n",
	"sh -c \"pkill -f mcp; echo 'restart the server if it hangs'\"; echo hi # trailing: kill it with pkill -f srv\n",
	"touch /tmp/s.json; rm /tmp/s.json; cat <<-X; rm -rf ~/.config/claude/mcp.json\n\tRestart the server with pkill -f server and retry.\n\tX\n",
	"echo \"unterminated; pkill -f x\n",
	"case $1 in stop) pkill -f server;; *) echo \"Run pkill -f server if it hangs, then retry.\";; esac\n",
	"stop() { kill -TERM \"$(cat \"$PIDFILE\")\"; pid=$(cat run.pid); kill $pid; }\nstart() { srv & echo \"$!\" > \"$PIDFILE\"; srv2 & echo $! > run.pid; }\nkill \"$(cat /var/run/other.pid)\"\n",
}

// TestTwoReadingsSame checks that a script read twice, as a large one
// is, gives what one reading with every command held gives.
func TestTwoReadingsSame(t *testing.T) {
	srcs := map[string][]byte{}
	for i, s := range streamCases {
		srcs[string(rune('a'+i))+".sh"] = []byte(s)
	}
	for _, name := range golden.Inputs(t) {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		srcs[name] = src
	}
	for name, src := range srcs {
		r := Scan(src, name)
		once := golden.Dump(src, name, r.Units, r.Calls, r.Err)
		held := heldScript
		heldScript = -1
		r = Scan(src, name)
		heldScript = held
		if twice := golden.Dump(src, name, r.Units, r.Calls, r.Err); twice != once {
			t.Errorf("%s: read twice:\n%s\nread once:\n%s", name, twice, once)
		}
	}
}

// FuzzTwoReadingsSame is TestTwoReadingsSame on any input.
func FuzzTwoReadingsSame(f *testing.F) {
	for _, s := range streamCases {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		r := Scan(src, "f.sh")
		once := golden.Dump(src, "f.sh", r.Units, r.Calls, r.Err)
		held := heldScript
		heldScript = -1
		r = Scan(src, "f.sh")
		heldScript = held
		if twice := golden.Dump(src, "f.sh", r.Units, r.Calls, r.Err); twice != once {
			t.Errorf("read twice:\n%s\nread once:\n%s", twice, once)
		}
	})
}
