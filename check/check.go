package check

import (
	"bytes"
	"fmt"
	"go/token"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/recoverlint/recoverlint/datascan"
	"github.com/recoverlint/recoverlint/goscan"
	"github.com/recoverlint/recoverlint/jsscan"
	"github.com/recoverlint/recoverlint/mdscan"
	"github.com/recoverlint/recoverlint/pyscan"
	"github.com/recoverlint/recoverlint/rules"
	"github.com/recoverlint/recoverlint/shscan"
	"github.com/recoverlint/recoverlint/textscan"
)

// Config selects what a check reports. The zero value enables every
// built-in rule.
type Config struct {
	// Disabled lists rule ids that are not reported.
	Disabled map[string]bool
	// Enabled, when not empty, lists the only rule ids that are reported.
	Enabled map[string]bool
	// Kind, when set, overrides the kind chosen by the file name.
	Kind *Kind
	// Extra are custom rules (from configuration) checked beside the
	// built-in ones, subject to Enabled and Disabled like them.
	Extra []*rules.Rule
	// Severity maps rule ids to the severity their findings carry
	// ("error", "warning", "note"); the default is "error".
	Severity map[string]string
}

// Rules returns the built-in rules the config enables.
func (c Config) Rules() []*rules.Rule {
	var out []*rules.Rule
	for _, r := range append(rules.All[:len(rules.All):len(rules.All)], c.Extra...) {
		if c.Disabled[r.ID] || len(c.Enabled) > 0 && !c.Enabled[r.ID] {
			continue
		}
		out = append(out, r)
	}
	return out
}

// Finding is a rule finding placed in a file: 1-based line and byte column
// of the word that names the action, the end of that word, and the source
// line as excerpt.
type Finding struct {
	Path      string `json:"path"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"end_line"`
	EndColumn int    `json:"end_column"`
	Rule      string `json:"rule"`
	Severity  string `json:"severity"`
	Message   string `json:"message"`
	Excerpt   string `json:"excerpt"`
}

// Meta rule ids for suppression comments that are themselves wrong.
const (
	BadSuppression    = "bad-suppression"
	UnusedSuppression = "unused-suppression"
)

// MetaRule is a rule about suppression comments, reported beside the
// built-in rules.
type MetaRule struct{ ID, Summary, Doc string }

// MetaRules documents the meta rules, for listings and editors.
var MetaRules = []MetaRule{
	{BadSuppression, "a suppression comment without rules or without a reason",
		"A suppression names the rules it silences (or all) and says why, after \"--\" in\nMarkdown and prompt files or after the rules in Go:\n\n  <!-- recoverlint-disable-next-line process-kill -- quoted from the 2024 incident -->\n\nOne that names no rule or gives no reason is reported, so that a finding is never\nsilenced without a record of why; so is one that still holds the placeholder\nreason an editor's quick fix writes, <why this is not a recommendation>."},
	{UnusedSuppression, "a suppression comment that suppresses nothing",
		"A suppression whose rules report nothing where it applies is stale: the text it\ncovered changed or went away. Remove it, so that suppressions do not pile up and\nhide the next real finding."},
}

// Source checks one file's content. The name (or, for a name that says
// nothing, the #! line) decides how the content is read — Markdown, plain
// prompt text, Go, shell, Python, JavaScript/TypeScript, YAML/JSON/TOML —
// unless cfg.Kind is set; the file is not opened. A code file that does not
// parse is still scanned as far as its reader got and the error is returned
// beside the findings. To check many files, use a Checker.
func Source(name string, src []byte, cfg Config) ([]Finding, error) {
	return NewChecker().Source(name, src, cfg)
}

// Checker checks files one after another and keeps what can be reused
// between them: the Markdown parser, the rule filter and scratch space. A
// Checker is not safe for concurrent use; give each goroutine its own.
type Checker struct {
	file fileCheck
	// unit, call and addUnit are file.unit, file.call and file.pl.addUnit,
	// made once: a method value made for each file would be allocated
	unit    func(rules.Unit)
	call    func(rules.Finding)
	addUnit func(rules.Finding)
	md      *mdscan.Scanner
	// the filters of the last two rule sets seen, the latest first
	filters [2]cachedFilter
	marks   []rules.Mark
	on      []*rules.Rule // the rules a unit is classified with
	// observe, when set (by Explain), is told every verdict the check
	// reaches, with the unit it was reached in
	observe func(rules.Unit, rules.Verdict)
}

