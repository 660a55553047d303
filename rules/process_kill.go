package rules

import "strings"

// ProcessKill is the rule against ending or signalling processes by hand.
var ProcessKill = &Rule{
	ID:      "process-kill",
	Summary: "ending or signalling MCP or other processes by hand (pkill, killall, kill -9, taskkill, Stop-Process)",
	Message: "recommends killing a process by hand to recover; in-flight work of other sessions dies with it. " +
		"Ask the operator to reconnect the MCP server through the host instead (recoverlint reconnect)",
	Needs: Anywhere,
	Doc: Doc{
		Title: "Killing processes by hand",
		Text: `A stale or stuck MCP server is shared: other sessions, leases and merges run through it.
Ending it with pkill, killall, kill, taskkill or Stop-Process (or a script or program that
does so) destroys their in-flight work without warning, and the host that owns the transport
is left with a dead pipe. The host's own reconnect control restarts the server cleanly.

What to do instead: build a reconnect request (recoverlint reconnect, or the
request_mcp_reconnect MCP tool), give the operator the UI steps it returns, and stop.`,
		Bad:  []string{"If the server hangs, run `pkill -f gitea-mcp`.", "Kill the stale daemon and retry."},
		Good: []string{"Never run `pkill` on MCP servers; request a reconnect instead.", "`kill -0 $PID` only checks that the process exists."},
	},
	Examples: Examples{
		Recommend: []string{
			"## Stuck server\n\nRun `pkill -f gitea-mcp` and reconnect.\n",
			"If the daemon hangs, kill the old process before reconnecting.\n",
			"## Recovery\n\n```bash\nlsof -ti :8787 | xargs kill -9\n```\n",
			"Don't forget to kill the stale server first.\n",
		},
		Prohibit: []string{
			"Never run `pkill` or `killall` on MCP servers.\n",
			"## Forbidden recovery paths\n\n- `kill -9` on the daemon\n",
			"Rather than killing the daemon, use the host's reconnect control.\n",
		},
		Mention: []string{
			"`pkill` sends SIGTERM unless another signal is given.\n",
			"The previous run used `pkill -f gitea` and lost two merges.\n",
			"Use `kill -0 $PID` to check that the process is alive.\n",
			"That would kill two birds with one stone.\n",
		},
	},
	stems: []string{"kill", "termin", "nuke", "sig", "fuser", "stop-process", "force quit", "force-quit", "end"},
	// routes are what the prefilter looks for before the rule reads a
	// text: every hit of find has a route (TestRoutesCoverFindings).
	routes: []routeSpec{
		// findProcessKill reads whole tokens: the words that start with
		// "kill" (its forms and the commands named after it), the
		// commands that end in it, and the signal names; "skill" and
		// "skills" are none of them
		{groups: [][]string{{"^kill", "pkill", "taskkill", "xkill", "tskill", "pskill", "fkill", "tree-kill", "sigkill",
			"stop-process", "fuser", "sigterm", "sigint", "sigquit", "sighup"}}},
		// terminate and nuke are killVerb's only: a process object after
		// the verb, or a process noun in the unit or its headings
		{groups: [][]string{{"^terminat", "^nuk", "^force quit", "^force-quit"}}, context: []int{wProcess}},
		// sendsSignal's other form: any signal sent to a process
		{groups: [][]string{{"^send"}, {"signal"}}},
		// endsProcess: "end the node process", Task Manager's "End Task"
		{groups: [][]string{{"^end$", "^ending$"}}, local: []int{wEndObject}},
	},
	// captions are the verbs of a code block comment that, with no object
	// of their own, name this action of the command under them.
	captions: []string{"kill", "terminate"},
	find:     findProcessKill,
}

// startedInPipe: the text before a Stop-Process pipes it the process
// object that Start-Process -PassThru returned earlier in the pipeline.
func startedInPipe(before string) bool {
	before = strings.TrimRight(before, " \t")
	if !strings.HasSuffix(before, "|") {
		return false
	}
	// the pipeline's own text, within 512 bytes: a long line of many
	// pipelines is not read back to its start for each
	before = before[max(0, len(before)-512):]
	if k := strings.LastIndexAny(before, ";\n"); k >= 0 {
		before = before[k+1:]
	}
	k := strings.LastIndex(before, "start-process")
	return k >= 0 && strings.Contains(before[k:], "-passthru")
}

// killCommands are unambiguous process-killing commands.
var killCommands = set("pkill", "killall", "taskkill", "xkill", "tskill", "stop-process", "pskill", "kill-port", "fkill", "killport", "tree-kill")

