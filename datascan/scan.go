package datascan

import (
	"bytes"
	"fmt"
	"path"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/recoverlint/recoverlint/internal/comments"
	"github.com/recoverlint/recoverlint/internal/formats"
	"github.com/recoverlint/recoverlint/rules"
	"github.com/recoverlint/recoverlint/shscan"
	"github.com/recoverlint/recoverlint/textscan"
)

// Result is what Scan finds in one file.
type Result struct {
	// Units are the comments and the string values that read as text.
	Units []rules.Unit
	// Calls are the forbidden actions of the commands the file holds,
	// with byte offsets into the source.
	Calls []rules.Finding
	// Err is the first syntax error; Units and Calls still cover what was
	// read before it, and for JSON the strings after it too (Lexed).
	Err error
	// Lexed is set when, after a JSON syntax error, the rest of the file's
	// string values were read one by one as text units (they are in Units).
	Lexed bool
}

// Format is a data format this package reads.
type Format uint8

const (
	YAML Format = iota
	JSON        // JSON, and JSON with comments and trailing commas
	TOML
)

// FormatOf returns the format of a file by its extension: .yaml and .yml,
// .json, .jsonc and .json5, .toml. ok is false for any other name.
func FormatOf(name string) (f Format, ok bool) {
	switch strings.ToLower(path.Ext(name)) {
	case ".yaml", ".yml":
		return YAML, true
	case ".json", ".jsonc", ".json5":
		return JSON, true
	case ".toml":
		return TOML, true
	}
	return YAML, false
}

// Scan reads src in the format its name's extension gives (see FormatOf);
// a name with no known extension is read as JSON when it opens with { or
// [, else as YAML.
func Scan(src []byte, name string) Result { return ScanAs(src, name, formatFor(src, name)) }

// formatFor is the format Scan reads src in.
func formatFor(src []byte, name string) Format {
	f, ok := FormatOf(name)
	if !ok {
		t := bytes.TrimLeft(src, " \t\r\n\ufeff")
		if len(t) > 0 && (t[0] == '{' || t[0] == '[') {
			f = JSON
		}
	}
	return f
}

// blankTemplates returns a copy of src with every template action, from
// "{{" to the next "}}" on the same line, replaced: by spaces where it
// stands alone on its line ("{{- if .Values.x }}"), else by a placeholder
// word of the same length, so that "{{ .Name }}: value" stays a key.
func blankTemplates(src []byte) []byte {
	out := bytes.Clone(src)
	for rest := out; len(rest) > 0; {
		line := rest
		if nl := bytes.IndexByte(rest, '\n'); nl >= 0 {
			line, rest = rest[:nl], rest[nl+1:]
		} else {
			rest = nil
		}
		// one pass over the line: each action's end is searched from its
		// start, and a "{{" with no "}}" after it ends the line's actions
		trimmed := bytes.TrimSpace(line)
		for k := 0; k+1 < len(line); {
			open := bytes.Index(line[k:], []byte("{{"))
			if open < 0 {
				break
			}
			open += k
			end := bytes.Index(line[open+2:], []byte("}}"))
			if end < 0 {
				break
			}
			end += open + 4 // just past the "}}"
			fill := byte('x')
			if len(trimmed) == end-open && bytes.Equal(trimmed, line[open:end]) {
				fill = ' ' // the action stands alone on its line
			}
			for m := open; m < end; m++ {
				line[m] = fill
			}
			k = end
		}
	}
	return out
}

// ScanAs reads src in the given format, whatever its name.
func ScanAs(src []byte, name string, f Format) Result {
	var roots []*node
	var cmts []cmt
	var err error
	switch f {
	case JSON:
		roots, cmts, err = parseJSON(src, nil)
	case TOML:
		roots, cmts, err = parseTOML(src, nil)
	default:
		roots, cmts, err = parseYAML(src, nil)
		if err != nil && bytes.Contains(src, []byte("{{")) {
			// a Helm chart or another Go template of YAML: its actions
			// ({{ … }}) are not YAML; read the file with them blanked,
			// every offset unchanged
			if r, c, terr := parseYAML(blankTemplates(src), nil); terr == nil {
				roots, cmts, err = r, c, nil
			}
		}
	}
	w := newWalker(name)
	for _, r := range roots {
		w.node(r, nil)
	}
	for _, c := range cmts {
		w.units = append(w.units, commentUnit(src, name, c))
	}
	sort.SliceStable(w.units, func(i, j int) bool { return w.units[i].Offsets.At(0) < w.units[j].Offsets.At(0) })
	sort.SliceStable(w.calls, func(i, j int) bool { return w.calls[i].Start < w.calls[j].Start })
	res := Result{Units: w.units, Calls: w.calls}
	if err != nil {
		res.Err = fmt.Errorf("%s:%w", name, err)
		if f == JSON {
			// a syntax error must not hide the rest of the file: read
			// every string value after what the parser understood
			from := 0
			if len(res.Units) > 0 {
				from = lexedFrom(src, res.Units[len(res.Units)-1].Offsets)
			}
			res.Units = append(res.Units, jsonStrings(src, from, name)...)
			res.Lexed = true
		}
	}
	return res
}

