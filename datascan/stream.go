package datascan

import (
	"bytes"
	"fmt"
	"math"

	"github.com/recoverlint/recoverlint/rules"
)

// heldData is the size of the largest file ScanEach reads as Scan does,
// building its whole tree (some 30 bytes for each byte of the file); it
// reads a larger one twice instead, as it comes. A variable, so that
// tests can read every file twice.
var heldData = 256 << 10

// ScanEach passes the units and the calls Scan returns to unit and call,
// each in the same order, and returns Scan's Lexed and Err; after an
// error that is not Lexed, no unit is passed.
//
// A file past heldData is read twice and no tree is built. What the
// walker does with a map's entry can depend on entries after it (the
// "args" of a "command", the "shell" of a step's "run", a pattern table's
// "pattern" beside its "description"), so the first reading notes, of
// each map, only those facts (facts). The second reads each string as
// its entry or item is complete, with the facts of its map, and drops
// it; only the values a map's command or file task reads are held, until
// they are read. The units and calls are handed on in Scan's order: each
// waits until nothing read later can come before it (builder.release).
func ScanEach(src []byte, name string, unit func(rules.Unit), call func(rules.Finding)) (lexed bool, err error) {
	f := formatFor(src, name)
	if len(src) <= heldData || f == TOML && fileKind(name) != plainFile {
		// (a TOML file's tables are not in the order of the text, and a
		// workflow's steps share what they set in that order)
		r := ScanAs(src, name, f)
		if r.Err == nil || r.Lexed {
			for i := range r.Units {
				u := r.Units[i]
				r.Units[i] = rules.Unit{}
				unit(u)
			}
		}
		for _, c := range r.Calls {
			call(c)
		}
		return r.Lexed, r.Err
	}
	text := src
	known, perr := gather(text, f)
	if perr != nil && f == YAML && bytes.Contains(src, []byte("{{")) {
		// a Go template of YAML, as in Scan
		t := blankTemplates(src)
		if k, terr := gather(t, f); terr == nil {
			text, known, perr = t, k, nil
		}
	}
	withUnits := perr == nil || f == JSON
	b := &builder{pass: passRead, toml: f == TOML, facts: known, src: src, name: name, w: newWalker(name), atPos: math.MaxInt}
	if !withUnits {
		unit = func(rules.Unit) {}
	}
	b.unitOut, b.callOut = unit, call
	b.w.unitOut = func(u rules.Unit) { b.units.push(u.Offsets.At(0), 0, u) }
	b.w.callOut = func(c rules.Finding) { b.calls.push(c.Start, 0, c) }
	perr = parse(text, f, b)
	b.end()
	if perr == nil {
		return false, nil
	}
	err = fmt.Errorf("%s:%w", name, perr)
	if f != JSON {
		return false, err
	}
	// the rest of the file after a syntax error, as in ScanAs
	from := 0
	if b.unitsOut {
		from = lexedFrom(src, b.lastUnit)
	}
	for _, u := range jsonStrings(src, from, name) {
		unit(u)
	}
	return true, err
}

// parse reads src in format f, handing its containers to b.
func parse(src []byte, f Format, b *builder) error {
	var err error
	switch f {
	case JSON:
		_, _, err = parseJSON(src, b)
	case TOML:
		_, _, err = parseTOML(src, b)
	default:
		_, _, err = parseYAML(src, b)
	}
	return err
}

// gather is the first reading of a file: the facts of its maps, by the
// order in which the parser opens them, and the syntax error.
func gather(src []byte, f Format) (map[int32]*facts, error) {
	b := &builder{pass: passGather, toml: f == TOML, facts: map[int32]*facts{}}
	err := parse(src, f, b)
	b.end()
	return b.facts, err
}

// facts are what the walker reads of a map beyond each entry itself.
type facts struct {
	table bool   // a pattern table's entry (patternEntry)
	code  bool   // its runs are code in the program prog (stepShell)
	prog  string //
	cmd   bool   // its first "command" is consumed (planCommand)
	args  bool   // and its first "args"
	read  int    // and how they are read
	touch string // the key of the file module it touches (touchOf)
}

var noFacts facts

// factsOf returns the facts of a map whose table flag is table; ok is
// false when there are none to keep.
func factsOf(m *node, table bool) (f facts, ok bool) {
	f.table = table
	f.prog, f.code = stepShell(m)
	if p, found := planCommand(m); found {
		f.cmd, f.args, f.read = true, p.args != nil, p.read
	}
	if k, state, _ := touchOf(m); state != nil {
		f.touch = k
	}
	return f, f != noFacts
}

