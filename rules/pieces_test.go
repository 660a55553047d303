package rules

import (
	"strings"
	"testing"
)

func TestPieceEnd(t *testing.T) {
	tests := []struct {
		name  string
		text  string
		limit int
		lines bool
		want  int
	}{
		{"shorter than the limit", "Run it.", 20, false, 7},
		{"last sentence end in the limit", "One. Two! Three? Four five", 19, false, 17},
		{"a sentence end just past the limit is not taken", "One two. Three", 8, false, 4},
		{"a line break without a sentence end", "one two\nthree four", 12, false, 8},
		{"a blank without either", "one two three", 10, false, 8},
		{"no blank: the limit, at a rune start", "abcdefgh", 5, false, 5},
		{"no blank: not inside a rune", "ab\u00e9\u00e9\u00e9", 4, false, 4},
		{"no blank: back over a rune's tail", "a\u00e9\u00e9\u00e9", 4, false, 3},
		{"lines: the last line break first", "a. b\nc. d", 8, true, 5},
		{"lines: a blank when no line ends", "a. b c", 5, true, 5},
		{"limit below one", "abc", 0, false, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := PieceEnd(tt.text, tt.limit, tt.lines); got != tt.want {
				t.Errorf("PieceEnd(%q, %d, %v) = %d, want %d", tt.text, tt.limit, tt.lines, got, tt.want)
			}
			if got := PieceEnd([]byte(tt.text), tt.limit, tt.lines); got != tt.want {
				t.Errorf("PieceEnd of bytes = %d, want %d", got, tt.want)
			}
		})
	}
}

// TestEachPiece cuts a unit past MaxPiece whose text lies in its source
// with gaps (the code-span markers a scanner drops) and checks that the
// pieces are the unit's text in order, each at most MaxPiece, with the
// unit's offsets, its end entry and its code spans.
func TestEachPiece(t *testing.T) {
	const sentence = "If it hangs, run pkill now. "
	var text strings.Builder
	var offs Offsets
	var code []Span
	src := 0
	for text.Len() < 3*MaxPiece+100 {
		k := strings.Index(sentence, "pkill")
		text.WriteString(sentence[:k])
		offs.AddRun(src, k)
		src += k + 1 // a dropped backtick
		code = append(code, Span{Start: text.Len(), End: text.Len() + 5})
		text.WriteString("pkill")
		offs.AddRun(src, 5)
		src += 6
		rest := sentence[k+5:]
		text.WriteString(rest)
		offs.AddRun(src, len(rest))
		src += len(rest)
	}
	offs.Add(src + 7) // the unit's end, past markup after its text
	u := Unit{Kind: Prose, Text: text.String(), Offsets: offs, Code: code}

	var pieces []Unit
	eachPiece(u, func(p Unit) { pieces = append(pieces, p) })
	if len(pieces) != 4 {
		t.Fatalf("%d pieces of %d bytes, want 4", len(pieces), len(u.Text))
	}
	at, spans := 0, 0
	for k, p := range pieces {
		if len(p.Text) > MaxPiece || p.Text != u.Text[at:at+len(p.Text)] {
			t.Fatalf("piece %d: %d bytes at %d, not the unit's text there or past MaxPiece", k, len(p.Text), at)
		}
		if k < len(pieces)-1 && !strings.HasSuffix(p.Text, ". ") {
			t.Errorf("piece %d ends %q, not at a sentence end", k, p.Text[len(p.Text)-8:])
		}
		if p.Offsets.Len() != len(p.Text)+1 {
			t.Fatalf("piece %d: %d offsets for %d bytes", k, p.Offsets.Len(), len(p.Text))
		}
		for _, i := range []int{0, len(p.Text) / 2, len(p.Text) - 1} {
			if p.Offsets.At(i) != u.Offsets.At(at+i) {
				t.Errorf("piece %d: offset of byte %d is %d, the unit's %d", k, i, p.Offsets.At(i), u.Offsets.At(at+i))
			}
		}
		wantEnd := u.Offsets.At(at+len(p.Text)-1) + 1
		if k == len(pieces)-1 {
			wantEnd = u.Offsets.At(len(u.Text))
		}
		if got := p.Offsets.At(len(p.Text)); got != wantEnd {
			t.Errorf("piece %d ends at offset %d, want %d", k, got, wantEnd)
		}
		for _, sp := range p.Code {
			if p.Text[sp.Start:sp.End] != "pkill" {
				t.Fatalf("piece %d: code span %v is %q", k, sp, p.Text[sp.Start:sp.End])
			}
		}
		spans += len(p.Code)
		at += len(p.Text)
	}
	if at != len(u.Text) || spans != len(code) {
		t.Errorf("pieces hold %d bytes and %d code spans, want %d and %d", at, spans, len(u.Text), len(code))
	}

	// a unit of MaxPiece or less is passed as it is
	short := Unit{Kind: Prose, Text: sentence, Offsets: IdentityOffsets(0, len(sentence)+1)}
	n := 0
	eachPiece(short, func(p Unit) {
		n++
		if p.Text != short.Text {
			t.Errorf("a short unit was cut: %q", p.Text)
		}
	})
	if n != 1 {
		t.Errorf("a short unit gave %d pieces", n)
	}
}

// TestLongUnitFindings: a unit past MaxPiece is judged piece by piece,
// and every sentence of it is still judged: one finding per sentence, at
// the sentence's action word.
func TestLongUnitFindings(t *testing.T) {
	const sentence = "If the MCP server hangs, run pkill -f mcp_server and retry. "
	n := 2*MaxPiece/len(sentence) + 3
	text := strings.Repeat(sentence, n)
	u := Unit{Kind: Prose, Text: text, Offsets: IdentityOffsets(0, len(text)+1)}
	var got int
	ClassifyEach(u, All, func(f Finding) {
		if want := got*len(sentence) + strings.Index(sentence, "pkill"); f.Start != want || f.Rule != "process-kill" {
			t.Fatalf("finding %d: %s at %d, want process-kill at %d", got, f.Rule, f.Start, want)
		}
		got++
	})
	if got != n {
		t.Errorf("%d findings in %d sentences", got, n)
	}
}
