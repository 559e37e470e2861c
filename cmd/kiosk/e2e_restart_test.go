package main

import (
	"bytes"
	"context"
	"database/sql"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"

	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/proctest"
	"github.com/tablee/tablee/kiosk/screen"
	"github.com/tablee/tablee/proto/joinurl"
)

// These tests pull the power on the windowed kiosk (kill -9) on each
// screen and check that the kiosk started again on the same database comes
// back to it. The kiosk names the screen it starts on in its log
// ("starting on the seating screen, in fr"); the seating screen is also
// read off the display: its QR code must let a phone join.

// kioskOnly builds the kiosk alone (the companion is not needed here), so
// that the seating test is quick enough for -short.
func kioskOnly(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("Xvfb"); err != nil {
		t.Skip("Xvfb is not installed (scripts/setup-debian installs it)")
	}
	bin := filepath.Join(t.TempDir(), "kiosk")
	if err := proctest.Build(bin, "."); err != nil {
		t.Fatal(err)
	}
	return bin
}

// kioskArgs are the flags of a kiosk on dbPath that phones find at the
// same address after every restart.
func kioskArgs(t *testing.T, dbPath string) []string {
	return []string{"--db", dbPath, "--name", "Table 1", "--addr", "127.0.0.1:" + proctest.FreePort(t),
		"--web-addr", "127.0.0.1:" + proctest.FreePort(t), "--mdns=false", "--console-addr", "127.0.0.1:0"}
}

// windowed starts the windowed kiosk on display and waits until it logs
// the screen it starts on, which must be want.
func windowed(t *testing.T, bin, display, want string, args ...string) *kioskProc {
	t.Helper()
	env := []string{"DISPLAY=" + display, "LANG=fr_FR.UTF-8", "XDG_RUNTIME_DIR=" + t.TempDir()}
	k := startKioskEnv(t, env, bin, args...)
	line := waitLog(t, k, "kiosk: starting on the ")
	if !strings.Contains(line, want) {
		t.Fatalf("the restarted kiosk logged %q, want %q", line, want)
	}
	return k
}

// waitLog waits until the kiosk's log holds a line containing s and
// returns it; the time limit only ends a test that went wrong.
func waitLog(t *testing.T, k *kioskProc, s string) string {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		data, _ := os.ReadFile(k.errFn)
		for _, line := range strings.Split(string(data), "\n") {
			if strings.Contains(line, s) {
				return line
			}
		}
		alive(t, k)
		if time.Now().After(deadline) {
			t.Fatalf("the kiosk never logged %q:\n%s", s, data)
		}
	}
}

// kill9 pulls the power: no clean-up runs in the kiosk.
func kill9(k *kioskProc) {
	k.cmd.Process.Signal(syscall.SIGKILL)
	k.cmd.Wait()
}

// screenshot is the whole display as shown, through xwd and netpbm
// (scripts/setup-debian installs both).
func screenshot(t *testing.T, display string) image.Image {
	t.Helper()
	var out, errs bytes.Buffer
	cmd := exec.Command("sh", "-c", "xwd -root -silent | xwdtopnm | pnmtopng")
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	cmd.Stdout, cmd.Stderr = &out, &errs
	if err := cmd.Run(); err != nil {
		t.Skipf("no screenshot (xwd, xwdtopnm, pnmtopng: scripts/setup-debian installs them): %v\n%s", err, errs.String())
	}
	img, err := png.Decode(&out)
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	return img
}

// qrOnScreen waits until a QR code can be read off the display (the
// window draws its first frame after the kiosk logged its screen) and
// returns what it holds.
func qrOnScreen(t *testing.T, display string) string {
	t.Helper()
	hints := map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true}
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(100 * time.Millisecond) {
		bmp, err := gozxing.NewBinaryBitmapFromImage(screenshot(t, display))
		if err != nil {
			t.Fatal(err)
		}
		res, err := qrcode.NewQRCodeReader().Decode(bmp, hints)
		if err == nil {
			return res.GetText()
		}
		if time.Now().After(deadline) {
			t.Fatalf("no QR code on the display: %v", err)
		}
	}
}

// checkQR checks that the QR code on the display lets a phone join k.
func checkQR(t *testing.T, display string, k *kioskProc) {
	t.Helper()
	info, err := joinurl.Parse(qrOnScreen(t, display))
	if err != nil || !strings.HasPrefix(info.Code, k.code+"-") || info.Fingerprint != k.fp || info.TLSAddr() != k.addr {
		t.Fatalf("the QR code on screen: %+v, %v; want code %s, fingerprint %s at %s", info, err, k.code, k.fp, k.addr)
	}
}

