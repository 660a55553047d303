// Package accuracy scores the checker against labelled corpora: JSONL
// files of cases in the format of SPEC's "The corpora" (id, file, text,
// expect, source, note). It is the in-process twin of the shared
// score-corpus tool: a finding matches an expected one of the same rule
// on the same line, one line either side tolerated, each used once.
//
// The project's own corpus lives in testdata/corpus, split by source
// repository into a tuning part and a sealed part (see its README).
package accuracy

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/recoverlint/recoverlint/check"
	"github.com/recoverlint/recoverlint/rules"
)

// Expect is one finding a case must produce.
type Expect struct {
	Rule string `json:"rule"`
	Line int    `json:"line"`
}

// Case is one labelled document.
type Case struct {
	ID     string   `json:"id"`
	File   string   `json:"file"`
	Text   string   `json:"text"`
	Expect []Expect `json:"expect"`
	Source string   `json:"source"`
	Note   string   `json:"note"`
}

// Repo is the owner/name the case was adapted from, or "synthetic".
func (c Case) Repo() string {
	if i := strings.IndexByte(c.Source, ':'); i >= 0 {
		return c.Source[:i]
	}
	return c.Source
}

// Load reads a JSONL corpus. Blank lines and lines starting with "//"
// are skipped; any other line that is not a case is an error naming it.
func Load(path string) ([]Case, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Case
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 || bytes.HasPrefix(line, []byte("//")) {
			continue
		}
		var c Case
		if err := json.Unmarshal(line, &c); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		if c.ID == "" || c.File == "" {
			return nil, fmt.Errorf("%s:%d: a case needs an id and a file", path, n)
		}
		if seen[c.ID] {
			return nil, fmt.Errorf("%s:%d: duplicate id %q", path, n, c.ID)
		}
		seen[c.ID] = true
		out = append(out, c)
	}
	return out, sc.Err()
}

// Count is a rule's tally; rules.Score holds the arithmetic, so a tuning
// score and the measurement the rule pages cite are computed alike.
type Count = rules.Score

// Diff is a case whose findings differ from its labels.
type Diff struct {
	Case     Case
	Missed   []Expect // expected, not reported
	Extra    []Expect // reported, not expected
	Findings []check.Finding
}

// Result is a corpus's score.
type Result struct {
	Cases  int
	All    Count
	ByRule map[string]Count
	Diffs  []Diff
}

// Score checks every case in process (check.Source, default config) and
// tallies the findings against the labels.
func Score(cases []Case) Result {
	res := Result{Cases: len(cases), ByRule: map[string]Count{}}
	c := check.NewChecker()
	for _, k := range cases {
		fs, _ := c.Source(k.File, []byte(k.Text), check.Config{})
		var got []Expect
		for _, f := range fs {
			got = append(got, Expect{f.Rule, f.Line})
		}
		missed, extra := match(k.Expect, got)
		add := func(rule string, f func(*Count)) {
			r := res.ByRule[rule]
			f(&r)
			res.ByRule[rule] = r
			f(&res.All)
		}
		for _, e := range k.Expect {
			add(e.Rule, func(c *Count) { c.TP++ })
		}
		for _, e := range missed {
			add(e.Rule, func(c *Count) { c.TP--; c.FN++ })
		}
		for _, e := range extra {
			add(e.Rule, func(c *Count) { c.FP++ })
		}
		if len(missed) > 0 || len(extra) > 0 {
			res.Diffs = append(res.Diffs, Diff{Case: k, Missed: missed, Extra: extra, Findings: fs})
		}
	}
	return res
}

// match pairs expected and reported findings of the same rule, exact
// lines first, then one line apart.
func match(want, got []Expect) (missed, extra []Expect) {
	used := make([]bool, len(got))
	left := make([]bool, len(want))
	for pass := 0; pass < 2; pass++ {
		for i, w := range want {
			if left[i] {
				continue
			}
			for j, g := range got {
				d := g.Line - w.Line
				if used[j] || g.Rule != w.Rule || d != 0 && (pass == 0 || d < -1 || d > 1) {
					continue
				}
				used[j], left[i] = true, true
				break
			}
		}
	}
	for i, w := range want {
		if !left[i] {
			missed = append(missed, w)
		}
	}
	for j, g := range got {
		if !used[j] {
			extra = append(extra, g)
		}
	}
	return missed, extra
}

// Rules returns the rule ids of the result, sorted.
func (r Result) Rules() []string {
	var ids []string
	for id := range r.ByRule {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// Summary prints the totals and one line per rule.
func (r Result) Summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "cases %d  P=%.3f R=%.3f F1=%.3f (tp %d fp %d fn %d)\n", r.Cases, r.All.Precision(), r.All.Recall(), r.All.F1(), r.All.TP, r.All.FP, r.All.FN)
	for _, id := range r.Rules() {
		c := r.ByRule[id]
		fmt.Fprintf(&b, "  %-20s P=%.3f R=%.3f F1=%.3f (tp %d fp %d fn %d)\n", id, c.Precision(), c.Recall(), c.F1(), c.TP, c.FP, c.FN)
	}
	return b.String()
}
