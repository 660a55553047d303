package main

import (
	"fmt"
	"io"
)

func runRestartImpact(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "recoverlint restart-impact: not built yet")
	return 2
}