func findProcessKill(seg *segment, emit func(hit)) {
	s := seg.v.f.s
	toks := seg.tokens()
	codeLine := seg.kind == segCommand
	for i, t := range toks {
		if !t.word {
			continue
		}
		w := t.s
		switch {
		case killCommands[w] && i > 0 && toks[i-1].s == "." && i+1 < len(toks) && toks[i+1].s == "(":
			// a method of some API (ScrollTrigger.killAll()), not the command
		case w == "stop-process" && startedInPipe(s[seg.start:t.start]):
			// "Start-Process srv -PassThru | Stop-Process": the pipeline
			// ends the process it started itself, through its own handle
		case killCommands[w]:
			if !listsSignals(s[t.end:seg.end]) {
				emit(hit{start: t.start, end: t.end})
			}
		case w == "fuser" && strings.Contains(s[t.end:seg.end], " -k"):
			emit(hit{start: t.start, end: t.end})
		case (w == "systemctl" || w == "launchctl") && wordAt(toks, i+1) == "kill":
			if !listsSignals(s[toks[i+1].end:seg.end]) {
				emit(hit{start: t.start, end: t.end})
			}
		case w == "kill":
			if probe(s[t.end:seg.end]) || jobSpec(s[t.end:seg.end]) || seg.v.u.Kind == CodeBlock && ownChildren(seg, s[t.end:seg.end]) {
				continue
			}
			if killCommand(seg, i, codeLine) {
				emit(hit{start: t.start, end: t.end})
			}
			if !t.code && killVerb(seg, i) {
				emit(hit{start: verbStart(toks, i), end: t.end, verb: true})
			}
		case w == "kills" || w == "killing" || w == "killed" || w == "terminate" || w == "terminates" ||
			w == "terminating" || w == "terminated" || w == "nuke" || w == "nuking" || w == "force-kill" ||
			w == "force-killing":
			if !t.code && killVerb(seg, i) {
				emit(hit{start: verbStart(toks, i), end: t.end, verb: true})
			}
		case (w == "force" || w == "force-quit") && !t.code:
			// "Force Quit every node process" in Activity Monitor ends
			// processes by hand, without the word kill
			v := i
			if w == "force" {
				if q := wordAt(toks, i+1); q != "quit" && q != "quitting" {
					continue
				}
				v = i + 1
			}
			if !featureSubject(toks, v) && killVerb(seg, v) {
				emit(hit{start: t.start, end: toks[v].end, verb: true})
			}
		case (w == "end" || w == "ending") && !t.code && !codeLine && i+1 < len(toks) && toks[i+1].word:
			if endsProcess(toks, i) && killVerb(seg, i) {
				emit(hit{start: t.start, end: t.end, verb: true})
			}
		case w == "send" || w == "sends" || w == "sending":
			if sendsSignal(toks, i) && !supervisorPage(seg.v.u.Ctx.Headings) {
				emit(hit{start: t.start, end: t.end, verb: true})
			}
		case (w == "os" || w == "syscall" || w == "unix" || w == "process") && i+2 < len(toks) &&
			toks[i+1].s == "." && (toks[i+2].s == "kill" || toks[i+2].s == "killpg") && i+3 < len(toks) && toks[i+3].s == "(":
			if !probeCall(s, toks[i+3].end, seg.end) {
				emit(hit{start: t.start, end: toks[i+2].end})
			}
		case w == "signal" && i+1 < len(toks) && toks[i+1].s == "(" && i > 0 && toks[i-1].s == "." && !(i > 1 && toks[i-2].s == "signal"):
			rest := s[toks[i+1].end:seg.end]
			if strings.HasPrefix(rest, "syscall.sigkill") || strings.HasPrefix(rest, "syscall.sigterm") ||
				strings.HasPrefix(rest, "signal.sigkill") || strings.HasPrefix(rest, "signal.sigterm") {
				emit(hit{start: t.start, end: t.end})
			}
		}
	}
}

