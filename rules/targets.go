package rules

import (
	"path"
	"slices"
	"strings"
)

// pathRun is a run of text that may name a file: no spaces, quotes or
// shell operators.
type pathRun struct {
	s          string
	start, end int
}

func isPathByte(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '"', '\'', '`', '(', ')', ',', ';', '|', '&', '<', '>', '=':
		return false
	}
	return true
}

// paths returns the path-like runs of a segment.
func paths(seg *segment) []pathRun {
	s := seg.v.f.s
	var out []pathRun
	for i := seg.start; i < seg.end; {
		if !isPathByte(s[i]) {
			i++
			continue
		}
		j := i
		for j < seg.end && isPathByte(s[j]) {
			if s[j] == '\\' && j+1 < seg.end && s[j+1] == ' ' {
				j += 2 // an escaped space stays in the path
				continue
			}
			j++
		}
		p := strings.TrimRight(s[i:j], ".:,*]}?!;") // the sentence's end is not the path's
		if !registryKey(p) {
			out = append(out, pathRun{s: p, start: i, end: i + len(p)})
		}
		i = j
	}
	return out
}

// registryKey: a Windows registry key ("HKEY_LOCAL_MACHINE\\SYSTEM\\…",
// "HKLM:\\Software\\…") is written like a path and names no file.
func registryKey(p string) bool {
	for _, root := range []string{"hkey_", "hkey\\_", "hklm:", "hkcu:", "hklm\\", "hkcu\\", "hkcr\\", "hku\\"} {
		if strings.HasPrefix(p, root) {
			return true
		}
	}
	return false
}

func baseName(p string) string {
	p = strings.TrimRight(p, "/")
	return path.Base(strings.ReplaceAll(p, "\\", "/"))
}

// isEnvFile: .env, .env.local, path/to/.env, but not .env.example and kin.
func isEnvFile(p string) bool {
	b := baseName(p)
	if b == ".env" {
		return true
	}
	if !strings.HasPrefix(b, ".env.") {
		return false
	}
	switch strings.TrimPrefix(b, ".env.") {
	case "example", "sample", "template", "dist", "tpl", "default", "defaults", "schema", "md", "ts", "js", "py", "go":
		return false
	}
	return true
}

// mcpConfigNames are configuration files of MCP clients and servers by
// their name alone.
var mcpConfigNames = set("mcp.json", ".mcp.json", "claude_desktop_config.json",
	".claude.json", "claude.json", "mcp_config.json", "mcp_settings.json",
	"cline_mcp_settings.json", "mcp-config.json", "mcp.yaml", "mcp.yml", "mcp_servers.json",
	"mcp-servers.json", "mcp.toml")

// genericConfigNames are names many programs use; they are a client's
// configuration in a client's folder (~/.codex/config.toml,
// .claude/settings.json) or where the text is about MCP clients.
var genericConfigNames = set("config.toml", "config.json", "config.yaml", "config.yml",
	"settings.json", "settings.local.json", "config.jsonc", "settings.jsonc", "servers.json")

// clientDirs are the folders MCP clients keep their configuration in.
var clientDirs = []string{".codex/", ".claude/", ".cursor/", ".vscode/", "claude/", ".gemini/",
	".windsurf/", ".codeium/", ".continue/", ".cline/", ".roo/", "mcp/", ".kiro/", ".zed/"}

// specificConfig: a configuration that is an MCP client's or server's by
// its name, its folder or its table, whatever the text around it.
func specificConfig(p string) bool {
	b := baseName(p)
	if mcpConfigNames[b] || strings.Contains(p, "mcp_servers") || strings.Contains(p, "mcpservers") || strings.HasPrefix(p, "[mcp.") {
		return true
	}
	if configExt(b) && strings.Contains(b, "mcp") {
		return true // hub-mcp-config.json, mcp-servers.yaml
	}
	if genericConfigNames[b] || namedConfig(b) {
		for _, d := range clientDirs {
			if strings.Contains(p, d) {
				return true
			}
		}
		// a config in a folder named for an MCP server (~/.lyra-mcp/config.yaml)
		if dir := strings.TrimSuffix(p, b); strings.Contains(dir, "mcp") {
			return true
		}
	}
	return false
}

// configExt: the extension of a configuration file.
func configExt(b string) bool {
	switch path.Ext(b) {
	case ".json", ".jsonc", ".json5", ".toml", ".yaml", ".yml":
		return true
	}
	return false
}

// namedConfig: a configuration file by the shape of its name, beyond the
// common names: app-config.json, settings.dev.json, server.config.yaml.
func namedConfig(b string) bool {
	if !configExt(b) || dependencyLocks[b] || b == "package.json" || b == "tsconfig.json" || b == "jsconfig.json" {
		return false
	}
	name := strings.TrimSuffix(b, path.Ext(b))
	for _, w := range []string{"backup", "bak", "example", "sample", "template", "default", "schema", "old", "disabled"} {
		if strings.Contains(name, w) {
			return false // a copy or a model of a configuration, not the live one
		}
	}
	return strings.Contains(name, "config") || strings.Contains(name, "settings") || strings.Contains(name, "mcp")
}

// isConfigFile: an MCP, client or server configuration file, or a table of one.
func isConfigFile(p string) bool {
	b := baseName(p)
	if mcpConfigNames[b] {
		return true
	}
	if genericConfigNames[b] || namedConfig(b) && !mcpTokenFile(b) {
		return true // whose configuration it is, the folder or the text decides (specificConfig)
	}
	return strings.HasPrefix(p, "[mcp_servers") || strings.HasPrefix(p, "mcp_servers.") ||
		strings.HasPrefix(p, "mcpservers") || strings.HasPrefix(p, "[mcp.") ||
		strings.HasPrefix(p, "mcp_servers")
}

var dependencyLocks = set("package-lock.json", "yarn.lock", "pnpm-lock.yaml", "bun.lockb",
	"bun.lock", "cargo.lock", "gemfile.lock", "poetry.lock", "composer.lock", "pipfile.lock",
	"flake.lock", "uv.lock", "pdm.lock", "mix.lock", "podfile.lock", "packages.lock.json",
	"npm-shrinkwrap.json", "go.sum", "deno.lock", "pubspec.lock", "conda-lock.yml", "package.resolved",
	"renv.lock", "gradle.lockfile", "paket.lock", "pixi.lock", "shard.lock", "manifest.toml", "bun.lockb")

// isStateFile: session state kept on disk: lock, lease, heartbeat, session
// and state files or folders, token caches and state databases. A pid
// file is not one: it names a process (process-kill reads it).
func isStateFile(p string) bool { return isOwnedState(p) || isWorkflowState(p) }

// isWorkflowState: a state file that may be a workflow's own progress
// record (state.json, session.json, a state database) rather than state a
// server or another session owns; editing it counts only as a recovery step.
func isWorkflowState(p string) bool {
	if isOwnedState(p) {
		return false
	}
	b := baseName(p)
	switch b {
	case "state.json", "session.json", "sessions.json", "state.yaml", "state.yml":
		return true
	}
	if stateData(b) || dirNamed(p, stateDirs, "-state", "_state") || agentCheckpoints(p) {
		return true // breaker_state.json, run.state.json, .wrangler/state, checkpoints.sqlite
	}
	if strings.HasSuffix(b, ".db") || strings.HasSuffix(b, ".sqlite") || strings.HasSuffix(b, ".sqlite3") {
		return strings.Contains(b, "state") || strings.Contains(b, "session") || strings.Contains(b, "checkpoint")
	}
	return false
}

