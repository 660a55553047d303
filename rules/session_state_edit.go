package rules

import (
	"path"
	"strings"
)

// SessionStateEdit is the rule against editing session state by hand.
var SessionStateEdit = &Rule{
	ID:      "session-state-edit",
	Summary: "editing, deleting or resetting session state by hand: session, lock, lease and heartbeat files, state databases",
	Message: "recommends editing or deleting session state by hand (a lock, lease, heartbeat, session file or state row); " +
		"another session may still own it. Use the tool's own reset or release command, or request a reconnect",
	Needs: Anywhere,
	Doc: Doc{
		Title: "Editing session state by hand",
		Text: `Lock, lease and heartbeat files and the rows of a state database record who owns what
right now. Deleting a "stale" lock or lease by hand lets a second session into a merge or
a worktree that the first one still holds; editing a session file makes the server's view
of the world disagree with the truth.

What to do instead: use the tool's own sanctioned reset or release command, which checks
ownership first, or request a reconnect and let the server reconcile its state.`,
		Bad:  []string{"If the merge is blocked, `rm ~/.gitea-mcp/terminal.lock`."},
		Good: []string{"Never remove `terminal.lock` by hand; use `gitea-mcp lock release`."},
	},
	Examples: Examples{
		Recommend: []string{
			"If the heartbeat looks stale, `rm ~/.gitea-mcp/heartbeat` and the daemon writes a fresh one.\n",
			"## Lease stuck\n\n```bash\nsqlite3 ~/.gitea-mcp/control_plane.db \"DELETE FROM leases\"\n```\n",
			"Do not skip deleting the stale `terminal.lock`.\n",
		},
		Prohibit: []string{
			"Never delete lock, lease or heartbeat files.\n",
			"❌ `rm ~/.gitea-mcp/sessions/*.json`\n",
		},
		Mention: []string{
			"gitea-mcp keeps sessions in `~/.gitea-mcp/sessions/` and leases in `control_plane.db`.\n",
			"Run `npm install` if `package-lock.json` changed.\n",
		},
	},
	stems: []string{"lock", "lck", "heartbeat", "lease", "session", "state", ".db", ".sqlite", "delete from", "update ", "truncate", "drop table", "in_use", "auth", "token", "credential", "singleton", "checkpoint", "breaker", "transcript", "storage", "indexeddb"},
	// routes are what the prefilter looks for before the rule reads a
	// text: every hit of find has a route (TestRoutesCoverFindings).
	routes: []routeSpec{
		// state files (isOwnedState, isWorkflowState)
		{groups: [][]string{stateFilePatterns}},
		// state nouns after a state verb (stateNoun, stateForms)
		{groups: [][]string{stateNounPatterns()}, local: []int{wStateVerb}},
		{groups: authCachePatterns},
		{groups: appStoragePatterns},
		{groups: [][]string{mcpTokenNames}},
		{groups: [][]string{wordPatterns(tokenStoreNames)}},
		{groups: [][]string{{"^delete from ", "^update ", "^truncate ", "^drop table "}}, tables: true},
	},
	// captions are the verbs of a code block comment that, with no object
	// of their own, name this action of the command under them.
	captions: []string{"remove", "delete", "clear", "wipe", "purge", "reset", "edit"},
	find:     findSessionStateEdit,
}

// ownSchema: SQL held by a program that manages its own database's schema
// — a migration (a file in a migrations folder, a statement beside
// CREATE TABLE, ALTER TABLE or CREATE TRIGGER) or a trigger's body. The
// program changes its own tables; a reset script's UPDATE of a lease
// row is a hand edit.
func ownSchema(v *view) bool {
	p := strings.ToLower(strings.ReplaceAll(v.u.Ctx.Path, "\\", "/"))
	if v.u.Kind != StringLit && !(v.u.Kind == Prose && sourceExts[path.Ext(p)]) {
		return false // a string in code (a long one is read as paragraphs), not a page's SQL step
	}
	if strings.Contains(p, "/migrations/") || strings.HasPrefix(p, "migrations/") || strings.Contains(path.Base(p), "migration") {
		return true
	}
	t := v.f.s
	return strings.Contains(t, "create trigger") || strings.Contains(t, "alter table") || strings.Contains(t, "create table")
}

