package pyscan

import (
	"strings"

	"github.com/recoverlint/recoverlint/rules"
	"github.com/recoverlint/recoverlint/shscan"
)

// execFirst run the command given as their first argument (or args=,
// cmd=, command=): a list is an argument vector, a string is read the way
// a shell would read it.
var execFirst = map[string]bool{"subprocess.run": true, "subprocess.call": true, "subprocess.check_call": true,
	"subprocess.check_output": true, "subprocess.Popen": true, "subprocess.getoutput": true,
	"subprocess.getstatusoutput": true, "os.system": true, "os.popen": true,
	"asyncio.create_subprocess_shell": true, "pexpect.spawn": true, "pexpect.run": true,
	"anyio.run_process": true, "anyio.open_process": true, "trio.run_process": true,
	"trio.open_process": true, "psutil.Popen": true, "commands.getoutput": true}

// execVariadic take the argument vector as their own arguments, from
// this index on: create_subprocess_exec(prog, *args), execlp(file, arg0, …).
var execVariadic = map[string]int{"asyncio.create_subprocess_exec": 0, "os.execl": 1, "os.execle": 1,
	"os.execlp": 1, "os.execlpe": 1, "os.spawnl": 2, "os.spawnle": 2, "os.spawnlp": 2, "os.spawnlpe": 2}

// execList take the argument vector as a list at this index.
var execList = map[string]int{"os.execv": 1, "os.execve": 1, "os.execvp": 1, "os.execvpe": 1, "os.spawnv": 2,
	"os.spawnve": 2, "os.spawnvp": 2, "os.spawnvpe": 2, "os.posix_spawn": 1, "os.posix_spawnp": 1}

// removers delete the path given as their first argument.
var removers = map[string]bool{"os.remove": true, "os.unlink": true, "os.rmdir": true, "os.removedirs": true,
	"shutil.rmtree": true, "send2trash.send2trash": true}

// callee is what a call calls.
type callee struct {
	canon  string // the resolved dotted name (subprocess.run), or ".m" for a method of an expression
	method string // the last name
	at     int    // the token of the last name
	// recvLo, recvHi is the receiver expression before the last '.'; empty
	// for a plain function.
	recvLo, recvHi int
}

func (a *analyzer) callee(open int) (callee, bool) {
	k := open - 1
	if a.name(k) == "" || keywords[a.toks[k].s] {
		return callee{}, false
	}
	parts, first := a.chainEnding(k)
	c := callee{canon: a.canon(parts), method: a.toks[k].s, at: k, recvLo: k, recvHi: k}
	if a.is(k-1, ".") {
		c.recvLo, c.recvHi = a.exprStart(k-2), k-1
		if c.recvLo != first {
			c.canon = "." + c.method // a method of an expression: Path(p).touch
		}
	}
	return c, true
}

// exprStart walks back from the last token of a primary expression (a
// name, a string, a call or a subscript) over its dots, calls and
// subscripts, and returns the index of its first token.
func (a *analyzer) exprStart(k int) int {
	for k >= 0 {
		switch {
		case a.is(k, ")") || a.is(k, "]"):
			o := a.match[k]
			if o < 0 {
				return k
			}
			if p := o - 1; p >= 0 && (a.name(p) != "" && !keywords[a.toks[p].s] || a.is(p, ")") || a.is(p, "]")) {
				k = p
				continue
			}
			return o
		case a.name(k) != "" || k < len(a.toks) && a.toks[k].kind == tString:
			if a.is(k-1, ".") {
				k -= 2
				continue
			}
			return k
		default:
			return k + 1
		}
	}
	return 0
}

type arg struct {
	lo, hi int
	kw     string
}

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
				g := arg{lo: start, hi: k}
				if a.name(start) != "" && a.is(start+1, "=") {
					g.kw, g.lo = a.toks[start].s, start+2
				}
				out = append(out, g)
			}
			start = k + 1
		}
	}
	return out
}

func positional(args []arg) []arg {
	var out []arg
	for _, g := range args {
		if g.kw == "" {
			out = append(out, g)
		}
	}
	return out
}

