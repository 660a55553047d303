package main

import (
	"fmt"
	"io"
)

func runReconnect(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "recoverlint reconnect: not built yet")
	return 2
}
