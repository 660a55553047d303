package rules

import (
	"strings"
	"testing"
)

// naiveLineStart and naiveFrontMatterKey read back from the offset every
// time: the reference lineMemo must agree with, in any order of offsets.
func naiveLineStart(s string, at int) int { return strings.LastIndexByte(s[:at], '\n') + 1 }

func naiveFrontMatterKey(s string, at int) string {
	for end := at; ; {
		start := strings.LastIndexByte(s[:end], '\n') + 1
		line := s[start:]
		if k := strings.IndexByte(line, '\n'); k >= 0 {
			line = line[:k]
		}
		if line != "" && line[0] != ' ' && line[0] != '\t' && line[0] != '-' {
			if k := strings.IndexByte(line, ':'); k > 0 {
				return strings.TrimSpace(line[:k])
			}
			return ""
		}
		if start == 0 {
			return ""
		}
		end = start - 1
	}
}

func checkLineMemo(t *testing.T, s string, offsets []int) {
	t.Helper()
	var m lineMemo
	for _, at := range offsets {
		if got, want := m.lineStart(s, at), naiveLineStart(s, at); got != want {
			t.Fatalf("%q: lineStart(%d) = %d, want %d", s, at, got, want)
		}
		if got, want := m.frontMatterKey(s, at), naiveFrontMatterKey(s, at); got != want {
			t.Fatalf("%q: frontMatterKey(%d) = %q, want %q", s, at, got, want)
		}
	}
}

func TestLineMemo(t *testing.T) {
	fm := "title: x\ntags:\n  - kill\n  - pkill\n\ndescription: run pkill\n- loose\nnokey\n  indented"
	tests := []struct {
		name    string
		s       string
		offsets []int
	}{
		{"ascending", fm, []int{0, 3, 9, 12, 20, 30, 40, 50, 60, 70, len(fm)}},
		{"descending", fm, []int{len(fm), 70, 40, 20, 9, 0}},
		{"repeated", fm, []int{30, 30, 31, 30, 29}},
		{"on the newline", "a: 1\nb: 2\n", []int{4, 5, 9, 10}},
		{"no key above", "  x\n- y\n", []int{0, 2, 5, 8}},
		{"one long line", strings.Repeat("run pkill now ", 50), []int{4, 100, 500, 699}},
		{"empty", "", []int{0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLineMemo(t, tt.s, tt.offsets) })
	}
}

func FuzzLineMemo(f *testing.F) {
	f.Add("title: x\ntags:\n  - kill\n\ndescription: y\n", []byte{3, 12, 40, 5})
	f.Add("a\n\n- b\n  c: d\n", []byte{0, 9, 9, 1})
	f.Fuzz(func(t *testing.T, s string, steps []byte) {
		offsets := make([]int, len(steps))
		for i, b := range steps {
			offsets[i] = int(b) % (len(s) + 1)
		}
		checkLineMemo(t, s, offsets)
	})
}
