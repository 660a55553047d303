package rules

import (
	"slices"
	"strings"
)

// segments splits the unit into sentences (prose) or lines (code blocks).
func (v *view) segments() []*segment {
	if v.u.Kind == CodeBlock {
		return v.codeLines()
	}
	var segs []*segment
	v.eachSentence(func(seg *segment) { segs = append(segs, seg) })
	return segs
}

// eachSentence calls fn with the prose segments of the unit in order, one
// at a time, so that a unit of many sentences never holds them all.
func (v *view) eachSentence(fn func(*segment)) {
	s := v.f.s
	start := 0
	var intro *segment
	add := func(end int) {
		if t := strings.TrimSpace(s[start:end]); t != "" {
			seg := v.newSegment(start, end, segProse)
			seg.intro = intro
			fn(seg)
			intro = nil
			if strings.HasSuffix(t, ":") {
				intro = v.newSegment(start, end, segProse)
			}
		}
		start = end
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if v.code(i) {
			continue
		}
		if i-start >= maxSegment && (c == ' ' || c == '\n' || c == '\t') {
			// no sentence runs this long: a text without sentence ends
			// (a minified page, a generated list) is cut at a space, so
			// that judging a hit costs at most a window, not the unit
			add(i)
			continue
		}
		switch c {
		case '.', '!', '?':
			j := i + 1
			for j < len(s) && (s[j] == '"' || s[j] == '\'' || s[j] == ')' || s[j] == '*' || s[j] == '_' || s[j] == c) {
				j++
			}
			if j < len(s) && s[j] != ' ' && s[j] != '\n' && s[j] != '\t' {
				continue
			}
			if c == '.' && abbreviation(s, i) {
				continue
			}
			add(j)
			i = j - 1
		case '\n':
			if newSentenceAfterBreak(v, i) {
				add(i + 1)
			}
		}
	}
	add(len(s))
}

// maxSegment is the longest a prose segment grows before it is cut at the
// next space without a sentence end. A sentence is judged from its own
// words, so every hit in it costs a scan of the segment; uncut, a unit of
// n bytes with hits all through it and no full stop would cost n².
const maxSegment = 2048

func abbreviation(s string, i int) bool {
	j := i
	for j > 0 && isWordByte(s[j-1]) {
		j--
	}
	w := s[j:i]
	switch w {
	case "e", "g", "i", "etc", "vs", "eg", "ie", "cf", "approx", "no", "fig", "mr", "dr", "st":
		return true
	}
	return len(w) == 1 && w[0] >= 'a' && w[0] <= 'z' && j > 0 && s[j-1] == '.'
}

// newSentenceAfterBreak: a line break ends a sentence when the line before
// ends with a colon or the next line opens like a new sentence or item.
func newSentenceAfterBreak(v *view, i int) bool {
	s := v.f.s
	p := strings.TrimRight(s[:i], " \t")
	if p == "" {
		return false
	}
	last := p[len(p)-1]
	if last == ':' {
		return true
	}
	if last == ',' || last == '(' || last == '-' || last == '/' {
		return false
	}
	// next line's first character in the original text
	j := i + 1
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	if j >= len(s) {
		return false
	}
	switch s[j] {
	case '-', '*', '+', '>', '|', '#':
		return true
	}
	orig := v.u.Text[v.f.back.At(j)]
	return orig >= 'A' && orig <= 'Z' && !needsComplement(lastWordOf(p))
}

// needsComplement: a word no sentence ends on, since it asks for the word
// after it: a determiner or possessive ("the", "your", "the platform's"),
// a preposition or a conjunction. A line that ends on one goes on in the
// next, whatever its first letter ("call the platform's\nAPI directly").
func needsComplement(w string) bool {
	return strings.HasSuffix(w, "'s") || strings.HasSuffix(w, "’s") || complementWords[w]
}

var complementWords = set("the", "a", "an", "your", "its", "their", "our", "my", "this", "that", "these", "those",
	"to", "of", "in", "on", "for", "with", "from", "into", "by", "at", "via", "through", "and", "or", "but", "nor")