// inProgram: the unit is a string of a program (a long one is read as
// paragraphs of prose in its source file), not a page's SQL step.
func inProgram(v *view) bool {
	return v.u.Kind == StringLit || v.u.Kind == Prose && sourceExts[path.Ext(strings.ToLower(v.u.Ctx.Path))]
}

// boundStatement: the rest of a SQL statement in a program's string takes
// bind parameters ("WHERE thread_id = %s", "= ?", "= $1", "= :id",
// "%(name)s"): the program's own data access, run with the values it is
// given, as a store deletes a thread's rows; a reset script or a hand
// edit spells its values out.
func boundStatement(rest string) bool {
	for i := 0; i < len(rest); i++ {
		switch c := rest[i]; {
		case c == '?':
			return true
		case c == '%' && i+1 < len(rest) && (rest[i+1] == 's' || rest[i+1] == '('):
			return true
		case (c == '$' || c == ':' || c == '@') && i > 0 && (rest[i-1] == ' ' || rest[i-1] == '(' || rest[i-1] == '=') &&
			i+1 < len(rest) && (rest[i+1] >= '0' && rest[i+1] <= '9' || rest[i+1] >= 'a' && rest[i+1] <= 'z' || rest[i+1] == '_'):
			return true
		}
	}
	return false
}

// sourceExts are the extensions of the program files whose strings the
// code scanners hand over.
var sourceExts = set(".go", ".py", ".js", ".mjs", ".cjs", ".ts", ".tsx", ".jsx", ".mts", ".cts")

func findSessionStateEdit(seg *segment, emit func(hit)) {
	s := seg.text()
	// SQL that removes or rewrites the rows of a state table (lease,
	// session, lock, heartbeat or state tables); an UPDATE needs SET … =
	for _, kw := range []string{"delete from ", "update ", "truncate table ", "truncate ", "drop table "} {
		k := strings.Index(s, kw)
		if k < 0 {
			continue
		}
		rest := s[k+len(kw):]
		n := 0
		for n < len(rest) && (rest[n] >= 'a' && rest[n] <= 'z' || rest[n] == '_' || rest[n] >= '0' && rest[n] <= '9') {
			n++
		}
		table := rest[:n]
		if kw == "update " && !(strings.HasPrefix(rest[n:], " set ") && strings.Contains(rest[n:], "=")) {
			continue
		}
		if !sqlStateTable(table) && !(kw == "update " && stateColumns(rest[n:])) {
			continue
		}
		if ownSchema(seg.v) || inProgram(seg.v) && boundStatement(seg.v.f.s[seg.start+k:min(seg.start+k+400, len(seg.v.f.s))]) {
			break
		}
		emit(hit{start: seg.start + k, end: seg.start + k + len(kw) - 1})
		return
	}
	emitted := false
	fileEdit(seg, isOwnedState, nil, func(h hit) {
		if !emitted {
			emit(h)
			emitted = true
		}
	})
	if emitted {
		return
	}
	// a workflow's progress record counts only where the page does not
	// create it itself (DocFacts.Creates): then it is the page's own
	foreignWorkflow := func(p string) bool {
		return isWorkflowState(p) && !seg.v.u.Ctx.Doc.Creates(seg.v.expandVars(p))
	}
	fileEdit(seg, foreignWorkflow, nil, func(h hit) {
		if !emitted {
			h.recovery = true
			emit(h)
			emitted = true
		}
	})
	if emitted {
		return
	}
	// prose: "delete the stale lock", "clear MCP locks", "delete its lease row"
	toks := seg.tokens()
	for i, t := range toks {
		if !t.word || t.code {
			continue
		}
		l := lemma(t.s, stateForms)
		if l == "" || isFlag(seg, t) {
			continue // not a state verb, or a flag ("docker run --rm", "--clear")
		}
		if f := formOf(t.s); (f == formPast || t.s != l && strings.HasSuffix(t.s, "ed")) && prevWord(toks, i) == "be" &&
			l != "flush" && passiveModal(toks, i) && !futureBe(toks, i) {
			// passive: "the lock file can be removed by hand", "locks
			// older than an hour are abandoned and may be deleted"
			for k := i - 1; k >= 0 && k >= i-14; k-- {
				if !toks[k].word && (toks[k].s == "." || toks[k].s == ";") {
					break
				}
				if toks[k].word && stateNoun(toks, k) {
					emit(hit{start: t.start, end: t.end, verb: true})
					return
				}
			}
		}
		placed := false // past "in" or "from": the words name where the edit happens
		for k, n := i+1, 0; k < len(toks) && n < 5; k++ {
			w := toks[k]
			if !w.word {
				if w.s == "," || w.s == "." || w.s == ";" || w.s == ":" || w.s == "(" {
					break
				}
				continue
			}
			n++
			if stateNoun(toks, k) || n == 1 && pronounState(toks, k) {
				if memoryLock(seg, toks, k) || w.code && codeElement(seg.v.codeSpan(w.start)) {
					break
				}
				if ownCommandMeans(toks, k+1) || ownCommandPurpose(toks, i) {
					return // "remove the stale lock with `terraform force-unlock`": the tool's own reset
				}
				emit(hit{start: t.start, end: t.end, verb: true})
				return
			}
			if (w.s == "from" || w.s == "in") && !placed && l != "flush" {
				// "remove the user from the session database", "clear
				// their entry in the lease table": a record edited in place
				placed, n = true, 1
				continue
			}
			if w.s == "if" || w.s == "when" || w.s == "to" || w.s == "from" || w.s == "in" {
				break
			}
			if (w.s == "and" || w.s == "or" || w.s == "then") && k+1 < len(toks) && baseVerbs[toks[k+1].s] && !stateNoun(toks, k+1) {
				break // "remove X and refresh the lockfile": another verb, its own object
			}
		}
	}
}

