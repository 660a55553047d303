package check_test

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/mdscan"
	"github.com/recoverlint/recoverlint/rules"
	"github.com/recoverlint/recoverlint/textscan"
)

// fullPath is a configuration that makes Source parse and classify every
// unit: the prefilter cannot read a rule given by a regular expression,
// and this one never matches.
func fullPath(t testing.TB) check.Config {
	never, err := rules.NewRule(rules.Spec{ID: "never-matches", Patterns: []string{"\x00never\x00"}})
	if err != nil {
		t.Fatal(err)
	}
	return check.Config{Extra: []*rules.Rule{never}}
}

type testDoc struct{ name, text string }

// filterDocs gathers every document the project tests its rules with, and
// generated documents that mix sections, recovery and setup headings,
// bans, code and every rule's words.
func filterDocs(t *testing.T) []testDoc {
	var docs []testDoc
	for _, r := range rules.All {
		for _, set := range [][]string{r.Examples.Recommend, r.Examples.Prohibit, r.Examples.Mention, r.Doc.Bad, r.Doc.Good} {
			for i, s := range set {
				docs = append(docs, testDoc{fmt.Sprintf("%s-%d.md", r.ID, i), s})
			}
		}
	}
	for _, d := range txtarInputs(t) {
		docs = append(docs, testDoc{d.Name, d.Text})
	}
	if haveDevCorpus() {
		for _, d := range jsonlDocs(t, devCorpus) {
			docs = append(docs, testDoc{d.Name, d.Text})
		}
	}
	r := rand.New(rand.NewPCG(5, 8))
	for i := 0; i < 400; i++ {
		name := fmt.Sprintf("gen%d.md", i)
		if i%5 == 0 {
			name = fmt.Sprintf("gen%d.txt", i)
		}
		docs = append(docs, testDoc{name, genSections(r)})
	}
	return docs
}

// TestFilteredSourceMatchesFull: skipping files and sections before
// parsing changes no finding, on every test document.
func TestFilteredSourceMatchesFull(t *testing.T) {
	full := fullPath(t)
	c := check.NewChecker()
	found := 0
	for _, d := range filterDocs(t) {
		want, werr := c.Source(d.name, []byte(d.text), full)
		got, gerr := c.Source(d.name, []byte(d.text), check.Config{})
		found += len(want)
		if !reflect.DeepEqual(got, want) || (werr == nil) != (gerr == nil) {
			t.Errorf("%s: filtered\n%v\nfull\n%v\n%s", d.name, got, want, d.text)
		}
	}
	if found < 100 {
		t.Fatalf("only %d findings in all documents: the comparison says little", found)
	}
}

