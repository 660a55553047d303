package rules

import (
	"bytes"
	_ "embed"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/recoverlint/recoverlint/internal/automaton"
	"github.com/recoverlint/recoverlint/internal/markup"
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
// Words are matched by automata of package automaton (DFAs built from the
// patterns, precomputed in prefilter_tables.bin) over the text as fold
// would spell it: lower case, look-alike and full-width letters folded,
// invisible characters dropped. Bytes that Markdown markup, inline code or
// fold may remove between two letters (* _ ~ ` \ [ ] ! < > ' ") are read
// as "maybe nothing, maybe a separator", and text that can vanish as a
// whole (a link's "(target)", a reference "[label]", inline HTML) is read
// both ways (prefilterSyntax). So "pk**ill**", "p\u200bkill",
// "ki<b>ll</b>" and "[ki](x)ll" all reach the classifier, which reads them
// after the same removals. This file holds what is rule knowledge: the
// routes' and the word groups' patterns, how the text is read, and the
// Filter that answers for a set of rules.

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
	// leadIn makes the route one of a code block's commands, whose groups
	// may occur in the sentence or heading that introduces the block
	// instead of the command itself ("If the tools fail, use the CLI:"
	// over `gh pr create …`); see UnitOf. Other text never takes it.
	leadIn bool
	// tables marks SQL keywords: a match counts only where the name of a
	// state table may follow it (see stateTableAfter).
	tables bool
}

// Patterns are in the syntax of automaton.Compile: "^kill" is a word
// that starts with "kill", "kill$" one that ends so, "lock file" takes any
// blanks between the two, "\\lock" a path separator before "lock".

// prefilterSyntax is how the prefilter reads raw text: with what Markdown
// rendering removes (package markup) and what fold removes or folds
// (normalize.go). Every kind of file is read so: Markdown's removals read
// into a Go or shell file only let more text through, never less.
var prefilterSyntax = automaton.Syntax{
	Vanish:  markup.Removable + foldRemoves,
	Fold:    foldForScan,
	Openers: markup.Openers,
	Stretch: markup.Ends,
}

// foldForScan is appendFoldedRune as the automaton reads it, by value (no
// rune folds to more than automaton.MaxFold bytes: TestFoldFitsScan).
func foldForScan(r rune) (b [automaton.MaxFold]byte, n int) {
	return b, copy(b[:], appendFoldedRune(b[:0], r))
}

