package web_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sync"
	"testing"

	"github.com/coder/websocket"

	"github.com/tablee/tablee/internal/browsertest"
)

// Firefox is driven through WebDriver BiDi, which Firefox's built-in
// Remote Agent speaks on --remote-debugging-port: no geckodriver (not in
// Debian 12) and nothing downloaded. BiDi is JSON commands over one
// WebSocket (W3C WebDriver BiDi: session.new, browsingContext.*,
// script.evaluate); no Go client of it is maintained, and the few
// commands a test needs fit in this file, on the WebSocket library the
// kiosk already uses.

// firefoxPath finds Debian's Firefox (scripts/setup-debian installs it).
func firefoxPath(tb testing.TB) string {
	tb.Helper()
	if browsertest.Race {
		tb.Skip("browser tests: they run in the plain pass; under -race they only add minutes")
	}
	for _, name := range []string{"firefox-esr", "firefox"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	tb.Skip("Firefox tests: no firefox-esr on PATH (Debian: apt-get install firefox-esr, or scripts/setup-debian)")
	return ""
}

// firefoxPrefs make a fresh profile quiet and French, like the Chromium
// tests' browser: no first-run pages, no update or telemetry traffic.
const firefoxPrefs = `user_pref("intl.accept_languages", "fr-FR, fr");
user_pref("browser.shell.checkDefaultBrowser", false);
user_pref("browser.startup.homepage_override.mstone", "ignore");
user_pref("datareporting.policy.dataSubmissionEnabled", false);
user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
user_pref("app.update.disabledForTesting", true);
user_pref("browser.safebrowsing.update.enabled", false);
`

// firefox is one headless Firefox and a BiDi session with its first tab.
type firefox struct {
	cmd *exec.Cmd
	ws  *websocket.Conn
	tab string // the browsing context the test drives

	mu      sync.Mutex
	next    int
	pending map[int]chan bidiReply
	readErr error
}

type bidiReply struct {
	Type    string          `json:"type"` // success, error, event
	ID      int             `json:"id"`
	Result  json.RawMessage `json:"result"`
	Error   string          `json:"error"`
	Message string          `json:"message"`
}

// listening is Firefox's line on stderr once the Remote Agent is up.
var listening = regexp.MustCompile(`WebDriver BiDi listening on (ws://[^\s]+)`)

// openFirefox starts a headless Firefox on a fresh profile, opens a BiDi
// session and sizes its tab as a phone. Everything ends with the test.
func openFirefox(t *testing.T) *firefox {
	t.Helper()
	path := firefoxPath(t)
	profile := t.TempDir()
	if err := os.WriteFile(filepath.Join(profile, "user.js"), []byte(firefoxPrefs), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, path, "--headless", "--no-remote", "--profile", profile,
		"--remote-debugging-port", "0", "about:blank")
	cmd.Env = append(os.Environ(), "MOZ_HEADLESS=1")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		cancel()
		t.Fatalf("start firefox: %v", err)
	}
	t.Cleanup(func() { cancel(); cmd.Wait() })
	url, err := agentURL(stderr)
	if err != nil {
		t.Fatalf("firefox's Remote Agent: %v", err)
	}
	ws, _, err := websocket.Dial(ctx, url+"/session", nil)
	if err != nil {
		t.Fatalf("connect to firefox's Remote Agent at %s: %v", url, err)
	}
	ws.SetReadLimit(16 << 20)
	f := &firefox{cmd: cmd, ws: ws, pending: map[int]chan bidiReply{}}
	go f.read(ctx)
	t.Cleanup(func() { ws.CloseNow() })
	if _, err := f.call(ctx, "session.new", map[string]any{"capabilities": map[string]any{}}); err != nil {
		t.Fatalf("firefox session: %v", err)
	}
	var tree struct {
		Contexts []struct {
			Context string `json:"context"`
		} `json:"contexts"`
	}
	if err := f.callInto(ctx, "browsingContext.getTree", map[string]any{}, &tree); err != nil || len(tree.Contexts) == 0 {
		t.Fatalf("firefox tabs: %v %+v", err, tree)
	}
	f.tab = tree.Contexts[0].Context
	if _, err := f.call(ctx, "browsingContext.setViewport", map[string]any{"context": f.tab,
		"viewport": map[string]int{"width": phoneW, "height": phoneH}}); err != nil {
		t.Fatalf("firefox viewport: %v", err)
	}
	return f
}

