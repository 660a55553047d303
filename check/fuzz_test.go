package check_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/recoverlint/recoverlint/check"
)

// FuzzSource: no input makes any scanner or rule panic (Source would
// turn it into a *PanicError), for every kind the names pick, through the
// UTF-16 and lone-CR readings too; every finding lies inside the file.
func FuzzSource(f *testing.F) {
	for _, s := range []string{
		"# Troubleshooting\r\rIf it hangs, run `pkill -f relay`.\r",
		"\xff\xfeR\x00u\x00n\x00 \x00p\x00k\x00i\x00l\x00l\x00",
		"{\"a\": \"x\",, \"b\": \"If the relay hangs, run pkill -f relay\"}",
		"x = `${`${\"a\"//b",
		"package p\n/*",
		"k." + "k.k.k.k.k = 1\n",
	} {
		f.Add([]byte(s))
	}
	names := []string{"a.md", "a.txt", "a.go", "a.py", "a.sh", "a.ts", "a.json", "a.yaml", "a.toml"}
	c := check.NewChecker()
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, name := range names {
			fs, err := c.Source(name, src, check.Config{})
			var pe *check.PanicError
			if errors.As(err, &pe) {
				t.Fatalf("%s: %v", name, err)
			}
			lines := bytes.Count(src, []byte("\n")) + bytes.Count(src, []byte("\r")) + 1
			for _, fd := range fs {
				if fd.Line < 1 || fd.Line > lines || fd.Column < 1 {
					t.Fatalf("%s: finding at %d:%d outside a file of %d lines", name, fd.Line, fd.Column, lines)
				}
			}
		}
	})
}