// codeElement: an inline code span names an element of a program, not a
// file: an identifier with an underscore or a capital inside it, or one
// that ends in a method's "!", "?" or "()" ("remove `lock!` and
// `with_lock`", "drop `acquireLease()`"). A state noun in it is a
// method's or a variable's name; a file would carry a dot or a slash.
func codeElement(span string) bool {
	if len(span) > 256 {
		return false // no identifier is this long; a span read per hit stays cheap
	}
	s := strings.TrimSuffix(span, "()")
	call := len(s) < len(span)
	if t := strings.TrimRight(s, "!?"); len(t) < len(s) {
		s, call = t, true
	}
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	inner := false
	for i, c := range s {
		switch {
		case c == '_' || i > 0 && c >= 'A' && c <= 'Z':
			inner = true
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9':
		default:
			return false
		}
	}
	return call || inner
}

// ownCommandMeans: from k, the clause says the edit is done with a
// program's own command ("with `terraform force-unlock <id>`", "using
// `vault unlock`"), not with a file, process or database tool.
func ownCommandMeans(toks []token, k int) bool {
	for n := 0; k < len(toks) && n < 4; k++ {
		t := toks[k]
		if !t.code && (t.s == "," || t.s == "." || t.s == ";") {
			return false
		}
		if !t.word {
			continue
		}
		n++
		if t.code || t.s != "with" && t.s != "using" && t.s != "via" && t.s != "through" {
			continue
		}
		for j := k + 1; j < len(toks) && j <= k+3; j++ {
			if c := toks[j]; c.code && c.word {
				p := c.s
				return !genericTools[p] && !removeCommands[p] && !editorCommands[p] && wordAt(toks, j+1) != "" && toks[j+1].code
			}
		}
		return false
	}
	return false
}

// ownCommandPurpose: the state verb at i is the purpose of running a
// program's own command ("run `relay reset --session` to clear the stale
// session", "call `configure(mode=\"reset\")` to clear it"): the command
// does the reset, as its tool provides; with a file, process or database
// tool ("run `rm -f session.lock` to clear it") it is a hand edit.
func ownCommandPurpose(toks []token, i int) bool {
	if prevWord(toks, i) != "to" {
		return false
	}
	k := i - 1
	for k >= 0 && !(toks[k].word && toks[k].s == "to") {
		k--
	}
	first := -1 // the command's first word
	for j := k - 1; j >= 0 && j >= k-16; j-- {
		t := toks[j]
		if !t.code && t.s == ")" && first < 0 {
			// a call written out, `configure(mode="reset")` without its
			// backticks: the name before the parenthesis is the command
			o := j - 1
			for o > 0 && o > k-16 && toks[o].s != "(" && toks[o].s != ")" {
				o--
			}
			if o > 0 && toks[o].s == "(" && toks[o-1].word && toks[o-1].end == toks[o].start {
				first, j = o-1, o-1
				continue
			}
			return false
		}
		if !t.code {
			if t.word && first >= 0 {
				switch t.s {
				case "run", "use", "call", "execute", "invoke", "try":
					c := toks[first].s
					return !genericTools[c] && !removeCommands[c] && !editorCommands[c]
				}
			}
			if t.word || t.s == "," || t.s == "." || t.s == ";" {
				return false
			}
			continue
		}
		if t.word {
			first = j
		}
	}
	return false
}

