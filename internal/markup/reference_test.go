package markup

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// The byte-at-a-time readers Ends had before its windows were searched
// with IndexByte and Index: the reference the fast paths must agree with.

func refEnds(src []byte, i int, ends []int) (n int, opens, ok bool) {
	to := len(src)
	switch {
	case src[i] == ']' && i+1 < to && src[i+1] == '(':
		if e, ok1 := targetEnd(src, i+1, to); ok1 {
			ends[0] = e
			return 1, true, true
		}
		n, ok = refClosers(src, i+1, to, ')', &oddInTarget, ends)
	case src[i] == ']' && i+1 < to && src[i+1] == '[':
		// a label cannot hold an unescaped bracket: only an escape
		// makes its end uncertain
		n, ok = refClosers(src, i+1, to, ']', &oddInLabel, ends)
	case src[i] == '<' && i+1 < to && (isLetter(src[i+1]) || src[i+1] == '/' || src[i+1] == '?' || src[i+1] == '!'):
		n, ok = refHTMLEnd(src, i, to, ends)
	default:
		return 0, false, true
	}
	return n, true, ok
}

func refClosers(src []byte, open, to int, close byte, odd *[256]bool, ends []int) (int, bool) {
	n := 0
	simple := true
	limit := min(to, open+maxEndSearch)
	for j := open + 1; j < limit; j++ {
		c := src[j]
		if c == close {
			if n == len(ends) {
				return n, false
			}
			ends[n] = j + 1
			n++
			if simple {
				return n, true
			}
			continue
		}
		if c == '\n' && blankLineAt(src, j+1, to) {
			return n, true
		}
		if simple && odd[c] {
			simple = false
		}
	}
	return n, limit == to
}

func refHTMLEnd(src []byte, i, to int, ends []int) (int, bool) {
	limit := min(to, i+maxEndSearch)
	term := ">"
	switch {
	case hasPrefixAt(src, i, "<!--"):
		term = "-->"
	case hasPrefixAt(src, i, "<?"):
		term = "?>"
	case hasPrefixAt(src, i, "<![CDATA["):
		term = "]]>"
	}
	var quote byte
	for j := i + 2; j < limit; j++ {
		c := src[j]
		if c == '\n' && blankLineAt(src, j+1, to) {
			return 0, true
		}
		if term == ">" {
			switch {
			case quote != 0:
				if c == quote {
					quote = 0
				}
				continue
			case (c == '"' || c == '\'') && afterEquals(src, i, j):
				quote = c // an attribute's quoted value
				continue
			case c == '<':
				// a tag holds no '<' outside a quoted value: the text
				// from i is no tag, and each '<' is read at most once
				// (a page of "<a<a<a…" stays linear)
				return 0, true
			}
		}
		if c == term[len(term)-1] && j+1 >= i+len(term) && string(src[j+1-len(term):j+1]) == term {
			ends[0] = j + 1
			return 1, true
		}
	}
	return 0, limit == to
}

// TestEndsMatchReference: Ends gives what the byte-at-a-time reference
// gives, at every opener of random texts built from markup bytes, short
// and longer than maxEndSearch.
func TestEndsMatchReference(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	const alphabet = "]]((()[<<>!!--?x \n\n\\\"'=aCDAT"
	for n := 0; n < 3000; n++ {
		size := 1 + r.IntN(200)
		if n%100 == 0 {
			size = maxEndSearch + r.IntN(2*maxEndSearch)
		}
		b := make([]byte, size)
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		if n%100 == 0 && size > 10 {
			copy(b, "<!--") // an unclosed comment over a long window
		}
		checkAgainstReference(t, b)
	}
}

func checkAgainstReference(t *testing.T, b []byte) {
	t.Helper()
	for i := range b {
		if b[i] != ']' && b[i] != '<' {
			continue
		}
		got, want := make([]int, 4), make([]int, 4)
		n, opens, ok := Ends(b, i, got)
		rn, ropens, rok := refEnds(b, i, want)
		if n != rn || opens != ropens || ok != rok || !slices.Equal(got[:n], want[:rn]) {
			t.Fatalf("Ends(%q, %d) = %d %v %v %v, reference %d %v %v %v", b, i, n, opens, ok, got[:n], rn, ropens, rok, want[:rn])
		}
	}
}

func FuzzEndsMatchReference(f *testing.F) {
	for _, s := range []string{"[a](b)", "x](y (z", "<!-- a -->", "<?x?>", "<![CDATA[a]]>", "<a href='>'>", "]\n\n(", "<!-->"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) { checkAgainstReference(t, b) })
}
