package shscan

import (
	"path"
	"strings"

	"github.com/recoverlint/recoverlint/internal/formats"
	"github.com/recoverlint/recoverlint/rules"
)

// assignment splits NAME=value, NAME+=value or NAME[i]=value; the '='
// must come before any quote.
func assignment(w *word) (name, value string, ok bool) {
	v := w.text()
	k := strings.IndexByte(v, '=')
	if k <= 0 || len(w.quotes) > 0 && w.quotes[0].a < k {
		return "", "", false
	}
	name = strings.TrimSuffix(v[:k], "+")
	if i := strings.IndexByte(name, '['); i > 0 && strings.HasSuffix(name, "]") {
		name = name[:i]
	}
	if !isName(name) {
		return "", "", false
	}
	return name, v[k+1:], true
}

// noteMade records the files a command creates: the destination of cp,
// mv and install, what touch names, and an output redirection's target.
// Removing one later is the script cleaning up after itself.
func (sc *scanner) noteMade(c *command) {
	mark := func(t string) {
		if sc.made == nil {
			sc.made = map[string]bool{}
		}
		sc.made[t] = true
	}
	for _, r := range c.redirs {
		if (r.op == ">" || r.op == ">>") && r.target != nil {
			mark(r.target.text())
		}
	}
	if len(c.words) < 2 {
		return
	}
	switch path.Base(c.words[0].text()) {
	case "cp", "mv", "install":
		if ops := operands(c.words[1:]); len(ops) >= 2 {
			mark(ops[len(ops)-1].text())
		}
	case "touch":
		for _, a := range operands(c.words[1:]) {
			mark(a.text())
		}
	}
}

// perInstance: a path named for one process's own instance ("session-$$.json",
// "${session_dir}/${VIEWER_PID}.json"): the instance's own file.
func perInstance(t string) bool {
	for k := strings.IndexByte(t, '$'); k >= 0 && k+1 < len(t); {
		name, _ := rules.VarAt(t[k+1:])
		if name == "$" || strings.HasSuffix(strings.ToLower(name), "pid") {
			return true
		}
		n := strings.IndexByte(t[k+1:], '$')
		if n < 0 {
			break
		}
		k += 1 + n
	}
	return false
}

// expand replaces the variables that open a path with the values the
// script assigns them ("$session_dir"/*.json), so that an rm of a path
// held in a variable is judged by the path.
func (sc *scanner) expand(t string) string {
	return rules.ExpandVars(t, func(name string) (string, bool) {
		v, ok := sc.vals[name]
		return v, ok
	})
}

// ownJobs: the command lists the script's own background jobs (jobs -p).
func ownJobs(c *command) bool {
	if c == nil || len(c.words) < 2 || c.words[0].text() != "jobs" {
		return false
	}
	for _, w := range c.words[1:] {
		if t := w.text(); strings.HasPrefix(t, "-") && strings.Contains(t, "p") {
			return true
		}
	}
	return false
}

// ownValue: an expansion that names the script's own background children.
func ownValue(v string) bool {
	switch strings.TrimSpace(v) {
	case "$!", "${!}", "$(jobs -p)", "`jobs -p`", "$(jobs -pr)", "$(jobs -rp)":
		return true
	}
	return false
}

// noteOwn records the variables a command sets to the script's own
// children: pid=$!, pids+=($!), local pid=$!, jobs=$(jobs -p).
func (sc *scanner) noteOwn(c *command) {
	words := c.words
	i := 0
	for ; i < len(words); i++ {
		name, value, ok := assignment(words[i])
		if !ok {
			break
		}
		sc.ownAssign(words[i])
		if value != "" && !strings.ContainsAny(value, "`") && !strings.Contains(value, "$(") {
			if sc.vals == nil {
				sc.vals = map[string]string{}
			}
			sc.vals[name] = value // session_dir="$HOME/.local/state/x/session"
		}
	}
	if i < len(words) && declarers[words[i].text()] {
		for _, w := range words[i+1:] {
			sc.ownAssign(w)
		}
	}
	if i < len(words) && (words[i].text() == "echo" || words[i].text() == "printf") {
		// echo "PROXY_PID=$!" >> "$GITHUB_ENV": the PID kept for a later
		// step of the same workflow, which reads it as a variable
		for _, w := range words[i+1:] {
			if name, value, ok := strings.Cut(w.text(), "="); ok && ownValue(value) && validName(name) {
				sc.markOwn(name)
			}
		}
	}
}