// stateExts are the extensions state is kept in.
var stateExts = []string{".json", ".jsonl", ".yaml", ".yml", ".db", ".sqlite", ".sqlite3", ".cache", ".dat", ".bin", ".toml"}

// stateData: a data file named for state, a session or a checkpoint
// ("circuit-breaker.state.json", "tools-session.json", "session-cache.json").
func stateData(b string) bool {
	ext := path.Ext(b)
	if ext == "" || !slices.Contains(stateExts, ext) {
		return false
	}
	name := strings.TrimSuffix(b, ext)
	return strings.Contains(name, "state") || strings.Contains(name, "session") || strings.Contains(name, "checkpoint") ||
		strings.Contains(name, "breaker")
}

// sessionDirs hold other sessions' state by their name; stateDirs a
// workflow's or tool's own progress, which counts only as a recovery step.
var (
	sessionDirs = set("sessions", "session", "locks", "lock", "leases", "heartbeats", "transcripts")
	stateDirs   = set("state", "states")
)

// agentCheckpoints: a checkpoints folder an agent or a tool keeps its
// sessions' progress in: under a tool's dot folder or a folder named for
// an agent, a session, a graph or MCP (~/.langgraph/checkpoints,
// agent-data/checkpoints). A training run's checkpoints on a data volume
// (/mnt/storage/checkpoints, outputs/checkpoints) are model weights.
func agentCheckpoints(p string) bool {
	parts := strings.Split(strings.Trim(strings.ReplaceAll(p, "\\", "/"), "/"), "/")
	for i, c := range parts {
		if c != "checkpoints" {
			continue
		}
		for _, up := range parts[:i] {
			if len(up) > 1 && up[0] == '.' && up != ".." || strings.Contains(up, "agent") || strings.Contains(up, "session") ||
				strings.Contains(up, "graph") || strings.Contains(up, "mcp") {
				return true
			}
		}
	}
	return false
}

// dirNamed: a path component is a folder that dirs or one of the
// suffixes names ("~/.agentd/sessions", "mcp-sessions/", ".agent/state/").
func dirNamed(p string, dirs map[string]bool, suffixes ...string) bool {
	parts := strings.Split(strings.Trim(strings.ReplaceAll(p, "\\", "/"), "/"), "/")
	if len(parts) == 1 && !strings.HasSuffix(p, "/") {
		return false // a bare word is not a folder
	}
	for _, c := range parts {
		if dirs[c] {
			return true
		}
		for _, sf := range suffixes {
			if strings.HasSuffix(c, sf) {
				return true
			}
		}
	}
	return false
}

// authCache: a tool's stored credentials and tokens under the home or a
// cache folder ("~/.relay-auth", "~/.cache/mcp-auth/tokens.json").
func authCache(p string) bool {
	if mcpTokenFile(baseName(p)) {
		return true // an MCP server's own token store, wherever it lies
	}
	home := strings.HasPrefix(p, "~/.") || strings.HasPrefix(p, "$home/.") || strings.HasPrefix(p, "${home}/.") ||
		strings.Contains(p, "/.cache/") || strings.HasPrefix(p, ".cache/")
	if !home {
		return false
	}
	parts := strings.Split(p, "/")
	if slices.Contains(parts, ".ssh") || slices.Contains(parts, ".gnupg") {
		return false // keys and keyrings are not a tool's session
	}
	for _, c := range parts {
		c = strings.TrimPrefix(c, ".")
		if c == "auth" || strings.HasSuffix(c, "-auth") || strings.HasSuffix(c, "_auth") || strings.HasPrefix(c, "auth-") ||
			strings.HasPrefix(c, "auth.") || strings.Contains(c, "oauth") || strings.Contains(c, "token") ||
			strings.HasPrefix(c, "credentials") {
			return true
		}
	}
	return false
}

// appStorage: the folder an editor extension or a desktop app keeps its
// stored state and sessions in: an editor's globalStorage or
// workspaceStorage, an Electron app's Local Storage, Session Storage or
// IndexedDB, a storage folder of the app's own under Application Support,
// ~/.config or %APPDATA% ("~/Library/Application Support/Harbor/storage").
func appStorage(p string) bool {
	if isConfigFile(p) {
		return false // the client's settings kept there (globalStorage/…/mcp_settings.json) are its config
	}
	q := strings.ReplaceAll(strings.ReplaceAll(p, "\\ ", " "), "\\", "/")
	parts := strings.Split(q, "/")
	appDir := false
	for i, c := range parts {
		switch c {
		case "globalstorage", "workspacestorage", "local storage", "session storage", "indexeddb":
			return i+1 < len(parts) || strings.HasSuffix(q, "/") || c == "indexeddb"
		case "application support", ".config", "%appdata%", "$appdata", "appdata":
			appDir = true
		case "storage":
			if appDir && i >= 2 {
				return true
			}
		}
	}
	return false
}

// mcpTokenFile: a file named as an MCP server's token or auth store
// (".drivebox-mcp-tokens.json", "mcp-auth.json", "mcp_oauth_cache").
// A file named as an OAuth client library names its cached grant
// (token.json, token.pickle: "delete token.json and sign in again") is
// one too, in any folder.
func mcpTokenFile(b string) bool {
	for _, p := range mcpTokenNames {
		if strings.Contains(b, p) {
			return true
		}
	}
	return slices.Contains(tokenStoreNames, b)
}

var (
	mcpTokenNames   = []string{"mcp-token", "mcp_token", "mcp-auth", "mcp_auth", "mcp-oauth", "mcp_oauth"}
	tokenStoreNames = []string{"token.json", "tokens.json", "token.pickle", "oauth_token.json", "oauth-token.json"}
)

// lockNamed: lock files named otherwise than *.lock: a browser profile's
// Singleton* files, an office suite's .~lock.* files, a __dirlock.
func lockNamed(b string) bool {
	if n := strings.TrimPrefix(b, "."); path.Ext(n) == "" && strings.HasSuffix(n, "-lock") {
		// .agent-lock: a lock by its name, with no extension; not
		// release_lock or .quit_lock, which name functions and commands
		return true
	}
	return strings.HasPrefix(b, "singleton") || strings.HasPrefix(b, ".~lock.") || strings.Contains(b, "dirlock")
}

// isOwnedState: state that a server or other sessions own: locks, leases,
// heartbeats, session and state folders, auth token caches, and any state
// kept in a tool's home dot-folder (~/.gitea-mcp/state.json) or an MCP path.
// docsTree: the path lies in a documentation folder ("docs/sessions/"),
// whose "sessions" are notes about sessions, not a program's state.
func docsTree(p string) bool {
	for _, d := range []string{"docs/", "doc/", "documentation/"} {
		if strings.HasPrefix(p, d) || strings.HasPrefix(p, "./"+d) || strings.Contains(p, "/"+d) {
			return true
		}
	}
	return false
}

