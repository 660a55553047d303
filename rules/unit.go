package rules

import (
	"bytes"
	"path"
	"strings"
	"unicode/utf8"
)

// Kind says what a text unit is, so the classifier can read it the way a
// person would: a heading names a step, a code block lists commands, a
// comment or string literal in source code is prose held by a program.
type Kind uint8

const (
	// Prose is running text: a paragraph, a list item's paragraph, a table
	// cell, a block quote's paragraph or a plain prompt file's paragraph.
	Prose Kind = iota
	// Heading is a Markdown heading (ATX or setext).
	Heading
	// CodeBlock is a fenced or indented code block; Text holds its lines.
	CodeBlock
	// Comment is a comment in source code (Go, shell, Python, ...).
	Comment
	// StringLit is the value of a string literal in source code.
	StringLit
	// FrontMatter is a YAML front matter block (.mdc cursor rules).
	FrontMatter
)

var kindNames = [...]string{"prose", "heading", "code", "comment", "string", "front-matter"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// Span is a half-open byte range [Start, End) inside a unit's Text.
type Span struct{ Start, End int }

// Unit is one piece of text that the classifier reads as a whole, with the
// context a reader would use to judge it.
//
// Text is the text as a reader sees it: inline markup removed, the lines of
// a paragraph joined by '\n'. Offsets maps it back to the source: Offsets.At(i)
// is the byte offset in the source of Text[i], and Offsets.At(len(Text)) is
// the offset just past the unit. Every position a finding reports comes from
// Offsets; nothing is ever found by searching the source again.
type Unit struct {
	Kind    Kind
	Text    string
	Offsets Offsets
	// Code lists the inline code spans of a prose unit (`pkill -f x`),
	// as byte ranges of Text without the backticks.
	Code []Span
	Ctx  Context
}

// Context is what surrounds a unit: the things a reader sees around a
// sentence that change what it means.
type Context struct {
	// Headings is the heading path above the unit, outermost first.
	Headings []string
	// LeadIn is the text that introduces the list or code block the unit
	// sits in, such as "Never run:" or "If it hangs, try:".
	LeadIn string
	// Label is the bold or emphasised label that opens the unit's paragraph
	// or a paragraph just above it ("**Bad:**", "❌ Wrong").
	Label string
	// Column is a table cell's column header; Row holds the text of the
	// row's other cells, in order.
	Column string
	Row    []string
	// Columns holds the table's column headers, in the order of Row.
	Columns []string
	// ListItem is true inside a list item; Ordered for a numbered list.
	ListItem bool
	Ordered  bool
	// Task is true in a task-list item with an open box ("- [ ] Rotated
	// the key"): its opening verb names a step to take, in whatever form.
	Task bool
	// Done is true in a task-list item with a ticked box ("- [x] Cleared
	// the lock"): a checklist's record of work done, in a pull request,
	// a changelog or an implementation plan, not a step to take.
	Done bool
	// Quote is true inside a block quote.
	Quote bool
	// Info is a code block's info string ("bash", "console", "go"),
	// empty for indented code blocks and prose.
	Info string
	// Before is the text of the block just before a code block, often the
	// sentence that says what the code is for.
	Before string
	// After is the text of a code block that directly follows the unit
	// (nothing between them), for a code block or a paragraph: the output
	// a block's commands print ("Access is denied", "What if: …"), or the
	// commands a paragraph introduces. Empty otherwise.
	After string
	// Annotates is, for a comment in source code, the code it sits beside
	// or directly above (a statement, a declaration's first lines): such
	// a comment says what that code does. Empty for a comment that stands
	// alone and for every other unit.
	Annotates string
	// Holder is, for a string in source code, the names of the keys,
	// fields and keyword arguments that hold it, outermost first and
	// joined by '.': "fixes.steps" for a string in the steps list of an
	// object in the list under fixes. Empty where nothing names it.
	Holder string
	// Doc is what the whole document says, shared by its units; nil where
	// the unit stands alone.
	Doc *DocFacts
	// Path is the name of the file the unit comes from, as given; rules
	// may read its base name ("CHANGELOG.md", "*_test.go").
	Path string
}

// NewUnit returns a unit whose Text is a verbatim copy of src[start:end],
// with the identity offset map.
func NewUnit(kind Kind, src []byte, start, end int, ctx Context) Unit {
	return Unit{Kind: kind, Text: string(src[start:end]), Offsets: IdentityOffsets(start, end-start+1), Ctx: ctx}
}

// DocFacts holds what a whole document says that a unit's own text may not:
// whether it names MCP anywhere, and whether it names an MCP
// configuration file or table. Each is read on first use, once, so a
// document none of whose units needs it costs nothing. A DocFacts belongs to
// one goroutine, as its document does.
type DocFacts struct {
	src         []byte
	mcp, client int8 // 0 unknown, 1 yes, -1 no
	opening     int8
	toolFails   int8
	pids        map[string]bool
	vars        map[string]string
	created     map[string]bool // base names and folders the page creates (Creates)
}

// NewDoc returns the facts of the document src.
func NewDoc(src []byte) *DocFacts { return &DocFacts{src: src} }

// MCP reports whether the document says MCP anywhere (MentionsMCP):
// there "the server's config entry" is an MCP server's.
func (d *DocFacts) MCP() bool {
	if d == nil {
		return false
	}
	return once(&d.mcp, MentionsMCP, d.src)
}

// Client reports whether the document names an MCP configuration file or
// table anywhere (AboutClients): there "the config" is a client's.
func (d *DocFacts) Client() bool {
	if d == nil {
		return false
	}
	return once(&d.client, AboutClients, d.src)
}

// OpensOnFailure reports whether a document with no heading above its
// first paragraph opens by naming a failure (OpeningFailure): an issue
// thread's question ("it only shows Client closed"), a reply about "the
// error you hit". Its later replies and steps answer that failure, as the
// steps under a Troubleshooting heading do.
func (d *DocFacts) OpensOnFailure() bool {
	if d == nil {
		return false
	}
	return once(&d.opening, OpeningFailure, d.src)
}

// ToolFails reports whether the document opens by saying that a tool or
// MCP server fails (OpeningToolFailure): a workaround page whose
// "**Context:** the vault MCP tool fails for the host" makes each way
// around it that the page gives a fallback for the tools.
func (d *DocFacts) ToolFails() bool {
	if d == nil {
		return false
	}
	return once(&d.toolFails, OpeningToolFailure, d.src)
}

// PIDVars returns the shell variables, lower-cased, that the document
// sets anywhere from $! (the PID of a job it started itself): a page
// that starts a server in one code block may end it in another.
func (d *DocFacts) PIDVars() map[string]bool {
	if d == nil {
		return nil
	}
	if d.pids == nil {
		d.pids = map[string]bool{}
		var lines []string
		for rest, at := d.src, 0; ; {
			k := bytes.Index(rest[at:], []byte("$!"))
			if k < 0 {
				break
			}
			k += at
			start := bytes.LastIndexByte(rest[:k], '\n') + 1
			end := bytes.IndexByte(rest[k:], '\n')
			if end < 0 {
				end = len(rest)
			} else {
				end += k
			}
			lines = append(lines, strings.ToLower(string(rest[start:end])))
			at = end
		}
		pidAssignments(lines, d.pids)
	}
	return d.pids
}

// Creates reports whether the document itself creates the file at path
// p: a line that tells to create, initialize or write it and names it in
// code ("Create `.incident-response/` directory and `state.json`:"), or
// a command that makes it (touch, mkdir -p, a redirection). A workflow
// page that creates its own state file keeps it as its own record.
func (d *DocFacts) Creates(p string) bool {
	if d == nil {
		return false
	}
	if d.created == nil {
		d.created = createdPaths(d.src)
	}
	p = strings.ToLower(strings.Trim(p, "`'\""))
	if !strings.Contains(p, "/") {
		// a bare name is the page's own if the page creates a file so
		// named anywhere
		return d.created["*/"+p] || d.created[p]
	}
	if d.created[strings.TrimPrefix(p, "./")] {
		return true
	}
	for dir := path.Dir(p); dir != "." && dir != "/" && dir != ""; dir = path.Dir(dir) {
		if d.created[strings.TrimPrefix(dir, "./")+"/"] {
			return true
		}
	}
	return false
}

// createdPaths collects the paths of the files and the folders (with a
// trailing slash) that lines of src create, and "*/" and the base name of
// each file created with its folder.
func createdPaths(src []byte) map[string]bool {
	out := map[string]bool{}
	for raw := range bytes.Lines(src) {
		raw = bytes.TrimSuffix(raw, []byte("\n"))
		// most lines create nothing: look at the first word before
		// copying the line
		if createsWord(bytes.TrimLeft(raw, " \t-*>0123456789.)")) {
			createdOnLine(out, string(raw))
		}
	}
	return out
}

// createdOnLine adds to out what one line creates: the code spans of a
// "Create …" line, the operands of touch and mkdir.
func createdOnLine(out map[string]bool, line string) {
	add := func(w string) {
		w = strings.ToLower(strings.Trim(w, "`'\"(),;:"))
		if w == "" || !strings.ContainsAny(w, "./") || strings.ContainsAny(w, " *$<>|") {
			return
		}
		w = strings.TrimPrefix(w, "./")
		out[w] = true // a path as written, a bare name, or a folder ("dir/")
		if !strings.HasSuffix(w, "/") && strings.Contains(w, "/") {
			out["*/"+path.Base(w)] = true // its base name, for a later bare mention
		}
	}
	f := strings.Fields(strings.ToLower(strings.TrimLeft(line, " \t-*>0123456789.)")))
	if len(f) < 2 {
		return
	}
	switch f[0] {
	case "create", "initialize", "initialise":
		// the code spans of the line name what it creates
		for rest := line; ; {
			i := strings.IndexByte(rest, '`')
			if i < 0 {
				break
			}
			j := strings.IndexByte(rest[i+1:], '`')
			if j < 0 {
				break
			}
			add(rest[i+1 : i+1+j])
			rest = rest[i+1+j+1:]
		}
	case "touch":
		for _, w := range f[1:] {
			if !strings.HasPrefix(w, "-") {
				add(w)
			}
		}
	case "mkdir":
		for _, w := range f[1:] {
			if !strings.HasPrefix(w, "-") {
				add(strings.TrimSuffix(w, "/") + "/")
			}
		}
	}
}

// createsWord: b may open with a word createdPaths reads (create,
// initialize, initialise, touch, mkdir), in any case: a cheap test that
// lets through every line whose first field could be one (one opening
// with a non-ASCII byte, which may be a blank strings.Fields skips, too).
func createsWord(b []byte) bool {
	b = bytes.TrimLeft(b, "\t\n\v\f\r ") // the ASCII blanks strings.Fields skips too
	if len(b) > 0 && b[0] >= utf8.RuneSelf {
		return true
	}
	for _, w := range []string{"create", "initialize", "initialise", "touch", "mkdir"} {
		if len(b) > len(w) && bytes.EqualFold(b[:len(w)], []byte(w)) {
			if c := b[len(w)]; !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
				return true
			}
		}
	}
	return false
}

