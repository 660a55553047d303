package jsscan

import (
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"
	"unsafe"

	"github.com/recoverlint/recoverlint/internal/comments"
	"github.com/recoverlint/recoverlint/rules"
	"github.com/recoverlint/recoverlint/textscan"
)

// Result is what Scan finds in one file.
type Result struct {
	// Units are the comments, strings, templates and JSX text that read
	// as text.
	Units []rules.Unit
	// Calls are the forbidden actions the code performs, with byte
	// offsets into the source.
	Calls []rules.Finding
	// Err is the first lexing problem (an unterminated string, template
	// or comment); Units and Calls still cover what could be read.
	Err error
}

// Scan reads src as JavaScript or TypeScript. name is the file's name as
// given: its extension decides whether JSX is read (not in .ts, .mts and
// .cts, where <T> is a type), and test files (*.test.*, *.spec.*, files
// under __tests__) have their string literals left out.
func Scan(src []byte, name string) Result {
	if len(src) <= heldSource {
		return scanWhole(src, name)
	}
	// read in stretches, as ScanEach reads it: the walk's units first and
	// the comments after them, as scanWhole collects them, so that the
	// stable sort leaves units at the same offset in the same order
	var res Result
	var cmts []rules.Unit
	res.Err = scanStretches(src, name, func(u rules.Unit, comment bool) {
		if comment {
			cmts = append(cmts, u)
		} else {
			res.Units = append(res.Units, u)
		}
	}, func(f rules.Finding) { res.Calls = append(res.Calls, f) })
	res.Units = append(res.Units, cmts...)
	sortFound(res.Units, res.Calls)
	return res
}

// ScanEach passes the units and the calls Scan finds to unit and call,
// and returns Scan's error. A file up to heldSource is read whole, as
// Scan reads it, and its units and calls are passed in Scan's order. A
// larger one is read in stretches of whole statements, each stretch's
// tokens dropped once read, so that what is held does not grow with the
// file. What the names are bound to is read first, in four readings of
// the file (imports, with the names used as a child's handle or typed
// ChildProcess; the functions that spawn and the files the code writes;
// two of bindings, the second with the tables the code matches
// against), and a fifth reads the strings and calls. Each stretch is
// read with the statements around it that the analyzer's look-backs and
// look-aheads reach (backToks and aheadToks), and the lexer goes on from
// one stretch to the next with its regular-expression context. Units and
// calls are passed in source order within each stretch, and a call's
// command bound to a name elsewhere is read with the call.
func ScanEach(src []byte, name string, unit func(rules.Unit), call func(rules.Finding)) error {
	if len(src) > heldSource {
		return scanStretches(src, name, func(u rules.Unit, _ bool) { unit(u) }, call)
	}
	res := scanWhole(src, name)
	for _, u := range res.Units {
		unit(u)
	}
	for _, c := range res.Calls {
		call(c)
	}
	return res.Err
}

// heldSource is the size of the largest file read whole (holding its
// tokens and units took 35 times a one-line file's size); stretchToks is about how many
// tokens a stretch of a larger file holds. Variables, so that tests can
// read small files in stretches of a statement.
var (
	heldSource  = 256 << 10
	stretchToks = 1 << 14
)

// backToks and aheadToks are how far, in tokens, the analyzer reads back
// from a token and on past the end of its statement: back, the name an
// '=' assigns past a type annotation (assignee, bind: 41 tokens);
// ahead, an import's "from" (imports: 202) and a return type
// (skipType: 199). A stretch is read with whole statements around it
// that hold at least that many tokens; every other reading stops within
// a statement, or at its end where no bracket is open.
const (
	backToks  = 48
	aheadToks = 208
)

func isJSX(name string) bool {
	ext := strings.ToLower(path.Ext(name))
	return ext != ".ts" && ext != ".mts" && ext != ".cts"
}

// scanWhole reads src with every token held.
func scanWhole(src []byte, name string) Result {
	l := lex(string(src), isJSX(name))
	a := &analyzer{src: src, path: name, toks: l.toks, test: testFile(name)}
	a.prepare()
	a.walk(0, len(a.toks))
	for _, c := range l.cmts.Groups() {
		a.units = append(a.units, a.comment(c))
	}
	sortFound(a.units, a.calls)
	res := Result{Units: a.units, Calls: a.calls}
	if l.err != nil {
		res.Err = fmt.Errorf("%s:%w", name, l.err)
	}
	return res
}