// lastWordOf returns the last word of the folded line p.
func lastWordOf(p string) string {
	k := len(p)
	for k > 0 && (isWordByte(p[k-1]) || p[k-1] == '\'' || p[k-1] >= 0x80) {
		k--
	}
	return p[k:]
}

// tableRow: a line of a pipe table ("| Linux | kill(-pgid, SIGTERM) |"),
// drawn in a preformatted block: cells that name things, not a command.
// A shell pipeline never opens with '|'.
func tableRow(trim string) bool {
	return len(trim) > 2 && trim[0] == '|' && trim[len(trim)-1] == '|'
}

func (v *view) newSegment(start, end int, kind segKind) *segment {
	return &segment{v: v, start: start, end: end, kind: kind, label: -1}
}

// codeLines splits a code block into lines, joining shell line
// continuations, and reads comment labels and console prompts.
func (v *view) codeLines() []*segment {
	s := v.f.s
	var segs []*segment
	prompt := v.u.Ctx.Info == "console" || v.u.Ctx.Info == "shell-session" || v.u.Ctx.Info == "terminal"
	// a block of a command's output, as reference pages label it, or as
	// the sentence over it says ("The health check displays results in
	// tables:", "You should see:")
	printed := v.u.Ctx.Info == "output" || printedLead(lastLine(v.u.Ctx.Before))
	if !prompt && (strings.HasPrefix(s, "$ ") || strings.Contains(s, "\n$ ")) {
		prompt = true
	}
	label := -1
	caption := ""
	rows := false // the lines since a column rule ("----  -----"): rows of printed output
	python := v.u.Ctx.Info == "python" || v.u.Ctx.Info == "py" || v.u.Ctx.Info == "python3"
	prevLine := "" // the last line that was not blank
	shellBlock := shellInfos[v.u.Ctx.Info]
	docQuote := "" // the quotes of the docstring being read, "" outside one
	for start := 0; start < len(s); {
		end := start
		for end < len(s) {
			nl := strings.IndexByte(s[end:], '\n')
			if nl < 0 {
				end = len(s)
				break
			}
			e := end + nl
			if strings.HasSuffix(strings.TrimRight(s[start:e], " \t\r"), "\\") {
				end = e + 1 // continuation: the next line belongs to this command
				continue
			}
			if shellBlock && end == start {
				if c := quoteCloses(s, start); c > e {
					end = c // a quoted string over lines: echo "a:\n  b: 1" >> config.yaml
					break
				}
			}
			end = e
			break
		}
		line := s[start:end]
		trim := strings.TrimSpace(line)
		next := end + 1
		if trim == "" {
			rows = false
			start = next
			continue
		}
		if python && (docQuote != "" || docstringOpens(prevLine, trim)) {
			// a docstring: what the function above it does (SPEC, Code)
			q := docQuote
			if q == "" {
				q = trim[:3]
				if rest := trim[3:]; !strings.Contains(rest, q) {
					docQuote = q
				}
			} else if strings.Contains(trim, q) {
				docQuote = ""
			}
			seg := v.newSegment(start, end, segProse)
			seg.doc, seg.label = true, label
			segs = append(segs, seg)
			prevLine = trim
			start = next
			continue
		}
		prevLine = trim
		if isCommentLine(trim, v.u.Ctx.Info) {
			seg := v.newSegment(start, end, segComment)
			seg.label = label
			segs = append(segs, seg)
			body := strings.TrimLeft(trim, "#/-;:rem <>")
			switch {
			case commentBanLabel(body):
				label = int(Prohibit)
			case commentGoodLabel(body):
				label = int(Recommend)
			}
			caption = trim
			start = next
			continue
		}
		kind := segCommand
		// a trailing comment says what the command does ("shipctl logs
		// # stream logs"): the command's own shape decides
		shape, tc := trim, trailingComment(line)
		if tc >= 0 {
			if c := strings.TrimSpace(line[:tc]); c != "" {
				shape = c
			}
		}
		if looksProse(shape) || dataFormats[v.u.Ctx.Info] {
			// data (JSON, YAML, TOML …) holds strings, not commands: read them as text
			kind = segProse
		}
		seg := v.newSegment(start, end, kind)
		seg.label = label
		seg.caption = caption
		if prompt {
			seg.output = !isPromptLine(trim)
		}
		if rows || printed || logLine(trim) || tableRow(trim) {
			seg.output = true
		}
		seg.printed = printed && kind == segProse
		if columnRule(trim) {
			rows = true
		}
		if kind == segCommand && tc >= 0 {
			seg.trailing = line[tc:]
			seg.end = start + tc
			seg.toks = tokenize(s, start, start+tc, v.code)
		}
		segs = append(segs, seg)
		start = next
	}
	return segs
}

