package mdscan_test

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/recoverlint/recoverlint/internal/golden"
	"github.com/recoverlint/recoverlint/mdscan"
	"github.com/recoverlint/recoverlint/rules"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// scan is mdscan.Scan for a document that is not costly.
func scan(t testing.TB, src []byte, name string) []rules.Unit {
	t.Helper()
	units, err := mdscan.Scan(src, name)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return units
}

func TestGolden(t *testing.T) {
	golden.Run(t, *update, golden.Stem, func(src []byte, name string) string {
		return golden.DumpUnits(src, name, scan(t, src, name))
	})
}

func TestPositionsGolden(t *testing.T) {
	for _, input := range golden.Inputs(t) {
		src, err := os.ReadFile(input)
		if err != nil {
			t.Fatalf("reading input: %v", err)
		}
		golden.CheckUnits(t, src, input, scan(t, src, input))
	}
}

// fragments are the pieces generated documents are made of: every
// construct the scanner reads, in plain and awkward spellings.
var fragments = []string{
	"plain words here", "# Heading", "## Sub heading ##", "Setext", "===", "---", "- item",
	"* item", "+ item", "1. first", "2) second", "  - nested", "\t- tabbed", "    indented",
	"> quote", ">> deeper", "> - quoted item", "```bash", "```", "~~~", "`code`",
	"``two `ticks``", "`", "*em*", "**strong**", "_u_", "~~gone~~", "[link](http://x)",
	"![img](y)", "<http://auto>", "<!-- note -->", "<!--", "-->", "<div>", "</div>", "\\*",
	"\\", "&amp;", "| a | b |", "|---|---|", "| `x \\| y` | z |", "- [ ] task", "❌ Wrong:",
	"✅ Right", "**Bad:**", "**Don't**: x", "", "", "\r", "\t", "\x00", "\xff\xfe", "   ",
	"#", "-", "1.", "é ü 漢字", "\uFE0F", "  ", "[ref]: http://r", "[ref]",
}

func TestPositionsGenerated(t *testing.T) {
	for seed := range uint64(500) {
		src := golden.Generate(fragments, seed, 60)
		golden.CheckUnits(t, src, "gen.md", scan(t, src, "gen.md"))
	}
}

