package rules_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/goscan"
	"github.com/recoverlint/recoverlint/internal/golden"
	"github.com/recoverlint/recoverlint/mdscan"
	"github.com/recoverlint/recoverlint/rules"
	"github.com/recoverlint/recoverlint/textscan"
)

// devCorpus is the shared dev corpus, when it is beside the project.
const devCorpus = "../../shared/corpus/dev.jsonl"

// doc is one input document of the route and filter tests.
type doc struct{ name, text string }

// testDocs gathers every document the rules are tested with: the rules'
// examples and docs, the txtar cases, the labelled dev corpus when it is
// present beside the project, and generated documents.
func testDocs(t *testing.T) []doc {
	t.Helper()
	var docs []doc
	for _, r := range rules.All {
		for _, set := range [][]string{r.Examples.Recommend, r.Examples.Prohibit, r.Examples.Mention, r.Doc.Bad, r.Doc.Good} {
			for i, s := range set {
				docs = append(docs, doc{fmt.Sprintf("%s-%d.md", r.ID, i), s})
			}
		}
	}
	for _, d := range golden.CaseInputs(t, "testdata/cases") {
		docs = append(docs, doc{d.Name, d.Text})
	}
	if _, err := os.Stat(devCorpus); err == nil {
		for _, d := range golden.CorpusDocs(t, devCorpus) {
			docs = append(docs, doc{d.Name, d.Text})
		}
	}
	r := rand.New(rand.NewPCG(7, 11))
	for i := 0; i < 300; i++ {
		docs = append(docs, doc{fmt.Sprintf("gen%d.md", i), genDoc(r)})
	}
	return docs
}

func unitsOf(d doc) []rules.Unit {
	switch strings.ToLower(filepath.Ext(d.name)) {
	case ".md", ".mdc", ".markdown":
		if units, err := mdscan.Scan([]byte(d.text), d.name); err == nil {
			return units
		}
		// too costly for goldmark: read as prompt text, as check does
	case ".go":
		return goscan.Scan([]byte(d.text), d.name).Units
	}
	return textscan.Scan([]byte(d.text), d.name)
}

// TestRoutesCoverFindings: the route gate in mayHit changes no finding on
// any test document. A failure means a find function reports hits that no
// route in prefilter.go names: add the route.
func TestRoutesCoverFindings(t *testing.T) {
	plain := rules.WithoutRoutes(rules.All)
	sameFindings(t, "with routes   ", func(u rules.Unit) []rules.Finding { return rules.Classify(u, rules.All) },
		"without routes", func(u rules.Unit) []rules.Finding { return rules.Classify(u, plain) })
}

// sameFindings classifies every unit of every test document both ways
// and reports the units where the findings differ; it fails when neither
// way finds anything, since the comparison then says nothing.
func sameFindings(t *testing.T, gotName string, got func(rules.Unit) []rules.Finding, wantName string, want func(rules.Unit) []rules.Finding) {
	t.Helper()
	total := 0
	for _, d := range testDocs(t) {
		for _, u := range unitsOf(d) {
			g, w := got(u), want(u)
			total += len(w)
			if !reflect.DeepEqual(g, w) {
				t.Errorf("%s: unit %q:\n%s %v\n%s %v", d.name, u.Text, gotName, g, wantName, w)
			}
		}
	}
	if total == 0 {
		t.Fatal("no findings at all: the comparison says nothing")
	}
}

// TestRulesOfKeepsFindings: classifying a unit with only the rules
// RulesOf gives it finds what classifying it with every rule finds, on
// every test document; the units carry their context (headings, lead-in,
// the block before), which the near words of a route may stand in.
func TestRulesOfKeepsFindings(t *testing.T) {
	f := rules.MustFilter(rules.All)
	sameFindings(t, "with RulesOf", func(u rules.Unit) []rules.Finding { return rules.Classify(u, f.RulesOf(&u, nil)) },
		"with all    ", func(u rules.Unit) []rules.Finding { return rules.Classify(u, rules.All) })
}

