package rules

import "strings"

// RawAPIFallback is the rule against going around the tools.
var RawAPIFallback = &Rule{
	ID:      "raw-api-fallback",
	Summary: "bypassing the MCP tools: calling the server's API directly or importing the server module as a fallback",
	Message: "recommends calling the API directly or importing the server module when the tools fail; that bypasses the " +
		"tools' permission, lease and audit checks. Stop and request a reconnect instead",
	Needs: Fallback,
	Doc: Doc{
		Title: "Going around the tools",
		Text: `When a tool fails, calling the REST API with a token, or importing the server's Python
module and calling its handler, skips everything the tool enforces: profiles, leases,
dry runs and the audit trail. Work done that way is invisible to the other sessions and
to the coordinator.

API documentation and health checks are fine; the rule is about the fallback. What to do
instead: stop, return a typed blocker, and request a reconnect of the namespace.`,
		Bad:  []string{"If the MCP tool fails, curl the API directly with your token."},
		Good: []string{"Instead of curling the API, call `gitea_request_mcp_reconnect` and wait."},
	},
	Examples: Examples{
		Recommend: []string{
			"If `gitea_create_pr` fails, fall back to the Gitea REST API with the token.\n",
			"Fall back to `python -c 'import gitea_mcp_server'` when the transport is closed.\n",
		},
		Prohibit: []string{
			"Instead of curling the Gitea API, call `gitea_request_mcp_reconnect`.\n",
			"Never call the REST API directly when a tool fails.\n",
		},
		Mention: []string{
			"## API\n\nTo check your token: `curl -H \"Authorization: token $T\" $URL/api/v1/user`.\n",
			"`curl -s http://127.0.0.1:8787/healthz` should print `ok`.\n",
		},
	},
	stems: []string{"curl", "wget", "api", "http", "endpoint", "import", "require", "post", "requests.", "httpx", "axios", "xh", "cli", "command line", "command-line", "rest fallback"},
	// routes are what the prefilter looks for before the rule reads a
	// text: every hit of find has a route (TestRoutesCoverFindings).
	routes: []routeSpec{
		{groups: [][]string{{"^python -c", "^python3 -c", "^py -c"}}},
		{groups: [][]string{{"^python -m", "^python3 -m", "^py -m"}, {"mcp", "server"}}},
		{groups: [][]string{{"^ruby -e", "^node -e", "^node --eval"}, {"require"}}},
		{groups: [][]string{{"curl", "wget", "httpie", "^xh$", "^http ",
			"^rest api", "^http api", "^raw api", "^graphql api", "^its api", "^server's api",
			"^api call", "^api directly", "^api endpoint", "^api request",
			"^api client directly", "^api clients directly", "^api server directly", "^api layer directly", "^api library directly",
			"^apis call", "^apis directly", "^apis endpoint", "^apis request",
			"^rest endpoint", "^http endpoint", "^raw endpoint", "^raw http",
			"^requests.", "^httpx.", "^axios.", "^the api", "^gh api",
			"^library api", "^socket api", "^backend api", "^gateway api", "^underlying api", "^native api",
			"^internal api", "^web api", "^python api", "^ruby api", "^node api", "^json-rpc api", "^jsonrpc api",
			"^server api", "^service api", "^registry api", "^direct api", "s api", "s apis",
			"^library apis", "^server apis", "^import the server",
			"^hub api", "^glab api",
			"^rest fallback", "^api fallback", "^http fallback", "^cli fallback",
			"s admin api", "s control api", "s management api", "s public api", "s private api", "s query api",
			"s data api", "s cloud api", "s account api", "s platform api", "s core api", "s search api", "s storage api"}}},
		// the CLI in prose counts only where its sentence names the tools
		// failing or a fallback (cliFallback)
		{groups: [][]string{{"^cli$", "^cli's", "^command line", "^command-line"}}, local: []int{wFallback}},
		// a command under a lead-in that sends the reader to the CLI when
		// the tools fail ("When the tools are missing, use the `dgx`
		// command line instead:")
		{groups: [][]string{{"^cli$", "^cli's", "^command line", "^command-line"}}, leadIn: true, local: []int{wFallback}},
		// POST to a URL or an absolute path
		{groups: [][]string{{"^post$", "^posting$"}}, local: []int{wURL}},
		{groups: [][]string{{"^import"}, {"mcp"}}},
	},
	find: findRawAPI,
}

