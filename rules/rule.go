package rules

import "strings"

// Need names the context a rule needs before its action counts: some
// actions are forbidden only as a way out of a failure.
type Need uint8

const (
	// Anywhere: the action is forbidden in any context.
	Anywhere Need = iota
	// Recovery: the action counts only as a recovery step (the sentence,
	// its list item or row, or its section is about getting out of a failure).
	Recovery
	// Fallback: the action counts only as a way around the tools ("if the
	// tool fails", "instead of the tool", "directly", "fall back to").
	Fallback
)

// Doc is a rule's documentation. It feeds `recoverlint rules RULE`, the
// README's rule table and SARIF rule descriptions.
type Doc struct {
	Title string   // one line
	Text  string   // why the action is forbidden and what to do instead
	Bad   []string // text that recommends the action
	Good  []string // text that bans, mentions or does the sanctioned thing
}

// Examples are short documents that go test runs through the whole
// pipeline: each Recommend example must yield a finding of the rule, each
// Prohibit and Mention example none.
type Examples struct {
	Recommend []string
	Prohibit  []string
	Mention   []string
}

// Rule is one forbidden recovery action.
type Rule struct {
	ID       string
	Summary  string // one line, for listings
	Message  string // the finding's message: what is wrong and what to do
	Needs    Need
	Doc      Doc
	Examples Examples
	// stems are lower-case fragments every hit of the rule contains (in
	// folded text); a segment without any of them is not searched.
	stems []string
	// routes list every way by which find can report a hit, for the
	// prefilter (prefilter.go): a summary of find and of the context the
	// rule's verdicts need. A route missing here makes mayHit skip
	// segments the rule could report (TestRoutesCoverFindings fails); a
	// local or context group the rule does not need makes the section
	// filter skip sections it could report
	// (check.TestFilteredSourceMatchesFull fails). A built-in rule
	// without routes is refused when the filter is built.
	routes []routeSpec
	// captions are the verbs of a caption comment ("# Safe to remove if no
	// git process is active") that take the command below as the object
	// of this rule's action.
	captions []string
	// find reports the places in a segment that name the action.
	find func(seg *segment, emit func(hit))
}

// hit is a place in a segment that names a rule's action.
type hit struct {
	start, end int // byte range in the folded text of the word that names the action
	// verb is set when the hit is a verb form (kill, killing, killed,
	// "force kill"): its own form decides the mood.
	verb bool
	// recovery marks a hit that counts only as a recovery step, whatever
	// its rule: a workflow's own state.json, say, is its own business.
	recovery bool
	// client marks a hit on a configuration named only generically ("the
	// config", config.toml without a folder): it counts where the text is
	// about MCP clients and servers.
	client bool
	// server marks a generic configuration named as a server's or a
	// client's ("the server's config entry"): it counts in any document
	// that names MCP.
	server bool
}

// mayHit reports whether the segment contains one of the rule's stems
// and, for a built-in rule, one of its routes (prefilter.go). The file and
// section prefilters decide on the same routes, so enforcing them here
// keeps a finding from depending on whether its file was filtered.
//
// The routes are read first: the segment's groups are found once for all
// rules, and they rule out more than the stems do.
func (r *Rule) mayHit(seg *segment) bool {
	if routes, ok := routeGate[r]; ok {
		g := seg.routeGroups()
		hit := false
		for _, rt := range routes {
			if !rt.leadIn && g&rt.groups == rt.groups && seg.v.words().holds(rt.local, false) {
				hit = true
				break
			}
		}
		if !hit {
			// a command may take its route from the block's lead-in
			if seg.kind == segCommand && seg.v.u.Kind == CodeBlock {
				lg := g | seg.v.leadInGroups()
				for _, rt := range leadInGate[r] {
					if lg&rt.groups == rt.groups && seg.v.words().holds(rt.local, true) {
						return true
					}
				}
			}
			return false
		}
	}
	if len(r.stems) == 0 || containsAny(seg.text(), r.stems) {
		return true
	}
	// the stems of a command may stand in its block's lead-in, as its
	// route may
	return seg.kind == segCommand && seg.v.u.Kind == CodeBlock && containsAny(seg.v.leadIn(), r.stems)
}

func containsAny(s string, subs []string) bool {
	for _, st := range subs {
		if strings.Contains(s, st) {
			return true
		}
	}
	return false
}
