package rules

import "strings"

// MtimeReload is the rule against touching files so that a watcher reloads.
var MtimeReload = &Rule{
	ID:      "mtime-reload",
	Summary: "touching a config or changing its times so that a watcher reloads every server",
	Message: "recommends touching a file or bumping its mtime to force a reload; the watcher restarts every MCP server " +
		"and drops in-flight calls. Ask the operator to reconnect the one server through the host instead",
	Needs: Anywhere,
	Doc: Doc{
		Title: "Forcing a reload through file times",
		Text: `Clients such as Codex and Claude Code watch their configuration files. A touch, an
os.utime or a re-save without changes makes the watcher restart every MCP server at once,
not just the stale one, and every in-flight call of every session is dropped.

What to do instead: request a reconnect of the one namespace that is stale and let the
operator use the host's reconnect control.`,
		Bad:  []string{"`touch ~/.codex/config.toml` so Codex reloads the servers."},
		Good: []string{"Never touch the config to force a reload.", "`touch notes.md` creates the notes file."},
	},
	Examples: Examples{
		Recommend: []string{
			"If Codex keeps the old tools, `touch ~/.codex/config.toml` so the watcher reloads it.\n",
			"Re-save `.mcp.json` without changes to force a reload.\n",
			"## If it hangs\n\n```bash\ntouch -m ~/.cursor/mcp.json\n```\n",
		},
		Prohibit: []string{
			"Do not touch `config.toml` to force a reload.\n",
			"## Anti-patterns\n\n1. `touch ~/.codex/config.toml` to force a reload\n",
		},
		Mention: []string{
			"An agent touched `~/.codex/config.toml` last week and every server restarted.\n",
			"## Setup\n\nIf the file does not exist yet, create it:\n\n```bash\ntouch ~/.codex/config.toml\n```\n",
			"Please get in touch with the maintainers.\n",
		},
	},
	stems: []string{"touch", "utime", "chtimes", "mtime", "timestamp", "modification", "save", "saving", "lastwritetime"},
	// routes are what the prefilter looks for before the rule reads a
	// text: every hit of find has a route (TestRoutesCoverFindings).
	routes: []routeSpec{
		{groups: [][]string{{"lastwritetime"}}},
		// touch as a command needs a time flag or a config, env or state
		// file; as a verb, a config word or file; as a method, a config
		// or reload word; a command may take them from the text around
		// it (a reload runbook's `touch /etc/app/conf.d/`), so they are
		// context, not local words
		{groups: [][]string{{"^touch"}}, context: []int{wTouch}},
		// re-saves, os.utime and timestamp updates count only with a
		// config file or word in the segment or a reload word around it
		{groups: [][]string{{"^resav", "^re-sav", "utime", "chtimes"}}, context: []int{wReload}},
		{groups: [][]string{{"mtime", "timestamp", "modification", "last-modified"}}, local: []int{wTimeVerb}, context: []int{wReload}},
		{groups: [][]string{{"^sav"}, savedAgainPatterns()}, context: []int{wReload}},
	},
	// captions are the verbs of a code block comment that, with no object
	// of their own, name this action of the command under them.
	captions: []string{"touch"},
	find:     findMtimeReload,
}