var stateVerbs = set("delete", "remove", "rm", "clear", "reset", "wipe", "purge", "edit", "flush",
	"modify", "truncate", "empty", "unlink", "erase", "nuke", "break", "drop", "clean",
	"overwrite", "rewrite", "force-remove", "force-delete", "strip", "hand-edit", "patch")

// nounBefore: the word before k makes it a noun: a determiner or a
// state adjective ("the lock", "a stale lock").
func nounBefore(toks []token, k int) bool {
	switch prevWord(toks, k) {
	case "the", "a", "its", "their", "this", "that", "stale", "old", "orphaned", "leftover", "abandoned", "dead":
		return true
	}
	return false
}

// dependencyTalk: the sentence is about installing dependencies, where
// "the lockfile" is the package manager's.
func dependencyTalk(toks []token) bool {
	for _, t := range toks {
		switch t.s {
		case "node_modules", "install", "reinstall", "dependencies", "dependency", "npm", "yarn", "pnpm",
			"pip", "poetry", "cargo", "bundler", "packages", "venv":
			return true
		}
	}
	return false
}

// memoryLock: the lock at k is a synchronisation object of a program, not
// a file: it is named in a code block of a compiled language ("// Drop
// the lock before completing the request" in C), with no file after it.
func memoryLock(seg *segment, toks []token, k int) bool {
	if w := toks[k].s; w != "lock" && w != "locks" {
		return false
	}
	if n := wordAt(toks, k+1); n == "file" || n == "files" {
		return false
	}
	switch strings.ToLower(seg.v.u.Ctx.Info) {
	case "c", "cpp", "c++", "cxx", "h", "csharp", "cs", "c#", "java", "kotlin", "rust", "rs", "go", "golang", "swift", "objc":
		return seg.v.u.Kind == CodeBlock
	}
	return false
}

// stateNoun: the word at k names session state ("lock", "lease row",
// "heartbeat"), not a dependency lockfile or a lock in another sense.
func stateNoun(toks []token, k int) bool {
	w := toks[k].s
	switch w {
	case "lock", "locks", "lockfile", "lockfiles", "heartbeat", "heartbeats", "lease", "leases", "pidfile":
		n := wordAt(toks, k+1)
		if w == "lock" && (n == "screen" || n == "in" || n == "down" || n == "contention") && !nounBefore(toks, k) {
			return false // "lock in the price", "lock down the box"; not "the stale lock in ~/.run"
		}
		p := prevWord(toks, k)
		if p == "package" || p == "dependency" || p == "yarn" || p == "npm" || p == "cargo" || p == "poetry" ||
			p == "manager" && prevWord2(toks, k) == "package" {
			return false // "a package manager lock file"
		}
		if (w == "lockfile" || w == "lockfiles" || wordAt(toks, k+1) == "file") && dependencyTalk(toks) {
			return false // "remove node_modules and the lockfile and reinstall"
		}
		// a lock in code, not on disk: "spin locks", "a read lock"
		if p == "spin" || p == "read" || p == "write" || p == "mutex" || p == "global" || p == "interpreter" || p == "advisory" ||
			p == "screen" || p == "wait" || p == "thread" || p == "kernel" || p == "level" || p == "resource" {
			return false
		}
		return true
	case "session", "state", "sessions":
		n := wordAt(toks, k+1)
		if stateHeads[n] {
			return true
		}
		// "the persisted breaker state", "the stored session"
		return w != "sessions" && stateOwners[prevWord(toks, k)] && !stateHeads[n] && n != "of" && n != "machine"
	case "cache", "caches":
		// a tool's stored sign-in: "the token cache", "the auth cache"
		return authCacheOwners[prevWord(toks, k)]
	case "credentials", "tokens":
		// "clear the cached credentials by hand": a tool's stored sign-in,
		// named by what it keeps. Without a hand in it ("Clear cached
		// tokens (sign out and sign in)") the tool's own sign-out may do it.
		if !storedSignIn[prevWord(toks, k)] {
			return false
		}
		for j, t := range toks {
			if t.word && !t.code && (t.s == "manually" || t.s == "yourself" || t.s == "hand" && prevWord(toks, j) == "by") {
				return true
			}
		}
		return false
	case "it", "them":
		return false // a pronoun is read by pronounState
	case "transcript", "transcripts":
		// an agent's or a chat's record, not a meeting's: named so ("the
		// session transcript"), or in a sentence about sessions ("delete
		// the transcript and start a new session")
		p := prevWord(toks, k)
		if p == "session" || p == "chat" || p == "conversation" || p == "agent" || p == "agent's" {
			return true
		}
		for _, t := range toks {
			if t.word && !t.code && transcriptOwners[t.s] {
				return true
			}
		}
		return false
	}
	// "the SingletonLock file", "the index-lock file": a lock named as
	// one word before "file"
	if strings.HasSuffix(w, "lock") && len(w) > 4 && (wordAt(toks, k+1) == "file" || wordAt(toks, k+1) == "files") {
		p := prevWord(toks, k)
		return p != "package" && p != "dependency" && p != "yarn" && p != "npm" && p != "cargo" && p != "poetry"
	}
	return false
}

