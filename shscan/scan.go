package shscan

import (
	"fmt"
	"go/token"
	"sort"
	"strings"

	"github.com/recoverlint/recoverlint/internal/formats"
	"github.com/recoverlint/recoverlint/rules"
)

// Result is what a scan finds in one file or string.
type Result struct {
	// Units are the comments and the quoted or printed prose of the
	// script, for the classifier.
	Units []rules.Unit
	// Calls are the forbidden actions the script performs, with byte
	// offsets into the source.
	Calls []rules.Finding
	// Err is the first lexing problem (an unterminated quote, $( or
	// here-document); Units and Calls still cover what could be read.
	Err error
}

// Scan reads src as a shell script. name is the file's name as given; it
// is recorded in every unit's context.
func Scan(src []byte, name string) Result {
	var res Result
	res.Err = ScanEach(src, name, func(u rules.Unit) { res.Units = append(res.Units, u) },
		func(f rules.Finding) { res.Calls = append(res.Calls, f) })
	return res
}

// ScanEach passes the units and the calls Scan returns to unit and call,
// each in the same order, and returns Scan's error. What a command does
// can depend on a variable any command of the script sets (pid=$! after
// the function that kills $pid), so a script's commands are all read
// before any is checked. Those of a script up to heldScript are held
// meanwhile; a larger script is read twice instead, once for what its
// commands set and once to check them, and holds one stretch of commands
// at a time, up to where every command read has ended, with the units
// and calls found in it.
func ScanEach(src []byte, name string, unit func(rules.Unit), call func(rules.Finding)) error {
	header := headerComment(src)
	sc := &scanner{path: name, recovery: rules.RecoveryFile(name) || rules.NamesFix(header), fallback: rules.NamesFallback(header),
		reload: rules.ReloadScript(name, header)}
	text, base := string(src), rules.IdentityOffsets(0, len(src)+1)
	if len(src) <= heldScript {
		sc.script(text, base)
		sc.unitOut, sc.callOut = unit, call
		sc.pass()
		return sc.err(src, name)
	}
	// what the commands set, as scriptAt notes it before checking any
	sc.noting = true
	var loops []*command
	sc.stream(text, base, func(c *command) {
		if c.loop {
			loops = append(loops, c)
			return
		}
		sc.noteOwn(c)
		sc.noteMade(c)
		sc.notePIDFile(c)
	})
	if len(sc.pids) > 0 {
		// a PID read back from the script's own PID file, as scriptAt
		// notes it: one more reading, only for such a script
		sc.stream(text, base, func(c *command) {
			if !c.loop {
				sc.noteOwn(c)
				sc.noteReadPID(c)
			}
		})
	}
	for _, c := range loops {
		sc.noteLoop(c)
	}
	sc.noting = false
	sc.unitOut, sc.callOut = unit, call
	sc.stream(text, base, func(c *command) {
		if !c.loop {
			sc.check(c, 0)
		}
	})
	sc.pass()
	return sc.err(src, name)
}

// heldScript is the size of the largest script whose commands ScanEach
// holds all at once (some 50 bytes for each byte of the script); it
// reads a larger one twice. A variable, so that tests can read every
// script twice.
var heldScript = 256 << 10

// err returns the first lexing problem of the script src, placed.
func (sc *scanner) err(src []byte, name string) error {
	if sc.errMsg == "" {
		return nil
	}
	f := token.NewFileSet().AddFile(name, -1, len(src))
	f.SetLinesForContent(src)
	p := f.Position(f.Pos(min(sc.errAt, len(src))))
	return fmt.Errorf("%s:%d:%d: %s", name, p.Line, p.Column, sc.errMsg)
}

// stream lexes and parses a whole script, handing read its commands in
// the order scriptAt reads them. They are handed on in stretches: at a
// line break or an operator after which every command read so far has
// ended, no here-document is still to be read and no comment block can
// still grow. What is found after such a point lies after it in the
// source, so the units and calls found until then are passed on there,
// in order (pass).
func (sc *scanner) stream(text string, base rules.Offsets, read func(*command)) {
	var cmds []*command
	l := &lexer{sc: sc, s: text, base: base, end: len(text), cmds: &cmds}
	p := &parser{cmds: &cmds}
	handOn := func() {
		for i, c := range cmds {
			cmds[i] = nil
			read(c)
		}
		cmds = cmds[:0]
	}
	l.lex(0, func(t item) {
		p.item(t)
		if (t.kind == tNewline || t.kind == tOp) && p.cur == nil && p.loop == nil && len(l.pending) == 0 && l.groupClosed() {
			handOn()
			sc.pass()
		}
	})
	p.end()
	handOn()
}