// scanStretches reads src in stretches (ScanEach); unit is told which
// units are comments.
func scanStretches(src []byte, name string, unit func(rules.Unit, bool), call func(rules.Finding)) error {
	a := &analyzer{src: src, path: name, test: testFile(name), stream: true}
	a.maps()
	text := view(src)
	jsx := isJSX(name)
	a.stretches(text, jsx, false, func(_ *lexer, first, end int) {
		for i := first; i < end; i++ {
			a.imports(i)
			a.handleAt(i)
			a.childTypedAt(i)
			a.nowAt(i)
		}
	})
	var at []int
	a.stretches(text, jsx, false, func(_ *lexer, first, end int) {
		if at = a.spawnerCalls(at[:0]); len(at) > 0 {
			for i := first; i < end; i++ {
				a.spawningAt(i, at)
			}
		}
		for i := first; i < end; i++ {
			a.writtenAt(i)
		}
	})
	a.stretches(text, jsx, false, func(_ *lexer, first, end int) {
		for i := first; i < end; i++ {
			a.bind(i)
		}
	})
	// the first reading of bindings leaves the lists as they end, and the
	// tables read them
	a.listsDone = true
	a.stretches(text, jsx, false, func(_ *lexer, first, end int) {
		for i := first; i < end; i++ {
			a.bind(i)
		}
		for i := first; i < end; i++ {
			a.findTables(i)
		}
	})
	var held []comments.Group // comments past the stretch's end, for the next
	l := a.stretches(text, jsx, true, func(l *lexer, first, end int) {
		a.walk(first, end)
		held = append(held, l.cmts.Take()...)
		stop := len(held)
		if end < len(a.toks) {
			// the lexer has read on: its comments there are the next stretch's
			at := a.toks[end].start
			stop = sort.Search(len(held), func(k int) bool { return held[k].Offs.At(0) >= at })
		}
		// the walk's units and the comments in source order, the walk's
		// first at the same offset, as sorting them after the comments does
		sortFound(a.units, a.calls)
		k := 0
		for _, c := range held[:stop] {
			u := a.comment(c)
			for ; k < len(a.units) && a.units[k].Offsets.At(0) <= u.Offsets.At(0); k++ {
				unit(a.units[k], false)
			}
			unit(u, true)
		}
		for ; k < len(a.units); k++ {
			unit(a.units[k], false)
		}
		clear(held[:stop])
		held = held[:copy(held, held[stop:])]
		for _, c := range a.calls {
			call(c)
		}
		clear(a.units)
		a.units, a.calls = a.units[:0], a.calls[:0]
	})
	if l.err != nil {
		return fmt.Errorf("%s:%w", name, l.err)
	}
	return nil
}

// stretches lexes text in stretches of whole statements of about
// stretchToks tokens and calls f on each, with a's tokens those of the
// stretch and of the statements around it that hold backToks before it
// and aheadToks after it: toks[first:end] are the stretch's own. The
// lexer's comments are kept only with cmts set. It returns the lexer, at
// the end of the text.
func (a *analyzer) stretches(text string, jsx, cmts bool, f func(l *lexer, first, end int)) *lexer {
	l := &lexer{src: text, jsx: jsx}
	if cmts {
		g := comments.New(text)
		l.cmts = &g
	}
	l.shebang()
	from, to := 0, l.next(stretchToks)
	for {
		stop := l.next(to + aheadToks)
		m := l.before(from - backToks)
		a.toks = l.toks[m-l.base : stop-l.base]
		if m == 0 {
			a.firstBrace = a.is(0, "{")
		}
		a.brackets()
		last := l.pos >= len(l.src) && to == l.base+len(l.toks)
		if last && l.cmts != nil {
			l.cmts.Flush()
		}
		f(l, from-m, to-m)
		if last {
			return l
		}
		from = to
		l.drop(l.before(from - backToks))
		to = l.next(from + stretchToks)
	}
}

// view returns src as a string without copying it: the lexer reads it,
// and its tokens (names, operators) are read during the scan and never
// kept in what it returns. src is never written.
func view(src []byte) string { return unsafe.String(unsafe.SliceData(src), len(src)) }

// comment returns the unit of a comment group.
func (a *analyzer) comment(c comments.Group) rules.Unit {
	ctx := rules.Context{Path: a.path, Annotates: comments.Annotated(a.src, c.Offs.At(0), c.Offs.At(c.Offs.Len()-1))}
	return rules.Unit{Kind: rules.Comment, Text: string(c.Text), Offsets: c.Offs, Ctx: ctx}
}

// sortFound puts units and calls in source order.
func sortFound(units []rules.Unit, calls []rules.Finding) {
	sort.SliceStable(units, func(i, j int) bool { return units[i].Offsets.At(0) < units[j].Offsets.At(0) })
	sort.SliceStable(calls, func(i, j int) bool { return calls[i].Start < calls[j].Start })
}

func testFile(name string) bool { return rules.IsTestPath(name) }

