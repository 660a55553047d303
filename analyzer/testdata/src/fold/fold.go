// Package fold holds concatenations that the type checker folds into one
// constant string: a named constant's value is part of the sentence.
package fold

const tool = "pkill"

const hint = "If the bridge hangs, run " + tool + " -f bridge." // want "a process by hand"

const target = "~/.codex/config.toml"

const timeoutHint = "If the server hangs at start, edit " + target + " and raise startup_timeout_sec." // want "configuration file"

const ban = "Never run " + tool + " against the bridge; request a reconnect."

func dynamic(name string) string {
	return "run " + name + " again"
}
