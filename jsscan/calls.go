package jsscan

import (
	"bytes"
	"strings"

	"github.com/recoverlint/recoverlint/rules"
	"github.com/recoverlint/recoverlint/shscan"
)

// shellRunners run a command line string.
var shellRunners = map[string]bool{"child_process.exec": true, "child_process.execSync": true,
	"execa.execaCommand": true, "execa.execaCommandSync": true, "shelljs.exec": true}

// bareShellRunners are shell runners' own names, read as such where no
// import binds them otherwise (a fragment of a file that imports them).
var bareShellRunners = map[string]bool{"execSync": true}

// argvRunners run a program with an array of arguments.
var argvRunners = map[string]bool{"child_process.spawn": true, "child_process.spawnSync": true,
	"child_process.execFile": true, "child_process.execFileSync": true, "execa": true, "execa.execa": true,
	"execa.execaSync": true, "cross-spawn": true, "cross-spawn.spawn": true, "cross-spawn.sync": true,
	"Deno.Command": true}

// killers end processes by PID or name (tree-kill, fkill).
var killers = map[string]bool{"tree-kill": true, "fkill": true, "fkill.default": true, "kill-port": true}

var utimes = map[string]bool{"fs.utimes": true, "fs.utimesSync": true, "fs.lutimes": true, "fs.lutimesSync": true}

var removers = map[string]bool{"fs.unlink": true, "fs.unlinkSync": true, "fs.rm": true, "fs.rmSync": true,
	"fs.rmdir": true, "fs.rmdirSync": true, "fs.remove": true, "fs.removeSync": true, "rimraf": true,
	"rimraf.sync": true, "rimraf.rimraf": true, "rimraf.rimrafSync": true}

// writers write a file's whole content.
var writers = map[string]bool{"fs.writeFile": true, "fs.writeFileSync": true, "fs.appendFile": true,
	"fs.appendFileSync": true, "fs.outputFile": true, "fs.outputFileSync": true, "fs.writeJson": true,
	"fs.writeJsonSync": true, "fs.outputJson": true, "fs.outputJsonSync": true}

type arg struct{ lo, hi int }

// args splits a call's arguments at its top-level commas.
func (a *analyzer) args(open int) []arg {
	end := a.match[open]
	if end < 0 {
		return nil
	}
	var out []arg
	start := open + 1
	for k := open + 1; k <= end; k++ {
		if k == end || a.is(k, ",") && a.depth[k] == a.depth[open]+1 {
			if k > start {
				out = append(out, arg{start, k})
			}
			start = k + 1
		}
	}
	return out
}

// call checks the call whose '(' is at open and reports whether its
// string arguments are a command it runs.
func (a *analyzer) call(open int) bool {
	k := open - 1
	if a.name(k) == "" || keywords[a.toks[k].s] || a.braceAfter(open) && !a.is(k-1, ".") {
		return false // not a call, or a function or method definition
	}
	parts, _ := a.chainEnding(k)
	c := a.canon(parts)
	args := a.args(open)
	switch {
	case shellRunners[c] || len(parts) == 1 && a.alias[c] == "" && bareShellRunners[c]:
		if len(args) > 0 {
			a.command(args[0].lo, args[0].hi, 0)
		}
		return true
	case argvRunners[c]:
		if len(args) == 0 {
			return true
		}
		prog := args[0]
		var list *arg
		if len(args) > 1 {
			list = &args[1]
			if c == "Deno.Command" {
				list = a.member(args[1], "args")
			}
		}
		if list == nil || a.elements(list.lo, list.hi, 0) == nil {
			if a.strings(prog.lo) == prog.hi {
				a.command(prog.lo, prog.hi, 0) // a program name, or a command line with shell: true
			}
			return true
		}
		words := []shscan.Word{a.word(prog.lo, prog.hi)}
		words = append(words, a.elements(list.lo, list.hi, 0)...)
		if !a.origin(list.lo, list.hi) {
			a.shell(shscan.Argv(words, a.path))
		}
		return true
	case c == "Bun.spawn" || c == "Bun.spawnSync":
		if len(args) > 0 {
			g := &args[0]
			if a.is(g.lo, "{") {
				g = a.member(*g, "cmd")
			}
			if g != nil {
				a.command(g.lo, g.hi, 0)
			}
		}
		return true
	case c == "process.kill" || killers[c]:
		if len(args) == 0 || c == "process.kill" && len(args) > 1 && a.zero(args[1]) {
			return false
		}
		if a.zero(args[0]) || a.origin(args[0].lo, args[0].hi) {
			return false
		}
		if c == "process.kill" && a.toks[args[0].lo].kind == tString && a.strings(args[0].lo) == args[0].hi {
			// process.kill("SIGTERM"): Node's process.kill takes a PID
			// first; a signal name first is ChildProcess.kill on a handle
			// named process ("const { process } = info"), the program's
			// own child
			return false
		}
		a.add(rules.ProcessKill, k)
	case utimes[c]:
		if len(args) > 0 && (a.watched(args[0].lo, args[0].hi) || rules.ReloadScript(a.path, "") ||
			len(args) >= 3 && a.now(args[2]) && !a.heartbeat(args[0])) {
			a.add(rules.MtimeReload, k)
		}
	case removers[c]:
		if len(args) > 0 && a.stateRef(args[0].lo, args[0].hi) && !a.ownFile(args[0]) {
			a.add(rules.SessionStateEdit, k)
		}
	case writers[c] && len(args) > 0 && rules.RecoveryFile(a.path):
		// a fix script rewriting a client's config or an env file
		if a.watched(args[0].lo, args[0].hi) && !a.stateRef(args[0].lo, args[0].hi) {
			r := rules.ConfigEdit
			if rules.NamesEnvFile(string(a.src[a.toks[args[0].lo].start:a.toks[args[0].hi-1].end])) {
				r = rules.EnvEdit
			}
			a.add(r, k)
		}
	}
	return false
}