// notePIDFile records the file an echo or printf writes the script's own
// children's PIDs to: echo $! > run.pid, printf '%s\n' "$pid" >> "$PIDFILE".
// A PID read back from it later is the script's own handle on its child.
func (sc *scanner) notePIDFile(c *command) {
	if len(c.words) < 2 {
		return
	}
	prog := c.words[0].text()
	if prog != "echo" && prog != "printf" {
		return
	}
	own := false
	for i, w := range c.words[1:] {
		t := w.text()
		switch {
		case sc.ownRef(t):
			own = true
		case strings.HasPrefix(t, "-"), prog == "printf" && i == 0 && strings.Contains(t, "%"):
			// an option, printf's format
		default:
			return // something beside the PIDs: not a file of them alone
		}
	}
	if !own {
		return
	}
	for _, r := range c.redirs {
		if (r.op == ">" || r.op == ">>") && r.target != nil {
			if sc.pids == nil {
				sc.pids = map[string]bool{}
			}
			sc.pids[fileKey(r.target.text())] = true
		}
	}
}

// noteReadPID records the variable that read reads from an own PID file:
// read -r pid < "$PIDFILE".
func (sc *scanner) noteReadPID(c *command) {
	if len(c.words) < 2 || c.words[0].text() != "read" {
		return
	}
	from := ""
	for _, r := range c.redirs {
		if r.op == "<" && r.target != nil {
			from = r.target.text()
		}
	}
	if from == "" || !sc.pids[fileKey(from)] {
		return
	}
	for _, w := range c.words[1:] {
		if t := w.text(); validName(t) {
			sc.markOwn(t)
		}
	}
}

// pidFileRead: a command substitution that reads an own PID file,
// $(cat "$PIDFILE"), $(< run.pid), `cat run.pid`.
func (sc *scanner) pidFileRead(t string) bool {
	if len(sc.pids) == 0 {
		return false
	}
	t = strings.TrimSpace(t)
	var body string
	switch {
	case strings.HasPrefix(t, "$(") && strings.HasSuffix(t, ")"):
		body = t[2 : len(t)-1]
	case len(t) > 1 && t[0] == '`' && t[len(t)-1] == '`':
		body = t[1 : len(t)-1]
	default:
		return false
	}
	body = strings.TrimSpace(body)
	if rest, ok := strings.CutPrefix(body, "<"); ok {
		body = rest
	} else if rest, ok := strings.CutPrefix(body, "cat "); ok {
		body = rest
	} else {
		return false
	}
	return sc.pids[fileKey(strings.TrimSpace(body))]
}

// fileKey is a file operand as written, without its quotes and with
// ${NAME} as $NAME, so that "${PID_FILE}" and $PID_FILE are one file.
func fileKey(t string) string {
	t = strings.Trim(t, `"'`)
	var b strings.Builder
	for i := 0; i < len(t); i++ {
		if t[i] == '$' && i+1 < len(t) && t[i+1] == '{' {
			if k := strings.IndexByte(t[i:], '}'); k > 0 && validName(t[i+2:i+k]) {
				b.WriteString("$" + t[i+2:i+k])
				i += k
				continue
			}
		}
		b.WriteByte(t[i])
	}
	return b.String()
}

