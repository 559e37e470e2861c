// Package version holds Tablée's release version. The one place it is
// written is the VERSION file beside this package: the binaries' --version,
// the Debian package and the Fyne apps' metadata all read it from there.
package version

import (
	_ "embed"
	"fmt"
	"runtime"
	"strings"
)

//go:embed VERSION
var file string

// Number is the release version, e.g. "0.1.0".
func Number() string { return strings.TrimSpace(file) }

// Line is what a program prints for --version: its name, the release and
// the Go toolchain that built it.
func Line(program string) string {
	return fmt.Sprintf("%s %s (%s, %s/%s)", program, Number(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
