package automaton

import "bytes"

// Marks appends to dst the places in src where a pattern ends, and
// reports whether they are certain; when they are not (a stretch too
// complex to follow), every part of src must be taken as holding every
// group. The marks come in no particular order, and one place may be
// marked more than once. With byLine, the marks that end on one line
// (their last bytes, End-1, with no line feed between them, at most
// maxLineGap apart) are folded into one, which ends where the last of
// them does and carries all their groups: a one-line file full of words
// makes a few marks instead of a million.
//
// A longer text is read as two or four streams at once, each from a line
// start: a step of the automaton waits for the table load of the last, and
// independent streams let the processor overlap them. A stream after the
// first starts as the whole text's reading does after a line break; the
// stream before it reads on past that start until nothing it began is
// partly matched. Automaton states are sets of partial matches, so the
// streams together mark exactly what one stream would (scanOne).
func (d *DFA) Marks(src []byte, dst []Mark, byLine bool) ([]Mark, bool) {
	sc := scanner{d: d, src: src, marks: dst, byLine: byLine}
	sc.streams()
	return sc.marks, !sc.uncertain
}

// streams reads sc.src as Marks does; with stopAtMark set, it stops
// early once some mark is made.
func (sc *scanner) streams() {
	d, src := sc.d, sc.src
	var cut [4]int // stream starts; cut[0] = 0
	k := 1
	switch {
	case len(src) >= minBytes4:
		k = lineStarts(src, cut[:4])
	case len(src) >= minBytes2:
		k = lineStarts(src, cut[:2])
	}
	var end [4]int
	for s := 0; s < k; s++ {
		end[s] = len(src)
		if s+1 < k {
			end[s] = cut[s+1]
		}
	}
	var state [4]uint16
	for s := range state {
		state[s] = d.start
	}
	pos := cut
	switch k {
	case 4:
		sc.run4(&state, &pos, &end)
	case 2:
		state[0], pos[0], state[1], pos[1] = sc.run2(state[0], pos[0], end[0], state[1], pos[1], end[1])
	}
	for s := 0; s < k; s++ {
		if sc.stopped() {
			return
		}
		a := sc.run(state[s], pos[s], end[s])
		i := end[s]
		// a stream's matches that run past the next stream's start
		for i < len(src) && !d.quiet[a] && !sc.stopped() {
			a = sc.runByte(a, &i, len(src))
		}
		if i == len(src) && (s == k-1 || !d.quiet[a]) {
			// the end of the text is a boundary
			if a = d.step(a, clsOther); a >= d.accFrom {
				sc.mark(len(src), d.acc[a])
			}
		}
	}
}

// stopped reports whether a reading that stops at the first mark made one.
func (sc *scanner) stopped() bool { return sc.stopAtMark && len(sc.marks) > 0 }

// Texts this long are read in two or four streams.
const (
	minBytes2 = 2 << 10
	minBytes4 = 8 << 10
)

// lineStarts fills cut with 0 and paragraph starts (the line after a
// blank line) near len(src)*s/len(cut) and returns how many streams that
// makes: len(cut), or 1 when no blank line is near enough. A stream starts
// as the text's reading does after a line break; a stretch that may
// vanish (an HTML tag, a link, in Markdown) can run across a single line
// break, and the scan reads it as one, so a stream may only start where
// no stretch is open: after a blank line, which ends them (Syntax.Stretch;
// FuzzStreamsAgree found a tag cut at a plain line start).
func lineStarts(src []byte, cut []int) int {
	cut[0] = 0
	for s := 1; s < len(cut); s++ {
		from := len(src) * s / len(cut)
		if from <= cut[s-1] {
			return 1
		}
		k := bytes.Index(src[from:], []byte("\n\n"))
		if k < 0 || from+k+2 >= len(src) || from+k+2 >= len(src)*(s+1)/len(cut) {
			return 1
		}
		cut[s] = from + k + 2
	}
	return len(cut)
}

// scanOne is Marks in a single stream: the reference the streams of
// Marks must agree with.
func (d *DFA) scanOne(src []byte, marks []Mark) ([]Mark, bool) {
	sc := scanner{d: d, src: src, marks: marks}
	st := sc.run(d.start, 0, len(src))
	if st = d.step(st, clsOther); st >= d.accFrom {
		sc.mark(len(src), d.acc[st])
	}
	return sc.marks, !sc.uncertain
}