// braceAfter: a '{' follows the bracket that closes the one at open; of
// one never closed, the file's first token is '{' (where the whole
// file's match of -1 leads).
func (a *analyzer) braceAfter(open int) bool {
	if c := a.match[open]; c >= 0 {
		return a.is(c+1, "{")
	}
	return a.firstBrace
}

// member finds key: value in an object literal argument.
func (a *analyzer) member(g arg, key string) *arg {
	if !a.is(g.lo, "{") {
		return nil
	}
	for k := g.lo + 1; k < g.hi-1; k++ {
		if a.depth[k] != a.depth[g.lo]+1 || a.keyName(k) != key || !a.is(k+1, ":") {
			continue
		}
		end := k + 2
		for end < g.hi-1 && !(a.is(end, ",") && a.depth[end] == a.depth[g.lo]+1) {
			end++
		}
		return &arg{k + 2, end}
	}
	return nil
}

func (a *analyzer) add(r *rules.Rule, at int) {
	t := a.toks[at]
	a.calls = append(a.calls, rules.Finding{Rule: r.ID, Start: t.start, End: t.end, Message: r.Message})
}

// command checks a command given as a string or template (read like a
// shell), an array (an argument vector), or a name bound to one.
func (a *analyzer) command(lo, hi, depth int) {
	if lo >= hi || depth > 2 || a.origin(lo, hi) {
		return
	}
	switch {
	case a.is(lo, "[") && a.match[lo] == hi-1:
		a.shell(shscan.Argv(a.elements(lo, hi, depth), a.path))
	case a.strings(lo) == hi:
		text, offs := a.joined(lo, hi)
		a.shell(shscan.Embedded(string(text), offs, a.path))
	case a.name(lo) != "":
		ks := a.keys(lo, hi)
		if r, ok := a.lists[ks[len(ks)-1]]; ok && lo+2*len(ks)-1 == hi {
			a.inList(r, func(lo, hi int) { a.command(lo, hi, depth+1) })
		}
	}
}

// elements returns the words of an array literal, or of the array a
// name is bound to.
func (a *analyzer) elements(lo, hi, depth int) []shscan.Word {
	if a.name(lo) != "" && lo+1 == hi && depth < 2 {
		if r, ok := a.lists[a.toks[lo].s]; ok {
			var words []shscan.Word
			a.inList(r, func(lo, hi int) { words = a.elements(lo, hi, depth+1) })
			return words
		}
	}
	if !a.is(lo, "[") || a.match[lo] != hi-1 {
		return nil
	}
	var words []shscan.Word
	start := lo + 1
	for k := lo + 1; k < hi; k++ {
		if k == hi-1 || a.is(k, ",") && a.depth[k] == a.depth[lo]+1 {
			if k > start {
				words = append(words, a.word(start, k))
			}
			start = k + 1
		}
	}
	return words
}

// word makes an argument-vector word of an expression.
func (a *analyzer) word(lo, hi int) shscan.Word {
	if a.strings(lo) == hi {
		text, offs := a.joined(lo, hi)
		lit := true
		for k := lo; k < hi; k++ {
			if a.toks[k].kind == tTemplate && strings.Contains(a.toks[k].s, "${") {
				lit = false
			}
		}
		return shscan.Word{Text: string(text), Offsets: offs, Literal: lit}
	}
	start, end := a.toks[lo].start, a.toks[hi-1].end
	offs := make([]int, end-start+1)
	for i := range offs {
		offs[i] = start + i
	}
	return shscan.Word{Text: string(a.src[start:end]), Offsets: offs}
}

