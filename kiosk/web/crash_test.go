package web_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/bot"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/internal/proctest"
	"github.com/tablee/tablee/kiosk/server"
	"github.com/tablee/tablee/kiosk/table"
	"github.com/tablee/tablee/kiosk/web"
	"github.com/tablee/tablee/proto/joinurl"
	"github.com/tablee/tablee/proto/tlscert"
	"github.com/tablee/tablee/proto/wire"
)

// These tests pull the power (kill -9) on a real headless kiosk at the
// edges of a game, with one phone on the app's protocol (TLS) and one on
// the web channel.

// kioskBinary builds the kiosk for the tests that kill it, once for the
// package's tests.
func kioskBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("kills real kiosk processes")
	}
	built.once.Do(func() {
		dir, err := os.MkdirTemp("", "tablee-kiosk-")
		if err != nil {
			built.err = err
			return
		}
		built.dir, built.bin = dir, filepath.Join(dir, "kiosk")
		built.err = proctest.Build(built.bin, "github.com/tablee/tablee/cmd/kiosk")
	})
	if built.err != nil {
		t.Fatalf("build the kiosk: %v", built.err)
	}
	return built.bin
}

// built is the kiosk binary kioskBinary built (removed by TestMain).
var built struct {
	once     sync.Once
	dir, bin string
	err      error
}

// realKiosk is a headless kiosk process and the join URL it printed.
type realKiosk struct {
	cmd    *exec.Cmd
	join   joinurl.Info
	db     string
	stderr string
}

// crashArgs are the flags of a headless Canoë kiosk for two phones on dir's
// database, at the same ports after every restart.
func crashArgs(t *testing.T, dir string) []string {
	return []string{"--headless", "--game", "canoe", "--seats", "2", "--db", filepath.Join(dir, "t.db"),
		"--data", dir, "--name", "Table 1", "--addr", "127.0.0.1:" + proctest.FreePort(t),
		"--web-addr", "127.0.0.1:" + proctest.FreePort(t), "--mdns=false",
		// Not the console's default port, which another kiosk or test
		// on this machine may hold.
		"--console-addr", "127.0.0.1:0"}
}

// startRealKiosk runs bin with args and waits for its code line.
func startRealKiosk(t *testing.T, bin string, args []string) *realKiosk {
	t.Helper()
	k := &realKiosk{cmd: exec.Command(bin, args...), stderr: filepath.Join(t.TempDir(), "kiosk.err")}
	for i, a := range args {
		if a == "--db" {
			k.db = args[i+1]
		}
	}
	l := proctest.Start(t, k.cmd, k.stderr, time.Minute)
	for _, f := range strings.Fields(l) {
		if u, ok := strings.CutPrefix(f, "web="); ok {
			var err error
			if k.join, err = joinurl.Parse(u); err != nil {
				t.Fatalf("kiosk printed %q: %v", l, err)
			}
			return k
		}
	}
	t.Fatalf("kiosk printed %q", l)
	return nil
}

func (k *realKiosk) log() string {
	data, _ := os.ReadFile(k.stderr)
	return string(data)
}

// kill9 pulls the power: no clean-up runs in the kiosk.
func (k *realKiosk) kill9() {
	k.cmd.Process.Signal(syscall.SIGKILL)
	k.cmd.Wait()
}

// appBot plays seat of a Canoë game with a random bot through the app's
// client until it sees the final view.
func appBot(ctx context.Context, c *client.Client, seat engine.Seat) error {
	rules, err := catalog.Registry().Get("canoe")
	if err != nil {
		return err
	}
	b, err := bot.New(rules, engine.LevelRandom, 5)
	if err != nil {
		return err
	}
	moved := int64(-1)
	for {
		var u client.Update
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-c.Done():
			return c.Err()
		case u = <-c.Updates():
		}
		if u.Over {
			return nil
		}
		if u.Waiting > 0 || u.Version == moved {
			continue
		}
		v, err := u.Decode(rules)
		if err != nil {
			return err
		}
		if v.Turn() != seat {
			continue
		}
		moved = u.Version
		mv, err := b.Choose(ctx, v)
		if err != nil {
			return err
		}
		data, err := json.Marshal(mv)
		if err != nil {
			return err
		}
		if err := c.Move(ctx, data); err != nil {
			return err
		}
	}
}

