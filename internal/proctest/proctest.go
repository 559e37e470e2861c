// Package proctest builds and starts the programs the end-to-end tests
// run as real processes (cmd/kiosk's, cmd/tablee's, kiosk/web's crash
// tests): go build into a test's folder, and a start that waits for the
// line a program announces itself with. What each test reads in that line
// stays with the test.
package proctest

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"
)

// Build builds the package pkg (as go build names it, relative to the
// test's folder) into the file bin.
func Build(bin, pkg string) error {
	if out, err := exec.Command("go", "build", "-o", bin, pkg).CombinedOutput(); err != nil {
		return fmt.Errorf("go build %s: %w\n%s", pkg, err, out)
	}
	return nil
}

// Start starts cmd with its standard error written to the file errFile
// and returns the first line it prints on standard output, "" when it
// exits without one; the rest of its output is read and dropped, so that
// it never blocks on a full pipe. The process is killed and waited for
// when tb ends. tb fails, showing errFile, when no line comes within
// wait.
func Start(tb testing.TB, cmd *exec.Cmd, errFile string, wait time.Duration) string {
	tb.Helper()
	ef, err := os.Create(errFile)
	if err != nil {
		tb.Fatal(err)
	}
	cmd.Stderr = ef
	out, err := cmd.StdoutPipe()
	if err != nil {
		tb.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		ef.Close()
	})
	line := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		if sc.Scan() {
			line <- sc.Text()
		}
		close(line)
		for sc.Scan() {
		}
	}()
	select {
	case l := <-line:
		return l
	case <-time.After(wait):
		data, _ := os.ReadFile(errFile)
		tb.Fatalf("%s did not start within %v:\n%s", cmd.Path, wait, data)
	}
	return ""
}

// FreePort is a loopback TCP port free now, for a program that must listen
// on the same one after a restart.
func FreePort(tb testing.TB) string {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	defer ln.Close()
	return strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
}