type analyzer struct {
	src   []byte
	path  string
	test  bool
	toks  []tok
	match []int
	depth []int
	// stream: the file is read in stretches (scanStretches), toks are a
	// stretch's and the file-wide sets are read before they are used
	stream bool
	// firstBrace: the file's first token is '{' (what a.is(0, "{") reads
	// in the whole file)
	firstBrace bool
	// listsDone: lists are as the bindings leave them at the file's end,
	// which the first reading of them finds (what a name is bound to does
	// not depend on what the code owns)
	listsDone bool
	alias     map[string]string // local name → module or module.export it imports
	// what names are bound to, by dotted name (child, this.child)
	lists map[string]list // an array, string or template literal
	own   map[string]bool // a child process the code started, or itself
	// spawning are the functions of the file whose body starts a child
	// process: what a call of one returns is the code's own child
	spawning map[string]bool
	// handles are the names used as a child process's handle (x.kill(),
	// x.killed): the code holds the ChildProcess, so x.pid is its own
	handles map[string]bool
	// childTyped are the names declared with the type ChildProcess
	// (process: ChildProcess): only spawn, fork and exec make one, so what
	// they hold is the code's own child; read on first use
	childTyped map[string]bool
	watch      map[string]bool
	state      map[string]bool
	written    map[string]bool // names of paths the code writes whole (ownFile), read lazily
	// nowNames are the names bound to the current time (now), read lazily
	nowNames map[string]bool
	tables   map[string]bool
	units    []rules.Unit
	calls    []rules.Finding
}

// list is what a name is bound to when it is a literal: its token range,
// or, in a file read in stretches, a copy of its tokens (toks[lo:hi]).
type list struct {
	lo, hi       int
	copied       bool
	toks         []tok
	match, depth []int
}

// listOf returns the list of the tokens lo to hi.
func (a *analyzer) listOf(lo, hi int) list {
	if !a.stream {
		return list{lo: lo, hi: hi}
	}
	r := list{hi: hi - lo, copied: true, toks: slices.Clone(a.toks[lo:hi]), depth: slices.Clone(a.depth[lo:hi])}
	r.match = make([]int, hi-lo)
	for k := range r.match {
		if m := a.match[lo+k]; m >= 0 {
			r.match[k] = m - lo
		} else {
			r.match[k] = -1
		}
	}
	return r
}

// inList calls f with the range of r's tokens, a's tokens those it
// ranges over.
func (a *analyzer) inList(r list, f func(lo, hi int)) {
	if !r.copied {
		f(r.lo, r.hi)
		return
	}
	toks, match, depth := a.toks, a.match, a.depth
	a.toks, a.match, a.depth = r.toks, r.match, r.depth
	f(r.lo, r.hi)
	a.toks, a.match, a.depth = toks, match, depth
}

// opens: the list's first token is the operator s.
func (a *analyzer) opens(r list, s string) bool {
	if r.copied {
		return r.hi > 0 && r.toks[0].kind == tOp && r.toks[0].s == s
	}
	return a.is(r.lo, s)
}

// prepare reads a whole file's bindings, before its strings and calls.
func (a *analyzer) prepare() {
	a.brackets()
	a.maps()
	a.firstBrace = a.is(0, "{")
	for i := range a.toks {
		a.imports(i)
	}
	if at := a.spawnerCalls(nil); len(at) > 0 {
		for i := range a.toks {
			a.spawningAt(i, at)
		}
	}
	for i := range a.toks {
		a.handleAt(i)
	}
	for pass := 0; pass < 2; pass++ {
		for i := range a.toks {
			a.bind(i)
		}
		a.listsDone = true
	}
	for i := range a.toks {
		a.findTables(i)
	}
}

// maps makes the maps of what names are bound to; in a file read in
// stretches also those of the file-wide readings made lazily otherwise.
func (a *analyzer) maps() {
	a.alias = map[string]string{}
	a.lists = map[string]list{}
	a.own, a.watch, a.state, a.tables = map[string]bool{}, map[string]bool{}, map[string]bool{}, map[string]bool{}
	a.spawning, a.handles = map[string]bool{}, map[string]bool{}
	if a.stream {
		a.childTyped, a.written, a.nowNames = map[string]bool{}, map[string]bool{}, map[string]bool{}
	}
}

// brackets matches the brackets of the tokens, in room it reuses.
func (a *analyzer) brackets() {
	n := len(a.toks)
	a.match = slices.Grow(a.match[:0], n)[:n]
	a.depth = slices.Grow(a.depth[:0], n)[:n]
	var stack []int
	for i, t := range a.toks {
		a.match[i] = -1
		a.depth[i] = len(stack)
		if t.kind != tOp {
			continue
		}
		switch t.s {
		case "(", "[", "{":
			stack = append(stack, i)
		case ")", "]", "}":
			if len(stack) > 0 {
				o := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				a.match[o], a.match[i] = i, o
				a.depth[i] = len(stack)
			}
		}
	}
}

