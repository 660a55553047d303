package textscan_test

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/internal/golden"
	"github.com/recoverlint/recoverlint/rules"
	"github.com/recoverlint/recoverlint/textscan"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func TestGolden(t *testing.T) {
	golden.Run(t, *update, golden.Stem, func(src []byte, name string) string {
		return golden.DumpUnits(src, name, textscan.Scan(src, name))
	})
}

func TestPositionsGolden(t *testing.T) {
	for _, input := range golden.Inputs(t) {
		src, err := os.ReadFile(input)
		if err != nil {
			t.Fatalf("reading input: %v", err)
		}
		golden.CheckUnits(t, src, input, textscan.Scan(src, input))
	}
}

// fragments are the pieces generated documents are made of: every
// construct the scanner knows, in plain and awkward spellings.
var fragments = []string{
	"plain words here", "# Heading", "## Sub heading ##", "- item", "* item", "+ item",
	"1. first", "2) second", "  - nested", "\t- tabbed", "    deeper text", "```bash",
	"```", "~~~", "~~~~ go", "---", "...", "`code`", "``two `ticks``", "`", "❌ Wrong:",
	"✅ Right", "**Bad:**", "**Don't**: x", "__x__", "", "", "\r", "\t", "\x00", "\xff\xfe",
	"   ", "#", "-", "1.", "é ü 漢字", "\uFE0F", "> quote",
}

func TestPositionsGenerated(t *testing.T) {
	for seed := range uint64(200) {
		src := golden.Generate(fragments, seed, 60)
		golden.CheckUnits(t, src, "gen.txt", textscan.Scan(src, "gen.txt"))
	}
}

func TestDeterministic(t *testing.T) {
	src := golden.Generate(fragments, 7, 400)
	first := golden.DumpUnits(src, "gen.txt", textscan.Scan(src, "gen.txt"))
	for range 3 {
		if again := golden.DumpUnits(src, "gen.txt", textscan.Scan(src, "gen.txt")); again != first {
			t.Fatalf("second scan differs:\n%s", golden.Diff(first, again))
		}
	}
}

func TestScanKinds(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string // "kind text" of every unit
	}{
		{"empty", "", nil},
		{"blank lines only", "\n\n \t\n", nil},
		{"one line without newline", "just text", []string{"prose just text"}},
		{"paragraphs split by a blank line", "a\nb\n\nc\n", []string{"prose a\nb", "prose c"}},
		{"heading markers dropped", "## Recovery ##\n", []string{"heading Recovery"}},
		{"hash without blank is text", "#tag\n", []string{"prose #tag"}},
		{"list markers dropped", "- a\n* b\n+ c\n1. d\n2) e\n", []string{"prose a", "prose b", "prose c", "prose d", "prose e"}},
		{"continuation joins its item", "- a\n  b\nc\n", []string{"prose a\nb", "prose c"}},
		{"fence keeps its lines", "```sh\nx\n\ny\n```\n", []string{"code x\n\ny"}},
		{"empty fence gives no unit", "```\n```\n", nil},
		{"front matter", "---\na: b\n---\nbody\n", []string{"front-matter a: b", "prose body"}},
		{"empty front matter", "---\n---\nbody\n", []string{"prose body"}},
		{"unclosed front matter is text", "---\na: b\n", []string{"prose ---\na: b"}},
		{"backticks dropped", "run `make` now\n", []string{"prose run make now"}},
		{"NUL and invalid UTF-8 kept", "a\x00b\xff\n", []string{"prose a\x00b\xff"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			units := textscan.Scan([]byte(tt.src), "x.txt")
			var got []string
			for _, u := range units {
				got = append(got, u.Kind.String()+" "+u.Text)
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("got %q, want %q", got, tt.want)
			}
			golden.CheckUnits(t, []byte(tt.src), "x.txt", units)
		})
	}
}

func TestContext(t *testing.T) {
	src := "# A\n## B\nNever run:\n- x\n  - y\n\n**Bad:**\n\n```Sh extra\nz\n```\n\nplain\n\nafter\n"
	units := textscan.Scan([]byte(src), "p.txt")
	find := func(text string) rules.Unit {
		t.Helper()
		for _, u := range units {
			if u.Text == text {
				return u
			}
		}
		t.Fatalf("no unit %q in %v", text, units)
		return rules.Unit{}
	}
	tests := []struct {
		text string
		want rules.Context
	}{
		{"A", rules.Context{Path: "p.txt"}},
		{"B", rules.Context{Path: "p.txt", Headings: []string{"A"}}},
		{"x", rules.Context{Path: "p.txt", Headings: []string{"A", "B"}, ListItem: true, LeadIn: "Never run:"}},
		{"y", rules.Context{Path: "p.txt", Headings: []string{"A", "B"}, ListItem: true, LeadIn: "Never run:\nx"}},
		{"z", rules.Context{Path: "p.txt", Headings: []string{"A", "B"}, Label: "Bad:", Info: "sh", Before: "**Bad:**"}},
		{"plain", rules.Context{Path: "p.txt", Headings: []string{"A", "B"}}},
		{"after", rules.Context{Path: "p.txt", Headings: []string{"A", "B"}}},
	}
	for _, tt := range tests {
		got := find(tt.text).Ctx
		if fmt.Sprintf("%#v", got) != fmt.Sprintf("%#v", tt.want) {
			t.Errorf("%q: context\n got %#v\nwant %#v", tt.text, got, tt.want)
		}
	}
}

