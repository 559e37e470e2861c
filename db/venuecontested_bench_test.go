package db

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/tablee/tablee/proto/wire"
	"github.com/tablee/tablee/session"
)

// The contested notice is on every signed-in console page: its count is
// one query over the stored signatures, made again only after a write.
// 5,000 shelf plays of two signed seats each, counted afresh each time
// (`go test ./db -run XXX -bench VenueContestedCount`).
func BenchmarkVenueContestedCount(b *testing.B) {
	ctx := context.Background()
	d := openTemp(b)
	var batch []RawEvent
	for i := range 5000 {
		at := t0.Add(time.Duration(i) * time.Minute)
		ev := SessionEvent{V: 2, Kiosk: "k1", Table: "Table 1", ID: fmt.Sprintf("0190a0c0-0000-7000-8000-%012d", i), Game: SheetGame,
			Options: map[string]string{"sheet": "7wonders", "title": "7 Wonders"}, StartedAt: at.Add(-time.Hour), EndedAt: at, At: at, Reason: "sheet-complete"}
		for s := range 2 {
			tok := fmt.Sprintf("token-%d", (i*2+s)%300)
			ev.Seats = append(ev.Seats, EventSeat{Kind: session.Person, PlayerID: tok, Nickname: tok, Score: 50 - s, Rank: s + 1, Keys: []string{tok}})
		}
		for s := range ev.Seats {
			p := newPhone(ev.Seats[s].Nickname)
			ev.Seats[s].Sign = &SeatSign{Token: ev.Seats[s].Keys[0], Key: p.pub(), Sig: wire.SignResult(p.sign, ev.Statement(s))}
		}
		body, err := json.Marshal(ev)
		if err != nil {
			b.Fatal(err)
		}
		batch = append(batch, RawEvent{ID: "e" + ev.ID, Body: body, From: "k1"})
	}
	if _, err := d.LoadVenueEvents(ctx, batch, t0); err != nil {
		b.Fatal(err)
	}
	if un, err := d.VenueUncredited(ctx); err != nil || len(un) != 0 {
		b.Fatalf("%d plays with seats not credited (%v); want every seat signed and credited", len(un), err)
	}
	b.ResetTimer()
	for b.Loop() {
		d.contested.mu.Lock()
		d.contested.ok = false // what a write does
		d.contested.mu.Unlock()
		if _, err := d.VenueContestedCount(ctx); err != nil {
			b.Fatal(err)
		}
	}
}
