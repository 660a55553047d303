package mdscan_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/mdscan"
	"github.com/recoverlint/recoverlint/rules"
)

// sectionStarts returns the start offsets of the sections of src.
func sectionStarts(src string) []int {
	var out []int
	for _, s := range mdscan.Sections([]byte(src)) {
		out = append(out, s.Start)
	}
	return out
}

func TestSectionBoundaries(t *testing.T) {
	for _, c := range []struct {
		name string
		src  string
		want []int
	}{
		{"plain", "# A\n\ntext\n\n## B\n\nmore\n", []int{0, 11}},
		{"no blank before", "# A\ntext\n## B\n", []int{0}},
		{"fence hides heading", "# A\n\n```\n\n# not\n```\n\n## B\n", []int{0, 21}},
		{"tilde fence", "~~~\n\n# not\n~~~~\n\n# B\n", []int{0, 17}},
		{"unclosed fence", "# A\n\n```\n\n# not\n", []int{0}},
		// the heading closes the list and its fence; the second fence line
		// then opens a top-level fence that hides "# B"
		{"indented fence reopens", "- item\n\n  ```\n\n# maybe\n  ```\n\n# B\n", []int{0}},
		{"indented fence closes", "- item\n\n  ```\n  x\n  ```\n\n# B\n", []int{0, 25}},
		{"steps with code", "1. Run:\n\n   ```bash\n   x\n   ```\n\n2. Done.\n\n## B\n", []int{0, 43}},
		{"closer outside the item opens a fence", "- a\n\n  ```\n ```\n\n# B\n", []int{0}},
		{"html comment", "<!--\n\n# not\n-->\n\n# B\n", []int{0, 17}},
		{"one-line comment", "<!-- c -->\n\n# B\n", []int{0, 12}},
		{"html block ends at blank", "<div>\n\n# B\n", []int{0, 7}},
		{"script block", "<script>\n\n# not\n</script>\n\n# B\n", []int{0, 27}},
		{"indented code", "    # code\n\n# B\n", []int{0, 12}},
		{"seven hashes", "text\n\n####### x\n", []int{0}},
		{"hash without space", "text\n\n#tag\n", []int{0}},
		{"front matter", "---\ntitle: x\n---\n# A\n\n# B\n", []int{0, 17, 22}},
		{"list then heading", "- a\n\n  b\n\n# B\n", []int{0, 10}},
	} {
		if got := sectionStarts(c.src); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: sections at %v, want %v", c.name, got, c.want)
		}
	}
}

// TestScanSectionsMatchesScan: for any choice of sections, the units
// ScanSections returns inside the chosen sections are exactly those Scan
// returns there.
func TestScanSectionsMatchesScan(t *testing.T) {
	var docs []string
	files, _ := filepath.Glob("testdata/*.md*")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, string(b))
	}
	r := rand.New(rand.NewPCG(1, 9))
	for i := 0; i < 500; i++ {
		docs = append(docs, genSectioned(r))
	}
	sc := mdscan.New()
	compared := 0
	for di, d := range docs {
		src := []byte(d)
		all := scan(t, src, "doc.md")
		secs := mdscan.Sections(src)
		for trial := 0; trial < 4; trial++ {
			keep := make([]bool, len(secs))
			for i := range keep {
				keep[i] = r.IntN(3) == 0
			}
			got := scanSections(t, sc, src, secs, keep)
			want := inKept(all, secs, keep)
			have := inKept(got, secs, keep)
			if !reflect.DeepEqual(have, want) {
				t.Fatalf("doc %d keep %v:\n%s\nwant %s\ngot  %s", di, keep, d, dumpUnits(want), dumpUnits(have))
			}
			compared += len(want)
		}
	}
	if compared < 1000 {
		t.Fatalf("only %d units compared", compared)
	}
}

func inKept(units []rules.Unit, secs []mdscan.Section, keep []bool) []rules.Unit {
	var out []rules.Unit
	for _, u := range units {
		at := u.Offsets.At(0)
		for i, s := range secs {
			if at >= s.Start && at < s.End && keep[i] {
				out = append(out, u)
			}
		}
	}
	return out
}

func dumpUnits(us []rules.Unit) string {
	var b strings.Builder
	for _, u := range us {
		fmt.Fprintf(&b, "\n  %v %q @%d %+v", u.Kind, u.Text, u.Offsets.At(0), u.Ctx)
	}
	return b.String()
}

