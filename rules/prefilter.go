package rules

import (
	"bytes"
	"compress/flate"
	_ "embed"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"io"
	"maps"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
)

// This file decides, before anything is parsed or classified, which text
// can hold a finding at all. It is a filter, never a judge: every answer
// it gives is "maybe" or "certainly not", and "certainly not" must hold
// for every spelling the classifier would read as the action.
//
// Each built-in rule lists routes: sets of word groups that must all occur
// in a segment for its find function to report a hit there (hits are the
// only source of findings). Rule.mayHit enforces the routes, so a segment
// without them is never searched; the checks below are therefore exact
// supersets of what the classifier can see, not guesses about it.
//
// Words are matched by one automaton (a DFA built from the patterns) over
// the text as fold would spell it: lower case, look-alike and full-width
// letters folded, invisible characters dropped. Bytes that Markdown
// markup, inline code or fold may remove between two letters (* _ ~ ` \
// [ ] ! < > ' ") are read as "maybe nothing, maybe a separator", and text
// that can vanish as a whole (a link's "(target)", a reference "[label]",
// inline HTML) is read both ways. So "pk**ill**", "p\u200bkill",
// "ki<b>ll</b>" and "[ki](x)ll" all reach the classifier, which reads them
// after the same removals.

// routeSpec is one way a rule's find function reaches a hit. Every
// group of groups (a list of alternative patterns) must occur in the
// segment; mayHit enforces them. The word groups in local must occur in
// the segment too, and those in context in the segment, its unit or the
// headings above it (where the find function or counts reads them); the
// section filter checks these, mayHit does not.
type routeSpec struct {
	groups  [][]string
	local   []int // word groups (wRecovery…) needed in the segment
	context []int // word groups needed in the segment, unit or headings
	// leadIn lets the groups occur in the sentence or heading that
	// introduces a code block instead of the command itself ("If the
	// tools fail, use the CLI:" over `gh pr create …`); see UnitOf.
	leadIn bool
	// tables marks SQL keywords: a match counts only where the name of a
	// state table may follow it (see stateTableAfter).
	tables bool
}

// Pattern syntax: letters, digits and punctuation match themselves (case
// folded); '^' at the start needs a non-alphanumeric byte (or the start of
// the text) before the word, '$' at the end one after it; ' ' matches one
// or more blanks; '%' matches any run of letters and digits; '\\' matches a
// path separator ('/' or a backslash, which markup or fold may remove).
// Characters that markup may remove (see deletable) are dropped from
// patterns, since the text may have lost them too.

// stateFilePatterns match the state file names and folders that
// isOwnedState and isWorkflowState read.
var stateFilePatterns = []string{".lock$", "\\lock", ".lck", "^heartbeat", "\\lease", "^lease.json",
	"^leases.json", ".in_use", ".db", ".sqlite", "\\session", "^state.json", "^state.yaml", "^state.yml",
	"^session.json", "^sessions.json", "singleton", ".~lock", "dirlock",
	// state data and folders by their shape (stateData, dirNamed): names
	// with an extension or a path around them, not identifiers such as
	// POWER_STATE
	"state.json", "state.jsonl", "state.yaml", "state.yml", "state.db", "state.sqlite", "state.toml",
	"session.json", "session.jsonl", "session.db", "session.sqlite", "sessions.json", "session-cache", "session_cache",
	"checkpoint.json", "checkpoints.db", "checkpoints.sqlite", "checkpoint.db", "checkpoint.sqlite",
	"breaker.json", "breaker.yaml", "breaker.db", "breaker.state",
	"state\\", "\\state$", "\\states\\", "\\checkpoints", "\\transcripts", "sessions\\"}

// authCachePatterns are the folders authCache reads a tool's stored
// credentials under, and the words that name them.
var authCachePatterns = [][]string{{"~\\.", "home\\.", ".cache\\"}, {"auth", "token", "credential"}}

// stateNounPatterns are the prose forms stateNoun reads.
func stateNounPatterns() []string {
	out := []string{"^lock$", "^locks$", "^lockfile", "^heartbeat", "^lease", "^pidfile", "^pid file", "^transcript", "lock file"}
	for _, n := range []string{"session", "state", "sessions"} {
		for h := range stateHeads {
			out = append(out, "^"+n+" "+h+"$")
		}
		for o := range stateOwners {
			out = append(out, "^"+o+" "+n+"$")
		}
	}
	slices.Sort(out)
	return out
}

