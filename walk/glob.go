package walk

import "strings"

// globResult is the outcome of matching the rest of a pattern against the
// rest of a text. The two abort results let an enclosing star stop trying
// longer spans early, as git's wildmatch does, which keeps the matcher from
// exploring spans that can never match.
type globResult int

const (
	globMatch globResult = iota
	globNoMatch
	// globAbortAll: the text ran out; no outer star can help.
	globAbortAll
	// globAbortToDoubleStar: a single star met a '/'; only an outer "**"
	// may still match by taking more folders.
	globAbortToDoubleStar
)

// glob reports whether text matches pattern with git's wildmatch rules:
// '?' matches one byte, '*' any run of bytes, "[...]" a class (with '!' or
// '^' to negate, ranges, escapes and "[:name:]" classes), and '\' makes the
// next byte literal. With pathname set, '?', '*' and classes never match
// '/', and "**" between slashes (or at either end) matches any number of
// folders.
func glob(pattern, text string, pathname bool) bool {
	return globFrom(pattern, 0, text, 0, pathname) == globMatch
}

func isGlobSpecial(c byte) bool {
	return c == '*' || c == '?' || c == '[' || c == '\\'
}

// globFrom matches pattern[p:] against text[t:].
func globFrom(pattern string, p int, text string, t int, pathname bool) globResult {
	for ; p < len(pattern); p, t = p+1, t+1 {
		pc := pattern[p]
		if t >= len(text) && pc != '*' {
			return globAbortAll
		}
		switch pc {
		case '\\':
			// A trailing backslash has nothing to escape and never matches.
			p++
			if p >= len(pattern) || text[t] != pattern[p] {
				return globNoMatch
			}
		case '?':
			if pathname && text[t] == '/' {
				return globNoMatch
			}
		case '[':
			end, in, ok := matchClass(pattern, p+1, text[t])
			if !ok {
				return globAbortAll
			}
			if !in || (pathname && text[t] == '/') {
				return globNoMatch
			}
			p = end
		case '*':
			return globStar(pattern, p, text, t, pathname)
		default:
			if text[t] != pc {
				return globNoMatch
			}
		}
	}
	if t < len(text) {
		return globNoMatch
	}
	return globMatch
}

// globStar matches the run of stars starting at pattern[p], and all that
// follows it, against text[t:].
func globStar(pattern string, p int, text string, t int, pathname bool) globResult {
	first := p
	for p < len(pattern) && pattern[p] == '*' {
		p++
	}
	crossSlash := !pathname
	if pathname && p-first >= 2 {
		// "**" spans folders only when it stands alone between slashes or
		// at an end of the pattern; elsewhere it acts as a single star.
		alone := (first == 0 || pattern[first-1] == '/') &&
			(p == len(pattern) || pattern[p] == '/' ||
				(pattern[p] == '\\' && p+1 < len(pattern) && pattern[p+1] == '/'))
		if alone {
			// "a/**/b" also matches "a/b": let "**/" match nothing.
			if p < len(pattern) && pattern[p] == '/' &&
				globFrom(pattern, p+1, text, t, pathname) == globMatch {
				return globMatch
			}
			crossSlash = true
		}
	}
	rest := text[t:]
	if p == len(pattern) {
		// A trailing star takes all that is left, unless it may not cross a
		// folder boundary and one is left.
		if !crossSlash && strings.IndexByte(rest, '/') >= 0 {
			return globNoMatch
		}
		return globMatch
	}
	if !crossSlash && pattern[p] == '/' {
		// A single star before a slash takes the rest of this path element.
		i := strings.IndexByte(rest, '/')
		if i < 0 {
			return globNoMatch
		}
		return globFrom(pattern, p+1, text, t+i+1, pathname)
	}
	for t < len(text) {
		if next := pattern[p]; !isGlobSpecial(next) {
			// The star must end right before the next literal byte: skip
			// ahead to it without leaving the path element unless allowed.
			for t < len(text) && text[t] != next && (crossSlash || text[t] != '/') {
				t++
			}
			if t >= len(text) {
				// the byte is nowhere in the rest, nor in the shorter rest
				// an outer star would leave: no outer star can help (without
				// this, "*1*1*1*1M1" against a long run of 1s tried every
				// split, exponential in the stars; FuzzIgnoreRule)
				return globAbortAll
			}
			if text[t] != next {
				return globAbortToDoubleStar // a single star met a '/'
			}
		}
		r := globFrom(pattern, p, text, t, pathname)
		if r != globNoMatch {
			if !crossSlash || r != globAbortToDoubleStar {
				return r
			}
		} else if !crossSlash && text[t] == '/' {
			return globAbortToDoubleStar
		}
		t++
	}
	return globAbortAll
}