func (a *analyzer) is(i int, s string) bool {
	return i >= 0 && i < len(a.toks) && a.toks[i].kind == tOp && a.toks[i].s == s
}

func (a *analyzer) name(i int) string {
	if i >= 0 && i < len(a.toks) && a.toks[i].kind == tName {
		return a.toks[i].s
	}
	return ""
}

// pathVal is the value of a string or template token, ${…} kept as
// written: enough to read a path's file name.
func (a *analyzer) pathVal(i int) (string, bool) {
	if i >= 0 && i < len(a.toks) && (a.toks[i].kind == tString || a.toks[i].kind == tTemplate) {
		return string(a.toks[i].val()), true
	}
	return "", false
}

func (a *analyzer) strVal(i int) (string, bool) {
	if i >= 0 && i < len(a.toks) && (a.toks[i].kind == tString || a.toks[i].kind == tTemplate && !strings.Contains(a.toks[i].s, "${")) {
		return string(a.toks[i].val()), true
	}
	return "", false
}

// module normalises a module name: node: prefixes go, fs/promises and
// fs-extra read as fs.
func module(m string) string {
	m = strings.TrimPrefix(m, "node:")
	switch m {
	case "fs/promises", "fs-extra", "graceful-fs":
		return "fs"
	case "child_process/promises":
		return "child_process"
	}
	return m
}

// imports records the names an import or require binds.
func (a *analyzer) imports(i int) {
	switch {
	case a.name(i) == "import" && !a.is(i-1, ".") && !a.is(i+1, "("):
		j := i + 1
		if a.name(j) == "type" && !a.is(j+1, ",") && a.name(j+1) != "from" {
			return
		}
		end := j
		for end < len(a.toks) && a.name(end) != "from" && !a.is(end, ";") && end-j < 200 {
			end++
		}
		m, ok := a.strVal(end + 1)
		if a.name(end) != "from" || !ok {
			return
		}
		m = module(m)
		for k := j; k < end; k++ {
			switch {
			case a.is(k, "*") && a.name(k+1) == "as":
				a.alias[a.name(k+2)] = m
				k += 2
			case a.is(k, "{"):
				close := a.match[k]
				if close < 0 {
					return
				}
				a.members(k+1, close, m, "as")
				k = close
			case a.name(k) != "" && a.name(k) != "type":
				a.alias[a.toks[k].s] = m
			}
		}
	case (a.name(i) == "require" || a.name(i) == "import") && a.is(i+1, "(") && !a.is(i-1, "."):
		m, ok := a.strVal(i + 2)
		if !ok || !a.is(i+3, ")") {
			return
		}
		m = module(m)
		full := m
		if a.is(i+4, ".") && a.name(i+5) != "" {
			full = m + "." + a.toks[i+5].s
		}
		eq := i - 1
		if a.name(eq) == "await" {
			eq--
		}
		switch {
		case !a.is(eq, "="):
		case a.name(eq-1) != "":
			a.alias[a.toks[eq-1].s] = full
		case a.is(eq-1, "}") && a.match[eq-1] >= 0:
			a.members(a.match[eq-1]+1, eq-1, m, ":")
		}
	case a.name(i) == "promisify" && a.is(i+1, "("):
		close := a.match[i+1]
		if close < 0 || a.name(close-1) == "" {
			return
		}
		parts, first := a.chainEnding(close - 1)
		eq := a.start(i) - 1
		if first != i+2 || !a.is(eq, "=") || a.name(eq-1) == "" {
			return
		}
		a.alias[a.toks[eq-1].s] = a.canon(parts)
	}
}

// start returns the first token of the dotted name ending at i.
func (a *analyzer) start(i int) int {
	_, s := a.chainEnding(i)
	return s
}

// members reads { a, b as c } (sep "as") or { a, b: c } (sep ":").
func (a *analyzer) members(lo, hi int, m, sep string) {
	for k := lo; k < hi; k++ {
		n := a.name(k)
		if n == "" || n == "type" && a.name(k+1) != "" {
			continue
		}
		local := n
		if (sep == "as" && a.name(k+1) == "as" || sep == ":" && a.is(k+1, ":")) && a.name(k+2) != "" {
			local = a.toks[k+2].s
			k += 2
		}
		if n == "default" {
			a.alias[local] = m
		} else {
			a.alias[local] = m + "." + n
		}
	}
}