func isOwnedState(p string) bool {
	if apiRoute(p) {
		return false
	}
	b := baseName(p)
	if dependencyLocks[b] {
		return false
	}
	// a pid file names a process to end (process-kill); removing one is
	// not a state edit
	if strings.HasSuffix(b, ".lock") || strings.HasSuffix(b, ".lck") || lockNamed(b) ||
		b == "heartbeat" || strings.HasPrefix(b, "heartbeat.") || b == "leases.json" || b == "lease.json" ||
		b == "control_plane.db" || b == ".in_use" || b == "lockfile" || b == "locks" || b == "lock" {
		return true
	}
	if dirNamed(p, sessionDirs, "-sessions", "_sessions") && !docsTree(p) || authCache(p) || appStorage(p) {
		return true
	}
	if dbSidecar(b) {
		return true // "jobs.db-journal": a database's journal or write-ahead log holds its lock and unwritten rows
	}
	homeDot := (strings.HasPrefix(p, "~/.") || strings.HasPrefix(p, "$home/.") || strings.HasPrefix(p, "${home}/.") ||
		strings.Contains(p, "/.cache/")) && strings.Count(p, "/") >= 2 || strings.HasPrefix(p, ".cache/")
	if b == "state.json" || b == "session.json" || b == "sessions.json" || stateData(b) {
		return homeDot || strings.Contains(p, "mcp")
	}
	if homeDot && dirNamed(p, stateDirs, "-state", "_state") {
		return true // "~/.skillhub/state/": a tool's state for every session, as its state.json there
	}
	if strings.HasSuffix(b, ".db") || strings.HasSuffix(b, ".sqlite") || strings.HasSuffix(b, ".sqlite3") {
		return strings.Contains(p, "mcp") || strings.Contains(b, "lease") || strings.Contains(b, "control") ||
			homeDot && (strings.Contains(b, "state") || strings.Contains(b, "session"))
	}
	return false
}

// dbSidecar: the journal, write-ahead log or shared-memory file beside a
// SQLite database ("jobs.db-journal", "state.sqlite-wal"): deleting it by
// hand drops the rows in flight and the lock the database holds.
func dbSidecar(b string) bool {
	for _, db := range []string{".db", ".sqlite", ".sqlite3"} {
		for _, side := range []string{"-journal", "-wal", "-shm"} {
			if strings.HasSuffix(b, db+side) {
				return true
			}
		}
	}
	return false
}

// wordAlternatives: plain words joined by slashes ("trace/span/session",
// "read/write"), which prose uses for alternatives; as a path it would
// have a dot, a root, a home or a trailing slash.
func wordAlternatives(p string) bool {
	if !strings.Contains(p, "/") || p[0] == '/' || p[len(p)-1] == '/' {
		return false
	}
	for i := 0; i < len(p); i++ {
		if c := p[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '/') {
			return false
		}
	}
	return true
}

// apiRoute: a URL of any scheme but file:// ("https://…",
// "ghapp://session/new?…") or the route of an HTTP request line ("PUT
// /v1/sessions/{id}", "/api/sessions"). A session there is a resource of a
// web API or an app's deep link, not state on disk.
func apiRoute(p string) bool {
	if k := strings.Index(p, "://"); k >= 0 && !strings.HasSuffix(p[:k], "file") || strings.HasPrefix(p, "/api/") {
		return true
	}
	if p != "" && p[0] == '/' && (strings.Contains(p, "/{") || strings.Contains(p, "/:")) {
		return true // a route with a parameter: /sessions/{id}, /sessions/:id
	}
	if len(p) > 3 && p[0] == '/' && p[1] == 'v' {
		k := 2
		for k < len(p) && p[k] >= '0' && p[k] <= '9' {
			k++
		}
		return k > 2 && k < len(p) && p[k] == '/'
	}
	return false
}

// editVerbs change a file's content or remove it.
var editVerbs = set("edit", "modify", "update", "change", "set", "add", "put", "write",
	"replace", "rewrite", "overwrite", "delete", "remove", "clear", "reset", "fix", "append",
	"insert", "paste", "adjust", "tweak", "patch", "merge", "raise", "increase",
	"lower", "decrease", "wipe", "purge", "truncate", "empty", "erase", "unlink", "rm",
	"nuke", "regenerate", "recreate", "re-create", "comment", "uncomment", "populate", "fill",
	"swap", "re-add", "readd", "rename", "move", "mv", "copy", "cp", "del", "drop", "strip",
	"delete", "bump", "save", "re-save", "resave", "clean", "manually-edit", "rotate",
	"switch", "wrap", "split", "point", "specify", "enable", "disable", "re-enable", "reenable", "correct",
	// "undo that change to config.json" puts the old content back
	"undo", "revert",
	// "restore the config from your backup" replaces it
	"restore")

// comparatives say which way a setting moves in "make `timeout` much
// bigger": with make, a change of the value.
var comparatives = set("bigger", "larger", "longer", "higher", "greater", "smaller", "shorter", "lower")

// editLemma is the base form of the edit verb at k, or "": "make" with a
// comparative after it in its clause ("make `timeout` much bigger in the
// server entry") changes a value, as "increase" does.
func editLemma(toks []token, k int) string {
	w := toks[k].s
	if l := lemma(w, editForms); l != "" {
		return l
	}
	if toks[k].code {
		return ""
	}
	switch w {
	case "create":
		// "create a fresh .env.local containing: …": written anew, as
		// recreate is; a bare "create .mcp.json" is how setup begins
		if d := wordAt(toks, k+1); (d == "a" || d == "an") && (wordAt(toks, k+2) == "fresh" || wordAt(toks, k+2) == "new" || wordAt(toks, k+2) == "clean") {
			return "recreate"
		}
		return ""
	case "take", "takes":
		// "take it out of `blockedTools` in the config": a removal
		for j, n := k+1, 0; j < len(toks) && n < 4; j++ {
			if t := toks[j]; t.word && !t.code {
				n++
				if t.s == "out" && wordAt(toks, j+1) == "of" {
					return "remove"
				}
			} else if !t.word && !t.code {
				return ""
			}
		}
		return ""
	case "try", "use":
		// "try this alternative configuration", "use the following
		// config instead": a replacement of the file's content
		d := wordAt(toks, k+1)
		if d != "this" && d != "the" && d != "an" && d != "a" {
			return ""
		}
		for j, n := k+2, 0; j < len(toks) && n < 3; j++ {
			t := toks[j]
			if !t.word || t.code {
				return ""
			}
			n++
			switch t.s {
			case "configuration", "config":
				if d == "the" && wordAt(toks, k+2) != "following" {
					return "" // "use the config from step 2": names which, changes nothing
				}
				return "replace"
			case "following", "alternative", "working", "fixed", "corrected", "new", "minimal", "simpler":
			default:
				return ""
			}
		}
		return ""
	}
	if w != "make" {
		return ""
	}
	for j, n := k+1, 0; j < len(toks) && n < 5; j++ {
		t := toks[j]
		if !t.word {
			if !t.code && (t.s == "." || t.s == ";" || t.s == ":" || t.s == ",") {
				return ""
			}
			continue
		}
		n++
		if comparatives[t.s] && !t.code {
			return "increase"
		}
	}
	return ""
}

// editorCommands open a file for editing.
var editorCommands = set("nano", "vim", "vi", "nvim", "emacs", "code", "subl", "notepad",
	"gedit", "micro", "edit", "notepad++", "kate", "mate")