// The two readings of a file (builder.pass).
const (
	passGather = iota + 1
	passRead
)

// How a container is read (state.mode) in the second reading; one that
// is held is built whole, with no state.
const (
	modeHold  = iota // built whole, and walked as Scan walks it
	modeWalk         // its strings are walked as they come
	modeDrop         // nothing of it is walked (a key, a table out of the tree)
	modeShell        // a list of a step's run:, its strings read as shell
	modeGather
)

// Where the next container or value goes (context.how).
const (
	ctxNone    = iota // not said: the container is held
	ctxRoot           // a document's value
	ctxItem           // an item of parent, a list
	ctxKey            // the value of key in parent, a map
	ctxFlowKey        // a key of parent, a YAML flow map
	ctxHold           // a YAML complex key or its value
	ctxDrop           // out of the tree
)

type context struct {
	parent *node
	how    uint8
	key    []byte
}

// Bits of state.seen: the first "command", "args" and touched module of
// a map have been met.
const (
	seenCmd = 1 << iota
	seenArgs
	seenTouch
)

// state is what a builder keeps of a map or list it reads as it comes.
type state struct {
	mode   uint8
	seen   uint8
	pushed bool  // its key is on the builder's path
	nonStr bool  // lists: an item is not a string (allStrings)
	table  bool  // maps, first reading: a string under a data key
	noted  bool  // maps, first reading: it may have facts
	idx    int32 // maps: the order in which the parser opened it
	// index finds the first value of each key once a map keeps many
	index map[string]*node
	// last is a TOML list's last item, which a header can reopen
	last *node
	// f: a map's facts, or for a list of run:, its step's
	f *facts
	// cmd and args are a map's command and args, held until both are in
	cmd, args *node
}

// Nodes kept where only a value's kind matters.
var (
	stubStr  = &node{kind: nStr}
	stubNull = &node{}
)

// builder reads the containers a parser hands it (cursor.open and the
// rest): in the first reading it notes the facts of each map, in the
// second it walks each value as it is complete.
type builder struct {
	pass int
	toml bool
	cur  *cursor
	ctx  context
	// atPos is where the value being read starts, or the value held that
	// holds it (math.MaxInt between values): what a comment read now is
	// in the middle of
	atPos int
	nmaps int32
	facts map[int32]*facts
	// path is the key path of the open containers that are walked
	path []string
	// root is a TOML file's root table, whose facts are noted at the end
	top *node
	// second reading
	src        []byte // the file as it is (a template's actions unblanked)
	name       string
	w          *walker
	units      queue[rules.Unit]
	calls      queue[rules.Finding]
	unitOut    func(rules.Unit)
	callOut    func(rules.Finding)
	held       []heldValue
	mods       []heldModule // TOML: the file modules read at the end
	unitsOut   bool         // a unit has been passed on; lastUnit is the last
	lastUnit   rules.Offsets
	dataKey    string // the last key asked of rules.DataName, and its answer
	dataAnswer bool
}

// heldValue is a value held until the values it is read with are in:
// nothing after start can be passed on meanwhile.
type heldValue struct {
	n     *node
	start int
}

// heldModule is a TOML file task's module, read at the end: later
// headers can add to it.
type heldModule struct {
	key  string
	mod  *node
	path []string
}

// start ties the builder to the parser's cursor.
func (b *builder) start(c *cursor) {
	if b == nil {
		return
	}
	b.cur = c
	c.b = b
	if b.pass == passGather {
		c.cmts.emit = func(cmt) {}
		return
	}
	c.cmts.emit = func(g cmt) {
		u := commentUnit(b.src, b.name, g)
		b.units.push(u.Offsets.At(0), 1, u) // after the strings' units at the same offset, as in Scan
		// in the middle of a value: what it holds is not walked yet
		b.flush(min(b.mark(), b.atPos))
	}
}

func (b *builder) open(n *node, push bool) {
	ctx := b.ctx
	b.ctx = context{}
	idx := int32(-1)
	if n.kind == nMap {
		idx = b.nmaps
		b.nmaps++
	}
	if b.pass == passGather {
		n.st = &state{mode: modeGather, idx: idx}
		return
	}
	mode := b.modeOf(ctx, n.kind)
	if mode == modeHold {
		return
	}
	st := &state{mode: mode, idx: idx}
	n.st = st
	switch mode {
	case modeWalk:
		if n.kind == nMap {
			st.f = b.facts[idx]
		}
		if push && ctx.how == ctxKey {
			b.path = append(b.path, string(ctx.key))
			st.pushed = true
		}
	case modeShell:
		st.f = ctx.parent.st.f
		if st.f == nil {
			st.f = &noFacts
		}
	}
}