// validName: a shell variable name.
func validName(s string) bool {
	for i, c := range s {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}

func (sc *scanner) markOwn(name string) {
	if sc.own == nil {
		sc.own = map[string]bool{}
	}
	sc.own[name] = true
}

// noteLoop records a loop variable that runs over the script's own
// children: for pid in "${PIDS[@]}" where PIDS holds $! values.
func (sc *scanner) noteLoop(c *command) {
	if len(c.words) < 3 || c.words[1].text() != "in" {
		return
	}
	name := c.words[0].text()
	for _, w := range c.words[2:] {
		t := strings.TrimSuffix(w.text(), ";")
		if t == "" {
			continue
		}
		if sc.pidFileRead(t) {
			continue
		}
		names := varNames(t)
		if len(names) != 1 || !sc.own[names[0]] {
			return // every item must be the script's own
		}
	}
	if sc.own == nil {
		sc.own = map[string]bool{}
	}
	sc.own[name] = true
}

var declarers = map[string]bool{"local": true, "declare": true, "export": true, "readonly": true, "typeset": true}

func (sc *scanner) ownAssign(w *word) {
	name, value, ok := assignment(w)
	if !ok {
		return
	}
	own := ownValue(value) || sc.pidFileRead(value)
	for _, e := range w.array {
		own = own || ownValue(e.text())
	}
	if own {
		if sc.own == nil {
			sc.own = map[string]bool{}
		}
		sc.own[name] = true
	}
}

// check reads one simple command: the text of its assignments, the
// action it performs and the prose it prints or passes on.
func (sc *scanner) check(c *command, depth int) {
	words := c.words
	i := 0
	for ; i < len(words); i++ {
		name, _, ok := assignment(words[i])
		if !ok {
			break
		}
		sc.assignText(name, words[i])
	}
	eff, stdin := sc.run(words[i:], c, depth)
	if len(eff) > 0 && declarers[eff[0].text()] {
		for _, w := range eff[1:] {
			if name, _, ok := assignment(w); ok {
				sc.assignText(name, w)
			}
		}
		eff = nil
	}
	for _, r := range c.redirs {
		if (r.op == ">" || r.op == ">>") && r.target != nil && len(eff) > 0 && sc.recovery {
			if rule := sc.editedFile(r.target); rule != nil {
				sc.add(rule, eff[0]) // a fix script writing a client's config or an env file
			}
		}
		var w *word
		switch {
		case r.doc != nil:
			w = &word{val: r.doc.text, offs: r.doc.offs, literal: true}
		case r.op == "<<<" && r.target != nil:
			w = r.target
		default:
			continue
		}
		if stdin {
			sc.scriptAt(w.text(), rules.OffsetsOf(w.offs), depth+1)
		} else if r.doc != nil {
			sc.text(rules.StringLit, w.val, w.offs)
		} else {
			sc.quoted(w)
		}
	}
}

func (sc *scanner) assignText(name string, w *word) {
	if rules.DataName(name) {
		return
	}
	sc.quoted(w)
	for _, e := range w.array {
		sc.quoted(e)
	}
}

// progName is the program a word names: its value, the value of the
// variable it expands, or the program a
// $(which X) substitution looks up.
func (sc *scanner) progName(w *word) string {
	if w.name != "" {
		return w.name
	}
	t := w.text()
	if strings.HasPrefix(t, "$") && !w.literal {
		// a program held in a variable the script set: KILL=pkill; $KILL hubd
		if v := sc.expand(t); v != t && v != "" && !strings.ContainsAny(v, " \t$") {
			return v
		}
	}
	return t
}

func baseName(p string) string {
	return strings.ToLower(path.Base(strings.ReplaceAll(p, "\\", "/")))
}

// run resolves the program a command line runs, looking through the
// programs that run another (sudo, env, nohup, timeout, xargs, sh -c,
// eval, trap, ssh, watch), and checks its action. It returns the words of
// the program finally run, and whether that program is a shell reading
// its script from standard input (so a here-document feeds it commands).
func (sc *scanner) run(argv []*word, c *command, depth int) (eff []*word, stdin bool) {
	for len(argv) > 0 {
		b := baseName(sc.progName(argv[0]))
		args := argv[1:]
		switch b {
		case "sudo", "doas":
			argv = skipOpts(args, "-u", "-g", "-h", "-p", "-C", "-D", "-r", "-t", "-U", "-T", "--user", "--group",
				"--host", "--prompt", "--chdir", "--role", "--type", "--other-user", "--close-from", "--command-timeout")
		case "command":
			for _, a := range args {
				t := a.text()
				if !strings.HasPrefix(t, "-") || t == "--" {
					break
				}
				if strings.ContainsAny(t, "vV") {
					return nil, false // command -v looks the program up
				}
			}
			argv = skipOpts(args)
		case "builtin", "nohup", "busybox", "setsid", "unbuffer", "chronic", "caffeinate", "nocorrect", "noglob":
			argv = skipOpts(args)
		case "npx", "pnpx", "bunx":
			// a package's binary, run without installing it: npx kill-port 3000
			argv = skipOpts(args, "-p", "--package", "--cache", "--registry")
		case "docker", "podman", "kubectl", "oc":
			// a command run inside a container: docker exec box rm -f /data/state.json,
			// docker compose exec api pkill node, kubectl exec pod -- kill 1
			rest := containerCommand(b, args)
			if rest == nil {
				sc.act(argv)
				sc.texts(argv, b)
				return argv, false
			}
			argv = rest
		case "pnpm", "yarn", "npm":
			if len(args) == 0 || !(args[0].text() == "dlx" || b == "npm" && (args[0].text() == "exec" || args[0].text() == "x")) {
				sc.act(argv)
				sc.texts(argv, b)
				return argv, false
			}
			argv = skipOpts(args[1:], "-p", "--package", "--cache", "--registry")
		case "exec":
			argv = skipOpts(args, "-a")
		case "time":
			argv = skipOpts(args, "-f", "-o", "--format", "--output")
		case "nice":
			argv = skipOpts(args, "-n", "--adjustment")
		case "ionice":
			argv = skipOpts(args, "-c", "-n", "-t", "--class", "--classdata")
		case "stdbuf":
			argv = skipOpts(args, "-i", "-o", "-e", "--input", "--output", "--error")
		case "timeout":
			argv = skipOpts(args, "-s", "-k", "--signal", "--kill-after")
			if len(argv) > 0 {
				argv = argv[1:] // the duration
			}
		case "xargs":
			argv = skipOpts(args, "-I", "-n", "-L", "-P", "-d", "-E", "-s", "-a", "--max-args", "--max-lines",
				"--max-procs", "--delimiter", "--eof", "--max-chars", "--arg-file", "--process-slot-var")
			if len(argv) == 0 || c != nil && ownJobs(c.from) {
				return nil, false // the PIDs come from jobs -p: the script's own jobs
			}
		case "env":
			argv = args
		envOpts:
			for len(argv) > 0 {
				t := argv[0].text()
				switch {
				case t == "--":
					argv = argv[1:]
					break envOpts
				case t == "-S" || t == "--split-string":
					if len(argv) > 1 {
						sc.scriptAt(argv[1].text(), rules.OffsetsOf(argv[1].offs), depth+1)
					}
					return nil, false
				case t == "-u" || t == "-C" || t == "--unset" || t == "--chdir":
					argv = argv[min(2, len(argv)):]
				case strings.HasPrefix(t, "-"):
					argv = argv[1:]
				case strings.Contains(t, "="):
					argv = argv[1:]
				default:
					break envOpts
				}
			}
		case "watch":
			argv = skipOpts(args, "-n", "--interval", "-q", "--equexit")
			if len(argv) == 1 {
				sc.scriptAt(argv[0].text(), rules.OffsetsOf(argv[0].offs), depth+1)
				return nil, false
			}
		case "flock":
			for i, a := range args {
				if t := a.text(); (t == "-c" || t == "--command") && i+1 < len(args) {
					sc.scriptAt(args[i+1].text(), rules.OffsetsOf(args[i+1].offs), depth+1)
					return nil, false
				}
			}
			argv = skipOpts(args, "-w", "-E", "--timeout", "--conflict-exit-code")
			if len(argv) > 0 {
				argv = argv[1:] // the lock file
			}
		case "eval":
			if len(args) == 1 {
				sc.scriptAt(args[0].text(), rules.OffsetsOf(args[0].offs), depth+1)
				return nil, false
			}
			argv = args
		case "su":
			for i, a := range args {
				if t := a.text(); (t == "-c" || t == "--command") && i+1 < len(args) {
					sc.scriptAt(args[i+1].text(), rules.OffsetsOf(args[i+1].offs), depth+1)
					return nil, false
				}
			}
			return nil, false
		case "ssh":
			rest := skipOpts(args, "-b", "-c", "-D", "-E", "-e", "-F", "-I", "-i", "-J", "-L", "-l", "-m", "-O",
				"-o", "-p", "-Q", "-R", "-S", "-W", "-w")
			if len(rest) == 0 {
				return nil, false
			}
			rest = rest[1:] // the host
			switch len(rest) {
			case 0:
				return nil, true
			case 1:
				sc.scriptAt(rest[0].text(), rules.OffsetsOf(rest[0].offs), depth+1)
				return nil, false
			}
			argv = rest
		case "trap":
			if len(args) > 0 {
				if t := args[0].text(); t != "-" && t != "" && !strings.HasPrefix(t, "-") {
					sc.scriptAt(t, rules.OffsetsOf(args[0].offs), depth+1)
				}
			}
			return nil, false
		default:
			if formats.IsShell(b) || b == "fish" {
				return nil, sc.shell(args, depth)
			}
			sc.act(argv)
			sc.texts(argv, b)
			return argv, false
		}
	}
	return nil, false
}

// containerCommand returns the command that docker/podman exec, docker
// compose exec or kubectl exec runs in a container, or nil when the
// words run none.
func containerCommand(prog string, args []*word) []*word {
	if (prog == "docker" || prog == "podman") && len(args) > 0 && (args[0].text() == "compose" || args[0].text() == "container") {
		args = args[1:]
	}
	if len(args) == 0 || args[0].text() != "exec" {
		return nil
	}
	args = args[1:]
	if prog == "kubectl" || prog == "oc" {
		for i, a := range args {
			if a.text() == "--" {
				return args[i+1:]
			}
		}
		return nil // without "--" the command is not told from the options
	}
	rest := skipOpts(args, "-u", "--user", "-w", "--workdir", "-e", "--env", "--env-file", "--detach-keys", "--index")
	if len(rest) < 2 {
		return nil
	}
	return rest[1:] // after the container (or the compose service)
}

// shell handles sh -c STRING (the string is a script) and reports whether
// the shell reads its script from standard input.
func (sc *scanner) shell(args []*word, depth int) bool {
	for i := 0; i < len(args); i++ {
		t := args[i].text()
		switch {
		case t == "-o" || t == "+o" || t == "-O" || t == "+O":
			i++
		case strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "--") && strings.Contains(t, "c"):
			if i+1 < len(args) {
				sc.scriptAt(args[i+1].text(), rules.OffsetsOf(args[i+1].offs), depth+1)
			}
			return false
		case t == "-s" || t == "-" || strings.HasPrefix(t, "-") || strings.HasPrefix(t, "+"):
		default:
			return false // a script file
		}
	}
	return true
}

