package rules

import (
	"fmt"
	"sort"
)

// Offsets maps the bytes of a text to byte offsets in a source: entry i
// is the offset of byte i, and a unit's map has one entry more than its
// text, the offset just past it. It is kept as runs: inside a run each
// entry is one more than the one before, so text cut verbatim from the
// source costs one run however long it is, where a slice of offsets
// cost eight bytes per byte of text.
//
// The zero value is an empty map. Add and AddRun append entries; a map
// is not changed once it is handed to a unit.
type Offsets struct {
	runs []offRun
	n    int // number of entries
}

// offRun is a run of entries from entry at on: entry at+k is off+k.
type offRun struct{ at, off int }

// IdentityOffsets returns the map of n entries start, start+1, …. From
// 0 it costs no allocation: the run is shared, and every change to a map
// copies a run it shares (appending to the full slice, or Shift).
func IdentityOffsets(start, n int) Offsets {
	if start == 0 && n > 0 {
		return Offsets{runs: fromZero[:1:1], n: n}
	}
	var o Offsets
	o.AddRun(start, n)
	return o
}

// OffsetsOf returns the map of the entries offs.
func OffsetsOf(offs []int) Offsets {
	var o Offsets
	for _, off := range offs {
		o.Add(off)
	}
	return o
}

var fromZero = [1]offRun{}

// Len is the number of entries.
func (o Offsets) Len() int { return o.n }

// Runs is the number of runs, what the map costs.
func (o Offsets) Runs() int { return len(o.runs) }

// last returns the last entry; the map must not be empty.
func (o *Offsets) last() int {
	r := o.runs[len(o.runs)-1]
	return r.off + o.n - 1 - r.at
}

// Add appends the entry off.
func (o *Offsets) Add(off int) {
	if o.n == 0 || off != o.last()+1 {
		o.runs = append(o.runs, offRun{at: o.n, off: off})
	}
	o.n++
}

// AddRun appends the n entries off, off+1, …, off+n-1.
func (o *Offsets) AddRun(off, n int) {
	if n <= 0 {
		return
	}
	o.Add(off)
	o.n += n - 1
}

// Append appends the entries [lo, hi) of p.
func (o *Offsets) Append(p Offsets, lo, hi int) {
	if lo < 0 || hi > p.n || lo > hi {
		panic(fmt.Sprintf("rules.Offsets: entries [%d:%d] of %d", lo, hi, p.n))
	}
	if lo == hi {
		return
	}
	for k := p.run(lo); k < len(p.runs) && p.runs[k].at < hi; k++ {
		r := p.runs[k]
		from, to := max(r.at, lo), min(p.runEnd(k), hi)
		o.AddRun(r.off+from-r.at, to-from)
	}
}

// Truncate keeps the first n entries.
func (o *Offsets) Truncate(n int) {
	if n < 0 || n > o.n {
		panic(fmt.Sprintf("rules.Offsets: truncate to %d of %d", n, o.n))
	}
	for len(o.runs) > 0 && o.runs[len(o.runs)-1].at >= n {
		o.runs = o.runs[:len(o.runs)-1]
	}
	o.n = n
}

// Reset empties the map and keeps its memory.
func (o *Offsets) Reset() {
	if len(o.runs) > 0 && &o.runs[0] == &fromZero[0] {
		o.runs = nil // shared: never written
	}
	o.runs = o.runs[:0]
	o.n = 0
}

// Clone returns a copy that shares no memory with o.
func (o Offsets) Clone() Offsets {
	return Offsets{runs: append([]offRun(nil), o.runs...), n: o.n}
}

// runEnd is the entry just past run k.
func (o Offsets) runEnd(k int) int {
	if k+1 < len(o.runs) {
		return o.runs[k+1].at
	}
	return o.n
}

// run returns the run that holds entry i.
func (o Offsets) run(i int) int {
	if i < 0 || i >= o.n {
		panic(fmt.Sprintf("rules.Offsets: entry %d of %d", i, o.n))
	}
	return sort.Search(len(o.runs), func(k int) bool { return o.runs[k].at > i }) - 1
}

// At returns entry i. It panics when i is not in [0, Len()), as an
// index out of a slice does.
func (o Offsets) At(i int) int {
	if len(o.runs) == 1 && i >= 0 && i < o.n {
		return o.runs[0].off + i // one run: most maps
	}
	r := o.runs[o.run(i)]
	return r.off + i - r.at
}

// Slice returns the entries [lo, hi) as a map of their own.
func (o Offsets) Slice(lo, hi int) Offsets {
	if lo < 0 || hi > o.n || lo > hi {
		panic(fmt.Sprintf("rules.Offsets: slice [%d:%d] of %d", lo, hi, o.n))
	}
	var s Offsets
	s.Append(o, lo, hi)
	return s
}

// Shift adds d to every entry.
func (o *Offsets) Shift(d int) {
	o.runs = append([]offRun(nil), o.runs...)
	for k := range o.runs {
		o.runs[k].off += d
	}
}

// Bounds returns the least and the greatest entry; ok is false for an
// empty map.
func (o Offsets) Bounds() (least, greatest int, ok bool) {
	if o.n == 0 {
		return 0, 0, false
	}
	least, greatest = o.runs[0].off, o.runs[0].off
	for k, r := range o.runs {
		least = min(least, r.off)
		greatest = max(greatest, r.off+o.runEnd(k)-1-r.at)
	}
	return least, greatest, true
}

// Through composes two maps: entry i of the result is outer.At(o.At(i)),
// for a map o into a text whose map to the source is outer. It panics
// when an entry of o is not an entry of outer.
func (o Offsets) Through(outer Offsets) Offsets {
	var c Offsets
	for k, r := range o.runs {
		for off, n := r.off, o.runEnd(k)-r.at; n > 0; {
			j := outer.run(off)
			q := outer.runs[j]
			m := min(n, outer.runEnd(j)-off)
			c.AddRun(q.off+off-q.at, m)
			off, n = off+m, n-m
		}
	}
	return c
}

// Search returns the least entry index i in [0, Len()) whose entry is at
// least off, or Len() when there is none; the entries must not decrease.
func (o Offsets) Search(off int) int {
	k := sort.Search(len(o.runs), func(k int) bool { return o.runs[k].off+o.runEnd(k)-1-o.runs[k].at >= off })
	if k == len(o.runs) {
		return o.n
	}
	r := o.runs[k]
	return r.at + max(0, off-r.off)
}

// Entries returns every entry, one int per entry: for tests and for
// reading a map by eye, never for a unit's text.
func (o Offsets) Entries() []int {
	out := make([]int, 0, o.n)
	for k, r := range o.runs {
		for i := r.at; i < o.runEnd(k); i++ {
			out = append(out, r.off+i-r.at)
		}
	}
	return out
}
