package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/bot"
	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/kiosk/table"
	"github.com/tablee/tablee/kiosk/web"
	"github.com/tablee/tablee/proto/joinurl"
)

// recorder is a TCP relay in front of the kiosk's web port that keeps
// every byte both ways, as a sniffer on the café's Wi-Fi would.
type recorder struct {
	ln   net.Listener
	mu   sync.Mutex
	wire bytes.Buffer
	wg   sync.WaitGroup
}

func record(t *testing.T, target string) *recorder {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r := &recorder{ln: ln}
	t.Cleanup(func() { ln.Close(); r.wg.Wait() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			k, err := net.Dial("tcp", target)
			if err != nil {
				c.Close()
				continue
			}
			r.wg.Add(2)
			go r.pipe(c, k)
			go r.pipe(k, c)
		}
	}()
	return r
}

func (r *recorder) pipe(from, to net.Conn) {
	defer r.wg.Done()
	defer to.Close()
	buf := make([]byte, 32<<10)
	for {
		n, err := from.Read(buf)
		if n > 0 {
			r.mu.Lock()
			r.wire.Write(buf[:n])
			r.mu.Unlock()
			if _, werr := to.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

func (r *recorder) bytes() []byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	return bytes.Clone(r.wire.Bytes())
}

// webBot plays one seat of Canaille through the web channel with the
// game's own bot, until the game is over. It returns the seat's token.
func webBot(ctx context.Context, t *testing.T, addr string, k *kiosk, name, playerKey string, seed uint64) (string, error) {
	return phoneBot(ctx, t, addr, k.join, "canaille", engine.LevelDefault, name, playerKey, seed)
}

// phoneBot plays one seat of game through the web channel of the kiosk
// that join names with a bot of level, until the game is over. It returns
// the seat's token.
func phoneBot(ctx context.Context, t *testing.T, addr string, join joinurl.Info, game string, level engine.Level, name, playerKey string, seed uint64) (string, error) {
	rules, err := catalog.Registry().Get(game)
	if err != nil {
		return "", err
	}
	b, err := bot.New(rules, level, seed)
	if err != nil {
		return "", err
	}
	p := dialPhone(t, ctx, addr, join.BoxKey)
	if err := p.send(ctx, map[string]any{"type": "join", "code": join.Code, "name": name, "key": playerKey}); err != nil {
		return "", err
	}
	var token string
	var seat engine.Seat
	moved := int64(-1) // the version this bot last moved at
	for {
		m, err := p.read(ctx)
		if err != nil {
			return token, fmt.Errorf("%s: %w", name, err)
		}
		switch m.Type {
		case "welcome":
			token, seat = m.Token, *m.Seat
		case "error":
			return token, fmt.Errorf("%s: %+v", name, *m.Error)
		case "view":
			if m.Over {
				return token, nil
			}
			// Moves wait until every seat is taken (the view comes again
			// then), and a view sent again at the same version (a seat
			// came or went) asks nothing new: the bot decides once per
			// position, so a seeded bot plays the same game every run.
			if m.Waiting > 0 || m.Version == moved {
				continue
			}
			v, err := engine.DecodeView(rules, m.View)
			if err != nil {
				return token, err
			}
			if v.Turn() != seat {
				continue
			}
			moved = m.Version
			mv, err := b.Choose(ctx, v)
			if err != nil {
				return token, err
			}
			data, err := json.Marshal(mv)
			if err != nil {
				return token, err
			}
			if err := p.send(ctx, map[string]any{"type": "move", "move": json.RawMessage(data)}); err != nil {
				return token, err
			}
		}
	}
}

// TestASnifferSeesNoSecretOfAWholeGame plays a whole Canaille game with
// three web phones and looks for every secret in the bytes on the wire.
func TestASnifferSeesNoSecretOfAWholeGame(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	k := openKiosk(t, "canaille", []table.Seat{{}, {}, {}})
	rec := record(t, k.WebAddr())
	names := []string{"Anja-Sniffme", "Bernd-Sniffme", "Carola-Sniffme"}
	keys := []string{"playerkeyAnjaAAAAAAAAAAAA", "playerkeyBerndBBBBBBBBBBB", "playerkeyCarolaCCCCCCCCCC"}
	tokens := make([]string, len(names))
	errs := make(chan error, len(names))
	for i := range names {
		go func() {
			var err error
			tokens[i], err = webBot(ctx, t, rec.ln.Addr().String(), k, names[i], keys[i], uint64(i+1))
			errs <- err
		}()
	}
	for range names {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	res, over := k.Session().Result()
	if !over {
		t.Fatal("the game did not end")
	}
	wire := rec.bytes()
	t.Logf("%d moves, result %+v, %d bytes on the wire", k.Session().Moves(), res, len(wire))
	secrets := map[string]string{"table code": `"` + k.join.Code + `"`}
	for i := range names {
		secrets["nickname "+names[i]] = names[i]
		secrets["player key "+names[i]] = keys[i]
		secrets["token of "+names[i]] = tokens[i]
	}
	for id := 1; id <= canaille.NumCards; id++ {
		c := canaille.Card(id)
		secrets["card "+c.ID()] = `"` + c.ID() + `"`
	}
	for _, field := range []string{"hand", "legal", "token", "catches", "type", "view"} {
		secrets["JSON field "+field] = `"` + field + `"`
	}
	for what, s := range secrets {
		if s == "" || s == `""` {
			t.Errorf("no %s to look for", what)
			continue
		}
		if bytes.Contains(wire, []byte(s)) {
			t.Errorf("the wire shows %s (%q) in clear", what, s)
		}
	}
	// The recorder works: the HTTP upgrade itself is in clear.
	if !bytes.Contains(wire, []byte("GET "+web.BoxPath+" HTTP/1.1")) {
		t.Error("the recording lacks the WebSocket upgrade: it recorded nothing useful")
	}
	if len(wire) < 10_000 {
		t.Errorf("only %d bytes recorded for a whole game", len(wire))
	}
}
