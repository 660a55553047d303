package markup_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/internal/markup"
)

// TestEnds: where each stretch that renders as nothing may end, given as
// the text after each end; none past a blank line; uncertain (and the
// ends then unread) when the candidates are too many or too far.
func TestEnds(t *testing.T) {
	for _, c := range []struct {
		src   string // the opener is the first ']' or '<'
		opens bool
		after []string // the text after each end
		ok    bool
	}{
		{"[ki](x)ll", true, []string{"ll"}, true},
		{"[ki](a(b)c)ll", true, []string{"ll"}, true},              // balanced parentheses
		{"[ki](a\\)b)ll", true, []string{"ll"}, true},              // an escaped parenthesis
		{"[ki]( x )ll", true, []string{"ll"}, true},                // blanks around the destination
		{`[ki](x "t)" y)ll`, true, []string{`" y)ll`, "ll"}, true}, // a title: every ')' may end it
		{"[ki](<x>)ll", true, []string{"ll"}, true},                // an angle-bracket destination
		{"[ki](x\n\n)ll", true, nil, true},                         // a blank line ends the search
		{"[ki][ref]ll", true, []string{"ll"}, true},
		{"[ki][r\\]f]ll", true, []string{"f]ll", "ll"}, true},
		{"ki<b>ll", true, []string{"ll"}, true},
		{"ki</b>ll", true, []string{"ll"}, true},
		{`ki<a title=">">ll`, true, []string{"ll"}, true}, // '>' in a quoted value
		{"ki<!-- a > b -->ll", true, []string{"ll"}, true},
		{"ki<?x ?>ll", true, []string{"ll"}, true},
		{"ki<![CDATA[a>]]>ll", true, []string{"ll"}, true},
		{"ki<b\n\nll>", true, nil, true},
		{"ki<b<i>ll", true, nil, true},                               // no tag holds an unquoted '<'
		{`ki<a title="<">ll`, true, []string{"ll"}, true},            // '<' in a quoted value
		{`ki<a "x>y">ll`, true, []string{`y">ll`}, true},             // a quote not after '=' opens no value
		{"ki<a" + strings.Repeat("<a", 3000) + ">", true, nil, true}, // certain at the next '<', far from the limit
		{"ki<b" + strings.Repeat("x", 5000) + ">", true, nil, false}, // too far
		{"ki<b" + strings.Repeat("x", 100), true, nil, true},         // the text ends first
		{"[ki](x (" + strings.Repeat(")", 40), true, nil, false},     // too many candidates
		{"a < b", false, nil, true},
		{"a]b", false, nil, true},
		{"a<", false, nil, true},
	} {
		i := strings.IndexAny(c.src, "]<")
		var ends [32]int
		n, opens, ok := markup.Ends([]byte(c.src), i, ends[:])
		var after []string
		for _, e := range ends[:n] {
			after = append(after, c.src[e:])
		}
		if !ok {
			after = nil // the ends found so far mean nothing
		}
		if opens != c.opens || ok != c.ok || !slices.Equal(after, c.after) {
			t.Errorf("%.40q: opens %v ok %v, ends before %q; want %v %v %q", c.src, opens, ok, after, c.opens, c.ok, c.after)
		}
	}
	for i := 0; i < len(markup.Openers); i++ {
		if !strings.Contains(markup.Removable, markup.Openers[i:i+1]) {
			t.Errorf("opener %q is not removable: the text after it would not be read both ways", markup.Openers[i])
		}
	}
}