// Embedded reads a script held in a string of another file: a workflow's
// run: value, the command string of os.system or exec, a config's command.
// text is the decoded string and offsets maps it to the file, as a
// rules.Unit's Offsets do (len(text)+1 entries).
func Embedded(text string, offsets []int, name string) Result {
	return EmbeddedShared(text, offsets, name, nil)
}

// EmbeddedShared is Embedded for one of several scripts that run in turn
// and share their variables (the steps of a CI workflow): own holds the
// variables earlier scripts set to their own children's PIDs, and this
// script's are added to it. A nil own shares nothing.
func EmbeddedShared(text string, offsets []int, name string, own map[string]bool) Result {
	if len(offsets) != len(text)+1 {
		return Result{Err: fmt.Errorf("%s: offset map has %d entries for %d bytes", name, len(offsets), len(text))}
	}
	sc := &scanner{path: name, own: own, recovery: rules.RecoveryFile(name)}
	sc.script(text, rules.OffsetsOf(offsets))
	res := sc.result()
	if sc.errAt >= 0 {
		res.Err = fmt.Errorf("%s: offset %d: %s", name, sc.errAt, sc.errMsg)
	}
	return res
}

// Word is one element of an argument vector built by code.
type Word struct {
	// Text is the element's value: the decoded string of a literal, or
	// the expression's source text when it is not a literal.
	Text string
	// Offsets maps Text to the source (len(Text)+1 entries).
	Offsets []int
	// Literal is true when Text is a known value, not an expression.
	Literal bool
}

// Argv checks a command given as an argument vector, such as the list
// passed to subprocess.run or the "command" and "args" of a config entry.
// The first word is the program. A shell given a -c string has that
// string read as a script.
func Argv(words []Word, name string) Result {
	sc := &scanner{path: name, recovery: rules.RecoveryFile(name)}
	var argv []*word
	for _, in := range words {
		w := &word{val: []byte(in.Text), literal: in.Literal}
		if len(in.Offsets) == len(in.Text)+1 {
			w.offs = append([]int(nil), in.Offsets...)
		} else {
			at := 0
			if len(in.Offsets) > 0 {
				at = in.Offsets[0]
			}
			w.offs = make([]int, len(in.Text)+1)
			for i := range w.offs {
				w.offs[i] = at
			}
		}
		w.start, w.end = w.offs[0], w.offs[len(w.offs)-1]
		argv = append(argv, w)
	}
	sc.run(argv, nil, 0)
	return sc.result()
}

// IsScript reports whether a string held in code is a whole shell script:
// after leading blank lines it opens with a #! line naming a shell
// (formats.Interpreter, formats.IsShell). Such a string is code, whatever
// program writes or runs it, and is read with Embedded rather than as text.
func IsScript(text string) bool {
	return formats.IsShell(formats.Interpreter([]byte(strings.TrimLeft(text, " \t\r\n"))))
}

// scanner holds what a scan has found so far.
type scanner struct {
	path  string
	units []rules.Unit
	calls []rules.Finding
	// unitOut and callOut, when set (ScanEach), take the units and calls
	// found so far at each pass; noting is set while a script is read
	// only for what its commands set, and its comments are not units
	unitOut func(rules.Unit)
	callOut func(rules.Finding)
	noting  bool
	own     map[string]bool   // variables that hold the script's own children
	pids    map[string]bool   // files the script writes its own children's PIDs to ("$PIDFILE")
	vals    map[string]string // variables the script assigns a value to
	made    map[string]bool   // files the script creates (as written: "$BACKUP")
	// recovery: the script is a fix, by its name or its header comment,
	// so its writes of config and env files are recovery steps
	recovery bool
	// fallback: the header says the agent's tools are down or bypassed,
	// so the script's HTTP calls go around them
	fallback bool
	// reload: the script exists to make servers reload or restart, so
	// its touches are the triggers (rules.ReloadScript)
	reload bool
	errAt  int
	errMsg string
}