// skipOpts drops leading options; valued names the options whose value
// is the next word.
func skipOpts(args []*word, valued ...string) []*word {
	for len(args) > 0 {
		t := args[0].text()
		if t == "--" {
			return args[1:]
		}
		if len(t) < 2 || t[0] != '-' || !args[0].literal {
			return args
		}
		args = args[1:]
		for _, v := range valued {
			if t == v && len(args) > 0 {
				args = args[1:]
				break
			}
		}
	}
	return args
}

// act reports the forbidden action a resolved command performs.
func (sc *scanner) act(argv []*word) {
	prog := sc.progName(argv[0])
	b := baseName(prog)
	args := make([]string, len(argv)-1)
	for i, a := range argv[1:] {
		args[i] = a.text()
	}
	switch {
	case rules.KillProgram(prog, args):
		if !sc.ownTargets(b, argv[1:]) {
			sc.add(rules.ProcessKill, argv[0])
		}
	case b == "touch":
		for _, a := range operands(argv[1:], "-d", "-t", "-r", "--date", "--reference") {
			if watched(a) || sc.reload && reloadable(sc.expand(a.text())) {
				sc.add(rules.MtimeReload, argv[0])
				return
			}
		}
	case removers[b]:
		for _, a := range operands(argv[1:]) {
			if sc.made[a.text()] || perInstance(sc.expand(a.text())) {
				continue // a file the script made, or its own instance's (session-$$.json)
			}
			if rules.CodeEditsState(sc.expand(a.text()), sc.path, func() bool { return sc.recovery }) {
				sc.add(rules.SessionStateEdit, argv[0])
				return
			}
		}
	case (b == "curl" || b == "wget" || b == "http" || b == "https" || b == "xh") && sc.fallback:
		// a script whose header says the tools are down calls the API
		// behind them: curl -H "Authorization: Bearer $TOKEN" https://api…
		for _, a := range argv[1:] {
			if t := a.text(); strings.HasPrefix(t, "http://") || strings.HasPrefix(t, "https://") {
				sc.add(rules.RawAPIFallback, argv[0])
				return
			}
		}
	case (b == "mv" || b == "cp") && sc.recovery:
		// a fix script putting a rewritten file in a client's config's
		// place: jq 'del(.mcpServers.x)' "$CFG" > /tmp/f && mv /tmp/f "$CFG"
		if ops := operands(argv[1:], "-t", "-S", "--suffix", "--target-directory"); len(ops) >= 2 {
			if r := sc.editedFile(ops[len(ops)-1]); r != nil {
				sc.add(r, argv[0])
			}
		}
	case b == "find":
		if findDeletesState(argv[1:], sc.path, func() bool { return sc.recovery }) {
			sc.add(rules.SessionStateEdit, argv[0])
		}
	case (b == "sed" || b == "gsed" || b == "perl") && inPlace(args) && sc.recovery:
		// a fix script rewriting a client's config or an env file in place
		for _, a := range operands(argv[1:], "-e", "-f") {
			if r := sc.editedFile(a); r != nil {
				sc.add(r, argv[0])
				return
			}
		}
	}
}

