// Package packaging_test builds the Debian package with build-deb and
// checks it the way a table PC would meet it: control data and file list,
// systemd units, installation into a throw-away root with its maintainer
// scripts, the installed programs running, removal keeping the data and
// purge deleting it.
package packaging_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tablee/tablee/version"
)

// The package's files, as dpkg-deb -c lists them.
var wantFiles = []string{
	"./usr/bin/tablee", "./usr/bin/kiosk", "./usr/bin/companion",
	"./lib/systemd/system/tablee-kiosk.service",
	"./lib/systemd/system/tablee-backup.service",
	"./lib/systemd/system/tablee-backup.timer",
	"./usr/lib/sysusers.d/tablee.conf",
	"./etc/pam.d/tablee-kiosk",
	"./etc/ufw/applications.d/tablee",
	"./usr/share/man/man1/tablee.1.gz", "./usr/share/man/man1/kiosk.1.gz", "./usr/share/man/man1/companion.1.gz",
	"./usr/share/doc/tablee/copyright", "./usr/share/doc/tablee/install.md",
}

var units = []string{"tablee-kiosk.service", "tablee-backup.service", "tablee-backup.timer"}

func TestDebianPackage(t *testing.T) {
	// Not skipped with -short: scripts/test runs -short, and this test is
	// how the package is checked there (about a minute: the build cache is
	// reused and the package is left uncompressed).
	for _, tool := range []string{"dpkg-deb", "dpkg", "objdump"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not found: building a .deb needs a Debian system", tool)
		}
	}
	out := t.TempDir()
	// Uncompressed: xz would spend a minute of CPU on what the test
	// unpacks at once.
	t.Setenv("TABLEE_DEB_COMPRESSION", "none")
	deb := strings.TrimSpace(run(t, "", "./build-deb", out))
	arch := strings.TrimSpace(run(t, "", "dpkg", "--print-architecture"))
	if want := filepath.Join(out, fmt.Sprintf("tablee_%s_%s.deb", version.Number(), arch)); deb != want {
		t.Fatalf("build-deb made %s, want %s", deb, want)
	}
	checkControl(t, deb, arch)
	checkFiles(t, deb)

	x := t.TempDir()
	run(t, "", "dpkg", "-x", deb, x)
	checkCopyright(t, x)
	verifyUnits(t, x)
	for _, b := range []string{"tablee", "kiosk", "companion"} {
		got := strings.TrimSpace(run(t, "", filepath.Join(x, "usr/bin", b), "--version"))
		if !strings.HasPrefix(got, b+" "+version.Number()+" ") {
			t.Errorf("%s --version printed %q", b, got)
		}
	}
	if os.Geteuid() != 0 {
		t.Skip("installing with dpkg --root and running the maintainer scripts needs root")
	}
	installRemovePurge(t, deb, x)
}

func checkControl(t *testing.T, deb, arch string) {
	fields := run(t, "", "dpkg-deb", "--field", deb, "Package", "Version", "Architecture", "Depends", "Installed-Size", "Maintainer", "Description")
	for _, want := range []string{"Package: tablee\n", "Version: " + version.Number() + "\n", "Architecture: " + arch + "\n"} {
		if !strings.Contains(fields, want) {
			t.Errorf("control lacks %q:\n%s", want, fields)
		}
	}
	depends := regexp.MustCompile(`(?m)^Depends: (.*)$`).FindStringSubmatch(fields)
	if depends == nil {
		t.Fatalf("no Depends:\n%s", fields)
	}
	var names []string
	for _, d := range strings.Split(depends[1], ",") {
		names = append(names, strings.Fields(d)[0])
	}
	for _, want := range []string{"libc6", "cage", "xwayland", "libpam-systemd", "systemd", "libgl1", "libwayland-client0", "libxkbcommon0"} {
		if !slices.Contains(names, want) {
			t.Errorf("Depends lacks %s: %s", want, depends[1])
		}
	}
	if !regexp.MustCompile(`libc6 \(>= 2\.[0-9]+\)`).MatchString(depends[1]) {
		t.Errorf("Depends gives libc6 no minimum version: %s", depends[1])
	}
	conffiles := run(t, "", "dpkg-deb", "--info", deb, "conffiles")
	if strings.Fields(conffiles)[0] != "/etc/pam.d/tablee-kiosk" || !strings.Contains(conffiles, "/etc/ufw/applications.d/tablee") {
		t.Errorf("conffiles:\n%s", conffiles)
	}
	for _, script := range []string{"postinst", "prerm", "postrm"} {
		if s := run(t, "", "dpkg-deb", "--info", deb, script); !strings.HasPrefix(s, "#!/bin/sh") {
			t.Errorf("%s does not start with #!/bin/sh", script)
		}
	}
}