// NewChecker returns a Checker.
func NewChecker() *Checker {
	c := &Checker{}
	c.reset()
	return c
}

// reset makes c as NewChecker makes it, with what Explain set kept.
func (c *Checker) reset() {
	*c = Checker{md: mdscan.New(), observe: c.observe}
	c.file.c = c
	c.unit, c.call, c.addUnit = c.file.unit, c.file.call, c.file.pl.addUnit
}

// Source checks one file's content; see the package function Source.
//
// Markdown and plain text files are first read by the rules' prefilter
// (rules.Filter), which finds, without parsing, the words every finding
// needs. A file without them is not parsed at all, of a Markdown file
// only the sections that hold them are (mdscan.Sections), and of the units
// only those the marks fall in have their words read again. The findings are
// the same as when every unit is parsed and classified: the prefilter
// reads words the way the classifier does, markup and all, and the rules
// search only text that holds them (rules.MayMatch).
//
// A panic in a scanner or a rule does not escape: Source returns no
// findings and a *PanicError that names the stage, so one hostile file
// cannot end a run that checks thousands.
func (c *Checker) Source(name string, src []byte, cfg Config) (out []Finding, err error) {
	f := &c.file
	f.stage = "reading the file kind"
	defer func() {
		if v := recover(); v != nil {
			stage := f.stage
			c.reset() // its buffers may be half written
			out, err = nil, &PanicError{Stage: stage, Value: v}
		}
	}()
	if IsUTF16(src) {
		f.stage = "decoding UTF-16"
		text, offs := decodeUTF16(src)
		fs, err := c.Source(name, text, cfg)
		return utf16Positions(fs, text, offs), err
	}
	kind := KindFor(name, src)
	if cfg.Kind != nil {
		kind = *cfg.Kind
	}
	if kind.Code() && rules.IsTestPath(name) || kind == Data && rules.IsDatasetPath(name) {
		return nil, nil // test code and test data perform no finding (SPEC, Code)
	}
	if kind == Markdown || kind == Text || kind == Data {
		src = loneCRs(src)
	}
	enabled := cfg.Rules()
	filter := c.filterOf(enabled)
	suppressions := mentionsRecoverlint(src)
	*f = fileCheck{c: c, src: src, enabled: enabled, filter: filter, pl: placer{name: name, src: src, cfg: cfg},
		stage: kind.String() + " scanner"}
	if scanHook != nil {
		scanHook(kind)
	}
	var scanErr error
	if (kind == Markdown || kind == Text) && filter != nil && !filter.All() && !suppressions {
		var each func(func(rules.Unit))
		if f.marks, f.doc, each = c.filtered(kind, name, src, filter); each != nil {
			each(c.unit)
		}
	} else {
		var asText bool
		asText, scanErr = c.scan(kind, name, src, c.unit, c.call)
		if asText {
			// the code did not lex: its units so far are dropped and the
			// file is read as prose, beside the calls found before the error
			f.pl.units.drop()
			f.seen = nil
			textscan.ScanEach(src, name, c.unit)
		}
	}
	f.stage = "rules"
	if cap(c.marks) > maxKeptMarks {
		c.marks = nil // a file's worth of marks is not kept for the next
	}
	for _, s := range f.seen {
		c.observe(s.u, s.vd)
	}
	for _, call := range f.calls {
		c.observe(rules.Unit{}, rules.Verdict{Rule: call.Rule, Start: call.Start, End: call.End, Stance: rules.Recommend, Finding: true,
			Reasons: []string{"the code performs the action: a call the scanner recognised"}, Message: call.Message})
	}
	pl := &f.pl
	if pl.file == nil && !suppressions {
		f.release()
		return nil, scanErr
	}
	f.stage = "placing findings"
	file := pl.lines()
	out = pl.findings()
	f.stage = "suppressions"
	out = applySuppressions(name, src, file, kind, out, cfg)
	sortFindings(out)
	f.release()
	return out, scanErr
}