// removeCommands delete files.
var removeCommands = set("rm", "del", "remove-item", "unlink", "erase", "rmdir", "shred", "trash")

// writeCommands write a file named in their arguments (tee, PowerShell's
// content cmdlets); copyCommands put a copy at their last path and
// moveCommands take a file from where it was. commandEdit reads them, and
// the prefilter's edit verbs (wEditVerb) hold them (fileCommands), so a
// section whose only edit is `Set-Content .env` is still read.
var (
	writeCommands = set("tee", "set-content", "out-file", "add-content", "clear-content")
	copyCommands  = set("cp", "copy", "copy-item")
	moveCommands  = set("mv", "move", "move-item")
	// fileCommands are every program above that changes the files it
	// names: what fileEdit's verb gate and the prefilter's wEditVerb read
	fileCommands = union(editorCommands, removeCommands, writeCommands, copyCommands, moveCommands)
)

// inflections maps every inflected form of the verbs in a set to its
// base form, computed once so that lemma is one map lookup.
func inflections(verbs map[string]bool) map[string]string {
	m := make(map[string]string, len(verbs)*6)
	for v := range verbs {
		m[v] = v
		forms := []string{v + "s", v + "es", v + "ed", v + "d", v + "ing"}
		if strings.HasSuffix(v, "e") {
			forms = append(forms, strings.TrimSuffix(v, "e")+"ing")
		}
		if strings.HasSuffix(v, "y") {
			stem := strings.TrimSuffix(v, "y")
			forms = append(forms, stem+"ies", stem+"ied")
		}
		if n := len(v); n > 2 && !strings.ContainsRune("aeiouwxy", rune(v[n-1])) && strings.ContainsRune("aeiou", rune(v[n-2])) {
			forms = append(forms, v+v[n-1:]+"ed", v+v[n-1:]+"ing")
		}
		for _, f := range forms {
			if _, taken := m[f]; !taken {
				m[f] = v
			}
		}
	}
	return m
}

var (
	editForms  = inflections(editVerbs)
	stateForms = inflections(stateVerbs)
	timeForms  = inflections(set("bump", "update", "change", "refresh", "reset", "set", "modify"))
)

// lemma returns the base form of a verb form in forms, or "".
func lemma(w string, forms map[string]string) string { return forms[w] }

// verifiedState: the edit verb at v is a state a check verifies, a
// participle after "is" or "are" in a clause that opens with check,
// verify or confirm and "that", "whether" or "if" ("check that TOKEN is
// set in your .env", "verify whether the key is added to mcp.json"): the
// reader looks at the file. A clause of its own that says to set it
// ("if not, set it") is judged by itself.
func verifiedState(toks []token, lo, v int) bool {
	if p := prevWord(toks, v); p != "is" && p != "are" {
		return false
	}
	for k := lo; k < v; k++ {
		switch toks[k].s {
		case "check", "verify", "confirm", "double-check":
			switch wordAt(toks, k+1) {
			case "that", "whether", "if":
				return true
			}
		}
	}
	return false
}

// fileEdit finds edits of the files that isTarget accepts in a segment:
// editor and remove commands, redirections, sed -i, copies onto the file,
// and prose such as "update GITEA_TOKEN in .env". generic lists nouns that
// name the file class in prose ("config", "configuration") and count only
// as the direct object of an edit verb.
func fileEdit(seg *segment, isTarget func(string) bool, generic []string, emit func(hit)) {
	// nothing edits without a verb, an editor or a redirection: most
	// sentences that merely name a file stop here
	toks := seg.tokens()
	verb := strings.IndexByte(seg.text(), '>') >= 0
	for k, t := range toks {
		if t.word && !isFlag(seg, t) && (editForms[t.s] != "" || fileCommands[t.s] || t.s == "sed" ||
			t.s == "open" && !t.code || editLemma(toks, k) != "") { // "open your .env and make sure it looks like this" (rewriteByShape)
			verb = true
			break
		}
	}
	if !verb {
		return
	}
	runs := paths(seg)
	var targets []pathRun
	for _, r := range runs {
		p := seg.v.expandVars(r.s)
		if strings.ContainsAny(p, "./~\\") && isTarget(p) && !(wordAlternatives(r.s) && !seg.v.code(r.start)) && !inputFlagValue(seg, r) {
			targets = append(targets, r)
		}
	}
	for _, r := range searchedFiles(seg, runs) {
		if isTarget(seg.v.expandVars(r.s)) {
			targets = append(targets, r)
		}
	}
	emitted := false
	// commands
	for _, t := range targets {
		if h, ok := commandEdit(seg, runs, t); ok {
			emit(h)
			emitted = true
		}
	}
	if emitted {
		return
	}
	// prose: an edit verb and a target in one clause
	for _, t := range targets {
		ti := tokenAt(toks, t.start)
		if ti < 0 {
			continue
		}
		lo, hi := clauseBounds(toks, ti)
		if v, ok := nearestEditVerb(seg, toks, lo, hi, ti, t); ok {
			if readSource(toks, v, ti) {
				continue // "set X to use a profile from your credentials file": the file is read
			}
			if verifiedState(toks, lo, v) {
				continue // "check that TOKEN is set in your .env": the file is read
			}
			if l := lemma(toks[v].s, editForms); strings.HasSuffix(t.s, "/") && (l == "write" || l == "save" || l == "put" || l == "add") &&
				(prevTo(toks, ti) || prevIn(toks, ti)) {
				continue // "write files to /mnt/session/outputs/": new files in a folder, nothing in it edited
			}
			emit(hit{start: toks[v].start, end: toks[v].end, verb: true})
			emitted = true
		}
	}
	if emitted {
		return
	}
	if len(targets) > 0 {
		if k, ok := rewriteByShape(seg, toks, targets); ok {
			emit(hit{start: toks[k].start, end: toks[k].end, verb: true})
			return
		}
	}
	// generic nouns as the object of an edit verb ("update the user-level
	// config") or as the place it edits ("raise the timeout in the
	// server's config entry", "In the desktop config, replace the entry")
	for i, tk := range toks {
		if !tk.word || tk.code || formOf(tk.s) == formPast || formOf(tk.s) == formThird {
			continue
		}
		l := editLemma(toks, i)
		switch l {
		case "", "save", "re-save", "resave", "bump", "copy", "cp", "move", "mv":
			continue
		}
		if nounUse(toks, i) {
			continue
		}
		if l == "paste" && pastedHere(toks, i) {
			continue // "can you paste your config here?": shown to the thread, not edited
		}
		placed := l == "set" || l == "add" || l == "put" // "add X" is an edit only with its place
		// "set its config to …", "set the config's `command` to …": a
		// setting given its value
		valued := l == "set" && genericAt(seg, toks, i+1, 5, generic, false) && firstWordAhead(toks, i, 10, ".;:", toWord, nil)
		if valued || !placed && genericAt(seg, toks, i+1, 5, generic, false) ||
			genericAt(seg, toks, i+1, 14, generic, true) || placeBefore(seg, toks, i, generic) {
			emit(hit{start: tk.start, end: tk.end, verb: true, client: true, server: serverConfig(toks, i+1, 16) || entryKeyNamed(seg, toks, i+1, 16)})
			return
		}
	}
}