func TestDeterministic(t *testing.T) {
	src := golden.Generate(fragments, 7, 400)
	first := golden.DumpUnits(src, "gen.md", scan(t, src, "gen.md"))
	for range 3 {
		if again := golden.DumpUnits(src, "gen.md", scan(t, src, "gen.md")); again != first {
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
		{"one paragraph", "just text", []string{"prose just text"}},
		{"soft break", "a\nb\n", []string{"prose a\nb"}},
		{"heading markup dropped", "## Run `make` *now* ##\n", []string{"heading Run make now"}},
		{"setext heading", "Title\n---\n", []string{"heading Title"}},
		{"list item continuation", "- a\n  b\n", []string{"prose a\nb"}},
		{"fenced code", "```sh\nx\n\ny\n```\n", []string{"code x\n\ny"}},
		{"indented code", "    x\n    y\n", []string{"code x\ny"}},
		{"empty fence gives no unit", "```\n```\n", nil},
		{"front matter", "---\na: b\n---\nbody\n", []string{"front-matter a: b", "prose body"}},
		{"empty front matter", "---\n---\nbody\n", []string{"prose body"}},
		{"link keeps its text", "[see here](http://x) now\n", []string{"prose see here now"}},
		{"escape keeps the character", "\\*x\\*\n", []string{"prose *x*"}},
		{"html block", "<!-- a -->\n", []string{"prose <!-- a -->"}},
		{"inline comment after its paragraph", "a <!-- b --> c\n", []string{"prose a  c", "prose <!-- b -->"}},
		{"inline tags dropped", "<kbd>Ctrl</kbd>\n", []string{"prose Ctrl"}},
		{"thematic break gives nothing", "***\n", nil},
		{"reference definition gives nothing", "[a]: http://x\n", nil},
		{"NUL and invalid UTF-8 kept", "a\x00b\xff\n", []string{"prose a\x00b\xff"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			units := scan(t, []byte(tt.src), "x.md")
			var got []string
			for _, u := range units {
				got = append(got, u.Kind.String()+" "+u.Text)
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("got %q, want %q", got, tt.want)
			}
			golden.CheckUnits(t, []byte(tt.src), "x.md", units)
		})
	}
}

// find returns the unit whose text is text.
func find(t *testing.T, units []rules.Unit, text string) rules.Unit {
	t.Helper()
	for _, u := range units {
		if u.Text == text {
			return u
		}
	}
	t.Fatalf("no unit %q among %d units", text, len(units))
	return rules.Unit{}
}

func TestContext(t *testing.T) {
	src := `# A

## B

Never run:

- x
  - y

> q

| Symptom | Fix |
|---|---|
| hangs | wait |

**Bad:**

` + "```Sh extra" + `
z
` + "```" + `

plain

after
`
	units := scan(t, []byte(src), "p.md")
	ab := []string{"A", "B"}
	tests := []struct {
		text string
		want rules.Context
	}{
		{"A", rules.Context{Path: "p.md"}},
		{"B", rules.Context{Path: "p.md", Headings: []string{"A"}}},
		{"x", rules.Context{Path: "p.md", Headings: ab, ListItem: true, LeadIn: "Never run:"}},
		{"y", rules.Context{Path: "p.md", Headings: ab, ListItem: true, LeadIn: "Never run:\nx"}},
		{"q", rules.Context{Path: "p.md", Headings: ab, Quote: true}},
		{"Symptom", rules.Context{Path: "p.md", Headings: ab, Column: "Symptom", Row: []string{"Symptom", "Fix"}, Columns: []string{"Symptom", "Fix"}}},
		{"wait", rules.Context{Path: "p.md", Headings: ab, Column: "Fix", Row: []string{"hangs", "wait"}, Columns: []string{"Symptom", "Fix"}}},
		{"z", rules.Context{Path: "p.md", Headings: ab, Label: "Bad:", Info: "sh", Before: "Bad:"}},
		{"plain", rules.Context{Path: "p.md", Headings: ab}},
		{"after", rules.Context{Path: "p.md", Headings: ab}},
	}
	for _, tt := range tests {
		got := find(t, units, tt.text).Ctx
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
		{"bold label with text", "**Bad:** x\n", []string{"Bad: x => Bad:"}},
		{"colon after bold", "**Don't**: x\n", []string{"Don't: x => Don't:"}},
		{"label carries to the next paragraph only", "**Bad:**\n\nx\n\ny\n", []string{"Bad: => Bad:", "x => Bad:", "y => "}},
		{"label carries into a list and its code", "❌ Wrong:\n\n- x\n\n  ```\n  c\n  ```\n- y\n\nz\n", []string{"❌ Wrong: => ❌ Wrong:", "x => ❌ Wrong:", "c => ❌ Wrong:", "y => ❌ Wrong:", "z => "}},
		{"label carries into a table", "**Bad:**\n\n| a |\n|---|\n| b |\n", []string{"Bad: => Bad:", "a => Bad:", "b => Bad:"}},
		{"heading ends a label", "**Bad:**\n\n# H\n\nx\n", []string{"Bad: => Bad:", "H => ", "x => "}},
		{"thematic break ends a label", "**Bad:**\n\n---\n\nx\n", []string{"Bad: => Bad:", "x => "}},
		{"emoji marker alone", "✅ ask the operator.\n", []string{"✅ ask the operator. => ✅"}},
		{"emoji then bold phrase", "❌ **Wrong:** x\n", []string{"❌ Wrong: x => ❌ Wrong:"}},
		{"bold later is no label", "say **Bad:** x\n", []string{"say Bad: x => "}},
		{"bold sentence is no label", "**never** do that\n", []string{"never do that => "}},
		{"label in a list item", "- **Bad:** x\n- y\n", []string{"Bad: x => Bad:", "y => "}},
		{"code after a labelled paragraph", "**Bad:** like this:\n\n    c\n", []string{"Bad: like this: => Bad:", "c => Bad:"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, u := range scan(t, []byte(tt.src), "l.md") {
				got = append(got, u.Text+" => "+u.Ctx.Label)
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestUnitsShareNoGrowableMemory(t *testing.T) {
	src := []byte("# A\n\n- x\n- y\n\n| a | b |\n|---|---|\n| c | d |\n")
	units := scan(t, src, "s.md")
	for i := range units {
		for _, s := range [][]string{units[i].Ctx.Headings, units[i].Ctx.Row} {
			if cap(s) != len(s) {
				t.Errorf("unit %q: slice %q has spare capacity %d", units[i].Text, s, cap(s)-len(s))
			}
		}
	}
	// Growing one unit's slices must not change another's.
	x, y := find(t, units, "x"), find(t, units, "y")
	_ = append(x.Ctx.Headings, "changed")
	xo := x.Offsets
	xo.Add(-1)
	if y.Offsets.Len() != len(y.Text)+1 || x.Offsets.Len() != len(x.Text)+1 {
		t.Errorf("adding to a copy of x's offsets changed a unit's")
	}
	if y.Ctx.Headings[0] != "A" || len(y.Ctx.Headings) != 1 {
		t.Errorf("y's headings changed: %q", y.Ctx.Headings)
	}
}

// TestCostlyInputs feeds shapes that make goldmark slow; each must come
// back quickly, either with units that map into the source or with
// ErrCostly (the checker then reads it as prompt text).
func TestCostlyInputs(t *testing.T) {
	tests := []struct {
		name   string
		src    string
		costly bool
	}{
		{"deep quotes", strings.Repeat(">", 100_000) + " x\n", true},
		{"deep lists", strings.Repeat("- ", 100_000) + "x\n", true},
		{"deep ordered lists", strings.Repeat("1. ", 100_000) + "x\n", true},
		{"indented nesting", nested(3000), true},
		{"unclosed link destinations", strings.Repeat("[a](", 200_000), true},
		{"unclosed image destinations", strings.Repeat("![a](", 100_000), true},
		{"mixed emphasis", strings.Repeat("*a_b*c_d**e_f*g**h*i_j**", 40_000), true},
		{"reference definitions", strings.Repeat("[a]: b\n", 100_000), true},
		{"escaped backticks", strings.Repeat("\\``", 100_000), true},
		{"brackets", strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000), true},
		{"comments on one line", strings.Repeat("a <!-- b --> ", 100_000), true},
		{"deeply nested emphasis", strings.Repeat("*_", 50_000) + "x" + strings.Repeat("_*", 50_000), true},
		{"nested emphasis within budget", strings.Repeat("*_", 5_000) + "x" + strings.Repeat("_*", 5_000), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			units, err := mdscan.Scan([]byte(tt.src), "big.md")
			if d := time.Since(start); d > 20*time.Second {
				t.Errorf("scan took %v", d)
			}
			if tt.costly {
				if !errors.Is(err, mdscan.ErrCostly) || units != nil {
					t.Fatalf("got %d units, error %v; want ErrCostly", len(units), err)
				}
				secs := mdscan.Sections([]byte(tt.src))
				keep := make([]bool, len(secs))
				for i := range keep {
					keep[i] = true
				}
				if _, err := mdscan.New().ScanSections([]byte(tt.src), "big.md", secs, keep); !errors.Is(err, mdscan.ErrCostly) {
					t.Fatalf("ScanSections: error %v, want ErrCostly", err)
				}
				return
			}
			if err != nil || len(units) == 0 {
				t.Fatalf("got %d units, error %v", len(units), err)
			}
			golden.CheckUnits(t, []byte(tt.src), "big.md", units)
		})
	}
}

// nested returns n list items, each nested in the one before.
func nested(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(strings.Repeat("  ", i))
		b.WriteString("- item\n")
	}
	return b.String()
}

// TestModerateNesting checks that ordinary deep structures are still read
// as Markdown: their context survives.
func TestModerateNesting(t *testing.T) {
	units := scan(t, []byte(strings.Repeat("> ", 50)+"deep\n"), "q.md")
	if len(units) != 1 || !units[0].Ctx.Quote || units[0].Text != "deep" {
		t.Fatalf("got %+v", units)
	}
	units = scan(t, []byte(nested(40)), "l.md")
	last := units[len(units)-1]
	if !last.Ctx.ListItem || strings.Count(last.Ctx.LeadIn, "\n") != 3 {
		t.Fatalf("innermost item: want ListItem and 4 lead-ins, got %+v", last.Ctx)
	}
}

func TestHugeDocument(t *testing.T) {
	if testing.Short() {
		t.Skip("10 MB document")
	}
	src := golden.Prompt(10 << 20)
	start := time.Now()
	units := scan(t, src, "huge.md")
	t.Logf("%d bytes, %d units in %v", len(src), len(units), time.Since(start))
	golden.CheckUnits(t, src, "huge.md", units)
	if n := len(units); n < 1000 {
		t.Fatalf("only %d units", n)
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
		units, err := mdscan.Scan(src, "fuzz.md")
		if err != nil && !errors.Is(err, mdscan.ErrCostly) {
			t.Fatal(err)
		}
		golden.CheckUnits(t, src, "fuzz.md", units)
	})
}

func BenchmarkScan(b *testing.B) {
	src := golden.Prompt(1 << 20)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		scan(b, src, "bench.md")
	}
}

// BenchmarkSmallFiles scans a typical AGENTS.md-sized file, once with a new
// Scanner per file and once reusing one.
func BenchmarkSmallFiles(b *testing.B) {
	src := golden.Prompt(4 << 10)
	b.Run("new", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		for b.Loop() {
			scan(b, src, "AGENTS.md")
		}
	})
	b.Run("reuse", func(b *testing.B) {
		sc := mdscan.New()
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		for b.Loop() {
			_, _ = sc.Scan(src, "AGENTS.md")
		}
	})
}

func TestConcurrentUse(t *testing.T) {
	sc := mdscan.New()
	src := golden.Prompt(64 << 10)
	dump := func() string {
		units, err := sc.Scan(src, "c.md")
		if err != nil {
			return err.Error()
		}
		return golden.DumpUnits(src, "c.md", units)
	}
	want := dump()
	done := make(chan string)
	for range 4 {
		go func() { done <- dump() }()
	}
	for range 4 {
		if got := <-done; got != want {
			t.Errorf("concurrent scan differs:\n%s", golden.Diff(want, got))
		}
	}
}
