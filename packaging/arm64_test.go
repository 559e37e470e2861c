package packaging_test

import (
	"debug/elf"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/version"
)

// The games a simulate plays on the arm64 build: every game of the box.
var arm64Games = []string{"canyon", "canyonduel", "canoe", "canaille"}

// TestArm64Package cross-builds the arm64 package (build-deb --arch arm64),
// checks it as TestDebianPackage checks the machine's own (control data,
// files, lintian, hardening), then runs what it ships under qemu-user: a
// simulate of each game with tablee (recorded in SQLite), and a headless
// kiosk playing a game of two bots to its end. So the arm64 package is
// known to run, not only to link. Not in -short: it needs
// packaging/setup-cross, and a cold cross build of Fyne's cgo takes 10+
// minutes of CPU (then seconds, from Go's build cache). The emulator's
// times are logged, as figures of the emulator, never of a real board.
func TestArm64Package(t *testing.T) {
	if testing.Short() {
		t.Skip("cross-builds and emulates the arm64 package: minutes; run without -short after packaging/setup-cross")
	}
	for _, tool := range []string{"dpkg-deb", "dpkg-buildflags", "aarch64-linux-gnu-gcc", "aarch64-linux-gnu-objdump", "qemu-aarch64-static"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not found: the arm64 package needs packaging/setup-cross", tool)
		}
	}
	out := t.TempDir()
	t.Setenv("TABLEE_DEB_COMPRESSION", "gzip")
	began := time.Now()
	deb := strings.TrimSpace(run(t, "", "./build-deb", "--arch", "arm64", out))
	t.Logf("build-deb --arch arm64: %v", time.Since(began).Round(time.Second))
	if want := filepath.Join(out, fmt.Sprintf("tablee_%s_arm64.deb", version.Number())); deb != want {
		t.Fatalf("build-deb made %s, want %s", deb, want)
	}
	checkControl(t, deb, "arm64")
	checkFiles(t, deb)
	checkLintian(t, deb)
	x := t.TempDir()
	run(t, "", "dpkg", "-x", deb, x)
	checkCopyright(t, x)
	checkHardening(t, x)
	bin := func(b string) string { return filepath.Join(x, "usr/bin", b) }
	for _, b := range []string{"tablee", "kiosk", "companion"} {
		f, err := elf.Open(bin(b))
		if err != nil {
			t.Fatal(err)
		}
		if f.Machine != elf.EM_AARCH64 {
			t.Errorf("%s is for %v, not arm64", b, f.Machine)
		}
		f.Close()
		got := strings.TrimSpace(run(t, "", "qemu-aarch64-static", bin(b), "--version"))
		if !strings.HasPrefix(got, b+" "+version.Number()+" ") {
			t.Errorf("%s --version under qemu printed %q", b, got)
		}
	}

	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_DATA_HOME", "")
	for _, g := range arm64Games {
		began := time.Now()
		db := filepath.Join(t.TempDir(), "sim.db")
		got := run(t, "", "qemu-aarch64-static", bin("tablee"), "simulate", "--game", g, "--games", "5", "--seed", "7", "--db", db)
		t.Logf("arm64 tablee simulate --game %s --games 5 under qemu: %v\n%s", g, time.Since(began).Round(time.Millisecond), got)
		if strings.TrimSpace(got) == "" {
			t.Errorf("simulate --game %s printed nothing", g)
		}
	}

	began = time.Now()
	db := filepath.Join(t.TempDir(), "tablee.db")
	kiosk := exec.Command("qemu-aarch64-static", bin("kiosk"), "--headless", "--db", db,
		"--name", "Table 1", "--addr", "127.0.0.1:0", "--web-addr", "127.0.0.1:0", "--mdns=false",
		"--game", "canoe", "--seats", "2", "--bots", "random,random", "--exit-when-over")
	b, err := kiosk.CombinedOutput()
	if err != nil {
		t.Fatalf("arm64 kiosk --headless with two bots under qemu: %v\n%s", err, b)
	}
	t.Logf("arm64 kiosk --headless, a game of canoe between two bots to its end under qemu: %v", time.Since(began).Round(time.Millisecond))
	// The finished game, as the arm64 staff tool reads it from the
	// arm64 kiosk's database.
	sessions := run(t, "", "qemu-aarch64-static", bin("tablee"), "sessions", "--db", db)
	if !strings.Contains(strings.ToLower(sessions), "cano") {
		t.Errorf("tablee sessions lists no game of canoe after the kiosk's:\n%s", sessions)
	}
	t.Logf("tablee sessions:\n%s", sessions)
}
