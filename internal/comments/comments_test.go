package comments

import (
	"reflect"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/rules"
)

// lineComments feeds every "#" comment of src to a Grouper, as a lexer
// would, and returns the groups.
func lineComments(src string) []Group {
	g := New(src)
	for i := 0; i < len(src); i++ {
		if src[i] != '#' {
			continue
		}
		end := i
		for end < len(src) && src[end] != '\n' {
			end++
		}
		text := i + 1
		if text < end && src[text] == ' ' {
			text++
		}
		g.Line(i, text, end)
		i = end
	}
	g.Flush()
	return g.Groups()
}

func TestGrouping(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"consecutive lines join", "# one\n# two\nx = 1\n", []string{"one\ntwo"}},
		{"indented lines join", "  # one\n\t# two\n", []string{"one\ntwo"}},
		{"a blank line splits", "# one\n\n# two\n", []string{"one", "two"}},
		{"code between splits", "# one\nx = 1\n# two\n", []string{"one", "two"}},
		{"after code, alone", "x = 1 # trailing\n# next\n", []string{"trailing", "next"}},
		{"CRLF", "# one\r\n# two\r\n", []string{"one\ntwo"}},
		{"blank comments dropped", "#\n#  \n", nil},
		{"no comments", "x = 1\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			groups := lineComments(tt.src)
			var got []string
			for _, c := range groups {
				got = append(got, string(c.Text))
				if c.Offs.Len() != len(c.Text)+1 {
					t.Fatalf("%q: %d offsets for %d bytes", c.Text, c.Offs.Len(), len(c.Text))
				}
				for i := range len(c.Text) {
					if b := tt.src[c.Offs.At(i)]; b != c.Text[i] && !(c.Text[i] == '\n' && strings.ContainsRune("\r\n", rune(b))) {
						t.Errorf("%q: byte %d is %q but the source at %d has %q", c.Text, i, c.Text[i], c.Offs.At(i), b)
					}
				}
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("groups %q, want %q", got, tt.want)
			}
		})
	}
}

func TestAddFlushesFirst(t *testing.T) {
	src := "# one\n/* block */\n"
	g := New(src)
	g.Line(0, 2, 5)
	g.Add(Group{Text: []byte("block"), Offs: rules.IdentityOffsets(9, 6)})
	g.Flush()
	var got []string
	for _, c := range g.Groups() {
		got = append(got, string(c.Text))
	}
	if want := []string{"one", "block"}; !reflect.DeepEqual(got, want) {
		t.Errorf("groups %q, want %q", got, want)
	}
}
