package rules

import (
	"path"
	"strings"
)

// readerCues address the person reading a code comment rather than
// describe the code beside it.
var readerCues = []string{"you", "your", "yourself", "you're", "you'll", "manually", "by hand",
	"operator", "operators", "don't forget", "do not forget", "remember to", "make sure", "be sure to",
	"before running", "before you run"}

// describesCode reports whether a hit sits in a code comment that says
// what the code beside or below it does ("// Kill the stale worker" over
// the call, "# helper to kill processes on a port" over the function).
// SPEC (Code): such a comment is a mention, and the code is judged as a
// call, once. A comment still advises its reader when it speaks to them
// ("you", "by hand", "the operator"), or when it names a failure ("if the
// server is wedged, kill it") above code that does not itself carry out
// the action: then it is advice for that failure, not a caption.
func (v *view) describesCode(r *Rule, seg *segment) bool {
	code := v.u.Ctx.Annotates
	if code == "" || seg.kind != segProse {
		return false // only code scanners set Annotates: comments and docstrings
	}
	text := seg.prose()
	if hasAnyWord(text, readerCues) {
		return false
	}
	if hasAnyWord(text, runtimeCues) && !carriesOut(r, code) {
		return false
	}
	return true
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