var sectionParts = []string{
	"# Guide\n\nThis guide explains how the service is configured.\n",
	"## Setup\n\nAdd the server to `~/.codex/config.toml` and set `TOKEN` in `.env`.\n",
	"## Troubleshooting\n\nIf the tools fail, edit `~/.cursor/mcp.json` and restart.\n",
	"## If it hangs\n\n```bash\npkill -f gitea-mcp\nrm ~/.gitea-mcp/terminal.lock\n```\n",
	"## Forbidden recovery paths\n\n- `kill -9` on the daemon\n- `touch ~/.codex/config.toml`\n",
	"### Stale sessions\n\nDelete the stale lock file and retry.\n",
	"## API\n\nIf the MCP tool fails, curl the API directly with your token.\n",
	"## Locks\n\nA spin lock protects the queue; never clear the lock by hand.\n",
	"Terminate the stale server process before reconnecting.\n",
	"The driver may terminate the request when the timestamp changes.\n",
	"Update the config and bump the mtime so the watcher reloads it.\n",
	"Re-save `.mcp.json` without changes to force a reload.\n",
	"| step | command |\n|---|---|\n| 1 | `killall node` |\n| 2 | `curl http://x/api` |\n",
	"> **Bad:** `sqlite3 state.db \"DELETE FROM leases\"`\n",
	"1. Run:\n\n   ```powershell\n   Stop-Process -Name x\n   ```\n\n2. Done.\n",
	"<!-- a comment about pkill -->\n",
	"Setext heading about recovery\n===\n\nFix it: `sed -i s/a/b/ .env`.\n",
	"[the API][ref] is documented elsewhere.\n\n[ref]: https://example.com/api\n",
	"Plain prose about nothing in particular, long enough to be a paragraph.\n",
	"## Error handling\n\nWhen the transport is closed, import `gitea_mcp_server` and call it.\n",
	"```\n# Kill the stale process\nlsof -ti :9000 | xargs kill -9\n```\n",
	"## Processes\n\nIf it hangs, terminate it.\n",
	"Terminate the build when it is done.\n",
	"Release the spin lock, then delete the lock if it is stale.\n",
	"Update the timestamp of `settings.json` so the watcher picks up the change.\n",
	"## Restarting\n\nUpdate the MCP config and reload the window.\n",
	"Update the config in the portal.\n",
	"If Claude Code loses the server, edit the configuration and restart.\n",
	"`touch -m ~/.cursor/mcp.json`\n",
	"Save the file again without changes to force the config to reload.\n",
	"Remove `C:\\Users\\me\\.gitea-mcp\\lock` and retry.\n",
	"Run `os.utime(\"config.toml\")` to reload.\n",
	"Touch the screen to open the menu.\n",
	"## Stuck\n\nTouch `~/.codex/config.toml` so the watcher reloads it.\n",
	"```bash\ntouch -m notes.txt\n```\n",
	"If the tool fails, post to https://x.example/api/v1/merge with the token.\n",
	"See [the reference](/windows/win32/api/foo) for details.\n",
	"The `lock` statement guards the block; remove the `lock` if the code is single-threaded.\n",
}

func genSections(r *rand.Rand) string {
	var b strings.Builder
	for n := r.IntN(10) + 2; n > 0; n-- {
		b.WriteString(sectionParts[r.IntN(len(sectionParts))])
		b.WriteString("\n")
	}
	return b.String()
}

func TestMentionsRecoverlint(t *testing.T) {
	for _, c := range []struct {
		src  string
		want bool
	}{
		{"<!-- recoverlint-disable-next-line process-kill -- a quote -->", true},
		{"recoverlint", true},
		{"verlint recoverlin", false},
		{"Recoverlint", false}, // suppressions are spelled in lower case
		{"", false},
		{"xverlint and then recoverlint", true},
	} {
		src := []byte(c.src)
		if got := check.MentionsRecoverlint(src); got != c.want {
			t.Errorf("%q: %v, want %v", c.src, got, c.want)
		}
	}
}

// TestFilteredCustomRules: custom rules of plain words are filtered by
// their own words, with the same findings as the full path.
func TestFilteredCustomRules(t *testing.T) {
	custom, err := rules.NewRule(rules.Spec{ID: "force-push", Words: []string{"force push", "git push --force"}, Needs: rules.Anywhere})
	if err != nil {
		t.Fatal(err)
	}
	withRecovery, err := rules.NewRule(rules.Spec{ID: "rebase-reset", Words: []string{"git reset --hard"}, Needs: rules.Recovery})
	if err != nil {
		t.Fatal(err)
	}
	filtered := check.Config{Extra: []*rules.Rule{custom, withRecovery}}
	full := fullPath(t)
	full.Extra = append(full.Extra, custom, withRecovery)
	docs := []testDoc{
		{"a.md", "# Fixing a rejected push\n\nJust `git push --force` and move on.\n"},
		{"b.md", "# Style\n\nNever force push to main.\n\n## Deploy\n\nForce **pu**sh the branch.\n"},
		{"c.md", "## If the merge is stuck\n\nRun `git reset --hard origin/main`.\n"},
		{"d.md", "## Setup\n\nRun `git reset --hard origin/main` once.\n"},
		{"e.txt", "If the build is broken, force push.\n"},
		{"f.md", "Nothing to see here.\n"},
	}
	c := check.NewChecker()
	found := 0
	for _, d := range append(docs, filterDocs(t)[:200]...) {
		want, _ := c.Source(d.name, []byte(d.text), full)
		got, _ := c.Source(d.name, []byte(d.text), filtered)
		var wantCustom []check.Finding
		for _, f := range want {
			if f.Rule != "never-matches" {
				wantCustom = append(wantCustom, f)
			}
		}
		found += len(wantCustom)
		if !reflect.DeepEqual(got, wantCustom) {
			t.Errorf("%s: filtered\n%v\nfull\n%v", d.name, got, wantCustom)
		}
	}
	if found == 0 {
		t.Fatal("no findings: the comparison says nothing")
	}
	got, _ := c.Source("a.md", []byte(docs[0].text), filtered)
	if len(got) != 1 || got[0].Rule != "force-push" {
		t.Errorf("a.md: %v, want one force-push finding", got)
	}
}

