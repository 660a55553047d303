package rules

import "strings"

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

// carriesOut reports whether code holds one of the rule's action stems
// (kill, touch, lock …): the code does what its comment names. Strings
// with blanks in them are messages, not what the code does: a hint that
// says "run pkill" performs nothing.
func carriesOut(r *Rule, code string) bool {
	return len(r.stems) == 0 || containsAny(strings.ToLower(withoutMessages(code)), r.stems)
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