func findRawAPI(seg *segment, emit func(hit)) {
	s := seg.v.f.s
	toks := seg.tokens()
	text := seg.text()
	if healthCheck(text) {
		return
	}
	for i, t := range toks {
		if !t.word {
			continue
		}
		w := t.s
		switch {
		case seg.kind == segCommand && seg.v.u.Kind == CodeBlock && i == firstWord(toks) && cliLeadIn(seg, w):
			emit(hit{start: t.start, end: t.end})
			continue
		case (w == "import" || w == "from") && seg.v.u.Kind == CodeBlock && i == firstWord(toks) && pythonInfo(seg.v.u.Ctx.Info) &&
			importsMCPModule(s[t.start:seg.end]):
			// a Python block's "from scene_mcp.server import get_info":
			// the server's module loaded by hand, a bypass where the text
			// around it says the tools are down
			emit(hit{start: t.start, end: t.end})
		case (w == "import" || w == "importing") && seg.kind == segProse && proseImportsServer(toks, i):
			// "Import the covscope_mcp package in Python and call its
			// handlers directly": the server's module loaded by hand, in
			// words; a bypass where the text says the tools are down
			emit(hit{start: t.start, end: t.end, verb: true})
		case w == "python" || w == "python3" || w == "py":
			rest := s[t.end:seg.end]
			// a one-liner importing the server's module ("python -c 'import
			// gitea_mcp_server; …'"); like every raw call, a bypass only
			// where the text says the tools are down or gone around, not
			// an install's version check
			if strings.HasPrefix(strings.TrimSpace(rest), "-c") && importsServer(rest) && !importCheck(rest) {
				emit(hit{start: t.start, end: t.end})
			}
			if m, ok := strings.CutPrefix(strings.TrimSpace(rest), "-m "); ok && serverModule(m) {
				// "python -m bridge_server.cli search x": the server's own
				// module run by hand, a way around its tools where the
				// text says they are missing
				emit(hit{start: t.start, end: t.end})
			}
		case (w == "ruby" || w == "node") && seg.kind == segCommand && i == firstWord(toks):
			// a one-liner that loads a package and calls it ("ruby -e
			// 'require \"covscope\"; …'"): the library behind the server,
			// a bypass where the text around it says the tools are down
			rest := strings.TrimSpace(s[t.end:seg.end])
			if (strings.HasPrefix(rest, "-e") || strings.HasPrefix(rest, "--eval")) && strings.Contains(rest, "require") && !importCheck(rest) {
				emit(hit{start: t.start, end: t.end})
			}
		case w == "curl" || w == "curling" || w == "wget" || w == "httpie" || w == "xh":
			if webhookCall(s[t.end:seg.end]) {
				continue // an alert posted to a chat webhook calls no server behind the tools
			}
			emit(hit{start: t.start, end: t.end, verb: w == "curling"})
		case w == "http" && (t.code || seg.kind == segCommand) && firstWord(toks) == i && httpieArgs(wordAt(toks, i+1)):
			emit(hit{start: t.start, end: t.end})
		case (w == "gh" || w == "hub" || w == "glab") && wordAt(toks, i+1) == "api" && (t.code || seg.kind == segCommand || toks[i+1].code):
			// a forge's CLI calling its REST or GraphQL API itself
			emit(hit{start: t.start, end: toks[i+1].end})
		case (w == "fallback" || w == "fallbacks") && !t.code && rawFallbackKinds[prevWord(toks, i)] && apiVerbBefore(toks, i):
			// "use the `flagctl` / REST fallbacks": the raw way named as the fallback
			emit(hit{start: toks[i-1].start, end: t.end})
		case (w == "command" && wordAt(toks, i+1) == "line" || w == "command-line" && !nounModifier(wordAt(toks, i+1))) &&
			!t.code && cliFallback(toks, i, text):
			// "go through the `dgx` command line instead": the CLI by its long name
			emit(hit{start: t.start, end: t.end})
		case (w == "post" || w == "posting") && !t.code && !(i > 0 && toks[i-1].s == ".") && urlAhead(seg, toks, i):
			// "POST the same payload to http://localhost:8090/execute"
			emit(hit{start: t.start, end: t.end, verb: true})
		case w == "api" || w == "apis":
			p := prevWord(toks, i)
			n := wordAt(toks, i+1)
			if apiPart[n] && wordAt(toks, i+2) == "directly" {
				n = "directly" // "calls the pipeline API client directly": the API, reached by its own client
			}
			named := p == "rest" || p == "http" || p == "raw" || p == "graphql" || p == "its" || p == "server's" ||
				apiOwners[p] || strings.HasSuffix(p, "'s")
			// "the filter's control API": an owner's API, named by what it controls
			owned := !named && apiModifiers[p] && strings.HasSuffix(prevWord2(toks, i), "'s")
			if named || p == "the" || owned ||
				n == "call" || n == "calls" || n == "directly" || n == "endpoint" || n == "endpoints" || n == "request" || n == "requests" {
				if (p == "the" || owned) && n != "directly" && !strings.Contains(text, "directly") && !hasAnyWord(text, fallbackCues) && !toolFailing(text) {
					continue
				}
				if !apiVerbBefore(toks, i) {
					continue // "each item costs one more API call": a count, not a call
				}
				emit(hit{start: t.start, end: t.end})
			}
		case (w == "cli" || w == "cli's") && !t.code && cliFallback(toks, i, text):
			// "If the MCP tools fail, use the cloud CLI instead": the
			// command-line program behind the tools, reached around them
			emit(hit{start: t.start, end: t.end})
		case w == "endpoint" || w == "endpoints":
			p := prevWord(toks, i)
			if (p == "rest" || p == "http" || p == "api" || p == "raw") && apiVerbBefore(toks, i) {
				// "call the REST endpoint", "POST to the API endpoint"; not
				// "check that your API endpoint supports function calling"
				emit(hit{start: t.start, end: t.end})
			}
		case (w == "raw" && wordAt(toks, i+1) == "http"):
			emit(hit{start: t.start, end: t.end})
		case w == "import" && !t.code && wordAt(toks, i+1) == "the" && (wordAt(toks, i+2) == "server" || wordAt(toks, i+2) == "server's"):
			// "import the server's tool functions and call them yourself"
			emit(hit{start: t.start, end: t.end, verb: true})
		case w == "import" && !t.code:
			// "import `gitea_mcp_server` and call the handler directly"
			if i+1 < len(toks) && toks[i+1].code && strings.Contains(toks[i+1].s, "mcp") {
				emit(hit{start: t.start, end: t.end, verb: true})
			}
		case (w == "requests" || w == "httpx" || w == "axios") && i+2 < len(toks) && toks[i+1].s == "." &&
			(toks[i+2].s == "post" || toks[i+2].s == "get" || toks[i+2].s == "put" || toks[i+2].s == "delete" || toks[i+2].s == "patch"):
			emit(hit{start: t.start, end: toks[i+2].end})
		}
	}
}