// shellInfos are the info strings of blocks read as shell, where a
// quote left open at a line's end goes on over the next lines.
var shellInfos = set("", "bash", "sh", "shell", "zsh", "console", "shell-session", "terminal")

// maxQuotedLines bounds how far a quote opened on a line may run: a
// stray apostrophe ("don't") must not join the rest of a block.
const maxQuotedLines = 12

// quoteCloses: where the command line that opens at start ends when a
// quote opened on it closes on a later line — the end of the line that
// closes it — or -1: no quote open at the first line's end, a comment
// line, or none closing within maxQuotedLines.
func quoteCloses(s string, start int) int {
	if t := strings.TrimSpace(s[start:min(len(s), start+2)]); strings.HasPrefix(t, "#") {
		return -1
	}
	var q byte
	lines := 0
	for i := start; i < len(s); {
		switch c := s[i]; {
		case c == '\n':
			if q == 0 {
				return -1 // the first line closed its quotes: nothing to join
			}
			if lines++; lines > maxQuotedLines {
				return -1
			}
		case q == 0 && c == '#' && (i == start || s[i-1] == ' ' || s[i-1] == '\t'):
			return -1 // a comment to the line's end
		}
		was := q
		if q, i = quoteStep(s, i, q); was != 0 && q == 0 && lines > 0 {
			if nl := strings.IndexByte(s[i:], '\n'); nl >= 0 {
				return i + nl
			}
			return len(s)
		}
	}
	return -1
}

// quoteStep reads the byte at s[i] under the shell quote q that is open
// (0 for none) and returns the quote open after it and the next offset:
// a quote opens and closes, and inside double quotes a backslash escapes
// the byte after it.
func quoteStep(s string, i int, q byte) (byte, int) {
	switch c := s[i]; {
	case q == 0 && (c == '"' || c == '\''):
		return c, i + 1
	case q == '"' && c == '\\':
		return q, i + 2
	case q != 0 && c == q:
		return 0, i + 1
	}
	return q, i + 1
}

// logLine: a line a program logged, not one to type: it opens with a
// bracketed tag ("[relay-wrapper] Terminated orphaned process: 1234";
// the shell's test command has a space after its "[") or a date
// ("2024-05-01 12:00:01 INFO Killed worker 77").
func logLine(t string) bool {
	if len(t) > 3 && t[0] == '[' && t[1] != ' ' {
		k := strings.IndexByte(t, ']')
		sp := strings.IndexByte(t, ' ')
		return k > 1 && (sp < 0 || k < sp) && k+1 < len(t) && t[k+1] == ' '
	}
	return len(t) > 10 && t[4] == '-' && t[7] == '-' && isDigits(t[:4]) && isDigits(t[5:7]) && isDigits(t[8:10])
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// columnRule: a line of dash runs under column names, as PowerShell and
// many tools print a table ("Name  MemberType  Definition" over
// "----  ----------  ----------"). The lines below it, to a blank line,
// are the table's rows.
func columnRule(t string) bool {
	runs := 0
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case '-':
			if i == 0 || t[i-1] == ' ' {
				runs++
			}
		case ' ':
		default:
			return false
		}
	}
	return runs >= 2
}

func isCommentLine(t, info string) bool {
	switch {
	case strings.HasPrefix(t, "#!"):
		return false
	case strings.HasPrefix(t, "#"), strings.HasPrefix(t, "//"), strings.HasPrefix(t, "<#"):
		return true
	case strings.HasPrefix(t, "-- ") && (info == "sql" || info == "lua"):
		return true
	case strings.HasPrefix(t, "rem "), strings.HasPrefix(t, ":: "):
		return true
	}
	return false
}

