// Package packaging_test builds the Debian package with build-deb and
// checks it the way Debian and a table PC would meet it: lintian, the
// binaries' hardening, control data and file list, systemd units,
// installation into a throw-away root with its maintainer scripts, the
// installed programs running, removal keeping the data and purge deleting
// it. Without -short it also upgrades from an older package, and runs
// piuparts (Debian's install, upgrade, remove and purge test) in a fresh
// Debian 12 root.
package packaging_test

import (
	"bufio"
	"context"
	"debug/elf"
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
	"./lib/systemd/system/tablee-venue.service",
	"./usr/lib/sysusers.d/tablee.conf",
	"./etc/pam.d/tablee-kiosk",
	"./etc/ufw/applications.d/tablee",
	"./usr/share/man/man1/tablee.1.gz", "./usr/share/man/man1/kiosk.1.gz", "./usr/share/man/man1/companion.1.gz",
	"./usr/share/doc/tablee/copyright", "./usr/share/doc/tablee/install.md", "./usr/share/doc/tablee/venue.md",
	"./usr/share/doc/tablee/changelog.gz",
}

var units = []string{"tablee-kiosk.service", "tablee-backup.service", "tablee-backup.timer", "tablee-venue.service"}

func TestDebianPackage(t *testing.T) {
	// With -short, run only when asked (TABLEE_TEST_DEB=1): build-deb
	// rebuilds every binary with Debian's hardening flags, about a minute
	// on a warm cache but past a package's 15-minute limit from a cold one
	// on two busy cores. scripts/test runs it as a step of its own, with
	// its own limit, after every other package's tests.
	if testing.Short() && os.Getenv("TABLEE_TEST_DEB") == "" {
		t.Skip("the .deb's hardened rebuild: TABLEE_TEST_DEB=1 go test -short -timeout 60m ./packaging (scripts/test runs it as its own step)")
	}
	for _, tool := range []string{"dpkg-deb", "dpkg", "objdump", "dpkg-buildflags", "dpkg-parsechangelog"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not found: building a .deb needs a Debian system with dpkg-dev (scripts/setup-debian)", tool)
		}
	}
	out := t.TempDir()
	// gzip: xz would spend a minute of CPU on what the test unpacks at
	// once, and lintian refuses an uncompressed package.
	t.Setenv("TABLEE_DEB_COMPRESSION", "gzip")
	deb := strings.TrimSpace(run(t, "", "./build-deb", out))
	arch := strings.TrimSpace(run(t, "", "dpkg", "--print-architecture"))
	if want := filepath.Join(out, fmt.Sprintf("tablee_%s_%s.deb", version.Number(), arch)); deb != want {
		t.Fatalf("build-deb made %s, want %s", deb, want)
	}
	checkControl(t, deb, arch)
	checkFiles(t, deb)
	checkLintian(t, deb)

	x := t.TempDir()
	run(t, "", "dpkg", "-x", deb, x)
	checkChangelog(t, x)
	checkCopyright(t, x)
	checkHardening(t, x)
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
	if testing.Short() {
		installRemovePurge(t, "", deb, x)
		return
	}
	// The previous release, as far as dpkg can tell: the same build
	// packaged under a lower version.
	prevOut := t.TempDir()
	prev := strings.TrimSpace(run(t, "", "./build-deb", "--package-version", previousVersion(), prevOut))
	installRemovePurge(t, prev, deb, x)
	piuparts(t, prev, deb)
}

// previousVersion is a package version dpkg orders just below this one.
func previousVersion() string { return version.Number() + "~previous" }

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
	if !regexp.MustCompile(`init-system-helpers \(>= [0-9.~]+\)`).MatchString(depends[1]) {
		t.Errorf("Depends gives init-system-helpers (essential) no version: %s", depends[1])
	}
	for _, script := range []string{"postinst", "prerm", "postrm"} {
		s := run(t, "", "dpkg-deb", "--info", deb, script)
		if !strings.HasPrefix(s, "#!/bin/sh") {
			t.Errorf("%s does not start with #!/bin/sh", script)
		}
		// debhelper's idiom: units through deb-systemd-helper and
		// deb-systemd-invoke, called by name; systemctl only to reload.
		for i, l := range strings.Split(s, "\n") {
			l = strings.TrimSpace(l)
			if strings.HasPrefix(l, "#") {
				continue
			}
			if strings.Contains(l, "systemctl") && !strings.Contains(l, "daemon-reload") {
				t.Errorf("%s:%d calls systemctl: %s", script, i+1, l)
			}
			if strings.Contains(l, "/usr/bin/deb-systemd") {
				t.Errorf("%s:%d names a helper by path: %s", script, i+1, l)
			}
		}
	}
}

