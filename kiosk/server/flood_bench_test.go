package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"golang.org/x/time/rate"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/proto/tlscert"
	"github.com/tablee/tablee/proto/wire"
)

// BenchmarkMovesUnderASyncFlood measures issue 27's fourth finding: at a
// Canyon table of six, seats 0–4 are companion clients and seat 5 a phone
// that, in the flood runs, sends 20,000 sync frames over TLS as fast as it
// can ("flood"), or keeps sending and resumes on a new connection at once
// whenever it is cut off or refused ("flood-resume"). The flooder runs in
// this process: its own TLS work shares the machine with the table's. It
// reports, for
// the moves of seats 0–4, the time from sending until all five hold the
// new view (median and worst), and the syncs the flooder got written.
// Seat 5's own turns are played through the host, untimed. Compare the
// median of "flood" with "quiet":
//
//	go test -run XXX -bench MovesUnderASyncFlood -benchtime 3x ./kiosk/server
func BenchmarkMovesUnderASyncFlood(b *testing.B) {
	for _, run := range []struct {
		name   string
		flood  int
		resume bool
		cfg    Config
	}{
		{"quiet", 0, false, Config{}},
		{"flood", 20_000, false, Config{}},
		{"flood-resume", 1 << 30, true, Config{}},
		// The same without the limit on new connections per address
		// (Listener), as before it was built.
		{"flood-resume-unlimited", 1 << 30, true, Config{ConnRate: rate.Inf}},
	} {
		b.Run(run.name, func(b *testing.B) {
			var all []time.Duration
			var sent int64
			for b.Loop() {
				lat, n := floodRun(b, run.cfg, run.flood, run.resume, 60)
				all = append(all, lat...)
				sent += n
			}
			sort.Slice(all, func(i, j int) bool { return all[i] < all[j] })
			if len(all) == 0 {
				b.Fatal("no move measured")
			}
			b.ReportMetric(float64(all[len(all)/2].Microseconds()), "p50-µs")
			b.ReportMetric(float64(all[len(all)-1].Microseconds()), "max-µs")
			b.ReportMetric(float64(sent)/float64(b.N), "syncs-sent")
		})
	}
}

// floodRun plays moves at a fresh table, with seat 5 sending flood syncs,
// again on a new connection whenever cut off if resume.
func floodRun(b *testing.B, cfg Config, flood int, resume bool, moves int) ([]time.Duration, int64) {
	seats := guests(6)
	tb := newTableWith(b, "canyon", seats, cfg)
	addr := strings.TrimSuffix(strings.TrimPrefix(tb.url, "wss://"), wire.Path)
	var phones []*client.Client
	var seen []chan int64
	for i := range 5 {
		c, err := client.Dial(context.Background(), addr, tb.fp)
		if err != nil {
			b.Fatal(err)
		}
		defer c.Close()
		if _, err := c.Join(context.Background(), tb.srv.Code(), fmt.Sprint("P", i)); err != nil {
			b.Fatal(err)
		}
		ch := make(chan int64, 4096)
		go func() {
			for u := range c.Updates() {
				ch <- u.Version
			}
		}()
		phones = append(phones, c)
		seen = append(seen, ch)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var sent atomic.Int64
	var wg sync.WaitGroup
	token := floodSeat(b, ctx, tb, "", 0, &sent)
	if flood > 0 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				token = floodSeat(b, ctx, tb, token, flood, &sent)
				if !resume {
					<-ctx.Done()
				}
			}
		}()
	}
	var out []time.Duration
	for i := range moves {
		seat := tb.sess.View(engine.Onlooker).Turn()
		if seat == engine.NoSeat {
			break
		}
		legal := tb.sess.View(seat).Legal()
		data, _ := json.Marshal(legal[i%len(legal)])
		version := int64(tb.sess.Moves() + 1)
		start := time.Now()
		if seat == 5 {
			mv, err := tb.sess.Game().DecodeMove(data)
			if err == nil {
				err = tb.sess.Play(context.Background(), seat, mv)
			}
			if err != nil {
				b.Fatalf("seat 5's move: %v", err)
			}
		} else if err := phones[seat].Move(context.Background(), data); err != nil {
			b.Fatalf("move %d: %v", i, err)
		}
		for _, ch := range seen {
			for v := range ch {
				if v >= version {
					break
				}
			}
		}
		if seat != 5 {
			out = append(out, time.Since(start))
		}
	}
	cancel()
	wg.Wait()
	return out, sent.Load()
}

// floodSeat connects a raw phone to seat 5 (join when token is "", else
// resume) and sends up to flood syncs until the connection ends or ctx
// does, reading what comes back. It returns the seat's newest token. The
// flooder is a phone of its own, at 127.0.0.2; a connection refused over
// its address's rate is tried again at once (only the first, the join,
// must get through).
func floodSeat(b *testing.B, ctx context.Context, tb *table, token string, flood int, sent *atomic.Int64) string {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.2")}}
	hc := &http.Client{Transport: &http.Transport{TLSClientConfig: tlscert.PinnedConfig(tb.fp), DialContext: d.DialContext}}
	ws, _, err := websocket.Dial(ctx, tb.url, &websocket.DialOptions{HTTPClient: hc})
	if err != nil {
		if ctx.Err() != nil || token != "" {
			return token
		}
		b.Fatal(err)
	}
	// Closed when the run ends, or when the flood on it stops.
	context.AfterFunc(ctx, func() { ws.CloseNow() })
	ws.SetReadLimit(1 << 20)
	hello := wire.Message{V: wire.Version, Type: wire.TypeJoin, Code: tb.srv.Code(), Name: "Flood"}
	if token != "" {
		hello = wire.Message{V: wire.Version, Type: wire.TypeResume, Token: token}
	}
	data, _ := json.Marshal(hello)
	if ws.Write(ctx, websocket.MessageText, data) != nil {
		return token
	}
	for {
		_, data, err := ws.Read(ctx)
		if err != nil {
			return token
		}
		var m wire.Message
		if json.Unmarshal(data, &m) == nil && m.Type == wire.TypeWelcome {
			token = m.Token
			break
		}
		if m.Type == wire.TypeError {
			if m.Error.Code != wire.RateLimited {
				b.Fatalf("flooder: %+v", m.Error)
			}
			ws.CloseNow() // its seat's cool-down: try again at once
			return token
		}
	}
	if flood == 0 {
		go func() { // keep reading, so the table never finds it slow
			for {
				if _, _, err := ws.Read(ctx); err != nil {
					return
				}
			}
		}()
		return token
	}
	go func() {
		for {
			if _, _, err := ws.Read(ctx); err != nil {
				return
			}
		}
	}()
	sync, _ := json.Marshal(wire.Message{V: wire.Version, Type: wire.TypeSync})
	for range flood {
		if ctx.Err() != nil || ws.Write(ctx, websocket.MessageText, sync) != nil {
			ws.CloseNow()
			return token
		}
		sent.Add(1)
	}
	return token
}