// zero: the argument is 0 or "0" (signal 0 probes; pid 0 is the code's
// own process group).
func (a *analyzer) zero(g arg) bool {
	if g.hi != g.lo+1 {
		return false
	}
	t := a.toks[g.lo]
	return t.kind == tNumber && t.s == "0" || t.kind == tString && string(t.val()) == "0"
}

// watched: the expression names a config, env or session-state file.
func (a *analyzer) watched(lo, hi int) bool {
	for i := lo; i < hi; i++ {
		t := a.toks[i]
		if v, ok := a.pathVal(i); ok && rules.IsWatchedPath(v) {
			return true
		}
		if t.kind != tName {
			continue
		}
		if rules.NamesWatchedFile(t.s) {
			return true
		}
		if !a.is(i-1, ".") {
			for _, k := range a.keys(i, hi) {
				if a.watch[k] {
					return true
				}
			}
		}
	}
	return false
}

// now: the argument is the current time ("new Date()", "Date.now()", or
// a name the file binds to one): a file's times set to now, an existing
// file's mtime bumped for a watcher (fs.utimesSync(p, now, now)), where
// a copy that keeps its source's times passes them on instead.
func (a *analyzer) now(g arg) bool {
	text := strings.TrimSpace(string(a.src[a.toks[g.lo].start:a.toks[g.hi-1].end]))
	if isNow(text) {
		return true
	}
	if g.hi != g.lo+1 || a.toks[g.lo].kind != tName {
		return false
	}
	if a.nowNames == nil {
		a.nowNames = map[string]bool{}
		for i := range a.toks {
			a.nowAt(i)
		}
	}
	return a.nowNames[a.toks[g.lo].s]
}

// nowAt notes the name at i when it is assigned the current time there.
func (a *analyzer) nowAt(i int) {
	if i+2 >= len(a.toks) || a.toks[i].kind != tName || !a.is(i+1, "=") || a.is(i+2, "=") {
		return
	}
	// the value: its tokens up to a ';' or the end of its line
	end, from := i+2, a.toks[i+2].start
	for end < len(a.toks) && end < i+10 && !a.is(end, ";") && bytes.IndexByte(a.src[from:a.toks[end].start], '\n') < 0 {
		end++
	}
	if end > i+2 && isNow(strings.TrimSpace(string(a.src[a.toks[i+2].start:a.toks[end-1].end]))) {
		a.nowNames[a.toks[i].s] = true
	}
}

// heartbeat: the path expression names a lock, lease or heartbeat: its
// times set to now say its holder is alive (the code's own lock API),
// not that a watcher should reload.
func (a *analyzer) heartbeat(g arg) bool {
	l := strings.ToLower(string(a.src[a.toks[g.lo].start:a.toks[g.hi-1].end]))
	return strings.Contains(l, "lock") || strings.Contains(l, "heartbeat") || strings.Contains(l, "lease") || strings.Contains(l, "alive")
}

func isNow(text string) bool {
	switch strings.ReplaceAll(text, " ", "") {
	case "newDate()", "Date.now()", "Date.now()/1000", "newDate().getTime()":
		return true
	}
	return false
}

// ownFile: the file the argument names is one the code itself writes in
// its normal work (writeFileSync(LOCK_FILE, String(process.pid)) in an
// acquire, outside a fix script): removing it is the code managing its
// own lock or state (SPEC, Code).
func (a *analyzer) ownFile(x arg) bool {
	if rules.RecoveryFile(a.path) {
		return false
	}
	ks := a.keys(x.lo, x.hi)
	if len(ks) == 0 || x.hi-x.lo != 1 {
		return false // only a name bound to the path, not an expression built here
	}
	if a.written == nil {
		a.written = map[string]bool{}
		for i := range a.toks {
			a.writtenAt(i)
		}
	}
	return a.written[ks[len(ks)-1]]
}

// writtenAt notes the path a writer call at i writes when a name holds it.
func (a *analyzer) writtenAt(i int) {
	if !a.is(i, "(") || a.name(i-1) == "" {
		return
	}
	parts, _ := a.chainEnding(i - 1)
	if !writers[a.canon(parts)] {
		return
	}
	if args := a.args(i); len(args) > 0 && args[0].hi-args[0].lo == 1 {
		for _, k := range a.keys(args[0].lo, args[0].hi) {
			a.written[k] = true
		}
	}
}

// stateRef: the expression names session state.
func (a *analyzer) stateRef(lo, hi int) bool {
	for i := lo; i < hi; i++ {
		if v, ok := a.pathVal(i); ok && rules.CodeEditsState(v, a.path, nil) {
			return true
		}
		if a.name(i) != "" && !a.is(i-1, ".") {
			for _, k := range a.keys(i, hi) {
				if a.state[k] {
					return true
				}
			}
		}
	}
	return false
}
