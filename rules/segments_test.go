package rules_test

import (
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/rules"
)

// TestLongTextWithoutSentenceEnds: a unit with no full stop (a minified
// page, a generated one-line list) is cut into segments of bounded size,
// so that judging its hits is linear in its length; before the cut, a
// 16 MiB line of hits took hours. Real sentences are far shorter than the
// bound and are never cut.
func TestLongTextWithoutSentenceEnds(t *testing.T) {
	line := strings.Repeat("when it stalls pkill the relay and go on ", 5000)
	u := rules.Unit{Kind: rules.Prose, Text: line, Ctx: rules.Context{Path: "a.md"}}
	u.Offsets = rules.IdentityOffsets(0, len(line)+1)
	spans := rules.SegmentSpans(&u)
	if len(spans) < len(line)/(rules.MaxSegment+64) {
		t.Fatalf("%d segments for %d bytes: the text was not cut", len(spans), len(line))
	}
	for _, s := range spans {
		if s[1]-s[0] > rules.MaxSegment+64 {
			t.Errorf("segment %v is %d bytes, over the bound", s, s[1]-s[0])
		}
	}
	if fs := rules.Classify(u, rules.All); len(fs) == 0 {
		t.Error("no finding in a line of recommendations")
	}

	sentence := "If the relay stalls after the upgrade, " + strings.Repeat("and the queue backs up, ", 60) + "run pkill -f relay."
	u = rules.Unit{Kind: rules.Prose, Text: sentence, Ctx: rules.Context{Path: "a.md"}}
	u.Offsets = rules.IdentityOffsets(0, len(sentence)+1)
	if spans := rules.SegmentSpans(&u); len(spans) != 1 {
		t.Errorf("a %d-byte sentence was cut into %d segments", len(sentence), len(spans))
	}
}