func checkFiles(t *testing.T, deb string) {
	list := run(t, "", "dpkg-deb", "--contents", deb)
	got := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(list))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 6 {
			continue
		}
		got[f[5]] = f[0] + " " + f[1]
	}
	for _, want := range wantFiles {
		mode, ok := got[want]
		switch {
		case !ok:
			t.Errorf("the package lacks %s", want)
		case !strings.HasSuffix(mode, " root/root"):
			t.Errorf("%s is owned by %s, want root/root", want, mode)
		case strings.HasPrefix(want, "./usr/bin/") && !strings.HasPrefix(mode, "-rwxr-xr-x"):
			t.Errorf("%s has mode %s", want, mode)
		}
	}
	for f := range got {
		if !strings.HasSuffix(f, "/") && !slices.Contains(wantFiles, f) {
			t.Errorf("unexpected file in the package: %s", f)
		}
	}
}

// The copyright file names the compiled-in modules with their licences.
func checkCopyright(t *testing.T, x string) {
	b, err := os.ReadFile(filepath.Join(x, "usr/share/doc/tablee/copyright"))
	if err != nil {
		t.Fatal(err)
	}
	c := string(b)
	for _, want := range []string{
		"Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n",
		"Comment: github.com/mattn/go-sqlite3 v1.14.53, compiled into tablee, kiosk; licence file LICENSE\nLicense: MIT\n",
		"Comment: fyne.io/fyne/v2 v2.8.1, compiled into kiosk, companion; licence file LICENSE\nLicense: BSD-3-Clause\n",
		"Comment: Go standard library and runtime go",
	} {
		if !strings.Contains(c, want) {
			t.Errorf("copyright lacks %q", want)
		}
	}
}

