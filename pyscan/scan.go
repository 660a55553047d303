package pyscan

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"unsafe"

	"github.com/recoverlint/recoverlint/internal/comments"
	"github.com/recoverlint/recoverlint/rules"
)

// Result is what Scan finds in one file.
type Result struct {
	// Units are the comments and the strings that read as text.
	Units []rules.Unit
	// Calls are the forbidden actions the code performs, with byte
	// offsets into the source.
	Calls []rules.Finding
	// Err is the first lexing problem (an unterminated string, an unclosed
	// bracket); Units and Calls still cover what could be read.
	Err error
}

// Scan reads src as Python. name is the file's name as given: it is kept
// in every unit's context, and test files (test_*.py, *_test.py,
// conftest.py) have their string literals left out.
func Scan(src []byte, name string) Result {
	if len(src) <= heldSource {
		return scanWhole(src, name)
	}
	var res Result
	res.Err = scanStretches(src, name, func(u rules.Unit) { res.Units = append(res.Units, u) },
		func(f rules.Finding) { res.Calls = append(res.Calls, f) })
	sortFound(res.Units, res.Calls)
	return res
}

// ScanEach passes the units and the calls Scan finds to unit and call,
// and returns Scan's error. A file up to heldSource is read whole, as
// Scan reads it, and its units and calls are passed in Scan's order. A
// larger one is read in stretches of whole lines, each stretch's tokens
// dropped once read, so that what is held does not grow with the file:
// what a name is bound to is read first, in four readings of the file
// (imports, two of bindings, the tables the code matches against), and
// a fifth reads the strings and calls. Units and calls are then passed
// in source order within each stretch, and a call's argument list bound
// to a name elsewhere is read with the call.
func ScanEach(src []byte, name string, unit func(rules.Unit), call func(rules.Finding)) error {
	if len(src) > heldSource {
		return scanStretches(src, name, unit, call)
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

// heldSource is the size of the largest file read whole (its tokens
// take some 20 bytes for each byte of it); stretchToks is about how many
// tokens a stretch of a larger file holds. Variables, so that tests can
// read small files in stretches of a line.
var (
	heldSource  = 256 << 10
	stretchToks = 1 << 14
)

// scanWhole reads src with every token held.
func scanWhole(src []byte, name string) Result {
	l := lex(view(src))
	a := &analyzer{src: src, path: name, toks: l.toks, test: testFile(name)}
	a.prepare()
	a.walk(0)
	for _, c := range l.cmts.Groups() {
		a.comment(c)
	}
	sortFound(a.units, a.calls)
	res := Result{Units: a.units, Calls: a.calls}
	if l.err != nil {
		res.Err = fmt.Errorf("%s:%w", name, l.err)
	}
	return res
}

// scanStretches reads src in stretches (ScanEach).
func scanStretches(src []byte, name string, unit func(rules.Unit), call func(rules.Finding)) error {
	a := &analyzer{src: src, path: name, test: testFile(name)}
	a.maps()
	text := view(src)
	own := func(first int, f func(lo, hi int)) {
		for _, ln := range a.lines {
			if ln[0] >= first {
				f(ln[0], ln[1])
			}
		}
	}
	a.stretches(text, func(_ *lexer, first int, _ bool) { own(first, a.imports) })
	for range 2 {
		a.stretches(text, func(_ *lexer, first int, _ bool) { own(first, a.bind) })
	}
	left := -1 // the source offset of the line whose tables wait for the next stretch
	a.stretches(text, func(_ *lexer, first int, end bool) {
		for k, ln := range a.lines {
			at := a.toks[ln[0]].start
			switch {
			case ln[0] < first && at != left:
				continue // read with the stretch before
			case k == len(a.lines)-1 && !end:
				left = at // its next line is in the next stretch
				continue
			}
			a.findTables(k, ln[0], ln[1])
		}
		a.noteExclusive()
	})
	l := a.stretches(text, func(l *lexer, first int, end bool) {
		a.walk(first)
		if !end {
			l.cmts.Close(l.pos)
		}
		for _, c := range l.cmts.Take() {
			a.comment(c)
		}
		sortFound(a.units, a.calls)
		for _, u := range a.units {
			unit(u)
		}
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
// stretch after the last statement of the stretch before: what reads
// back to the statement above (docstringOf) or on to the one below
// (findTables) finds it; nothing reads further. first is where the
// stretch's own tokens start, end is set on the last. It returns the
// lexer, at the end of the text.
func (a *analyzer) stretches(text string, f func(l *lexer, first int, end bool)) *lexer {
	l := &lexer{src: text, cmts: comments.New(text)}
	var keep, buf []tok
	a.defs = nil
	for {
		end := l.next(stretchToks)
		buf = append(append(buf[:0], keep...), l.toks...)
		a.toks = buf
		first := len(keep)
		l.toks = l.toks[:0]
		a.brackets()
		f(l, first, end)
		if end {
			return l
		}
		cut := 0 // the stretch ends with a statement's end
		if len(a.lines) > 0 {
			cut = a.lines[len(a.lines)-1][0]
		}
		a.noteDefs(cut)
		keep = append(keep[:0], a.toks[cut:]...)
	}
}

// view returns src as a string without copying it: the lexer reads it,
// and its tokens (names, operators) are read during the scan and never
// kept in what it returns. src is never written.
func view(src []byte) string { return unsafe.String(unsafe.SliceData(src), len(src)) }

// comment adds the unit of a comment group.
func (a *analyzer) comment(c comments.Group) {
	ctx := rules.Context{Path: a.path, Annotates: comments.Annotated(a.src, c.Offs.At(0), c.Offs.At(c.Offs.Len()-1))}
	a.units = append(a.units, rules.Unit{Kind: rules.Comment, Text: string(c.Text), Offsets: c.Offs, Ctx: ctx})
}

// sortFound puts units and calls in source order.
func sortFound(units []rules.Unit, calls []rules.Finding) {
	sort.SliceStable(units, func(i, j int) bool { return units[i].Offsets.At(0) < units[j].Offsets.At(0) })
	sort.SliceStable(calls, func(i, j int) bool { return calls[i].Start < calls[j].Start })
}

func testFile(name string) bool { return rules.IsTestPath(name) }

// analyzer reads the token stream: bindings first, then strings and calls.
type analyzer struct {
	src   []byte
	path  string
	test  bool
	toks  []tok
	match []int // index of the matching bracket, or -1
	depth []int // bracket depth before each token
	lines [][2]int
	line  []int             // index into lines of each token's logical line
	alias map[string]string // local name → module or module.name it imports
	// what names are bound to, by dotted name (proc, self.proc)
	lists map[string][]tok // a list, tuple or string literal: its tokens
	own   map[string]bool  // the code's own child process (or itself)
	found map[string]bool  // a process found by PID or by listing
	watch map[string]bool  // a path that names a config, env or state file
	state map[string]bool  // a path that names session state
	// exclusive are the names of files the code creates exclusively
	// (open(name, "x"), os.open with O_EXCL): a lock of its own, whose
	// removal is its own lock API
	exclusive map[string]bool
	// defs are the def lines before the tokens at hand when a file is
	// read in stretches (enclosingDef)
	defs   []def
	tables map[string]bool // a collection the code matches text against
	units  []rules.Unit
	calls  []rules.Finding
}

// prepare reads a whole file's bindings, before its strings and calls.
func (a *analyzer) prepare() {
	a.brackets()
	a.maps()
	for _, ln := range a.lines {
		a.imports(ln[0], ln[1])
	}
	for pass := 0; pass < 2; pass++ {
		for _, ln := range a.lines {
			a.bind(ln[0], ln[1])
		}
	}
	for k, ln := range a.lines {
		a.findTables(k, ln[0], ln[1])
	}
	a.noteExclusive()
}

func (a *analyzer) maps() {
	a.alias = map[string]string{}
	a.lists = map[string][]tok{}
	a.own, a.found, a.watch, a.state, a.tables = map[string]bool{}, map[string]bool{}, map[string]bool{}, map[string]bool{}, map[string]bool{}
	a.exclusive = map[string]bool{}
}

// brackets matches the brackets of the tokens and splits them into
// logical lines, in room it reuses.
func (a *analyzer) brackets() {
	n := len(a.toks)
	a.lines = nil
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
	start := 0
	for i, t := range a.toks {
		if t.kind == tNewline || t.s == ";" && t.kind == tOp && a.depth[i] == 0 {
			if i > start {
				a.lines = append(a.lines, [2]int{start, i})
			}
			start = i + 1
		}
	}
	if start < n {
		a.lines = append(a.lines, [2]int{start, n})
	}
	a.line = slices.Grow(a.line[:0], n)[:n]
	for k, ln := range a.lines {
		for i := ln[0]; i < ln[1]; i++ {
			a.line[i] = k
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

// imports records import and from-import aliases.
func (a *analyzer) imports(lo, hi int) {
	switch a.name(lo) {
	case "import":
		i := lo + 1
		for i < hi {
			mod, j := a.dotted(i, hi)
			if mod == "" {
				return
			}
			local := strings.Split(mod, ".")[0]
			target := local
			if a.name(j) == "as" && a.name(j+1) != "" {
				local, target = a.name(j+1), mod
				j += 2
			}
			a.alias[local] = target
			if !a.is(j, ",") {
				return
			}
			i = j + 1
		}
	case "from":
		mod, i := a.dotted(lo+1, hi)
		if mod == "" || a.name(i) != "import" {
			return
		}
		for i++; i < hi; i++ {
			n := a.name(i)
			if n == "" || n == "as" {
				continue
			}
			local := n
			if a.name(i+1) == "as" && a.name(i+2) != "" {
				local = a.name(i + 2)
				i += 2
			}
			a.alias[local] = mod + "." + n
		}
	}
}

// dotted reads a.b.c from token i; it returns the name and the index
// after it.
func (a *analyzer) dotted(i, hi int) (string, int) {
	var parts []string
	for i < hi && a.is(i, ".") {
		i++ // relative import dots
	}
	for i < hi && a.name(i) != "" {
		parts = append(parts, a.name(i))
		if !a.is(i+1, ".") {
			i++
			break
		}
		i += 2
	}
	return strings.Join(parts, "."), i
}

// canon resolves a dotted name through the imports: sp.run → subprocess.run.
func (a *analyzer) canon(parts []string) string {
	if len(parts) == 0 {
		return ""
	}
	if t, ok := a.alias[parts[0]]; ok {
		return strings.Join(append([]string{t}, parts[1:]...), ".")
	}
	return strings.Join(parts, ".")
}

// chainEnding returns the dotted name that ends with the name token at i,
// and the index of its first token.
func (a *analyzer) chainEnding(i int) ([]string, int) {
	if a.name(i) == "" {
		return nil, i
	}
	parts := []string{a.toks[i].s}
	for i >= 2 && a.is(i-1, ".") && a.name(i-2) != "" {
		i -= 2
		parts = append([]string{a.toks[i].s}, parts...)
	}
	return parts, i
}

// keys returns the dotted names that start at token i: a, a.b, a.b.c.
func (a *analyzer) keys(i, hi int) []string {
	var out []string
	k := a.name(i)
	for k != "" {
		out = append(out, k)
		if i+2 < hi && a.is(i+1, ".") && a.name(i+2) != "" {
			i += 2
			k += "." + a.toks[i].s
			continue
		}
		break
	}
	return out
}

// target returns the dotted name a statement assigns to, and the index of
// its '=' (or -1).
func (a *analyzer) target(lo, hi int) (string, int) {
	if a.name(lo) == "" {
		return "", -1
	}
	parts, j := []string{a.toks[lo].s}, lo+1
	for j+1 < hi && a.is(j, ".") && a.name(j+1) != "" {
		parts = append(parts, a.toks[j+1].s)
		j += 2
	}
	switch {
	case a.is(j, "="):
		return strings.Join(parts, "."), j
	case a.is(j, ":"):
		for k := j + 1; k < hi; k++ {
			if a.is(k, "=") && a.depth[k] == a.depth[lo] {
				return strings.Join(parts, "."), k
			}
		}
	}
	return "", -1
}

// bind records what the names of one statement are bound to.
func (a *analyzer) bind(lo, hi int) {
	first := lo
	if a.name(first) == "async" {
		first++
	}
	switch a.name(first) {
	case "def":
		a.bindParams(first+2, hi)
		return
	case "for":
		v := a.name(first + 1)
		for k := first + 2; k < hi; k++ {
			if a.name(k) == "in" {
				a.bindOrigin(v, k+1, a.lastColon(k, hi))
				return
			}
		}
		return
	case "with":
		end := a.lastColon(first, hi)
		for k := first + 1; k < end; k++ {
			if a.name(k) == "as" && a.name(k+1) != "" {
				s := k - 1
				for s > first+1 && !(a.is(s-1, ",") && a.depth[s-1] == a.depth[first]) {
					s--
				}
				a.bindOrigin(a.toks[k+1].s, s, k)
			}
		}
		return
	}
	key, eq := a.target(lo, hi)
	if key == "" {
		return
	}
	a.bindOrigin(key, eq+1, hi)
	if eq+1 < hi && (a.is(eq+1, "[") || a.is(eq+1, "(")) && a.match[eq+1] == hi-1 || a.strings(eq+1) == hi {
		a.lists[key] = slices.Clone(a.toks[eq+1 : hi])
	}
	for k := eq + 1; k < hi; k++ {
		if t := a.toks[k]; t.kind == tString {
			v := string(t.val())
			if rules.IsWatchedPath(v) {
				a.watch[key] = true
			}
			if rules.CodeEditsState(v, a.path, func() bool { return a.recoveryScope(k) }) {
				a.state[key] = true
			}
		}
	}
}

// procTypes are the types of a process the code started itself: a
// parameter annotated with one ("process: asyncio.subprocess.Process")
// holds the caller's own child.
var procTypes = map[string]bool{"subprocess.Popen": true, "asyncio.subprocess.Process": true,
	"asyncio.Process": true, "multiprocessing.Process": true, "psutil.Popen": true, "pexpect.spawn": true}

// bindParams records the parameters of a def header (its "(" at open)
// whose annotation names a process the code started: the function ends
// its caller's child, not a process found by PID.
func (a *analyzer) bindParams(open, hi int) {
	if !a.is(open, "(") || a.match[open] <= open || a.match[open] > hi {
		return
	}
	end := a.match[open]
	for j := open + 1; j < end; j++ {
		if a.name(j) == "" || !a.is(j+1, ":") || !(a.is(j-1, "(") || a.is(j-1, ",") || a.is(j-1, "*")) {
			continue
		}
		// the annotation runs to the next top-level comma or default
		for k := j + 2; k < end && !a.is(k, ",") && !a.is(k, "="); k++ {
			if t := a.toks[k]; t.kind == tString {
				// a forward reference: proc: "subprocess.Popen[bytes]"
				if v := string(t.val()); strings.Contains(v, "Popen") || strings.Contains(v, "subprocess.Process") {
					a.own[a.name(j)] = true
				}
				continue
			}
			if a.name(k) == "" || a.is(k-1, ".") {
				continue
			}
			parts := []string{a.name(k)}
			for m := k + 1; a.is(m, ".") && a.name(m+1) != ""; m += 2 {
				parts = append(parts, a.name(m+1))
			}
			if procTypes[a.canon(parts)] || parts[len(parts)-1] == "Popen" {
				a.own[a.name(j)] = true
			}
		}
	}
}

func (a *analyzer) lastColon(from, hi int) int {
	for k := hi - 1; k > from; k-- {
		if a.is(k, ":") && a.depth[k] == a.depth[from] {
			return k
		}
	}
	return hi
}

func (a *analyzer) bindOrigin(key string, lo, hi int) {
	if key == "" {
		return
	}
	switch a.origin(lo, hi) {
	case ownProc:
		a.own[key] = true
	case foundProc:
		a.found[key] = true
	}
}

type procOrigin uint8

const (
	noProc    procOrigin = iota
	ownProc              // started by the code, or the code's own process
	foundProc            // found by PID or by listing processes
)

// spawners start a child process the code owns.
var spawners = map[string]bool{"subprocess.Popen": true, "asyncio.create_subprocess_exec": true,
	"asyncio.create_subprocess_shell": true, "multiprocessing.Process": true, "pexpect.spawn": true,
	"psutil.Popen": true, "trio.open_process": true, "anyio.open_process": true, "os.fork": true,
	"os.posix_spawn": true, "os.posix_spawnp": true, "os.getpid": true,
	"multiprocessing.Pool": true, "concurrent.futures.ProcessPoolExecutor": true}

// origin reads where the process an expression holds comes from.
func (a *analyzer) origin(lo, hi int) procOrigin {
	own, found := false, false
	for i := lo; i < hi; i++ {
		if a.is(i, "(") && i > 0 && a.name(i-1) != "" {
			parts, _ := a.chainEnding(i - 1)
			c := a.canon(parts)
			switch {
			case spawners[c]:
				own = true
			case c == "psutil.Process":
				if a.match[i] == i+1 || a.refsOwn(i+1, a.match[i]) {
					own = true
				} else {
					found = true
				}
			case c == "psutil.process_iter" || c == "psutil.pids":
				found = true
			}
		}
		if a.name(i) != "" && !a.is(i-1, ".") {
			for _, k := range a.keys(i, hi) {
				own = own || a.own[k]
				found = found || a.found[k]
			}
		}
	}
	switch {
	case own:
		return ownProc
	case found:
		return foundProc
	}
	return noProc
}

// refsOwn: the expression names the code's own child or its own process
// (proc.pid of a Popen it started, the pid of a child an object holds as
// self.process, os.getpid()).
func (a *analyzer) refsOwn(lo, hi int) bool {
	for i := lo; i < hi; i++ {
		if a.name(i) == "" || a.is(i-1, ".") {
			continue
		}
		ks := a.keys(i, hi)
		for _, k := range ks {
			if a.own[k] || strings.HasPrefix(k, "self.") && strings.HasSuffix(k, ".pid") && strings.Count(k, ".") == 2 {
				return true // self.process.pid: the child the object holds
			}
		}
		if a.canon(strings.Split(ks[len(ks)-1], ".")) == "os.getpid" {
			return true
		}
	}
	return false
}

// strings returns the index after a run of string literals starting at i
// (adjacent, or joined by +), or i when there is none.
func (a *analyzer) strings(i int) int {
	if i >= len(a.toks) || a.toks[i].kind != tString {
		return i
	}
	j := i + 1
	for j < len(a.toks) {
		switch {
		case a.toks[j].kind == tString:
			j++
		case a.is(j, "+") && j+1 < len(a.toks) && a.toks[j+1].kind == tString:
			j += 2
		default:
			return j
		}
	}
	return j
}

// joined decodes a run of string literals into one text and offset map.
func (a *analyzer) joined(i, j int) ([]byte, []int) {
	var text []byte
	var offs []int
	last := -1
	for k := i; k < j; k++ {
		t := a.toks[k]
		if t.kind != tString {
			continue
		}
		text = append(text, t.lit.val...)
		for e := range len(t.lit.val) {
			offs = append(offs, t.lit.offs.At(e))
		}
		last = k
	}
	if last < 0 {
		return nil, nil
	}
	lit := a.toks[last].lit
	offs = append(offs, lit.offs.At(len(lit.val)))
	return text, offs
}

// findTables marks the collections a line matches text against: the
// names iterated in a comprehension that tests membership or calls a
// matching function, or in a for loop whose next line does.
func (a *analyzer) findTables(k, lo, hi int) {
	matching := func(lo, hi int) bool {
		ins := 0
		for i := lo; i < hi; i++ {
			if a.name(i) == "in" {
				ins++
			}
			if a.is(i, "(") && i > 0 && a.name(i-1) != "" {
				parts, _ := a.chainEnding(i - 1)
				if dataCall(a.canon(parts), parts) {
					return true
				}
			}
		}
		return ins >= 2
	}
	iterated := func(lo, hi int) []string {
		var out []string
		for i := lo; i+1 < hi; i++ {
			if a.name(i) == "in" && a.name(i+1) != "" {
				ks := a.keys(i+1, hi)
				out = append(out, ks[len(ks)-1])
			}
		}
		return out
	}
	if matching(lo, hi) {
		for _, n := range iterated(lo, hi) {
			a.tables[n] = true
		}
		// a literal list used in a matching call: re.compile("|".join(NAMES))
		for i := lo; i < hi; i++ {
			if a.name(i) != "" && !a.is(i-1, ".") {
				for _, key := range a.keys(i, hi) {
					if _, ok := a.lists[key]; ok && a.depth[i] > a.depth[lo] {
						a.tables[key] = true
					}
				}
			}
		}
	}
	// membership in a literal list or tuple: if cmd in BLOCKED_COMMANDS
	for i := lo; i+1 < hi; i++ {
		if a.name(i) != "in" || a.name(i-2) == "for" || a.name(i+1) == "" {
			continue
		}
		ks := a.keys(i+1, hi)
		if r, ok := a.lists[ks[len(ks)-1]]; ok && len(r) > 0 && r[0].kind == tOp {
			a.tables[ks[len(ks)-1]] = true
		}
	}
	if a.name(lo) == "for" && k+1 < len(a.lines) {
		next := a.lines[k+1]
		if matching(next[0], next[1]) || a.hasIn(next[0], next[1]) {
			for _, n := range iterated(lo, hi) {
				a.tables[n] = true
			}
		}
	}
}

func (a *analyzer) hasIn(lo, hi int) bool {
	for i := lo; i < hi; i++ {
		if a.name(i) == "in" {
			return true
		}
	}
	return false
}

// dataCall: functions and methods whose string arguments are patterns or
// text to match, not advice.
func dataCall(canon string, parts []string) bool {
	if strings.HasPrefix(canon, "re.") || strings.HasPrefix(canon, "regex.") || strings.HasPrefix(canon, "fnmatch.") {
		return true
	}
	if len(parts) < 2 {
		return false
	}
	switch parts[len(parts)-1] {
	case "replace", "startswith", "endswith", "find", "rfind", "index", "rindex", "count", "split", "rsplit",
		"strip", "lstrip", "rstrip", "removeprefix", "removesuffix", "partition", "rpartition", "translate",
		"match", "search", "fullmatch", "sub", "subn", "findall", "finditer", "compile", "glob", "rglob",
		"fnmatch", "fnmatchcase", "escape":
		return true
	}
	return false
}