// chainEnding returns the dotted name ending with the name at i (a.b?.c)
// and the index of its first token.
func (a *analyzer) chainEnding(i int) ([]string, int) {
	if a.name(i) == "" {
		return nil, i
	}
	parts := []string{a.toks[i].s}
	for i >= 2 && (a.is(i-1, ".") || a.is(i-1, "?.")) && a.name(i-2) != "" {
		i -= 2
		parts = append([]string{a.toks[i].s}, parts...)
	}
	return parts, i
}

func (a *analyzer) canon(parts []string) string {
	if len(parts) == 0 {
		return ""
	}
	if t, ok := a.alias[parts[0]]; ok {
		parts = append(strings.Split(t, "."), parts[1:]...)
	}
	c := strings.Join(parts, ".")
	return strings.Replace(c, "fs.promises.", "fs.", 1)
}

// keys returns the dotted names starting at i: a, a.b, a.b.c.
func (a *analyzer) keys(i, hi int) []string {
	var out []string
	k := a.name(i)
	for k != "" {
		out = append(out, k)
		if i+2 < hi && (a.is(i+1, ".") || a.is(i+1, "?.")) && a.name(i+2) != "" {
			i += 2
			k += "." + a.toks[i].s
			continue
		}
		break
	}
	return out
}

// exprEnd returns the end of the expression starting at i: a comma or
// semicolon at its depth, a closing bracket, or a line break where the
// statement cannot go on.
func (a *analyzer) exprEnd(i int) int {
	d := a.depth[min(i, len(a.toks)-1)]
	for k := i; k < len(a.toks); k++ {
		if a.depth[k] < d || a.depth[k] == d && (a.is(k, ",") || a.is(k, ";")) {
			return k
		}
		if a.depth[k] == d && k > i && a.toks[k].nl && !continues(a.toks[k-1]) && !startsContinuation(a.toks[k]) {
			return k
		}
		if a.match[k] > k {
			k = a.match[k] - 1
		}
	}
	return len(a.toks)
}

// continues: a statement does not end after this token.
func continues(t tok) bool {
	if t.kind != tOp {
		return false
	}
	switch t.s {
	case ")", "]", "}", "++", "--", "</jsx>":
		return false
	}
	return true
}

func startsContinuation(t tok) bool {
	if t.kind != tOp {
		return false
	}
	switch t.s {
	case ".", "?.", "+", "-", "*", "/", "%", "?", ":", "&&", "||", "??", "=", "==", "===", "!=", "!==", "(", "[", ",", "=>":
		return true
	}
	return false
}

// bind records what a declaration or assignment at i binds its name to.
func (a *analyzer) bind(i int) {
	if !a.is(i, "=") {
		return
	}
	var key string
	switch {
	case a.name(i-1) != "":
		parts, _ := a.chainEnding(i - 1)
		key = strings.Join(parts, ".")
	case a.is(i-1, ">") || a.is(i-1, "]"):
		// const x: Map<K, V> = …, const x: string[] = …
		for k := i - 1; k > 0 && i-k < 40; k-- {
			if a.is(k, ":") && a.name(k-1) != "" {
				key = a.toks[k-1].s
				break
			}
			if a.toks[k].nl || a.is(k, ";") {
				break
			}
		}
	}
	if key == "" || i+1 >= len(a.toks) {
		return
	}
	lo, hi := i+1, a.exprEnd(i+1)
	if a.own[key] || a.origin(lo, hi) {
		a.own[key] = true
	}
	if !a.listsDone && (a.is(lo, "[") && a.match[lo] == hi-1 || a.strings(lo) == hi) {
		a.lists[key] = a.listOf(lo, hi)
	}
	for k := lo; k < hi; k++ {
		if v, ok := a.pathVal(k); ok {
			if rules.IsWatchedPath(v) {
				a.watch[key] = true
			}
			if rules.CodeEditsState(v, a.path, nil) {
				a.state[key] = true
			}
		}
	}
}

// spawners start a child process the code owns.
var spawners = map[string]bool{"child_process.spawn": true, "child_process.exec": true,
	"child_process.execFile": true, "child_process.fork": true, "execa": true, "execa.execa": true,
	"execa.execaNode": true, "execa.execaCommand": true, "Bun.spawn": true, "Deno.Command": true,
	"cross-spawn": true, "cross-spawn.spawn": true}

// spawnerLast are the last names of the spawners' dotted names and the
// bare ones: a call whose last name is none of them (and no import's
// alias) starts no child.
var spawnerLast = func() map[string]bool {
	m := map[string]bool{}
	for k := range spawners {
		m[k[strings.LastIndexByte(k, '.')+1:]] = true
	}
	for k := range bareSpawners {
		m[k] = true
	}
	return m
}()