// Contains reports whether some pattern matches in src, reading only as
// far as the first match; the second result is as Marks's.
func (d *DFA) Contains(src []byte) (found, ok bool) {
	sc := scanner{d: d, src: src, stopAtMark: true}
	sc.streams()
	// a match found is certain, whatever was uncertain elsewhere
	found = len(sc.marks) > 0
	return found, found || !sc.uncertain
}

// run2 reads src[i:iEnd] from state a and src[j:jEnd] from state b in
// lockstep while neither meets a byte for runByte, and returns the states
// and where each stream stopped.
func (sc *scanner) run2(a uint16, i, iEnd int, b uint16, j, jEnd int) (uint16, int, uint16, int) {
	d, src := sc.d, sc.src
	loop := &d.a.loop
	shift := d.shift
	trans, accFrom := d.trans, d.accFrom
	for !sc.stopped() {
		m := min(iEnd-i, jEnd-j)
		if m <= 0 {
			break
		}
		s0, s1 := src[i:i+m], src[j:j+m]
		_ = s1[len(s0)-1]
		t := 0
		for ; t < len(s0); t++ {
			x, y := loop[s0[t]], loop[s1[t]]
			if x|y >= slow {
				break
			}
			a = trans[uint(a)<<shift|uint(x)]
			b = trans[uint(b)<<shift|uint(y)]
			if a >= accFrom || b >= accFrom {
				if a >= accFrom {
					sc.mark(i+t+1, d.acc[a])
				}
				if b >= accFrom {
					sc.mark(j+t+1, d.acc[b])
				}
				if sc.stopped() {
					t++
					break
				}
			}
		}
		i, j = i+t, j+t
		if t == m || sc.stopped() {
			continue
		}
		if loop[src[i]] == slow {
			a = sc.runByte(a, &i, iEnd)
		}
		if loop[src[j]] == slow {
			b = sc.runByte(b, &j, jEnd)
		}
	}
	return a, i, b, j
}

// run4 is run2 for four streams: st, pos and end hold each stream's
// state, place and end, and are left where the first stream to meet its
// end stopped.
func (sc *scanner) run4(st *[4]uint16, pos, end *[4]int) {
	d, src := sc.d, sc.src
	loop := &d.a.loop
	shift := d.shift
	trans, accFrom := d.trans, d.accFrom
	a, b, c, e := st[0], st[1], st[2], st[3]
	i, j, k, l := pos[0], pos[1], pos[2], pos[3]
	for !sc.stopped() {
		m := min(end[0]-i, end[1]-j, end[2]-k, end[3]-l)
		if m <= 0 {
			break
		}
		// the next m bytes of each stream, read with one bound
		s0, s1, s2, s3 := src[i:i+m], src[j:j+m], src[k:k+m], src[l:l+m]
		_, _, _ = s1[len(s0)-1], s2[len(s0)-1], s3[len(s0)-1]
		t := 0
		for ; t < len(s0); t++ {
			w, x, y, z := loop[s0[t]], loop[s1[t]], loop[s2[t]], loop[s3[t]]
			if w|x|y|z >= slow {
				break
			}
			a = trans[uint(a)<<shift|uint(w)]
			b = trans[uint(b)<<shift|uint(x)]
			c = trans[uint(c)<<shift|uint(y)]
			e = trans[uint(e)<<shift|uint(z)]
			if a >= accFrom || b >= accFrom || c >= accFrom || e >= accFrom {
				if a >= accFrom {
					sc.mark(i+t+1, d.acc[a])
				}
				if b >= accFrom {
					sc.mark(j+t+1, d.acc[b])
				}
				if c >= accFrom {
					sc.mark(k+t+1, d.acc[c])
				}
				if e >= accFrom {
					sc.mark(l+t+1, d.acc[e])
				}
				if sc.stopped() {
					t++
					break
				}
			}
		}
		i, j, k, l = i+t, j+t, k+t, l+t
		if t == m || sc.stopped() {
			continue
		}
		// some stream is at a byte for runByte
		if loop[src[i]] == slow {
			a = sc.runByte(a, &i, end[0])
		}
		if loop[src[j]] == slow {
			b = sc.runByte(b, &j, end[1])
		}
		if loop[src[k]] == slow {
			c = sc.runByte(c, &k, end[2])
		}
		if loop[src[l]] == slow {
			e = sc.runByte(e, &l, end[3])
		}
	}
	*st = [4]uint16{a, b, c, e}
	*pos = [4]int{i, j, k, l}
}
