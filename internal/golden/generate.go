package golden

import (
	"bytes"
	_ "embed"
	"fmt"
	"math/rand/v2"
)

// Generate builds a document of n lines from fragments, from a fixed seed
// so that a failure can be reproduced.
func Generate(fragments []string, seed uint64, n int) []byte {
	r := rand.New(rand.NewPCG(seed, 1))
	var b bytes.Buffer
	for range n {
		for k := r.IntN(3); k >= 0; k-- {
			b.WriteString(fragments[r.IntN(len(fragments))])
			if r.IntN(3) == 0 {
				b.WriteByte(' ')
			}
		}
		if r.IntN(5) == 0 {
			b.WriteString("\r\n")
		} else {
			b.WriteString("\n")
		}
	}
	return b.Bytes()
}

// promptSection is one part of a realistic prompt file, repeated (with
// the section number for each %d) to build the benchmark document. It is
// Markdown beside this file, so the project's self-check reads its Bad
// label as the ban it is.
//
//go:embed prompt_section.md
var promptSection string

// Prompt returns an agent prompt file of about size bytes: headed
// sections of instructions, bans, a labelled code block, as benchmarks of
// the text scanners read.
func Prompt(size int) []byte {
	var b bytes.Buffer
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, promptSection, i, i, i)
	}
	return b.Bytes()
}