// inPlace: sed -i / -i.bak / --in-place, perl -pi.
func inPlace(args []string) bool {
	for _, a := range args {
		if a == "-i" || strings.HasPrefix(a, "-i.") || strings.HasPrefix(a, "--in-place") || a == "-pi" || strings.HasPrefix(a, "-pi") {
			return true
		}
	}
	return false
}

// editedFile returns the rule an edit of the file w names breaks: a
// client's config (config-edit) or an env file (env-edit); nil for others.
func (sc *scanner) editedFile(w *word) *rules.Rule {
	t := sc.expand(w.text()) // PROJ_CFG="$PWD/.cursor/mcp.json"; … > "$PROJ_CFG"
	switch {
	case rules.IsEnvPath(t):
		return rules.EnvEdit
	case rules.IsConfigPath(t):
		return rules.ConfigEdit
	}
	if w.literal {
		return nil
	}
	for _, name := range varNames(t) {
		if rules.NamesEnvFile(name) {
			return rules.EnvEdit
		}
		if rules.NamesWatchedFile(name) {
			return rules.ConfigEdit
		}
	}
	return nil
}

var removers = map[string]bool{"rm": true, "unlink": true, "shred": true, "trash": true, "trash-put": true,
	"rmdir": true, "srm": true}

// operands are the arguments that are not options.
func operands(args []*word, valued ...string) []*word {
	var out []*word
	opts := true
	for i := 0; i < len(args); i++ {
		t := args[i].text()
		switch {
		case opts && t == "--":
			opts = false
		case opts && len(t) > 1 && t[0] == '-' && args[i].literal:
			for _, v := range valued {
				if t == v {
					i++
					break
				}
			}
		default:
			out = append(out, args[i])
		}
	}
	return out
}