// modeOf says how the container that ctx places is read.
func (b *builder) modeOf(ctx context, kind nodeKind) uint8 {
	switch ctx.how {
	case ctxRoot:
		return modeWalk
	case ctxNone, ctxHold:
		return modeHold
	case ctxDrop, ctxFlowKey:
		return modeDrop
	}
	ps := ctx.parent.st
	if ps == nil {
		return modeHold
	}
	switch ps.mode {
	case modeDrop:
		return modeDrop
	case modeShell:
		if kind == nList {
			return modeShell
		}
		return modeDrop
	}
	if ctx.how == ctxItem {
		return modeWalk
	}
	if f := ps.f; f != nil {
		key := ctx.key
		switch {
		case f.cmd && ps.seen&seenCmd == 0 && string(key) == "command",
			f.args && ps.seen&seenArgs == 0 && string(key) == "args",
			f.touch != "" && ps.seen&seenTouch == 0 && string(key) == f.touch:
			return modeHold
		}
	}
	if b.w.kind != plainFile && b.w.shellValue(string(ctx.key), b.path) {
		if kind == nList {
			return modeShell
		}
		return modeDrop // shellNode reads no map
	}
	return modeWalk
}

func (b *builder) close(n *node) {
	st := n.st
	if st.pushed {
		b.path = b.path[:len(b.path)-1]
	}
	if b.pass == passGather && n.kind == nMap && st.noted && !b.toml {
		b.note(n)
		// its kept entries stay for the map that holds it (touchOf)
	}
}

// note keeps the facts of a map, at its end (a TOML map's at the end of
// the file: headers can add to it).
func (b *builder) note(m *node) {
	if f, ok := factsOf(m, m.st.table); ok {
		b.facts[m.st.idx] = &f
	}
}

func (b *builder) root(r *node) {
	b.top = r
	b.atPos = math.MaxInt
	if b.pass == passRead && r.st == nil {
		b.w.node(r, nil)
		b.cur.reuse(r)
		b.release()
	}
}

func (b *builder) item(l, it *node) {
	b.atPos = math.MaxInt
	st := l.st
	if it.kind != nStr {
		st.nonStr = true
	}
	if b.toml {
		if b.pass == passGather && st.last != nil {
			b.final(st.last) // no header can reach it any more
		}
		st.last = kept("", it)
	}
	if it.st != nil {
		return
	}
	if b.pass == passRead {
		switch st.mode {
		case modeWalk:
			b.w.node(it, b.path)
		case modeShell:
			b.w.shellAs(it, st.f.prog, st.f.code)
		}
	}
	b.cur.reuse(it)
	if b.pass == passRead {
		b.release()
	}
}

// interesting: the walker looks a map's key up (planCommand, stepShell,
// touchOf); noted: the map may then have facts (a file module's state
// and path count only in its task, noted for the module).
func interesting(key []byte) (kept, noted bool) {
	switch string(key) {
	case "command", "args", "shell", "ansible.builtin.file", "ansible.legacy.file", "file":
		return true, true
	case "state", "path", "dest", "name":
		return true, false
	}
	return false, false
}