// fileCheck is what a Checker holds of the file it is checking. Units
// are classified as the scanner reaches them (fileCheck.unit) and
// dropped: only findings are kept, one per rule and line (placer), so a
// one-line file of a million sentences never holds a million units.
// Calls go to a placer of their own and join the units' findings at the
// end, as if placed after them.
type fileCheck struct {
	c       *Checker
	src     []byte
	enabled []*rules.Rule
	filter  *rules.Filter
	marks   []rules.Mark // the file's prefilter marks, sorted by end; nil: read each unit's words
	doc     *rules.DocFacts
	pl      placer
	seen    []observed      // in Explain: the units' verdicts, kept until the scan is final
	calls   []rules.Finding // in Explain: the calls reported
	stage   string          // what runs, for a PanicError
}

// release lets go of the file once it is checked.
func (f *fileCheck) release() { *f = fileCheck{c: f.c} }

// unit classifies one unit of the file.
func (f *fileCheck) unit(u rules.Unit) {
	c := f.c
	f.stage = "rules"
	if f.doc == nil {
		f.doc = rules.NewDoc(f.src)
	}
	u.Ctx.Doc = f.doc
	on := f.enabled
	if f.filter != nil {
		// only the rules with a route in the unit can find anything
		c.on = rulesOf(f.filter, f.src, f.marks, &u, c.on[:0])
		on = c.on
		if len(on) == 0 {
			return
		}
	}
	if c.observe == nil {
		rules.ClassifyEach(u, on, c.addUnit)
		return
	}
	for _, vd := range rules.Explain(u, on) {
		f.seen = append(f.seen, observed{u, vd})
		if vd.Finding {
			f.pl.addUnit(rules.Finding{Rule: vd.Rule, Start: vd.Start, End: vd.End, Message: vd.Message})
		}
	}
}

// call places a call the scanner found.
func (f *fileCheck) call(call rules.Finding) {
	if ruleOn(f.enabled, call.Rule) {
		f.pl.addCall(call)
		if f.c.observe != nil {
			f.calls = append(f.calls, call)
		}
	}
}

// scanHook, when set (by tests only), runs before a file is scanned.
var scanHook func(Kind)

// loneCRs returns src with every carriage return that no line feed
// follows read as a line feed: CommonMark and YAML end a line there, and
// a file saved with old Mac line endings is otherwise one long line. The
// copy has the same length, so every offset, line and column still points
// into the file as it is.
func loneCRs(src []byte) []byte {
	i := bytes.IndexByte(src, '\r')
	for i >= 0 && i+1 < len(src) && src[i+1] == '\n' {
		j := bytes.IndexByte(src[i+1:], '\r')
		if j < 0 {
			return src
		}
		i += 1 + j
	}
	if i < 0 {
		return src
	}
	out := bytes.Clone(src)
	for k := i; k < len(out); k++ {
		if out[k] == '\r' && (k+1 == len(out) || out[k+1] != '\n') {
			out[k] = '\n'
		}
	}
	return out
}

// DataError is a YAML, JSON or TOML file that does not parse. Unlike a
// Go fragment that does not parse, it is a failure of the run (exit 2):
// a config or workflow with a syntax error is broken, and what follows
// the error could hide a recommendation.
type DataError struct{ Err error }

func (e *DataError) Error() string { return e.Err.Error() }
func (e *DataError) Unwrap() error { return e.Err }

// PanicError is a file whose check panicked: a bug in recoverlint that
// the file triggers. It is an error of that file alone.
type PanicError struct {
	Stage string // the scanner or step that panicked ("Go scanner", "rules")
	Value any    // what was passed to panic
}

func (e *PanicError) Error() string {
	return fmt.Sprintf("internal error in the %s (please report it with this file): %v", e.Stage, e.Value)
}

// mentionsRecoverlint reports whether src holds "recoverlint", which
// every suppression comment does. It looks for "verlint" and then the
// bytes before it: 'v' is rare in text, so the search skips ahead in
// large steps where one for 'r' would stop at every other word.
func mentionsRecoverlint(src []byte) bool {
	for i := 0; ; {
		j := bytes.Index(src[i:], []byte("verlint"))
		if j < 0 {
			return false
		}
		j += i
		if j >= 4 && string(src[j-4:j]) == "reco" {
			return true
		}
		i = j + 1
	}
}