func findMtimeReload(seg *segment, emit func(hit)) {
	s := seg.v.f.s
	toks := seg.tokens()
	for i, t := range toks {
		if !t.word {
			continue
		}
		switch w := t.s; {
		case w == "touch" && (t.code || seg.kind == segCommand) && touchCommand(seg, i):
			emit(hit{start: t.start, end: t.end})
		case (w == "touch" || w == "touching" || w == "touches" || w == "touched") && !t.code && seg.kind != segCommand:
			if changeTouch(toks, i) {
				continue // "a PR touching mcp/**": a change that modifies files
			}
			if objectIsConfig(seg, i) || objectIsFile(toks, i) && reloadPurpose(seg) {
				emit(hit{start: t.start, end: t.end, verb: true})
			}
		case lemma(w, timeForms) != "":
			n := wordAt(toks, i+1)
			if n == "the" || n == "its" || n == "their" || n == "file's" || n == "config's" {
				n = wordAt(toks, i+2)
			}
			if (n == "mtime" || n == "mtimes" || n == "timestamp" || n == "timestamps" || n == "modification" || n == "last-modified") &&
				(configInSegment(seg) || reloadContext(seg)) {
				emit(hit{start: t.start, end: t.end, verb: true})
			}
		case w == "re-save" || w == "resave" || w == "re-saving" || w == "resaving" ||
			(w == "save" || w == "saving") && savedAgain(s[t.end:seg.end]):
			if configInSegment(seg) || reloadContext(seg) {
				emit(hit{start: t.start, end: t.end, verb: true})
			}
		case (w == "os" || w == "unix" || w == "syscall" || w == "fs") && i+2 < len(toks) && toks[i+1].s == ".":
			f := toks[i+2].s
			if f == "utime" || f == "chtimes" || f == "utimes" || f == "utimesnano" || f == "utimessync" || f == "lutimes" || f == "futimes" || f == "utimensat" {
				if configInSegment(seg) || reloadContext(seg) {
					emit(hit{start: t.start, end: toks[i+2].end})
				}
			}
		case utimeFuncs[w] && i > 0 && toks[i-1].s == "." && i+1 < len(toks) && toks[i+1].s == "(" &&
			(i < 2 || !utimeOwners[toks[i-2].s]):
			// the same call on any receiver: require('fs').utimesSync(…),
			// fs.promises.utimes(…), a Path's .utime(…)
			if configInSegment(seg) || reloadContext(seg) {
				emit(hit{start: t.start, end: t.end})
			}
		case w == "touch" && i > 0 && toks[i-1].s == "." && i+1 < len(toks) && toks[i+1].s == "(":
			if configInSegment(seg) || reloadContext(seg) {
				emit(hit{start: t.start, end: t.end})
			}
		case (w == "lastwritetime" || w == "lastwritetimeutc") && setsProperty(toks, i):
			// PowerShell's form of os.utime, under the same condition
			if configInSegment(seg) || reloadContext(seg) {
				emit(hit{start: t.start, end: t.end})
			}
		}
	}
}

// setsProperty: toks[i] is a property assigned a value ("$f.LastWriteTime
// = Get-Date", "Set-ItemProperty -Name LastWriteTime"), not one read,
// compared or named as a sort key ("Sort-Object LastWriteTime",
// ".LastWriteTime -lt $limit").
func setsProperty(toks []token, i int) bool {
	if i >= 2 && toks[i-1].s == "name" && toks[i-2].s == "-" {
		// Set-ItemProperty -Name LastWriteTime -Value …
		for k := i - 3; k >= 0 && toks[k].s != "|" && toks[k].s != ";"; k-- {
			if toks[k].s == "set-itemproperty" {
				return true
			}
		}
		return false
	}
	return i > 0 && toks[i-1].s == "." && i+1 < len(toks) && toks[i+1].s == "=" &&
		(i+2 >= len(toks) || toks[i+2].s != "=")
}

// objectIsFile: the words after the touch verb name a file ("one of the
// listed files", "the entry-point script", "the ini file").
func objectIsFile(toks []token, i int) bool {
	return firstWordAhead(toks, i, 6, ",.;", fileNouns, otherTouchSenses)
}

// changeTouch: "touch" in the sense of a change that modifies files ("a
// PR touching mcp/**", "commits that touch the config", "changes which
// only touch docs"): the word before it in its clause, past a relative
// pronoun or an adverb, names a change, not a person or a program.
func changeTouch(toks []token, i int) bool {
	for k, n := i-1, 0; k >= 0 && n < 3; k-- {
		t := toks[k]
		if !t.word {
			if t.s == "*" || t.s == "_" || t.s == "`" {
				continue
			}
			return false // a clause or sentence ends before the verb
		}
		n++
		switch {
		case changeNouns[t.s]:
			return true
		case t.s == "that" || t.s == "which" || t.s == "only" || t.s == "also" || t.s == "directly":
			continue
		}
		return false
	}
	return false
}

var changeNouns = set("pr", "prs", "mr", "mrs", "commit", "commits", "change", "changes", "changeset", "changesets",
	"patch", "patches", "diff", "diffs", "edit", "edits", "refactor", "refactors", "migration", "migrations", "request", "requests")

var (
	fileNouns        = set("file", "files", "script", "scripts", "ini")
	otherTouchSenses = set("on", "base", "upon") // "touch on", "touch base": other senses
)

// reloadPurpose: the sentence or paragraph says the touch is there to make
// something reload ("… and let the reloader restart the workers", "the
// pool processes come back with the new code").
func reloadPurpose(seg *segment) bool {
	if seg.v.u.Kind == Prose {
		return seg.v.unitHas(&seg.v.purposeWords, purposeWords)
	}
	return hasAnyWord(seg.text(), purposeWords)
}

// purposeWords say that a touch is there to make something reload.
var purposeWords = []string{"reload", "reloads", "reloaded", "reloader", "restart", "restarts", "restarted",
	"pick up", "picks up", "new code", "come back", "comes back", "watcher", "watchers", "autoreload"}

