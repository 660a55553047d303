package mdscan

import (
	"strings"
	"testing"
)

func TestCostly(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want bool
	}{
		{"empty", "", false},
		{"prose", strings.Repeat("Some text with a [link](http://x) and *emphasis*.\n\n", 100_000), false},
		{"long tight list of links", strings.Repeat("- [name](https://example.com/x) - *what* it does\n", 100_000), false},
		{"long table", "| a | b |\n|---|---|\n" + strings.Repeat("| [x](y) | `z` |\n", 100_000), false},
		{"long fenced code", "```js\n" + strings.Repeat("if (a[i] < b) { f(*p, `x`); }\n", 100_000) + "```\n", false},
		{"ordinary nesting", strings.Repeat("> - > 1. text\n", 100_000), false},
		{"deep quote", strings.Repeat(">", 20_000) + " x\n", true},
		{"deep list", strings.Repeat("- ", 20_000) + "x\n", true},
		{"many lines of medium depth", strings.Repeat(strings.Repeat("> ", 200)+"x\n", 5_000), true},
		{"indented nesting", nestedLines(2_000), true},
		{"one paragraph of brackets", strings.Repeat("[a](", 20_000), true},
		{"brackets spread over lines", strings.Repeat("]([\n", 20_000), true},
		{"brackets in a quoted paragraph", strings.Repeat("> ]([\n", 20_000), true},
		{"fence does not hide what follows it", "```\nx\n```\n" + strings.Repeat("[a](", 20_000), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := costly([]byte(tt.src)); got != tt.want {
				t.Errorf("costly = %t, want %t", got, tt.want)
			}
		})
	}
}

func nestedLines(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(strings.Repeat("  ", i))
		b.WriteString("- item\n")
	}
	return b.String()
}

func TestPrefixDepth(t *testing.T) {
	tests := []struct {
		line  string
		depth int
		rest  string
	}{
		{"text", 0, "text"},
		{"> text", 1, "text"},
		{">> - 1. text", 4, "text"},
		{"    code", 2, "code"},
		{"\t- x", 3, "x"},
		{"-x", 0, "-x"},
		{"12345678901. x", 0, "12345678901. x"},
		{"3) x", 1, "x"},
		{"", 0, ""},
	}
	for _, tt := range tests {
		src := []byte(tt.line)
		depth, i := prefixDepth(src, 0, len(src))
		if depth != tt.depth || tt.line[i:] != tt.rest {
			t.Errorf("prefixDepth(%q) = %d, %q; want %d, %q", tt.line, depth, tt.line[i:], tt.depth, tt.rest)
		}
	}
}

// TestCostlyFreeLengths: below depthFree no document exceeds the depth
// budget, and below inlineFree none exceeds the inline budget, counted
// in full; so costly may skip counting there.
func TestCostlyFreeLengths(t *testing.T) {
	worst := func(unit string, n int) []byte {
		return []byte(strings.Repeat(unit, n/len(unit)))
	}
	for _, unit := range []string{"\t", ">", "- ", "\t>", "1. "} {
		if src := worst(unit, depthFree); costlyCounted(src, true) {
			t.Errorf("%d bytes of %q exceed a budget", len(src), unit)
		}
	}
	for _, unit := range []string{"[", "](", "*_`", "\\"} {
		if src := worst(unit, inlineFree); costlyCounted(src, true) {
			t.Errorf("%d bytes of %q exceed a budget", len(src), unit)
		}
	}
	// just past the lengths, the worst cases do exceed: the bounds are tight
	if !costlyCounted(worst("\t", 2*depthFree), true) {
		t.Error("twice depthFree tabs stay under the depth budget")
	}
	if !costlyCounted(worst("[", inlineFree+2), true) {
		t.Error("inlineFree+2 brackets stay under the inline budget")
	}
}
