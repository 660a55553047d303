package goscan_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/recoverlint/recoverlint/goscan"
)

// FuzzScan: any input scans without a panic, and every unit and call
// finding stays inside the source.
func FuzzScan(f *testing.F) {
	files, _ := filepath.Glob("../analyzer/testdata/src/*/*.go")
	for _, name := range files {
		if src, err := os.ReadFile(name); err == nil {
			f.Add(src)
		}
	}
	f.Add([]byte("exec.Command(\"sh\", \"-c\", \"pkill -f x\")"))
	f.Add([]byte("package p\n/*")) // an unterminated comment, once a slice panic
	f.Add([]byte("var a = \"if it hangs, \" + \"run \\u00e9 kill\""))
	f.Fuzz(func(t *testing.T, src []byte) {
		res := goscan.Scan(src, "f.go")
		for _, u := range res.Units {
			if u.Offsets.Len() != len(u.Text)+1 {
				t.Fatalf("unit %q has %d offsets", u.Text, u.Offsets.Len())
			}
			for _, o := range u.Offsets.Entries() {
				if o < 0 || o > len(src) {
					t.Fatalf("unit %q maps outside the source: %d of %d", u.Text, o, len(src))
				}
			}
		}
		for _, c := range res.Calls {
			if c.Start < 0 || c.End < c.Start || c.End > len(src) {
				t.Fatalf("call finding %+v outside the source (%d bytes)", c, len(src))
			}
		}
	})
}