// commentUnit is the unit of a comment (or a group of them) of src.
func commentUnit(src []byte, name string, c cmt) rules.Unit {
	ctx := rules.Context{Path: name, Annotates: comments.Annotated(src, c.offs[0], c.offs[len(c.offs)-1])}
	return rules.Unit{Kind: rules.Comment, Text: string(c.text), Offsets: rules.OffsetsOf(c.offs), Ctx: ctx}
}

// lexedFrom is where jsonStrings starts after a syntax error: just past
// the last unit read (its closing quote too, if it is a string's).
func lexedFrom(src []byte, last rules.Offsets) int {
	from := last.At(last.Len() - 1)
	if from < len(src) && src[from] == '"' {
		from++
	}
	return from
}

// jsonStrings reads, from offset from on, the JSON string values of src
// lexically (a string followed by ':' is a key and skipped), as text
// units with their offsets; what does not read as prose is left out.
func jsonStrings(src []byte, from int, name string) []rules.Unit {
	var out []rules.Unit
	p := &jparser{cursor{src: src}}
	for i := from; i < len(src); i++ {
		if src[i] != '"' {
			continue
		}
		p.pos, p.err = i, nil
		s := p.str()
		end := p.pos
		k := end
		for k < len(src) && (src[k] == ' ' || src[k] == '\t') {
			k++
		}
		if p.err == nil && (k >= len(src) || src[k] != ':') && len(s.offs) == len(s.text)+1 && strings.ContainsAny(string(s.text), " ") {
			out = append(out, rules.Unit{Kind: rules.StringLit, Text: string(s.text), Offsets: rules.OffsetsOf(s.offs), Ctx: rules.Context{Path: name}})
		}
		i = max(end-1, i)
	}
	return out
}

// nodeKind says what a node of the data tree is.
type nodeKind uint8

const (
	nNull nodeKind = iota // null, or a value that is not text (numbers, dates, aliases)
	nMap
	nList
	nStr
)

// node is a value of a YAML, JSON or TOML file.
type node struct {
	kind  nodeKind
	keys  []scalar // nMap: the keys, in order
	vals  []*node  // nMap: the values
	items []*node  // nList
	str   scalar   // nStr
	// st is set on a map or list that a builder reads as it comes
	// (stream.go); keys and vals then hold only what the builder keeps
	// of it, and items nothing
	st *state
}

// scalar is decoded text with its offset map into the source:
// offs[i] is the offset of the byte (or escape) that produced text[i],
// offs[len(text)] the offset just past it.
type scalar struct {
	text []byte
	offs []int
}

// addRune adds the UTF-8 bytes of r, each from the offset at.
func (s *scalar) addRune(r rune, at int) {
	var buf [utf8.UTFMax]byte
	for _, b := range utf8.AppendRune(buf[:0], r) {
		s.add(b, at)
	}
}

func (s *scalar) add(c byte, at int) {
	s.text = append(s.text, c)
	s.offs = append(s.offs, at)
}

func (s scalar) String() string { return string(s.text) }

func (n *node) get(key string) *node {
	if n == nil || n.kind != nMap {
		return nil
	}
	if n.st != nil && n.st.index != nil {
		return n.st.index[key]
	}
	for i, k := range n.keys {
		if string(k.text) == key {
			return n.vals[i]
		}
	}
	return nil
}

// cmt is a comment or a group of comments on consecutive lines.
type cmt struct {
	text []byte
	offs []int
}

// commentGroups collects comments, grouping full-line comments on
// consecutive lines.
type commentGroups struct {
	src     []byte
	out     []cmt
	cur     *cmt
	lastEnd int
	// emit, when set, takes each comment group as it is complete instead
	// of out
	emit func(cmt)
}

func (g *commentGroups) put(c cmt) {
	if g.emit != nil {
		g.emit(c)
		return
	}
	g.out = append(g.out, c)
}