func isPromptLine(t string) bool {
	return strings.HasPrefix(t, "$ ") || strings.HasPrefix(t, "> ") || strings.HasPrefix(t, "ps>") ||
		strings.HasPrefix(t, "ps ") && strings.Contains(t, "> ") || strings.HasPrefix(t, "c:\\") ||
		strings.HasPrefix(t, "# ") || strings.HasPrefix(t, "% ")
}

func commentBanLabel(body string) bool {
	b := strings.TrimSpace(body)
	if strings.HasPrefix(b, "❌") || strings.HasPrefix(b, "⛔") || strings.HasPrefix(b, "🚫") {
		return true
	}
	toks := tokenize(b, 0, len(b), func(int) bool { return false })
	for i, t := range toks {
		if i > 2 {
			break
		}
		if !t.word {
			continue
		}
		switch t.s {
		case "never", "don't", "dont", "bad", "wrong", "avoid", "forbidden", "danger", "dangerous", "incorrect", "not":
			return true
		case "do":
			return wordAt(toks, i+1) == "not"
		}
		break
	}
	return false
}

func commentGoodLabel(body string) bool {
	b := strings.TrimSpace(body)
	if strings.HasPrefix(b, "✅") || strings.HasPrefix(b, "✔") || strings.HasPrefix(b, "👍") {
		return true
	}
	l := strings.ToLower(b)
	for _, p := range []string{"good", "correct", "safe", "safer", "do this", "instead", "recommended", "better", "right"} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return false
}

// trailingComment returns the offset of a shell comment that follows a
// command on the same line, or -1.
func trailingComment(line string) int {
	at := -1
	eachUnquoted(line, func(i int) bool {
		if line[i] == '#' && i > 0 && (line[i-1] == ' ' || line[i-1] == '\t') {
			at = i
			return false
		}
		return true
	})
	return at
}

// eachUnquoted calls fn with the offset of each byte of the shell text
// outside single and double quotes (the quotes themselves excluded),
// until fn returns false.
func eachUnquoted(t string, fn func(i int) bool) {
	var q byte
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case q != 0:
			if c == q {
				q = 0
			}
		case c == '\'' || c == '"':
			q = c
		default:
			if !fn(i) {
				return
			}
		}
	}
}

// commandWords open a line of shell, PowerShell or a similar language.
var commandWords = set("pkill", "kill", "killall", "taskkill", "rm", "touch", "curl", "wget", "sudo",
	"echo", "cat", "sed", "cp", "mv", "nano", "vim", "vi", "code", "ps", "lsof", "pgrep", "grep",
	"git", "npm", "npx", "node", "python", "python3", "go", "docker", "docker-compose", "systemctl",
	"fuser", "stop-process", "get-process", "remove-item", "get-item", "if", "then", "fi", "for",
	"do", "done", "export", "cd", "mkdir", "ls", "jq", "sqlite3", "alias", "nohup", "while",
	"unset", "source", "chmod", "chown", "xargs", "tail", "head", "wsl", "bash", "sh", "zsh",
	"pwsh", "powershell", "claude", "codex", "busybox", "command", "exec", "printf", "tee",
	"set-content", "out-file", "add-content", "clear-content", "copy-item", "move-item", "del", "erase", "rmdir", "pip", "uv", "uvx", "yarn", "pnpm",
	"make", "brew", "apt", "apt-get", "kubectl", "launchctl", "service", "open", "else",
	"elif", "case", "esac", "return", "exit", "sleep", "wait", "timeout", "env", "http",
	"httpie", "nc", "unlink", "truncate", "install", "ln", "find", "pidof", "netstat", "ss",
	"write-host", "start-process", "get-content", "set-item", "new-item", "function", "local",
	"import", "from", "def", "let", "const", "var", "await", "os", "subprocess", "pid",
	"import-module", "wmic", "tasklist", "sc", "net", "reg", "xkill", "skill", "launchctl")