// ShellVars returns the shell variables the document assigns a literal
// value to (NAME=value, export NAME="value"), names and values
// lower-cased as the classifier reads text; the last assignment wins.
func (d *DocFacts) ShellVars() map[string]string {
	if d == nil {
		return nil
	}
	if d.vars == nil {
		d.vars = map[string]string{}
		for rest := d.src; len(rest) > 0; {
			line := rest
			if k := bytes.IndexByte(rest, '\n'); k >= 0 {
				line, rest = rest[:k], rest[k+1:]
			} else {
				rest = nil
			}
			if bytes.IndexByte(line, '=') < 0 || len(line) > 512 {
				continue
			}
			if name, val, ok := shellAssignment(strings.ToLower(strings.TrimSpace(string(line)))); ok {
				d.vars[name] = val
			}
		}
	}
	return d.vars
}

// shellAssignment reads "name=value" (after export, local, readonly or
// declare), the value unquoted; a value with a space outside quotes, a
// command substitution or an arithmetic expression is not read.
func shellAssignment(l string) (string, string, bool) {
	for _, kw := range []string{"export ", "local ", "readonly ", "declare "} {
		l = strings.TrimPrefix(l, kw)
	}
	k := strings.IndexByte(l, '=')
	if k <= 0 {
		return "", "", false
	}
	name, val := l[:k], l[k+1:]
	for i, c := range name {
		if !(c == '_' || c >= 'a' && c <= 'z' || i > 0 && c >= '0' && c <= '9') {
			return "", "", false
		}
	}
	if len(val) >= 2 && (val[0] == '"' && val[len(val)-1] == '"' || val[0] == '\'' && val[len(val)-1] == '\'') {
		val = val[1 : len(val)-1]
	} else if strings.ContainsAny(val, " \t;") {
		return "", "", false
	}
	if val == "" || strings.Contains(val, "$(") || strings.Contains(val, "`") {
		return "", "", false
	}
	return name, val, true
}