// utimeFuncs set a file's times; utimeOwners are the receivers the case
// above reads as a whole ("os.utime"), so the call is reported once.
var (
	utimeFuncs  = set("utime", "chtimes", "utimes", "utimesnano", "utimessync", "lutimes", "futimes", "utimensat", "lutimessync", "futimessync")
	utimeOwners = set("os", "unix", "syscall", "fs")
)

// touchCommand: touch on an existing config or with time flags, not a
// touch that creates a new file.
func touchCommand(seg *segment, i int) bool {
	s := seg.v.f.s
	t := seg.tokens()[i]
	rest := s[t.end:seg.end]
	if r := strings.TrimLeft(rest, " "); strings.HasPrefix(r, ")") {
		rest = r[1:] // "$(which touch) file": the command substitution names the program
	}
	if k := strings.IndexAny(rest, "|;&`)"); k >= 0 {
		rest = rest[:k]
	}
	timeFlag := false
	target, other := false, false
	envOnly := true // every file touched is an env file
	// "`touch` the sentinel": a command's name alone in a code span, used
	// as a verb; the prose after it names the file in words, and only a
	// path among them is a file by its name ("`touch` `tmp/restart.txt`")
	proseArgs := t.code && seg.kind != segCommand && codeSpanEnd(seg.tokens(), i) == i+1
	for _, a := range strings.Fields(rest) {
		if proseArgs && !strings.ContainsAny(a, "./~$\\") {
			other = true // a file named in words: touched to reload only where the text says so
			continue
		}
		switch {
		case a == "-m" || a == "-a" || a == "-c" || a == "-am" || a == "-ma" || a == "-cm" || a == "-mc" ||
			strings.HasPrefix(a, "--date") || strings.HasPrefix(a, "--reference") || a == "--no-create" || a == "-d" || a == "-t" || a == "-r" || a == "-h":
			timeFlag = true
		case strings.HasPrefix(a, "-"):
		default:
			a = strings.TrimRight(strings.Trim(a, "\"'"), ".,;:)")
			if isConfigFile(a) || isEnvFile(a) || isStateFile(a) || reloadTarget(a) || strings.HasSuffix(a, ".ini") {
				target = true
				envOnly = envOnly && isEnvFile(a) && !isConfigFile(a)
			} else if a != "" {
				other = true
			}
		}
	}
	if !target && !((other || timeFlag) && reloadContext(seg)) {
		// an existing file touched so a watcher sees a change: the
		// reload is the point ("touch manage.py so the autoreloader
		// restarts the web process"); a time flag alone on some file
		// ("touch -t 202001010000 old.txt" on a usage page) only sets
		// its times, with no watcher in sight
		return false
	}
	if target && envOnly && !timeFlag && !other && !reloadContext(seg) && !seg.v.inRecovery(seg) {
		// "touch .env" in a quickstart, before the keys go into it: an
		// env file is made empty and then filled; touched again to be
		// reloaded, the text says so (a reload or a failure around it)
		return false
	}
	return !creationContext(seg)
}

// reloadTarget: a file whose name says it is there to be touched — a
// restart sentinel, a reload trigger or stamp (tmp/restart.txt,
// reload.trigger, .preview/reload.sentinel).
func reloadTarget(p string) bool {
	b := strings.ToLower(baseName(p))
	// a WSGI entry script is what mod_wsgi and uWSGI watch: touching it
	// reloads the application (wsgi.py, app.wsgi, "$WSGI_FILE")
	for _, w := range []string{"restart", "reload", "trigger", "sentinel", "touchfile", "touch-reload", "wsgi"} {
		if strings.Contains(b, w) {
			return true
		}
	}
	return strings.HasSuffix(b, ".stamp")
}

// savedAgain: the text after a save says the file is saved a second time
// or unchanged ("save it again", "save with no changes", "save the file
// once more so the watcher sees a fresh write").
func savedAgain(rest string) bool {
	for _, p := range savedAgainPhrases {
		if strings.Contains(rest, p) {
			return true
		}
	}
	return false
}

// savedAgainPhrases say a save repeats or changes nothing, as savedAgain
// reads them in the text after the save ("again" after a space).
var savedAgainPhrases = []string{" again", "no change", "without chang", "once more", "one more time"}

// savedAgainPatterns are savedAgainPhrases as route words.
func savedAgainPatterns() []string {
	out := make([]string, len(savedAgainPhrases))
	for i, p := range savedAgainPhrases {
		out[i] = strings.TrimSpace(p)
	}
	return out
}