// cliFallback: the CLI at i is what a sentence sends the reader to when
// the tools fail: a verb that uses it governs it ("use", "fall back to",
// "switch to"), and the sentence names the tools failing or going around
// them.
func cliFallback(toks []token, i int, text string) bool {
	if !apiVerbBefore(toks, i) {
		return false
	}
	if hasAnyWord(text, []string{"not available via", "not available through", "not available in", "not supported by", "not exposed by"}) {
		return false // a capability the tools lack, not tools that fail
	}
	return toolFailing(text) || hasAnyWord(text, fallbackCues) && hasAnyWord(text, toolWords)
}

// cliLeadIn: the command's program w is the CLI that the code block's
// lead-in sends the reader to when the tools fail: the lead-in names the
// CLI or the command line and the tools failing or a fallback, and w is
// not a shell builtin or a general tool.
func cliLeadIn(seg *segment, w string) bool {
	if shellBuiltins[w] || genericTools[w] || removeCommands[w] || editorCommands[w] {
		return false // a builtin or a general tool, not a call of the CLI
	}
	lead := seg.v.leadIn() // read once per block
	if !hasAnyWord(lead, []string{"cli", "command line", "command-line", "cli's"}) {
		return false
	}
	f := strings.Fields(seg.text())
	if len(f) < 2 || packageManagers[w] && (f[1] == "install" || f[1] == "i" || f[1] == "add") {
		return false // a lone word (a package's name), or installing the CLI, which calls nothing yet
	}
	return toolFailing(lead) || hasAnyWord(lead, fallbackCues) && hasAnyWord(lead, toolWords)
}

// apiPart are the nouns after "API" that name the API itself, reached
// through them ("the API client directly", "the API server directly").
var apiPart = set("client", "clients", "server", "layer", "library", "endpoint", "endpoints")