// reloadable: in a script that makes servers reload, a touched path a
// watcher reloads on: a source or config file by its extension
// (hub/server.js, app.wsgi, uwsgi.ini), or a variable the script does not
// spell out ("$f" of a loop over entry files). A marker or an output file
// (.python312_compat, new-output.txt) and scratch files are none.
func reloadable(p string) bool {
	if strings.HasPrefix(p, "/tmp/") || strings.Contains(p, "TMPDIR") || strings.Contains(p, "$$") || perInstance(p) {
		return false
	}
	if n := varNames(p); len(n) == 1 && strings.Trim(p, "\"${}") == n[0] {
		return true
	}
	return reloadExts[strings.ToLower(path.Ext(p))]
}

var reloadExts = map[string]bool{".js": true, ".mjs": true, ".cjs": true, ".ts": true, ".tsx": true, ".jsx": true,
	".py": true, ".rb": true, ".php": true, ".go": true, ".wsgi": true, ".ini": true, ".conf": true, ".cfg": true,
	".yaml": true, ".yml": true, ".json": true, ".toml": true, ".vue": true, ".svelte": true}

// watched: a path a watcher may reload: a config, env or session-state
// file or a reload sentinel by its name, or a variable named for one
// ($CONFIG_FILE, $CONF_DIR, $RELOAD_TRIGGER).
func watched(w *word) bool {
	t := w.text()
	if rules.IsWatchedPath(t) || rules.IsReloadTarget(t) {
		return true
	}
	if w.literal {
		return false
	}
	for _, name := range varNames(t) {
		if rules.NamesWatchedFile(name) || rules.IsReloadTarget(name) {
			return true
		}
	}
	return false
}