// pastedHere: the paste at i puts its object in the conversation ("paste
// your config here", "paste it below", "paste the output in this issue").
func pastedHere(toks []token, i int) bool {
	return firstWordAhead(toks, i, 8, ".?;", conversationPlaces, editPlaces)
}

var (
	conversationPlaces = set("here", "below", "issue", "thread", "comment", "chat", "reply")
	editPlaces         = set("into", "to") // "paste it into mcp.json": the place it edits
)

// configModifier are nouns after "config" that make it a modifier, not
// the file: "configuration errors", "config templates".
var configModifier = set("error", "errors", "issue", "issues", "problem", "problems", "template", "templates",
	"value", "values", "option", "options", "key", "keys", "change", "changes", "drift", "management",
	"mistake", "mistakes", "parameter", "parameters", "variable", "variables", "guide", "docs", "reference",
	"schema", "schemas")

// otherSystems are the words that, just before a config noun, name a
// system other than an MCP server or client as its owner: "the SSL
// config", "your mock configuration", "the DLQ configuration", "the
// storage configuration". Such a noun is that system's settings, not a
// client's server table, in an MCP document as anywhere else.
var otherSystems = set("ssl", "tls", "mock", "mocks", "dlq", "queue", "storage", "database", "db", "cluster", "replication",
	"backup", "alarm", "alarms", "metric", "metrics", "logging", "log", "nginx", "apache", "webpack", "babel", "eslint",
	"prettier", "jest", "vite", "typescript", "tsconfig", "docker", "kubernetes", "k8s", "helm", "terraform", "git", "ssh",
	"dns", "network", "firewall", "cors", "bucket", "lambda", "vpc", "iam", "oauth", "saml", "sso", "ldap", "kafka",
	"redis", "postgres", "mysql", "cache", "build", "ci", "pipeline", "test", "lint", "linter", "router", "routing")

// otherSystemConfig: the config noun at k is owned by another system
// (otherSystems), named by the word just before it.
func otherSystemConfig(toks []token, k int) bool {
	return k > 0 && toks[k-1].word && !toks[k-1].code && otherSystems[toks[k-1].s]
}

// serverConfig: within n words from k a config noun is a server's or a
// client's: "the server's config entry", "the server configuration".
func serverConfig(toks []token, k, n int) bool {
	for c := 0; k+1 < len(toks) && c < n; k++ {
		if !toks[k].word {
			continue
		}
		c++
		switch toks[k].s {
		case "server", "server's", "servers", "servers'", "client", "client's", "clients":
			nx := wordAt(toks, k+1)
			if nx == "config" || nx == "configuration" || nx == "entry" || nx == "settings" || nx == "block" {
				return true
			}
			if strings.HasSuffix(toks[k].s, "'s") {
				return true
			}
		}
	}
	return false
}

// entryKeyNamed: within n words from k, in a document that says MCP, a
// code span names a key of an MCP server entry ("put the full path in
// the config's `command`", "set it in the `env` block of the config"):
// the config is a client's server table, as "the server's config" says.
func entryKeyNamed(seg *segment, toks []token, k, n int) bool {
	if !seg.v.u.Ctx.Doc.MCP() {
		return false
	}
	for c := 0; k < len(toks) && c < n; k++ {
		if !toks[k].word {
			continue
		}
		c++
		if toks[k].code && (serverEntryKeys[toks[k].s] || serverTableKey(toks[k].s)) {
			return true
		}
	}
	return false
}

// serverEntryKeys are the keys of an MCP server entry in a client's
// configuration (serverTableKey names the table that holds them).
var serverEntryKeys = set("command", "args", "env", "cwd")

// serverTableKey: a code span naming the servers table of a client's
// config (`mcpServers`, `mcp_servers`), which places an edit as the
// file's name does ("add it to the global `mcpServers` section").
func serverTableKey(w string) bool { return w == "mcpservers" || w == "mcp_servers" }

// toWord opens the value a setting is given.
var toWord = set("to")

// pointPlaces open the place a verb "point" points something at.
var pointPlaces = set("at", "to")

// placeWords open a phrase that names where an edit happens.
var placeWords = set("in", "into", "to", "inside", "within", "from", "of", "under")

// genericAt reports whether one of the generic nouns stands within n
// words from token k, in the clause: anywhere in it, or with placed
// only after a place word ("in your config", "to the configuration").
func genericAt(seg *segment, toks []token, k, n int, generic []string, placed bool) bool {
	place := !placed
	for c := 0; k < len(toks) && c < n; k++ {
		w := toks[k]
		if w.s == "(" && k > 0 && toks[k-1].word && toks[k-1].end == w.start {
			// a call inside interpolated text ("${hosts.join(',')}") is
			// code, not a parenthesis that closes the phrase
			k = callEnd(toks, k)
			continue
		}
		if !w.code && (w.s == "," || w.s == "." && (k+1 >= len(toks) || toks[k+1].start > w.end) || w.s == ";" || w.s == "(") {
			return false
		}
		if w.s == ":" && !w.code {
			return false
		}
		if !w.word {
			continue
		}
		c++
		if (w.s == "and" || w.s == "or" || w.s == "then") && !w.code && baseVerbs[wordAt(toks, k+1)] {
			return false // "remove the server and reload the configuration": the noun is the next verb's
		}
		if placed && placeWords[w.s] {
			place = true
			continue
		}
		if placed && place && w.s == "for" && !w.code {
			return false // "add it to your ~/.bashrc for permanent configuration": a purpose, after the place
		}
		if place && (!w.code || serverTableKey(w.s)) && !configModifier[wordAt(toks, k+1)] && !otherSystemConfig(toks, k) {
			ws := strings.TrimSuffix(strings.TrimSuffix(w.s, "'s"), "’s") // "the config's command"
			for _, g := range generic {
				if g == ws || strings.HasPrefix(g, ws+" ") && containsWord(seg.v.f.s[w.start:min(w.start+len(g)+1, seg.end)], g) {
					return !inSourceFile(seg, toks, k)
				}
			}
		}
	}
	return false
}

// inSourceFile: the config noun at k is placed in a program's source
// file ("the Claude Desktop configuration in install.py"): code that
// writes a configuration, not the configuration file.
func inSourceFile(seg *segment, toks []token, k int) bool {
	if wordAt(toks, k+1) != "in" {
		return false
	}
	in := toks[k+1]
	for _, r := range paths(seg) {
		if r.start > in.end && r.start < in.end+4 {
			return sourceExts[path.Ext(r.s)] || strings.HasSuffix(r.s, ".sh") || strings.HasSuffix(r.s, ".rb")
		}
	}
	return false
}

// callEnd returns the index of the ")" that closes the "(" at open, or
// the last token when none does.
func callEnd(toks []token, open int) int {
	depth := 0
	for k := open; k < len(toks); k++ {
		switch toks[k].s {
		case "(":
			depth++
		case ")":
			depth--
			if depth == 0 {
				return k
			}
		}
	}
	return len(toks) - 1
}

