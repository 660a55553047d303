package runner_test

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/rules"
	"github.com/recoverlint/recoverlint/runner"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/generated.golden")

// genCorpus writes a seeded corpus of Markdown and prompt files built
// from blocks that real agent docs hold: recommendations, bans and
// mentions of every rule's action, recovery and setup headings, code,
// tables, links, HTML, and plain prose with none of it, often split by
// markup.
func genCorpus(t testing.TB, seed uint64, files int) string {
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(seed, seed+1))
	for i := 0; i < files; i++ {
		name := filepath.Join(dir, fmt.Sprintf("d%02d", i%23), fmt.Sprintf("doc%03d.md", i))
		if i%7 == 0 {
			name = strings.TrimSuffix(name, ".md") + ".txt"
		}
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		if r.IntN(3) == 0 {
			b.WriteString("---\ndescription: generated\n---\n")
		}
		for n := r.IntN(12) + 1; n > 0; n-- {
			b.WriteString(corpusBlocks[r.IntN(len(corpusBlocks))])
			b.WriteString("\n")
		}
		if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

var corpusBlocks = []string{
	"# Guide\n\nThis guide explains how the service is configured and deployed.\n",
	"## Setup\n\nAdd the server to `~/.codex/config.toml` and set `TOKEN` in `.env`.\n",
	"## Troubleshooting\n\nIf the tools fail, edit `~/.cursor/mcp.json` and restart.\n",
	"## If it hangs\n\n```bash\npkill -f gitea-mcp\nrm ~/.gitea-mcp/terminal.lock\n```\n",
	"## Forbidden recovery paths\n\n- `kill -9` on the daemon\n- `touch ~/.codex/config.toml`\n",
	"### Stale sessions\n\nDelete the stale lock file and retry.\n",
	"## API\n\nIf the MCP tool fails, curl the API directly with your token.\n",
	"Never run `killall` on the shared daemon; ask the operator instead.\n",
	"The guard blocks `pkill` in agent shells.\n",
	"Terminate the stale server process before reconnecting.\n",
	"The driver may terminate the request when the timestamp changes.\n",
	"Re-save `.mcp.json` without changes to force a reload.\n",
	"| step | command |\n|---|---|\n| 1 | `killall node` |\n| 2 | `curl http://x/api` |\n",
	"> **Bad:** `sqlite3 state.db \"DELETE FROM leases\"`\n",
	"1. Run:\n\n   ```powershell\n   Stop-Process -Name x\n   ```\n\n2. Done.\n",
	"<!-- a comment about pkill -->\n",
	"Setext heading about recovery\n===\n\nFix it: `sed -i s/a/b/ .env`.\n",
	"[the API][ref] is documented elsewhere.\n\n[ref]: https://example.com/api\n",
	"Plain prose about nothing in particular, long enough to be a paragraph of its own.\n",
	"See [the reference](/windows/win32/api/foo(v=vs.85)) and <b>bold</b> text.\n",
	"## Processes\n\nIf it hangs, ter**mi**nate it.\n",
	"If the server is stuck, run `p\u200bkill -f server` and reconnect.\n",
	"Update the MCP config after a crash and reload the window.\n",
	"Touch the screen to open the menu.\n",
	"<div>\n\n# not a heading inside html\n\n</div>\n",
	"```\n# Kill the stale process\nlsof -ti :9000 | xargs kill -9\n```\n",
}

// TestGeneratedCorpusGolden: the findings on a seeded generated corpus
// are those of testdata/generated.golden; the same with one worker and
// with eight; and the same as when the prefilter is off (a custom rule it
// cannot read makes every unit parsed and classified). When the rules
// change what they find on purpose, rewrite the file with -update.
func TestGeneratedCorpusGolden(t *testing.T) {
	dir := genCorpus(t, 42, 300)
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir) // restored when the test ends
	one := runner.Run([]string{"."}, runner.Options{Workers: 1})
	many := runner.Run([]string{"."}, runner.Options{Workers: 8})
	never, err := rules.NewRule(rules.Spec{ID: "never-matches", Patterns: []string{"\x00never\x00"}})
	if err != nil {
		t.Fatal(err)
	}
	full := runner.Run([]string{"."}, runner.Options{Workers: 2, Check: check.Config{Extra: []*rules.Rule{never}}})
	if !reflect.DeepEqual(one, many) {
		t.Errorf("one worker and eight disagree")
	}
	if !reflect.DeepEqual(one.Findings, full.Findings) {
		t.Errorf("the prefilter changes the findings:\nfiltered %v\nfull     %v", one.Findings, full.Findings)
	}
	var b strings.Builder
	for _, f := range one.Findings {
		fmt.Fprintf(&b, "%s:%d:%d %s\n", f.Path, f.Line, f.Column, f.Rule)
	}
	golden := filepath.Join(wd, "testdata", "generated.golden")
	if *updateGolden {
		if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (write it with -update)", err)
	}
	if got := b.String(); got != string(want) {
		t.Errorf("findings differ from %s (rewrite with -update if the rules changed on purpose):\n%s",
			golden, lineDiff(string(want), got))
	}
	if len(one.Findings) < 200 || one.FilesScanned != 300 {
		t.Errorf("%d findings in %d files: the corpus says too little", len(one.Findings), one.FilesScanned)
	}
}

// lineDiff lists the lines only one side has.
func lineDiff(want, got string) string {
	w, g := map[string]bool{}, map[string]bool{}
	for _, l := range strings.Split(want, "\n") {
		w[l] = true
	}
	for _, l := range strings.Split(got, "\n") {
		g[l] = true
	}
	var b strings.Builder
	for _, l := range strings.Split(want, "\n") {
		if !g[l] {
			fmt.Fprintf(&b, "- %s\n", l)
		}
	}
	for _, l := range strings.Split(got, "\n") {
		if !w[l] {
			fmt.Fprintf(&b, "+ %s\n", l)
		}
	}
	return b.String()
}