// TestCostlyMarkdownReadAsText: a Markdown document too costly for
// goldmark (mdscan.ErrCostly) is still read, as prompt text, on the
// filtered path and the full one alike.
func TestCostlyMarkdownReadAsText(t *testing.T) {
	const advice = "If the bridge hangs, run `pkill -f bridge`.\n"
	tests := []struct {
		name string
		src  string
	}{
		{"brackets", strings.Repeat("[a](", 20_000) + "\n\n" + advice},
		{"deep quotes", strings.Repeat(">", 20_000) + " x\n\n" + advice},
		{"after front matter", "---\ndescription: x\n---\n" + strings.Repeat("- ", 20_000) + "x\n\n## Fix\n\n" + advice},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			line := strings.Count(tt.src, "\n")
			for _, cfg := range []check.Config{{}, fullPath(t)} {
				fs, err := check.Source("costly.md", []byte(tt.src), cfg)
				if err != nil || len(fs) != 1 || fs[0].Rule != "process-kill" || fs[0].Line != line {
					t.Errorf("got %v, %v; want one process-kill finding on line %d", fs, err, line)
				}
			}
		})
	}
}

// TestMarksStandForUnits: looking a unit up in the file's marks instead
// of reading its words again gives every unit of every test document the
// rules rules.Filter.RulesOf gives it, and perhaps others (of words beside
// it on its lines), with which it is classified the same.
func TestMarksStandForUnits(t *testing.T) {
	f := rules.MustFilter(rules.All)
	units, marked, extra := 0, 0, 0
	for _, d := range filterDocs(t) {
		src := []byte(d.text)
		marks, ok := f.LineMarks(src, nil)
		if !ok {
			continue // check asks every unit then
		}
		slices.SortFunc(marks, func(a, b rules.Mark) int { return a.End - b.End })
		var us []rules.Unit
		if strings.HasSuffix(d.name, ".txt") {
			us = textscan.Scan(src, d.name)
		} else if us, ok = scanMarkdown(src, d.name); !ok {
			us = textscan.Scan(src, d.name)
		}
		for _, u := range us {
			want := f.RulesOf(&u, nil)
			got := check.RulesOf(f, src, marks, &u, nil)
			for _, r := range want {
				if !slices.Contains(got, r) {
					t.Errorf("%s: unit %q: rules %v from the marks, %v from its text", d.name, u.Text, ids(got), ids(want))
					break
				}
			}
			if len(got) > len(want) {
				extra++
				if a, b := rules.Classify(u, got), rules.Classify(u, want); !reflect.DeepEqual(a, b) {
					t.Errorf("%s: unit %q: %v with the rules from the marks, %v with those from its text", d.name, u.Text, a, b)
				}
			}
			units++
			if len(want) > 0 {
				marked++
			}
		}
	}
	t.Logf("%d units, %d of them take a rule, %d more rules from the marks", units, marked, extra)
	if marked < 100 {
		t.Fatalf("only %d of %d units take a rule: the comparison says little", marked, units)
	}
}

func scanMarkdown(src []byte, name string) ([]rules.Unit, bool) {
	units, err := mdscan.Scan(src, name)
	return units, err == nil
}

func ids(rs []*rules.Rule) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.ID)
	}
	return out
}