// placeBefore: the clause opens with a place phrase naming a generic
// noun, closed by a comma before the verb at i ("In the client config,
// replace the entry with …").
func placeBefore(seg *segment, toks []token, i int, generic []string) bool {
	j := i - 1
	for j >= 0 && !toks[j].word {
		if toks[j].s == "," {
			break
		}
		j--
	}
	if j < 0 || toks[j].s != "," {
		return false
	}
	lo := j
	for lo > 0 && !(toks[lo-1].s == "." || toks[lo-1].s == ";" || toks[lo-1].s == ":" || toks[lo-1].s == "\n") {
		lo--
	}
	for lo < j && !toks[lo].word {
		lo++
	}
	if lo >= j || !placeWords[toks[lo].s] || j-lo > 10 {
		return false
	}
	return genericAt(seg, toks, lo, 10, generic, true)
}

func tokenAt(toks []token, off int) int {
	for i, t := range toks {
		if t.end > off {
			return i
		}
	}
	return -1
}

// nearestEditVerb finds the edit verb that governs a target in its clause.
// expandVars replaces a leading shell variable of a path with the value
// the document assigns it, so that a code block's rm of a path held in a
// variable is judged by the path (ExpandVars).
func (v *view) expandVars(p string) string {
	if !strings.Contains(p, "$") {
		return p
	}
	vars := v.u.Ctx.Doc.ShellVars()
	return ExpandVars(p, func(name string) (string, bool) {
		val, ok := vars[name]
		return val, ok
	})
}

// ExpandVars replaces the shell variables that open a path, or follow
// each other in it, with the values lookup gives ("$session_dir/*.json"
// where session_dir="$HOME/.local/state/viewer/session"), up to three
// deep; it stops at the first variable lookup does not know.
func ExpandVars(p string, lookup func(string) (string, bool)) string {
	for range 3 {
		k := strings.IndexByte(p, '$')
		if k < 0 {
			break
		}
		name, n := VarAt(p[k+1:])
		val, ok := lookup(name)
		if !ok {
			break
		}
		p = p[:k] + val + p[k+1+n:]
	}
	return p
}

// VarAt reads the shell variable whose name starts s, just after its
// "$": NAME, {NAME}, or "$" for $$ (the shell's own PID); it returns the
// name and how many bytes it spans.
func VarAt(s string) (string, int) {
	if strings.HasPrefix(s, "$") {
		return "$", 1
	}
	if strings.HasPrefix(s, "{") {
		if e := strings.IndexByte(s, '}'); e > 1 {
			return s[1:e], e + 1
		}
		return "", 0
	}
	n := 0
	for n < len(s) && (s[n] == '_' || s[n] >= 'a' && s[n] <= 'z' || s[n] >= 'A' && s[n] <= 'Z' || n > 0 && s[n] >= '0' && s[n] <= '9') {
		n++
	}
	return s[:n], n
}

// rewriteByShape finds two edits that name no edit verb of their own, in
// a segment that names a target file: a copy laid over it ("copy
// settings.example.json over it") and a file opened to be made to look
// like something ("open your .env and make sure it looks like this:").
// It returns the verb's token.
func rewriteByShape(seg *segment, toks []token, targets []pathRun) (int, bool) {
	for k, w := range toks {
		if !w.word || w.code {
			continue
		}
		switch {
		case w.s == "copy" || w.s == "cp":
			for j := k + 1; j < len(toks) && j < k+10; j++ {
				if toks[j].s == "over" && !toks[j].code {
					if n := wordAt(toks, j+1); n == "it" || n == "them" || n == "the" || j+1 < len(toks) && toks[j+1].code {
						return k, true
					}
				}
			}
		case lemma(w.s, editForms) != "" && formOf(w.s) == formBase && !isFlag(seg, w):
			// "your .env probably carries both names; delete A_URL from
			// it": the pronoun is the file the segment names
			for j, n := k+1, 0; j+1 < len(toks) && n < 6; j++ {
				if !toks[j].word {
					if toks[j].s == ";" || toks[j].s == "." {
						break
					}
					continue
				}
				n++
				if (toks[j].s == "from" || toks[j].s == "in" || toks[j].s == "into" || toks[j].s == "to") &&
					(toks[j+1].s == "it" || toks[j+1].s == "them") && j+1 < len(toks) && pronounEnd(toks, j+2) {
					return k, true
				}
			}
		case w.s == "open" && k+1 < len(toks):
			opened := false
			for _, t := range targets {
				if ti := tokenAt(toks, t.start); ti > k && ti <= k+3 {
					opened = true
				}
			}
			if !opened {
				continue
			}
			rest := ""
			for j := k + 1; j < len(toks) && j < k+20; j++ {
				if toks[j].word && !toks[j].code {
					rest += " " + toks[j].s
				}
			}
			for _, p := range []string{"make sure it looks like", "make it look like", "so it looks like", "so that it looks like",
				"make sure it matches", "make it match", "make sure it reads"} {
				if strings.Contains(rest, p) {
					return k, true
				}
			}
		}
	}
	return 0, false
}

// pronounEnd: the pronoun before k closes its phrase ("from it and keep",
// "from it."), not a noun phrase going on ("in it-specific settings").
func pronounEnd(toks []token, k int) bool {
	return k >= len(toks) || !toks[k].word || toks[k].s == "and" || toks[k].s == "then" || toks[k].s == "too"
}

