package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// loopbackOnly makes a network namespace with only its loopback up: a
// table whose Wi-Fi is down.
func loopbackOnly(t *testing.T) string {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("network namespaces need root")
	}
	if _, err := exec.LookPath("ip"); err != nil {
		t.Skip("iproute2 (ip) is not installed")
	}
	ns := fmt.Sprint("tableeLo", os.Getpid()%100000)
	t.Cleanup(func() { exec.Command("ip", "netns", "del", ns).Run() })
	for _, s := range [][]string{{"netns", "add", ns}, {"-n", ns, "link", "set", "lo", "up"}} {
		if out, err := exec.Command("ip", s...).CombinedOutput(); err != nil {
			t.Skipf("cannot make a network namespace here (ip %s: %v: %s)", strings.Join(s, " "), err, out)
		}
	}
	return ns
}

// With only loopback, `kiosk --headless --mdns` runs (it exited:
// "discovery: advertise … could not determine host IP addresses"),
// prints its code= line and says why phones cannot join; once an address
// appears it advertises itself.
func TestTheTableStartsWithoutANetwork(t *testing.T) {
	kiosk, _ := binaries(t)
	ns := loopbackOnly(t)
	k := startKiosk(t, "ip", "netns", "exec", ns, kiosk, "--headless", "--db", filepath.Join(t.TempDir(), "t.db"),
		"--name", "Table hors ligne", "--game", "canoe", "--seats", "2", "--mdns", "--console-addr", "127.0.0.1:0")
	waitLog(t, k, "phones cannot join until it has a network address")
	alive(t, k)
	// The cable comes back: a veth pair inside the namespace, an
	// address on one end.
	lanA, lanB := fmt.Sprint("tla", os.Getpid()%100000), fmt.Sprint("tlb", os.Getpid()%100000)
	for _, s := range [][]string{
		{"-n", ns, "link", "add", lanA, "type", "veth", "peer", "name", lanB},
		{"-n", ns, "addr", "add", "10.97.0.1/24", "dev", lanA},
		{"-n", ns, "link", "set", lanB, "up"},
		{"-n", ns, "link", "set", lanA, "up"},
	} {
		if out, err := exec.Command("ip", s...).CombinedOutput(); err != nil {
			t.Fatalf("ip %s: %v: %s", strings.Join(s, " "), err, out)
		}
	}
	waitLog(t, k, "the table is advertised again")
}