// filterOf returns the prefilter of a rule set, nil when it cannot be
// built (every unit is then classified). The last two are kept: building
// one for custom rules compiles an automaton.
func (c *Checker) filterOf(enabled []*rules.Rule) *rules.Filter {
	for i := range c.filters {
		if e := c.filters[i]; e.f != nil && slices.Equal(e.rules, enabled) {
			c.filters[0], c.filters[i] = c.filters[i], c.filters[0]
			return e.f
		}
	}
	f, err := rules.FilterFor(enabled)
	if err != nil {
		return nil
	}
	c.filters[1] = c.filters[0]
	c.filters[0] = cachedFilter{rules: enabled, f: f}
	return f
}

// observed is a verdict Explain is told of, with its unit.
type observed struct {
	u  rules.Unit
	vd rules.Verdict
}

type cachedFilter struct {
	rules []*rules.Rule
	f     *rules.Filter
}

// filtered returns how to read the units of a Markdown or text file that
// the filter says may hold a finding, parsing as little of the file as it
// can: each passes them, in order, to its argument; nil when there are
// none. Units of other sections may come along; every unit it passes is
// one a full scan passes too. The prefilter reads the file once: its
// marks, sorted by end, are returned for the units to be looked up in
// (nil when they are uncertain and every unit must be asked), with the
// document facts when the section filter had to read them.
func (c *Checker) filtered(kind Kind, name string, src []byte, f *rules.Filter) (marks []rules.Mark, doc *rules.DocFacts, each func(func(rules.Unit))) {
	marks, ok := f.LineMarks(src, c.marks[:0])
	c.marks = marks
	if !ok {
		// a Markdown or text file's scan reports no error: a page too
		// costly for goldmark is read as text instead
		return nil, nil, func(unit func(rules.Unit)) { _, _ = c.scan(kind, name, src, unit, nil) }
	}
	var all uint64
	for _, m := range marks {
		all |= m.Groups
	}
	if !f.Routes(all) {
		return nil, nil, nil // no route is complete anywhere in the file
	}
	var secs []mdscan.Section
	if kind == Markdown {
		secs = mdscan.Sections(src)
	} else {
		secs = []mdscan.Section{{Start: 0, End: len(src)}}
	}
	// the anchor groups of each section: those of the marks whose last
	// byte it holds
	groups := make([]uint64, len(secs))
	for _, m := range marks {
		k := sort.Search(len(secs), func(i int) bool { return secs[i].End > m.End-1 })
		if k < len(secs) {
			groups[k] |= m.Groups
		}
	}
	// the context word groups some route could still need
	var context uint64
	for _, g := range groups {
		context |= f.Context(g)
	}
	keep := make([]bool, len(secs))
	kept := false
	above := rules.PathWords(name) // word groups of the headings so far
	if context&rules.DocGroups&^above != 0 {
		doc = rules.NewDoc(src) // read once, here and by the units
		if doc.MCP() {
			above |= rules.DocGroups // a document about MCP is so in every section
		}
	}
	if context&rules.DocRecovery&^above != 0 {
		if doc == nil {
			doc = rules.NewDoc(src)
		}
		if doc.OpensOnFailure() {
			above |= rules.DocRecovery // a thread that opens on a failure: its replies answer it
		}
	}
	for i, sec := range secs {
		for _, h := range sec.Heads {
			if want := context &^ above; want != 0 {
				g, _ := f.Words(src[h.Start:h.End], want)
				above |= g
			}
		}
		keep[i] = f.Wanted(groups[i], func(need uint64) uint64 {
			g, _ := f.Words(src[sec.Start:sec.End], need)
			return g
		}, above)
		kept = kept || keep[i]
	}
	if !kept {
		return nil, doc, nil
	}
	// the units are looked up in the marks (rulesOf); most files never
	// get this far, so only these pay for the sort
	slices.SortFunc(marks, func(a, b rules.Mark) int { return a.End - b.End })
	if kind == Markdown {
		if units, err := c.md.ScanSections(src, name, secs, keep); err == nil {
			return marks, doc, func(unit func(rules.Unit)) { eachUnit(units, unit) }
		}
		// too costly for goldmark (mdscan.ErrCostly): read as prompt text
	}
	return marks, doc, func(unit func(rules.Unit)) { textscan.ScanEach(src, name, unit) }
}

// eachUnit passes the units to unit in order, dropping each from the
// slice once passed so that it is not held while the rest are read.
func eachUnit(units []rules.Unit, unit func(rules.Unit)) {
	for i := range units {
		u := units[i]
		units[i] = rules.Unit{}
		unit(u)
	}
}