// printedLead: the sentence that introduces a code block says the block
// is what a program printed or shows: it ends with a colon and names
// printing or seeing ("The check displays results in tables:", "You
// should see:", "The output looks like this:").
func printedLead(l string) bool {
	t := strings.TrimRight(strings.TrimSpace(fold(l).s), "*_ ")
	if !strings.HasSuffix(t, ":") {
		return false
	}
	return hasAnyWord(t, []string{"displays", "prints", "outputs", "you should see", "you will see", "you'll see",
		"output looks like", "output will look like", "output should look like", "the output is", "sample output",
		"example output", "expected output", "it returns", "it prints", "responds with"})
}

// docstringOpens: the line after a def or class line opens with triple
// quotes: a docstring.
func docstringOpens(prev, line string) bool {
	if !strings.HasSuffix(prev, ":") || !(strings.HasPrefix(prev, "def ") || strings.HasPrefix(prev, "async def ") || strings.HasPrefix(prev, "class ")) {
		return false
	}
	return strings.HasPrefix(line, `"""`) || strings.HasPrefix(line, "'''")
}

// looksProse reports whether a line inside a code block reads as a
// sentence rather than a command: plain-text blocks often hold numbered
// steps ("3. Remove from DISABLED_TOOLS in .env").
func looksProse(t string) bool {
	// the box-drawing runes all start with 0xE2: most lines have none
	drawn := strings.IndexByte(t, 0xE2) >= 0 && strings.ContainsAny(t, "├└│─┬┼→")
	if strings.HasPrefix(t, "./") || strings.HasPrefix(t, "../") || strings.HasPrefix(t, "~/") {
		return false // a program run by its path ("./sync/memory_sync.sh init"), not a numbered line
	}
	t = strings.TrimLeft(t, "├└│─┬┼-*•·+>0123456789.) \t")
	if t == "" {
		return false
	}
	if t[0] == '$' || t[0] == '[' || t[0] == '{' || t[0] == '"' || t[0] == '\'' || t[0] == '(' || t[0] == '`' {
		return false
	}
	i := 0
	for i < len(t) && (isWordByte(t[i]) || t[i] == '-' || t[i] == '.' || t[i] == '_') {
		i++
	}
	w := t[:i]
	if commandWords[w] || strings.ContainsAny(w, "./_") {
		return false
	}
	if i < len(t) && (t[i] == '=' || t[i] == '(' || t[i] == '.') {
		return false
	}
	if strings.Contains(t, " | ") || strings.Contains(t, "&&") || strings.Contains(t, " = ") || strings.HasSuffix(t, ";") || strings.HasSuffix(t, "{") {
		return false
	}
	// a program not known by name, with shell syntax after it: a flag, a
	// quoted argument, a variable ("ssh box \"pkill -f vite\"", "stackctl
	// exec --all")
	fs := strings.Fields(t)
	if programName(fs[0]) && len(fs) <= 12 && !strings.HasSuffix(t, ".") {
		for _, f := range fs[1:] {
			if len(f) > 1 && (f[0] == '-' && (isWordByte(f[1]) || f[1] == '-') || f[0] == '"' || f[0] == '\'' || f[0] == '$') {
				return false
			}
		}
		// a short line of bare words is a program and its subcommand
		// ("shipctl logs", "vault list locks"); a sentence has more
		// words or stop words, a diagram its box lines and brackets
		if len(fs) <= 4 && !drawn && !strings.ContainsAny(t, "()") && !slices.ContainsFunc(fs[1:], proseWord) {
			return false
		}
	}
	return len(fs) >= 2
}

// proseWord: a word that a sentence has and a command line seldom does.
func proseWord(w string) bool {
	switch strings.Trim(w, ",.:;!?") {
	case "the", "a", "an", "to", "and", "or", "of", "is", "are", "it", "this", "that", "then", "you", "your", "if", "with", "for", "in", "on":
		return true
	}
	return false
}

// programName: a word shaped like a program's name: lower-case letters,
// digits, '-' and '_'.
func programName(w string) bool {
	if w == "" || !(w[0] >= 'a' && w[0] <= 'z') {
		return false
	}
	for i := 0; i < len(w); i++ {
		if c := w[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// dataFormats are code block languages whose lines are data, not commands.
var dataFormats = set("json", "jsonc", "json5", "yaml", "yml", "toml", "ini", "xml", "csv", "tsv", "html", "env", "dotenv", "properties")