// endsProcess: the "end" at i ends a process by hand: Task Manager's
// "End Task" or "End Process Tree" after a click, or a process named as
// its object within three words ("end the stuck node process", "end
// node.exe"). "end the session", "at the end the server …" name none.
func endsProcess(toks []token, i int) bool {
	switch wordAt(toks, i+1) {
	case "task", "process":
		switch prevWord(toks, i) {
		case "click", "clicking", "choose", "select", "press", "hit", "use", "then", "and":
			return true
		}
	}
	if p := prevWord(toks, i); p == "the" || p == "an" || p == "a" || p == "at" || p == "to" && prevWord2(toks, i) == "come" {
		return false // "the end", "at the end": a noun
	}
	for k, n := i+1, 0; k < len(toks) && n < 4; k++ {
		t := toks[k]
		if !t.word {
			if (t.s == "," || t.s == "." || t.s == ";" || t.s == ":") && !innerDot(toks, k) {
				return false
			}
			continue
		}
		n++
		switch {
		case t.s == "process" || t.s == "processes" || t.s == "pid" || t.s == "pids" || t.s == "subprocess" ||
			t.s == "subprocesses" || t.s == "daemon" || t.s == "daemons" || t.s == "zombie" || t.s == "zombies":
			return true
		case strings.HasSuffix(t.s, ".exe") || t.s == "exe" && innerDot(toks, k-1):
			return true
		}
	}
	return false
}

// innerDot: the token at k is a dot inside a name, with no space on
// either side ("relay.exe", "Acme.Analysis.Server"), not a sentence's end.
func innerDot(toks []token, k int) bool {
	return k > 0 && k+1 < len(toks) && toks[k].s == "." && toks[k-1].word && toks[k+1].word &&
		toks[k-1].end == toks[k].start && toks[k+1].start == toks[k].end
}

// sendsSignal: the send at i sends a kill signal ("send SIGKILL", "send
// a forceful KILL"), or any signal to a process ("send the default
// signal to the worker process"); "send a signal when done" names none.
func sendsSignal(toks []token, i int) bool {
	for k, n := i+1, 0; k < len(toks) && n < 4; k++ {
		if !toks[k].word {
			if toks[k].s == "`" {
				continue
			}
			return false
		}
		n++
		switch w := toks[k].s; w {
		case "sigkill", "sigterm", "sigint", "sigquit", "kill", "sighup":
			return true
		case "signal", "signals":
			if wordAt(toks, k+1) != "to" {
				return false
			}
			for j, m := k+2, 0; j < len(toks) && m < 4 && toks[j].word; j++ {
				if processObject(toks[j].s) {
					// "to the calling process": a program signalling itself
					p := toks[j-1].s
					return p != "calling" && p != "current" && p != "own" && p != "itself"
				}
				m++
			}
			return false
		}
	}
	return false
}

// featureSubject: the words ending at v name a feature that is the
// subject of the next verb ("Force Quit (Cmd+Option+Esc) does not flush
// the buffers"), a parenthesis between them skipped.
func featureSubject(toks []token, v int) bool {
	k := v + 1
	if k < len(toks) && toks[k].s == "(" {
		for k < len(toks) && toks[k].s != ")" {
			k++
		}
		k++
	}
	for ; k < len(toks) && !toks[k].word; k++ {
	}
	if k >= len(toks) {
		return false
	}
	switch toks[k].s {
	case "does", "doesn't", "did", "is", "isn't", "was", "will", "won't", "would", "can", "cannot", "can't",
		"sends", "kills", "ends", "stops", "works", "skips", "leaves", "loses", "drops":
		return true
	}
	return false
}

// probeCall: a kill call whose signal argument is 0, a liveness probe.
func probeCall(s string, from, to int) bool {
	args := s[from:to]
	if k := strings.IndexByte(args, ')'); k >= 0 {
		args = args[:k]
	}
	parts := strings.Split(args, ",")
	if len(parts) < 2 {
		return false
	}
	sig := strings.TrimSpace(parts[len(parts)-1])
	return sig == "0" || sig == "signal(0)" || strings.HasSuffix(sig, ".signal(0)")
}

// killCommand: the word kill used as the command (kill -9 PID, xargs kill,
// kill $PID), not a liveness probe (kill -0) or a signal list (kill -l).
func killCommand(seg *segment, i int, codeLine bool) bool {
	toks := seg.tokens()
	t := toks[i]
	s := seg.v.f.s
	if signalNamed(toks, i) {
		return false
	}
	rest := strings.TrimLeft(s[t.end:seg.end], " \t")
	if rest != "" {
		switch c := rest[0]; {
		case c == '-' && len(rest) > 1 && rest[1] != ' ' && rest[1] != '-', c == '$', c == '<', c == '%', c == '`', c >= '0' && c <= '9':
			return true
		case c == '{':
			// a placeholder for the process: kill {{pid}}, kill {pid}
			return true
		case c == '"' && len(rest) > 1 && rest[1] == '$':
			return true
		}
	}
	if i > 0 {
		p := toks[i-1]
		switch p.s {
		case "xargs", "|", "sudo", "exec", "busybox", "(", "nohup", "`":
			if p.s != "(" || i > 1 && toks[i-2].s == "$" {
				return true
			}
		case "then", "&", ";", "do", "command":
			// shell syntax; in prose "then kill" is a verb
			if codeLine || t.code {
				return true
			}
		case "\"", "'":
			if i > 1 && (toks[i-2].s == "=" || toks[i-2].s == ":") {
				return false // action="kill": a value named, as in an API's enum
			}
			if i+1 < len(toks) && toks[i+1].s == p.s && (codeLine || t.code || seg.v.u.Kind == StringLit) {
				return true // exec.Command("kill", ...)
			}
		case ")":
			// $(which kill)
			return false
		}
		if p.s == "which" {
			return true
		}
	}
	if codeLine && firstWord(toks) == i {
		return true
	}
	if t.code && (i+1 >= len(toks) || !toks[i+1].code) && (i == 0 || !toks[i-1].code) {
		// `kill` named as a command, unless it is one name in a list of
		// names ("`kill`, `restore`, `reallocate`": an API's actions)
		return !enumerated(toks, i)
	}
	return false
}