// rulesOf appends to dst the rules that could report a finding in u
// (rules.Filter.RulesOf). Given the file's marks (sorted by end), the
// unit's anchor groups are those of the marks on its lines (see
// markedGroups), so its own text is not read again: prose without a mark
// then takes no rule, and a code block only those whose routes the
// sentence that introduces it completes alone (RulesOf of the block with
// no text of its own).
func rulesOf(f *rules.Filter, src []byte, marks []rules.Mark, u *rules.Unit, dst []*rules.Rule) []*rules.Rule {
	if marks == nil || u.Offsets.Len() == 0 {
		return f.RulesOf(u, dst)
	}
	if g := markedGroups(src, marks, u); g != 0 {
		return f.RulesOfGroups(u, g, dst)
	}
	if u.Kind != rules.CodeBlock {
		return dst
	}
	lead := *u
	lead.Text = ""
	return f.RulesOf(&lead, dst)
}

// markedGroups returns the groups of the marks (sorted by end) that end
// after u's first byte and by the end of its last line. The prefilter's
// raw scan marks every route word the unit's text holds there
// (rules.TestMarksCoverUnits), so these hold every anchor group of the
// text; they may hold more, of words beside the unit on its lines.
func markedGroups(src []byte, marks []rules.Mark, u *rules.Unit) uint64 {
	lo, hi := u.Offsets.At(0), min(u.Offsets.At(len(u.Text)), len(src))
	if k := bytes.IndexByte(src[hi:], '\n'); k >= 0 {
		hi += k + 1
	} else {
		hi = len(src)
	}
	var g uint64
	for i := sort.Search(len(marks), func(i int) bool { return marks[i].End > lo }); i < len(marks) && marks[i].End <= hi; i++ {
		g |= marks[i].Groups
	}
	return g
}

// severity returns the configured severity of a rule's findings.
func (c Config) severity(id string) string {
	if s := c.Severity[id]; s != "" {
		return s
	}
	return "error"
}

// scan reads the source as its kind says, passing each unit to unit and
// each call to call (nil: calls are not wanted) as the scanner reaches
// them. A code file that does not lex has its calls found before the
// error passed, and the error returned with asText set: its units are to
// be replaced by a reading as plain text.
func (c *Checker) scan(kind Kind, name string, src []byte, unit func(rules.Unit), call func(rules.Finding)) (asText bool, err error) {
	if call == nil {
		call = func(rules.Finding) {}
	}
	var units []rules.Unit
	var calls []rules.Finding
	switch kind {
	case Markdown:
		units, err := c.md.Scan(src, name)
		if err != nil {
			// too costly for goldmark (mdscan.ErrCostly): read as prompt text
			textscan.ScanEach(src, name, unit)
			return false, nil
		}
		eachUnit(units, unit)
		return false, nil
	case Text:
		textscan.ScanEach(src, name, unit)
		return false, nil
	case Go:
		return false, goscan.ScanEach(src, name, unit, call)
	case Shell:
		if err := shscan.ScanEach(src, name, unit, call); err != nil {
			return true, err
		}
		return false, nil
	case Python:
		if err := pyscan.ScanEach(src, name, unit, call); err != nil {
			return true, err
		}
		return false, nil
	case JavaScript:
		if err := jsscan.ScanEach(src, name, unit, call); err != nil {
			return true, err
		}
		return false, nil
	case Data:
		lexed, err := datascan.ScanEach(src, name, unit, call)
		if err == nil {
			return false, nil
		}
		// a data file that does not parse is a failure of the run (issue
		// 18): its strings are still read, but it is no partial reading to
		// pass over; the JSON strings after the error are read one by one
		// (lexed), any other file's units are left to the reading as text
		return !lexed, &DataError{Err: err}
	}
	if err == nil {
		eachUnit(units, unit)
	}
	for _, f := range calls {
		call(f)
	}
	return err != nil, err
}

func ruleOn(enabled []*rules.Rule, id string) bool {
	for _, r := range enabled {
		if r.ID == id {
			return true
		}
	}
	return false
}

