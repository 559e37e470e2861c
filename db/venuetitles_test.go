package db

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/tablee/tablee/engine"
)

// TestVenueTitleBoards: the ludothèque's boards of a venue are every
// table's plays: a play of a shelf title entered at one table is on the
// board every node computes from the venue's events, in any order they
// arrived, a phone is one player at every table, the title is one board
// whichever of its names each table played it under, and the ratings are
// those of one table that had seen every play.
func TestVenueTitleBoards(t *testing.T) {
	ctx := context.Background()
	a := venueKioskFixture(t, "Table A", "anja", "bernd")
	b := venueKioskFixture(t, "Table B", "anja", "chloé")
	one := venueKioskFixture(t, "One table", "anja", "bernd", "chloé")
	at := func(m int) time.Time { return t0.Add(time.Duration(m) * time.Minute) }
	type play struct {
		f      *fixture
		title  string
		seats  []int
		scores []int
	}
	won := engine.Result{Scores: []int{0, 0}, Ranks: []int{1, 1}, Winners: []engine.Seat{0, 1}, Reason: sheetWon}
	oneIdx := map[*fixture][]int{a: {0, 1}, b: {0, 2}}
	for i, p := range []play{
		{a, "Zug um Zug", []int{0, 1}, []int{120, 98}},
		{b, "Les Aventuriers du Rail", []int{1, 0}, []int{101, 99}},
		{a, "Ticket to Ride", []int{1, 0}, []int{80, 95}},
		{b, "Pandémie", []int{0, 1}, nil},
	} {
		var seats []int
		for _, s := range p.seats {
			seats = append(seats, oneIdx[p.f][s])
		}
		res := won
		if p.scores != nil {
			res = engine.RankByScores(p.scores, "sheet-complete")
		}
		p.f.playSheet(t, p.title, "tickettoride", p.f.persons(p.seats...), res, at(i))
		signPlays(t, p.f) // the players' phones sign it (venuesigned_test.go)
		one.playSheet(t, p.title, "tickettoride", one.persons(seats...), res, at(i))
	}
	fromA, fromB := outbox(t, a), outbox(t, b)
	all := append(append([]OutboxEvent{}, fromA...), fromB...)
	x, y := openTemp(t), openTemp(t)
	loadAll(t, x, all...)
	for i := len(all) - 1; i >= 0; i-- {
		loadAll(t, y, all[i])
	}
	ref, err := one.d.TitleBoard(ctx, "Ticket to Ride")
	if err != nil {
		t.Fatal(err)
	}
	if len(ref.Standings) != 3 || ref.Plays != 3 {
		t.Fatalf("one table's board: %+v", ref)
	}
	for _, node := range []*DB{x, y, a.d} {
		if node == a.d {
			loadAll(t, a.d, all...) // table A, once B's plays reached it
		}
		got, err := node.VenueTitleBoard(ctx, "zug um zug")
		if err != nil {
			t.Fatal(err)
		}
		if got.TitleID == 0 || got.Plays != ref.Plays || len(got.Standings) != len(ref.Standings) {
			t.Fatalf("the venue's board: %+v, one table's %+v", got, ref)
		}
		for i, s := range got.Standings {
			r := ref.Standings[i]
			if s.Nickname != r.Nickname || s.Plays != r.Plays || s.Wins != r.Wins || s.Rating == nil ||
				math.Abs(s.Rating.Mu-r.Rating.Mu) > 1e-9 || math.Abs(s.Rating.Sigma-r.Rating.Sigma) > 1e-9 {
				t.Errorf("place %d: venue %+v, one table %+v", i+1, s, r)
			}
		}
		players, err := node.VenuePlayerTitles(ctx, time.Time{})
		if err != nil || len(players) != 3 || players[0].Nickname != "anja" || players[0].Plays != 4 || players[0].Titles != 2 || players[0].HIndex != 1 {
			t.Errorf("the venue's players: %+v, %v; want anja once, 4 plays of 2 titles", players, err)
		}
		boards, err := node.VenueTitleBoards(ctx, time.Time{})
		if err != nil || len(boards) != 2 || boards[1].Name("fr") != "Pandémie" || !boards[1].Coop || boards[1].Won != 1 {
			t.Errorf("the venue's titles: %+v, %v", boards, err)
		}
	}
	if digest(t, x) != digest(t, y) {
		t.Errorf("digests differ: %s, %s", digest(t, x), digest(t, y))
	}
}