// TestRulesOfReadsNearContext: a rule that needs a fallback context is
// given to a unit only where the cue stands in the unit or next to it (the
// block before, the lead-in, the two headings above), as inFallback reads
// it; the same cue further up the section does not count.
func TestRulesOfReadsNearContext(t *testing.T) {
	f := rules.MustFilter(rules.All)
	for _, c := range []struct {
		name, doc string
		want      bool // the unit with curl takes raw-api-fallback
	}{
		{"cue in the sentence", "When the relay tool fails, curl the endpoint.\n", true},
		{"cue in the heading", "## If the tools are down\n\nCurl the endpoint with the token.\n", true},
		{"cue two headings up", "# Relay\n\n## Fallback when MCP fails\n\n### Steps\n\nCurl the endpoint with the token.\n", true},
		{"cue three headings up", "# Fallback when MCP fails\n\n## Relay\n\n### Steps\n\nCurl the endpoint with the token.\n", false},
		{"cue in the block before", "If the tool is down, call it yourself:\n\n```sh\ncurl -X POST http://localhost:9/x\n```\n", true},
		{"cue paragraphs away", "The relay tool sometimes fails.\n\nIt is written in Go.\n\nCurl the endpoint to read the version.\n", false},
		{"no cue", "Curl the endpoint to read the version.\n", false},
	} {
		units, err := mdscan.Scan([]byte(c.doc), "doc.md")
		if err != nil {
			t.Fatal(err)
		}
		got := false
		for _, u := range units {
			if !strings.Contains(strings.ToLower(u.Text), "curl") {
				continue
			}
			for _, r := range f.RulesOf(&u, nil) {
				got = got || r == rules.RawAPIFallback
			}
		}
		if got != c.want {
			t.Errorf("%s: raw-api-fallback given %v, want %v", c.name, got, c.want)
		}
	}
}

// TestMarksCoverUnits: every route word a unit holds, however its letters
// are split by markup, is found in the raw source near the unit, so a
// file or section the filter passes over holds no unit with a route.
func TestMarksCoverUnits(t *testing.T) {
	f := rules.MustFilter(rules.All)
	docs := testDocs(t)
	r := rand.New(rand.NewPCG(3, 5))
	for i := 0; i < 400; i++ {
		docs = append(docs, doc{fmt.Sprintf("spliced%d.md", i), genSpliced(r)})
		docs = append(docs, doc{fmt.Sprintf("spliced%d.txt", i), genSpliced(r)})
	}
	for _, d := range docs {
		if strings.HasSuffix(d.name, ".go") {
			continue // Go string literals decode escapes: Go files are never filtered
		}
		src := []byte(d.text)
		marks, ok := f.Marks(src, nil)
		if !ok {
			continue // the caller reads such a file whole
		}
		for _, u := range unitsOf(d) {
			want := rules.UnitGroups(f, u.Text)
			if want == 0 {
				continue
			}
			lo := u.Offsets.At(0)
			hi := u.Offsets.At(len(u.Text))
			if k := strings.IndexByte(d.text[min(hi, len(d.text)):], '\n'); k >= 0 {
				hi += k + 1
			} else {
				hi = len(d.text)
			}
			var got uint64
			for _, m := range marks {
				if m.End > lo && m.End <= hi {
					got |= m.Groups
				}
			}
			if want&^got != 0 {
				t.Errorf("%s: unit %q holds groups %b, the source scan found %b near it", d.name, u.Text, want, got)
			}
		}
	}
}

// TestFilterReadsSplicedWords lists spellings the classifier reads as the
// action and the filter must therefore see, and plain words it must not
// take for them.
func TestFilterReadsSplicedWords(t *testing.T) {
	f := rules.MustFilter(rules.All)
	for _, c := range []struct {
		text string
		want bool
	}{
		{"Run `pkill -f server`.", true},
		{"Run pk**ill** now.", true},
		{"Run p\u200bkill now.", true},
		{"Run ｐｋｉｌｌ now.", true},
		{"Run pk''ill now.", true},
		{"Run p\\kill now.", true},
		{"Run ki<b>ll</b> now.", true},
		{"Run [ki](https://example.com/x)ll now.", true},
		{"Run [ki][ref]ll now.\n\n[ref]: /x\n", true},
		{"Run ki<!-- note -->ll now.", true},
		{"Run KILLALL now.", true},
		{"Delete the `terminal.lock` file.", true},
		{"Run `sqlite3 db \"DELETE FROM leases\"`.", true},
		{"Run `sqlite3 db \"DELETE FROM mcp_sessions\"`.", true},
		{"Use the REST\nAPI.", true},
		{"The code block below shows the clock.", false},
		{"Update the documents and delete from the list.", false},
		{"The weather is fine and the garden grows.", false},
		{"Open the skill tree and the killer app.", true}, // "kill" inside words still counts
	} {
		marks, ok := f.Marks([]byte(c.text), nil)
		var g uint64
		for _, m := range marks {
			g |= m.Groups
		}
		got := !ok || g != 0
		if got != c.want {
			t.Errorf("%q: filter says %v, want %v (groups %b)", c.text, got, c.want, g)
		}
	}
}