// signalNamed: the kill at i is the name of a signal, not the command: "a
// `KILL` signal", or one of the alternatives of an argument written
// without spaces ("-s INT|HUP|KILL", a usage page's "{{TERM|KILL}}").
func signalNamed(toks []token, i int) bool {
	if w := wordAt(toks, i+1); w == "signal" || w == "signals" {
		return true
	}
	bar := func(k int) bool { return k >= 0 && k < len(toks) && toks[k].s == "|" }
	t := toks[i]
	if bar(i+1) && toks[i+1].start == t.end && (i+2 >= len(toks) || toks[i+2].start == toks[i+1].end) {
		return true // "KILL|..." or "KILL|TERM"
	}
	return bar(i-1) && toks[i-1].end == t.start && i >= 2 && toks[i-2].end == toks[i-1].start &&
		signalNames[toks[i-2].s]
}

var signalNames = set("hup", "int", "quit", "term", "usr1", "usr2", "stop", "cont", "alrm", "sighup", "sigint",
	"sigquit", "sigterm", "sigusr1", "sigusr2", "sigstop", "sigcont", "9", "15", "1", "2")

// enumerated: the code span at i is one of a list of code spans joined by
// commas or slashes.
func enumerated(toks []token, i int) bool {
	sep := func(k int) bool {
		return k >= 0 && k < len(toks) && (toks[k].s == "," || toks[k].s == "/") && !toks[k].code
	}
	return sep(i+1) && i+2 < len(toks) && toks[i+2].code || sep(i-1) && i >= 2 && toks[i-2].code
}

func firstWord(toks []token) int {
	for i, t := range toks {
		if t.word {
			if t.s == "sudo" || t.s == "then" || t.s == "do" {
				continue
			}
			return i
		}
	}
	return -1
}

// verbStart widens a kill verb to a preceding "force", "hard" or "manual".
func verbStart(toks []token, i int) int {
	if i > 0 && toks[i-1].word {
		switch toks[i-1].s {
		case "force", "hard", "manual", "manually", "forcibly", "forcefully":
			return toks[i-1].start
		}
	}
	return toks[i].start
}

// otherSenses are objects of "kill" that are not processes.
var otherSenses = set("switch", "switches", "two", "time", "feature", "features", "mood",
	"vibe", "joy", "chain", "rate", "shot", "screen", "chance", "chances", "bugs", "bug",
	"conversation", "idea", "ideas", "project", "deal", "momentum", "performance",
	"battery", "buzz", "me", "you", "him", "her", "us", "people", "the", "weeds",
	"plants", "germs", "bacteria", "enemies", "enemy", "monsters", "zombies", "boss",
	"characters", "player", "players", "legacy", "off", "flag", "it's")

// passiveProcess: in a passive with a modal ("the stale server process
// should be killed by hand", "the relay process must be terminated"),
// the object stands before the verb: a process word in the words of the
// clause before it makes the passive the action, unless another agent
// does it ("… killed by the supervisor").
func passiveProcess(toks []token, i, m int) bool {
	if wordAt(toks, i+1) == "by" {
		switch wordAt(toks, i+2) {
		case "hand", "you", "the", "an", "a":
			if a := wordAt(toks, i+2); a == "the" || a == "an" || a == "a" {
				if r := wordAt(toks, i+3); !readerNouns[r] && r != "operator" {
					return false // "killed by the supervisor": another agent's doing
				}
			}
		default:
			return false
		}
	}
	for k, n := i-1, 0; k >= 0 && n < 10; k-- {
		t := toks[k]
		if !t.word {
			if t.s == "." || t.s == ";" || t.s == ":" || t.s == "," {
				return false
			}
			continue
		}
		n++
		if t.s == "subprocess" || t.s == "subprocesses" || t.s == "child" || t.s == "children" {
			return false // "make sure the subprocess is terminated": the writer's own child
		}
		if processObject(t.s) {
			// "the print job should be terminated": jobs, tasks and
			// instances end in other senses, as after the verb
			return !(strings.HasPrefix(toks[i].s, "termin") && otherTerminated[t.s]) && k < m
		}
	}
	return false
}

