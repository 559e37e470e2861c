package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// netns makes two network namespaces joined by a veth pair: two test hosts
// on this machine, 10.99.0.1 and 10.99.0.2, with nothing else on their link.
func netns(t *testing.T) (a, b string) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("network namespaces need root; skipping the mDNS test between two hosts")
	}
	if _, err := exec.LookPath("ip"); err != nil {
		t.Skip("iproute2 (ip) is not installed")
	}
	tag := fmt.Sprint(os.Getpid() % 100000)
	a, b = "tableeA"+tag, "tableeB"+tag
	va, vb := "vta"+tag, "vtb"+tag
	steps := [][]string{
		{"netns", "add", a}, {"netns", "add", b},
		{"link", "add", va, "type", "veth", "peer", "name", vb},
		{"link", "set", va, "netns", a}, {"link", "set", vb, "netns", b},
		{"-n", a, "addr", "add", "10.99.0.1/24", "dev", va}, {"-n", b, "addr", "add", "10.99.0.2/24", "dev", vb},
		{"-n", a, "link", "set", va, "up"}, {"-n", b, "link", "set", vb, "up"},
		{"-n", a, "link", "set", "lo", "up"}, {"-n", b, "link", "set", "lo", "up"},
	}
	t.Cleanup(func() {
		exec.Command("ip", "netns", "del", a).Run()
		exec.Command("ip", "netns", "del", b).Run()
	})
	for _, s := range steps {
		if out, err := exec.Command("ip", s...).CombinedOutput(); err != nil {
			t.Skipf("cannot make network namespaces here (ip %s: %v: %s)", strings.Join(s, " "), err, out)
		}
	}
	return a, b
}

func TestPhonesFindTheTableOverMDNSBetweenTwoHosts(t *testing.T) {
	kiosk, companion := binaries(t)
	nsA, nsB := netns(t)
	dir := t.TempDir()
	k := startKiosk(t, "ip", "netns", "exec", nsA, kiosk, "--headless", "--db", filepath.Join(dir, "t.db"),
		"--name", "Table netns", "--game", "canoe", "--seats", "2", "--exit-when-over")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	errs := make(chan error, 2)
	logs := make([]string, 2)
	for i := range logs {
		logs[i] = filepath.Join(dir, fmt.Sprintf("phone%d.log", i))
		go func(i int) {
			out, err := exec.CommandContext(ctx, "ip", "netns", "exec", nsB, companion, "--headless",
				"--table", "Table netns", "--code", k.code, "--name", fmt.Sprint("P", i), "--bot", "default").CombinedOutput()
			os.WriteFile(logs[i], out, 0o644)
			errs <- err
		}(i)
	}
	for range logs {
		if err := <-errs; err != nil {
			for _, l := range logs {
				data, _ := os.ReadFile(l)
				t.Logf("%s:\n%s", l, data)
			}
			t.Fatalf("a phone in the other namespace failed: %v", err)
		}
	}
	for _, l := range logs {
		data, _ := os.ReadFile(l)
		if !strings.Contains(string(data), "10.99.0.1") || !strings.Contains(string(data), "result:") {
			t.Errorf("%s: did not play through the table found at 10.99.0.1:\n%s", l, data)
		}
	}
}