// pronounState: the pronoun at k ("them", "it") stands for a state noun
// earlier in its sentence ("look for orphaned lock files and remove
// them", "if the lock is stale, delete it").
func pronounState(toks []token, k int) bool {
	if toks[k].s != "it" && toks[k].s != "them" {
		return false
	}
	for j, n := k-1, 0; j >= 0 && n < 14; j-- {
		t := toks[j]
		if !t.word {
			// a semicolon joins the clause that names the state ("lock
			// file X exists; if no other instance runs, delete it")
			if t.s == "." || t.s == ":" {
				return false
			}
			continue
		}
		n++
		if stateNoun(toks, j) {
			return true
		}
	}
	return false
}

// futureBe: "will be deleted", "would be removed" describe what a system
// does, as opposed to "can be removed by hand".
func futureBe(toks []token, i int) bool {
	j := i - 1
	for j >= 0 && toks[j].s != "be" {
		j--
	}
	p := prevWord(toks, j)
	return p == "will" || p == "would" || p == "'ll" || p == "ll"
}

// transcriptOwners, anywhere in its sentence, make a transcript an
// agent's record.
var transcriptOwners = set("session", "sessions", "chat", "chats", "conversation", "conversations")

// stateHeads, after "session" or "state", make it a thing on disk.
var stateHeads = set("file", "files", "state", "record", "records", "database", "db", "row", "rows", "data",
	"token", "tokens", "store", "cache", "caches", "directory", "directories", "dir", "folder", "registry",
	"transcript", "transcripts", "entries", "table", "tables", "json", "lock", "locks")

// storedSignIn, before "credentials" or "tokens", make them a tool's
// stored sign-in.
var storedSignIn = set("cached", "saved", "stored", "persisted")

// authCacheOwners, before "cache", make it a tool's stored sign-in.
var authCacheOwners = set("token", "tokens", "auth", "credential", "credentials", "oauth", "login", "sign-in")

// stateOwners, before "state" or "session", say it is kept somewhere.
var stateOwners = set("persisted", "stored", "saved", "cached", "breaker", "leftover", "stale")

// stateColumns: an UPDATE's SET list writes a job's state, heartbeat,
// lock or lease columns ("set state = 'queued', heartbeat_at = null").
func stateColumns(set string) bool {
	if !strings.HasPrefix(set, " set ") {
		return false
	}
	set = set[5:]
	if k := strings.Index(set, " where "); k >= 0 {
		set = set[:k]
	}
	for _, a := range strings.Split(set, ",") {
		col := strings.TrimSpace(strings.SplitN(a, "=", 2)[0])
		if col == "state" || strings.Contains(col, "heartbeat") || strings.Contains(col, "lock") || strings.Contains(col, "lease") {
			return true
		}
	}
	return false
}

// sqlStateTable: a table that holds session state.
func sqlStateTable(t string) bool {
	switch t {
	case "sessions", "session", "state", "states", "session_state", "agent_sessions", "mcp_sessions", "writes":
		return true
	}
	// sessions, checkpoints, leases, lock tables and heartbeats under any name
	if strings.Contains(t, "user_session") {
		return false // an application's record of its users' logins
	}
	for _, w := range []string{"lease", "lock", "heartbeat", "session", "checkpoint"} {
		if strings.Contains(t, w) {
			return true
		}
	}
	return false
}