var otherTerminated = set("job", "jobs", "task", "tasks", "instance", "instances", "service", "services")

// passiveObligation returns the index of the modal of obligation of a
// passive ending at i ("should be killed", "must be terminated", "needs
// to be killed"), or -1: a relative clause ("jobs that should be
// terminated at shutdown") names a kind of thing, an infinitive ("the
// process to be terminated") what a command acts on, and "can be" a
// possibility; none of them tells the reader to do it.
func passiveObligation(toks []token, i int) int {
	if m := ensurePassive(toks, i); m >= 0 {
		return m // "Make sure the other server is killed"
	}
	if prevWord(toks, i) != "be" {
		return -1
	}
	j := i - 1
	for j >= 0 && toks[j].s != "be" {
		j--
	}
	m := j - 1
	for m >= 0 && !toks[m].word {
		m--
	}
	if m < 0 {
		return -1
	}
	switch toks[m].s {
	case "should", "must":
	case "to":
		if p := prevWord(toks, m); p != "needs" && p != "need" && p != "has" && p != "have" && p != "ought" {
			return -1
		}
		m--
		for m >= 0 && !toks[m].word {
			m--
		}
	default:
		return -1
	}
	if p := prevWord(toks, m); p == "that" || p == "which" || p == "who" {
		return -1
	}
	return m
}

// terminatesAtEdge: "terminate them at a single canonical host (your
// reverse proxy)", "terminated at the load balancer": connections or
// TLS ended at a network edge, within a few words of the verb.
func terminatesAtEdge(toks []token, i int) bool {
	at := false
	for k, n := i+1, 0; k < len(toks) && n < 8; k++ {
		t := toks[k]
		if !t.word {
			if t.s == "." || t.s == ";" || t.s == "," {
				return false
			}
			continue
		}
		n++
		switch {
		case t.s == "at":
			at = true
		case at && edgeWords[t.s]:
			return true
		}
	}
	return false
}

// edgeWords name where a network connection ends before the server.
var edgeWords = set("host", "proxy", "balancer", "gateway", "edge", "ingress", "cdn", "router", "firewall")

// terminateSenses are what "terminate" ends besides processes: a login
// session, a connection, an agreement, a loop.
var terminateSenses = set("session", "sessions", "connection", "connections", "subscription", "subscriptions",
	"contract", "contracts", "agreement", "trial", "employment", "loop", "loops", "statement", "statements",
	"string", "strings", "line", "lines", "call", "calls", "meeting", "lease", "leases", "tunnel", "tunnels")

// killVerb: a kill-family verb whose object is a process (or an implicit
// one where the text speaks of processes).
// ownTerminalKey: the sentence names the interrupt key of the reader's own
// terminal, which SPEC does not count as ending a process by hand.
func ownTerminalKey(s string) bool {
	for _, k := range []string{"ctrl+c", "ctrl-c", "ctrl + c", "control-c", "control+c", "ctrl c", "^c", "cmd+.", "ctrl+break"} {
		if strings.Contains(s, k) {
			return true
		}
	}
	return false
}

