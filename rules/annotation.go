package rules

import (
	"path"
	"strings"
)

// readerCues address the person reading a code comment rather than
// describe the code beside it.
var readerCues = []string{"you", "your", "yourself", "you're", "you'll", "manually", "by hand",
	"operator", "operators", "don't forget", "do not forget", "remember to",
	"before running", "before you run"}

// assureCues address the reader only where the code does not do what
// they ask for. Over code that does it (a "make sure" comment on ending
// the process above the call to proc.terminate()), they say what the
// code makes sure of.
var assureCues = []string{"make sure", "be sure to"}

// describesCode reports whether a hit sits in a code comment that says
// what the code beside or below it does ("// Kill the stale worker" over
// the call, "# helper to kill processes on a port" over the function).
// SPEC (Code): such a comment is a mention, and the code is judged as a
// call, once. A comment still advises its reader when it speaks to them
// ("you", "by hand", "the operator"), or when it names a failure ("if the
// server is wedged, kill it") above code that does not itself carry out
// the action: then it is advice for that failure, not a caption.
func (v *view) describesCode(r *Rule, seg *segment, h hit) bool {
	code := v.u.Ctx.Annotates
	if code == "" || seg.kind != segProse {
		return false // only code scanners set Annotates: comments and docstrings
	}
	text := seg.prose()
	if hasAnyWord(text, readerCues) || hasAnyWord(text, assureCues) && !carriesOut(r, code) {
		return false
	}
	if (v.code(h.start) || inBackticks(v.f.s[seg.start:seg.end], h.start-seg.start, h.end-seg.start)) && runsQuoted(v.f.s[seg.start:h.start]) && !carriesOut(r, code) {
		// "If Prometheus misses an edit, run `touch …/prometheus.yml`"
		// over a volume entry: a command in backticks, given to run, that
		// the code beside it does not run is one for the reader to run;
		// a command quoted alone is an example of what the code handles
		return false
	}
	if hasAnyWord(text, runtimeCues) && !carriesOut(r, code) {
		return false
	}
	return true
}

// runsQuoted: the text before a quoted command ends by giving it to run
// ("run `", "execute `", "use `", "try `").
func runsQuoted(before string) bool {
	before = strings.TrimRight(before, "` ")
	for _, v := range []string{"run", "execute", "use", "try", "type"} {
		if strings.HasSuffix(before, " "+v) || before == v {
			return true
		}
	}
	return false
}

// inBackticks: s[start:end] sits between backticks on its line, as a
// comment that the scanner keeps with its markup quotes a command. s is
// the hit's segment, so a long one-line file is not read per hit.
func inBackticks(s string, start, end int) bool {
	ls := strings.LastIndexByte(s[:start], '\n') + 1
	le := strings.IndexByte(s[end:], '\n')
	if le < 0 {
		le = len(s)
	} else {
		le += end
	}
	return strings.Count(s[ls:start], "`")%2 == 1 && strings.Contains(s[end:le], "`")
}

// captionsOtherMeans: a comment line of a code block says what the command
// under it does. Where that command does not itself do what the comment
// names ("# drop stale locks" over `vault unlock`), the comment describes
// the tool's own command, which SPEC sanctions; the command is judged on
// its own.
func (v *view) captionsOtherMeans(r *Rule, seg *segment) bool {
	if seg.kind != segComment || v.u.Kind != CodeBlock || hasAnyWord(seg.text(), []string{"or", "otherwise", "else"}) {
		return false // "# Kill it or use another port": the command takes the other way
	}
	// the commands under the comment, up to the next comment or blank line
	var cmds []*segment
	comment := seg
	for _, s := range v.segs {
		if s.start < seg.end {
			continue
		}
		if s.kind != segCommand || s.output || strings.TrimSpace(v.f.s[seg.end:s.start]) != "" && strings.Contains(v.f.s[seg.end:s.start], "\n\n") {
			break
		}
		cmds = append(cmds, s)
		seg = s
	}
	toks := comment.tokens()
	for _, p := range paths(comment) {
		// "# edit .env and set SCULPTOR=…" over `which sculptor`: a file
		// that the comment's edit verb takes as its object, and that no
		// command under it touches, is edited by hand; the comment is a
		// step of its own, not a caption ("(read from .env)" edits nothing)
		b := path.Base(p.s)
		if !strings.Contains(b, ".") || b == "." || b == ".." {
			continue
		}
		if k := tokenAt(toks, p.start); k <= 0 || editForms[prevWord(toks, k)] == "" {
			continue
		}
		touched := false
		for _, c := range cmds {
			touched = touched || strings.Contains(c.text(), b)
		}
		if !touched {
			return false
		}
	}
	return otherMeans(r, cmds)
}

// otherMeans: the commands run a program of their own (not a file,
// process or database tool) and the rule finds its action in none of
// them: they reach the end named above them by the tool's own means.
func otherMeans(r *Rule, cmds []*segment) bool {
	if len(cmds) == 0 || !invokesProgram(cmds[0].text()) {
		return false // nothing under it, or content to write ("PORT=4001", a JSON block), not a command
	}
	for _, c := range cmds {
		if p := programOf(c.text()); genericTools[p] || removeCommands[p] || editorCommands[p] {
			return false // a file, process or database tool: it may well do it
		}
	}
	for _, c := range cmds {
		does := false
		if r.mayHit(c) {
			r.find(c, func(hit) { does = true })
		}
		if does {
			return false
		}
	}
	return true
}

// genericTools act on any file, process or database; a comment over them
// names what they do.
var genericTools = set("sed", "tee", "mv", "cp", "kill", "pkill", "killall", "taskkill", "touch", "sqlite3",
	"psql", "mysql", "redis-cli", "truncate", "echo", "printf", "cat", "find", "xargs", "lsof", "fuser",
	"sh", "bash", "zsh", "powershell", "pwsh", "python", "python3", "node", "perl", "jq", "yq", "curl", "wget")