// The check: after kill -9 during seating, the windowed kiosk
// restarted on the same database shows the seating screen with its QR
// code, twice in a row.
func TestKillingTheWindowedKioskDuringSeatingComesBackToSeating(t *testing.T) {
	began := time.Now()
	bin := kioskOnly(t)
	t.Logf("kiosk built in %v", time.Since(began).Round(time.Millisecond))
	display := xvfb(t)
	args := kioskArgs(t, filepath.Join(t.TempDir(), "tablee.db"))
	// A game set up for two phones, as the seating screen starts it.
	h := startKiosk(t, bin, append([]string{"--headless", "--game", "canoe", "--seats", "2"}, args...)...)
	kill9(h)
	for range 2 {
		w := windowed(t, bin, display, "the seating screen", args...)
		if w.code != h.code {
			t.Errorf("code %s after the restart, %s before", w.code, h.code)
		}
		checkQR(t, display, w)
		kill9(w)
		t.Logf("QR code read off the restarted kiosk at %v", time.Since(began).Round(time.Millisecond))
	}
}

// After kill -9 on the results screen, the results come back.
func TestKillingTheWindowedKioskOnTheResultsComesBackToThem(t *testing.T) {
	if testing.Short() {
		t.Skip("kills real kiosks; the seating test does it in -short")
	}
	bin := kioskOnly(t)
	display := xvfb(t)
	dbPath := filepath.Join(t.TempDir(), "tablee.db")
	args := kioskArgs(t, dbPath)
	// A game of two bots, played to its end, then the power pulled:
	// nobody dismissed its results. (A clean stop after the end lets the
	// game go, so --exit-when-over would leave the attract screen.)
	kill9(waitFinished(t, dbPath, startKiosk(t, bin, append([]string{"--headless", "--game", "canoe", "--seats", "2", "--bots", "random,random"}, args...)...)))
	for range 2 {
		kill9(windowed(t, bin, display, "the results screen", args...))
	}
}

// waitFinished waits until k's database holds a finished session and
// returns k; the time limit only ends a test that went wrong.
func waitFinished(t *testing.T, dbPath string, k *kioskProc) *kioskProc {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		d, err := sql.Open("sqlite3", "file:"+dbPath+"?mode=ro&_busy_timeout=5000")
		if err != nil {
			t.Fatal(err)
		}
		var n int
		err = d.QueryRow(`SELECT count(*) FROM sessions WHERE status = 'finished'`).Scan(&n)
		d.Close()
		if err == nil && n > 0 {
			return k
		}
		alive(t, k)
		if time.Now().After(deadline) {
			t.Fatal("the headless kiosk's game never finished")
		}
	}
}

// A language chosen on the windowed kiosk survives kill -9.
func TestKillingTheWindowedKioskKeepsItsLanguage(t *testing.T) {
	if testing.Short() {
		t.Skip("kills real kiosks; the seating test does it in -short")
	}
	if _, err := exec.LookPath("xdotool"); err != nil {
		t.Skip("xdotool is not installed (scripts/setup-debian installs it)")
	}
	bin := kioskOnly(t)
	display := xvfb(t)
	dbPath := filepath.Join(t.TempDir(), "tablee.db")
	args := kioskArgs(t, dbPath)
	w := windowed(t, bin, display, "the attract screen, in fr", args...)
	x, y := languageButton(t, i18n.DE)
	// The window fills the display from its corner: a guest's tap there.
	for taps := 1; language(t, dbPath) != "de"; taps++ {
		t.Logf("tap %d at %d,%d", taps, x, y)
		tap := exec.Command("xdotool", "mousemove", "--sync", strconv.Itoa(x), strconv.Itoa(y), "click", "1")
		tap.Env = append(os.Environ(), "DISPLAY="+display)
		if out, err := tap.CombinedOutput(); err != nil {
			t.Fatalf("xdotool: %v\n%s", err, out)
		}
		alive(t, w)
		waitLanguage(t, dbPath)
	}
	kill9(w)
	kill9(windowed(t, bin, display, "the attract screen, in de", args...))
}

// languageButton is the middle of the attract screen's button for lang in
// a 1920×1080 window, as Fyne lays it out.
func languageButton(t *testing.T, lang i18n.Lang) (x, y int) {
	t.Helper()
	a := test.NewTempApp(t)
	a.Settings().SetTheme(screen.NewTheme())
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	attract := screen.NewAttract(screen.Words{Cat: cat, Lang: i18n.FR}, "Table 1", catalog.Registry().Infos(), nil, func() {}, func(i18n.Lang) {})
	win := test.NewTempWindow(t, attract.Content())
	win.SetPadded(false)
	win.Resize(fyne.NewSize(1920, 1080))
	b := attract.LanguageButton(lang)
	p := fyne.CurrentApp().Driver().AbsolutePositionForObject(b)
	return int(p.X + b.Size().Width/2), int(p.Y + b.Size().Height/2)
}

// language is the table's language as its database holds it.
func language(t *testing.T, dbPath string) string {
	t.Helper()
	d, err := sql.Open("sqlite3", "file:"+dbPath+"?mode=ro&_busy_timeout=5000")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var v string
	d.QueryRowContext(context.Background(), `SELECT value FROM settings WHERE key = 'language'`).Scan(&v)
	return v
}

// waitLanguage gives the tap a moment to reach the kiosk's database: it
// returns once the language is set, or after a while (the caller taps
// again).
func waitLanguage(t *testing.T, dbPath string) {
	for deadline := time.Now().Add(2 * time.Second); language(t, dbPath) == "" && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
}
