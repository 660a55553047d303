package comments

import "strings"

// maxAnnotated bounds the code lines read below a comment: enough for a
// statement or a function's opening, little enough to stay local.
const maxAnnotated = 8

// maxBeside bounds the code read on a comment's own line, before and
// after it: a one-line file of many comments would otherwise copy its
// whole line for each of them, time and memory by the square of its
// length.
const maxBeside = 512

// Annotated returns the code a source comment sits beside or directly
// above, or "" when it stands alone. first is the source offset of the
// comment's first text byte, end the offset just past its last.
//
// A comment with code before it on its line annotates that code; one
// whose next line is code (not blank, not another comment) annotates the
// lines from there to the next blank line, at most maxAnnotated of them.
// A comment above a Go package clause is the package's documentation and
// annotates nothing. SPEC (Code): such a comment says what its own code
// does and is a mention; the code is judged on its own.
//
// It reads only the comment's line and the lines after it, so calling it
// for every comment of a file stays linear.
func Annotated[S ~string | ~[]byte](src S, first, end int) string {
	if first < 0 || end > len(src) || first > end {
		return ""
	}
	ls := first
	for ls > 0 && src[ls-1] != '\n' && first-ls < maxBeside {
		ls--
	}
	if code := beforeMarker(string(src[ls:first])); code != "" {
		return code
	}
	// a block comment's closing marker may stand on a line of its own
	k := end
	for k < len(src) && (src[k] == ' ' || src[k] == '\t' || src[k] == '\r' || src[k] == '\n') {
		k++
	}
	if k+1 < len(src) && src[k] == '*' && src[k+1] == '/' {
		end = k + 2
	}
	le := lineEnd(src[:min(len(src), end+maxBeside)], end)
	if rest := strings.TrimSpace(string(src[end:le])); rest != "" && !isCommentStart(rest) {
		return rest
	}
	if le < len(src) && src[le] != '\n' {
		return "" // more comments on a long line: the lines below are far away
	}
	var lines []string
	for i := le + 1; i < len(src) && len(lines) < maxAnnotated; {
		j := lineEnd(src, i)
		line := strings.TrimSpace(string(src[i:j]))
		if line == "" || len(lines) == 0 && (isCommentStart(line) || strings.HasPrefix(line, "package ")) {
			break
		}
		lines = append(lines, line)
		i = j + 1
	}
	return strings.Join(lines, "\n")
}

func lineEnd[S ~string | ~[]byte](src S, i int) int {
	for i < len(src) && src[i] != '\n' {
		i++
	}
	return i
}

// beforeMarker returns the code before a comment's marker on its line:
// the prefix up to the text, less blanks and marker characters.
func beforeMarker(prefix string) string {
	p := strings.TrimRight(prefix, " \t")
	p = strings.TrimRight(p, "#/*;-!")
	return strings.TrimSpace(p)
}

func isCommentStart(line string) bool {
	for _, m := range [...]string{"#", "//", "/*", "*", "<!--", "--", `"""`, "'''"} {
		if strings.HasPrefix(line, m) {
			return true
		}
	}
	return false
}