// programOf is the program a command line runs, past sudo and env.
func programOf(line string) string {
	for _, w := range strings.Fields(line) {
		if w == "sudo" || w == "env" || strings.Contains(w, "=") {
			continue
		}
		return strings.ToLower(path.Base(w))
	}
	return ""
}

// invokesProgram: a command line starts with a program's name and an
// argument ("vault unlock"), not an assignment, a key or data.
func invokesProgram(line string) bool {
	f := strings.Fields(line)
	if len(f) < 2 {
		return false
	}
	for _, c := range f[0] {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || c == '/') {
			return false
		}
	}
	return true
}

// carriesOut reports whether code holds one of the rule's action stems
// (kill, touch, lock …): the code does what its comment names. Strings
// with blanks in them are messages, not what the code does: a hint that
// says "run pkill" performs nothing.
//
// A short stem ("end", "sig") must open a word: "recommendInComment" and
// "append" end nothing.
func carriesOut(r *Rule, code string) bool {
	if len(r.stems) == 0 {
		return true
	}
	c := strings.ToLower(withoutMessages(code))
	for _, st := range r.stems {
		if len(st) > 3 {
			if strings.Contains(c, st) {
				return true
			}
			continue
		}
		for at := 0; ; {
			k := strings.Index(c[at:], st)
			if k < 0 {
				break
			}
			k += at
			if k == 0 || !(c[k-1] >= 'a' && c[k-1] <= 'z') {
				return true
			}
			at = k + 1
		}
	}
	return false
}

// withoutMessages blanks out the quoted strings of code that hold a blank.
func withoutMessages(code string) string {
	b := []byte(code)
	for i := 0; i < len(b); i++ {
		q := b[i]
		if q != '"' && q != '\'' && q != '`' {
			continue
		}
		j := i + 1
		for j < len(b) && b[j] != q {
			if b[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(b) {
			break
		}
		if strings.ContainsAny(string(b[i+1:j]), " \t") {
			for k := i + 1; k < j; k++ {
				b[k] = ' '
			}
		}
		i = j
	}
	return string(b)
}

// introducesOtherMeans: the segment is the sentence that closes its
// paragraph with a colon, and the command right after it (Context.After:
// a code block, or a line that is one code span, as command pages give
// them) does what the sentence names by the tool's own means ("Remove
// stale lock files and outdated downloads:" over `brew cleanup`). Like a
// comment over such a command (captionsOtherMeans), the sentence says
// what the command does, and the command is judged on its own.
func (v *view) introducesOtherMeans(r *Rule, seg *segment) bool {
	c := v.u.Ctx
	if r.Needs == Fallback || r == ProcessKill || v.u.Kind != Prose || seg.kind != segProse || c.After == "" || !v.introducesAfter(seg) ||
		hasAnyWord(seg.text(), []string{"or", "otherwise", "else"}) {
		// going around the tools is what a fallback rule finds, and a
		// task manager's own kill still ends the reader's processes
		// ("Kill all tasks:" over `pueue reset`): for these the other
		// means is the action
		return false
	}
	if hasAnyWord(seg.text(), readerCues) {
		return false // "strip the nuls from the session file by hand:"
	}
	cmds := v.afterCommands()
	for _, s := range cmds {
		if !toolSubcommand(s.text()) {
			return false // a script, an interpreter or a generic tool: the sentence says what it is for
		}
	}
	return otherMeans(r, cmds)
}

// toolSubcommand: a command line is a program and its own maintenance
// subcommand ("brew cleanup", "terraform force-unlock 42", "appctl
// sessions prune"): the tool clearing, resetting or unlocking its own
// state, not a script, an interpreter or a shell utility fed a program,
// and not a subcommand that does something else ("appctl crypto
// generate-key" under "create a key and write it into .env").
func toolSubcommand(line string) bool {
	f := strings.Fields(line)
	if len(f) > 0 && f[0] == "sudo" {
		f = f[1:]
	}
	if len(f) < 2 || interpreters[f[0]] || strings.ContainsAny(f[0], "/.=$") {
		return false
	}
	for _, w := range f[1:min(len(f), 3)] {
		if ownMaintenance[w] {
			return true
		}
	}
	return false
}

// ownMaintenance are the subcommands with which tools clear, reset or
// unlock their own state.
var ownMaintenance = set("cleanup", "clean", "prune", "reset", "unlock", "force-unlock", "clear", "purge", "gc",
	"repair", "doctor", "vacuum", "compact", "expire", "logout", "reset-state", "clear-cache")

// interpreters run a program given to them, or a shell's utilities fed
// one: their command line says nothing of a tool's own command.
var interpreters = set("python", "python3", "py", "node", "deno", "bun", "ruby", "perl", "php", "bash", "sh", "zsh",
	"fish", "pwsh", "powershell", "cmd", "jq", "yq", "echo", "printf", "cat", "openssl", "sqlite3", "psql", "mysql",
	"redis-cli", "mongosh", "awk", "xargs", "find", "env", "npx", "uv", "uvx", "pipx", "docker", "kubectl", "ssh",
	"git", "curl", "wget", "http", "xh", "gh", "make", "go", "cargo", "npm", "pnpm", "yarn")

// introducesAfter: the segment is the last sentence of its paragraph and
// ends it with a colon, so it introduces what follows.
func (v *view) introducesAfter(seg *segment) bool {
	return strings.HasSuffix(strings.TrimRight(v.f.s, " *_\n"), ":") && strings.TrimSpace(strings.Trim(v.f.s[seg.end:], "*_")) == ""
}