// openingBytes is the start of src that a page's opening is read from:
// its first 8 KiB, past front matter.
func openingBytes(src []byte) []byte {
	b := src[:min(len(src), 8<<10)]
	if bytes.HasPrefix(b, []byte("---\n")) || bytes.HasPrefix(b, []byte("---\r\n")) {
		if k := bytes.Index(b[3:], []byte("\n---")); k >= 0 {
			b = b[3+k+4:]
		}
	}
	return b
}

// OpeningFailure reports whether src opens, with no heading first, with a
// paragraph (up to 1 KiB, a block quote's markers left out) that names a
// failure (failureCues, openingFailures). Front matter is skipped. A
// document that opens with a heading has that heading above every unit
// under it already.
func OpeningFailure(src []byte) bool {
	b := openingBytes(src)
	var para []string
	authors := 0
	titled, problem := false, false // a title, a problem heading before the paragraph
	for len(b) > 0 {
		line, rest, _ := bytes.Cut(b, []byte("\n"))
		b = rest
		t := string(bytes.TrimSpace(line))
		if t == "" {
			if len(para) == 1 && authors < 2 && authorLine(para[0]) {
				// "**someone** commented": a thread's byline; its
				// question is the paragraph under it
				para, authors = para[:0], authors+1
				continue
			}
			if len(para) > 0 {
				break
			}
			continue
		}
		if len(para) == 0 && strings.HasPrefix(t, "#") {
			// "# Chat bot setup" then "## Current issue": the page opens
			// on the problem it answers; a title alone opens on its topic
			switch {
			case problemHeading(t):
				problem = true
				continue
			case !titled && !problem && strings.HasPrefix(t, "# "):
				titled = true
				continue
			}
			return false
		}
		if len(para) == 0 && (strings.HasPrefix(t, "```") || strings.HasPrefix(t, "<") || titled && !problem) {
			return false
		}
		para = append(para, strings.TrimLeft(t, "> "))
	}
	p := strings.Join(para, " ")
	if len(p) > 1<<10 {
		p = p[:1<<10]
	}
	// a failure that happens, not a topic: "network errors" in a product's
	// description is what it reports, "it only shows Client closed" is
	// what went wrong
	l := fold(p).s
	for _, c := range failureCues {
		if c != "down" && c != "closed" && containsWord(l, c) {
			return true
		}
	}
	return hasAnyWord(l, openingFailures)
}