// call checks the call whose '(' is at open and reports whether its
// string arguments are a command it runs.
func (a *analyzer) call(open int) bool {
	c, ok := a.callee(open)
	if !ok {
		return false
	}
	args := a.args(open)
	pos := positional(args)
	switch {
	case execFirst[c.canon]:
		for _, g := range args {
			if g.kw == "args" || g.kw == "cmd" || g.kw == "command" {
				a.command(g.lo, g.hi, 0)
				return true
			}
		}
		if len(pos) > 0 {
			a.command(pos[0].lo, pos[0].hi, 0)
		}
		return true
	case hasKey(execVariadic, c.canon):
		from := execVariadic[c.canon]
		if len(pos) > from && !a.refsOwn(pos[from].lo, pos[len(pos)-1].hi) {
			var words []shscan.Word
			for _, g := range pos[from:] {
				words = append(words, a.word(g.lo, g.hi))
			}
			a.shell(shscan.Argv(words, a.path))
		}
		return true
	case hasKey(execList, c.canon):
		if n := execList[c.canon]; len(pos) > n {
			a.command(pos[n].lo, pos[n].hi, 0)
		}
		return true
	case c.canon == "os.kill" || c.canon == "os.killpg":
		if len(pos) >= 2 && !a.zero(pos[1]) && !a.zero(pos[0]) && !a.refsOwn(pos[0].lo, pos[0].hi) {
			a.add(rules.ProcessKill, c.at)
		}
	case c.canon == "os.utime":
		if len(pos) > 0 && (a.watched(pos[0].lo, pos[0].hi) || rules.ReloadScript(a.path, "")) {
			a.add(rules.MtimeReload, c.at)
		}
	case removers[c.canon]:
		if len(pos) > 0 && a.stateRef(pos[0].lo, pos[0].hi) {
			a.add(rules.SessionStateEdit, c.at)
		}
	case c.canon == "open" && len(pos) >= 2 && a.writeMode(pos[1]) && a.recoveryScope(c.at):
		// a fix script rewriting a client's config or an env file
		if r := a.editedRule(pos[0].lo, pos[0].hi); r != nil {
			a.add(r, c.at)
		}
	case c.recvLo == c.recvHi:
		// a plain function: nothing more to check
	case (c.method == "kill" || c.method == "terminate") && len(args) == 0,
		c.method == "send_signal" && len(pos) == 1 && !a.zero(pos[0]):
		if a.origin(c.recvLo, c.recvHi) == foundProc {
			a.add(rules.ProcessKill, c.at)
		}
	case c.method == "touch":
		if a.watched(c.recvLo, c.recvHi) || rules.ReloadScript(a.path, "") {
			a.add(rules.MtimeReload, c.at)
		}
	case c.method == "unlink" || c.method == "rmdir":
		if a.stateRef(c.recvLo, c.recvHi) {
			a.add(rules.SessionStateEdit, c.at)
		}
	case (c.method == "write_text" || c.method == "write_bytes") && a.recoveryScope(c.at):
		// config_path.write_text(…) in a fix routine rewrites a client's config
		if r := a.editedRule(c.recvLo, c.recvHi); r != nil {
			a.add(r, c.at)
		}
	}
	// a runner of the code's own (a container's exec_run, a helper
	// run_command, asyncio.to_thread(fn, argv)) handed an argument vector
	if runnerName(c.method, c.canon) {
		for _, g := range pos {
			if a.is(g.lo, "[") && a.match[g.lo] == g.hi-1 && a.strings(g.lo+1) > g.lo+1 {
				a.command(g.lo, g.hi, 0)
			}
		}
		// a command line handed to a remote or task runner as its first
		// argument (ssh.run(f"touch {wsgi_path}"), c.run("pkill -f srv"))
		if len(pos) > 0 && c.method != "" && shellRunners[strings.ToLower(c.method)] && a.strings(pos[0].lo) == pos[0].hi &&
			a.commandLine(pos[0].lo, pos[0].hi) {
			a.command(pos[0].lo, pos[0].hi, 0)
		}
	}
	// a touch of a config formatted into the command line
	// (env.run("touch %s" % env.uwsgi_ini_path), sudo("touch %s" %
	// self.ini_files[name]), run(f"touch '{config_file}'")): the watched
	// file by the name that holds it, reported at the command line
	if len(pos) > 0 && (c.method != "" && shellRunners[strings.ToLower(c.method)] || c.method == "" && fabricRunner(c.canon)) &&
		a.touchesNamedConfig(pos[0]) {
		// at the word touch in the string (its decoded value's offsets)
		t := a.toks[pos[0].lo]
		start, end := t.start, t.end
		if k := strings.Index(string(t.lit.val), "touch"); k >= 0 {
			start, end = t.lit.offs.At(k), t.lit.offs.At(k+len("touch"))
		}
		a.calls = append(a.calls, rules.Finding{Rule: rules.MtimeReload.ID, Start: start, End: end, Message: rules.MtimeReload.Message})
	}
	return false
}

