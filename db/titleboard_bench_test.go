package db

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
	"github.com/tablee/tablee/shelf/shelfcsv"
)

// benchPlays is how many plays of shelf titles the boards' benchmark
// keeps: a busy café's year at one table.
const benchPlays = 2000

// BenchmarkTitleBoards computes the ludothèque's boards over the
// 9,000-title catalogue and benchPlays plays of its titles by eight
// players, as the attract screen does each time it shows (the week's
// boards and players) and the staff screen (all time, with ratings).
//
//	go test -run '^$' -bench TitleBoards -benchtime 20x ./db
func BenchmarkTitleBoards(b *testing.B) {
	ctx := context.Background()
	d := openEmptyShelf(b)
	res, err := shelfcsv.ReadBGG(bytes.NewReader(bggFixture(b)), shelfcsv.BGGOptions{})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := d.ImportCatalogue(ctx, res.Titles, t0); err != nil {
		b.Fatal(err)
	}
	tb, err := d.EnsureTable(ctx, "Table 1")
	if err != nil {
		b.Fatal(err)
	}
	var players []string
	for _, name := range []string{"Anja", "Bernd", "Chloé", "Dora", "Emil", "Fanny", "Gaspard", "Hugo"} {
		p, err := d.CreatePlayer(ctx, name, t0)
		if err != nil {
			b.Fatal(err)
		}
		players = append(players, p.ID)
	}
	now := time.Now()
	for i := range benchPlays {
		seats := make([]session.Seat, 4)
		for k := range seats {
			seats[k] = session.Seat{Kind: session.Person, PlayerID: players[(i+k*3)%len(players)]}
		}
		title := res.Titles[(i*37)%200].Names.Name("en") // two hundred titles played
		at := now.Add(-time.Duration(benchPlays-i) * 4 * time.Hour)
		s, err := d.CreateSession(ctx, session.Record{TableID: tb.ID, Game: SheetGame, StartedAt: at.Add(-time.Hour), Seats: seats,
			Options: map[string]string{"sheet": "generic", "title": title}})
		if err != nil {
			b.Fatal(err)
		}
		if err := d.Finish(ctx, s.ID, engine.RankByScores([]int{i % 7, i % 5, i % 3, i % 11}, "sheet-complete"), at); err != nil {
			b.Fatal(err)
		}
	}
	week, _ := Week.Start(now)
	b.Run("week", func(b *testing.B) {
		for b.Loop() {
			if _, err := d.TitleBoards(ctx, week); err != nil {
				b.Fatal(err)
			}
			if _, err := d.PlayerTitles(ctx, week); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("all", func(b *testing.B) {
		for b.Loop() {
			boards, err := d.TitleBoards(ctx, time.Time{})
			if err != nil || len(boards) != 200 {
				b.Fatalf("%d boards, %v", len(boards), err)
			}
		}
	})
}
