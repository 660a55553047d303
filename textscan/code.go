package textscan

import "github.com/recoverlint/recoverlint/rules"

// backtickRun is a run of '`' bytes inside a builder's text.
type backtickRun struct{ start, n int }

// dropCode removes the backticks around inline code spans from b, writing
// the result to out, and returns the spans as ranges of out's text. A run of
// backticks opens a span that the next run of the same length closes, as in
// Markdown; a run without a partner stays in the text as it is. It reports
// false, leaving out untouched, when b holds no span.
func dropCode(b, out *builder) ([]rules.Span, bool) {
	var runs []backtickRun
	for i := 0; i < len(b.text); {
		if b.text[i] != '`' {
			i++
			continue
		}
		j := i
		for j < len(b.text) && b.text[j] == '`' {
			j++
		}
		runs = append(runs, backtickRun{i, j - i})
		i = j
	}
	if len(runs) < 2 {
		return nil, false
	}
	// next[i] is the index of the first later run with the same length.
	next := make([]int, len(runs))
	last := make(map[int]int, 4)
	for i := len(runs) - 1; i >= 0; i-- {
		next[i] = -1
		if j, ok := last[runs[i].n]; ok {
			next[i] = j
		}
		last[runs[i].n] = i
	}
	var pairs [][2]int
	for i := 0; i < len(runs); {
		if next[i] < 0 {
			i++
			continue
		}
		pairs = append(pairs, [2]int{i, next[i]})
		i = next[i] + 1
	}
	if len(pairs) == 0 {
		return nil, false
	}
	out.reset()
	spans := make([]rules.Span, 0, len(pairs))
	pos := 0
	for _, p := range pairs {
		open, closing := runs[p[0]], runs[p[1]]
		out.text = append(out.text, b.text[pos:open.start]...)
		out.offs.Append(b.offs, pos, open.start)
		start := len(out.text)
		content := open.start + open.n
		out.text = append(out.text, b.text[content:closing.start]...)
		out.offs.Append(b.offs, content, closing.start)
		if len(out.text) > start {
			spans = append(spans, rules.Span{Start: start, End: len(out.text)})
		}
		pos = closing.start + closing.n
	}
	out.text = append(out.text, b.text[pos:]...)
	out.offs.Append(b.offs, pos, len(b.text))
	return spans, true
}