// add records the comment whose marker (# or //) of width mark starts at
// start and whose text ends at end.
func (g *commentGroups) add(start, mark, end int) {
	if directive(string(g.src[start+mark : end])) {
		g.flush()
		return
	}
	ls := start
	for ls > 0 && (g.src[ls-1] == ' ' || g.src[ls-1] == '\t') {
		ls--
	}
	own := ls == 0 || g.src[ls-1] == '\n'
	if g.cur != nil && (!own || !oneBreak(g.src[g.lastEnd:start])) {
		g.flush()
	}
	skip := start + mark
	if skip < end && g.src[skip] == ' ' {
		skip++
	}
	if end > skip && g.src[end-1] == '\r' {
		end--
	}
	if g.cur == nil {
		g.cur = &cmt{}
	} else {
		g.cur.text = append(g.cur.text, '\n')
		g.cur.offs = append(g.cur.offs, g.lastEnd)
	}
	for i := skip; i < end; i++ {
		g.cur.text = append(g.cur.text, g.src[i])
		g.cur.offs = append(g.cur.offs, i)
	}
	g.lastEnd = end
	if !own {
		g.flush()
	}
}

// directive: tool comments that are not prose.
func directive(body string) bool {
	b := strings.TrimSpace(body)
	for _, p := range []string{"recoverlint:", "yaml-language-server:", "prettier-ignore", "eslint", "@ts-",
		"taplo:", "schema:", "nolint", "editorconfig-checker"} {
		if strings.HasPrefix(b, p) {
			return true
		}
	}
	return false
}

// block records a /* … */ comment as a group of its own.
func (g *commentGroups) block(start, end int) {
	g.flush()
	c := cmt{}
	lineStart := true
	for j := start + 2; j < end-2 && j < len(g.src); j++ {
		ch := g.src[j]
		if lineStart && (ch == ' ' || ch == '\t' || ch == '*') {
			continue
		}
		lineStart = ch == '\n'
		if ch != '\r' {
			c.text = append(c.text, ch)
			c.offs = append(c.offs, j)
		}
	}
	n := len(c.text)
	for n > 0 && (c.text[n-1] == ' ' || c.text[n-1] == '\n' || c.text[n-1] == '\t') {
		n--
	}
	if strings.TrimSpace(string(c.text[:n])) != "" {
		last := max(end-2, start)
		if n < len(c.text) {
			last = c.offs[n]
		}
		g.put(cmt{text: c.text[:n], offs: append(c.offs[:n:n], last)})
	}
}

func (g *commentGroups) flush() {
	c := g.cur
	g.cur = nil
	if c == nil || strings.TrimSpace(string(c.text)) == "" {
		return
	}
	c.offs = append(c.offs, g.lastEnd)
	g.put(*c)
}

func oneBreak(s []byte) bool {
	n := 0
	for _, c := range s {
		switch c {
		case '\n':
			n++
		case ' ', '\t', '\r':
		default:
			return false
		}
	}
	return n == 1
}

// kinds of files whose values are commands.
const (
	plainFile = iota
	workflowFile
	gitlabFile
	packageFile
)

func fileKind(name string) int {
	n := strings.ToLower(strings.ReplaceAll(name, "\\", "/"))
	b := path.Base(n)
	switch {
	case strings.Contains("/"+n, "/.github/workflows/") || b == "action.yml" || b == "action.yaml":
		return workflowFile
	case b == ".gitlab-ci.yml" || b == ".gitlab-ci.yaml":
		return gitlabFile
	case b == "package.json":
		return packageFile
	}
	return plainFile
}

// walker turns a data tree into units and calls.
type walker struct {
	path  string
	kind  int
	units []rules.Unit
	calls []rules.Finding
	// unitOut and callOut, when set, take the units and calls instead of
	// units and calls (a builder's reading as the file comes)
	unitOut func(rules.Unit)
	callOut func(rules.Finding)
	// stepPIDs are the variables a workflow's earlier steps set to the
	// PIDs of children they started ("echo PID=$! >> $GITHUB_ENV")
	stepPIDs map[string]bool
}

func newWalker(name string) *walker { return &walker{path: name, kind: fileKind(name)} }

func (w *walker) unit(u rules.Unit) {
	if w.unitOut != nil {
		w.unitOut(u)
		return
	}
	w.units = append(w.units, u)
}