// foldRemoves are the bytes fold may remove from inside a word: quotes and
// backslashes.
const foldRemoves = `'"\`

// anchorSyntax reads the routes' words; the groups in guarded are SQL
// keywords, which count only before the name of a state table.
func anchorSyntax(guarded uint64) automaton.Syntax {
	s := prefilterSyntax
	s.Guarded, s.Guard = guarded, stateTableGuard{}
	return s
}

// vanishes and opens are prefilterSyntax's byte classes, as
// stateTableAfter reads them.
var vanishes, opens = byteTable(prefilterSyntax.Vanish), byteTable(prefilterSyntax.Openers)

func byteTable(s string) (t [256]bool) {
	for i := 0; i < len(s); i++ {
		t[s[i]] = true
	}
	return t
}

// stateTableGuard lets a SQL keyword count only where the name of a state
// table may follow it.
type stateTableGuard struct{}

func (stateTableGuard) After(src []byte, end int) bool     { return stateTableAfter(src, end) }
func (stateTableGuard) AfterString(s string, end int) bool { return stateTableAfter(s, end) }

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
	"state\\", "\\state$", "\\states\\", "\\checkpoints", "\\transcripts", "sessions\\",
	// an app's stored state (appStorage)
	"\\globalstorage", "\\workspacestorage", "\\local storage", "\\session storage", "\\indexeddb"}

// appStoragePatterns: a storage folder under an app's own folder
// (appStorage).
var appStoragePatterns = [][]string{{"application support", "application\\ support", ".config\\", "appdata"}, {"\\storage"}}

// authCachePatterns are the folders authCache reads a tool's stored
// credentials under, and the words that name them.
var authCachePatterns = [][]string{{"~\\.", "home\\.", ".cache\\"}, {"auth", "token", "credential"}}

// stateNounPatterns are the prose forms stateNoun reads.
func stateNounPatterns() []string {
	out := []string{"^lock$", "^locks$", "^lockfile", "^heartbeat", "^lease", "^pidfile", "^pid file", "^transcript", "lock file"}
	for o := range authCacheOwners {
		out = append(out, "^"+o+" cache")
	}
	for o := range storedSignIn {
		out = append(out, "^"+o+" credentials$", "^"+o+" tokens$")
	}
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
	wEditVerb         // what fileEdit takes for its verb: editVerbs' forms, editor and remove commands, a redirection
	wEndObject        // what endsProcess reads after "end": a task, a process, a pid, a daemon, an .exe
	numWordGroups
)

func wordGroups() [numWordGroups][]string {
	var g [numWordGroups][]string
	g[wRecovery] = append(append(wordPatterns(titleRecoveryCues), wordPatterns(weakRecoveryCues)...),
		// remedyLabel's labels ("Solution 3: …", "Workaround - …", "Try: …")
		"^solution", "^workaround", "^resolution", "^remedy", "^try:", "^try -")
	// "errors": toolFailing reads "tracker_init errors" as a failing tool
	g[wFallback] = append(append(append(wordPatterns(fallbackCues), wordPatterns(failureCues)...), wordPatterns(weakFallbackCues)...),
		"directly", "^errors$", "fallback") // fallbackLabel reads "fallback" inside a word too
	g[wProcess] = append(wordPatterns(processNouns), wordPatterns([]string{"process", "processes", "proc", "procs",
		"pid", "pids", "server", "servers", "daemon", "daemons", "instance", "instances", "node", "node.js", "port",
		"ports", "job", "jobs", "worker", "workers", "task", "tasks", "pgid", "subprocess", "subprocesses", "service",
		"services", "runtime", "runtimes", "binary", "listener", "zombie", "zombies"})...)
	g[wProcess] = append(append(g[wProcess], "mcp", "server", "agent", "daemon", ".exe"), wordPatterns(slices.Sorted(maps.Keys(programNames)))...)
	g[wClient] = append(wordPatterns(clientWords), "mcp")
	g[wReload] = append(append(configFileNames(), "config", "settings", "mcp", ".env", "pick up",
		"picks up", "picked up", "force", "sentinel", ".stamp", "touchfile"), reloadStems...)
	g[wDocClient] = docClientWords
	g[wURL] = []string{"://", " /"}
	g[wEndObject] = endRoutes()
	// (a redirection, which fileEdit takes for a verb too, has no letters
	// for a pattern: Words reads it with mayRedirect)
	g[wEditVerb] = append(formPatterns(editForms), wordPatterns(slices.Concat(slices.Sorted(maps.Keys(fileCommands)),
		slices.Sorted(maps.Keys(comparatives)), []string{"sed", "open", "take", "takes", "try", "use", "create"}))...)
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
			if c >= utf8.RuneSelf || opens[c] {
				return true
			}
			if vanishes[c] {
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

func isBlankByte(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

func lowerASCII(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// ---- the filter ----

// Mark is a place in a text where words of some groups end.
type Mark = automaton.Mark

// compiled routes of one rule
type ruleRoutes struct {
	rule   *Rule
	routes []compiledRoute
	always bool // the filter cannot read this rule: every text is wanted
}

type compiledRoute struct {
	groups  uint64 // anchor groups that must all occur
	local   uint64 // word groups the segment must hold (so its unit and section do)
	context uint64 // word groups the section or the headings above must hold
	// near: word groups the unit or the text beside it must hold (its
	// label, the block before it, its lead-in, row and column, the two
	// headings above it): where inFallback reads its cues
	near   uint64
	leadIn bool // a code block's lead-in may supply the groups
}

// lazyDFA is an automaton made on first use: read from the precomputed
// tables when they hold it for exactly these patterns, else built.
type lazyDFA struct {
	name   string
	groups func() [][]string // group i's patterns
	syntax automaton.Syntax
	once   sync.Once
	d      *automaton.DFA
	err    error
}

func (l *lazyDFA) get() *automaton.DFA {
	l.once.Do(func() {
		groups := l.groups()
		if d, ok := automaton.Load(tablesBlob, l.name, groups, l.syntax); ok {
			l.d = d
			return
		}
		l.d, l.err = automaton.Compile(groups, l.syntax)
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
const maxGroups = automaton.MaxGroups

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
		rr, err := compileRoutes(r, specs, func(words []string, inTables bool) (uint, error) {
			if len(groups) == maxGroups {
				return 0, fmt.Errorf("prefilter: more than %d word groups", maxGroups)
			}
			if inTables {
				tables |= 1 << uint(len(groups))
			}
			groups = append(groups, words)
			return uint(len(groups) - 1), nil
		})
		if err != nil {
			return nil, err
		}
		f.rules = append(f.rules, rr)
	}
	// a rule without routes (a custom rule of patterns) wants every text;
	// the others' routes are still compiled, so that it opens the gate for
	// itself and closes it for no one
	if len(groups) > 0 {
		// check the patterns now, build the automaton when first used
		syntax := anchorSyntax(tables)
		if err := automaton.Check(groups, syntax); err != nil {
			return nil, fmt.Errorf("prefilter: %w", err)
		}
		f.anchors = &lazyDFA{name: "anchors", syntax: syntax, groups: func() [][]string { return groups }}
	}
	f.words = &builtinWords
	return f, nil
}

// builtinWords are the automata of the word groups (wRecovery…), one per
// group, shared by every filter and built when a section first needs one.
var builtinWords = func() (out [numWordGroups]*lazyDFA) {
	for w := range out {
		out[w] = &lazyDFA{name: fmt.Sprint("words", w), syntax: prefilterSyntax, groups: func() [][]string {
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
// compileRoutes turns a rule's route specs into the routes a filter
// checks; group gives each word group of a spec its bit (recording its
// words where the caller keeps them) and is told whether the group reads
// state tables. NewFilter numbers the built-in groups from 0, FilterFor a
// custom rule's from extraBase.
func compileRoutes(r *Rule, specs []routeSpec, group func(words []string, tables bool) (uint, error)) (ruleRoutes, error) {
	rr := ruleRoutes{rule: r}
	for _, spec := range specs {
		var cr compiledRoute
		for _, g := range spec.groups {
			bit, err := group(g, spec.tables)
			if err != nil {
				return rr, err
			}
			cr.groups |= 1 << bit
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
			cr.near |= 1 << wFallback
		}
		rr.routes = append(rr.routes, cr)
	}
	return rr, nil
}

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
		rr, err := compileRoutes(r, specs, func(words []string, _ bool) (uint, error) {
			if extraBase+len(extra) >= maxGroups {
				return 0, fmt.Errorf("prefilter: more than %d custom word groups", maxGroups-extraBase)
			}
			extra = append(extra, words)
			return uint(extraBase + len(extra) - 1), nil
		})
		if err != nil {
			return nil, err
		}
		f.rules = append(f.rules, rr)
	}
	if f.all || len(extra) == 0 {
		return f, nil
	}
	if err := automaton.Check(extra, prefilterSyntax); err != nil {
		return nil, fmt.Errorf("prefilter: %w", err)
	}
	groups := make([][]string, extraBase+len(extra))
	copy(groups[extraBase:], extra)
	f.extra = &lazyDFA{name: "custom", syntax: prefilterSyntax, groups: func() [][]string { return groups }}
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
		g = f.anchors.get().Groups(text)
	}
	if f.extra != nil {
		g |= f.extra.get().Groups(text)
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
	// the local words of the routes, read on first need: of the text,
	// and of the lead-in beside it
	words unitWords
}

// unitWords are the word groups (wRecovery…) a unit's text holds, each
// read on first need. A route's local words must stand in the segment
// its find function reads, so a unit without them cannot take the route.
type unitWords struct {
	f                 *Filter
	u                 *Unit // the unit, for the text beside it (nearHolds); may be nil
	text, leadText    string
	src, leadSrc      []byte // the texts as the automata read them, made once
	have, asked       uint64
	leadHave, leadAsk uint64
	nearHave, nearAsk uint64 // of the text beside the unit (nearHolds)
}

// holds reports whether the text (and, with lead, the lead-in beside it)
// holds every word group in need.
func (w *unitWords) holds(need uint64, lead bool) bool {
	if need == 0 {
		return true
	}
	if ask := need &^ w.asked; ask != 0 {
		if w.src == nil {
			w.src = []byte(w.text)
		}
		g, _ := w.f.Words(w.src, ask)
		w.have |= g
		w.asked |= ask
	}
	if w.have&need == need {
		return true
	}
	if !lead || w.leadText == "" {
		return false
	}
	if ask := need &^ w.leadAsk; ask != 0 {
		if w.leadSrc == nil {
			w.leadSrc = []byte(w.leadText)
		}
		g, _ := w.f.Words(w.leadSrc, ask)
		w.leadHave |= g
		w.leadAsk |= ask
	}
	return (w.have|w.leadHave)&need == need
}

// nearHolds reports whether the text, or the text beside the unit (see
// compiledRoute.near), holds a word of each group in need. A group may
// stand in any of them, as inFallback reads each alone.
func (w *unitWords) nearHolds(need uint64) bool {
	if need == 0 || w.holds(need, false) {
		return true
	}
	if w.u == nil {
		return false
	}
	if ask := need &^ w.nearAsk; ask != 0 {
		w.nearAsk |= ask
		c := &w.u.Ctx
		texts := append([]string{c.Label, c.Before, c.LeadIn, c.Column}, c.Row...)
		if n := len(c.Headings); n > 0 {
			texts = append(texts, c.Headings[max(n-2, 0):]...)
		}
		for _, t := range texts {
			if t == "" {
				continue
			}
			g, _ := w.f.Words([]byte(t), ask&^w.nearHave)
			w.nearHave |= g
			if w.nearHave&ask == ask {
				break
			}
		}
	}
	return (w.have|w.nearHave)&need == need
}

// groupsOf reads the groups of text once, and of u's lead-in if u is a
// code block that has one (u may be nil).
func (f *Filter) groupsOf(text string, u *Unit) groupsOfUnit {
	return f.groupsWith(f.unitGroups(text), text, u)
}

// groupsWith is groupsOf with the text's anchor groups given.
func (f *Filter) groupsWith(own uint64, text string, u *Unit) groupsOfUnit {
	r := groupsOfUnit{own: own, words: unitWords{f: f, u: u, text: text}}
	if u != nil && u.Kind == CodeBlock {
		if lead := leadInText(u.Ctx); lead != "" {
			r.withLead, r.lead = r.own|f.unitGroups(lead), true
			r.words.leadText = lead
		}
	}
	return r
}

// meets reports whether the groups complete the route: its anchor groups,
// and its local words in the same text. A lead-in route is completed only
// by a code block with its lead-in; the same words in prose take a route
// of their own.
func (r *groupsOfUnit) meets(rt compiledRoute) bool {
	if !rt.leadIn && r.own&rt.groups == rt.groups && r.words.holds(rt.local, false) && r.words.nearHolds(rt.near) {
		return true
	}
	return r.lead && rt.leadIn && r.withLead&rt.groups == rt.groups && r.words.holds(rt.local, true) && r.words.nearHolds(rt.near)
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

// RulesOfGroups is RulesOf for a unit whose anchor groups are known
// already, from the marks of its file's raw scan (which hold every group
// of its text and may hold more: the words of other units on its lines).
// A group too many can only add a rule, which then finds nothing in the
// unit (mayHit), so the findings are those of RulesOf.
func (f *Filter) RulesOfGroups(u *Unit, groups uint64, dst []*Rule) []*Rule {
	if f.all {
		return f.rulesFor(u.Text, u, dst)
	}
	return f.rulesWith(f.groupsWith(groups, u.Text, u), dst)
}

func (f *Filter) rulesFor(text string, u *Unit, dst []*Rule) []*Rule {
	var r groupsOfUnit
	if !f.all {
		r = f.groupsOf(text, u)
	}
	return f.rulesWith(r, dst)
}

func (f *Filter) rulesWith(r groupsOfUnit, dst []*Rule) []*Rule {
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
		dst, ok = f.anchors.get().Marks(src, dst, byLine)
	}
	if f.extra != nil {
		var more bool
		dst, more = f.extra.get().Marks(src, dst, byLine)
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
// It holds every group a route can need (TestWordOrderCoversRoutes): a
// group left out would never be looked for, and its routes would pass
// every section.
var wordOrder = []uint{wURL, wEndObject, wClient, wProcess, wReload, wTouch, wEditVerb, wStateVerb, wTimeVerb, wFallback, wRecovery}

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
		found, ok := l.get().Contains(src)
		if !ok {
			return AllWords, false
		}
		if found || w == wEditVerb && mayRedirect(src) {
			g |= 1 << uint(w)
		}
	}
	return g, true
}

// mayRedirect reports whether text may hold the '>' of a redirection,
// which fileEdit counts as its verb: as itself, its full-width form
// (which fold reads as it) or a character reference (&gt;, &#62;) in
// Markdown source. The group wEditVerb holds for such text.
func mayRedirect(src []byte) bool {
	return bytes.IndexByte(src, '>') >= 0 || bytes.IndexByte(src, '&') >= 0 || bytes.Contains(src, []byte("\uFF1E"))
}

// PathWords returns the word groups a file's name supplies: aboutClients
// reads a path holding "mcp" as about MCP clients, inRecovery a
// name such as TROUBLESHOOTING.md as about failures.
func PathWords(name string) uint64 {
	var g uint64
	if strings.Contains(strings.ToLower(name), "mcp") {
		g |= 1 << wClient // a file in an MCP server's folder is about MCP
	}
	if t := fileTitle(name); t != "" {
		// inRecovery reads the file name as the outermost title: the
		// recovery group's words, in one pass of its automaton
		w, _ := builtinFilter.Words([]byte(t), 1<<wRecovery)
		g |= w
	}
	return g
}

// reloadStems cover reloadWords and reloadTarget's names as substrings.
var reloadStems = []string{"reload", "watch", "restart", "redeploy", "rebuild", "trigger", "refresh", "fresh build"}

// docClientWords name MCP configuration files and tables. A document
// that names one anywhere is about MCP clients' configuration in every
// section; one that only says "MCP" somewhere is not.
var docClientWords = []string{"mcpservers", "mcp_servers", "mcp.json", "claude_desktop_config",
	"mcp_settings", "mcp-settings", "mcp config", "mcp configuration", "mcp settings", "[mcp_servers",
	// windsurf's mcp_config.json, an mcp-config/ folder of server files,
	// "an MCP server entry"
	"mcp_config", "mcp-config", "mcp server entry", "mcp server entries"}

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
	found, ok := builtinWords[wDocClient].get().Contains(src)
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
var routeGate, leadInGate = func() (map[*Rule][]compiledRoute, map[*Rule][]compiledRoute) {
	m, l := map[*Rule][]compiledRoute{}, map[*Rule][]compiledRoute{}
	for _, rr := range builtinFilter.rules {
		for _, rt := range rr.routes {
			m[rr.rule] = append(m[rr.rule], rt)
			if rt.leadIn {
				l[rr.rule] = append(l[rr.rule], rt)
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
		if last := l[k+2:]; !pronounObject(last) {
			return last
		}
		// "The `dbcloud` CLI keeps its own login. Use it as a direct
		// fallback:": the pronoun names what the sentence before does,
		// so that sentence introduces the block too
		if j := strings.LastIndex(l[:k], ". "); j >= 0 {
			l = l[j+2:]
		}
	}
	return l
}

// pronounObject: the sentence refers back with "it" or "this" ("Use it
// as a fallback:", "Run this instead:").
func pronounObject(sentence string) bool {
	for _, w := range strings.Fields(strings.ToLower(sentence)) {
		if w = strings.Trim(w, ".,:;!?`*_\"'()"); w == "it" || w == "this" {
			return true
		}
	}
	return false
}

// ---- precomputed tables ----

// The automata of the built-in rules are built ahead of time and embedded:
// building them all takes most of a second, decoding them milliseconds,
// and a one-file check or a vet run (one process per package) should pay
// only the latter. Each entry carries a fingerprint of the patterns and
// syntax it was built from; an entry that does not match those of this
// build is ignored and the automaton is built at run time instead, so a
// stale file costs time, never a finding. TestPrefilterTables fails while
// the file is stale; regenerate it with
//
//	go test ./rules -run TestPrefilterTables -update-prefilter-tables
//
// (a go:generate step of this package, see measurement.go).

//go:embed prefilter_tables.bin
var tablesBlob []byte