func nearestEditVerb(seg *segment, toks []token, lo, hi, ti int, t pathRun) (int, bool) {
	for k := ti - 1; k >= lo; k-- {
		w := toks[k]
		if w.s == ")" && !w.code {
			// "comment out (or delete) the keys in config.yaml": the
			// parenthesis offers an alternative to the verb before it
			j := k - 1
			for j > lo && toks[j].s != "(" && toks[j].s != ")" {
				j--
			}
			if j > lo && toks[j].s == "(" && prevWord(toks, j) != "" {
				k = j
				continue
			}
		}
		if !w.code && (w.s == ":" && (k == 0 || lemma(toks[k-1].s, editForms) == "") || w.s == "\"") {
			break // a label or a quotation lies between the verb and the file
		}
		if !w.word || w.start >= t.start {
			continue
		}
		l := editLemma(toks, k)
		if l == "" || w.code && !editorCommands[w.s] && !removeCommands[w.s] || isFlag(seg, w) {
			continue
		}
		if !w.code && (formOf(w.s) == formThird || formOf(w.s) == formPast && w.s != l && !taskHead(seg, toks, k)) && prevWord(toks, k) != "be" {
			continue // "if X still points at …", "until the docs are fixed": not the step
		}
		if n := wordAt(toks, k+1); !w.code && (n == "is" || n == "was" || n == "for") {
			continue // "the quickest fix is to open …": a noun
		}
		if p := prevWord(toks, k); !w.code && (p == "that" || p == "this" || p == "the" || p == "your" || p == "my") && (wordAt(toks, k+1) == "to" || wordAt(toks, k+1) == "in") {
			continue // "undo that change to config.json": the noun; the verb is further back
		}
		if p := prevWord(toks, k); !w.code && formOf(w.s) == formGerund &&
			(p == "after" || p == "before" || p == "since" || p == "upon" || p == "while" || p == "when") {
			continue // "still not used after updating, your .env …": when, not the step
		}
		if (l == "copy" || l == "cp" || l == "move" || l == "mv" || l == "rename") && !prevTo(toks, ti) && !(l == "rename" && prevIn(toks, ti)) {
			continue // the target is the source of a copy
		}
		if (l == "add" || l == "append" || l == "put" || l == "move" || l == "mv") && placedInto(toks, ti) {
			continue // "add .env to .gitignore": the file is what is added, the other file is edited
		}
		if l == "copy" && k >= 2 && (toks[k-1].s == "a" || toks[k-1].s == "the") {
			// "save a copy of it as .env": the noun's verb makes the copy
			if v := toks[k-2]; v.word && !v.code && (lemma(v.s, editForms) == "save" || v.s == "make" || v.s == "create" || v.s == "keep") {
				return k - 2, true
			}
		}
		if l == "save" || l == "re-save" || l == "resave" || l == "bump" {
			continue
		}
		if l == "point" && (wordAt(toks, k+1) == "them" || wordAt(toks, k+1) == "him" || wordAt(toks, k+1) == "her" ||
			wordAt(toks, k+1) == "you" || wordAt(toks, k+1) == "users" || wordAt(toks, k+1) == "people") {
			continue // "point them at state/": show, not edit
		}
		return k, true
	}
	// after the target: the window counts from the target's end, so a
	// long path ("~/.relay/agents/*/sessions") leaves the verb of its
	// command ("-delete") as near as a short one does
	after := ti + 1
	for after < len(toks) && toks[after].start < t.end {
		after++
	}
	for k := after; k < hi && k < after+16; k++ {
		w := toks[k]
		if !w.word || w.code {
			continue
		}
		l := lemma(w.s, editForms)
		if l == "" && removeCommands[w.s] {
			l = w.s // "… | Remove-Item": the next stage of the pipeline removes what the search found
		}
		if l != "" && !isFlag(seg, w) && l != "copy" && l != "cp" && l != "save" && l != "re-save" && l != "resave" && l != "bump" && l != "move" {
			if formOf(w.s) == formPast || formOf(w.s) == formThird {
				continue // "the .env file changed": a statement about the file
			}
			if p := prevWord(toks, k); p == "in" || p == "the" || p == "a" || p == "an" || p == "is" || p == "are" ||
				p == "at" || p == "on" || p == "of" || p == "its" || p == "your" {
				continue // "is in correct location", "the fix": an adjective or a noun
			}
			if l == "set" && (prevWord2(toks, k) == "has" || prevWord2(toks, k) == "have" || nthWordBefore(toks, k, 3) == "has" || nthWordBefore(toks, k, 3) == "have") {
				continue // "check the .env file has `API_KEY` set": a state, not a step
			}
			if l == "point" && !firstWordAhead(toks, k, 5, ".;:", pointPlaces, nil) {
				continue // "… and the entry point": a noun; the verb points something at a place
			}
			return k, true
		}
	}
	return 0, false
}

// inputFlagValue: the file is the value of a flag that names an input
// ("--env-file .env", "--config=mcp.json"): the command reads it.
func inputFlagValue(seg *segment, r pathRun) bool {
	s := seg.v.f.s
	if assignedPath(s[seg.start:r.start]) {
		return true
	}
	before := strings.TrimRight(s[seg.start:r.start], " =\"'")
	k := strings.LastIndexAny(before, " \t")
	flag := before[k+1:]
	if !strings.HasPrefix(flag, "--") {
		return false
	}
	for _, w := range []string{"file", "env", "config", "input", "from", "load", "source", "path"} {
		if strings.Contains(flag, w) {
			return true
		}
	}
	return false
}

