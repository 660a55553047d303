package reconnect

import (
	"fmt"
	"strings"
)

// Client is the agent host whose reconnect control the operator uses. Only
// hosts whose control could be stated from their public documentation are
// listed; any other host gets the generic steps.
type Client string

const (
	// ClientCodex is OpenAI Codex (CLI and TUI).
	ClientCodex Client = "codex"
	// ClientClaudeCode is Anthropic's Claude Code.
	ClientClaudeCode Client = "claude_code"
	// ClientClaudeDesktop is the Claude Desktop app.
	ClientClaudeDesktop Client = "claude_desktop"
	// ClientVSCode is Visual Studio Code (agent mode).
	ClientVSCode Client = "vscode"
	// ClientGeneric is any other MCP host.
	ClientGeneric Client = "generic"
)

// DefaultClient is the client assumed when a request names none.
const DefaultClient = ClientCodex

// Clients lists the client vocabulary in a stable order.
func Clients() []Client {
	return []Client{ClientCodex, ClientClaudeCode, ClientClaudeDesktop, ClientVSCode, ClientGeneric}
}

func clientAlias(key string) (Client, bool) {
	switch key {
	case "codex", "openai_codex", "codex_cli", "openai":
		return ClientCodex, true
	case "claude_code", "claude", "claudecode", "anthropic":
		return ClientClaudeCode, true
	case "claude_desktop", "claude_app":
		return ClientClaudeDesktop, true
	case "vscode", "vs_code", "visual_studio_code", "code":
		return ClientVSCode, true
	case "generic", "other", "host":
		return ClientGeneric, true
	}
	return "", false
}

// ParseClient returns the client a spelling stands for, with the same
// normalisation as ParseReason; the empty string is DefaultClient. An
// unknown client is an error: use ClientGeneric for a host not listed.
func ParseClient(s string) (Client, error) {
	return parseWord(s, DefaultClient, clientAlias, "client", "client", Clients())
}

// operatorSteps returns the exact steps the operator takes in the client's
// UI to reconnect the namespaces, ending with the agent's restart from the
// preflight tools. Namespaces and preflight tools are inserted as given,
// so they must have passed validate.
func operatorSteps(c Client, namespaces, preflight []string) []string {
	servers := serverPhrase(namespaces)
	var steps []string
	switch c {
	case ClientCodex:
		// Codex lists its MCP servers and their tools with the /mcp slash
		// command and starts them when a session starts; `codex resume`
		// reopens an earlier session. Sources: the Codex MCP documentation,
		// https://developers.openai.com/codex/mcp, and the /mcp command of
		// the TUI, https://github.com/openai/codex (codex-rs/tui).
		steps = []string{
			fmt.Sprintf("In the Codex session, type /mcp and check whether %s is listed with its tools.", servers),
			"Codex starts its MCP servers when a session starts: leave this session with /quit and start Codex again in the same workspace (codex resume reopens the same conversation).",
			fmt.Sprintf("In the new session, type /mcp again and confirm that %s is listed with its tools.", servers),
		}
	case ClientClaudeCode:
		// Claude Code's /mcp menu shows each server's status and offers
		// Reconnect for one server; `claude --continue` reopens the latest
		// conversation. Sources: https://code.claude.com/docs/en/mcp and
		// https://code.claude.com/docs/en/cli-reference.
		steps = []string{
			"In Claude Code, type /mcp to open the list of MCP servers and their status.",
			fmt.Sprintf("Select %s and choose Reconnect.", servers),
			"If Reconnect fails, leave Claude Code with /exit and start it again with claude --continue, which starts every MCP server afresh and reopens the conversation.",
		}
	case ClientClaudeDesktop:
		// Claude Desktop shows its local MCP servers under Settings, then
		// Developer, and starts them when the app starts. Source:
		// https://modelcontextprotocol.io/docs/develop/connect-local-servers.
		steps = []string{
			fmt.Sprintf("In Claude Desktop, open Settings, then Developer, and look at the status of %s.", servers),
			"Quit Claude Desktop from its menu (closing the window is not enough) and open it again; the app starts its MCP servers when it starts.",
			fmt.Sprintf("Open Settings, then Developer, again and confirm that %s is running.", servers),
		}
	case ClientVSCode:
		// VS Code lists MCP servers with the "MCP: List Servers" command; a
		// selected server offers Start, Stop, Restart and Show Output.
		// Sources: https://code.visualstudio.com/docs/copilot/chat/mcp-servers
		// and https://code.visualstudio.com/docs/copilot/guides/mcp-developer-guide.
		steps = []string{
			"In VS Code, open the Command Palette and run MCP: List Servers.",
			fmt.Sprintf("Select %s and choose Restart Server.", servers),
			"If the server does not come back, choose Show Output for it to read its log, then run Developer: Reload Window.",
		}
	default:
		steps = []string{
			fmt.Sprintf("In the agent host, use its own reconnect or reload control for %s.", servers),
			"If the host has no control for a single server, leave the host session with its own exit command and start it again, so that it starts its MCP servers afresh.",
		}
	}
	return append(steps, fmt.Sprintf("After the reconnect, rerun the blocked workflow from preflight: %s; never resume halfway through a mutation started before the reconnect.", preflightPhrase(preflight)))
}

// serverPhrase names the servers in a step: "the MCP server 'a'" or "each
// of the MCP servers 'a', 'b' and 'c'".
func serverPhrase(namespaces []string) string {
	if len(namespaces) == 1 {
		return "the MCP server '" + namespaces[0] + "'"
	}
	return "each of the MCP servers " + quotedList(namespaces)
}

// quotedList renders 'a', 'b' and 'c'.
func quotedList(items []string) string {
	q := make([]string, len(items))
	for i, it := range items {
		q[i] = "'" + it + "'"
	}
	if len(q) <= 1 {
		return strings.Join(q, "")
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}

// preflightPhrase renders "whoami, then resolve_task_capability, then
// original_task".
func preflightPhrase(tools []string) string {
	return strings.Join(tools, ", then ")
}