// headerComment returns the text of the comment block that opens a
// script, after its #! line: what the script is for ("# Fix for stale
// taskpilot registrations: stops every copy and strips the entry").
func headerComment(src []byte) string {
	var b strings.Builder
	for i, line := range strings.SplitN(string(src[:min(len(src), 4<<10)]), "\n", 40) {
		t := strings.TrimSpace(line)
		if i == 0 && strings.HasPrefix(t, "#!") {
			continue
		}
		if !strings.HasPrefix(t, "#") {
			break
		}
		b.WriteString(strings.TrimLeft(t, "# "))
		b.WriteByte(' ')
	}
	return b.String()
}

// maxDepth bounds scripts within scripts (sh -c "eval '…'").
const maxDepth = 8

func (sc *scanner) fail(at int, msg string) {
	if sc.errMsg == "" {
		sc.errAt, sc.errMsg = at, msg
	}
}

func (sc *scanner) result() Result {
	if sc.errMsg == "" {
		sc.errAt = -1
	}
	sc.sort()
	return Result{Units: sc.units, Calls: sc.calls}
}

// sort puts the units and calls found in source order.
func (sc *scanner) sort() {
	sort.SliceStable(sc.units, func(i, j int) bool { return sc.units[i].Offsets.At(0) < sc.units[j].Offsets.At(0) })
	sort.SliceStable(sc.calls, func(i, j int) bool { return sc.calls[i].Start < sc.calls[j].Start })
}

// pass hands the units and calls found so far to unitOut and callOut,
// in source order, and forgets them.
func (sc *scanner) pass() {
	if sc.unitOut == nil {
		return
	}
	sc.sort()
	for _, u := range sc.units {
		sc.unitOut(u)
	}
	for _, c := range sc.calls {
		sc.callOut(c)
	}
	clear(sc.units)
	sc.units, sc.calls = sc.units[:0], sc.calls[:0]
}

// script lexes and parses text, then checks every command in it.
func (sc *scanner) script(text string, base rules.Offsets) {
	sc.scriptAt(text, base, 0)
}

func (sc *scanner) scriptAt(text string, base rules.Offsets, depth int) {
	if depth > maxDepth {
		return
	}
	var cmds []*command
	l := &lexer{sc: sc, s: text, base: base, end: len(text), cmds: &cmds}
	sc.parse(l.tokens(0), &cmds)
	for _, c := range cmds {
		if !c.loop {
			sc.noteOwn(c)
			sc.noteMade(c)
		}
	}
	for _, c := range cmds {
		if !c.loop {
			sc.notePIDFile(c)
		}
	}
	if len(sc.pids) > 0 {
		// a PID read back from such a file names an own child too
		for _, c := range cmds {
			if !c.loop {
				sc.noteOwn(c)
				sc.noteReadPID(c)
			}
		}
	}
	for _, c := range cmds {
		if c.loop {
			sc.noteLoop(c)
		}
	}
	for _, c := range cmds {
		if !c.loop {
			sc.check(c, depth)
		}
	}
}

func (sc *scanner) add(r *rules.Rule, w *word) {
	sc.calls = append(sc.calls, rules.Finding{Rule: r.ID, Start: w.start, End: w.end, Message: r.Message})
}

// command is a simple command: its words (assignments first), its
// redirections and the here-documents it reads.
type command struct {
	words  []*word
	redirs []*redir
	// from is the command whose output is piped into this one.
	from *command
	// loop marks the header of a for or select loop (NAME in WORDS…),
	// read only for what its variable holds, never run
	loop bool
}

type redir struct {
	op     string
	target *word
	doc    *heredoc
}

// parser state for one token stream.
type parser struct {
	cmds   *[]*command
	cur    *command
	cases  []bool   // per open case: true while reading patterns
	header bool     // between "case" and "in"
	skip   bool     // skipping a for/select header
	loop   *command // the header being skipped, kept for noteLoop
	name   bool     // the next word names a function
	test   bool     // inside [[ … ]]
	fn     bool     // after NAME ( in a function definition
	target *redir   // a redirection waiting for its target word
	piped  *command // the command before a pipe, for the next one
}

func (p *parser) end() {
	if p.cur != nil && (len(p.cur.words) > 0 || len(p.cur.redirs) > 0) {
		p.cur.from = p.piped
		*p.cmds = append(*p.cmds, p.cur)
	}
	p.piped = nil
	p.cur = nil
	p.target = nil
	p.test = false
}

