// Package golden holds what the code scanners' golden tests share: a
// stable text dump of a scan's units and calls with their positions, a
// compact diff, the comparison with a golden file (rewritten on -update),
// and a check of a unit's offset map.
package golden

import (
	"fmt"
	"go/token"
	"os"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/rules"
)

// Dump writes a scan as stable text: the error, every call with its
// position and the source it covers, every unit with the position of its
// first byte, its text and the context fields that are set.
func Dump(src []byte, name string, units []rules.Unit, calls []rules.Finding, scanErr error) string {
	file := token.NewFileSet().AddFile(name, -1, len(src))
	file.SetLinesForContent(src)
	pos := func(off int) string {
		p := file.Position(file.Pos(off))
		return fmt.Sprintf("%d:%d", p.Line, p.Column)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "path %s\n", name)
	if scanErr != nil {
		fmt.Fprintf(&b, "err %v\n", scanErr)
	}
	for _, c := range calls {
		fmt.Fprintf(&b, "call %s %s-%s %q\n", c.Rule, pos(c.Start), pos(c.End), src[c.Start:c.End])
	}
	for _, u := range units {
		fmt.Fprintf(&b, "unit %s %s %q\n", u.Kind, pos(u.Offsets.At(0)), u.Text)
		c := u.Ctx
		if len(c.Headings) > 0 {
			fmt.Fprintf(&b, "  headings %q\n", c.Headings)
		}
		if c.LeadIn != "" {
			fmt.Fprintf(&b, "  lead-in %q\n", c.LeadIn)
		}
		if c.Label != "" {
			fmt.Fprintf(&b, "  label %q\n", c.Label)
		}
		if c.ListItem {
			fmt.Fprintf(&b, "  list-item\n")
		}
		if c.Info != "" {
			fmt.Fprintf(&b, "  info %q\n", c.Info)
		}
		if c.Holder != "" {
			fmt.Fprintf(&b, "  holder %q\n", c.Holder)
		}
		if c.Annotates != "" {
			fmt.Fprintf(&b, "  annotates %q\n", c.Annotates)
		}
	}
	return b.String()
}

// Compare checks got against the golden file, or rewrites the file when
// update is set.
func Compare(t testing.TB, golden, got string, update bool) {
	t.Helper()
	if update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatalf("writing golden: %v", err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("reading golden (run go test -update to create it): %v", err)
	}
	if got != string(want) {
		t.Errorf("scan differs from %s (run go test -update to accept):\n%s", golden, Diff(string(want), got))
	}
}

// Diff shows the first lines that differ.
func Diff(want, got string) string {
	w := strings.Split(want, "\n")
	g := strings.Split(got, "\n")
	var b strings.Builder
	shown := 0
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl == gl {
			continue
		}
		fmt.Fprintf(&b, "line %d:\n- %s\n+ %s\n", i+1, wl, gl)
		if shown++; shown == 8 {
			b.WriteString("…\n")
			break
		}
	}
	return b.String()
}

// CheckOffsets fails when a unit's offset map does not fit its text and
// the source: one entry per byte plus one, non-decreasing, inside src,
// kept in as few runs as its entries allow.
func CheckOffsets(t testing.TB, src []byte, units []rules.Unit) {
	t.Helper()
	for _, u := range units {
		offs := u.Offsets.Entries()
		if len(offs) != len(u.Text)+1 {
			t.Fatalf("unit %q: %d offsets for %d bytes", u.Text, len(offs), len(u.Text))
		}
		runs := 0
		for i, o := range offs {
			if o < 0 || o > len(src) {
				t.Fatalf("unit %q: offset %d = %d outside the source (%d bytes)", u.Text, i, o, len(src))
			}
			if i > 0 && o < offs[i-1] {
				t.Fatalf("unit %q: offsets go back at %d (%d after %d)", u.Text, i, o, offs[i-1])
			}
			if i == 0 || o != offs[i-1]+1 {
				runs++
			}
		}
		if runs != u.Offsets.Runs() {
			t.Fatalf("unit %q: %d runs where %d would do", u.Text, u.Offsets.Runs(), runs)
		}
	}
}