// seatingOf is the seating the kiosk saved with its session, as the staff
// would read it from the database.
func seatingOf(t *testing.T, path string) string {
	t.Helper()
	d, err := sql.Open("sqlite3", "file:"+path+"?mode=ro&_busy_timeout=5000")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var s sql.NullString
	d.QueryRow(`SELECT seating FROM sessions ORDER BY rowid DESC LIMIT 1`).Scan(&s)
	return s.String
}

const (
	appKey = "appPlayerKeyAAAAAAAAAAAAAAAA"
	webKey = "webPlayerKeyWWWWWWWWWWWWWWWW"
)

// Item 5: a kill within moments of a join leaves the seat saved with a
// token its phone never received. After the restart that phone joins
// again with its player key and gets its seat back, the other phone takes
// the other seat, and the game is played to its end.
func TestAJoinCutByAKillGetsItsSeatBack(t *testing.T) {
	bin := kioskBinary(t)
	args := crashArgs(t, t.TempDir())
	k := startRealKiosk(t, bin, args)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()

	// The phone sends its join and never reads the welcome: the power is
	// pulled as soon as the join is on disk.
	hc := &http.Client{Transport: &http.Transport{TLSClientConfig: tlscert.PinnedConfig(k.join.Fingerprint)}}
	ws, _, err := websocket.Dial(ctx, "wss://"+k.join.TLSAddr()+wire.Path, &websocket.DialOptions{HTTPClient: hc})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	join, _ := json.Marshal(wire.Message{V: wire.Version, Type: wire.TypeJoin, Code: k.join.Code, Name: "Anja", Key: appKey})
	if err := ws.Write(ctx, websocket.MessageText, join); err != nil {
		t.Fatal(err)
	}
	for !strings.Contains(seatingOf(t, k.db), `"pending":true`) {
		if ctx.Err() != nil {
			t.Fatalf("the join never reached the database:\n%s", k.log())
		}
		time.Sleep(2 * time.Millisecond)
	}
	k.kill9()
	ws.CloseNow()

	k = startRealKiosk(t, bin, args)
	c, err := client.Dial(ctx, k.join.TLSAddr(), k.join.Fingerprint)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	w, err := c.JoinPlayer(ctx, k.join.Code, "Anja", appKey)
	if err != nil {
		t.Fatalf("the phone whose join was cut joins again: %v\nkiosk:\n%s", err, k.log())
	}
	if w.Seat != 0 {
		t.Fatalf("it joined seat %v, want its seat 0 back", w.Seat)
	}
	web := make(chan error, 1)
	go func() {
		_, err := phoneBot(ctx, t, webAddrOf(k.join), k.join, "canoe", engine.LevelRandom, "Bernd", webKey, 3)
		web <- err
	}()
	if err := appBot(ctx, c, w.Seat); err != nil {
		t.Fatalf("the app's seat: %v\nkiosk:\n%s", err, k.log())
	}
	if err := <-web; err != nil {
		t.Fatalf("the web seat: %v\nkiosk:\n%s", err, k.log())
	}
}