// node walks n; keys is the path of key names above it.
func (w *walker) node(n *node, keys []string) {
	if n == nil {
		return
	}
	switch n.kind {
	case nMap:
		done := w.commandEntry(n)
		w.fileTouch(n)
		table := patternEntry(n)
		for i, k := range n.keys {
			v := n.vals[i]
			if done[v] {
				continue
			}
			key := string(k.text)
			if table && v.kind == nStr && rules.PatternLabel(key) {
				continue // the label of a pattern is data, as the pattern is
			}
			if w.shellValue(key, keys) {
				w.shellNode(v, n)
				continue
			}
			// one shared path, pushed and popped: copying it at every
			// level made deep nesting quadratic (issue 18)
			keys = append(keys, key)
			w.node(v, keys)
			keys = keys[:len(keys)-1]
		}
	case nList:
		for _, it := range n.items {
			w.node(it, keys)
		}
	case nStr:
		if len(keys) > 0 && rules.DataName(keys[len(keys)-1]) {
			return
		}
		if formats.IsShell(formats.Interpreter(n.str.text)) {
			// a value that opens with a shell's #! line is a script the
			// host runs, under any key (an eval task's inline verify
			// script, a hook's body): its commands are calls, as in run:
			w.shellAs(n, "", false)
			return
		}
		w.text(n.str, keys)
	}
}

// patternEntry: the map is an entry of a pattern table, holding a string
// under a key named for data (pattern:, regex:).
func patternEntry(n *node) bool {
	for i, k := range n.keys {
		if n.vals[i] != nil && n.vals[i].kind == nStr && rules.DataName(string(k.text)) {
			return true
		}
	}
	return false
}

// shellValue: the value under key, in a map whose path of keys is keys,
// is a command line the host runs: a workflow step's run:, a GitLab
// script, a package.json script.
func (w *walker) shellValue(key string, keys []string) bool {
	switch w.kind {
	case workflowFile:
		return key == "run"
	case gitlabFile:
		return key == "script" || key == "before_script" || key == "after_script"
	case packageFile:
		return len(keys) == 1 && keys[0] == "scripts"
	}
	return false
}

// stepShell returns the program a step's shell: names when this package
// does not read it as shell (pwsh, python, cmd); ok is false otherwise.
func stepShell(step *node) (prog string, ok bool) {
	if sh := step.get("shell"); sh != nil && sh.kind == nStr {
		f := strings.Fields(sh.str.String())
		if len(f) > 0 && !formats.IsShell(path.Base(f[0])) {
			return path.Base(f[0]), true
		}
	}
	return "", false
}

// shellNode reads a string (or a list of strings) as shell, unless the
// step names a shell this package does not read (pwsh, python, cmd): its
// text is then a code block for the classifier.
func (w *walker) shellNode(v *node, step *node) {
	prog, code := stepShell(step)
	w.shellAs(v, prog, code)
}

// shellAs is shellNode with the step's shell given: prog when code is
// set.
func (w *walker) shellAs(v *node, prog string, code bool) {
	if v == nil {
		return
	}
	if v.kind == nList {
		for _, it := range v.items {
			w.shellAs(it, prog, code)
		}
		return
	}
	if v.kind != nStr {
		return
	}
	if code {
		w.unit(rules.Unit{Kind: rules.CodeBlock, Text: v.str.String(), Offsets: rules.OffsetsOf(v.str.offs),
			Ctx: rules.Context{Path: w.path, Info: prog}})
		return
	}
	if w.stepPIDs == nil {
		w.stepPIDs = map[string]bool{}
	}
	w.shell(shscan.EmbeddedShared(v.str.String(), v.str.offs, w.path, w.stepPIDs))
}

func (w *walker) shell(res shscan.Result) {
	for _, c := range res.Calls {
		if w.callOut != nil {
			w.callOut(c)
		} else {
			w.calls = append(w.calls, c)
		}
	}
	for _, u := range res.Units {
		w.unit(u)
	}
}

// How a map's command is read (commandPlan).
const (
	readNothing = iota
	readLine    // the command is a command line
	readArgv    // the command (and its args) are an argument vector
)

// commandPlan is what commandEntry does with a map: the values it
// consumes (args nil when it consumes only the command) and how it reads
// them.
type commandPlan struct {
	cmd, args *node
	read      int
}

// planCommand returns the plan of a map with a "command" (a command line,
// or a program with its "args", as in .mcp.json servers, Claude Code
// hooks, VS Code tasks and Compose services); ok is false when the map
// has none that is read so.
func planCommand(m *node) (p commandPlan, ok bool) {
	cmd := m.get("command")
	if cmd == nil || cmd.kind != nStr && cmd.kind != nList || cmd.kind == nList && !allStrings(cmd) {
		return p, false
	}
	p.cmd = cmd
	args := m.get("args")
	if args != nil && args.kind == nList {
		if !allStrings(args) {
			return p, true // the command is consumed, and nothing is read
		}
		p.args = args
	}
	p.read = readArgv
	if cmd.kind == nStr && p.args == nil {
		p.read = readLine
	}
	return p, true
}