// bareSpawners are the spawners' own names, read as such where no import
// binds them otherwise (a fragment, or a file that imports them by name).
var bareSpawners = map[string]bool{"spawn": true, "fork": true, "execa": true, "execFile": true}

// origin reports whether an expression holds the code's own process: a
// child it spawned, or process.pid.
// isChildTyped: the name is declared somewhere in the file with the type
// ChildProcess (a field, a variable or a parameter).
func (a *analyzer) isChildTyped(name string) bool {
	if a.childTyped == nil {
		a.childTyped = map[string]bool{}
		for i := range a.toks {
			a.childTypedAt(i)
		}
	}
	return a.childTyped[name]
}

// childTypedAt notes the name at i when it is declared ChildProcess.
func (a *analyzer) childTypedAt(i int) {
	if i+2 >= len(a.toks) || a.name(i) == "" {
		return
	}
	j := i + 1
	if a.is(j, "?") {
		j++
	}
	if a.is(j, ":") && a.name(j+1) == "ChildProcess" {
		a.childTyped[a.toks[i].s] = true
	}
}

func (a *analyzer) origin(lo, hi int) bool {
	for i := lo; i < hi; i++ {
		if a.toks[i].kind == tTemplate && a.ownInterpolation(a.toks[i].s) {
			return true // `taskkill /pid ${child.pid} /f /t`
		}
	}
	for i := lo; i+2 < hi; i++ {
		if a.name(i) != "" && a.is(i+1, ".") && a.name(i+2) == "pid" && a.isChildTyped(a.toks[i].s) {
			return true // sessions[id].process.pid, where process: ChildProcess
		}
	}
	for i := lo; i < hi; i++ {
		if a.name(i) == "" || a.is(i-1, ".") || a.is(i-1, "?.") {
			continue
		}
		ks := a.keys(i, hi)
		for _, k := range ks {
			if a.own[k] || k == "process.pid" || strings.HasSuffix(k, ".pid") && a.own[strings.TrimSuffix(k, ".pid")] {
				return true // the child, or its pid (process.kill(child.pid, …))
			}
		}
		last := i + 2*(len(ks)-1)
		name := ks[len(ks)-1]
		if a.is(last+1, "(") && (a.spawner(name) || a.spawning[name] || a.spawning[strings.TrimPrefix(name, "this.")]) {
			return true
		}
	}
	return false
}

// ownInterpolation: a template's ${…} holds the code's own child or its
// pid (${child.pid}, ${process.pid}).
func (a *analyzer) ownInterpolation(src string) bool {
	for {
		k := strings.Index(src, "${")
		if k < 0 {
			return false
		}
		src = src[k+2:]
		e := strings.IndexByte(src, '}')
		if e < 0 {
			return false
		}
		x := strings.TrimSpace(src[:e])
		base := strings.TrimSuffix(strings.TrimSuffix(x, "!"), ".pid")
		if x == "process.pid" || base != x && (a.own[base] || a.handles[base]) {
			return true
		}
		src = src[e:]
	}
}

// handleAt notes the name at i when the file uses it as a child
// process's handle there: x.kill(…), x.killed, x.stdout.on(…),
// x.stdin.write(…), which only the ChildProcess a spawn returned has.
func (a *analyzer) handleAt(i int) {
	if i+2 >= len(a.toks) || a.name(i) == "" || !a.is(i+1, ".") || a.is(i-1, ".") || a.toks[i].s == "process" {
		return
	}
	switch m := a.name(i + 2); {
	case m == "kill" && a.is(i+3, "("), m == "killed", m == "exitCode" || m == "signalCode":
		a.handles[a.toks[i].s] = true
	case (m == "stdout" || m == "stderr" || m == "stdin") && a.is(i+3, "."):
		a.handles[a.toks[i].s] = true
	}
}

// spawner: a call of the dotted name starts a child process.
func (a *analyzer) spawner(name string) bool {
	return spawners[a.canon(strings.Split(name, "."))] || a.alias[name] == "" && bareSpawners[name]
}

// spawnerCalls appends to at the '(' of each spawner call among the
// tokens, in order.
func (a *analyzer) spawnerCalls(at []int) []int {
	for k := range a.toks {
		if !a.is(k, "(") || a.name(k-1) == "" {
			continue
		}
		if last := a.toks[k-1].s; !spawnerLast[last] && a.alias[last] == "" {
			continue // no spawner's name: skip building the chain of every call
		}
		if parts, _ := a.chainEnding(k - 1); a.spawner(strings.Join(parts, ".")) {
			at = append(at, k)
		}
	}
	return at
}