func (b *builder) entry(m *node, k scalar, v *node) {
	b.atPos = math.MaxInt
	st := m.st
	if b.pass == passGather {
		if v.kind == nStr && !st.table && b.dataName(k.text) {
			st.table = true
			b.noteMap(m)
		}
		kept, noted := interesting(k.text)
		if kept || b.toml {
			if !b.keep(m, k, v) && b.toml {
				b.final(v) // a key met again: no header can reach its value
			}
		}
		if noted {
			b.noteMap(m)
		}
		b.cur.reuse(v)
		return
	}
	if b.toml {
		b.keep(m, k, v)
	}
	if st.mode != modeWalk {
		b.cur.reuse(v)
		return
	}
	f := st.f
	if f == nil {
		f = &noFacts
	}
	if key := string(k.text); key == "command" || key == "args" {
		bit, wanted, slot := uint8(seenCmd), f.cmd, &st.cmd
		if key == "args" {
			bit, wanted, slot = seenArgs, f.args, &st.args
		}
		first := st.seen&bit == 0
		st.seen |= bit
		if first && wanted {
			*slot = v
			b.hold(v)
			b.command(m)
			return
		}
	}
	if f.touch != "" && st.seen&seenTouch == 0 && string(k.text) == f.touch {
		st.seen |= seenTouch
		if b.toml {
			// later headers can add to the module: read it at the end
			b.mods = append(b.mods, heldModule{key: f.touch, mod: v, path: append([]string(nil), b.path...)})
			b.hold(v)
			return
		}
		b.touch(f.touch, v)
	}
	if v.st != nil {
		return // read as it came
	}
	key := string(k.text)
	switch {
	case f.table && v.kind == nStr && rules.PatternLabel(key):
		// the label of a pattern is data, as the pattern is
	case b.w.kind != plainFile && b.w.shellValue(key, b.path):
		b.w.shellAs(v, f.prog, f.code)
	default:
		b.path = append(b.path, key)
		b.w.node(v, b.path)
		b.path = b.path[:len(b.path)-1]
	}
	b.cur.reuse(v)
	b.release()
}

// noteMap marks a map of the first reading as one that may have facts.
func (b *builder) noteMap(m *node) { m.st.noted = true }

// final notes the facts of the TOML maps in v once no header or dotted
// key can add to them: at the end, or once v is no list's last item.
func (b *builder) final(v *node) {
	st := v.st
	if st == nil {
		return
	}
	switch v.kind {
	case nMap:
		if st.noted {
			b.note(v)
			st.noted = false
		}
		for _, c := range v.vals {
			b.final(c)
		}
	case nList:
		if st.last != nil {
			b.final(st.last)
		}
	}
}

// dataName is rules.DataName, remembering the last key asked: a file's
// maps mostly repeat their keys.
func (b *builder) dataName(key []byte) bool {
	if string(key) != b.dataKey {
		b.dataKey = string(key)
		b.dataAnswer = rules.DataName(b.dataKey)
	}
	return b.dataAnswer
}

// keep keeps a key's first value in a map of the first reading, or of a
// TOML file, where a header or a dotted key can reopen it (get): what the
// walker looks up, or where a header can go. It returns false when the
// key has a value already.
func (b *builder) keep(m *node, k scalar, v *node) bool {
	st := m.st
	if st.index != nil {
		if _, ok := st.index[string(k.text)]; ok {
			return false
		}
		key := string(k.text)
		v = kept(key, v)
		st.index[key] = v
		if v.st != nil {
			// only containers stay in the entries, for final
			m.keys, m.vals = append(m.keys, scalar{text: k.text}), append(m.vals, v)
		}
		return true
	}
	for _, kk := range m.keys {
		if bytes.Equal(kk.text, k.text) {
			return false
		}
	}
	m.keys = append(m.keys, scalar{text: k.text})
	m.vals = append(m.vals, kept(string(k.text), v))
	if len(m.keys) > 8 {
		st.index = make(map[string]*node, 2*len(m.keys))
		n := 0
		for i, k := range m.keys {
			st.index[string(k.text)] = m.vals[i]
			if m.vals[i].st != nil {
				m.keys[n], m.vals[n] = k, m.vals[i]
				n++
			}
		}
		m.keys, m.vals = m.keys[:n], m.vals[:n]
	}
	return true
}

// kept is what a map keeps of its value v under key: a container itself,
// a string only as its kind, but for the text the walker compares.
func kept(key string, v *node) *node {
	switch v.kind {
	case nStr:
		if key == "shell" || key == "state" {
			return &node{kind: nStr, str: scalar{text: v.str.text}}
		}
		return stubStr
	case nNull:
		return stubNull
	}
	return v
}

// command reads a map's command once the values it reads are in.
func (b *builder) command(m *node) {
	st, f := m.st, m.st.f
	if st.cmd == nil || f.args && st.args == nil {
		return
	}
	p := commandPlan{cmd: st.cmd, read: f.read}
	if f.args {
		p.args = st.args
	}
	b.w.command(p)
	b.unhold(st.cmd)
	if st.args != nil {
		b.unhold(st.args)
	}
	st.cmd, st.args = nil, nil
	b.release()
}

// touch reads the file module mod of a task under key.
func (b *builder) touch(key string, mod *node) {
	b.w.fileTouch(&node{kind: nMap, keys: []scalar{{text: []byte(key)}}, vals: []*node{mod}})
}