// TestWantedReadsContext: a route whose rule needs context counts only
// where the section or the headings above hold the words the rule reads.
func TestWantedReadsContext(t *testing.T) {
	f := rules.MustFilter(rules.All)
	for _, c := range []struct {
		heading, text string
		want          bool
	}{
		{"", "Edit `.env` and restart the server.", true},
		{"", "Copy `.env.example` to `.env` during setup.", false},
		{"## If the server is stuck", "Set the token in `.env`.", true},
		{"", "Terminate the build when it is done.", false},
		{"", "Terminate the stale server process.", true},
		{"## Processes", "Terminate it.", true},
		{"", "Update the timestamp of the row.", false},
		{"", "Update the timestamp of `config.toml` so the watcher reloads.", true},
		{"", "Release the spin lock before returning.", false},
		{"", "Delete the stale lock and retry.", true},
		{"", "Update the config in the portal.", false},
		{"", "Update the MCP config after a crash.", true},
		{"", "If the MCP tool fails, curl the API.", true},
		{"", "Use curl to download the archive.", false},
	} {
		src := []byte(c.text)
		marks, ok := f.Marks(src, nil)
		if !ok {
			t.Fatalf("%q: marks uncertain", c.text)
		}
		var g uint64
		for _, m := range marks {
			g |= m.Groups
		}
		above, _ := f.Words([]byte(c.heading), rules.AllWords)
		got := f.Wanted(g, func(need uint64) uint64 {
			w, _ := f.Words(src, need)
			return w
		}, above)
		if got != c.want {
			t.Errorf("%q under %q: wanted %v, want %v", c.text, c.heading, got, c.want)
		}
	}
}

// ---- generated documents ----

var anchorWords = []string{"pkill", "kill", "killall", "taskkill", "terminate", "touch", "mtime",
	".env", "env file", "config.toml", "mcp.json", "settings.json", "config", "terminal.lock",
	"lock file", "heartbeat", "lease", "session file", "state.json", "curl", "wget", "rest api",
	"api call", "python3 -c", "import", "requests.post", "delete from leases", "update sessions set x = 1",
	"re-save", "lastwritetime", "fuser", "nuke", "sigterm", "the api", "control_plane.db"}

var fillerWords = []string{"the", "server", "stale", "block", "clock", "restart", "if", "it", "hangs",
	"run", "never", "fix", "docs", "and", "reconnect", "the", "tool", "fails", "then", "directly",
	"setup", "install", "troubleshooting", "process", "daemon", "error", "error:", "(see", "below)"}

func genDoc(r *rand.Rand) string {
	var b strings.Builder
	for n := r.IntN(12) + 1; n > 0; n-- {
		switch r.IntN(9) {
		case 0:
			fmt.Fprintf(&b, "%s %s\n\n", strings.Repeat("#", r.IntN(4)+1), sentence(r, 4))
		case 1:
			for k := r.IntN(3) + 1; k > 0; k-- {
				fmt.Fprintf(&b, "- %s\n", sentence(r, 8))
			}
			b.WriteString("\n")
		case 2:
			fmt.Fprintf(&b, "```bash\n%s\n%s\n```\n\n", sentence(r, 5), sentence(r, 5))
		case 3:
			fmt.Fprintf(&b, "| a | b |\n|---|---|\n| %s | %s |\n\n", sentence(r, 3), sentence(r, 3))
		case 4:
			fmt.Fprintf(&b, "> %s\n\n", sentence(r, 10))
		case 5:
			fmt.Fprintf(&b, "**Bad:** %s\n\n", sentence(r, 8))
		default:
			fmt.Fprintf(&b, "%s.\n%s.\n\n", sentence(r, 12), sentence(r, 9))
		}
	}
	return b.String()
}

