package rules

import (
	"iter"
	"path"
	"slices"
	"strings"
)

// KillProgram reports whether running the program with these arguments
// ends or signals processes: pkill, killall, kill (not kill -0 or kill -l),
// taskkill, fuser -k, and PowerShell's Stop-Process. Code front ends use it
// for exec.Command, subprocess.run and the like.
func KillProgram(name string, args []string) bool {
	return killProgram(name, slices.Values(args))
}

// killProgram is KillProgram over arguments read one at a time.
func killProgram(name string, args iter.Seq[string]) bool {
	b := strings.ToLower(path.Base(strings.ReplaceAll(name, "\\", "/")))
	b = strings.TrimSuffix(b, ".exe")
	if at := strings.IndexByte(b, '@'); at > 0 {
		b = b[:at] // a package run at a version: kill-port@2
	}
	switch b {
	case "pkill", "killall", "taskkill", "tskill", "xkill", "pskill", "kill-port", "killport", "fkill", "fkill-cli", "tree-kill":
		return true
	case "kill":
		for a := range args {
			if a == "-0" || a == "-l" || a == "-L" || a == "--list" {
				return false
			}
		}
		return true
	case "fuser":
		for a := range args {
			if a == "-k" || strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.Contains(a, "k") {
				return true
			}
		}
	case "powershell", "pwsh":
		for a := range args {
			if strings.Contains(strings.ToLower(a), "stop-process") {
				return true
			}
		}
	case "systemctl", "launchctl":
		first := ""
		for a := range args {
			first = a
			break
		}
		return first == "kill"
	}
	return false
}

// IsConfigPath reports whether a path names an MCP or client
// configuration file; IsEnvPath and IsStatePath below ask the same of an
// environment file and of session state (lock, lease, heartbeat, session
// files, state databases).
func IsConfigPath(p string) bool { return isConfigFile(strings.ToLower(p)) }

// IsEnvPath reports whether p names an environment file such as .env.
func IsEnvPath(p string) bool { return isEnvFile(strings.ToLower(p)) }

// envFileCues are the spellings by which code names an environment file
// held in a variable or built at run time (DOTENV_PATH, envFile, env_path).
var envFileCues = []string{".env", "dotenv", "env_file", "envfile", "env_path", "envpath"}

// NamesEnvFile reports whether the source of an expression that names a
// file (a variable, a call, a path literal) says the file is an
// environment file rather than a client's config; the code scanners use it
// to choose env-edit over config-edit for a write.
func NamesEnvFile(expr string) bool {
	l := strings.ToLower(expr)
	for _, c := range envFileCues {
		if strings.Contains(l, c) {
			return true
		}
	}
	return false
}

// IsReloadTarget reports whether p names a file that exists to be
// touched so that a watcher reloads: a restart sentinel, a reload trigger
// or stamp (tmp/restart.txt, reload.trigger).
func IsReloadTarget(p string) bool { return reloadTarget(p) }

// RecoveryFile reports whether a file's name says it is there to get out
// of a failure (fix-cursor-mcp.sh, restore_mcp.js, repair-config.py,
// TROUBLESHOOTING.md): code in it that edits a client's config or an env
// file does so as a recovery step.
//
// A code file's name is read for what it does, not for what it handles:
// errors.ts, timeout.js, resolve.py or engine-OLD-BROKEN.js name a module
// for its subject or its own state, and none of them is a fix script.
// So the cues are acts of mending and the stuck states they mend.
func RecoveryFile(name string) bool {
	t := fileTitle(name)
	return t != "" && hasAnyWord(t, fixTitleWords)
}

// fixTitleWords say a file is there to mend something (fix-mcp.sh,
// restore_mcp.js, unstick-server.py, clear-stale-locks.sh).
var fixTitleWords = []string{"fix", "fixes", "fixer", "fixing", "hotfix", "quickfix", "quick fix", "repair",
	"repairs", "recover", "recovery", "restore", "heal", "unstick", "unfreeze", "unblock", "rescue",
	"troubleshoot", "troubleshooting", "workaround", "workarounds", "reconnect", "stale", "stuck",
	"wedged", "hung", "hang", "frozen", "emergency", "fallback", "fall back", "last resort",
	"unlock"}

// NamesFix reports whether a script's header or a function's doc says it
// fixes something: fix, repair, recover, restore, unstick, a workaround,
// or a stale, stuck or broken thing it mends. Narrower than a file name's
// cues: a header that says a setup "fails if node is missing" is no fix.
func NamesFix(text string) bool {
	return hasAnyWord(fold(text).s, fixWords)
}

var fixWords = []string{"fix", "fixes", "fixing", "repair", "repairs", "recover", "recovers", "recovery",
	"restore", "restores", "unstick", "workaround", "stale", "stuck", "wedged", "broken", "troubleshoot"}

// NamesFallback reports whether text (a script's header comment) says the
// agent's tools are failing or bypassed: "Its own MCP tools are down, so
// talk to the upstream directly". A script so introduced calls an API as
// the fallback.
func NamesFallback(text string) bool {
	l := fold(text).s
	return toolFailing(l) || hasAnyWord(l, fallbackCues) && hasAnyWord(l, toolWords)
}

// ReloadScript reports whether a script's name or header comment says it
// makes something reload or restart ("reload_workers.py", "# Quick way to
// restart every dev server: they run under nodemon"): there a touch of
// a file that exists is the trigger its watcher reloads on.
func ReloadScript(name, header string) bool {
	words := []string{"reload", "reloads", "reloading", "restart", "restarts", "restarting", "redeploy", "hot-reload",
		"hotreload", "nodemon", "watcher", "watchers"}
	return hasAnyWord(fileTitle(name), words) || hasAnyWord(fold(header).s, words)
}

// IsStatePath reports whether p names session state kept on disk.
func IsStatePath(p string) bool { return isStateFile(strings.ToLower(p)) }

// CodeEditsState reports whether code that removes or rewrites p edits
// session state: state a server, a client or another session owns
// (locks, sessions/, a tool's state under the home folder) always; a
// workflow's own progress record (state.json, a runtime-state folder of
// a build, in the code's own tree) only in code that runs as a
// recovery step, as in prose: the scanner says so by recovery (a fix
// script's header, a repair function; asked only of such a record, nil
// where the scanner knows no such scope), or
// the file's name does (fix-state.sh, reset_breaker.py). A record at an
// absolute path outside the temporary folders (/data/agent_state.json) is
// another program's.
func CodeEditsState(p, file string, recovery func() bool) bool {
	p = strings.ToLower(p)
	if lockRelease(p, file) {
		return false
	}
	if isOwnedState(p) {
		return true
	}
	if !isWorkflowState(p) {
		return false
	}
	elsewhere := strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "/tmp/") && !strings.HasPrefix(p, "/var/tmp/")
	return elsewhere || recovery != nil && recovery() || RecoveryFile(file) || hasAnyWord(fileTitle(file), resetWords)
}

// lockRelease: the file is the release half of a lock's own API
// (release.sh, release-workspace-lock.sh) and p names a lock
// file: code named for releasing a lock removes the one its acquire half
// took (SPEC, Code: its own lock through its own lock API). An
// "unlock" script is another matter: it mostly forces another's lock.
func lockRelease(p, file string) bool {
	b := baseName(p)
	if !(strings.HasSuffix(b, ".lock") || strings.HasSuffix(b, ".lck") || b == "lock" || b == "lockfile") {
		return false
	}
	return hasAnyWord(fileTitle(file), []string{"release"})
}

// resetWords in a file's name say that it puts state back to a start.
var resetWords = []string{"reset", "unlock", "clear", "wipe", "purge"}