func (p *parser) start() bool { return p.cur == nil || len(p.cur.words) == 0 }

func (p *parser) patterns() bool { return len(p.cases) > 0 && p.cases[len(p.cases)-1] }

// parse splits tokens into simple commands, stepping over the parts of
// compound commands that are not commands: case patterns, for headers,
// function names and reserved words.
func (sc *scanner) parse(toks []item, cmds *[]*command) {
	p := &parser{cmds: cmds}
	for _, t := range toks {
		p.item(t)
	}
	p.end()
}

// item reads the next token.
func (p *parser) item(t item) {
	switch t.kind {
	case tWord:
		p.word(t.w)
	case tRedir:
		if p.cur == nil {
			p.cur = &command{}
		}
		r := &redir{op: t.op, doc: t.doc}
		p.cur.redirs = append(p.cur.redirs, r)
		if t.doc == nil {
			p.target = r
		}
	case tNewline:
		if p.test {
			return
		}
		p.end()
		p.endLoop()
	case tOp:
		p.op(t.op)
	}
}

func (p *parser) word(w *word) {
	v := w.text()
	if p.target != nil {
		p.target.target = w
		p.target = nil
		return
	}
	if p.test && p.cur != nil {
		p.cur.words = append(p.cur.words, w)
		if v == "]]" && w.literal {
			p.test = false
		}
		return
	}
	if p.skip {
		if p.loop != nil {
			p.loop.words = append(p.loop.words, w)
		}
		return
	}
	if p.name {
		p.name = false
		return
	}
	if p.header {
		if v == "in" {
			p.header = false
			p.cases = append(p.cases, true)
		}
		return
	}
	if p.patterns() {
		if v == "esac" {
			p.cases = p.cases[:len(p.cases)-1]
		}
		return
	}
	if p.start() && w.literal && len(w.quotes) == 0 {
		switch v {
		case "if", "then", "else", "elif", "fi", "do", "done", "while", "until", "!", "{", "}", "time", "coproc":
			return
		case "case":
			p.header = true
			return
		case "esac":
			if len(p.cases) > 0 {
				p.cases = p.cases[:len(p.cases)-1]
			}
			return
		case "for", "select":
			p.skip = true
			p.loop = &command{loop: true}
			return
		case "function":
			p.name = true
			return
		case "[[":
			p.test = true
		}
	}
	if p.cur == nil {
		p.cur = &command{}
	}
	p.cur.words = append(p.cur.words, w)
}

func (p *parser) op(op string) {
	if p.test && (op == "&&" || op == "||" || op == "(" || op == ")") {
		return
	}
	switch {
	case p.patterns():
		if op == ")" {
			p.cases[len(p.cases)-1] = false
		}
		return
	case op == ";;" || op == ";&" || op == ";;&":
		p.end()
		if len(p.cases) > 0 {
			p.cases[len(p.cases)-1] = true
		}
		return
	case op == "(" && p.cur != nil && len(p.cur.words) == 1 && len(p.cur.redirs) == 0:
		// NAME ( ) { … }: a function definition
		p.cur = nil
		p.fn = true
		return
	case op == ")" && p.fn:
		p.fn = false
		return
	case op == "|" || op == "|&":
		cur := p.cur
		p.end()
		p.piped = cur
		return
	}
	p.end()
	p.endLoop()
}

// endLoop ends a for or select header, keeping it for noteLoop.
func (p *parser) endLoop() {
	if p.loop != nil && len(p.loop.words) > 0 {
		*p.cmds = append(*p.cmds, p.loop)
	}
	p.loop = nil
	p.skip = false
}

// lookupName returns the program a lookup command names: which X,
// command -v X, type -P X, whence -p X.
func lookupName(c *command) string {
	if c == nil || len(c.words) < 2 {
		return ""
	}
	args := c.words[1:]
	switch c.words[0].text() {
	case "which", "whereis":
	case "command", "type", "whence":
		if len(args) < 2 || !strings.HasPrefix(args[0].text(), "-") {
			return ""
		}
		args = args[1:]
	default:
		return ""
	}
	for _, a := range args {
		if !strings.HasPrefix(a.text(), "-") {
			return a.text()
		}
	}
	return ""
}
