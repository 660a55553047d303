package automaton

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"io"
	"slices"
)

// A table file is a run of entries, each an automaton under a name:
//
//	name length (1 byte), name, fingerprint (8), size (4), size bytes of
//	the automaton, deflated
//
// Integers are little-endian. The fingerprint covers the groups, the
// syntax fields that shape the automaton, and tableFormat, so an entry
// made from other patterns, another syntax or an older construction is
// never loaded for these.

// tableFormat changes whenever the encoding or the construction does.
const tableFormat = 3 // 3: minimized automata

// fingerprint identifies the automaton that groups and syn make.
func fingerprint(groups [][]string, syn *Syntax) uint64 {
	vanish := []byte(syn.Vanish)
	slices.Sort(vanish)
	h := fnv.New64a()
	fmt.Fprintf(h, "format %d guarded %d vanish %q\n", tableFormat, syn.Guarded, slices.Compact(vanish))
	for i, g := range groups {
		fmt.Fprintf(h, "group %d\n", i)
		for _, p := range g {
			h.Write([]byte(p))
			h.Write([]byte{0})
		}
	}
	return h.Sum64()
}

// Load returns the automaton of this name in a table file, when the file
// holds one made from exactly these groups and syntax and it decodes; it
// is then the automaton Compile(groups, syn) builds, read in a fraction
// of the time.
func Load(tables []byte, name string, groups [][]string, syn Syntax) (*DFA, bool) {
	if syn.check() != nil {
		return nil, false
	}
	fp := fingerprint(groups, &syn)
	b := tables
	for len(b) > 0 {
		n := int(b[0])
		if len(b) < 1+n+12 {
			return nil, false
		}
		entry := string(b[1 : 1+n])
		efp := binary.LittleEndian.Uint64(b[1+n:])
		size := int(binary.LittleEndian.Uint32(b[1+n+8:]))
		b = b[1+n+12:]
		if size > len(b) {
			return nil, false
		}
		if entry == name && efp == fp {
			raw, err := io.ReadAll(flate.NewReader(bytes.NewReader(b[:size])))
			if err != nil {
				return nil, false
			}
			d, ok := decode(raw, &syn)
			if !ok || d.guarded != syn.Guarded {
				return nil, false
			}
			d.fp = fp
			return d, true
		}
		b = b[size:]
	}
	return nil, false
}

// AppendTable appends to a table file an entry that holds d under name.
func AppendTable(dst []byte, name string, d *DFA) ([]byte, error) {
	if len(name) > 255 {
		return dst, fmt.Errorf("table name %q: over 255 bytes", name)
	}
	var raw bytes.Buffer
	le := binary.LittleEndian
	raw.Write(d.a.cls[:])
	raw.Write(le.AppendUint16(nil, uint16(d.a.n)))
	for _, a := range d.a.alnum {
		if a {
			raw.WriteByte(1)
		} else {
			raw.WriteByte(0)
		}
	}
	raw.WriteByte(byte(d.shift))
	raw.Write(le.AppendUint32(nil, uint32(len(d.acc))))
	raw.Write(le.AppendUint16(nil, d.start))
	raw.Write(le.AppendUint16(nil, d.accFrom))
	raw.Write(le.AppendUint64(nil, d.guarded))
	for _, a := range d.acc {
		raw.Write(le.AppendUint64(nil, a))
	}
	for _, q := range d.quiet {
		if q {
			raw.WriteByte(1)
		} else {
			raw.WriteByte(0)
		}
	}
	for st := range d.acc {
		for c := 0; c < d.a.n; c++ {
			raw.Write(le.AppendUint16(nil, d.step(uint16(st), c)))
		}
	}
	var z bytes.Buffer
	w, _ := flate.NewWriter(&z, flate.BestCompression)
	// writing to a bytes.Buffer through flate cannot fail
	_, _ = w.Write(raw.Bytes())
	_ = w.Close()
	dst = append(dst, byte(len(name)))
	dst = append(dst, name...)
	dst = le.AppendUint64(dst, d.fp)
	dst = le.AppendUint32(dst, uint32(z.Len()))
	return append(dst, z.Bytes()...), nil
}

// decode reads what AppendTable deflated, checking every size.
func decode(b []byte, syn *Syntax) (*DFA, bool) {
	le := binary.LittleEndian
	if len(b) < 258 {
		return nil, false
	}
	a := &alphabet{}
	copy(a.cls[:], b)
	a.n = int(le.Uint16(b[256:]))
	b = b[258:]
	if a.n < clsFirst || a.n > 256 || len(b) < a.n+17 {
		return nil, false
	}
	a.alnum = make([]bool, a.n)
	for i := range a.alnum {
		a.alnum[i] = b[i] == 1
	}
	a.setLoop(syn.Openers)
	b = b[a.n:]
	d := &DFA{a: a, shift: uint(b[0]), syn: syn}
	states := int(le.Uint32(b[1:]))
	d.start, d.accFrom = le.Uint16(b[5:]), le.Uint16(b[7:])
	d.guarded = le.Uint64(b[9:])
	b = b[17:]
	if d.shift > 8 || 1<<d.shift < a.n || states > maxDFAStates || len(b) != states*(8+1+2*a.n) ||
		int(d.start) >= states || int(d.accFrom) > states {
		return nil, false
	}
	d.acc = make([]uint64, states)
	for i := range d.acc {
		d.acc[i] = le.Uint64(b[8*i:])
	}
	b = b[8*states:]
	d.quiet = make([]bool, states)
	for i := range d.quiet {
		d.quiet[i] = b[i] == 1
	}
	b = b[states:]
	d.trans = make([]uint16, states<<d.shift)
	for st := 0; st < states; st++ {
		for c := 0; c < a.n; c++ {
			t := le.Uint16(b[2*(st*a.n+c):])
			if int(t) >= states {
				return nil, false
			}
			d.trans[st<<d.shift|c] = t
		}
	}
	return d, true
}