func killVerb(seg *segment, i int) bool {
	toks := seg.tokens()
	if ownTerminalKey(seg.text()) {
		return false // "press Ctrl+C to terminate it": the reader's own terminal
	}
	if throughTool(toks, i) || supervisorPage(seg.v.u.Ctx.Headings) {
		return false
	}
	if toks[i].s == "killed" || toks[i].s == "terminated" {
		if m := passiveObligation(toks, i); m >= 0 {
			return passiveProcess(toks, i, m)
		}
	}
	if strings.HasPrefix(toks[i].s, "termin") && terminatesAtEdge(toks, i) {
		return false
	}
	if strings.HasPrefix(toks[i].s, "termin") {
		switch wordAt(toks, i+1) {
		case "tls", "ssl", "https", "the":
			if n := wordAt(toks, i+1); n != "the" || wordAt(toks, i+2) == "tls" || wordAt(toks, i+2) == "ssl" {
				return false // "terminate TLS in front of the server": where encryption ends
			}
		}
	}
	// the script's or agent's own children ("all background processes",
	// "terminate the subprocess after the task": a subprocess is its
	// parent's, and the reader told to end it started it)
	for k, n := i+1, 0; k < len(toks) && n < 4; k++ {
		if t := toks[k]; t.word {
			n++
			if t.s == "background" || t.s == "child" || t.s == "children" || t.s == "spawned" || t.s == "own" ||
				t.s == "subprocess" || t.s == "subprocesses" {
				return false
			}
		}
	}
	for k, n := i+1, 0; k < len(toks) && n < 7; k++ {
		t := toks[k]
		if !t.word && (t.code && !toks[i].code || innerDot(toks, k)) {
			continue // "the `Acme.Analysis.Server` process": a name's dots end nothing
		}
		if !t.word {
			switch t.s {
			case ",", ".", ";", ":", "?", "!", "—", "(":
				if n == 0 && strings.HasPrefix(toks[i].s, "termin") && prevWord(toks, i) == "to" {
					return false // "cause the program to terminate": it ends, nobody ends it
				}
				return n == 0 && seg.v.procWordsOf() && impliedObject(toks, i)
			}
			continue
		}
		n++
		if n == 1 && t.code && !toks[i].code && seg.kind == segProse && strings.HasPrefix(toks[i].s, "kill") && !isNumber(t.s) {
			return true // "kill `tidelsp` yourself": the program named in code is the object
		}
		if processObject(t.s) {
			// "terminate instances" is cloud machines, not processes
			if strings.HasPrefix(toks[i].s, "termin") && (t.s == "instance" || t.s == "instances" || t.s == "job" || t.s == "jobs" || t.s == "task" || t.s == "tasks" || t.s == "service" || t.s == "services") {
				return false
			}
			for m := i + 1; m < k; m++ {
				if toks[m].s == "managed" || toks[m].s == "own" {
					// "Terminate a managed shell process": one the tool
					// started and keeps a handle on, its own child
					return false
				}
			}
			return true
		}
		if n == 1 && (otherSenses[t.s] && t.s != "the") {
			return false
		}
		if n <= 3 && strings.HasPrefix(toks[i].s, "termin") && terminateSenses[t.s] {
			return false // "terminate a session on a specific server": the session ends, no process is named
		}
		if n <= 2 && (t.s == "it" || t.s == "them" || t.s == "that" || t.s == "those" || t.s == "these" || t.s == "any" || t.s == "all") {
			if t.s != "it" && t.s != "them" && k+1 < len(toks) && toks[k+1].word && !toks[k+1].code {
				continue // a determiner ("terminate all instances"): its noun is the object
			}
			if seg.v.procWordsOf() {
				return true
			}
		}
		if t.s == "if" || t.s == "when" || t.s == "unless" || t.s == "before" || t.s == "after" {
			return n == 1 && seg.v.procWordsOf()
		}
		if n == 2 && otherSenses[t.s] && toks[k-1].s == "the" {
			return false
		}
	}
	return toks[i].s != "killing" && toks[i].s != "killed" && seg.v.procWordsOf() && impliedObject(toks, i)
}

// supervisorPage: the page documents a program that runs a command as its
// own child and signals it (its title is the program's name, as a
// reference page's is): "Send a forceful KILL signal if the command
// ignores the first one" on timeout's page, "Kill its process if the CPU
// usage goes over 50%" on cpulimit's, say what the program does to the
// child it started (SPEC, Code: a child it started itself), not what the
// reader should end by hand. A kill command named there still counts.
func supervisorPage(headings []string) bool {
	if len(headings) == 0 {
		return false
	}
	return supervisors[strings.ToLower(strings.Trim(strings.TrimSpace(headings[0]), "`*_"))]
}

// supervisors run a command as their own child and signal it on a
// condition: a time limit, a file change, a resource limit, a finish.
var supervisors = set("timeout", "gtimeout", "entr", "cpulimit", "ntfyme", "watchexec", "nodemon", "timelimit", "runlim")

