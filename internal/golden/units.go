package golden

import (
	"fmt"
	"go/token"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/rules"
)

// DumpUnits writes the units of a text scanner (Markdown, prose) as
// stable text: kind, line:col of the first byte, the text, its code spans
// and every context field that is set.
func DumpUnits(src []byte, path string, units []rules.Unit) string {
	fset := token.NewFileSet()
	file := fset.AddFile(path, -1, len(src))
	file.SetLinesForContent(src)
	var b strings.Builder
	fmt.Fprintf(&b, "path %s\n", path)
	for _, u := range units {
		pos := file.Position(file.Pos(u.Offsets.At(0)))
		fmt.Fprintf(&b, "%s %d:%d %q\n", u.Kind, pos.Line, pos.Column, u.Text)
		for _, c := range u.Code {
			fmt.Fprintf(&b, "\tcode %d-%d %q\n", c.Start, c.End, u.Text[c.Start:c.End])
		}
		c := u.Ctx
		if c.Path != path {
			fmt.Fprintf(&b, "\tpath %q\n", c.Path)
		}
		if len(c.Headings) > 0 {
			fmt.Fprintf(&b, "\theadings %s\n", quoteAll(c.Headings, " > "))
		}
		if c.Label != "" {
			fmt.Fprintf(&b, "\tlabel %q\n", c.Label)
		}
		if c.LeadIn != "" {
			fmt.Fprintf(&b, "\tlead-in %q\n", c.LeadIn)
		}
		if c.ListItem {
			fmt.Fprintf(&b, "\tlist-item ordered=%t\n", c.Ordered)
		} else if c.Ordered {
			fmt.Fprintf(&b, "\tordered without list-item\n")
		}
		if c.Task {
			fmt.Fprintf(&b, "\ttask open\n")
		}
		if c.Done {
			fmt.Fprintf(&b, "\ttask done\n")
		}
		if c.Quote {
			fmt.Fprintf(&b, "\tquote\n")
		}
		if c.Column != "" {
			fmt.Fprintf(&b, "\tcolumn %q\n", c.Column)
		}
		if len(c.Row) > 0 {
			fmt.Fprintf(&b, "\trow %s\n", quoteAll(c.Row, " | "))
		}
		if c.Info != "" {
			fmt.Fprintf(&b, "\tinfo %q\n", c.Info)
		}
		if c.Before != "" {
			fmt.Fprintf(&b, "\tbefore %q\n", c.Before)
		}
		if c.After != "" {
			fmt.Fprintf(&b, "\tafter %q\n", c.After)
		}
	}
	return b.String()
}

func quoteAll(ss []string, sep string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, sep)
}

// CheckUnits reports every unit whose offsets do not map its text back to
// src: each byte of Text sits at its offset in src (a '\n' that stands for
// a line break may sit on a '\r'), offsets strictly increase, the last one
// is just past the unit, and code spans lie inside the text in order.
func CheckUnits(t testing.TB, src []byte, path string, units []rules.Unit) {
	t.Helper()
	for k, u := range units {
		if msg := unitError(src, path, u); msg != "" {
			t.Fatalf("unit %d (%s %q): %s", k, u.Kind, u.Text, msg)
		}
	}
}

func unitError(src []byte, path string, u rules.Unit) string {
	if u.Text == "" {
		return "empty text"
	}
	offs := u.Offsets.Entries()
	if len(offs) != len(u.Text)+1 {
		return fmt.Sprintf("%d offsets for %d bytes", len(offs), len(u.Text))
	}
	for i := 0; i < len(u.Text); i++ {
		off := offs[i]
		if off < 0 || off >= len(src) {
			return fmt.Sprintf("offset %d of byte %d outside the source", off, i)
		}
		if i > 0 && off <= offs[i-1] {
			return fmt.Sprintf("offset %d of byte %d does not increase", off, i)
		}
		if c := u.Text[i]; src[off] != c && !(c == '\n' && src[off] == '\r') {
			return fmt.Sprintf("byte %d is %q but the source at %d has %q", i, c, off, src[off])
		}
	}
	if end := offs[len(u.Text)]; end != offs[len(u.Text)-1]+1 || end > len(src) {
		return fmt.Sprintf("final offset %d is not just past the last byte", end)
	}
	last := 0
	for _, c := range u.Code {
		if c.Start < last || c.End <= c.Start || c.End > len(u.Text) {
			return fmt.Sprintf("code span %v out of order or outside the text", c)
		}
		last = c.End
	}
	if u.Ctx.Path != path {
		return fmt.Sprintf("path %q, want %q", u.Ctx.Path, path)
	}
	return ""
}