// matchClass matches c against the bracket expression whose body starts at
// pattern[p], just after the '['. It returns the index of the closing ']',
// whether c belongs to the class (negation applied), and ok=false when the
// expression is not closed or names an unknown "[:class:]"; git then fails
// the whole match.
func matchClass(pattern string, p int, c byte) (end int, in, ok bool) {
	at := func(i int) byte {
		if i < len(pattern) {
			return pattern[i]
		}
		return 0
	}
	pc := at(p)
	negated := pc == '!' || pc == '^'
	if negated {
		p++
		pc = at(p)
	}
	var prev byte // the previous member, the start of a possible range
	matched := false
	for {
		if pc == 0 {
			return 0, false, false
		}
		switch {
		case pc == '\\':
			p++
			pc = at(p)
			if pc == 0 {
				return 0, false, false
			}
			if c == pc {
				matched = true
			}
		case pc == '-' && prev != 0 && at(p+1) != 0 && at(p+1) != ']':
			p++
			pc = at(p)
			if pc == '\\' {
				p++
				pc = at(p)
				if pc == 0 {
					return 0, false, false
				}
			}
			if c >= prev && c <= pc {
				matched = true
			}
			pc = 0 // a range cannot start another range
		case pc == '[' && at(p+1) == ':':
			start := p + 2
			q := start
			for at(q) != 0 && at(q) != ']' {
				q++
			}
			if at(q) == 0 {
				return 0, false, false
			}
			if q-start < 1 || pattern[q-1] != ':' {
				// No ":]" before the next ']': the '[' is an ordinary member.
				if c == '[' {
					matched = true
				}
				break
			}
			member, known := inNamedClass(pattern[start:q-1], c)
			if !known {
				return 0, false, false
			}
			if member {
				matched = true
			}
			p = q
			pc = 0
		default:
			if c == pc {
				matched = true
			}
		}
		prev = pc
		p++
		pc = at(p)
		if pc == ']' {
			return p, matched != negated, true
		}
	}
}

// inNamedClass reports whether c is in the POSIX class name, using git's
// locale-free ASCII definitions; known is false for an unknown name.
func inNamedClass(name string, c byte) (member, known bool) {
	lower := c >= 'a' && c <= 'z'
	upper := c >= 'A' && c <= 'Z'
	digit := c >= '0' && c <= '9'
	graph := c > ' ' && c < 0x7f
	switch name {
	case "alnum":
		return lower || upper || digit, true
	case "alpha":
		return lower || upper, true
	case "blank":
		return c == ' ' || c == '\t', true
	case "cntrl":
		return c < ' ' || c == 0x7f, true
	case "digit":
		return digit, true
	case "graph":
		return graph, true
	case "lower":
		return lower, true
	case "print":
		return graph || c == ' ', true
	case "punct":
		return graph && !lower && !upper && !digit, true
	case "space":
		return c == ' ' || c == '\t' || c == '\n' || c == '\r', true
	case "upper":
		return upper, true
	case "xdigit":
		return digit || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'), true
	}
	return false, false
}
