package rules_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/rules"
)

func TestOffsets(t *testing.T) {
	tests := []struct {
		name    string
		entries []int
		runs    int
	}{
		{"empty", nil, 0},
		{"one", []int{7}, 1},
		{"identity", []int{0, 1, 2, 3}, 1},
		{"gap", []int{3, 4, 9, 10, 11}, 2},
		{"repeat", []int{5, 5, 5}, 3},
		{"down", []int{4, 3}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := rules.OffsetsOf(tt.entries)
			if o.Len() != len(tt.entries) || o.Runs() != tt.runs {
				t.Fatalf("len %d runs %d, want %d and %d", o.Len(), o.Runs(), len(tt.entries), tt.runs)
			}
			for i, want := range tt.entries {
				if got := o.At(i); got != want {
					t.Errorf("At(%d) = %d, want %d", i, got, want)
				}
			}
			if got := o.Entries(); !slices.Equal(got, tt.entries) && len(tt.entries) > 0 {
				t.Errorf("Entries() = %v", got)
			}
			for lo := 0; lo <= len(tt.entries); lo++ {
				for hi := lo; hi <= len(tt.entries); hi++ {
					if got := o.Slice(lo, hi).Entries(); !slices.Equal(got, tt.entries[lo:hi]) && hi > lo {
						t.Errorf("Slice(%d, %d) = %v", lo, hi, got)
					}
				}
			}
		})
	}
}

func TestOffsetsBadIndex(t *testing.T) {
	o := rules.IdentityOffsets(10, 3)
	for _, tc := range []struct {
		name string
		f    func()
	}{
		{"At(-1)", func() { o.At(-1) }},
		{"At(Len)", func() { o.At(3) }},
		{"empty At(0)", func() { rules.Offsets{}.At(0) }},
		{"Slice(2, 1)", func() { o.Slice(2, 1) }},
		{"Slice(0, 4)", func() { o.Slice(0, 4) }},
		{"Truncate(4)", func() { o.Truncate(4) }},
		{"Through outside", func() { rules.IdentityOffsets(2, 3).Through(rules.IdentityOffsets(0, 3)) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("no panic")
				}
			}()
			tc.f()
		})
	}
	if lo, hi, ok := (rules.Offsets{}).Bounds(); ok || lo != 0 || hi != 0 {
		t.Errorf("empty Bounds() = %d, %d, %v", lo, hi, ok)
	}
	if (rules.Offsets{}).Entries() == nil || len((rules.Offsets{}).Entries()) != 0 {
		t.Errorf("empty Entries() is not an empty slice")
	}
}

func TestOffsetsBuild(t *testing.T) {
	var o rules.Offsets
	o.AddRun(100, 5) // 100..104
	o.Add(105)       // extends the run
	o.Add(200)
	o.AddRun(201, 2) // extends again
	o.AddRun(300, 0) // nothing
	want := []int{100, 101, 102, 103, 104, 105, 200, 201, 202}
	if got := o.Entries(); !slices.Equal(got, want) || o.Runs() != 2 {
		t.Fatalf("entries %v in %d runs, want %v in 2", got, o.Runs(), want)
	}
	var p rules.Offsets
	p.Append(o, 4, 8)
	if got := p.Entries(); !slices.Equal(got, want[4:8]) || p.Runs() != 2 {
		t.Errorf("Append(4, 8) = %v in %d runs", got, p.Runs())
	}
	p.Truncate(2)
	if got := p.Entries(); !slices.Equal(got, want[4:6]) || p.Runs() != 1 {
		t.Errorf("Truncate(2) = %v in %d runs", got, p.Runs())
	}
	s := o.Clone()
	s.Shift(-100)
	if o.At(0) != 100 || s.At(0) != 0 || s.At(8) != 102 {
		t.Errorf("Shift changed the original or missed: %d, %d, %d", o.At(0), s.At(0), s.At(8))
	}
	if lo, hi, ok := o.Bounds(); !ok || lo != 100 || hi != 202 {
		t.Errorf("Bounds() = %d, %d, %v", lo, hi, ok)
	}
	// a shared identity map is never written through
	a := rules.IdentityOffsets(0, 3)
	b := rules.IdentityOffsets(0, 3)
	a.Reset()
	a.Add(50)
	a.Shift(1)
	if b.At(0) != 0 || a.At(0) != 51 {
		t.Errorf("identity maps share writes: %d, %d", b.At(0), a.At(0))
	}
	if i := o.Search(150); i != 6 {
		t.Errorf("Search(150) = %d, want 6", i)
	}
	if i := o.Search(500); i != o.Len() {
		t.Errorf("Search(500) = %d, want %d", i, o.Len())
	}
}

func TestOffsetsThrough(t *testing.T) {
	// outer: a text of 8 bytes cut from two places in a source
	outer := rules.OffsetsOf([]int{10, 11, 12, 13, 40, 41, 42, 43})
	inner := rules.OffsetsOf([]int{1, 2, 3, 4, 6, 7})
	want := []int{11, 12, 13, 40, 42, 43}
	got := inner.Through(outer)
	if !slices.Equal(got.Entries(), want) || got.Runs() != 3 {
		t.Errorf("Through = %v in %d runs, want %v in 3", got.Entries(), got.Runs(), want)
	}
	if e := (rules.Offsets{}).Through(outer); e.Len() != 0 {
		t.Errorf("empty Through = %v", e.Entries())
	}
}

// TestOffsetsCompact: text that a fold or a scanner keeps byte for byte is
// one run however long, non-ASCII text included.
func TestOffsetsCompact(t *testing.T) {
	text := strings.Repeat("Grüße – café, ", 1<<12)
	u := rules.NewUnit(rules.Prose, []byte(text), 0, len(text), rules.Context{})
	if u.Offsets.Runs() != 1 {
		t.Errorf("NewUnit: %d runs", u.Offsets.Runs())
	}
	if n := rules.FoldRuns(text); n > 1 {
		t.Errorf("fold of %d bytes of accented text: %d runs", len(text), n)
	}
}

func ExampleOffsets() {
	var o rules.Offsets
	o.AddRun(4, 3) // "run" at 4..6
	o.Add(9)       // a byte after markup that was dropped
	fmt.Println(o.Len(), o.Runs(), o.At(2), o.At(3))
	// Output: 4 2 6 9
}