// creationContext: the text around a touch says it creates a file.
func creationContext(seg *segment) bool {
	c := seg.v.u.Ctx
	for _, t := range []string{seg.text(), seg.caption, c.Before, c.LeadIn, c.Label, lastHeading(c)} {
		l := fold(t).s
		// "missing" is about the file ("if the file is missing"), not
		// whatever else is missing ("Tools missing after an upgrade")
		if hasAnyWord(l, []string{"create", "creates", "creating", "new file", "does not exist", "doesn't exist",
			"not exist", "missing file", "missing files", "file is missing", "file missing", "if missing", "when missing",
			"if it is missing", "if it's missing", "scratch", "empty file", "placeholder", "if absent", "initialize", "init"}) {
			return true
		}
	}
	return false
}

func lastHeading(c Context) string {
	if len(c.Headings) == 0 {
		return ""
	}
	return c.Headings[len(c.Headings)-1]
}

// objectIsConfig: the words after a touch verb name a configuration file.
func objectIsConfig(seg *segment, i int) bool {
	toks := seg.tokens()
	if configPathAfter(seg, toks[i].end) {
		return true
	}
	if filePathAfter(seg, toks[i].end) && reloadContext(seg) && !creationContext(seg) {
		return true // "touch `manage.py` so the autoreloader restarts"
	}
	for k, n := i+1, 0; k < len(toks) && n < 6; k++ {
		t := toks[k]
		if !t.word {
			// a clause ends the object; a dot inside a path does not
			if !t.code && (t.s == "," || t.s == ";" || t.s == "." && (k+1 >= len(toks) || toks[k+1].start > t.end)) {
				break
			}
			continue
		}
		n++
		switch t.s {
		case "config", "configs", "configuration", "settings", "mcp.json", "config.toml", "settings.json":
			// the file, not a value in it ("touching a config value")
			switch wordAt(toks, k+1) {
			case "value", "values", "key", "keys", "option", "options", "field", "fields", "entry",
				"entries", "setting", "parameter", "parameters", "change", "changes", "variable":
				return false
			}
			// "touch the config" means to reload it only where a reload
			// is the point, or where the text is about a stale runtime
			return reloadContext(seg) || seg.v.aboutClients(seg) || seg.v.inRuntimeRecovery(seg)
		case "on", "base", "upon":
			return false
		case "script", "scripts":
			// "touching the entry-point script restarts the workers": the
			// script a server runs, touched where a reload is the point
			// (a file in general is too often created or described)
			return reloadContext(seg) && !creationContext(seg)
		}
	}
	return false
}

// filePathAfter: a file name (with an extension or a folder) starts
// within 40 bytes after from, in the same clause: "touch `index.html`
// again", "touch the skill's SKILL.md".
func filePathAfter(seg *segment, from int) bool {
	s := seg.v.f.s
	for _, r := range paths(seg) {
		if r.start <= from || r.start >= from+40 || strings.ContainsAny(s[from:r.start], ",;") {
			continue
		}
		b := baseName(r.s)
		if strings.Contains(r.s, "/") || strings.LastIndexByte(b, '.') > 0 && len(b)-strings.LastIndexByte(b, '.') <= 6 {
			return true
		}
	}
	return false
}

// configPathAfter: a config or env file path starts within 60 bytes
// after from, in the same clause.
func configPathAfter(seg *segment, from int) bool {
	s := seg.v.f.s
	for _, r := range paths(seg) {
		if r.start > from && r.start < from+60 && !strings.ContainsAny(s[from:r.start], ",;") && (isConfigFile(r.s) || isEnvFile(r.s)) {
			return true
		}
	}
	return false
}

func configInSegment(seg *segment) bool {
	for _, r := range paths(seg) {
		if isConfigFile(r.s) || isEnvFile(r.s) {
			return true
		}
	}
	return hasAnyWord(seg.text(), []string{"config", "configuration", "config file", "settings file"})
}

// reloadWords say that a change to a file is meant to make something
// reload, restart or rebuild.
var reloadWords = []string{"reload", "reloads", "reloading", "reloaded", "reloader", "autoreload", "autoreloader",
	"watcher", "watchers", "watched", "pick up", "picks up", "picked up", "force", "restart", "restarts",
	"restarting", "redeploy", "redeploys", "rebuild", "rebuilds", "trigger", "triggers", "hot reload",
	"forces", "forced", "fresh build", "refresh", "refreshes",
	"live reload", "livereload", "touch-reload"}

func reloadContext(seg *segment) bool {
	c := seg.v.u.Ctx
	if seg.v.u.Kind == Prose && seg.v.unitHas(&seg.v.reloadWords, reloadWords) {
		return true // the rest of the paragraph says why
	}
	levels := append([]string{seg.text(), seg.caption, c.Before, c.LeadIn, c.Label}, c.Headings...)
	for _, t := range levels {
		if hasAnyWord(fold(t).s, reloadWords) {
			return true
		}
	}
	return false
}