func TestLabels(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string // "text => label" of every unit
	}{
		{"bold label with text", "**Bad:** x\n", []string{"**Bad:** x => Bad:"}},
		{"colon after bold", "**Don't**: x\n", []string{"**Don't**: x => Don't:"}},
		{"label carries to the next paragraph only", "**Bad:**\n\nx\n\ny\n", []string{"**Bad:** => Bad:", "x => Bad:", "y => "}},
		{"label carries into a list", "❌ Wrong:\n\n- x\n- y\n\nz\n", []string{"❌ Wrong: => ❌ Wrong:", "x => ❌ Wrong:", "y => ❌ Wrong:", "z => "}},
		{"heading ends a label", "**Bad:**\n\n# H\n\nx\n", []string{"**Bad:** => Bad:", "H => ", "x => "}},
		{"emoji marker alone", "✅ ask the operator.\n", []string{"✅ ask the operator. => ✅"}},
		{"emoji with variation selector", "⚠️ Careful: x\n", []string{"⚠️ Careful: x => ⚠️ Careful:"}},
		{"bold sentence is no label", "**never** do that\n", []string{"**never** do that => "}},
		{"long bold is no label", "**" + strings.Repeat("w", 90) + "**\n", []string{"**" + strings.Repeat("w", 90) + "** => "}},
		{"unclosed bold", "**Bad: x\n", []string{"**Bad: x => "}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, u := range textscan.Scan([]byte(tt.src), "l.txt") {
				got = append(got, u.Text+" => "+u.Ctx.Label)
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func FuzzScan(f *testing.F) {
	for _, input := range golden.Inputs(f) {
		src, err := os.ReadFile(input)
		if err != nil {
			f.Fatalf("reading input: %v", err)
		}
		f.Add(src)
	}
	f.Add(golden.Generate(fragments, 1, 30))
	f.Fuzz(func(t *testing.T, src []byte) {
		golden.CheckUnits(t, src, "fuzz.txt", textscan.Scan(src, "fuzz.txt"))
	})
}

func BenchmarkScan(b *testing.B) {
	src := golden.Prompt(1 << 20)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		textscan.Scan(src, "bench.txt")
	}
}

// TestLongParagraphInPieces: a paragraph past rules.MaxPiece is passed on
// in pieces of whole sentences, each a unit at most MaxPiece long with
// exact positions, and the pieces are the paragraph; the units around it
// are those of a short paragraph.
func TestLongParagraphInPieces(t *testing.T) {
	const sentence = "If it hangs, run `pkill -f srv` now. "
	n := 2*rules.MaxPiece/len(sentence) + 5
	long := strings.Repeat(sentence, n)
	src := []byte("# Recovery\n\n" + long + "\n\nAfter it.\n")
	units := textscan.Scan(src, "long.txt")
	golden.CheckUnits(t, src, "long.txt", units)
	if len(units) < 4 {
		t.Fatalf("%d units", len(units))
	}
	if units[0].Text != "Recovery" {
		t.Fatalf("first unit %q, want the heading", units[0].Text)
	}
	var joined strings.Builder
	for _, u := range units[1 : len(units)-1] {
		if len(u.Text) > rules.MaxPiece {
			t.Errorf("a unit of %d bytes, past MaxPiece", len(u.Text))
		}
		if !strings.HasSuffix(strings.TrimSpace(u.Text), ".") {
			t.Errorf("a piece ends %q, not at a sentence end", u.Text[len(u.Text)-10:])
		}
		if len(u.Ctx.Headings) != 1 || u.Ctx.Headings[0] != "Recovery" {
			t.Errorf("a piece's headings are %q", u.Ctx.Headings)
		}
		joined.WriteString(u.Text)
	}
	want := strings.ReplaceAll(long, "`", "")
	if got := joined.String(); strings.TrimSpace(got) != strings.TrimSpace(want) {
		t.Errorf("the pieces hold %d bytes, the paragraph %d", len(got), len(want))
	}
	if last := units[len(units)-1]; last.Text != "After it." {
		t.Errorf("the unit after the paragraph is %q", last.Text)
	}
}