// packageManagers install programs.
var packageManagers = set("npm", "pnpm", "yarn", "pip", "pip3", "pipx", "uv", "brew", "apt", "apt-get", "cargo", "go", "gem", "winget", "choco", "scoop")

// shellBuiltins set up the shell, not call anything.
var shellBuiltins = set("cd", "export", "set", "unset", "source", "alias", "pushd", "popd", "read", "test",
	"if", "then", "else", "fi", "for", "do", "done", "while", "case", "esac", "exit", "return", "local",
	"declare", "true", "false", "sleep", "wait", "pwd", "ls", "mkdir", "which", "type", "command", "eval", "exec")

// importCheck: a one-liner that loads a package only to print its version
// or where it is installed ("import x; print(x.__version__)", "puts
// X::VERSION"): an install check, not a call of the package.
func importCheck(prog string) bool {
	if strings.Contains(prog, "version") || strings.Contains(prog, "__file__") || strings.Contains(prog, "__path__") {
		return true
	}
	// SPEC's own form of the action is an import alone ("python -c
	// 'import …_mcp_server'"), so only Node's built-in modules are left out
	return nodeBuiltinsOnly(prog)
}

// nodeBuiltinsOnly: a node -e program that requires only Node's own
// modules (fs, path, os …): it reads files or the system, and calls no
// package behind a server ("JSON.parse(require('fs').readFileSync('.mcp.json'))").
func nodeBuiltinsOnly(prog string) bool {
	found := false
	for rest := prog; ; {
		k := strings.Index(rest, "require")
		if k < 0 {
			return found
		}
		rest = strings.TrimLeft(rest[k+len("require"):], " (\"'`")
		mod := rest
		if e := strings.IndexAny(mod, "\"'`) "); e >= 0 {
			mod = mod[:e]
		}
		switch strings.TrimPrefix(mod, "node:") {
		case "fs", "path", "os", "util", "crypto", "child_process", "url", "assert", "readline", "process", "fs/promises":
			found = true
		default:
			return false
		}
	}
}

// serverModule: the module a python -m runs is an MCP server's own
// ("bridge_server.cli", "relay_mcp.tools"), not a tool such as pip or venv.
// proseImportsServer: within three words after the verb at i, a module
// named for an MCP server ("the covscope_mcp package", "`relay_mcp.server`").
func proseImportsServer(toks []token, i int) bool {
	for k, n := i+1, 0; k < len(toks) && n < 3; k++ {
		t := toks[k]
		if !t.word {
			continue
		}
		n++
		top, _, _ := strings.Cut(t.s, ".")
		if strings.HasSuffix(top, "_mcp") || strings.HasPrefix(top, "mcp_") || strings.Contains(top, "_mcp_") ||
			strings.HasSuffix(top, "mcp_server") && top != "mcp_server" {
			return true
		}
	}
	return false
}

func serverModule(m string) bool {
	if e := strings.IndexAny(m, " \t`'\""); e >= 0 {
		m = m[:e]
	}
	return strings.Contains(m, "mcp") || strings.Contains(m, "server")
}

// webhookCall: the request goes to a chat or alert webhook ("curl -X
// POST \"$slack_webhook\"", hooks.slack.com, a Discord webhook URL).
func webhookCall(args string) bool {
	if k := strings.IndexAny(args, ";|&"); k >= 0 {
		args = args[:k]
	}
	return strings.Contains(args, "webhook") || strings.Contains(args, "hooks.slack.com")
}

// importsServer: a python -c program imports a module whose name says it
// is an MCP server's ("import gitea_mcp_server", "from relay.server
// import app"); "import json; json.load(open('mcp.json'))" reads a file.
func importsServer(prog string) bool {
	for _, kw := range []string{"import ", "from "} {
		for rest := prog; ; {
			k := strings.Index(rest, kw)
			if k < 0 {
				break
			}
			rest = rest[k+len(kw):]
			mod := rest
			if e := strings.IndexAny(mod, " ;,\"'\n)"); e >= 0 {
				mod = mod[:e]
			}
			if strings.Contains(mod, "mcp") || strings.Contains(mod, "server") {
				return true
			}
		}
	}
	return false
}

// pythonInfo: a code block's info string names Python.
func pythonInfo(info string) bool {
	f := strings.Fields(info)
	if len(f) == 0 {
		return false // an indented block, or a fence with no info string
	}
	switch strings.ToLower(f[0]) {
	case "python", "python3", "py", "pycon", "ipython":
		return true
	}
	return false
}

