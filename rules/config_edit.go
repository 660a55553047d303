package rules

import "strings"

// ConfigEdit is the rule against editing MCP or client configuration as a
// recovery step.
var ConfigEdit = &Rule{
	ID:      "config-edit",
	Summary: "editing MCP, client or server configuration files (mcp.json, config.toml, settings.json) as a recovery step",
	Message: "recommends editing an MCP or client configuration file to recover; the client reloads every server and " +
		"in-flight calls are lost. Ask the operator to reconnect the one server through the host instead",
	Needs: Recovery,
	Doc: Doc{
		Title: "Editing MCP configuration to recover",
		Text: `Configuring servers during installation is fine. As a recovery step, an edit of mcp.json,
config.toml, settings.json or claude_desktop_config.json makes the client re-read its whole
server table: every server restarts and every session loses its in-flight calls, and a
hand edit in a hurry often breaks the file for everyone.

What to do instead: request a reconnect of the stale namespace; if the configuration is
really wrong, report it as a blocker for the operator to fix outside the running session.`,
		Bad:  []string{"## If the server won't start\n\nEdit `.cursor/mcp.json` and change `command` to an absolute path."},
		Good: []string{"## Installation\n\nAdd the server to `.cursor/mcp.json`."},
	},
	Examples: Examples{
		Recommend: []string{
			"## Fixing \"Server disconnected\"\n\nOpen `claude_desktop_config.json`, delete the `gitea` entry, and add it back.\n",
			"If gitea tools fail with EOF, fix `~/.codex/config.toml` by setting `transport = \"stdio\"`.\n",
		},
		Prohibit: []string{
			"## Troubleshooting\n\nDo not edit `mcp.json` or `config.toml` to recover a server.\n",
		},
		Mention: []string{
			"## Installation\n\nAdd this table to `~/.codex/config.toml`.\n",
			"## Tools missing\n\nCheck that `.mcp.json` is valid JSON: `jq . .mcp.json`.\n",
		},
	},
	stems: []string{"config", "settings", "mcp", ".json", ".toml", ".yaml", ".yml", "mcp_servers", "mcpservers", "server entr"},
	// routes are what the prefilter looks for before the rule reads a
	// text: every hit of find has a route (TestRoutesCoverFindings).
	routes: []routeSpec{
		// fileEdit edits nothing without its verb (wEditVerb)
		{groups: [][]string{configFileNames()}, local: []int{wEditVerb}},
		// a generic noun ("the config") counts only about MCP clients
		{groups: [][]string{{"config", "settings file", "mcp settings", "mcpservers", "server entry", "server entries"}}, local: []int{wEditVerb}, context: []int{wClient}},
		// one a server's or client's ("the server's configuration", "the
		// client config") names whose it is (serverConfig)
		{groups: [][]string{{"config", "settings file", "mcp settings", "mcpservers", "server entry", "server entries"}, serverConfigWords()}, local: []int{wEditVerb}},
	},
	// captions are the verbs of a code block comment that, with no object
	// of their own, name this action of the command under them.
	captions: []string{"remove", "delete", "clear", "reset", "edit", "update", "modify"},
	find: func(seg *segment, emit func(hit)) {
		// a JSON file named beside an mcpServers key is a client's server
		// table, whatever the file is called ("Set X in ~/.agent.json
		// mcpServers.relay.env")
		table := strings.Contains(seg.text(), "mcpservers")
		isTarget := func(p string) bool {
			return isConfigFile(p) || table && strings.HasSuffix(p, ".json")
		}
		fileEdit(seg, isTarget, []string{"config", "configuration", "configs", "config file", "configuration file", "settings file", "mcp settings", "mcpservers",
			"server entry", "server entries"}, func(h hit) {
			if !h.client {
				// a generic name (config.toml, settings.json) outside a client's
				// folder needs the MCP context too
				specific := false
				for _, r := range paths(seg) {
					if isConfigFile(r.s) && specificConfig(r.s) {
						specific = true
					}
				}
				h.client = !specific
			}
			emit(h)
		})
	},
}

// serverConfigWords are the patterns of the phrases serverConfig reads
// as a server's or client's configuration: a possessive, or the noun
// before a config word.
func serverConfigWords() []string {
	out := []string{"^server's", "^servers'", "^client's", "^clients'"}
	for _, n := range []string{"server", "servers", "client", "clients"} {
		for _, c := range []string{"config", "entr", "settings", "block"} {
			out = append(out, "^"+n+" "+c)
		}
	}
	return out
}