var blocks = []string{
	"# Title %d\n", "## Section %d\n", "### Deeper %d\n", "Setext %d\n===\n", "Under %d\n---\n",
	"Plain paragraph %d with **bold** and `code` and [a link][ref].\n",
	"**Bad:**\n", "❌ Wrong %d\n", "- item %d\n- item two\n  - nested\n",
	"1. step %d\n\n   ```bash\n   pkill -f x\n   ```\n",
	"```\n# not a heading %d\n\n```\n", "~~~\n\n# hidden %d\n", "    # indented %d\n",
	"> quote %d\n> # quoted heading\n", "<!--\n\n# in comment %d\n-->\n", "<!-- one line %d -->\n",
	"<div>\n# in html %d\n</div>\n", "<custom-tag>\n", "<script>\n\n# in script\n</script>\n",
	"| a | b |\n|---|---|\n| %d | y |\n", "[ref]: https://example.com/%d\n", "Text with <b>inline</b> html %d.\n",
	"---\n", "  ```\n", " ```\n", "```go\ncode %d\n```\n", "- a\n\n  # heading in item %d\n",
	"- b %d\n\n  ```\n  # comment\n  ```\n", "   <!-- indented %d\n", "    ```\n",
}

// genSectioned writes a document of random blocks, mostly separated by
// blank lines, often opening with front matter.
func genSectioned(r *rand.Rand) string {
	var b strings.Builder
	if r.IntN(4) == 0 {
		b.WriteString("---\ndescription: x\n---\n")
	}
	for n := r.IntN(14) + 2; n > 0; n-- {
		blk := blocks[r.IntN(len(blocks))]
		if strings.Contains(blk, "%d") {
			blk = fmt.Sprintf(blk, r.IntN(100))
		}
		b.WriteString(blk)
		if r.IntN(5) != 0 {
			b.WriteString("\n")
		}
	}
	return b.String()
}

// scanSections is ScanSections for a document that is not costly.
func scanSections(t testing.TB, sc *mdscan.Scanner, src []byte, secs []mdscan.Section, keep []bool) []rules.Unit {
	t.Helper()
	units, err := sc.ScanSections(src, "doc.md", secs, keep)
	if err != nil {
		t.Fatal(err)
	}
	return units
}

// FuzzScanSections: for any document and any choice of sections,
// ScanSections returns inside them the units Scan returns there.
func FuzzScanSections(f *testing.F) {
	r := rand.New(rand.NewPCG(4, 4))
	for i := 0; i < 20; i++ {
		f.Add(genSectioned(r), uint64(i))
	}
	sc := mdscan.New()
	f.Fuzz(func(t *testing.T, doc string, mask uint64) {
		src := []byte(doc)
		secs := mdscan.Sections(src)
		if secs[0].Start != 0 || secs[len(secs)-1].End != len(src) {
			t.Fatalf("sections do not tile the document: %+v", secs)
		}
		keep := make([]bool, len(secs))
		for i := range keep {
			keep[i] = mask&(1<<(uint(i)%64)) != 0
		}
		all, err := sc.Scan(src, "doc.md")
		part, errSections := sc.ScanSections(src, "doc.md", secs, keep)
		if err != errSections {
			t.Fatalf("Scan: %v, ScanSections: %v", err, errSections)
		}
		want, got := inKept(all, secs, keep), inKept(part, secs, keep)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("keep %v:\nwant %s\ngot  %s", keep, dumpUnits(want), dumpUnits(got))
		}
	})
}

// TestSectionRefs: a section that may define link references is marked,
// and a reference defined in a section not kept still resolves in one
// that is.
func TestSectionRefs(t *testing.T) {
	for _, c := range []struct {
		name string
		src  string
		refs []bool
	}{
		{"definition below", "# A\n\nSee [the guide][g].\n\n# B\n\n[g]: https://example.com/g\n", []bool{false, true}},
		{"definition above", "[g]: https://example.com/g\n\n# A\n\nSee [the guide][g].\n", []bool{true, false}},
		{"colon in text only", "# A\n\nNo references here: none.\n\n# B\n\ntext [x] : y\n", []bool{false, false}},
		{"in a later line of a section", "# A\n\ntext\nmore\n[g]: /x\n\n# B\n\n]: at line start\n", []bool{true, true}},
	} {
		src := []byte(c.src)
		secs := mdscan.Sections(src)
		var refs []bool
		for _, s := range secs {
			refs = append(refs, s.Refs)
		}
		if !reflect.DeepEqual(refs, c.refs) {
			t.Errorf("%s: Refs %v, want %v", c.name, refs, c.refs)
			continue
		}
		for k := range secs {
			keep := make([]bool, len(secs))
			keep[k] = true
			want := inKept(scan(t, src, "doc.md"), secs, keep)
			got := inKept(scanSections(t, mdscan.New(), src, secs, keep), secs, keep)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s, section %d kept:\nwant %s\ngot  %s", c.name, k, dumpUnits(want), dumpUnits(got))
			}
		}
	}
}