// OpeningToolFailure reports whether the first paragraph of src, under at
// most a title, says that a tool or an MCP server fails (toolFailing),
// with a leading label such as "**Context:**" read as part of it.
func OpeningToolFailure(src []byte) bool {
	b := openingBytes(src)
	var para []string
	title := false
	for len(b) > 0 {
		line, rest, _ := bytes.Cut(b, []byte("\n"))
		b = rest
		t := string(bytes.TrimSpace(line))
		switch {
		case t == "" && len(para) > 0:
			b = nil
		case t == "":
		case len(para) == 0 && !title && strings.HasPrefix(t, "# "):
			title = true
		case len(para) == 0 && (strings.HasPrefix(t, "#") || strings.HasPrefix(t, "```") || strings.HasPrefix(t, "<")):
			return false
		default:
			para = append(para, strings.TrimLeft(t, "> "))
		}
	}
	p := strings.Join(para, " ")
	if len(p) > 1<<10 {
		p = p[:1<<10]
	}
	return toolFailing(fold(p).s)
}

// problemHeading: a heading that names the problem a page answers ("##
// Current issue", "## Problem", "### Symptoms"); a page may put it, after
// its title, over the paragraph that states the failure.
func problemHeading(t string) bool {
	switch strings.ToLower(strings.Trim(strings.TrimLeft(t, "#"), " *_:")) {
	case "problem", "the problem", "issue", "the issue", "current issue", "current problem", "symptom", "symptoms", "what's wrong", "what is wrong", "bug":
		return true
	}
	return false
}

// authorLine: the byline an exported issue thread puts over a comment
// ("**octo** commented", "reporter · description", "Alice wrote:").
func authorLine(l string) bool {
	l = strings.ToLower(strings.TrimRight(l, " *_"))
	if strings.Count(l, " ") > 6 {
		return false
	}
	for _, s := range []string{" commented", " wrote:", " replied", "· comment", "· description", "· reply"} {
		if strings.HasSuffix(l, s) {
			return true
		}
	}
	return false
}

// openingFailures are the failures a thread's question opens on beside
// failureCues.
var openingFailures = []string{"won't connect", "will not connect", "doesn't connect", "does not connect",
	"can't connect", "cannot connect", "won't start", "will not start", "not picked up", "never appears",
	"never shows up", "doesn't show up", "does not show up",
	// "down" and "closed" alone also shut down, scroll down and close issues
	"is down", "are down", "went down", "client closed", "connection closed", "transport closed",
	"connection refused", "econnrefused", "connection reset",
	// a credential that stopped working: "the bot token is invalid and
	// the API answers Unauthorized"
	"is invalid", "are invalid", "unauthorized", "has expired", "have expired", "is expired"}

// once answers f(src) through the cache *v (0 unknown, 1 yes, -1 no), so
// a fact of the document is computed at most once.
func once(v *int8, f func([]byte) bool, src []byte) bool {
	if *v == 0 {
		*v = -1
		if f(src) {
			*v = 1
		}
	}
	return *v == 1
}
