// Package prose holds comments and strings read as text. Every case here
// reads the same without types, so the CLI reports exactly these findings.
package prose

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// When the bridge hangs, run pkill -f bridge and call whoami again. // want "a process by hand"
func recommendInComment() {}

// Never run pkill against the bridge; ask the operator to reconnect instead.
func banInComment() {}

// TODO: kill this workaround once upstream lands.
func otherSense() {}

/* If the bridge hangs, run killall bridge. // want "a process by hand" */
func blockComment() {}

var errStale = errors.New("bridge is stale: run `pkill -f bridge` and call whoami again") // want "a process by hand"

var errStaleBan = errors.New("bridge is stale: do not pkill it; ask the operator to reconnect")

var errAuth = errors.New("gitea returned 401: add a fresh GITEA_TOKEN to .env and restart the server") // want "a .env file"

func startup(ns string) error {
	return fmt.Errorf("MCP server %s unreachable: edit ~/.codex/config.toml and set startup_timeout_sec = 60", ns) // want "configuration file"
}

var errStuck = errors.New("if the merge is stuck, delete ~/.gitea-mcp/terminal.lock and retry") // want "session state"

const reloadHint = "If the servers are stale, bump the mtime of ~/.codex/config.toml to force a reload." // want "force a reload"

const rawHint = `If the bridge hangs,
run killall bridge and retry.` // want "a process by hand"

const rawBan = `If the bridge hangs,
never run killall; request a reconnect.`

// fallbackHint is wrapped over two literals; the sentence is read whole.
const fallbackHint = "If create_issue fails, curl -H \"Authorization: token $TOKEN\" " + // want "when the tools fail"
	"\"$URL/api/v1/repos/o/r/issues\" directly."

// splitHint names the failure in one literal and the file in the next:
// only the joined sentence is a recovery step.
const splitHint = "If the server hangs after an update, edit " + // want "configuration file"
	"~/.codex/config.toml to raise startup_timeout_sec."

// forbiddenPatterns are data for a guard, not advice.
var forbiddenPatterns = []string{
	"pkill -f bridge",
	"touch ~/.codex/config.toml",
}

var killRe = regexp.MustCompile(`\bpkill\s+-f\b`)

func isKill(cmd string) bool {
	return strings.Contains(cmd, "kill -9 bridge") || killRe.MatchString(cmd)
}

const word = "pkill"