// spawningAt notes the function or method declared at i when its body
// calls a spawner, one of at (function f() {…}, const f = (…) => {…}, a
// method f(…) {…}), so that the value a call of one returns, or a field
// of it (result.pid), is the code's own child.
func (a *analyzer) spawningAt(i int, at []int) {
	if !a.is(i, "(") || a.match[i] < 0 {
		return
	}
	name := a.declared(i)
	if name == "" || a.spawning[name] {
		return
	}
	lo, hi := a.body(a.match[i] + 1)
	if j := sort.SearchInts(at, lo); j < len(at) && at[j] < hi {
		a.spawning[name] = true
	}
}

// declared returns the name a parameter list at open belongs to when it
// opens a function or method declaration: function f(, f = (async)
// (, f = function (, or a method name f( whose list is followed by a
// body. It returns "" otherwise.
func (a *analyzer) declared(open int) string {
	k := open - 1
	if a.is(k, "async") {
		k--
	}
	switch {
	case a.name(k) != "" && a.is(k-1, "function"):
		return a.toks[k].s
	case a.is(k, "function") && a.is(k-1, "=") && a.name(k-2) != "":
		return a.toks[k-2].s
	case a.is(k, "=") && a.name(k-1) != "":
		if end := a.match[open]; a.is(a.skipType(end+1), "=>") {
			return a.toks[k-1].s
		}
	case a.name(k) != "" && !keywords[a.toks[k].s] && !a.is(k-1, ".") && !a.is(k-1, "?."):
		if end := a.match[open]; a.is(a.skipType(end+1), "{") && !a.is(k-1, "=") {
			return a.toks[k].s // a method
		}
	}
	return ""
}

// skipType returns the index after a return type annotation (: T) at i,
// or i when there is none; braces and brackets inside <…> are skipped.
func (a *analyzer) skipType(i int) int {
	if !a.is(i, ":") {
		return i
	}
	angle := 0
	for k := i + 1; k < len(a.toks) && k-i < 200; k++ {
		switch {
		case a.is(k, "<"):
			angle++
		case a.is(k, ">"):
			angle--
		case a.is(k, ">>"):
			angle -= 2
		case a.is(k, "=>") && angle <= 0:
			return k
		case a.is(k, "{") && angle <= 0:
			return k
		}
		if a.match[k] > k && angle > 0 {
			k = a.match[k]
		}
	}
	return i
}

// body returns the token range of the function body after a parameter
// list (a {…} block, or an arrow's expression), empty when there is none.
func (a *analyzer) body(i int) (int, int) {
	i = a.skipType(i)
	if a.is(i, "=>") {
		i++
	}
	if a.is(i, "{") && a.match[i] > i {
		return i + 1, a.match[i]
	}
	if i < len(a.toks) {
		return i, a.exprEnd(i)
	}
	return i, i
}

// strings returns the index after a run of string or template literals
// joined by +, or i when there is none.
func (a *analyzer) strings(i int) int {
	lit := func(k int) bool {
		return k < len(a.toks) && (a.toks[k].kind == tString || a.toks[k].kind == tTemplate)
	}
	if !lit(i) {
		return i
	}
	j := i + 1
	for a.is(j, "+") && lit(j+1) {
		j += 2
	}
	return j
}

// joined decodes a run of literals into one text and offset map.
func (a *analyzer) joined(i, j int) ([]byte, []int) {
	var text []byte
	var offs []int
	last := -1
	for k := i; k < j; k++ {
		t := a.toks[k]
		if t.kind != tString && t.kind != tTemplate && t.kind != tText {
			continue
		}
		text = append(text, t.lit.val...)
		offs = t.appendOffs(offs, len(t.lit.val))
		last = k
	}
	if last < 0 {
		return nil, nil
	}
	lit := a.toks[last].lit
	return text, append(offs, lit.offs.At(len(lit.val)))
}

// joinedText is the text of joined(i, j).
func (a *analyzer) joinedText(i, j int) []byte {
	var text []byte
	for k := i; k < j; k++ {
		if t := a.toks[k]; t.kind == tString || t.kind == tTemplate || t.kind == tText {
			text = append(text, t.lit.val...)
		}
	}
	return text
}

// joinedOffsets is the offset map of joined(i, j), as runs; the run of
// literals holds one.
func (a *analyzer) joinedOffsets(i, j int) rules.Offsets {
	var offs rules.Offsets
	last := -1
	for k := i; k < j; k++ {
		if t := a.toks[k]; t.kind == tString || t.kind == tTemplate || t.kind == tText {
			offs.Append(t.lit.offs, 0, len(t.lit.val))
			last = k
		}
	}
	lit := a.toks[last].lit
	offs.Add(lit.offs.At(len(lit.val)))
	return offs
}

// matchMethods test or search text: their string arguments are patterns.
var matchMethods = map[string]bool{"includes": true, "startsWith": true, "endsWith": true, "indexOf": true,
	"lastIndexOf": true, "match": true, "matchAll": true, "replace": true, "replaceAll": true, "split": true,
	"search": true, "test": true, "has": true, "RegExp": true}

