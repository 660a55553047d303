package accuracy_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/internal/accuracy"
)

const corpusDir = "../../testdata/corpus"

// TestCorpusFiles: every corpus file loads, ids are unique across all of
// them, every case names a source of an owner a–m and every expected
// line lies inside its text.
func TestCorpusFiles(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(corpusDir, "*.jsonl"))
	if err != nil || len(files) < 4 {
		t.Fatalf("corpus files %v (%v): want the prose and code, tune and sealed parts", files, err)
	}
	ids := map[string]string{}
	for _, f := range files {
		cases, err := accuracy.Load(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			if prev, ok := ids[c.ID]; ok {
				t.Errorf("%s: id %s also in %s", f, c.ID, prev)
			}
			ids[c.ID] = f
			owner := strings.ToLower(strings.SplitN(c.Repo(), "/", 2)[0])
			if owner == "" || owner[0] < 'a' || owner[0] > 'm' || !strings.Contains(c.Repo(), "/") {
				t.Errorf("%s %s: source %q is not a repository of an owner a–m", f, c.ID, c.Source)
			}
			n := strings.Count(c.Text, "\n") + 1
			for _, e := range c.Expect {
				if e.Line < 1 || e.Line > n {
					t.Errorf("%s %s: expected %s on line %d of %d", f, c.ID, e.Rule, e.Line, n)
				}
			}
		}
	}
}

// TestTuningParts guards the tuning parts of the corpus against
// regressions: the F1 each part reached when it was last tuned, less a
// small margin. The sealed parts are measured once, by hand (README).
func TestTuningParts(t *testing.T) {
	for _, tc := range []struct {
		file  string
		minF1 float64
	}{
		// re-based on 2026-12-01 (session 7), when round 4 added 131
		// cases to the tuning parts: prose 0.879, code 0.876 then
		{"prose-tune.jsonl", 0.87},
		{"code-tune.jsonl", 0.86},
	} {
		cases, err := accuracy.Load(filepath.Join(corpusDir, tc.file))
		if err != nil {
			t.Fatal(err)
		}
		res := accuracy.Score(cases)
		t.Logf("%s: %s", tc.file, strings.TrimSpace(strings.SplitN(res.Summary(), "\n", 2)[0]))
		if f := res.All.F1(); f < tc.minF1 {
			t.Errorf("%s: F1 %.3f, below %.2f\n%s", tc.file, f, tc.minF1, res.Summary())
		}
	}
}

// TestDevCorpus: the shared development corpus scores F1 ≥ 0.98 (issue
// 14's bar). In CI the shared folder must be there; elsewhere its absence
// skips the test with the reason.
func TestDevCorpus(t *testing.T) {
	path := "../../../shared/corpus/dev.jsonl"
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI without the shared dev corpus: %v", err)
		}
		t.Skipf("the shared dev corpus is not beside the project (%v)", err)
	}
	cases, err := accuracy.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	res := accuracy.Score(cases)
	if f := res.All.F1(); f < 0.98 {
		t.Errorf("dev corpus F1 %.3f, below 0.98\n%s", f, res.Summary())
	}
}

// TestMatch: the scoring's own matching, on labels it must pair and
// labels it must not.
func TestMatch(t *testing.T) {
	cases := []accuracy.Case{
		{ID: "a", File: "AGENTS.md", Text: "Run `pkill -f relay` now.\n", Expect: []accuracy.Expect{{Rule: "process-kill", Line: 1}}},
		{ID: "b", File: "AGENTS.md", Text: "\nRun `pkill -f relay` now.\n", Expect: []accuracy.Expect{{Rule: "process-kill", Line: 1}}}, // one line off: tolerated
		{ID: "c", File: "AGENTS.md", Text: "Never run `pkill -f relay`.\n", Expect: []accuracy.Expect{{Rule: "process-kill", Line: 1}}},
		{ID: "d", File: "AGENTS.md", Text: "Run `pkill -f relay` now.\n"},
	}
	res := accuracy.Score(cases)
	if c := res.All; c.TP != 2 || c.FN != 1 || c.FP != 1 {
		t.Errorf("tally %+v, want 2 true, 1 missed, 1 extra", c)
	}
	if len(res.Diffs) != 2 {
		t.Errorf("%d cases differ, want 2", len(res.Diffs))
	}
}
