package prose

import (
	"strings"
	"testing"
)

func TestPkillHintIsBlocked(t *testing.T) {
	hint := "run pkill -f bridge"
	if !strings.Contains(hint, "pkill") {
		t.Fatal("want the hint to name pkill")
	}
}