// findTables marks the collections the code matches text against.
func (a *analyzer) findTables(i int) {
	n := a.name(i)
	if n == "" || a.is(i-1, ".") || a.is(i-1, "?.") {
		return
	}
	ks := a.keys(i, len(a.toks))
	key := ks[len(ks)-1]
	last := i + 2*(len(ks)-1)
	if len(ks) > 1 {
		key = ks[len(ks)-2]
		last -= 2
	}
	method := ""
	if a.is(last+1, ".") && a.name(last+2) != "" && a.is(last+3, "(") {
		method = a.toks[last+2].s
	}
	lit, isList := a.lists[key]
	switch {
	case method == "some" || method == "every" || method == "find" || method == "filter" || method == "findIndex" ||
		method == "forEach" || method == "map" || method == "join":
		if close := a.match[last+3]; close > 0 && a.matching(last+4, close) {
			a.tables[key] = true
		}
		if method == "join" && a.insideRegExp(i) {
			a.tables[key] = true
		}
	case (method == "includes" || method == "has" || method == "indexOf") && isList && a.opens(lit, "["):
		a.tables[key] = true
	case a.name(i-1) == "of" && isList:
		// for (const x of NAME) { … x matched … }
		if close := a.match[last+1]; a.is(last+1, ")") && close >= 0 {
			body := last + 2
			end := min(body+60, len(a.toks))
			if a.is(body, "{") && a.match[body] > 0 {
				end = a.match[body]
			}
			if a.matching(body, end) {
				a.tables[key] = true
			}
		}
	}
}

// matching: the tokens call a text-matching method or build a RegExp.
func (a *analyzer) matching(lo, hi int) bool {
	for k := lo; k < hi && k < len(a.toks); k++ {
		if n := a.name(k); n != "" && a.is(k+1, "(") && matchMethods[n] && (a.is(k-1, ".") || a.is(k-1, "?.") || n == "RegExp") {
			return true
		}
	}
	return false
}

func (a *analyzer) insideRegExp(i int) bool {
	for k := i - 1; k >= 0 && i-k < 12; k-- {
		if a.name(k) == "RegExp" && a.is(k+1, "(") && a.match[k+1] > i {
			return true
		}
	}
	return false
}

// units turns decoded text into units: one string unit for a line of
// text, a document read by paragraphs and list items for several lines.
func units(text []byte, offs []int, path string) []rules.Unit {
	s := string(text)
	t := strings.TrimSpace(s)
	if !strings.ContainsAny(t, " \t\n") || rules.LooksRegexp(t) {
		return nil
	}
	if !strings.Contains(t, "\n") {
		return []rules.Unit{{Kind: rules.StringLit, Text: s, Offsets: rules.OffsetsOf(offs), Ctx: rules.Context{Path: path}}}
	}
	text, offs = dedent(text, offs)
	var out []rules.Unit
	for _, u := range textscan.Scan(text, path) {
		u.Offsets = u.Offsets.Through(rules.OffsetsOf(offs))
		out = append(out, u)
	}
	return out
}

// trim drops the blanks around JSX text, which are layout.
func trim(text []byte, offs []int) ([]byte, []int) {
	a, b := 0, len(text)
	for a < b && strings.IndexByte(" \t\n", text[a]) >= 0 {
		a++
	}
	for b > a && strings.IndexByte(" \t\n", text[b-1]) >= 0 {
		b--
	}
	return text[a:b], offs[a : b+1]
}

// dedent removes the first line's leading blanks and the indentation the
// other lines share.
func dedent(text []byte, offs []int) ([]byte, []int) {
	lines := strings.Split(string(text), "\n")
	common := -1
	for _, ln := range lines[1:] {
		t := strings.TrimLeft(ln, " \t")
		if t == "" {
			continue
		}
		if n := len(ln) - len(t); common < 0 || n < common {
			common = n
		}
	}
	common = max(common, 0)
	out := make([]byte, 0, len(text))
	outOffs := make([]int, 0, len(offs))
	at := 0
	for n, ln := range lines {
		indent := len(ln) - len(strings.TrimLeft(ln, " \t"))
		skip := indent
		if n > 0 {
			skip = min(common, indent)
		}
		out = append(out, ln[skip:]...)
		outOffs = append(outOffs, offs[at+skip:at+len(ln)]...)
		at += len(ln)
		if n < len(lines)-1 {
			out = append(out, '\n')
			outOffs = append(outOffs, offs[at])
			at++
		}
	}
	outOffs = append(outOffs, offs[len(text)])
	return out, outOffs
}
