package main

import (
	"fmt"
	"io"
)

func runGUI(stderr io.Writer) int {
	fmt.Fprintln(stderr, "companion: the windowed app is not built yet; use --headless")
	return exitUsage
}
