package restart_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/restart"
)

// FuzzDecode checks that no input panics Decode or Evaluate, that every
// error points inside the input, and that what Decode accepts evaluates.
func FuzzDecode(f *testing.F) {
	f.Add([]byte(goodInventory))
	f.Add([]byte(`{"sessions": [{"id": "a", "status": "active", "pid": 3}], "leases": null}`))
	files, _ := filepath.Glob(filepath.Join(samplesDir, "*.json"))
	for _, name := range files {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		inv, err := restart.Decode(data)
		if err != nil {
			var de *restart.DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("error %v is not a *DecodeError", err)
			}
			lines := strings.Count(string(data), "\n") + 1
			if de.Line < 1 || de.Line > lines || de.Column < 1 || de.Column > len(data)+1 {
				t.Fatalf("error %q points outside the %d-line input", de, lines)
			}
			return
		}
		r := restart.Evaluate(inv, restart.Options{Now: clock()})
		if r.AllowRestart == (r.Verdict == restart.Unsafe) {
			t.Fatalf("verdict %s with allow_restart %v", r.Verdict, r.AllowRestart)
		}
	})
}