// Item 5: a kill right after the final move. The restarted headless kiosk
// serves the finished game: each phone resuming with its token gets its
// welcome, the final view with the result, and its record (both joined
// with a player key), on the app's protocol and on the web channel.
func TestPhonesResumingAFinishedGameAfterAKillGetTheirResult(t *testing.T) {
	bin := kioskBinary(t)
	args := crashArgs(t, t.TempDir())
	k := startRealKiosk(t, bin, args)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()

	c, err := client.Dial(ctx, k.join.TLSAddr(), k.join.Fingerprint)
	if err != nil {
		t.Fatal(err)
	}
	w, err := c.JoinPlayer(ctx, k.join.Code, "Anja", appKey)
	if err != nil {
		t.Fatal(err)
	}
	type played struct {
		token string
		err   error
	}
	web := make(chan played, 1)
	go func() {
		token, err := phoneBot(ctx, t, webAddrOf(k.join), k.join, "canoe", engine.LevelRandom, "Bernd", webKey, 3)
		web <- played{token, err}
	}()
	if err := appBot(ctx, c, w.Seat); err != nil {
		t.Fatalf("the app's seat: %v\nkiosk:\n%s", err, k.log())
	}
	appToken := c.Welcome().Token
	c.Close()
	wp := <-web
	if wp.err != nil {
		t.Fatalf("the web seat: %v\nkiosk:\n%s", wp.err, k.log())
	}
	k.kill9() // right after the final move: nobody dismissed the results

	k = startRealKiosk(t, bin, args)
	rules, _ := catalog.Registry().Get("canoe")

	// The app's phone.
	app, err := client.Dial(ctx, k.join.TLSAddr(), k.join.Fingerprint)
	if err != nil {
		t.Fatal(err)
	}
	defer app.Close()
	if _, err := app.Resume(ctx, appToken); err != nil {
		t.Fatalf("the app resuming the finished game: %v\nkiosk:\n%s", err, k.log())
	}
	var over, record bool
	for !over || !record {
		select {
		case <-ctx.Done():
			t.Fatalf("the app got over=%v record=%v\nkiosk:\n%s", over, record, k.log())
		case u := <-app.Updates():
			if u.Over {
				v, err := u.Decode(rules)
				if err != nil {
					t.Fatal(err)
				}
				if _, ok := v.Result(); !ok {
					t.Fatal("the app's final view holds no result")
				}
				over = true
			}
			record = record || u.Record != nil
		}
	}

	// The web page.
	p := dialPhone(t, ctx, webAddrOf(k.join), k.join.BoxKey)
	if err := p.send(ctx, map[string]any{"type": "resume", "token": wp.token}); err != nil {
		t.Fatal(err)
	}
	if m := p.until(t, ctx, "welcome"); m.Type != "welcome" {
		t.Fatalf("the web page resuming the finished game got %+v\nkiosk:\n%s", m.Error, k.log())
	}
	m := p.until(t, ctx, "view")
	if !m.Over {
		t.Fatalf("the web page's view after resuming is not the final one: %+v", m)
	}
	v, err := engine.DecodeView(rules, m.View)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := v.Result(); !ok {
		t.Fatal("the web page's final view holds no result")
	}
	if m := p.until(t, ctx, "record"); len(m.Record) == 0 {
		t.Fatalf("the web page got no record: %+v", m)
	}
}

// webAddrOf is the web page's address of a join URL.
func webAddrOf(j joinurl.Info) string {
	return net.JoinHostPort(j.Host, strconv.Itoa(j.WebPort))
}

// Issue 27 item 4: a page that reconnects in a loop is refused (429)
// before the WebSocket upgrade and the channel's handshake once its
// address spent the table's allowance of new connections
// (server.DefaultConnBurst at once).
func TestAReconnectingPageIsRefusedBeforeTheHandshake(t *testing.T) {
	k := openKiosk(t, "canoe", []table.Seat{{}, {}})
	url := "http://" + k.WebAddr() + web.BoxPath
	for i := range server.DefaultConnBurst {
		resp, err := http.Get(url) // no upgrade: refused by the WebSocket library, after the rate
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusTooManyRequests {
			t.Fatalf("request %d within the allowance got 429", i+1)
		}
	}
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("request over the allowance: %s, Retry-After %q; want 429 with Retry-After", resp.Status, resp.Header.Get("Retry-After"))
	}
	// The page itself still loads: only the channel's upgrades count.
	page, err := http.Get("http://" + k.WebAddr() + "/")
	if err != nil {
		t.Fatal(err)
	}
	page.Body.Close()
	if page.StatusCode != http.StatusOK {
		t.Errorf("the page: %s", page.Status)
	}
}