// assignedPath: the text before a path ends in a variable's assignment
// (`set MCP_DB_PATH=`, `export STATE_FILE="`, `$env:CACHE = `): the path
// is the value a variable is given, a name passed on, not a file edited.
func assignedPath(before string) bool {
	b := strings.TrimRight(before, "\"' ")
	if !strings.HasSuffix(b, "=") {
		return false
	}
	b = strings.TrimRight(strings.TrimSuffix(b, "="), " ")
	k := strings.LastIndexAny(b, " \t;&|(")
	name := strings.TrimPrefix(b[k+1:], "$env:")
	if name == "" {
		return false
	}
	for _, c := range name {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// isFlag: the word is part of a command-line flag ("--rm", "--clear"),
// not a program or a verb. find's "-delete" is the removal itself.
func isFlag(seg *segment, t token) bool {
	return t.start > 0 && seg.v.f.s[t.start-1] == '-' && t.s != "delete"
}

// taskHead: the word at k opens a task-list item ("- [ ] Updated `.env`
// with the key"): a box to tick names a step to take, in whatever verb
// form.
func taskHead(seg *segment, toks []token, k int) bool {
	if !seg.v.u.Ctx.Task || seg.start != 0 {
		return false
	}
	for j := range k {
		if toks[j].word {
			return false
		}
	}
	return true
}

// placedInto: after the file at ti comes "to" or "into" and another file
// or folder ("add .env to .gitignore"): the file at ti is the object
// placed, not the place.
func placedInto(toks []token, ti int) bool {
	k := ti + 1
	for k < len(toks) && toks[k].code && toks[k].start == toks[k-1].end {
		k++ // the rest of the file's name
	}
	if k >= len(toks) || !toks[k].word || toks[k].s != "to" && toks[k].s != "into" {
		return false
	}
	for j := k + 1; j < len(toks) && j <= k+3; j++ {
		if t := toks[j]; t.code || strings.ContainsAny(t.s, "./") {
			return true
		}
	}
	return false
}

// prevTo: a word that makes the file at ti the destination of a copy or
// a move stands just before it ("copy it to .env", "save a copy as .env").
func prevTo(toks []token, ti int) bool {
	for k := ti - 1; k >= 0 && k >= ti-3; k-- {
		if toks[k].word && (toks[k].s == "to" || toks[k].s == "into" || toks[k].s == "over" || toks[k].s == "onto" || toks[k].s == "as") {
			return true
		}
	}
	return false
}

// readSource: the file at ti is where a purpose infinitive between the
// edit verb at v and it reads from ("set `AWS_PROFILE` to use a profile
// from your `~/.aws/credentials` file", "to load the keys from .env"):
// the verb edits something else, the file is only read.
func readSource(toks []token, v, ti int) bool {
	if !prevFrom(toks, ti) {
		return false
	}
	for k := v + 1; k+1 < ti; k++ {
		if toks[k].word && !toks[k].code && toks[k].s == "to" && readVerbs[wordAt(toks, k+1)] {
			return true
		}
	}
	return false
}

// readVerbs take what they are given from a file without changing it.
var readVerbs = set("use", "read", "load", "pick", "take", "get", "fetch", "pull", "import", "source")

// prevIn: the file at ti is where an edit happens ("rename the key in
// your .env"): "in", "inside" or "within" before it, a determiner or
// possessive between.
func prevIn(toks []token, ti int) bool { return prepBefore(toks, ti, "in", "inside", "within") }

// prevFrom: "from" stands before the file at ti, a determiner or
// possessive between ("a profile from your credentials file").
func prevFrom(toks []token, ti int) bool { return prepBefore(toks, ti, "from") }

// prepBefore: one of preps stands within three tokens before ti, with
// only a determiner or possessive between.
func prepBefore(toks []token, ti int, preps ...string) bool {
	for k := ti - 1; k >= 0 && k >= ti-3; k-- {
		if !toks[k].word {
			continue
		}
		switch w := toks[k].s; w {
		case "your", "the", "a", "this", "that", "its", "their", "our":
			continue
		default:
			return slices.Contains(preps, w)
		}
	}
	return false
}

// commandEdit recognises a shell command that edits or removes target.
// backupName: a path named as a backup copy (.env.bak, config.json.orig,
// mcp.json~, settings.backup-20240101.json).
func backupName(p string) bool {
	b := strings.ToLower(baseName(p))
	return strings.HasSuffix(b, ".bak") || strings.HasSuffix(b, ".orig") || strings.HasSuffix(b, "~") ||
		strings.Contains(b, ".backup") || strings.Contains(b, ".bak.") || strings.Contains(b, "backup-")
}

// lastCommandBreak returns the offset in t just past its last pipe,
// "&&" or ";" outside quotes, or -1: the words before it belong to
// another command ("sed -i 's|old|new|g' file" holds none).
func lastCommandBreak(t string) int {
	last := -1
	eachUnquoted(t, func(i int) bool {
		switch {
		case t[i] == '|' || t[i] == ';':
			last = i + 1
		case t[i] == '&' && i+1 < len(t) && t[i+1] == '&':
			last = i + 2
		}
		return true
	})
	return last
}

func commandEdit(seg *segment, runs []pathRun, t pathRun) (hit, bool) {
	s := seg.v.f.s
	// redirection onto the file: echo '{}' > file, >> file, tee file
	j := t.start - 1
	for j >= seg.start && (s[j] == ' ' || s[j] == '\t') {
		j--
	}
	if j >= seg.start && s[j] == '>' {
		if cmd, ok := firstWordBefore(seg, j); ok {
			return cmd, true
		}
	}
	// the command that takes the target as an argument
	var prev []pathRun
	for _, r := range runs {
		if r.start >= t.start {
			break
		}
		prev = append(prev, r)
	}
	cut := lastCommandBreak(s[seg.start:t.start]) + seg.start // where the target's command begins
	for k := len(prev) - 1; k >= 0; k-- {
		r := prev[k]
		w := r.s
		if r.end <= cut {
			break // a word of the command before a pipe, "&&" or ";"
		}
		if r.start > seg.start && s[r.start-1] == '-' {
			continue // a flag ("docker run --rm"), not the program
		}
		switch {
		case editorCommands[w] && (seg.kind == segCommand || seg.v.code(r.start) || k == 0 || prev[k-1].s == "sudo" || prev[k-1].s == "edit:"):
			return hit{start: r.start, end: r.end}, true
		case removeCommands[w]:
			return hit{start: r.start, end: r.end}, true
		case w == "sed" && strings.Contains(s[r.end:t.start], " -i"):
			return hit{start: r.start, end: r.end}, true
		case writeCommands[w]:
			return hit{start: r.start, end: r.end}, true
		case copyCommands[w] && lastArg(runs, t) && backupName(t.s):
			return hit{}, false // "cp .env .env.bak": a backup made, the file only read
		case (copyCommands[w] || moveCommands[w]) && lastArg(runs, t):
			return hit{start: r.start, end: r.end}, true
		case moveCommands[w]:
			return hit{start: r.start, end: r.end}, true // moving the file aside removes it
		}
	}
	return hit{}, false
}

// searchCommands list the files under a folder that match a name
// pattern: find, and PowerShell's Get-ChildItem with its aliases.
var searchCommands = set("find", "get-childitem", "gci", "dir", "ls")

// searchFilters give a search's name pattern.
var searchFilters = set("-name", "-iname", "-filter", "-include")

// searchedFiles returns, for each name pattern of a search in seg
// ("find ~/.relay -name '*.lock' -delete", "Get-ChildItem $dir -Filter
// LOCK | Remove-Item"), the files it names: the pattern under the folder
// searched, as a run at the pattern's place. What the search's command
// or the next stage of its pipeline does to them decides the edit, as
// for a path written out.
func searchedFiles(seg *segment, runs []pathRun) []pathRun {
	var out []pathRun
	s := seg.v.f.s
	for i := 1; i < len(runs); i++ {
		if !searchFilters[runs[i-1].s] || strings.HasPrefix(runs[i].s, "-") {
			continue
		}
		cut := lastCommandBreak(s[seg.start:runs[i].start]) + seg.start
		cmd := -1
		for k := 0; k < i; k++ {
			if runs[k].start >= cut {
				cmd = k
				break
			}
		}
		if cmd < 0 || !searchCommands[runs[cmd].s] {
			continue
		}
		dir := "."
		for k := cmd + 1; k < i-1; k++ {
			if r := runs[k].s; !strings.HasPrefix(r, "-") && strings.ContainsAny(r, "./~\\$%") {
				dir = r // the folder searched: the first path among the command's arguments
				break
			}
		}
		out = append(out, pathRun{s: strings.TrimRight(dir, "/\\") + "/" + runs[i].s, start: runs[i].start, end: runs[i].end})
	}
	return out
}

// lastArg: t is the last path of its command (the destination of a copy).
func lastArg(runs []pathRun, t pathRun) bool {
	for _, r := range runs {
		if r.start > t.start {
			return strings.HasPrefix(r.s, "-") || r.s == "&&" || r.s == "#"
		}
	}
	return true
}

// firstWordBefore returns the command word of the pipeline stage that ends
// at offset j.
// unquotedLineStart: the start of the line that holds s[j], counting
// only the line breaks between start and j that no quote holds open.
func unquotedLineStart(s string, start, j int) int {
	ls := start
	var q byte
	for i := start; i < j; {
		if s[i] == '\n' && q == 0 {
			ls = i + 1
		}
		q, i = quoteStep(s, i, q)
	}
	return ls
}

func firstWordBefore(seg *segment, j int) (hit, bool) {
	s := seg.v.f.s
	k := j
	floor := seg.start
	if strings.IndexByte(s[seg.start:j], '\n') >= 0 {
		floor = unquotedLineStart(s, seg.start, j) // echo "a:\n  b: 1" >> config.yaml
	}
	for k > floor && s[k-1] != '|' && s[k-1] != ';' && s[k-1] != '&' && s[k-1] != '`' && s[k-1] != '(' {
		k--
	}
	for k < j && (s[k] == ' ' || s[k] == '\t' || s[k] == '$') {
		k++
	}
	e := k
	for e < j && isPathByte(s[e]) {
		e++
	}
	if e == k {
		return hit{}, false
	}
	w := s[k:e]
	if writers[w] {
		return hit{start: k, end: e}, true
	}
	// a parenthesis inside the command's quotes ("$(openssl rand …)")
	// stopped the walk early: read the line's first word
	ls := strings.LastIndexByte(s[seg.start:j], '\n') + 1 + seg.start
	for ls < j && (s[ls] == ' ' || s[ls] == '\t' || s[ls] == '$') {
		ls++
	}
	le := ls
	for le < j && isPathByte(s[le]) {
		le++
	}
	if le > ls && ls < k && writers[s[ls:le]] {
		return hit{start: ls, end: le}, true
	}
	return hit{}, false
}

// writers print what a redirection writes onto a file.
var writers = set("echo", "printf", "cat", "jq", "sed", "awk", "yq", "python", "python3", "node", "envsubst", "sort",
	"grep", "print", "write-output", "tr", "head", "tail", "sops", "op", "printenv", "env")
