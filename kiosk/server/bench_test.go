package server

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/kiosk/host/hosttest"
	"github.com/tablee/tablee/proto/wire"
)

// BenchmarkMoveSixViews is one move of 6-player Canyon as the server
// serves it, without the sockets: the host applies it, appends it to the
// log and tells the six seats, and each seat's view message is encoded and
// framed as its pump does. Its allocs/op are the move path's allocations.
// The log is SQLite on disk (sub-benchmark sqlite, fsync'd as at the
// table) or in memory (memory: the Go side alone).
//
//	go test -run XXX -bench MoveSixViews -benchmem ./kiosk/server
func BenchmarkMoveSixViews(b *testing.B) {
	b.Run("sqlite", func(b *testing.B) {
		d, err := db.Open(context.Background(), filepath.Join(b.TempDir(), "tablee.db"))
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { d.Close() })
		tb, err := d.EnsureTable(context.Background(), "Table 1")
		if err != nil {
			b.Fatal(err)
		}
		benchMoves(b, d, tb.ID)
	})
	b.Run("memory", func(b *testing.B) { benchMoves(b, hosttest.NewStore(), 1) })
}

func benchMoves(b *testing.B, store host.Store, tableID int64) {
	ctx := context.Background()
	h, err := host.New(host.Config{Store: store, Games: catalog.Registry()})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(h.Close)
	var sess *host.Session
	var subs []<-chan host.Update
	start := func() {
		seats := guests(6)
		if sess, err = h.Start(ctx, host.StartRequest{TableID: tableID, Game: "canyon", Seats: seats}); err != nil {
			b.Fatal(err)
		}
		subs = subs[:0]
		for i := range seats {
			ch, _ := sess.Subscribe(engine.Seat(i))
			<-ch // the current view
			subs = append(subs, ch)
		}
	}
	start()
	rng := engine.NewRNG(1, 1)
	var events eventsCache
	b.ReportAllocs()
	for b.Loop() {
		if _, over := sess.Result(); over {
			b.StopTimer()
			start()
			b.StartTimer()
		}
		turn := sess.View(engine.Onlooker).Turn()
		legal := sess.View(turn).Legal()
		if err := sess.Play(ctx, turn, legal[rng.IntN(len(legal))]); err != nil {
			b.Fatal(err)
		}
		for _, ch := range subs {
			u := <-ch
			m, err := viewMessage("canyon", u.View, u.Seq, u.Events, false)
			if err != nil {
				b.Fatal(err)
			}
			m.V = wire.Version
			ev, err := events.encode(m.Events)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := viewFrame(m, ev); err != nil {
				b.Fatal(err)
			}
		}
	}
}