// fabricRunner: a function imported from a task runner that runs its
// string argument as a shell command (fabric's run, sudo, local).
func fabricRunner(canon string) bool {
	mod, name, ok := strings.Cut(canon, ".")
	if !ok {
		return false
	}
	name = name[strings.LastIndexByte(name, '.')+1:]
	return (mod == "fabric" || mod == "invoke" || mod == "fabfile") && shellRunners[name]
}

// touchesNamedConfig: the argument is a touch command line whose operand
// is formatted in from a name that says it holds a config (an ini, a
// config file): "touch %s" % env.uwsgi_ini_path, f"touch '{config_file}'".
func (a *analyzer) touchesNamedConfig(g arg) bool {
	end := a.strings(g.lo)
	if end == g.lo {
		return false
	}
	text, _ := a.joined(g.lo, end)
	f := strings.Fields(string(text))
	if len(f) < 2 || f[0] != "touch" && !(f[0] == "sudo" && len(f) > 2 && f[1] == "touch") {
		return false
	}
	var names []string
	switch {
	case end < g.hi && a.is(end, "%"):
		for k := end + 1; k < g.hi; k++ {
			if a.toks[k].kind == tName {
				names = append(names, a.toks[k].s)
			}
		}
	case end == g.hi:
		// placeholders of an f-string
		for rest := string(text); ; {
			i := strings.IndexByte(rest, '{')
			if i < 0 {
				break
			}
			j := strings.IndexByte(rest[i:], '}')
			if j < 0 {
				break
			}
			names = append(names, strings.FieldsFunc(rest[i+1:i+j], func(r rune) bool { return r == '.' || r == '[' || r == ']' || r == '\'' || r == '"' })...)
			rest = rest[i+j:]
		}
	}
	for _, n := range names {
		if rules.NamesWatchedFile(n) {
			return true
		}
	}
	return false
}

// shellRunners are the method names that run their string argument as a
// shell command line (Fabric's and Invoke's run and sudo, paramiko-style
// ssh helpers, a container's exec).
var shellRunners = map[string]bool{"run": true, "sudo": true, "local": true, "run_command": true, "exec_command": true,
	"exec_run": true, "run_cmd": true, "sh": true, "shell": true, "check_call": true}

// commandLine: the string at lo..hi opens with a program the checker
// reads as an action (touch, kill …), so it is a command line, not prose.
func (a *analyzer) commandLine(lo, hi int) bool {
	text, _ := a.joined(lo, hi)
	f := strings.Fields(string(text))
	if len(f) == 0 {
		return false
	}
	p := f[0]
	if p == "sudo" && len(f) > 1 {
		p = f[1]
	}
	switch p {
	case "touch", "kill", "pkill", "killall", "taskkill", "rm", "sed", "mv", "cp", "truncate", "fuser", "systemctl":
		return true
	}
	return false
}

