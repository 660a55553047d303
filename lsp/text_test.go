package lsp

import (
	"testing"
	"unicode/utf8"
)

func TestPositions(t *testing.T) {
	// line 0 "a😀b" (😀 is 4 bytes, 2 UTF-16 units), CRLF; line 1 "é" then a
	// lone CR; line 2 empty, a lone CR; line 3 "end" with no break
	tx := newText("a😀b\r\né\r\rend")
	if got := len(tx.lines); got != 4 {
		t.Fatalf("lines %v, want 4", tx.lines)
	}
	for _, tc := range []struct {
		p      position
		enc    encoding
		offset int
	}{
		{position{0, 0}, utf16Units, 0},
		{position{0, 1}, utf16Units, 1},
		{position{0, 2}, utf16Units, 1}, // inside the surrogate pair: the rune's start
		{position{0, 3}, utf16Units, 5},
		{position{0, 4}, utf16Units, 6}, // the line's end, before \r\n
		{position{0, 99}, utf16Units, 6},
		{position{0, 3}, utf8Bytes, 1}, // inside the emoji's bytes: its start
		{position{0, 5}, utf8Bytes, 5},
		{position{1, 1}, utf16Units, 10},
		{position{1, 2}, utf8Bytes, 10},
		{position{2, 0}, utf16Units, 11},
		{position{2, 5}, utf16Units, 11},
		{position{3, 3}, utf16Units, 15},
		{position{9, 0}, utf16Units, 15},
	} {
		if got := tx.offset(tc.p, tc.enc); got != tc.offset {
			t.Errorf("offset(%v, %v) = %d, want %d", tc.p, tc.enc, got, tc.offset)
		}
	}
	for _, tc := range []struct {
		offset int
		enc    encoding
		p      position
	}{
		{5, utf16Units, position{0, 3}},
		{5, utf8Bytes, position{0, 5}},
		{10, utf16Units, position{1, 1}},
		{11, utf16Units, position{2, 0}},
		{15, utf16Units, position{3, 3}},
		{99, utf16Units, position{3, 3}},
	} {
		if got := tx.position(tc.offset, tc.enc); got != tc.p {
			t.Errorf("position(%d, %v) = %v, want %v", tc.offset, tc.enc, got, tc.p)
		}
	}
	// the checker's 1-based line and byte column of "b"
	if got := tx.lineCol(1, 6, utf16Units); got != (position{0, 3}) {
		t.Errorf("lineCol(1, 6) = %v", got)
	}
}

func TestApply(t *testing.T) {
	tx := newText("one\ntwo 😀\nthree\n")
	for _, tc := range []struct {
		c    change
		want string
	}{
		{change{Range: &span{position{1, 4}, position{1, 6}}, Text: "🚑"}, "one\ntwo 🚑\nthree\n"},
		{change{Range: &span{position{0, 0}, position{0, 0}}, Text: "zero\n"}, "zero\none\ntwo 😀\nthree\n"},
		{change{Range: &span{position{1, 0}, position{2, 0}}, Text: ""}, "one\nthree\n"},
		{change{Range: &span{position{3, 0}, position{3, 0}}, Text: "four\n"}, "one\ntwo 😀\nthree\nfour\n"},
		{change{Text: "all new"}, "all new"},
	} {
		got, err := tx.apply(tc.c, utf16Units)
		if err != nil || got.s != tc.want {
			t.Errorf("apply(%+v) = %q, %v; want %q", tc.c, got.s, err, tc.want)
		}
	}
	if _, err := tx.apply(change{Range: &span{position{2, 0}, position{1, 0}}}, utf16Units); err == nil {
		t.Error("a range that ends before it starts was applied")
	}
}

// FuzzApply applies arbitrary edits: the result is always the text with
// one span replaced, valid UTF-8 stays valid, and nothing panics.
func FuzzApply(f *testing.F) {
	f.Add("a😀b\r\nc\rd\n", uint32(0), uint32(2), uint32(1), uint32(0), "x", true)
	f.Add("", uint32(5), uint32(5), uint32(9), uint32(9), "", false)
	f.Fuzz(func(t *testing.T, s string, l1, c1, l2, c2 uint32, ins string, useUTF8 bool) {
		enc := utf16Units
		if useUTF8 {
			enc = utf8Bytes
		}
		tx := newText(s)
		got, err := tx.apply(change{Range: &span{position{l1, c1}, position{l2, c2}}, Text: ins}, enc)
		if err != nil {
			return
		}
		from, to := tx.offset(position{l1, c1}, enc), tx.offset(position{l2, c2}, enc)
		if got.s != s[:from]+ins+s[to:] {
			t.Fatalf("apply gave %q", got.s)
		}
		if utf8.ValidString(s) && utf8.ValidString(ins) && !utf8.ValidString(got.s) {
			t.Fatalf("an edit split a rune: %q", got.s)
		}
		for off := 0; off <= len(got.s); off++ {
			if p := got.position(off, enc); got.offset(p, enc) > off {
				t.Fatalf("offset(position(%d)) = %d, past it", off, got.offset(p, enc))
			}
		}
	})
}
