package prose

import (
	"os/exec"
	"strings"
	"testing"
)

// Test code performs no finding: neither its strings, its comments nor
// its calls, which would all be findings outside a test.

func TestPkillHintIsBlocked(t *testing.T) {
	hint := "run pkill -f bridge"
	if !strings.Contains(hint, "pkill") {
		t.Fatal("want the hint to name pkill")
	}
}

func TestStaleBridge(t *testing.T) {
	// If the bridge hangs, run pkill -f bridge and start it again.
	_ = exec.Command("pkill", "-f", "bridge").Run()
}