// varNames lists the variables a word expands ($NAME, ${NAME…}).
func varNames(t string) []string {
	var out []string
	for i := 0; i < len(t); i++ {
		if t[i] != '$' || i+1 >= len(t) {
			continue
		}
		j := i + 1
		if t[j] == '{' {
			j++
		}
		k := j
		for k < len(t) && isNameByte(t[k]) {
			k++
		}
		if k > j {
			out = append(out, t[j:k])
		}
		i = k - 1
	}
	return out
}

// findDeletesState reports whether a find command line carries -delete
// (or an -exec of a remover) and selects paths that name session state
// (a workflow's own only in a recovery script).
func findDeletesState(args []*word, file string, recovery func() bool) bool {
	deletes := false
	state := false
	for i, a := range args {
		t := a.text()
		switch t {
		case "-delete":
			deletes = true
		case "-exec", "-execdir", "-ok":
			if i+1 < len(args) && removers[baseName(args[i+1].text())] {
				deletes = true
			}
		case "-name", "-iname", "-path", "-ipath", "-wholename":
			if i+1 < len(args) && rules.CodeEditsState(args[i+1].text(), file, recovery) {
				state = true
			}
		default:
			if i == 0 || !strings.HasPrefix(t, "-") && !strings.HasPrefix(args[i-1].text(), "-") {
				if rules.CodeEditsState(t, file, recovery) {
					state = true
				}
			}
		}
	}
	return deletes && state
}

// ownTargets: a kill aimed only at the script's own children or itself
// ($!, %1, $$, a variable set from $!), or pkill -P $$.
func (sc *scanner) ownTargets(prog string, args []*word) bool {
	switch prog {
	case "kill":
		n := 0
		opts := true
		for i := 0; i < len(args); i++ {
			t := args[i].text()
			switch {
			case opts && t == "--":
				opts = false
				continue
			case opts && (t == "-s" || t == "-n" || t == "--signal"):
				i++
				continue
			case opts && strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "-$"):
				continue
			}
			n++
			if !sc.ownRef(strings.TrimPrefix(t, "-")) {
				return false
			}
		}
		return n > 0
	case "pkill":
		for i, a := range args {
			t := a.text()
			v := ""
			switch {
			case (t == "-P" || t == "--parent") && i+1 < len(args):
				v = args[i+1].text()
			case strings.HasPrefix(t, "-P"):
				v = t[2:]
			case strings.HasPrefix(t, "--parent="):
				v = t[len("--parent="):]
			}
			if v != "" && sc.ownRef(v) {
				return true
			}
		}
	}
	return false
}

// ownRef: an operand that names the script's own children or itself.
func (sc *scanner) ownRef(t string) bool {
	switch t {
	case "$!", "${!}", "$$", "${$}", "$BASHPID", "0", "$(jobs -p)", "`jobs -p`", "$(jobs -pr)", "$(jobs -rp)":
		return true
	}
	if strings.HasPrefix(t, "%") {
		return true // a job of this shell
	}
	if sc.pidFileRead(t) {
		return true // a PID the script wrote from $! itself
	}
	names := varNames(t)
	if len(names) != 1 || !strings.HasPrefix(t, "$") {
		return false
	}
	return sc.own[names[0]]
}