// importsMCPModule: a Python import statement ("import x", "from x
// import y") loads a package named as one MCP server's ("scene_mcp",
// "gitea_mcp_server"), not the SDK a server is written with ("mcp",
// "fastmcp", "mcp.server.fastmcp").
func importsMCPModule(line string) bool {
	f := strings.Fields(line)
	if len(f) < 2 || !(f[0] == "import" || f[0] == "from" && len(f) >= 4 && f[2] == "import") {
		return false
	}
	top, _, _ := strings.Cut(strings.TrimRight(f[1], ",;"), ".")
	return strings.HasSuffix(top, "_mcp") || strings.Contains(top, "_mcp_") || strings.HasSuffix(top, "_mcp_server") ||
		strings.HasSuffix(top, "mcp_server") && top != "mcp_server"
}

// apiModifiers say what an owner's API is for ("the gateway's admin API");
// the prefilter's routes list them after an owner's "s".
var apiModifiers = set("admin", "control", "management", "public", "private", "query", "data", "cloud",
	"account", "platform", "core", "search", "storage")

// rawFallbackKinds name a raw way as the fallback: "REST fallbacks".
var rawFallbackKinds = set("rest", "api", "http", "cli", "curl", "graphql")

// nounModifier: the word after "command-line" makes it a modifier of
// something else than the program ("command-line flags").
func nounModifier(n string) bool {
	switch n {
	case "flag", "flags", "option", "options", "argument", "arguments", "args", "parameter", "parameters", "switch", "switches", "usage":
		return true
	}
	return false
}

// apiOwners name whose API a raw call reaches: "the library API", "the
// gateway's API", "its socket API".
var apiOwners = set("library", "socket", "backend", "gateway", "underlying", "native", "internal", "web",
	"python", "ruby", "node", "json-rpc", "jsonrpc", "server", "service", "registry", "direct", "tool's")

// urlAhead: a URL or an absolute path stands within ten words after the
// verb at i, in its clause.
func urlAhead(seg *segment, toks []token, i int) bool {
	s := seg.v.f.s
	for k, n := i+1, 0; k < len(toks) && n < 10; k++ {
		t := toks[k]
		if !t.code && (t.s == "." && (k+1 >= len(toks) || toks[k+1].start > t.end) || t.s == ";") {
			return false
		}
		if t.word {
			n++
			if (t.s == "http" || t.s == "https") && k+1 < len(toks) && toks[k+1].s == ":" {
				return true
			}
		}
		if t.s == "/" && k+1 < len(toks) && toks[k+1].word && toks[k+1].start == t.end &&
			(k == 0 || toks[k-1].end < t.start || !toks[k-1].word) && strings.Contains(s[t.start:min(len(s), t.start+40)], "/") {
			return true
		}
	}
	return false
}

// healthCheck: a probe of a health endpoint is not a way around the tools.
func healthCheck(s string) bool {
	for _, p := range []string{"/health", "/healthz", "/readyz", "/livez", "/ping", "/status", "/metrics", "/version", "health_check", "healthcheck", "health check"} {
		if strings.Contains(s, p) {
			return true
		}
	}
	return false
}

// apiVerbBefore: a verb that calls the API governs it ("call the REST API",
// "fall back to the API", "curl/API calls", "via the API").
func apiVerbBefore(toks []token, i int) bool {
	for k := i - 1; k >= 0 && k >= i-8; k-- {
		t := toks[k]
		if !t.word {
			if t.s == "." || t.s == ";" {
				return false
			}
			continue
		}
		switch lemma(t.s, apiVerbForms) {
		case "":
		default:
			return true
		}
		if t.s == "via" || t.s == "through" || t.s == "with" || t.s == "curl" || t.s == "against" || t.s == "straight" || t.s == "to" && prevWord(toks, k) == "back" {
			return true
		}
	}
	return false
}

var apiVerbForms = inflections(set("call", "use", "hit", "query", "curl", "send", "post", "fall", "drive",
	"make", "request", "invoke", "try", "access", "bypass", "reach", "load", "read", "talk", "shell", "go"))

// httpieArgs: "http" opens an HTTPie command only before a method or URL.
func httpieArgs(next string) bool {
	switch next {
	case "get", "post", "put", "delete", "patch", "head", "options", "localhost", "https", "http":
		return true
	}
	return strings.Contains(next, ".") || strings.HasPrefix(next, ":")
}