// throughTool: "use `process` with action='stop' to terminate it", "call
// the jobs tool's cancel action to kill it": the ending is the purpose of
// a tool's own action, which a tool's hint to an agent names; the process
// is the tool's to manage, not one found and killed by hand. A kill
// command used as the means ("use `pkill` to end it") is no tool's action.
func throughTool(toks []token, i int) bool {
	if prevWord(toks, i) != "to" {
		return false
	}
	tool := false
	for k, n := i-1, 0; k >= 0 && n < 12; k-- {
		t := toks[k]
		if !t.word {
			switch t.s {
			case ".", ";", ":", "?", "!":
				return false
			}
			continue
		}
		n++
		switch {
		case killCommands[t.s] || t.s == "kill" || t.s == "sigkill" || t.s == "sigterm":
			return false
		case t.s == "tool" || t.s == "tool's" || t.s == "action" || t.s == "operation":
			tool = true
		case t.s == "use" || t.s == "call" || t.s == "invoke" || t.s == "run":
			return tool
		}
	}
	return false
}

// impliedObject: "Force kill if normal kill doesn't work", "manual kill if
// zombie": a kill with no object, preceded by a modifier or opening a step.
func impliedObject(toks []token, i int) bool {
	if i > 0 && toks[i-1].word {
		switch toks[i-1].s {
		case "force", "hard", "manual", "manually", "normal", "forcibly", "don't", "never", "not", "to", "can", "may", "should", "must":
			return true
		}
	}
	return false
}

func processObject(w string) bool {
	switch w {
	case "process", "processes", "proc", "procs", "pid", "pids", "server", "servers", "daemon",
		"daemons", "instance", "instances", "node", "node.js", "port", "ports", "job", "jobs",
		"worker", "workers", "task", "tasks", "pgid", "subprocess", "subprocesses", "service",
		"services", "runtime", "runtimes", "binary", "listener", "zombie", "zombies":
		return true
	}
	if programNames[w] {
		return true // "Kill Windows Chrome", "kill the stuck python", "kill the old gunicorn"
	}
	return strings.Contains(w, "mcp") || strings.HasSuffix(w, "-server") || strings.HasSuffix(w, "_server") ||
		strings.HasSuffix(w, "-agent") || strings.HasSuffix(w, "-daemon") || strings.HasSuffix(w, "d.exe") ||
		strings.HasSuffix(w, ".exe")
}

// programNames are programs known by name whose kill ends a process:
// browsers and runtimes, and the servers a page runs by hand.
var programNames = set("chrome", "chromium", "firefox", "browser", "browsers", "electron", "python", "python3", "java",
	"gunicorn", "uvicorn", "nginx", "httpd", "celery", "puma", "mysqld", "postgres")

// probe: kill -0 checks that a process exists; kill -l lists signals.
func probe(after string) bool {
	rest := strings.TrimLeft(after, " \t")
	return strings.HasPrefix(rest, "-0") || strings.HasPrefix(rest, "-l") || strings.HasPrefix(rest, "--list") ||
		strings.HasPrefix(rest, "-s 0") || strings.HasPrefix(rest, "-signal 0") || strings.HasPrefix(rest, "-s0") ||
		listsSignals(after)
}

// listsSignals: the arguments of a kill command only ask it to list its
// signals or print its help ("killall --list", "systemctl kill --signal
// help", a usage page's "{{[-l|--list]}}"), so nothing is signalled.
func listsSignals(after string) bool {
	if k := strings.IndexAny(after, ";&`\n"); k >= 0 {
		after = after[:k]
	}
	if k := strings.Index(after, " |"); k >= 0 {
		after = after[:k] // a pipe; "[-l|--list]" is one argument's spellings
	}
	args := strings.FieldsFunc(after, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '|' || r == '{' || r == '}' || r == '[' || r == ']'
	})
	list, help := false, false
	for _, a := range args {
		switch a {
		case "-l", "-L", "--list", "--table", "-V", "--version", "--help", "-h":
			list = true
		case "help":
			help = true
		case "-s", "--signal":
		default:
			return false
		}
	}
	return list || help
}

// ownChildren reports whether every process a kill in a script names is
// one the script started itself: a variable set from $! (or an array
// filled with it, or a loop over that array), a job spec (%1), or
// $(jobs -p). Ending its own children is not the forbidden action.
func ownChildren(seg *segment, args string) bool {
	own := seg.v.ownPIDVars()
	if k := strings.IndexAny(args, "|;&#"); k >= 0 {
		args = args[:k]
	}
	named := 0
	for _, a := range strings.Fields(args) {
		a = strings.Trim(a, "\"'")
		switch {
		case strings.HasPrefix(a, "-") || a == "2>/dev/null" || strings.HasPrefix(a, ">") || strings.HasPrefix(a, "2>"):
			continue
		case strings.HasPrefix(a, "%"), a == "$(jobs" || a == "-p)":
			named++
			continue
		case strings.HasPrefix(a, "$"):
			name := strings.Trim(strings.TrimPrefix(a, "$"), "{}")
			if i := strings.IndexAny(name, "[:"); i >= 0 {
				name = name[:i]
			}
			if !own[name] {
				return false
			}
			named++
		default:
			return false
		}
	}
	return named > 0
}