// allStrings: every item of the list is a string.
func allStrings(l *node) bool {
	if l.st != nil {
		return !l.st.nonStr
	}
	for _, it := range l.items {
		if it.kind != nStr {
			return false
		}
	}
	return true
}

// commandEntry reads a map's command (planCommand) and returns the
// values it consumed.
func (w *walker) commandEntry(m *node) map[*node]bool {
	p, ok := planCommand(m)
	if !ok {
		return nil
	}
	done := map[*node]bool{p.cmd: true}
	if p.args != nil {
		done[p.args] = true
	}
	w.command(p)
	return done
}

// command reads a command as its plan says.
func (w *walker) command(p commandPlan) {
	switch p.read {
	case readLine:
		w.shell(shscan.Embedded(p.cmd.str.String(), p.cmd.str.offs, w.path))
	case readArgv:
		var words []shscan.Word
		add := func(n *node) {
			words = append(words, shscan.Word{Text: n.str.String(), Offsets: n.str.offs, Literal: true})
		}
		if p.cmd.kind == nList {
			for _, it := range p.cmd.items {
				add(it)
			}
		} else {
			add(p.cmd)
		}
		if p.args != nil {
			for _, it := range p.args.items {
				add(it)
			}
		}
		w.shell(shscan.Argv(words, w.path))
	}
}

// moduleKeys are the keys of an Ansible file task's module; pathKeys
// those of the path it touches.
var (
	moduleKeys = [...]string{"ansible.builtin.file", "ansible.legacy.file", "file"}
	pathKeys   = [...]string{"path", "dest", "name"}
)

// touchOf returns, for an Ansible file task that touches a path
// (ansible.builtin.file: {path: …, state: touch}), the module's key, its
// state and its path; state is nil for any other map.
func touchOf(task *node) (key string, state, file *node) {
	for _, k := range moduleKeys {
		mod := task.get(k)
		if mod == nil || mod.kind != nMap {
			continue
		}
		state := mod.get("state")
		if state == nil || state.kind != nStr || string(state.str.text) != "touch" {
			return "", nil, nil
		}
		for _, pk := range pathKeys {
			if p := mod.get(pk); p != nil && p.kind == nStr {
				return k, state, p
			}
		}
		return "", nil, nil
	}
	return "", nil, nil
}

// fileTouch reads an Ansible file task that touches a path as the touch
// command it is, so that shscan judges the path as it judges
// `touch PATH`: a reload trigger or a watched config is an mtime reload,
// a new file is not.
func (w *walker) fileTouch(task *node) {
	if _, state, p := touchOf(task); state != nil {
		w.shell(shscan.Argv([]shscan.Word{
			{Text: "touch", Offsets: state.str.offs, Literal: true},
			{Text: p.str.String(), Offsets: p.str.offs, Literal: true},
		}, w.path))
	}
}

// text makes units of a string value, with the key path as headings.
func (w *walker) text(s scalar, keys []string) {
	t := strings.TrimSpace(string(s.text))
	if !strings.ContainsAny(t, " \t\n") || rules.LooksRegexp(t) {
		return
	}
	var heads []string
	for _, k := range keys {
		if h := humanize(k); h != "" {
			heads = append(heads, h)
		}
	}
	if !strings.Contains(t, "\n") {
		w.unit(rules.Unit{Kind: rules.StringLit, Text: string(s.text), Offsets: rules.OffsetsOf(s.offs),
			Ctx: rules.Context{Path: w.path, Headings: heads}})
		return
	}
	outer := rules.OffsetsOf(s.offs)
	textscan.ScanEach(s.text, w.path, func(u rules.Unit) {
		u.Offsets = u.Offsets.Through(outer)
		u.Ctx.Headings = append(append([]string(nil), heads...), u.Ctx.Headings...)
		w.unit(u)
	})
}

// humanize turns a key into words: forbidden_recovery_paths and
// forbiddenRecoveryPaths both read "forbidden recovery paths".
func humanize(key string) string {
	var b strings.Builder
	for i := 0; i < len(key); i++ {
		c := key[i]
		switch {
		case c == '_' || c == '-' || c == '.':
			b.WriteByte(' ')
		case c >= 'A' && c <= 'Z' && i > 0 && key[i-1] >= 'a' && key[i-1] <= 'z':
			b.WriteByte(' ')
			b.WriteByte(c + 'a' - 'A')
		default:
			b.WriteByte(c)
		}
	}
	h := strings.Join(strings.Fields(b.String()), " ")
	if h == "" || strings.Trim(h, "0123456789") == "" {
		return ""
	}
	return h
}
