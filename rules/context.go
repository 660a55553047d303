package rules

import "strings"

// recoveryCues mark text about getting out of a failure.
var recoveryCues = []string{"stale", "stuck", "hang", "hangs", "hung", "hanging", "freeze",
	"frozen", "freezes", "disconnect", "disconnected", "disconnects", "transport closed", "eof",
	"not responding", "stops responding", "stopped responding", "unresponsive", "crash", "crashed",
	"crashes", "crashing", "fail", "fails", "failed", "failing", "failure", "error", "errors",
	"broken", "reconnect", "recover", "recovery", "recovering", "fix", "fixes", "fixing",
	"workaround", "unstick", "troubleshoot", "troubleshooting", "timed out",
	"times out", "won't start", "doesn't start", "does not start", "not working",
	"doesn't work", "does not work", "401", "403", "unauthorized", "invalid", "expired",
	"conflict", "conflicts", "already in use", "problem", "problems", "solution", "solutions",
	"resolve", "resolution", "emergency", "repair", "went wrong", "goes stale", "symptom",
	"not found", "unable to", "cannot connect", "can't connect", "refused", "rotation",
	"issue", "issues", "restart", "reload", "unreachable", "down", "debug", "debugging", "missing"}

// setupCues mark text about installing or configuring for the first time.
var setupCues = []string{"setup", "set up", "set-up", "install", "installation", "installing",
	"getting started", "get started", "quick start", "quickstart", "onboarding", "first time",
	"prerequisites", "configure", "configuration", "configuring", "register", "registering",
	"adding", "initial", "create", "creating", "uninstall", "uninstalling", "usage"}

// sentence-level setup cues are stricter: "configuration" there is often
// the file being edited.
var sentenceSetupCues = []string{"setup", "set up", "install", "installation", "installing",
	"getting started", "onboarding", "first time", "initially", "prevents", "prevent"}

// recoveryVerdict reads one level of context: +1 recovery, -1 setup, 0 silent.
func recoveryVerdict(text string, setup []string) int {
	if text == "" {
		return 0
	}
	l := fold(text).s
	if hasAnyWord(l, recoveryCues) && !hasAnyWord(l, []string{"prevent", "prevents", "preventing", "avoid"}) {
		return 1
	}
	if hasAnyWord(l, setup) {
		return -1
	}
	return 0
}

// inRecovery reports whether the segment is a recovery step: its sentence,
// its list item or table row, its lead-in, or its section is about getting
// out of a failure, and no nearer level frames it as setup.
func (v *view) inRecovery(seg *segment) bool {
	c := v.u.Ctx
	levels := []struct {
		text  string
		setup []string
	}{
		{seg.text(), nil},
		{seg.prose(), sentenceSetupCues},
		{seg.caption, sentenceSetupCues},
	}
	if c.ListItem || c.Column != "" || v.u.Kind == CodeBlock {
		levels = append(levels, struct {
			text  string
			setup []string
		}{strings.Join(c.Row, " "), sentenceSetupCues})
	}
	if c.ListItem && v.u.Kind != CodeBlock {
		levels = append(levels, struct {
			text  string
			setup []string
		}{v.u.Text, sentenceSetupCues})
	}
	for _, t := range []string{c.Label, c.Before, c.LeadIn} {
		levels = append(levels, struct {
			text  string
			setup []string
		}{t, setupCues})
	}
	for i := len(c.Headings) - 1; i >= 0; i-- {
		levels = append(levels, struct {
			text  string
			setup []string
		}{c.Headings[i], setupCues})
	}
	for _, l := range levels {
		switch recoveryVerdict(l.text, l.setup) {
		case 1:
			return true
		case -1:
			return false
		}
	}
	return false
}

// fallbackCues mark going around the tools.
var fallbackCues = []string{"fall back", "fallback", "fall-back", "falls back", "bypass",
	"bypassing", "workaround", "work around", "circumvent", "go around", "instead of the tool",
	"instead of the mcp", "instead of using the tool", "instead of calling the tool",
	"only if failed", "if failed", "tools are down", "tool is down", "tools fail", "tool fails"}

// failureCues mark a tool or server that is failing.
var failureCues = []string{"fail", "fails", "failed", "failing", "unavailable", "down",
	"times out", "timed out", "timeout", "not responding", "unresponsive", "eof",
	"transport closed", "closed", "stale", "broken", "disconnected", "not working",
	"doesn't work", "does not work", "hangs", "hung", "stuck", "errors out"}

// inFallback reports whether a raw API call is presented as a way around
// the tools.
func (v *view) inFallback(seg *segment, h hit) bool {
	s := seg.text()
	if hasAnyWord(s, fallbackCues) || hasAnyWord(s, failureCues) {
		return true
	}
	// "directly" counts when it follows the API action: "curl the API directly"
	if k := strings.Index(s[h.start-seg.start:], "directly"); k >= 0 {
		return true
	}
	c := v.u.Ctx
	for _, t := range []string{seg.caption, c.Label, c.Before, c.LeadIn} {
		l := fold(t).s
		if hasAnyWord(l, fallbackCues) || hasAnyWord(l, failureCues) {
			return true
		}
	}
	for i := len(c.Headings) - 1; i >= 0 && i >= len(c.Headings)-2; i-- {
		l := fold(c.Headings[i]).s
		if hasAnyWord(l, fallbackCues) || hasAnyWord(l, failureCues) {
			return true
		}
	}
	return false
}