// ownPIDVars collects, once per unit, the shell variables that hold PIDs
// of processes the script itself started.
// pidAssignments adds to own the shell variables the lines set from $!,
// the PID of the job just started: NAME=$!, NAME+=($!), NAME[i]=$!.
func pidAssignments(lines []string, own map[string]bool) {
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if i := strings.Index(l, "$!"); i > 0 {
			lhs := l[:i]
			if j := strings.IndexByte(lhs, '='); j > 0 {
				name := strings.TrimRight(lhs[:j], "+")
				if k := strings.IndexByte(name, '['); k > 0 {
					name = name[:k]
				}
				// the last word before '=': "worker & PIDS+=($!)" sets PIDS
				if f := strings.FieldsFunc(name, func(r rune) bool { return r == ' ' || r == ';' || r == '&' || r == '\t' }); len(f) > 0 {
					own[f[len(f)-1]] = true
				}
			}
		}
	}
}

func (v *view) ownPIDVars() map[string]bool {
	if v.ownPIDs != nil {
		return v.ownPIDs
	}
	own := map[string]bool{}
	lines := strings.Split(v.f.s, "\n")
	pidAssignments(lines, own)
	if v.u.Kind == CodeBlock {
		// a PID saved in an earlier block of the same page ("VIEWER_PID=$!"
		// where the server was started, "kill $VIEWER_PID" when done)
		for name := range v.u.Ctx.Doc.PIDVars() {
			own[name] = true
		}
	}
	// for X in "${ARR[@]}" / $ARR / $(jobs -p)
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if !strings.HasPrefix(l, "for ") {
			continue
		}
		f := strings.Fields(l)
		if len(f) < 4 || f[2] != "in" {
			continue
		}
		src := strings.Trim(strings.Join(f[3:], " "), "\";")
		src = strings.TrimSuffix(src, "; do")
		src = strings.Trim(src, "\" ;")
		if strings.HasPrefix(src, "$(jobs") {
			own[f[1]] = true
			continue
		}
		name := strings.Trim(strings.TrimPrefix(src, "$"), "{}")
		if i := strings.IndexAny(name, "[:"); i >= 0 {
			name = name[:i]
		}
		if own[name] {
			own[f[1]] = true
		}
	}
	v.ownPIDs = own
	return own
}

// jobSpec: kill %1 ends a job of the reader's own shell.
func jobSpec(after string) bool {
	a := strings.TrimLeft(after, " \t")
	if !strings.HasPrefix(a, "%") {
		return false
	}
	// a format verb stands for the PID a program fills in ("kill %d",
	// "kill -9 %s"), not for one of the shell's own jobs
	if len(a) > 1 && strings.IndexByte("dsvqixu", a[1]) >= 0 && (len(a) == 2 || !isWordByteAt(a, 2)) {
		return false
	}
	return true
}

// endRoutes (word group wEndObject) are the word sequences endsProcess reads: "end" and a process
// named within its next four words ("end the stuck node process", "end
// node.exe"), or Task Manager's "End Task".
func endRoutes() []string {
	out := []string{"^end task$", "^ending task$"}
	for _, v := range []string{"^end ", "^ending "} {
		for _, gap := range []string{"", "% ", "% % ", "% % % "} {
			for _, o := range []string{"process", "pid", "subprocess", "daemon", "zombie"} {
				out = append(out, v+gap+o)
			}
			out = append(out, v+gap+"%.exe")
		}
	}
	return out
}

// introducesOwnKill: the segment is the sentence that closes its paragraph
// with a colon and so introduces the code block right after it
// (Context.After), and every kill in that block ends a process the page
// started itself (ownChildren). Such a sentence names what the command
// under it does, and that command is no finding (SPEC, Code).
func (v *view) introducesOwnKill(seg *segment) bool {
	c := v.u.Ctx
	if v.u.Kind != Prose || seg.kind != segProse || c.After == "" || !v.introducesAfter(seg) {
		return false
	}
	kills := 0
	for _, cmd := range v.afterCommands() {
		f := strings.Fields(cmd.text())
		if len(f) > 0 && f[0] == "sudo" {
			f = f[1:]
		}
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "kill":
			if !ownChildren(cmd, strings.Join(f[1:], " ")) {
				return false
			}
			kills++
		case "pkill", "killall", "taskkill", "fuser", "xkill":
			return false
		}
	}
	return kills > 0
}