// runnerName: a function or method named for running a command.
func runnerName(method, canon string) bool {
	n := method
	if n == "" {
		n = canon[strings.LastIndexByte(canon, '.')+1:]
	}
	n = strings.ToLower(n)
	for _, w := range []string{"run", "exec", "spawn", "popen", "to_thread", "system", "shell", "execute", "call"} {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// writeMode: an open() mode that writes ("w", "a", "w+", "r+").
func (a *analyzer) writeMode(g arg) bool {
	if g.hi != g.lo+1 || a.toks[g.lo].kind != tString {
		return false
	}
	m := string(a.toks[g.lo].val())
	return strings.ContainsAny(m, "wa+")
}

// editedRule is the rule a write of the file names: an env file
// (env-edit) or a client's or server's config (config-edit); nil for
// other files, state among them.
func (a *analyzer) editedRule(lo, hi int) *rules.Rule {
	if !a.watched(lo, hi) || a.stateRef(lo, hi) {
		return nil
	}
	if rules.NamesEnvFile(string(a.src[a.toks[lo].start:a.toks[hi-1].end])) {
		return rules.EnvEdit
	}
	return rules.ConfigEdit
}

func hasKey(m map[string]int, k string) bool {
	_, ok := m[k]
	return ok
}

// recoveryScope: the code at token i runs as a recovery step: the file is
// a fix script by its name (rules.RecoveryFile), or the function around it
// is named for one (def fix_browser_configuration, def repair_config).
func (a *analyzer) recoveryScope(i int) bool {
	if rules.RecoveryFile(a.path) {
		return true
	}
	name := a.enclosingDef(i)
	return name != "" && rules.RecoveryFile(name)
}

// enclosingDef returns the name of the def whose body holds token i: the
// nearest def before it on a line indented less than i's line, or "".
func (a *analyzer) enclosingDef(i int) string {
	if i >= len(a.toks) {
		return ""
	}
	indent := lineIndent(a.src, a.toks[i].start)
	for k := i - 1; k >= 0; k-- {
		t := a.toks[k]
		if t.s != "def" || t.kind != tName {
			continue
		}
		if d := lineIndent(a.src, t.start); d < indent && k+1 < len(a.toks) && a.toks[k+1].kind == tName {
			return a.toks[k+1].s
		} else if d < indent {
			return ""
		}
	}
	for k := len(a.defs) - 1; k >= 0; k-- {
		if a.defs[k].indent < indent {
			return a.defs[k].name
		}
	}
	return ""
}

// def is a def line before the tokens at hand: its indent and the name
// it defines ("" when no name follows def).
type def struct {
	indent int
	name   string
}

// noteDefs adds the defs among the tokens toks[:n], which leave the
// tokens at hand, to defs. It keeps only those enclosingDef can still
// return: a def hides every earlier one indented as far or further.
func (a *analyzer) noteDefs(n int) {
	for k := 0; k < n; k++ {
		if t := a.toks[k]; t.s == "def" && t.kind == tName {
			d := def{indent: lineIndent(a.src, t.start)}
			if k+1 < len(a.toks) && a.toks[k+1].kind == tName {
				d.name = a.toks[k+1].s
			}
			for len(a.defs) > 0 && a.defs[len(a.defs)-1].indent >= d.indent {
				a.defs = a.defs[:len(a.defs)-1]
			}
			a.defs = append(a.defs, d)
		}
	}
}

// within runs f on an analyzer of the tokens toks (a list bound to a
// name) that shares a's bindings and adds to a's units and calls.
func (a *analyzer) within(toks []tok, f func(b *analyzer)) {
	b := *a
	b.toks = toks
	b.match, b.depth, b.line, b.lines = nil, nil, nil, nil // a's are in use
	b.brackets()
	f(&b)
	a.units, a.calls = b.units, b.calls
}

// lineIndent is the number of blanks that open the line holding off.
func lineIndent(src []byte, off int) int {
	ls := off
	for ls > 0 && src[ls-1] != '\n' {
		ls--
	}
	n := 0
	for ls+n < len(src) && (src[ls+n] == ' ' || src[ls+n] == '\t') {
		n++
	}
	return n
}

func (a *analyzer) add(r *rules.Rule, at int) {
	t := a.toks[at]
	a.calls = append(a.calls, rules.Finding{Rule: r.ID, Start: t.start, End: t.end, Message: r.Message})
}

// command checks a command given as a list (an argument vector), a string
// (read like a shell), shlex.split of a string, or a name bound to one.
func (a *analyzer) command(lo, hi, depth int) {
	if lo >= hi || depth > 2 || a.refsOwn(lo, hi) {
		return
	}
	switch {
	case (a.is(lo, "[") || a.is(lo, "(")) && a.match[lo] == hi-1:
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
		a.shell(shscan.Argv(words, a.path))
	case a.strings(lo) == hi:
		text, offs := a.joined(lo, hi)
		a.shell(shscan.Embedded(string(text), offs, a.path))
	case a.name(lo) != "" && a.is(hi-1, ")"):
		for k := lo; k < hi; k++ {
			if a.is(k, "(") {
				parts, _ := a.chainEnding(k - 1)
				if a.canon(parts) == "shlex.split" && a.match[k] == hi-1 {
					a.command(k+1, hi-1, depth+1)
				}
				return
			}
		}
	case a.name(lo) != "":
		ks := a.keys(lo, hi)
		key := ks[len(ks)-1]
		if r, ok := a.lists[key]; ok && lo+2*len(ks)-1 == hi {
			a.within(r, func(b *analyzer) { b.command(0, len(r), depth+1) })
		}
	}
}

// word makes an argument-vector word of an expression: its value when it
// is a string literal, else its source text.
func (a *analyzer) word(lo, hi int) shscan.Word {
	if a.strings(lo) == hi {
		text, offs := a.joined(lo, hi)
		return shscan.Word{Text: string(text), Offsets: offs, Literal: true}
	}
	start, end := a.toks[lo].start, a.toks[hi-1].end
	offs := make([]int, end-start+1)
	for i := range offs {
		offs[i] = start + i
	}
	return shscan.Word{Text: string(a.src[start:end]), Offsets: offs}
}

// zero: the argument is the literal 0 (signal 0 probes, pid 0 is the
// code's own process group).
func (a *analyzer) zero(g arg) bool {
	return g.hi == g.lo+1 && a.toks[g.lo].kind == tNumber && a.toks[g.lo].s == "0"
}

// watched: the expression names a config, env or session-state file, by
// a string, a name bound to one, or a name such as config_path.
func (a *analyzer) watched(lo, hi int) bool {
	for i := lo; i < hi; i++ {
		t := a.toks[i]
		switch t.kind {
		case tString:
			v := string(t.val())
			if rules.IsWatchedPath(v) {
				return true
			}
		case tName:
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
	}
	return false
}

// createdExclusively: the code creates the file named k exclusively
// somewhere (open(k, "x"), os.open(k, … O_EXCL …)): it is a lock of the
// code's own, taken and released through its own lock API (SPEC, Code).
// So is a file the code writes or creates in its normal work, outside a
// fix routine (self.path.write_text(…) in a store's save, open(self.lock,
// "w") in a runner's start): code that removes what it made manages its
// own state.
func (a *analyzer) createdExclusively(k string) bool { return a.exclusive[k] }

// noteExclusive adds to exclusive the files the tokens create so; a
// token read twice adds nothing new.
func (a *analyzer) noteExclusive() {
	for i := 2; i+1 < len(a.toks); i++ {
		if m := a.name(i); (m == "write_text" || m == "write_bytes") && a.is(i-1, ".") && a.is(i+1, "(") && !a.recoveryScope(i) {
			if _, lo := a.chainEnding(i - 2); lo < i-1 {
				if ks := a.keys(lo, i-1); len(ks) > 0 {
					a.exclusive[ks[len(ks)-1]] = true
				}
			}
		}
	}
	for i := 0; i+3 < len(a.toks); i++ {
		if a.name(i) != "open" || !a.is(i+1, "(") {
			continue
		}
		osOpen := i > 1 && a.is(i-1, ".") && a.name(i-2) == "os"
		if a.is(i-1, ".") && !osOpen {
			continue
		}
		args := a.keys(i+2, len(a.toks))
		if len(args) == 0 {
			continue
		}
		end := a.match[i+1]
		if end < 0 {
			continue
		}
		for j := i + 2; j < end; j++ {
			t := a.toks[j]
			mode := string(t.val())
			if !osOpen && t.kind == tString && len(mode) <= 3 && (strings.Contains(mode, "x") ||
				(strings.Contains(mode, "w") || strings.Contains(mode, "a")) && !a.recoveryScope(i)) ||
				osOpen && t.kind == tName && t.s == "O_EXCL" {
				a.exclusive[args[len(args)-1]] = true
				break
			}
		}
	}
}

// stateRef: the expression names session state, by a string or a name
// bound to one.
func (a *analyzer) stateRef(lo, hi int) bool {
	for i := lo; i < hi; i++ {
		t := a.toks[i]
		switch {
		case t.kind == tString:
			if rules.CodeEditsState(string(t.val()), a.path, func() bool { return a.recoveryScope(i) }) {
				return true
			}
		case t.kind == tName && !a.is(i-1, "."):
			for _, k := range a.keys(i, hi) {
				if a.state[k] && !a.createdExclusively(k) {
					return true
				}
			}
		}
	}
	return false
}