// agentURL reads Firefox's stderr until the Remote Agent names its
// address, then keeps draining it so Firefox never blocks on a full pipe.
func agentURL(stderr io.Reader) (string, error) {
	sc := bufio.NewScanner(stderr)
	for sc.Scan() {
		if m := listening.FindStringSubmatch(sc.Text()); m != nil {
			go io.Copy(io.Discard, stderr)
			return m[1], nil
		}
	}
	if err := sc.Err(); err != nil {
		return "", err
	}
	return "", errors.New("firefox exited before its Remote Agent listened")
}

// read hands each reply to the command waiting for it; events are not
// subscribed to, so none come.
func (f *firefox) read(ctx context.Context) {
	for {
		_, data, err := f.ws.Read(ctx)
		if err != nil {
			f.mu.Lock()
			f.readErr = err
			for id, ch := range f.pending {
				close(ch)
				delete(f.pending, id)
			}
			f.mu.Unlock()
			return
		}
		var r bidiReply
		if json.Unmarshal(data, &r) != nil || r.Type == "event" {
			continue
		}
		f.mu.Lock()
		ch := f.pending[r.ID]
		delete(f.pending, r.ID)
		f.mu.Unlock()
		if ch != nil {
			ch <- r
		}
	}
}

// call sends one BiDi command and returns its result.
func (f *firefox) call(ctx context.Context, method string, params any) (json.RawMessage, error) {
	f.mu.Lock()
	if f.readErr != nil {
		f.mu.Unlock()
		return nil, fmt.Errorf("%s: firefox is gone: %w", method, f.readErr)
	}
	f.next++
	id := f.next
	ch := make(chan bidiReply, 1)
	f.pending[id] = ch
	f.mu.Unlock()
	data, err := json.Marshal(map[string]any{"id": id, "method": method, "params": params})
	if err != nil {
		return nil, err
	}
	if err := f.ws.Write(ctx, websocket.MessageText, data); err != nil {
		return nil, fmt.Errorf("%s: %w", method, err)
	}
	select {
	case r, ok := <-ch:
		if !ok {
			return nil, fmt.Errorf("%s: firefox closed the session", method)
		}
		if r.Type != "success" {
			return nil, fmt.Errorf("%s: %s: %s", method, r.Error, r.Message)
		}
		return r.Result, nil
	case <-ctx.Done():
		f.mu.Lock()
		delete(f.pending, id)
		f.mu.Unlock()
		return nil, fmt.Errorf("%s: %w", method, ctx.Err())
	}
}

func (f *firefox) callInto(ctx context.Context, method string, params, into any) error {
	res, err := f.call(ctx, method, params)
	if err != nil {
		return err
	}
	return json.Unmarshal(res, into)
}

// navigate opens url in the tab and returns once the page has loaded.
func (f *firefox) navigate(ctx context.Context, url string) error {
	_, err := f.call(ctx, "browsingContext.navigate", map[string]any{"context": f.tab, "url": url, "wait": "complete"})
	return err
}

// reload reloads the tab, as a phone waking up may.
func (f *firefox) reload(ctx context.Context) error {
	_, err := f.call(ctx, "browsingContext.reload", map[string]any{"context": f.tab, "wait": "complete"})
	return err
}

// eval runs a JavaScript expression in the page and returns its value as
// a string (the expressions the tests use give strings, numbers or
// booleans).
func (f *firefox) eval(ctx context.Context, js string) (string, error) {
	var res struct {
		Type   string `json:"type"`
		Result struct {
			Type  string `json:"type"`
			Value any    `json:"value"`
		} `json:"result"`
		ExceptionDetails struct {
			Text string `json:"text"`
		} `json:"exceptionDetails"`
	}
	err := f.callInto(ctx, "script.evaluate", map[string]any{"expression": js,
		"target": map[string]string{"context": f.tab}, "awaitPromise": false}, &res)
	if err != nil {
		return "", err
	}
	if res.Type == "exception" {
		return "", fmt.Errorf("script: %s", res.ExceptionDetails.Text)
	}
	return jsValue(res.Result.Value), nil
}

// TestFirefoxPlaysAWholeCanailleGame: the page opens from the QR code's
// URL in Firefox, takes a seat, plays, resumes after a reload and plays to
// the end, against the real kiosk with a bot.
func TestFirefoxPlaysAWholeCanailleGame(t *testing.T) {
	playAWholeCanailleGame(t, openFirefox(t), "Firefox", "Firmin")
}