// placer turns offsets into lines and columns as findings are reached,
// keeping one finding per rule per line: the first, at the leftmost
// column. Only what it keeps is held, so a one-line file full of
// findings costs one finding per rule, not one per sentence. The units'
// findings and the calls' are kept apart, so that calls, reached as the
// scanner goes, are placed as if after every unit's (findings).
type placer struct {
	name         string
	src          []byte
	cfg          Config
	file         *token.File // the line table, built at the first finding
	units, calls placed
}

// placed is what a placer keeps of one stream of findings.
type placed struct {
	seen map[placeKey]int
	out  []Finding
}

type placeKey struct {
	rule string
	line int
}

// lines returns the file's line table, building it on first use.
func (p *placer) lines() *token.File {
	if p.file == nil {
		p.file = token.NewFileSet().AddFile(p.name, -1, len(p.src))
		p.file.SetLinesForContent(p.src)
	}
	return p.file
}

// addUnit places a finding in a unit; addCall one of a call.
func (p *placer) addUnit(f rules.Finding) { p.add(&p.units, f) }
func (p *placer) addCall(f rules.Finding) { p.add(&p.calls, f) }

// add places one finding.
func (p *placer) add(to *placed, f rules.Finding) {
	file := p.lines()
	if f.Start < 0 || f.Start > len(p.src) {
		return
	}
	end := f.End
	if end < f.Start || end > len(p.src) {
		end = f.Start
	}
	at := file.Position(file.Pos(f.Start))
	e := file.Position(file.Pos(end))
	to.keep(Finding{
		Path: p.name, Line: at.Line, Column: at.Column, EndLine: e.Line, EndColumn: e.Column,
		Rule: f.Rule, Severity: p.cfg.severity(f.Rule), Message: f.Message,
	}, func() string { return excerpt(p.src, file, at.Line) })
}

// keep keeps f unless its rule has a finding on its line already; that
// one takes f's column and end when f is further left.
func (to *placed) keep(f Finding, excerpt func() string) {
	k := placeKey{f.Rule, f.Line}
	if i, ok := to.seen[k]; ok {
		if o := &to.out[i]; f.Column < o.Column {
			o.Column, o.EndLine, o.EndColumn = f.Column, f.EndLine, f.EndColumn
		}
		return
	}
	if to.seen == nil {
		to.seen = map[placeKey]int{}
	}
	to.seen[k] = len(to.out)
	if excerpt != nil {
		f.Excerpt = excerpt()
	}
	to.out = append(to.out, f)
}

// drop forgets every finding kept.
func (to *placed) drop() {
	to.out = to.out[:0]
	clear(to.seen)
}

// findings returns the findings kept: the units', then the calls' as if
// placed after them.
func (p *placer) findings() []Finding {
	for _, f := range p.calls.out {
		p.units.keep(f, nil)
	}
	return p.units.out
}

// excerpt returns the source line, trimmed and cut to a readable length,
// with invalid UTF-8 replaced so that JSON output stays valid.
func excerpt(src []byte, file *token.File, line int) string {
	start := file.Offset(file.LineStart(line))
	end := bytes.IndexByte(src[start:], '\n')
	if end < 0 {
		end = len(src)
	} else {
		end += start
	}
	const max = 240
	text := src[start:end]
	if len(text) > excerptWindow {
		// a long line: read only its opening when that gives the same
		// excerpt (valid UTF-8, more than max bytes once trimmed), so
		// that a one-line file is not copied for its excerpt
		w := bytes.TrimLeftFunc(text, unicode.IsSpace)
		k := min(len(w), excerptWindow)
		for k > 0 && k < len(w) && !utf8.RuneStart(w[k]) {
			k--
		}
		if w = w[:k]; utf8.Valid(w) && len(bytes.TrimRightFunc(w, unicode.IsSpace)) > max {
			text = w
		}
	}
	s := strings.TrimSpace(strings.TrimRight(string(text), "\r"))
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	if len(s) > max {
		cut := max
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

// maxKeptMarks is the most marks a Checker keeps room for between files.
const maxKeptMarks = 1 << 14

// excerptWindow is how much of a long line excerpt reads: far more than
// the 240 bytes it keeps.
const excerptWindow = 4096

func sortFindings(fs []Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		return a.Rule < b.Rule
	})
}

// String formats a finding as the text reporter prints it.
func (f Finding) String() string {
	return fmt.Sprintf("%s:%d:%d: %s: %s", f.Path, f.Line, f.Column, f.Rule, f.Message)
}