func (b *builder) hold(v *node) {
	b.held = append(b.held, heldValue{n: v, start: min(firstOffset(v), b.cur.pos)})
}

func (b *builder) unhold(v *node) {
	for i, h := range b.held {
		if h.n == v {
			b.held = append(b.held[:i], b.held[i+1:]...)
			return
		}
	}
}

// firstOffset is the least offset of a value's strings.
func firstOffset(n *node) int {
	least := math.MaxInt
	switch n.kind {
	case nStr:
		if len(n.str.offs) > 0 {
			least = n.str.offs[0]
		}
	case nList:
		for _, it := range n.items {
			least = min(least, firstOffset(it))
		}
	case nMap:
		for _, v := range n.vals {
			least = min(least, firstOffset(v))
		}
	}
	return least
}

// pathLen, pathTo and push keep the path of a TOML statement's table
// and dotted key, where the parser goes through tables that the
// statement, not the nesting of containers, names.
func (b *builder) pathLen() int {
	if b == nil {
		return 0
	}
	return len(b.path)
}

func (b *builder) pathTo(n int) {
	if b != nil && b.pass == passRead {
		b.path = b.path[:n]
	}
}

func (b *builder) push(k scalar) {
	if b != nil && b.pass == passRead {
		b.path = append(b.path, string(k.text))
	}
}

// end ends a reading: the first notes the facts of a TOML file's maps;
// the second reads a TOML file's file modules and passes everything on.
func (b *builder) end() {
	if b.pass == passGather {
		if b.toml && b.top != nil {
			b.final(b.top)
		}
		return
	}
	for _, h := range b.mods {
		b.path = append(b.path[:0], h.path...)
		b.touch(h.key, h.mod)
		b.path = append(b.path, h.key)
		b.w.node(h.mod, b.path)
	}
	b.mods, b.held = nil, nil
	b.flush(math.MaxInt)
}

// release passes on the units and calls that nothing read later can come
// before: Scan sorts them by their first offset, and whatever is read
// later starts at the parser's position, in a comment group still open
// or in a value held.
func (b *builder) release() { b.flush(b.mark()) }

// mark is the least offset what is read from now on can start at, once
// the value just read is walked.
func (b *builder) mark() int {
	w := b.cur.pos
	if g := b.cur.cmts.cur; g != nil && len(g.offs) > 0 {
		w = min(w, g.offs[0])
	}
	for _, h := range b.held {
		w = min(w, h.start)
	}
	return w
}

// flush passes on what starts before offset w.
func (b *builder) flush(w int) {
	for b.units.len() > 0 && b.units.min() < w {
		u := b.units.pop()
		b.unitsOut, b.lastUnit = true, u.Offsets
		b.unitOut(u)
	}
	for b.calls.len() > 0 && b.calls.min() < w {
		b.callOut(b.calls.pop())
	}
}

// queue is a priority queue of units or calls by offset, then class,
// then the order they came in: the order of Scan's stable sort.
type queue[T any] struct {
	items []queued[T]
	seq   int
}

type queued[T any] struct {
	off, class, seq int
	v               T
}

func (q *queue[T]) len() int { return len(q.items) }
func (q *queue[T]) min() int { return q.items[0].off }

func (a queued[T]) less(b queued[T]) bool {
	if a.off != b.off {
		return a.off < b.off
	}
	if a.class != b.class {
		return a.class < b.class
	}
	return a.seq < b.seq
}

func (q *queue[T]) push(off, class int, v T) {
	q.seq++
	q.items = append(q.items, queued[T]{off, class, q.seq, v})
	for i := len(q.items) - 1; i > 0; {
		p := (i - 1) / 2
		if !q.items[i].less(q.items[p]) {
			break
		}
		q.items[i], q.items[p] = q.items[p], q.items[i]
		i = p
	}
}

func (q *queue[T]) pop() T {
	top := q.items[0].v
	n := len(q.items) - 1
	q.items[0] = q.items[n]
	var zero queued[T]
	q.items[n] = zero
	q.items = q.items[:n]
	for i := 0; ; {
		l, r, m := 2*i+1, 2*i+2, i
		if l < n && q.items[l].less(q.items[m]) {
			m = l
		}
		if r < n && q.items[r].less(q.items[m]) {
			m = r
		}
		if m == i {
			break
		}
		q.items[i], q.items[m] = q.items[m], q.items[i]
		i = m
	}
	if n == 0 && cap(q.items) > 1024 {
		q.items = nil // a burst of units is not kept room for
	}
	return top
}