// configFileNames are the configuration file names isConfigFile reads,
// and its table prefixes.
func configFileNames() []string {
	var out []string
	for _, names := range []map[string]bool{mcpConfigNames, genericConfigNames} {
		for n := range names {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return append(out, "mcp_servers", "mcpservers", "mcp.")
}

// wordPatterns turns cue phrases read with hasAnyWord into whole-word patterns.
func wordPatterns(cues []string) []string {
	out := make([]string, len(cues))
	for i, c := range cues {
		out[i] = "^" + c + "$"
	}
	return out
}

// Word groups of the second automaton, read only in sections that hold a
// route's words: the context a rule needs, and words its find function
// needs beside them.
const (
	wRecovery  = iota // recoveryCues, weakRecoveryCues: what inRecovery reads
	wFallback         // fallbackCues, failureCues, "directly": what inFallback reads
	wProcess          // processObject words and processNouns: what killVerb reads
	wClient           // clientWords and "mcp": what aboutClients reads
	wReload           // config words and file names, reload words: configInSegment, reloadContext
	wStateVerb        // the forms of stateVerbs
	wTimeVerb         // the forms of the verbs that update a timestamp
	wTouch            // what makes a touch count: time flags, config, env and state files, reload words
	wDocClient        // MCP configuration files and tables: a document about them (AboutClients)
	wURL              // a URL or an absolute path after POST (urlAhead)
	wEditVerb         // the forms of editVerbs and the editor and remove commands (fileEdit's verb)
	numWordGroups
)

func wordGroups() [numWordGroups][]string {
	var g [numWordGroups][]string
	g[wRecovery] = append(wordPatterns(titleRecoveryCues), wordPatterns(weakRecoveryCues)...)
	// "errors": toolFailing reads "tracker_init errors" as a failing tool
	g[wFallback] = append(append(append(wordPatterns(fallbackCues), wordPatterns(failureCues)...), wordPatterns(weakFallbackCues)...),
		"directly", "^errors$")
	g[wProcess] = append(wordPatterns(processNouns), wordPatterns([]string{"process", "processes", "proc", "procs",
		"pid", "pids", "server", "servers", "daemon", "daemons", "instance", "instances", "node", "node.js", "port",
		"ports", "job", "jobs", "worker", "workers", "task", "tasks", "pgid", "subprocess", "subprocesses", "service",
		"services", "runtime", "runtimes", "binary", "listener", "zombie", "zombies"})...)
	g[wProcess] = append(g[wProcess], "mcp", "server", "agent", "daemon", ".exe")
	g[wClient] = append(wordPatterns(clientWords), "mcp")
	g[wReload] = append(append(configFileNames(), "config", "settings", "mcp", ".env", "pick up",
		"picks up", "picked up", "force", "sentinel", ".stamp", "touchfile"), reloadStems...)
	g[wDocClient] = docClientWords
	g[wURL] = []string{"://", " /"}
	g[wEditVerb] = append(formPatterns(editForms), wordPatterns(slices.Concat(slices.Sorted(maps.Keys(editorCommands)),
		slices.Sorted(maps.Keys(removeCommands)), []string{"sed", "tee"}))...)
	g[wStateVerb] = formPatterns(stateForms)
	g[wTimeVerb] = formPatterns(timeForms)
	g[wTouch] = append(append(slices.Clone(g[wReload]), "-m$", "-a$", "-c$", "-d$", "-t$", "-r$", "-h$",
		"-am$", "-ma$", "-cm$", "-mc$", "--date", "--reference", "--no-create"), stateFilePatterns...)
	return g
}

// formPatterns makes whole-word patterns of a verb form table's forms.
func formPatterns(forms map[string]string) []string {
	out := make([]string, 0, len(forms))
	for f := range forms {
		out = append(out, "^"+f+"$")
	}
	slices.Sort(out)
	return out
}

// ---- the automaton ----

// Byte classes. Letters and digits have a class each, so do punctuation
// bytes that occur in patterns; the rest share a few.
const (
	clsWS    = iota // blank: space, tab, line break
	clsDel          // a byte markup or fold may remove
	clsOther        // any other byte, and folded non-ASCII letters
	clsFirst        // first class of a pattern byte
)

// deletable reports the ASCII bytes that Markdown rendering (emphasis,
// code spans, link brackets, autolinks, escapes) or fold (quotes and
// backslashes inside a word) can remove from between two letters.
func deletable(c byte) bool {
	switch c {
	case '*', '_', '~', '`', '\\', '[', ']', '!', '<', '>', '\'', '"':
		return true
	}
	return false
}

func isBlankByte(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

func isAlnum(c byte) bool { return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' }

// element kinds of a compiled pattern
const (
	elLit   = iota // one class
	elBound        // a non-alphanumeric byte or the start of the text
	elEnd          // a non-alphanumeric byte or the end of the text
	elBlank        // one or more blanks
	elWord         // zero or more letters or digits
	elSep          // a path separator: '/' or a byte that may vanish
)

type element struct {
	kind uint8
	cls  uint8
}

type pattern struct {
	els   []element
	group int
}

// alphabet maps bytes to classes; it is shared by every automaton of a
// filter, so the same byte walk feeds them all.
type alphabet struct {
	cls   [256]uint8
	n     int
	alnum []bool // per class: a letter or digit (not a boundary)
	// bslash is the class of '\' when a pattern reads path separators
	// (it may vanish like clsDel, or separate paths), else -1
	bslash int
	// loop is cls for the bytes the scan loops step on directly, and
	// slow for those runByte must read: non-ASCII bytes (a rune to
	// fold), ']' and '<' (a stretch that may vanish)
	loop [256]uint16
}

// slow marks a byte in alphabet.loop; it is above every class.
const slow = 0x100

// setLoop fills loop from cls.
func (a *alphabet) setLoop() {
	for c := range a.loop {
		a.loop[c] = uint16(a.cls[c])
		if c >= utf8.RuneSelf || c == ']' || c == '<' {
			a.loop[c] = slow
		}
	}
}

func newAlphabet(pats []string) *alphabet {
	a := &alphabet{}
	for i := range a.cls {
		a.cls[i] = clsOther
	}
	a.n = clsFirst
	set := func(c byte) {
		if a.cls[c] == clsOther {
			a.cls[c] = uint8(a.n)
			a.n++
		}
	}
	for c := byte('a'); c <= 'z'; c++ {
		set(c)
	}
	for c := byte('0'); c <= '9'; c++ {
		set(c)
	}
	for _, p := range pats {
		for i := 0; i < len(p); i++ {
			c := lowerASCII(p[i])
			if c < 0x80 && !isAlnum(c) && !deletable(c) && !isBlankByte(c) && c != '^' && c != '$' && c != '%' {
				set(c)
			}
			if c == '\\' {
				set('/')
			}
		}
	}
	for c := byte('A'); c <= 'Z'; c++ {
		a.cls[c] = a.cls[c+'a'-'A']
	}
	for c := 0; c < 0x80; c++ {
		switch {
		case isBlankByte(byte(c)):
			a.cls[c] = clsWS
		case deletable(byte(c)):
			a.cls[c] = clsDel
		}
	}
	a.bslash = -1
	for _, p := range pats {
		if strings.IndexByte(p, '\\') >= 0 && a.bslash < 0 {
			a.bslash = a.n
			a.cls['\\'] = uint8(a.n)
			a.n++
		}
	}
	a.alnum = make([]bool, a.n)
	for c := byte('a'); c <= 'z'; c++ {
		a.alnum[a.cls[c]] = true
	}
	for c := byte('0'); c <= '9'; c++ {
		a.alnum[a.cls[c]] = true
	}
	a.setLoop()
	return a
}

func lowerASCII(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func compilePattern(a *alphabet, s string, group int) (pattern, error) {
	p := pattern{group: group}
	for i := 0; i < len(s); i++ {
		c := lowerASCII(s[i])
		switch {
		case c == '^' && i == 0:
			p.els = append(p.els, element{kind: elBound})
		case c == '$' && i == len(s)-1:
			p.els = append(p.els, element{kind: elEnd})
		case c == ' ':
			if len(p.els) == 0 || p.els[len(p.els)-1].kind != elBlank {
				p.els = append(p.els, element{kind: elBlank})
			}
		case c == '%':
			p.els = append(p.els, element{kind: elWord})
		case c == '\\':
			p.els = append(p.els, element{kind: elSep, cls: a.cls['/']})
		case c >= 0x80:
			return p, fmt.Errorf("pattern %q: only ASCII is supported", s)
		case deletable(c):
			// the text may have lost it as well
		default:
			p.els = append(p.els, element{kind: elLit, cls: a.cls[c]})
		}
	}
	lits := 0
	for _, e := range p.els {
		if e.kind == elLit {
			lits++
		}
	}
	if lits == 0 {
		return p, fmt.Errorf("pattern %q has no letters", s)
	}
	return p, nil
}

// dfa is a deterministic automaton over byte classes that reports, at each
// step, the groups of the patterns that end there. Unanchored: every
// pattern may start anywhere.
type dfa struct {
	a     *alphabet
	trans []uint16 // state<<shift | class -> state
	shift uint     // rows are 1<<shift wide, a power of two at least a.n
	acc   []uint64 // per state: groups of the patterns that end in it
	// accFrom is the first accepting state: states are numbered so that
	// the accepting ones come last, and the scan loop tests a number
	// instead of loading acc
	accFrom uint16
	quiet   []bool // per state: no pattern is partly matched
	start   uint16 // the state at the start of a text (a boundary)
	// tables are the groups whose matches count only before the name of a
	// state table (stateTableAfter)
	tables uint64
	// nfa size, for tests
	nfaStates int
}

// maxDFAStates bounds the automaton; the built-in patterns need a few
// thousand states.
const maxDFAStates = 1 << 16

// newDFA builds the automaton by subset construction. NFA state base[p]+k
// means "the first k elements of pattern p matched". Every DFA state holds
// the start of every pattern, and after a boundary the state after each
// pattern's boundary element; those are left implicit (a flag for the
// latter), so a DFA state is the short sorted list of its other NFA states
// and building one costs a few steps, not a pass over every pattern.
func newDFA(a *alphabet, pats []pattern) (*dfa, error) {
	type nstate struct {
		el      element
		hasEl   bool
		blankIn bool // the element before is a blank run: stays on blanks
		group   int
		final   bool
	}
	var ns []nstate
	var starts, boundStarts []int32
	for _, p := range pats {
		base := int32(len(ns))
		starts = append(starts, base)
		if p.els[0].kind == elBound {
			boundStarts = append(boundStarts, base+1)
		}
		for k := 0; k <= len(p.els); k++ {
			st := nstate{group: p.group}
			if k < len(p.els) {
				st.el, st.hasEl = p.els[k], true
			}
			st.final = k == len(p.els)
			st.blankIn = k > 0 && p.els[k-1].kind == elBlank
			ns = append(ns, st)
		}
	}
	implicit := make([]bool, len(ns)) // starts, and boundary starts under the flag
	for _, s := range starts {
		implicit[s] = true
	}
	for _, s := range boundStarts {
		implicit[s] = true
	}
	isBound := func(cls int) bool { return !a.alnum[cls] } // WS, Del, Other and punctuation
	// step appends the states s reaches on class c.
	step := func(out []int32, s int32, c int) []int32 {
		st := ns[s]
		if c == clsWS && st.blankIn {
			out = append(out, s) // a blank run may be longer than one byte
		}
		if !st.hasEl {
			return out
		}
		e := st.el
		switch {
		case (e.kind == elLit || e.kind == elSep) && int(e.cls) == c,
			(e.kind == elBound || e.kind == elEnd) && isBound(c),
			e.kind == elBlank && c == clsWS:
			out = append(out, s+1)
		case e.kind == elWord && a.alnum[c]:
			out = append(out, s)
		}
		return out
	}
	// what the implicit states reach on each class, and on a byte that
	// may vanish (taken as a separator, a blank or a path separator)
	fromStarts := make([][]int32, a.n)
	fromBound := make([][]int32, a.n)
	// delta is what a byte that may vanish does: nothing, or separate
	// words, or stand for a blank; a backslash may also separate paths
	delta := func(out []int32, s int32, c int) []int32 {
		out = step(out, s, clsOther)
		out = step(out, s, clsWS)
		if c == a.bslash && ns[s].hasEl && ns[s].el.kind == elSep {
			out = append(out, s+1)
		}
		return out
	}
	vanishing := func(c int) bool { return c == clsDel || c == a.bslash }
	for c := 0; c < a.n; c++ {
		for _, s := range starts {
			if vanishing(c) {
				fromStarts[c] = delta(fromStarts[c], s, c)
			} else {
				fromStarts[c] = step(fromStarts[c], s, c)
			}
		}
		for _, s := range boundStarts {
			if vanishing(c) {
				fromBound[c] = delta(fromBound[c], s, c)
			} else {
				fromBound[c] = step(fromBound[c], s, c)
			}
		}
	}
	if len(boundStarts) == 0 {
		isBound = func(int) bool { return false } // no pattern reads a boundary before it
	}
	type dstate struct {
		bound    bool    // the boundary starts are in the set
		explicit []int32 // the other NFA states, sorted
	}
	d := &dfa{a: a, nfaStates: len(ns)}
	index := map[string]uint16{}
	var states []dstate
	var keyBuf []byte
	// add finds or makes the DFA state of a set given as its boundary flag
	// and a list of NFA states (unsorted, with duplicates and implicit
	// ones, which it drops).
	add := func(bound bool, set []int32) (uint16, error) {
		// closure over empty word runs
		for i := 0; i < len(set); i++ {
			if s := set[i]; ns[s].hasEl && ns[s].el.kind == elWord {
				set = append(set, s+1)
			}
		}
		slices.Sort(set)
		set = slices.Compact(set)
		explicit := set[:0]
		for _, s := range set {
			if !implicit[s] {
				explicit = append(explicit, s)
			}
		}
		keyBuf = keyBuf[:0]
		if bound {
			keyBuf = append(keyBuf, 1)
		} else {
			keyBuf = append(keyBuf, 0)
		}
		for _, s := range explicit {
			keyBuf = append(keyBuf, byte(s), byte(s>>8), byte(s>>16))
		}
		if id, ok := index[string(keyBuf)]; ok {
			return id, nil
		}
		if len(states) >= maxDFAStates {
			return 0, fmt.Errorf("prefilter automaton over %d states", maxDFAStates)
		}
		id := uint16(len(states))
		index[string(keyBuf)] = id
		states = append(states, dstate{bound: bound, explicit: slices.Clone(explicit)})
		var acc uint64
		for _, s := range explicit {
			if ns[s].final {
				acc |= 1 << uint(ns[s].group)
			}
		}
		d.acc = append(d.acc, acc)
		d.quiet = append(d.quiet, len(explicit) == 0)
		return id, nil
	}
	var err error
	if d.start, err = add(len(boundStarts) > 0, nil); err != nil {
		return nil, err
	}
	var set []int32
	for i := 0; i < len(states); i++ {
		cur := states[i]
		for c := 0; c < a.n; c++ {
			set = set[:0]
			bound := isBound(c)
			switch {
			case vanishing(c):
				// maybe nothing, maybe a separator, maybe a blank, maybe a
				// backslash between path names
				set = append(set, cur.explicit...)
				for _, s := range cur.explicit {
					set = delta(set, s, c)
				}
				set = append(set, fromStarts[c]...)
				if cur.bound {
					set = append(set, fromBound[c]...)
				}
			default:
				for _, s := range cur.explicit {
					set = step(set, s, c)
				}
				set = append(set, fromStarts[c]...)
				if cur.bound {
					set = append(set, fromBound[c]...)
				}
			}
			id, err := add(bound, set)
			if err != nil {
				return nil, err
			}
			d.trans = append(d.trans, id)
		}
	}
	d.renumber()
	return d, nil
}

// renumber moves the accepting states after all others.
func (d *dfa) renumber() {
	n := len(d.acc)
	perm := make([]uint16, n) // old -> new
	next := uint16(0)
	for pass := 0; pass < 2; pass++ {
		for old := 0; old < n; old++ {
			if (d.acc[old] != 0) == (pass == 1) {
				perm[old] = next
				next++
			}
		}
		if pass == 0 {
			d.accFrom = next
		}
	}
	k := d.a.n
	for 1<<d.shift < k {
		d.shift++
	}
	trans := make([]uint16, n<<d.shift)
	acc := make([]uint64, n)
	quiet := make([]bool, n)
	for old := 0; old < n; old++ {
		nw := int(perm[old])
		for c := 0; c < k; c++ {
			trans[nw<<d.shift|c] = perm[d.trans[old*k+c]]
		}
		acc[nw], quiet[nw] = d.acc[old], d.quiet[old]
	}
	d.trans, d.acc, d.quiet, d.start = trans, acc, quiet, perm[d.start]
}

// step returns the state after st on a byte of class cls.
func (d *dfa) step(st uint16, cls int) uint16 { return d.trans[uint(st)<<d.shift|uint(cls)] }

// ---- scanning ----

// Mark is a place in a text where words of some groups end.
type Mark struct {
	End    int    // byte offset just past the match
	Groups uint64 // the groups whose patterns end there
}

// scanner walks a text through an automaton, reading the text both with
// and without every stretch that may vanish.
type scanner struct {
	d     *dfa
	src   []byte
	marks []Mark
	// uncertain is set when a vanishing stretch was too complex to follow:
	// the caller must then treat the whole text as wanted.
	uncertain bool
	work      int // bytes read on side branches, bounded
	rbuf      [16]byte
	// stopAtMark ends the reading at the first mark (contains)
	stopAtMark bool
	// byLine folds a mark into the last one when both end on the same
	// line (LineMarks)
	byLine bool
}

// limits on the side branches that read text without a vanished stretch
const (
	maxBranchDepth = 64
	maxBranchWork  = 1 << 16 // bytes per text, plus the text's length
	maxEndSearch   = 4096    // how far a stretch's end is searched for
	maxEnds        = 32      // candidate ends of one stretch
)

func (sc *scanner) mark(end int, groups uint64) {
	if groups&sc.d.tables != 0 && !stateTableAfter(sc.src, end) {
		if groups &^= sc.d.tables; groups == 0 {
			return
		}
	}
	if n := len(sc.marks); n > 0 && (sc.marks[n-1].End == end || sc.byLine && sameLine(sc.src, sc.marks[n-1].End, end)) {
		sc.marks[n-1].End = max(sc.marks[n-1].End, end)
		sc.marks[n-1].Groups |= groups
		return
	}
	sc.marks = append(sc.marks, Mark{End: end, Groups: groups})
}

// maxLineGap is how far apart two marks LineMarks folds together may
// end: far enough that a line full of words is one mark (each fold moves
// the mark's end on), near enough that the line break search costs
// little; a gap wider than this on one line starts a new mark.
const maxLineGap = 1024

// sameLine reports whether the marks ending at a and b, at most
// maxLineGap apart, end on one line: their last bytes have no line feed
// between them.
func sameLine(src []byte, a, b int) bool {
	if a > b {
		a, b = b, a
	}
	return a > 0 && b-a <= maxLineGap && bytes.IndexByte(src[a-1:b-1], '\n') < 0
}

// run reads src[from:to] from state st and returns the state at the end.
// Stretches that may vanish are followed to the end of the whole text.
func (sc *scanner) run(st uint16, from, to int) uint16 {
	d, src := sc.d, sc.src[:to]
	loop := &d.a.loop
	shift := d.shift
	trans, accFrom := d.trans, d.accFrom
	for i := from; i < len(src) && !sc.stopped(); {
		rest := src[i:]
		t := 0
		for ; t < len(rest); t++ {
			x := loop[rest[t]]
			if x == slow {
				break
			}
			st = trans[uint(st)<<shift|uint(x)]
			if st >= accFrom {
				sc.mark(i+t+1, d.acc[st])
				if sc.stopped() {
					t++
					break
				}
			}
		}
		i += t
		if i < len(src) && !sc.stopped() {
			st = sc.runByte(st, &i, to)
		}
	}
	return st
}

// rune reads the (non-ASCII) rune at *i as fold would spell it.
func (sc *scanner) rune(st uint16, i *int, to int) uint16 {
	d := sc.d
	r, size := utf8.DecodeRune(sc.src[*i:to])
	if r == utf8.RuneError && size <= 1 {
		// broken UTF-8: markup that vanishes can join such bytes into a
		// character that folds to letters; read the whole text
		sc.uncertain = true
		*i++
		return d.step(st, clsOther)
	}
	folded := appendFoldedRune(sc.rbuf[:0], r)
	*i += size
	for _, b := range folded {
		cls := clsOther
		if b < utf8.RuneSelf {
			cls = int(d.a.cls[b])
		}
		st = d.step(st, cls)
		if d.acc[st] != 0 {
			sc.mark(*i, d.acc[st])
		}
	}
	return st
}

// vanish handles a stretch of text that may be removed as a whole, opening
// at src[i] (the ']' before a link target or reference label, or the '<' of
// inline HTML). st is the state just after src[i]. For every place the
// stretch may end, the text after it is read on from st until the
// automaton has nothing partly matched.
func (sc *scanner) vanish(st uint16, i, to, depth int) {
	if sc.d.quiet[st] {
		return // nothing partly matched: a branch would read what the main reading reads
	}
	src := sc.src
	var ends [maxEnds]int
	var n int
	var ok bool
	switch {
	case src[i] == ']' && i+1 < to && src[i+1] == '(':
		if e, ok1 := targetEnd(src, i+1, to); ok1 {
			ends[0], n, ok = e, 1, true
		} else {
			n, ok = closers(src, i+1, to, ')', &oddInTarget, ends[:])
		}
	case src[i] == ']' && i+1 < to && src[i+1] == '[':
		// a label cannot hold an unescaped bracket: only an escape
		// makes its end uncertain
		n, ok = closers(src, i+1, to, ']', &oddInLabel, ends[:])
	case src[i] == '<' && i+1 < to && (isLetter(src[i+1]) || src[i+1] == '/' || src[i+1] == '?' || src[i+1] == '!'):
		n, ok = htmlEnd(src, i, to, ends[:])
	default:
		return
	}
	if !ok || depth >= maxBranchDepth {
		sc.uncertain = true
		return
	}
	for _, e := range ends[:n] {
		sc.branch(st, e, to, depth+1)
	}
}

// branch reads src from e in state st until nothing is partly matched.
func (sc *scanner) branch(st uint16, e, to, depth int) {
	d, src := sc.d, sc.src
	for i := e; i < to; {
		if d.quiet[st] {
			return
		}
		if sc.work++; sc.work > maxBranchWork+len(src) {
			sc.uncertain = true
			return
		}
		c := src[i]
		if c >= utf8.RuneSelf {
			st = sc.rune(st, &i, to)
			continue
		}
		st = d.step(st, int(d.a.cls[c]))
		if d.acc[st] != 0 {
			sc.mark(i+1, d.acc[st])
		}
		if c == ']' || c == '<' {
			sc.vanish(st, i, to, depth)
		}
		i++
	}
	// the end of the text is a boundary
	if st = d.step(st, clsOther); d.acc[st] != 0 {
		sc.mark(to, d.acc[st])
	}
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// targetEnd reads a link target "(destination)" opening at src[open] the
// way CommonMark does: blanks, a destination of bytes above the space with
// balanced unescaped parentheses, blanks, ')'. It returns the offset after
// the ')' when the target has exactly that shape; titles and angle-bracket
// destinations are left to closers.
func targetEnd(src []byte, open, to int) (int, bool) {
	j := open + 1
	for j < to && (src[j] == ' ' || src[j] == '\t') {
		j++
	}
	if j < to && (src[j] == '<' || src[j] == '\n' || src[j] == '\r') {
		return 0, false
	}
	depth := 0
	for ; j < to; j++ {
		c := src[j]
		switch {
		case c == '\\' && j+1 < to && src[j+1] > ' ' && src[j+1] < 0x7f:
			j++
			continue
		case c == '(':
			depth++
			if depth > 16 {
				return 0, false
			}
			continue
		case c == ')':
			if depth > 0 {
				depth--
				continue
			}
		case c > ' ' && c != 0x7f:
			continue
		}
		break
	}
	for j < to && (src[j] == ' ' || src[j] == '\t') {
		j++
	}
	if depth == 0 && j < to && src[j] == ')' {
		return j + 1, true
	}
	return 0, false
}

// Bytes that make the end of a link target or a reference label uncertain.
var oddInTarget, oddInLabel = byteSet(" \t([<\\\"'"), byteSet("[\\")

func byteSet(s string) [256]bool {
	var t [256]bool
	for i := 0; i < len(s); i++ {
		t[s[i]] = true
	}
	return t
}

// closers lists the places just past each byte close that may end the
// stretch opening at src[open] ('(' of a link target, '[' of a label). A
// stretch holding none of the bytes in odd ends at the first close;
// otherwise every close before the paragraph ends is a candidate. It
// reports false when there are too many candidates to follow.
func closers(src []byte, open, to int, close byte, odd *[256]bool, ends []int) (int, bool) {
	n := 0
	simple := true
	limit := min(to, open+maxEndSearch)
	for j := open + 1; j < limit; j++ {
		c := src[j]
		if c == close {
			if n == len(ends) {
				return n, false
			}
			ends[n] = j + 1
			n++
			if simple {
				return n, true
			}
			continue
		}
		if c == '\n' && blankLineAt(src, j+1, to) {
			return n, true
		}
		if simple && odd[c] {
			simple = false
		}
	}
	return n, limit == to
}

// htmlEnd finds where inline HTML opening at src[i] ends: after "-->" for
// a comment, "?>" for a processing instruction, "]]>" for CDATA, else at
// the first '>' outside quoted attribute values. Inline HTML never spans a
// blank line.
func htmlEnd(src []byte, i, to int, ends []int) (int, bool) {
	limit := min(to, i+maxEndSearch)
	term := ">"
	switch {
	case hasPrefixAt(src, i, "<!--"):
		term = "-->"
	case hasPrefixAt(src, i, "<?"):
		term = "?>"
	case hasPrefixAt(src, i, "<![CDATA["):
		term = "]]>"
	}
	var quote byte
	for j := i + 2; j < limit; j++ {
		c := src[j]
		if c == '\n' && blankLineAt(src, j+1, to) {
			return 0, true
		}
		if term == ">" {
			switch {
			case quote != 0:
				if c == quote {
					quote = 0
				}
				continue
			case c == '"' || c == '\'':
				quote = c
				continue
			}
		}
		if c == term[len(term)-1] && j+1 >= i+len(term) && string(src[j+1-len(term):j+1]) == term {
			ends[0] = j + 1
			return 1, true
		}
	}
	return 0, limit == to
}

func hasPrefixAt(src []byte, i int, p string) bool {
	return len(src)-i >= len(p) && string(src[i:i+len(p)]) == p
}

// blankLineAt reports whether the line starting at i holds only blanks.
func blankLineAt(src []byte, i, to int) bool {
	for ; i < to; i++ {
		switch src[i] {
		case ' ', '\t', '\r':
		case '\n':
			return true
		default:
			return false
		}
	}
	return true
}

// scan reads src with d from its start (a boundary) and returns the marks
// and whether they are certain. The marks come in no particular order, and
// one place may be marked more than once.
//
// A longer text is read as two or four streams at once, each from a line
// start: a step of the automaton waits for the table load of the last, and
// independent streams let the processor overlap them. A stream after the
// first starts as the whole text's reading does after a line break; the
// stream before it reads on past that start until nothing it began is
// partly matched. Automaton states are sets of partial matches, so the
// streams together mark exactly what one stream would (scanOne).
func (d *dfa) scan(src []byte, marks []Mark) ([]Mark, bool) {
	return d.scanMarks(src, marks, false)
}

// scanMarks is scan, with marks on one line folded together when byLine
// is set.
func (d *dfa) scanMarks(src []byte, marks []Mark, byLine bool) ([]Mark, bool) {
	sc := scanner{d: d, src: src, marks: marks, byLine: byLine}
	sc.streams()
	return sc.marks, !sc.uncertain
}

// streams reads sc.src as scan does; with stopAtMark set, it stops
// early once some mark is made.
func (sc *scanner) streams() {
	d, src := sc.d, sc.src
	var cut [4]int // stream starts; cut[0] = 0
	k := 1
	switch {
	case len(src) >= minBytes4:
		k = lineStarts(src, cut[:4])
	case len(src) >= minBytes2:
		k = lineStarts(src, cut[:2])
	}
	var end [4]int
	for s := 0; s < k; s++ {
		end[s] = len(src)
		if s+1 < k {
			end[s] = cut[s+1]
		}
	}
	var state [4]uint16
	for s := range state {
		state[s] = d.start
	}
	pos := cut
	switch k {
	case 4:
		sc.run4(&state, &pos, &end)
	case 2:
		state[0], pos[0], state[1], pos[1] = sc.run2(state[0], pos[0], end[0], state[1], pos[1], end[1])
	}
	for s := 0; s < k; s++ {
		if sc.stopped() {
			return
		}
		a := sc.run(state[s], pos[s], end[s])
		i := end[s]
		// a stream's matches that run past the next stream's start
		for i < len(src) && !d.quiet[a] && !sc.stopped() {
			a = sc.runByte(a, &i, len(src))
		}
		if i == len(src) && (s == k-1 || !d.quiet[a]) {
			// the end of the text is a boundary
			if a = d.step(a, clsOther); a >= d.accFrom {
				sc.mark(len(src), d.acc[a])
			}
		}
	}
}

// stopped reports whether a reading that stops at the first mark made one.
func (sc *scanner) stopped() bool { return sc.stopAtMark && len(sc.marks) > 0 }

// Texts this long are read in two or four streams.
const (
	minBytes2 = 2 << 10
	minBytes4 = 8 << 10
)

// lineStarts fills cut with 0 and paragraph starts (the line after a
// blank line) near len(src)*s/len(cut) and returns how many streams that
// makes: len(cut), or 1 when no blank line is near enough. A stream starts
// as the text's reading does after a line break; inline markup (an HTML
// tag, a link) can run across a single line break, and the raw scan reads
// it as one construct, so a stream may only start where no such construct
// is open: after a blank line, which ends them (FuzzStreamsAgree found a
// tag cut at a plain line start).
func lineStarts(src []byte, cut []int) int {
	cut[0] = 0
	for s := 1; s < len(cut); s++ {
		from := len(src) * s / len(cut)
		if from <= cut[s-1] {
			return 1
		}
		k := bytes.Index(src[from:], []byte("\n\n"))
		if k < 0 || from+k+2 >= len(src) || from+k+2 >= len(src)*(s+1)/len(cut) {
			return 1
		}
		cut[s] = from + k + 2
	}
	return len(cut)
}

// scanOne is scan in a single stream: the reference the streams of scan
// must agree with.
func (d *dfa) scanOne(src []byte, marks []Mark) ([]Mark, bool) {
	sc := scanner{d: d, src: src, marks: marks}
	st := sc.run(d.start, 0, len(src))
	if st = d.step(st, clsOther); st >= d.accFrom {
		sc.mark(len(src), d.acc[st])
	}
	return sc.marks, !sc.uncertain
}

// contains reports whether some pattern matches in src, reading only as
// far as the first match; the second result is as scan's.
func (d *dfa) contains(src []byte) (found, ok bool) {
	sc := scanner{d: d, src: src, stopAtMark: true}
	sc.streams()
	// a match found is certain, whatever was uncertain elsewhere
	found = len(sc.marks) > 0
	return found, found || !sc.uncertain
}

// run2 reads src[i:iEnd] from state a and src[j:jEnd] from state b in
// lockstep while neither meets a byte for runByte, and returns the states
// and where each stream stopped.
func (sc *scanner) run2(a uint16, i, iEnd int, b uint16, j, jEnd int) (uint16, int, uint16, int) {
	d, src := sc.d, sc.src
	loop := &d.a.loop
	shift := d.shift
	trans, accFrom := d.trans, d.accFrom
	for !sc.stopped() {
		m := min(iEnd-i, jEnd-j)
		if m <= 0 {
			break
		}
		s0, s1 := src[i:i+m], src[j:j+m]
		_ = s1[len(s0)-1]
		t := 0
		for ; t < len(s0); t++ {
			x, y := loop[s0[t]], loop[s1[t]]
			if x|y >= slow {
				break
			}
			a = trans[uint(a)<<shift|uint(x)]
			b = trans[uint(b)<<shift|uint(y)]
			if a >= accFrom || b >= accFrom {
				if a >= accFrom {
					sc.mark(i+t+1, d.acc[a])
				}
				if b >= accFrom {
					sc.mark(j+t+1, d.acc[b])
				}
				if sc.stopped() {
					t++
					break
				}
			}
		}
		i, j = i+t, j+t
		if t == m || sc.stopped() {
			continue
		}
		if loop[src[i]] == slow {
			a = sc.runByte(a, &i, iEnd)
		}
		if loop[src[j]] == slow {
			b = sc.runByte(b, &j, jEnd)
		}
	}
	return a, i, b, j
}

// run4 is run2 for four streams: st, pos and end hold each stream's
// state, place and end, and are left where the first stream to meet its
// end stopped.
func (sc *scanner) run4(st *[4]uint16, pos, end *[4]int) {
	d, src := sc.d, sc.src
	loop := &d.a.loop
	shift := d.shift
	trans, accFrom := d.trans, d.accFrom
	a, b, c, e := st[0], st[1], st[2], st[3]
	i, j, k, l := pos[0], pos[1], pos[2], pos[3]
	for !sc.stopped() {
		m := min(end[0]-i, end[1]-j, end[2]-k, end[3]-l)
		if m <= 0 {
			break
		}
		// the next m bytes of each stream, read with one bound
		s0, s1, s2, s3 := src[i:i+m], src[j:j+m], src[k:k+m], src[l:l+m]
		_, _, _ = s1[len(s0)-1], s2[len(s0)-1], s3[len(s0)-1]
		t := 0
		for ; t < len(s0); t++ {
			w, x, y, z := loop[s0[t]], loop[s1[t]], loop[s2[t]], loop[s3[t]]
			if w|x|y|z >= slow {
				break
			}
			a = trans[uint(a)<<shift|uint(w)]
			b = trans[uint(b)<<shift|uint(x)]
			c = trans[uint(c)<<shift|uint(y)]
			e = trans[uint(e)<<shift|uint(z)]
			if a >= accFrom || b >= accFrom || c >= accFrom || e >= accFrom {
				if a >= accFrom {
					sc.mark(i+t+1, d.acc[a])
				}
				if b >= accFrom {
					sc.mark(j+t+1, d.acc[b])
				}
				if c >= accFrom {
					sc.mark(k+t+1, d.acc[c])
				}
				if e >= accFrom {
					sc.mark(l+t+1, d.acc[e])
				}
				if sc.stopped() {
					t++
					break
				}
			}
		}
		i, j, k, l = i+t, j+t, k+t, l+t
		if t == m || sc.stopped() {
			continue
		}
		// some stream is at a byte for runByte
		if loop[src[i]] == slow {
			a = sc.runByte(a, &i, end[0])
		}
		if loop[src[j]] == slow {
			b = sc.runByte(b, &j, end[1])
		}
		if loop[src[k]] == slow {
			c = sc.runByte(c, &k, end[2])
		}
		if loop[src[l]] == slow {
			e = sc.runByte(e, &l, end[3])
		}
	}
	*st = [4]uint16{a, b, c, e}
	*pos = [4]int{i, j, k, l}
}

// runByte reads one byte (or rune) at *i.
func (sc *scanner) runByte(st uint16, i *int, to int) uint16 {
	d := sc.d
	c := sc.src[*i]
	if c >= utf8.RuneSelf {
		return sc.rune(st, i, to)
	}
	st = d.step(st, int(d.a.cls[c]))
	if st >= d.accFrom {
		sc.mark(*i+1, d.acc[st])
	}
	if c == ']' || c == '<' {
		sc.vanish(st, *i, len(sc.src), 0)
	}
	*i++
	return st
}

// groupsIn returns the groups matched anywhere in s (a unit's or a
// segment's text), reading it as the scanner reads a source.
func (d *dfa) groupsIn(s string) uint64 {
	var g uint64
	st := d.start
	add := func(end int) {
		a := d.acc[st]
		if a&d.tables != 0 && !stateTableAfter(s, end) {
			a &^= d.tables
		}
		g |= a
	}
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			st = d.step(st, int(d.a.cls[c]))
			i++
			if st >= d.accFrom {
				add(i)
			}
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		var buf [16]byte
		folded := buf[:0]
		if r == utf8.RuneError && size <= 1 {
			size = 1
			folded = append(folded, 0x80)
		} else {
			folded = appendFoldedRune(folded, r)
		}
		i += size
		for _, b := range folded {
			cls := clsOther
			if b < utf8.RuneSelf {
				cls = int(d.a.cls[b])
			}
			st = d.step(st, cls)
			if st >= d.accFrom {
				add(i)
			}
		}
	}
	st = d.step(st, clsOther)
	if st >= d.accFrom {
		add(len(s))
	}
	return g
}

// stateTableAfter reports whether the text from i on may name a state
// table (sqlStateTable): the first word, or the second after "table",
// read with the bytes markup may remove skipped. Text it cannot read
// plainly (non-ASCII, a stretch that may vanish) may name one.
func stateTableAfter[T ~string | ~[]byte](s T, i int) bool {
	var buf [64]byte
	for word := 0; word < 2; word++ {
		name := buf[:0]
		for ; i < len(s); i++ {
			c := s[i]
			if isBlankByte(c) && len(name) == 0 {
				continue
			}
			if c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' {
				if len(name) == len(buf) {
					return true
				}
				name = append(name, lowerASCII(c))
				continue
			}
			if c >= utf8.RuneSelf || c == ']' || c == '<' {
				return true
			}
			if deletable(c) {
				continue
			}
			break
		}
		if sqlStateTable(string(name)) {
			return true
		}
		if word == 0 && len(name) > 0 && setsStateColumns(s, i) {
			return true // "update jobs set locked_by = null …" (stateColumns)
		}
		if string(name) != "table" {
			return false
		}
	}
	return false
}

// setsStateColumns: the text at i is an UPDATE's SET list that writes a
// state, heartbeat, lock or lease column, as stateColumns reads it.
func setsStateColumns[T ~string | ~[]byte](s T, i int) bool {
	for i < len(s) && isBlankByte(s[i]) {
		i++
	}
	if i+4 > len(s) || lowerASCII(s[i]) != 's' || lowerASCII(s[i+1]) != 'e' || lowerASCII(s[i+2]) != 't' || !isBlankByte(s[i+3]) {
		return false
	}
	end := min(len(s), i+240)
	var b []byte
	for k := i + 4; k < end; k++ {
		b = append(b, lowerASCII(s[k]))
	}
	set := string(b)
	if k := strings.Index(set, " where "); k >= 0 {
		set = set[:k]
	}
	return strings.Contains(set, "lock") || strings.Contains(set, "lease") || strings.Contains(set, "heartbeat") || strings.Contains(set, "state")
}

// ---- the filter ----

// compiled routes of one rule
type ruleRoutes struct {
	rule   *Rule
	routes []compiledRoute
	always bool // the filter cannot read this rule: every text is wanted
}

type compiledRoute struct {
	groups  uint64 // anchor groups that must all occur
	local   uint64 // word groups the section must hold
	context uint64 // word groups the section or the headings above must hold
	leadIn  bool   // a code block's lead-in may supply the groups
}

// lazyDFA is an automaton made on first use: read from the precomputed
// tables when they hold it for exactly these patterns, else built.
type lazyDFA struct {
	name   string
	groups func() [][]string // group i's patterns
	tables uint64            // groups whose matches need a state table after them
	once   sync.Once
	d      *dfa
	err    error
}

func (l *lazyDFA) get() *dfa {
	l.once.Do(func() {
		groups := l.groups()
		if d, ok := precomputed(l.name, fingerprint(groups, l.tables)); ok {
			l.d = d
			return
		}
		if l.d, l.err = compileGroups(groups); l.err == nil {
			l.d.tables = l.tables
		}
	})
	if l.err != nil {
		panic(l.err) // NewFilter checked the patterns; built-in ones are tested
	}
	return l.d
}

// Filter decides, for a set of rules, which text could hold one of their
// findings. It is immutable and safe for concurrent use.
type Filter struct {
	all     bool // some rule cannot be filtered: every text is wanted
	rules   []ruleRoutes
	anchors *lazyDFA // nil when no rule has routes
	extra   *lazyDFA // the words of custom rules, when FilterFor keeps them apart
	words   *[numWordGroups]*lazyDFA
}

// maxGroups bounds the groups of one automaton (bits of a mask).
const maxGroups = 64

// NewFilter compiles a filter for the rules. A rule the filter cannot
// read (a custom rule defined by regular expressions) makes it pass every
// text.
func NewFilter(rs []*Rule) (*Filter, error) {
	f := &Filter{}
	var groups [][]string
	var tables uint64
	for _, r := range rs {
		specs, ok := routesOf(r)
		if !ok && ByID(r.ID) == r {
			return nil, fmt.Errorf("prefilter: built-in rule %s has no routes: list in its routes field every way its find function can report a hit (rules/rule.go)", r.ID)
		}
		if !ok {
			f.all = true
			f.rules = append(f.rules, ruleRoutes{rule: r, always: true})
			continue
		}
		rr := ruleRoutes{rule: r}
		for _, spec := range specs {
			var cr compiledRoute
			for _, g := range spec.groups {
				if len(groups) == maxGroups {
					return nil, fmt.Errorf("prefilter: more than %d word groups", maxGroups)
				}
				if spec.tables {
					tables |= 1 << uint(len(groups))
				}
				cr.groups |= 1 << uint(len(groups))
				groups = append(groups, g)
			}
			cr.leadIn = spec.leadIn
			for _, w := range spec.local {
				cr.local |= 1 << uint(w)
			}
			for _, w := range spec.context {
				cr.context |= 1 << uint(w)
			}
			switch r.Needs {
			case Recovery:
				cr.context |= 1 << wRecovery
			case Fallback:
				cr.context |= 1 << wFallback
			}
			rr.routes = append(rr.routes, cr)
		}
		f.rules = append(f.rules, rr)
	}
	// a rule without routes (a custom rule of patterns) wants every text;
	// the others' routes are still compiled, so that it opens the gate for
	// itself and closes it for no one
	if len(groups) > 0 {
		// check the patterns now, build the automaton when first used
		if err := checkGroups(groups); err != nil {
			return nil, err
		}
		f.anchors = &lazyDFA{name: "anchors", tables: tables, groups: func() [][]string { return groups }}
	}
	f.words = &builtinWords
	return f, nil
}

// checkGroups reports the first pattern that does not compile.
func checkGroups(groups [][]string) error {
	var pats []string
	for _, g := range groups {
		pats = append(pats, g...)
	}
	a := newAlphabet(pats)
	for _, p := range pats {
		if _, err := compilePattern(a, p, 0); err != nil {
			return err
		}
	}
	return nil
}

// compileGroups builds an automaton whose group i matches groups[i].
func compileGroups(groups [][]string) (*dfa, error) {
	var pats []string
	for _, g := range groups {
		pats = append(pats, g...)
	}
	a := newAlphabet(pats)
	var compiled []pattern
	for gi, g := range groups {
		for _, s := range g {
			p, err := compilePattern(a, s, gi)
			if err != nil {
				return nil, err
			}
			compiled = append(compiled, p)
		}
	}
	return newDFA(a, compiled)
}

// builtinWords are the automata of the word groups (wRecovery…), one per
// group, shared by every filter and built when a section first needs one.
var builtinWords = func() (out [numWordGroups]*lazyDFA) {
	for w := range out {
		out[w] = &lazyDFA{name: fmt.Sprint("words", w), groups: func() [][]string {
			g := wordGroups()
			only := make([][]string, numWordGroups)
			only[w] = g[w]
			return only
		}}
	}
	return out
}()

// MustFilter is NewFilter for rule sets known to compile; it panics on error.
func MustFilter(rs []*Rule) *Filter {
	f, err := NewFilter(rs)
	if err != nil {
		panic(err)
	}
	return f
}

// routesOf returns a rule's routes: the built-in table, or for a custom
// rule of plain words its words (any one of them may be the hit).
func routesOf(r *Rule) ([]routeSpec, bool) {
	if ByID(r.ID) == r {
		return r.routes, len(r.routes) > 0
	}
	if len(r.stems) == 0 {
		return nil, false
	}
	for _, w := range r.stems {
		// pattern syntax or non-ASCII letters: read every text
		if strings.ContainsAny(w, "^$%\\") || !isASCII(w) {
			return nil, false
		}
	}
	return []routeSpec{{groups: [][]string{r.stems}}}, true
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// FilterFor returns a filter for the rules. For built-in rules it is cut
// from the filter of all of them, which costs nothing; custom rules
// compile a new one.
//
// The built-in rules keep the shared (embedded) automaton; custom rules of
// plain words get a small one of their own, whose groups sit above the
// built-in ones, so that a custom rule costs a millisecond, not a rebuild
// of everything.
func FilterFor(rs []*Rule) (*Filter, error) {
	f := &Filter{anchors: builtinFilter.anchors, words: builtinFilter.words}
	var extra [][]string
	for _, r := range rs {
		if ByID(r.ID) == r {
			for _, rr := range builtinFilter.rules {
				if rr.rule == r {
					f.rules = append(f.rules, rr)
				}
			}
			continue
		}
		specs, ok := routesOf(r)
		if !ok {
			f.all = true
			f.rules = append(f.rules, ruleRoutes{rule: r, always: true})
			continue
		}
		rr := ruleRoutes{rule: r}
		for _, spec := range specs {
			var cr compiledRoute
			for _, g := range spec.groups {
				if extraBase+len(extra) >= maxGroups {
					return nil, fmt.Errorf("prefilter: more than %d custom word groups", maxGroups-extraBase)
				}
				cr.groups |= 1 << uint(extraBase+len(extra))
				extra = append(extra, g)
			}
			switch r.Needs {
			case Recovery:
				cr.context |= 1 << wRecovery
			case Fallback:
				cr.context |= 1 << wFallback
			}
			rr.routes = append(rr.routes, cr)
		}
		f.rules = append(f.rules, rr)
	}
	if f.all || len(extra) == 0 {
		return f, nil
	}
	if err := checkGroups(extra); err != nil {
		return nil, err
	}
	groups := make([][]string, extraBase+len(extra))
	copy(groups[extraBase:], extra)
	f.extra = &lazyDFA{name: "custom", groups: func() [][]string { return groups }}
	return f, nil
}

// extraBase is the first group of custom rules' words; the built-in
// rules' groups sit below it.
const extraBase = 40

// All reports whether the filter passes every text.
func (f *Filter) All() bool { return f.all }

// unitGroups returns the anchor groups in a unit's text.
func (f *Filter) unitGroups(text string) uint64 {
	if text == "" {
		return 0
	}
	var g uint64
	if f.anchors != nil {
		g = f.anchors.get().groupsIn(text)
	}
	if f.extra != nil {
		g |= f.extra.get().groupsIn(text)
	}
	return g
}

// Unit reports whether classifying a unit of this text could report a
// finding of the filter's rules, judging by the words alone.
func (f *Filter) Unit(text string) bool {
	return f.all || f.anyRoute(f.groupsOf(text, nil))
}

// UnitOf is Unit for a unit: a code block's commands may also take a
// route from the sentence or heading that introduces the block, for the
// routes that allow it (routeSpec.leadIn).
func (f *Filter) UnitOf(u *Unit) bool {
	return f.all || f.anyRoute(f.groupsOf(u.Text, u))
}

// groupsOfUnit are the route groups of a unit's text and, for a code
// block with a lead-in, of the two together, which leadIn routes may use.
type groupsOfUnit struct {
	own, withLead uint64
	lead          bool
}

// groupsOf reads the groups of text once, and of u's lead-in if u is a
// code block that has one (u may be nil).
func (f *Filter) groupsOf(text string, u *Unit) groupsOfUnit {
	r := groupsOfUnit{own: f.unitGroups(text)}
	if u != nil && u.Kind == CodeBlock {
		if lead := leadInText(u.Ctx); lead != "" {
			r.withLead, r.lead = r.own|f.unitGroups(lead), true
		}
	}
	return r
}

// meets reports whether the groups complete the route.
func (r groupsOfUnit) meets(rt compiledRoute) bool {
	return r.own&rt.groups == rt.groups || r.lead && rt.leadIn && r.withLead&rt.groups == rt.groups
}

func (f *Filter) anyRoute(r groupsOfUnit) bool {
	for _, rr := range f.rules {
		for _, rt := range rr.routes {
			if r.meets(rt) {
				return true
			}
		}
	}
	return false
}

// Rules appends to dst, in the filter's order, the rules that could
// report a finding in a unit of this text: the others find no route in
// any of its segments, so classifying the unit with only these rules
// gives the same findings.
func (f *Filter) Rules(text string, dst []*Rule) []*Rule {
	return f.rulesFor(text, nil, dst)
}

// RulesOf is Rules for a unit, with the lead-in routes of a code block
// (UnitOf).
func (f *Filter) RulesOf(u *Unit, dst []*Rule) []*Rule {
	return f.rulesFor(u.Text, u, dst)
}

func (f *Filter) rulesFor(text string, u *Unit, dst []*Rule) []*Rule {
	var r groupsOfUnit
	if !f.all {
		r = f.groupsOf(text, u)
	}
	for _, rr := range f.rules {
		if rr.always || f.all {
			dst = append(dst, rr.rule)
			continue
		}
		for _, rt := range rr.routes {
			if r.meets(rt) {
				dst = append(dst, rr.rule)
				break
			}
		}
	}
	return dst
}

// Marks appends the places in src (raw file content) where words of the
// rules' routes end, and reports whether the marks are complete. When
// they are not (markup too tangled to follow), every part of src must be
// treated as wanted.
func (f *Filter) Marks(src []byte, dst []Mark) ([]Mark, bool) {
	return f.marks(src, dst, false)
}

// LineMarks is Marks with the marks that end on one line (their last
// bytes, End-1, with no line feed between them) folded into one, which
// ends where the last of them does and carries all their groups. A
// Markdown section is whole lines, so a section's marks carry the same
// groups either way; a 16 MiB one-line file full of route words makes
// one mark instead of a million (issue 18).
func (f *Filter) LineMarks(src []byte, dst []Mark) ([]Mark, bool) {
	return f.marks(src, dst, true)
}

func (f *Filter) marks(src []byte, dst []Mark, byLine bool) ([]Mark, bool) {
	if f.all {
		return dst, false
	}
	ok := true
	if f.anchors != nil {
		dst, ok = f.anchors.get().scanMarks(src, dst, byLine)
	}
	if f.extra != nil {
		var more bool
		dst, more = f.extra.get().scanMarks(src, dst, byLine)
		ok = ok && more
	}
	return dst, ok
}

// Wanted reports whether a stretch of a file (a Markdown section, or a
// whole file) can hold a finding: some rule has a route whose words are
// among the anchor groups its marks carry, whose local words the stretch
// holds, and whose context words the stretch or the text above it (above:
// Words of the headings above, PathWords of the file name) holds.
// section(need) returns which of the word groups in need the stretch
// holds (see Words); it is called only when needed.
func (f *Filter) Wanted(anchors uint64, section func(need uint64) uint64, above uint64) bool {
	if f.all {
		return true
	}
	var have, asked uint64 // word groups of the stretch: found, and looked for
	for _, rr := range f.rules {
		for _, rt := range rr.routes {
			if anchors&rt.groups != rt.groups {
				continue
			}
			need := rt.local | rt.context&^above
			ok := true
			// one group at a time, the rarer words first: a route fails
			// at its first missing group
			for _, w := range wordOrder {
				bit := uint64(1) << w
				if need&bit == 0 {
					continue
				}
				if asked&bit == 0 {
					have |= section(bit)
					asked |= bit
				}
				if have&bit == 0 {
					ok = false
					break
				}
			}
			if ok {
				return true
			}
		}
	}
	return false
}

// wordOrder is the order Wanted reads word groups in: rare words first.
var wordOrder = []uint{wClient, wProcess, wReload, wTouch, wStateVerb, wTimeVerb, wFallback, wRecovery}

// Routes reports whether some route's anchor groups are all among these.
func (f *Filter) Routes(anchors uint64) bool {
	if f.all {
		return true
	}
	for _, rr := range f.rules {
		for _, rt := range rr.routes {
			if anchors&rt.groups == rt.groups {
				return true
			}
		}
	}
	return false
}

// Context returns the context word groups that the routes complete in
// these anchor groups read from the headings above (see Wanted).
func (f *Filter) Context(anchors uint64) uint64 {
	var c uint64
	for _, rr := range f.rules {
		for _, rt := range rr.routes {
			if anchors&rt.groups == rt.groups {
				c |= rt.context
			}
		}
	}
	return c
}

// AllWords asks Words for every word group.
const AllWords = 1<<numWordGroups - 1

// Words returns which of the word groups in need (context and local words
// of routes) src holds, and false when markup was too tangled to follow
// (the caller then treats every group as present).
func (f *Filter) Words(src []byte, need uint64) (uint64, bool) {
	var g uint64
	for w, l := range f.words {
		if need&(1<<uint(w)) == 0 {
			continue
		}
		found, ok := l.get().contains(src)
		if !ok {
			return AllWords, false
		}
		if found {
			g |= 1 << uint(w)
		}
	}
	return g, true
}

// PathWords returns the word groups a file's name supplies: aboutClients
// reads a path holding "mcp" as about MCP clients, inRecovery a
// name such as TROUBLESHOOTING.md as about failures.
func PathWords(name string) uint64 {
	var g uint64
	if strings.Contains(strings.ToLower(name), "mcp") {
		g |= 1 << wClient // a file in an MCP server's folder is about MCP
	}
	if t := fileTitle(name); t != "" && (hasAnyWord(t, titleRecoveryCues) || hasAnyWord(t, weakRecoveryCues)) {
		g |= 1 << wRecovery // inRecovery reads the file name as the outermost title
	}
	return g
}

// reloadStems cover reloadWords and reloadTarget's names as substrings.
var reloadStems = []string{"reload", "watch", "restart", "redeploy", "rebuild", "trigger"}

// docClientWords name MCP configuration files and tables. A document
// that names one anywhere is about MCP clients' configuration in every
// section; one that only says "MCP" somewhere is not.
var docClientWords = []string{"mcpservers", "mcp_servers", "mcp.json", "claude_desktop_config",
	"mcp_settings", "mcp-settings", "mcp config", "mcp configuration", "mcp settings", "[mcp_servers"}

// DocGroups are the context word groups that a whole document can
// supply to every section: aboutClients (AboutClients).
const DocGroups uint64 = 1 << wClient

// DocRecovery is the context word group a document that opens on a
// failure supplies to every section (DocFacts.OpensOnFailure): inRecovery
// reads that opening for every unit of a document.
const DocRecovery uint64 = 1 << wRecovery

// AboutClients reports whether a document names an MCP configuration
// file or table anywhere (docClientWords), read by the automaton the
// section filter uses (Doc.Client).
func AboutClients(src []byte) bool {
	found, ok := builtinWords[wDocClient].get().contains(src)
	return found || !ok
}

// MentionsMCP reports whether a document says "MCP" anywhere: weaker
// than AboutClients, it backs DocFacts.MCP. It is a plain byte search
// (the common spellings), cheap enough to ask of every file the section
// filter reads.
func MentionsMCP(src []byte) bool {
	return bytes.Contains(src, []byte("mcp")) || bytes.Contains(src, []byte("MCP")) || bytes.Contains(src, []byte("Mcp"))
}

// builtinFilter filters for every built-in rule; it backs MayMatch.
var builtinFilter = func() *Filter {
	f := MustFilter(All)
	return f
}()

// MayMatch is a cheap test run before a unit is classified: text that
// holds no route of any built-in rule, even after folding look-alikes,
// zero-width characters, in-word quoting and markup, cannot name any
// built-in rule's action.
func MayMatch(text string) bool { return builtinFilter.Unit(text) }

// routeGate holds the compiled routes of every built-in rule, read by
// mayHit; leadInGate those of its routes that a code block's lead-in may
// complete.
var routeGate, leadInGate = func() (map[*Rule][]uint64, map[*Rule][]uint64) {
	m, l := map[*Rule][]uint64{}, map[*Rule][]uint64{}
	for _, rr := range builtinFilter.rules {
		for _, rt := range rr.routes {
			m[rr.rule] = append(m[rr.rule], rt.groups)
			if rt.leadIn {
				l[rr.rule] = append(l[rr.rule], rt.groups)
			}
		}
	}
	return m, l
}()

// leadInText is what introduces a code block: the last line of the text
// before it, or the heading right above it when nothing stands between.
func leadInText(c Context) string {
	if c.Before == "" {
		return lastHeading(c)
	}
	// the last sentence of it, over its line breaks: "… Below is a
	// snippet. If async_io is unavailable, run:" is introduced by its
	// last sentence only
	l := strings.Join(strings.Fields(c.Before), " ")
	if k := strings.LastIndex(strings.TrimRight(l, ".: "), ". "); k >= 0 {
		l = l[k+2:]
	}
	return l
}

// ---- precomputed tables ----

// The automata of the built-in rules are built ahead of time and embedded:
// building them takes tens of milliseconds, which a one-file check or a vet
// run (one process per package) should not pay. Each entry carries a
// fingerprint of the patterns it was built from; an entry that does not
// match the patterns of this build is ignored and the automaton is built
// at run time instead, so a stale file costs time, never a finding.
// TestPrefilterTables fails while the file is stale; regenerate it with
//
//	go test ./rules -run TestPrefilterTables -update-prefilter-tables

//go:embed prefilter_tables.bin
var tablesBlob []byte

// tableFormat changes whenever the encoding or the construction does.
const tableFormat = 1

// fingerprint identifies the automaton that groups and tables make.
func fingerprint(groups [][]string, tables uint64) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "format %d tables %d\n", tableFormat, tables)
	for i, g := range groups {
		fmt.Fprintf(h, "group %d\n", i)
		for _, p := range g {
			h.Write([]byte(p))
			h.Write([]byte{0})
		}
	}
	return h.Sum64()
}

// precomputed returns the embedded automaton of this name and
// fingerprint, if there is one and it decodes.
func precomputed(name string, fp uint64) (*dfa, bool) {
	b := tablesBlob
	for len(b) > 0 {
		n := int(b[0])
		if len(b) < 1+n+12 {
			return nil, false
		}
		entry := string(b[1 : 1+n])
		efp := binary.LittleEndian.Uint64(b[1+n:])
		size := int(binary.LittleEndian.Uint32(b[1+n+8:]))
		b = b[1+n+12:]
		if size > len(b) {
			return nil, false
		}
		if entry == name && efp == fp {
			raw, err := io.ReadAll(flate.NewReader(bytes.NewReader(b[:size])))
			if err != nil {
				return nil, false
			}
			return decodeDFA(raw)
		}
		b = b[size:]
	}
	return nil, false
}

// encodeTable appends an entry of the embedded file.
func encodeTable(dst []byte, name string, fp uint64, d *dfa) []byte {
	var raw bytes.Buffer
	le := binary.LittleEndian
	raw.Write(d.a.cls[:])
	raw.Write(le.AppendUint16(nil, uint16(d.a.n)))
	for _, a := range d.a.alnum {
		if a {
			raw.WriteByte(1)
		} else {
			raw.WriteByte(0)
		}
	}
	raw.WriteByte(byte(d.shift))
	raw.Write(le.AppendUint32(nil, uint32(len(d.acc))))
	raw.Write(le.AppendUint16(nil, d.start))
	raw.Write(le.AppendUint16(nil, d.accFrom))
	raw.Write(le.AppendUint64(nil, d.tables))
	for _, a := range d.acc {
		raw.Write(le.AppendUint64(nil, a))
	}
	for _, q := range d.quiet {
		if q {
			raw.WriteByte(1)
		} else {
			raw.WriteByte(0)
		}
	}
	for st := range d.acc {
		for c := 0; c < d.a.n; c++ {
			raw.Write(le.AppendUint16(nil, d.step(uint16(st), c)))
		}
	}
	var z bytes.Buffer
	w, _ := flate.NewWriter(&z, flate.BestCompression)
	// writing to a bytes.Buffer through flate cannot fail
	_, _ = w.Write(raw.Bytes())
	_ = w.Close()
	dst = append(dst, byte(len(name)))
	dst = append(dst, name...)
	dst = le.AppendUint64(dst, fp)
	dst = le.AppendUint32(dst, uint32(z.Len()))
	return append(dst, z.Bytes()...)
}

// decodeDFA reads what encodeTable wrote, checking every size.
func decodeDFA(b []byte) (*dfa, bool) {
	le := binary.LittleEndian
	if len(b) < 258 {
		return nil, false
	}
	a := &alphabet{}
	copy(a.cls[:], b)
	a.n = int(le.Uint16(b[256:]))
	b = b[258:]
	if a.n < clsFirst || a.n > 256 || len(b) < a.n+17 {
		return nil, false
	}
	a.alnum = make([]bool, a.n)
	for i := range a.alnum {
		a.alnum[i] = b[i] == 1
	}
	a.setLoop()
	b = b[a.n:]
	d := &dfa{a: a, shift: uint(b[0])}
	states := int(le.Uint32(b[1:]))
	d.start, d.accFrom = le.Uint16(b[5:]), le.Uint16(b[7:])
	d.tables = le.Uint64(b[9:])
	b = b[17:]
	if d.shift > 8 || 1<<d.shift < a.n || states > maxDFAStates || len(b) != states*(8+1+2*a.n) ||
		int(d.start) >= states || int(d.accFrom) > states {
		return nil, false
	}
	d.acc = make([]uint64, states)
	for i := range d.acc {
		d.acc[i] = le.Uint64(b[8*i:])
	}
	b = b[8*states:]
	d.quiet = make([]bool, states)
	for i := range d.quiet {
		d.quiet[i] = b[i] == 1
	}
	b = b[states:]
	d.trans = make([]uint16, states<<d.shift)
	for st := 0; st < states; st++ {
		for c := 0; c < a.n; c++ {
			t := le.Uint16(b[2*(st*a.n+c):])
			if int(t) >= states {
				return nil, false
			}
			d.trans[st<<d.shift|c] = t
		}
	}
	return d, true
}
