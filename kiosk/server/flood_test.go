package server

import (
	"context"
	"encoding/json"
	"net/http"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/proto/tlscert"
	"github.com/tablee/tablee/proto/wire"
)

// BenchmarkMoveWhileAnotherPhoneFloods times the moves of one seat of a
// Canoë game while the other seat's phone sends sync as fast as its
// socket takes them (flood) or behaves (quiet), and reports the median
// and 99th percentile of the time from sending a move to holding its view.
//
//	go test -run XXX -bench MoveWhileAnotherPhoneFloods -benchtime 1x ./kiosk/server
func BenchmarkMoveWhileAnotherPhoneFloods(b *testing.B) {
	for _, flood := range []bool{false, true} {
		name := "quiet"
		if flood {
			name = "flood"
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				lat := floodRun(b, flood, 60)
				sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
				b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
				b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
			}
		})
	}
}

// floodRun plays moves moves; seat 1 is a client whose moves are timed,
// seat 0 a raw connection that moves when it must and, with flood, sends
// syncs without pause.
func floodRun(b *testing.B, flood bool, moves int) []time.Duration {
	tb := newTable(b, "canoe", twoGuests())
	addr := strings.TrimSuffix(strings.TrimPrefix(tb.url, "wss://"), wire.Path)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	client0 := &websocket.DialOptions{HTTPClient: pinned(tb.fp)}
	raw, _, err := websocket.Dial(ctx, tb.url, client0)
	if err != nil {
		b.Fatal(err)
	}
	raw.SetReadLimit(1 << 20)
	defer raw.CloseNow()
	write := func(m wire.Message) error {
		m.V = wire.Version
		data, _ := json.Marshal(m)
		return raw.Write(ctx, websocket.MessageText, data)
	}
	if err := write(wire.Message{Type: wire.TypeJoin, Code: tb.srv.Code(), Name: "Flood"}); err != nil {
		b.Fatal(err)
	}
	go func() { // read and drop what the table sends the flooder
		for {
			if _, _, err := raw.Read(ctx); err != nil {
				return
			}
		}
	}()
	timed, err := client.Dial(ctx, addr, tb.fp)
	if err != nil {
		b.Fatal(err)
	}
	defer timed.Close()
	if _, err := timed.Join(ctx, tb.srv.Code(), "Timed"); err != nil {
		b.Fatal(err)
	}
	go func() { // drain the timed phone's updates; Move waits for its own
		for range timed.Updates() {
		}
	}()
	if flood {
		go func() {
			for ctx.Err() == nil {
				if write(wire.Message{Type: wire.TypeSync}) != nil {
					return
				}
			}
		}()
	}
	var out []time.Duration
	for i := 0; len(out) < moves; i++ {
		seat := tb.sess.View(engine.Table).Turn()
		if seat == engine.NoSeat {
			break
		}
		legal := tb.sess.View(seat).Legal()
		data, _ := json.Marshal(legal[i%len(legal)])
		if seat == 0 {
			want := tb.sess.Moves() + 1
			if err := write(wire.Message{Type: wire.TypeMove, Move: data}); err != nil {
				b.Fatal(err)
			}
			waitMoves(tb, want) // the flooder's socket is busy: watch the host
			continue
		}
		start := time.Now()
		if err := timed.Move(ctx, data); err != nil {
			b.Fatalf("move %d: %v", i, err)
		}
		out = append(out, time.Since(start))
	}
	if len(out) == 0 {
		b.Fatal("no timed move")
	}
	return out
}

// waitMoves returns once the session has logged n moves.
func waitMoves(tb *table, n int) {
	for tb.sess.Moves() < n {
		updates, stop := tb.sess.Subscribe(engine.Table)
		for u := range updates {
			if u.Seq >= n {
				break
			}
		}
		stop()
	}
}

func pinned(fp string) *http.Client {
	return &http.Client{Transport: &http.Transport{TLSClientConfig: tlscert.PinnedConfig(fp)}}
}
