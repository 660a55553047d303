package rules_test

import (
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/rules"
)

func identityUnit(text string, code []rules.Span) rules.Unit {
	u := rules.Unit{Kind: rules.Prose, Text: text, Code: code, Ctx: rules.Context{Path: "a.md"}}
	u.Offsets = rules.IdentityOffsets(0, len(text)+1)
	return u
}

// TestInCode: a byte is inside inline code when any span holds it, whatever
// order the spans come in and however they overlap; the lookup is a binary
// search, so it must agree with reading every span.
func TestInCode(t *testing.T) {
	text := strings.Repeat("run `pkill -f relay` now ", 4)
	tests := []struct {
		name  string
		spans []rules.Span
	}{
		{"none", nil},
		{"in order", []rules.Span{{5, 19}, {30, 44}, {55, 69}}},
		{"adjacent", []rules.Span{{5, 10}, {10, 19}}},
		{"out of order", []rules.Span{{55, 69}, {5, 19}, {30, 44}}},
		{"overlapping", []rules.Span{{5, 19}, {12, 25}, {3, 6}}},
		{"empty span", []rules.Span{{7, 7}, {30, 44}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u := identityUnit(text, tt.spans)
			for i := range len(text) {
				want := false
				for _, sp := range tt.spans {
					if i >= sp.Start && i < sp.End {
						want = true
					}
				}
				if got := rules.InCode(&u, i); got != want {
					t.Errorf("byte %d (%q): in code %v, want %v", i, text[i], got, want)
				}
			}
		})
	}
}

// BenchmarkManyCodeSpans: a one-line page of 20,000 sentences, each with a
// code span. Marking code bytes once cost bytes times spans (8.5 s for
// 1 MiB); it is now linear in the text.
func BenchmarkManyCodeSpans(b *testing.B) {
	const unit = "If the relay hangs, run `pkill -f relay` and retry. "
	text := strings.Repeat(unit, 20000)
	var code []rules.Span
	for at := 0; at < len(text); at += len(unit) {
		code = append(code, rules.Span{Start: at + 25, End: at + 39})
	}
	u := identityUnit(text, code)
	b.ResetTimer()
	for range b.N {
		rules.Classify(u, rules.All)
	}
}

// BenchmarkManyTouchHits: a one-line page of 20,000 touch sentences whose
// reload word stands once, at the end. Each hit read the whole paragraph
// for it (10 s for 1 MiB); the paragraph is now read once.
func BenchmarkManyTouchHits(b *testing.B) {
	text := strings.Repeat("Then touch one of the listed files and wait. ", 20000) + "The watcher reloads."
	u := identityUnit(text, nil)
	b.ResetTimer()
	for range b.N {
		rules.Classify(u, rules.All)
	}
}
