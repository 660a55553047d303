package rules

import (
	"fmt"
	"os"
	"testing"
)

func TestZZAbout(t *testing.T) {
	p := os.Getenv("ABOUT")
	if p == "" {
		t.Skip()
	}
	src, _ := os.ReadFile(p)
	found, ok := builtinFilter.words[wDocClient].get().contains(src)
	fmt.Println("found", found, "ok", ok)
}