func sentence(r *rand.Rand, n int) string {
	words := make([]string, 0, n)
	for i := 0; i < n; i++ {
		if r.IntN(4) == 0 {
			words = append(words, "`"+anchorWords[r.IntN(len(anchorWords))]+"`")
		} else if r.IntN(3) == 0 {
			words = append(words, anchorWords[r.IntN(len(anchorWords))])
		} else {
			words = append(words, fillerWords[r.IntN(len(fillerWords))])
		}
	}
	return strings.Join(words, " ")
}

// splices are markup, escapes and hidden characters that can sit inside a
// word and vanish from the text the classifier reads.
var splices = []string{"**", "*", "_", "__", "~~", "`", "<b>", "</b>", "<span class=\"x\">", "<!-- c -->",
	"\u200b", "\u00ad", "''", "\\", "[", "]", "](https://example.com/a)", "][r]", "<https://x.y>", "&amp;"}

// genSpliced writes a document whose anchor words are cut by markup.
func genSpliced(r *rand.Rand) string {
	var b strings.Builder
	for n := r.IntN(6) + 1; n > 0; n-- {
		var s strings.Builder
		for k := r.IntN(8) + 2; k > 0; k-- {
			w := anchorWords[r.IntN(len(anchorWords))]
			if r.IntN(2) == 0 {
				w = fillerWords[r.IntN(len(fillerWords))]
			}
			if r.IntN(3) == 0 {
				w = strings.ToUpper(w[:1]) + w[1:]
			}
			if len(w) > 1 && r.IntN(2) == 0 {
				i := 1 + r.IntN(len(w)-1)
				w = w[:i] + splices[r.IntN(len(splices))] + w[i:]
				if r.IntN(3) == 0 {
					j := 1 + r.IntN(len(w)-1)
					w = w[:j] + splices[r.IntN(len(splices))] + w[j:]
				}
			}
			if r.IntN(10) == 0 {
				w = strings.ReplaceAll(w, "o", "о") // Cyrillic o
			}
			s.WriteString(w)
			s.WriteString(" ")
		}
		line := strings.TrimSpace(s.String())
		switch r.IntN(6) {
		case 0:
			fmt.Fprintf(&b, "## %s\n\n", line)
		case 1:
			fmt.Fprintf(&b, "- %s\n- %s\n\n", line, line)
		case 2:
			fmt.Fprintf(&b, "| %s | x |\n|---|---|\n| %s | y |\n\n", line, line)
		case 3:
			fmt.Fprintf(&b, "> %s\n> %s\n\n", line, line)
		default:
			fmt.Fprintf(&b, "%s\n%s\n\n[r]: /ref\n\n", line, line)
		}
	}
	return b.String()
}

func newRand() *rand.Rand { return rand.New(rand.NewPCG(7, 11)) }

// FuzzMarksCoverUnits: in any text, every route word a unit of the
// Markdown or text scanner holds is found in the raw text near it.
func FuzzMarksCoverUnits(f *testing.F) {
	r := rand.New(rand.NewPCG(6, 6))
	for i := 0; i < 20; i++ {
		f.Add(genSpliced(r), i%2 == 0)
	}
	filter := rules.MustFilter(rules.All)
	f.Fuzz(func(t *testing.T, text string, markdown bool) {
		name := "doc.txt"
		if markdown {
			name = "doc.md"
		}
		marks, ok := filter.Marks([]byte(text), nil)
		if !ok {
			return
		}
		for _, u := range unitsOf(doc{name, text}) {
			want := rules.UnitGroups(filter, u.Text)
			if want == 0 {
				continue
			}
			lo, hi := u.Offsets.At(0), u.Offsets.At(len(u.Text))
			if k := strings.IndexByte(text[min(hi, len(text)):], '\n'); k >= 0 {
				hi += k + 1
			} else {
				hi = len(text)
			}
			var got uint64
			for _, m := range marks {
				if m.End > lo && m.End <= hi {
					got |= m.Groups
				}
			}
			if want&^got != 0 {
				t.Fatalf("unit %q holds groups %b, the raw scan found %b near it", u.Text, want, got)
			}
		}
	})
}