// verifyUnits runs systemd-analyze verify on the unit files, pointed at
// the extracted binaries (verify wants every ExecStart program to exist).
func verifyUnits(t *testing.T, x string) {
	if _, err := exec.LookPath("systemd-analyze"); err != nil {
		t.Log("systemd-analyze not found: units not verified")
		return
	}
	dir := t.TempDir()
	var paths []string
	for _, u := range units {
		b, err := os.ReadFile(filepath.Join(x, "lib/systemd/system", u))
		if err != nil {
			t.Fatal(err)
		}
		s := strings.ReplaceAll(string(b), "/usr/bin/tablee ", filepath.Join(x, "usr/bin/tablee")+" ")
		if _, err := os.Stat("/usr/bin/cage"); err != nil {
			// cage is a Depends, not a build dependency: stand in for
			// it with the kiosk so the rest of the unit is still checked.
			t.Log("cage not installed here: verifying the kiosk unit with kiosk in its place")
			s = strings.ReplaceAll(s, "/usr/bin/cage ", filepath.Join(x, "usr/bin/kiosk")+" ")
		}
		p := filepath.Join(dir, u)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	run(t, "", "systemd-analyze", append([]string{"--man=no", "verify"}, paths...)...)
}

// installRemovePurge installs the package into a throw-away root with its
// maintainer scripts (DPKG_ROOT-aware, so nothing outside the root
// changes), plays a game with the installed kiosk, removes the package
// and checks the data stayed, then purges it and checks the data went.
func installRemovePurge(t *testing.T, deb, x string) {
	r := t.TempDir()
	for _, d := range []string{"var/lib/dpkg/info", "var/lib/dpkg/updates", "var/lib/dpkg/triggers"} {
		if err := os.MkdirAll(filepath.Join(r, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(r, "var/lib/dpkg/status"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	dpkg := func(args ...string) string {
		return run(t, "", "dpkg", append([]string{"--root=" + r, "--force-script-chrootless", "--force-depends"}, args...)...)
	}
	dpkg("--install", deb)

	passwd, err := os.ReadFile(filepath.Join(r, "etc/passwd"))
	if err != nil || !regexp.MustCompile(`(?m)^tablee:x:[0-9]+:[0-9]+:[^:]*:/var/lib/tablee:/usr/sbin/nologin$`).Match(passwd) {
		t.Fatalf("no tablee system user in the root (%v):\n%s", err, passwd)
	}
	data := filepath.Join(r, "var/lib/tablee")
	st, err := os.Stat(data)
	if err != nil || st.Mode().Perm() != 0o750 {
		t.Fatalf("/var/lib/tablee: %v %v", st, err)
	}
	uid := regexp.MustCompile(`(?m)^tablee:x:([0-9]+):`).FindSubmatch(passwd)[1]
	if got := fmt.Sprint(st.Sys().(*syscall.Stat_t).Uid); got != string(uid) {
		t.Errorf("/var/lib/tablee belongs to uid %s, tablee is %s", got, uid)
	}
	for _, link := range []string{"graphical.target.wants/tablee-kiosk.service", "timers.target.wants/tablee-backup.timer"} {
		if _, err := os.Lstat(filepath.Join(r, "etc/systemd/system", link)); err != nil {
			t.Errorf("not enabled: %v", err)
		}
	}

	// A whole game among bots with the installed kiosk, into the data dir.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	dbPath := filepath.Join(data, "tablee.db")
	kiosk := exec.CommandContext(ctx, filepath.Join(r, "usr/bin/kiosk"), "--headless", "--exit-when-over",
		"--db", dbPath, "--mdns=false", "--addr", "127.0.0.1:0", "--game", "canoe", "--bots", "random,random")
	if b, err := kiosk.CombinedOutput(); err != nil || !strings.Contains(string(b), "code=") {
		t.Fatalf("the installed kiosk --headless: %v\n%s", err, b)
	}

	dpkg("--remove", "tablee")
	if _, err := os.Stat(filepath.Join(r, "usr/bin/kiosk")); err == nil {
		t.Error("remove left /usr/bin/kiosk")
	}
	if _, err := os.Stat(filepath.Join(r, "etc/pam.d/tablee-kiosk")); err != nil {
		t.Errorf("remove took the conffiles: %v", err)
	}
	if _, err := os.Lstat(filepath.Join(r, "etc/systemd/system/graphical.target.wants/tablee-kiosk.service")); err == nil {
		t.Error("remove left the kiosk enabled")
	}
	// The extracted tablee (not the removed one) reads what survived.
	sessions := run(t, "", filepath.Join(x, "usr/bin/tablee"), "sessions", "--db", dbPath)
	if !strings.Contains(sessions, "canoe") || !strings.Contains(sessions, "finished") {
		t.Errorf("after remove, the database holds:\n%s", sessions)
	}

	dpkg("--purge", "tablee")
	if _, err := os.Stat(data); err == nil {
		t.Error("purge left /var/lib/tablee")
	}
	if _, err := os.Stat(filepath.Join(r, "etc/pam.d/tablee-kiosk")); err == nil {
		t.Error("purge left the conffiles")
	}
}

// run runs a command in dir and returns its standard output, failing the
// test with its standard error if it fails.
func run(t *testing.T, dir, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s%s", name, strings.Join(args, " "), err, out, stderr.String())
	}
	return string(out)
}