// checkLintian runs Debian's package checker: no error and no warning.
// (Informational and pedantic tags are not counted; lintian's own rules
// decide what is an error or a warning.) About 25 s on this package.
func checkLintian(t *testing.T, deb string) {
	if _, err := exec.LookPath("lintian"); err != nil {
		t.Log("lintian not found (scripts/setup-debian installs it): the package is not checked by lintian")
		return
	}
	cmd := exec.Command("lintian", "--fail-on", "none", deb)
	b, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("lintian %s: %v\n%s", deb, err, b)
	}
	var bad []string
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "E: ") || strings.HasPrefix(l, "W: ") {
			bad = append(bad, l)
		}
	}
	if len(bad) > 0 {
		t.Errorf("lintian:\n%s", strings.Join(bad, "\n"))
	}
}

// checkChangelog: the changelog is Debian's, gzipped, its newest entry
// this package's version.
func checkChangelog(t *testing.T, x string) {
	gz := filepath.Join(x, "usr/share/doc/tablee/changelog.gz")
	plain := filepath.Join(t.TempDir(), "changelog")
	b, err := exec.Command("gzip", "-dc", gz).Output()
	if err != nil {
		t.Fatalf("gzip -dc %s: %v", gz, err)
	}
	if err := os.WriteFile(plain, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(run(t, "", "dpkg-parsechangelog", "-l", plain, "-S", "Version")); got != version.Number() {
		t.Errorf("the changelog's newest entry is %s, want %s", got, version.Number())
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
		// Apache-2.0 is in /usr/share/common-licenses: named, not quoted.
		"Comment: fyne.io/systray v",
		"License: Apache-2.0\n\n",
		"License: Apache-2.0\n On Debian systems, the complete text of the Apache License, Version 2.0\n can be found in \"/usr/share/common-licenses/Apache-2.0\".\n",
	} {
		if !strings.Contains(c, want) {
			t.Errorf("copyright lacks %q", want)
		}
	}
	if strings.Contains(c, "TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION") {
		t.Error("copyright quotes the Apache License in full")
	}
}

// checkHardening reads the binaries' ELF headers for what Debian's
// hardening flags give (what hardening-check and lintian look for): a
// position-independent executable, RELRO, immediate binding, the stack
// protector and fortified libc calls in the cgo code.
func checkHardening(t *testing.T, x string) {
	for _, b := range []string{"tablee", "kiosk", "companion"} {
		f, err := elf.Open(filepath.Join(x, "usr/bin", b))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if f.Type != elf.ET_DYN {
			t.Errorf("%s is %v, not a position-independent executable", b, f.Type)
		}
		relro := false
		for _, p := range f.Progs {
			relro = relro || p.Type == elf.PT_GNU_RELRO
		}
		if !relro {
			t.Errorf("%s has no RELRO segment", b)
		}
		flags, _ := f.DynValue(elf.DT_FLAGS)
		flags1, _ := f.DynValue(elf.DT_FLAGS_1)
		if !slices.ContainsFunc(flags, func(v uint64) bool { return v&uint64(elf.DF_BIND_NOW) != 0 }) &&
			!slices.ContainsFunc(flags1, func(v uint64) bool { return v&uint64(elf.DF_1_NOW) != 0 }) {
			t.Errorf("%s is not linked with bind-now", b)
		}
		syms, err := f.ImportedSymbols()
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		protector, fortified := false, false
		for _, s := range syms {
			protector = protector || s.Name == "__stack_chk_fail"
			fortified = fortified || strings.HasPrefix(s.Name, "__") && strings.HasSuffix(s.Name, "_chk") && s.Name != "__stack_chk_fail"
		}
		if !protector {
			t.Errorf("%s: no stack protector in its C code (no __stack_chk_fail)", b)
		}
		if !fortified {
			t.Errorf("%s: no fortified libc call in its C code (no __*_chk)", b)
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
// Given prev, it installs that (older) package first and upgrades from it
// to deb: the game played under prev is still there, and a unit the
// administrator disabled stays disabled.
func installRemovePurge(t *testing.T, prev, deb, x string) {
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
	installed := func() string {
		return run(t, "", "dpkg-query", "--admindir="+filepath.Join(r, "var/lib/dpkg"), "-W", "-f=${Version} ${Status}", "tablee")
	}
	exists := func(rel string) bool {
		_, err := os.Lstat(filepath.Join(r, rel))
		return err == nil
	}
	const kioskLink = "etc/systemd/system/graphical.target.wants/tablee-kiosk.service"
	const timerLink = "etc/systemd/system/timers.target.wants/tablee-backup.timer"
	const venueLink = "etc/systemd/system/multi-user.target.wants/tablee-venue.service"
	first := deb
	if prev != "" {
		first = prev
	}
	dpkg("--install", first)

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
	for _, link := range []string{kioskLink, timerLink} {
		if !exists(link) {
			t.Errorf("not enabled: %s", link)
		}
	}
	// The venue hub is installed, not enabled: one machine of a venue
	// runs it, enabled by the command docs/install.md gives.
	if exists(venueLink) {
		t.Error("the venue hub is enabled on install")
	}
	run(t, "", "systemctl", "--root="+r, "enable", "tablee-venue.service")
	if !exists(venueLink) {
		t.Errorf("systemctl enable tablee-venue.service made no %s", venueLink)
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
	checkGame := func(when, tablee string) {
		t.Helper()
		sessions := run(t, "", tablee, "sessions", "--db", dbPath)
		if !regexp.MustCompile(`canoe.*finished`).MatchString(sessions) {
			t.Errorf("%s, the database holds:\n%s", when, sessions)
		}
	}

	if prev != "" {
		// The administrator turns the daily backup off; the upgrade
		// must leave it off (deb-systemd-helper remembers).
		run(t, "", "systemctl", "--root="+r, "disable", "tablee-backup.timer")
		dpkg("--install", deb)
		if got, want := installed(), version.Number()+" install ok installed"; got != want {
			t.Errorf("after the upgrade dpkg has %q, want %q", got, want)
		}
		checkGame("after the upgrade from "+previousVersion(), filepath.Join(r, "usr/bin/tablee"))
		if !exists(kioskLink) {
			t.Error("the upgrade disabled the kiosk")
		}
		if exists(timerLink) {
			t.Error("the upgrade enabled again the backup timer the administrator had disabled")
		}
		if !exists(venueLink) {
			t.Error("the upgrade disabled the venue hub the administrator had enabled")
		}
	}

	dpkg("--remove", "tablee")
	if exists("usr/bin/kiosk") {
		t.Error("remove left /usr/bin/kiosk")
	}
	if !exists("etc/pam.d/tablee-kiosk") {
		t.Error("remove took the conffiles")
	}
	// debhelper's idiom: the units are masked, so the enable links kept
	// for a reinstall start nothing.
	if l, err := os.Readlink(filepath.Join(r, "etc/systemd/system/tablee-kiosk.service")); err != nil || l != "/dev/null" {
		t.Errorf("after remove the kiosk is not masked: %q %v", l, err)
	}
	// The extracted tablee (not the removed one) reads what survived.
	checkGame("after remove", filepath.Join(x, "usr/bin/tablee"))

	dpkg("--purge", "tablee")
	if exists("var/lib/tablee") {
		t.Error("purge left /var/lib/tablee")
	}
	if exists("etc/pam.d/tablee-kiosk") {
		t.Error("purge left the conffiles")
	}
	for _, f := range []string{kioskLink, timerLink, venueLink, "etc/systemd/system/tablee-kiosk.service", "etc/systemd/system/tablee-backup.timer",
		"etc/systemd/system/tablee-venue.service"} {
		if exists(f) {
			t.Errorf("purge left %s", f)
		}
	}
}

// piuparts runs Debian's own test of installation, upgrade, removal and
// purge in a fresh Debian 12 root: the install-and-purge test, then the
// upgrade from prev (offered to the root's apt in a local repository) to
// deb and purge, each time checking that nothing is left behind that
// policy does not allow. The scripts in piuparts/ add the data: a game is
// played after installing, found again after the upgrade and after
// removal, and gone after purge.
//
// The Debian 12 base root is made once with debootstrap and kept as a
// tarball in the user's cache directory (TABLEE_PIUPARTS_CACHE overrides
// it); the mirror is the one this machine's apt uses (or
// TABLEE_DEBIAN_MIRROR).
func piuparts(t *testing.T, prev, deb string) {
	for _, tool := range []string{"piuparts", "debootstrap", "dpkg-scanpackages"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Logf("%s not found (scripts/setup-debian installs it): piuparts not run", tool)
			return
		}
	}
	mirror := os.Getenv("TABLEE_DEBIAN_MIRROR")
	if mirror == "" {
		mirror = aptMirror()
	}
	if mirror == "" {
		t.Log("no Debian mirror in /etc/apt and TABLEE_DEBIAN_MIRROR unset: piuparts not run")
		return
	}
	cache := os.Getenv("TABLEE_PIUPARTS_CACHE")
	if cache == "" {
		dir, err := os.UserCacheDir()
		if err != nil {
			t.Fatal(err)
		}
		cache = filepath.Join(dir, "tablee", "piuparts")
	}
	if err := os.MkdirAll(cache, 0o755); err != nil {
		t.Fatal(err)
	}
	arch := strings.TrimSpace(run(t, "", "dpkg", "--print-architecture"))
	base := filepath.Join(cache, "debian12-"+arch+".tar.gz")

	// The previous version in a repository of its own, which piuparts
	// mounts into the root and adds to its apt sources.
	repo := t.TempDir()
	if err := os.Chmod(repo, 0o755); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(prev)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(repo, filepath.Base(prev)), b, 0o644); err != nil {
		t.Fatal(err)
	}
	packages := run(t, repo, "dpkg-scanpackages", "-m", ".", "/dev/null")
	if err := os.WriteFile(filepath.Join(repo, "Packages"), []byte(packages), 0o644); err != nil {
		t.Fatal(err)
	}

	scripts, err := filepath.Abs("piuparts")
	if err != nil {
		t.Fatal(err)
	}
	args := []string{
		"--distribution=bookworm", "--mirror=" + mirror + " main",
		// Debian 12 is installed with /bin, /lib, /sbin in /usr.
		"--merged-usr",
		"--scriptsdir=" + scripts,
		"--bindmount=" + repo,
		"--extra-repo=deb [trusted=yes] file://" + repo + " ./",
		"--log-level=info",
		// systemd, a dependency, leaves the directories its tmpfiles
		// made when it was configured after piuparts purges it: they are
		// systemd's, not tablee's (no tablee file is ignored).
		"--ignore=/root/.ssh/", "--ignore=/var/cache/private/", "--ignore=/var/lib/private/",
		"--ignore=/var/log/private/", "--ignore=/var/lib/systemd/coredump/", "--ignore=/var/lib/systemd/pstore/",
	}
	fresh := false
	if _, err := os.Stat(base); err == nil {
		args = append(args, "--basetgz="+base)
	} else {
		fresh = true
		args = append(args, "--save="+base+".new")
	}
	args = append(args, deb)
	logPath := filepath.Join(t.TempDir(), "piuparts.log")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "piuparts", append([]string{"--logfile=" + logPath}, args...)...)
	// The scripts write what they find here (in the mounted repository,
	// so inside the root too).
	report := filepath.Join(repo, "report")
	cmd.Env = append(os.Environ(), "TABLEE_PIUPARTS_REPORT="+report)
	start := time.Now()
	out, err := cmd.CombinedOutput()
	t.Logf("piuparts took %s (base root %s)", time.Since(start).Round(time.Second), map[bool]string{true: "made with debootstrap", false: "from the cache"}[fresh])
	if fresh {
		if _, serr := os.Stat(base + ".new"); serr == nil {
			if rerr := os.Rename(base+".new", base); rerr != nil {
				t.Error(rerr)
			}
		}
	}
	found, _ := os.ReadFile(report)
	if err != nil {
		t.Fatalf("piuparts %s: %v\n%s\nthe scripts in piuparts/ found:\n%s", strings.Join(args, " "), err, tail(string(out), 200), found)
	}
	for _, want := range []string{"PASS: Installation and purging test.", "PASS: Installation, upgrade and purging tests."} {
		if !strings.Contains(string(out), want) {
			t.Errorf("piuparts did not say %q:\n%s", want, tail(string(out), 200))
		}
	}
	t.Logf("the scripts in piuparts/ found:\n%s", found)
	for _, want := range []string{
		"tablee (install/install): the database holds the finished game",
		"tablee (install/install): systemd-analyze verify: clean",
		"tablee (upgrade/upgrade): systemd-analyze verify: clean",
		"tablee (upgrade/install): the database holds the finished game",
		"tablee (upgrade/upgrade): the database holds the finished game",
		"tablee: the database survived remove",
		"tablee: purge deleted /var/lib/tablee",
	} {
		if !strings.Contains(string(found), want) {
			t.Errorf("the scripts in piuparts/ did not find %q:\n%s", want, found)
		}
	}
}

// aptMirror is the first Debian archive this machine's apt sources name
// (deb822 .sources or a sources.list), security archives aside.
func aptMirror() string {
	files, _ := filepath.Glob("/etc/apt/sources.list.d/*.sources")
	files = append(files, "/etc/apt/sources.list")
	list, _ := filepath.Glob("/etc/apt/sources.list.d/*.list")
	files = append(files, list...)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for _, l := range strings.Split(string(b), "\n") {
			fields := strings.Fields(l)
			var uri string
			switch {
			case len(fields) >= 2 && fields[0] == "URIs:":
				uri = fields[1]
			case len(fields) >= 3 && fields[0] == "deb" && !strings.HasPrefix(fields[1], "["):
				uri = fields[1]
			}
			if strings.HasSuffix(strings.TrimSuffix(uri, "/"), "/debian") {
				return strings.TrimSuffix(uri, "/")
			}
		}
	}
	return ""
}

// tail is the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
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
