package web_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"

	"github.com/tablee/tablee/internal/browsertest"
)

// WebKit, the engine of every iPhone's Safari, is driven through Debian's
// webkit2gtk-driver: WebKitWebDriver speaks W3C WebDriver (JSON over HTTP)
// and runs WebKitGTK's MiniBrowser, which needs a display (the tests run
// under Xvfb). The few commands a test needs fit in this file, on
// net/http.

// miniBrowser is where Debian's WebKitGTK keeps the browser the driver
// automates.
const miniBrowser = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"

// webkitDriver finds WebKitWebDriver and MiniBrowser. Outside CI the test
// skips without them (scripts/setup-debian installs webkit2gtk-driver); in
// CI (CI set) their absence fails it.
func webkitDriver(tb testing.TB) string {
	tb.Helper()
	if browsertest.Race {
		tb.Skip("browser tests: they run in the plain pass; under -race they only add minutes")
	}
	missing := ""
	path, err := exec.LookPath("WebKitWebDriver")
	switch {
	case err != nil:
		missing = "no WebKitWebDriver on PATH (Debian: apt-get install webkit2gtk-driver, or scripts/setup-debian)"
	case !exists(miniBrowser):
		missing = "no WebKitGTK MiniBrowser at " + miniBrowser + " (Debian: apt-get install webkit2gtk-driver)"
	case os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "":
		missing = "no display for WebKitGTK's MiniBrowser (run under xvfb-run, as scripts/test does)"
	}
	if missing == "" {
		return path
	}
	if os.Getenv("CI") != "" {
		tb.Fatalf("WebKit tests: %s", missing)
	}
	tb.Skip("WebKit tests: " + missing)
	return ""
}

func exists(p string) bool { _, err := os.Stat(p); return err == nil }

// webkit is one WebKitWebDriver and a session with its MiniBrowser window.
type webkit struct {
	base string // http://127.0.0.1:PORT/session/ID
}

// openWebKit starts WebKitWebDriver on a free port, opens a session and
// sizes its window as a phone. Everything ends with the test.
func openWebKit(t *testing.T) *webkit {
	t.Helper()
	path := webkitDriver(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, path, "--host=127.0.0.1", "--port="+strconv.Itoa(port))
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		cancel()
		t.Fatalf("start WebKitWebDriver: %v", err)
	}
	t.Cleanup(func() { cancel(); cmd.Wait() })
	// The driver says nothing useful when ready; its output is drained so
	// it never blocks, and the session is asked for until it answers.
	go io.Copy(io.Discard, bufio.NewReader(out))
	root := "http://127.0.0.1:" + strconv.Itoa(port)
	caps := map[string]any{"capabilities": map[string]any{"alwaysMatch": map[string]any{
		"webkitgtk:browserOptions": map[string]any{"binary": miniBrowser, "args": []string{"--automation"}}}}}
	var sess struct {
		SessionID string `json:"sessionId"`
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		// Bounded: a driver that never starts its browser (no display)
		// holds the request open, and the test would hang to its timeout.
		callCtx, callCancel := context.WithTimeout(ctx, time.Minute)
		err = wdCall(callCtx, http.MethodPost, root+"/session", caps, &sess)
		callCancel()
		if err == nil || time.Now().After(deadline) {
			break
		}
		select {
		case <-ctx.Done():
		case <-time.After(100 * time.Millisecond): // the driver's port is not open yet
		}
	}
	if err != nil {
		t.Fatalf("WebKit session: %v", err)
	}
	w := &webkit{base: root + "/session/" + sess.SessionID}
	t.Cleanup(func() { wdCall(context.Background(), http.MethodDelete, w.base, nil, nil) })
	if err := wdCall(context.Background(), http.MethodPost, w.base+"/window/rect", map[string]int{"width": phoneW, "height": phoneH}, nil); err != nil {
		t.Fatalf("WebKit window: %v", err)
	}
	return w
}

// wdCall makes one WebDriver request and reads its value into into.
func wdCall(ctx context.Context, method, url string, body, into any) error {
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, r)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var reply struct {
		Value json.RawMessage `json:"value"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&reply); err != nil {
		return fmt.Errorf("%s %s: %s: %w", method, url, resp.Status, err)
	}
	if resp.StatusCode != http.StatusOK {
		var e struct{ Error, Message string }
		json.Unmarshal(reply.Value, &e)
		return fmt.Errorf("%s %s: %s: %s", method, url, e.Error, e.Message)
	}
	if into == nil {
		return nil
	}
	return json.Unmarshal(reply.Value, into)
}

// navigate opens url and returns once the page has loaded.
func (w *webkit) navigate(ctx context.Context, url string) error {
	return wdCall(ctx, http.MethodPost, w.base+"/url", map[string]string{"url": url}, nil)
}

// reload reloads the page, as a phone waking up may.
func (w *webkit) reload(ctx context.Context) error {
	return wdCall(ctx, http.MethodPost, w.base+"/refresh", map[string]any{}, nil)
}

// eval runs a JavaScript expression in the page and returns its value as
// a string.
func (w *webkit) eval(ctx context.Context, js string) (string, error) {
	var v any
	if err := wdCall(ctx, http.MethodPost, w.base+"/execute/sync", map[string]any{"script": "return (" + js + ");", "args": []any{}}, &v); err != nil {
		return "", err
	}
	return jsValue(v), nil
}

// TestWebKitPlaysAWholeCanailleGame: the page opens from the QR code's URL
// in WebKit (Safari's engine), takes a seat, plays, resumes after a reload
// and plays to the end against the real kiosk with a bot, the layout
// checked at every state.
func TestWebKitPlaysAWholeCanailleGame(t *testing.T) {
	playAWholeCanailleGame(t, openWebKit(t), "WebKit", "Safia")
}
