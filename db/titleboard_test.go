package db

import (
	"context"
	"testing"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
)

// playTitle stores a finished play of title on the score sheet.
func (f *fixture) playTitle(t *testing.T, title string, seats []session.Seat, res engine.Result, at time.Time) {
	t.Helper()
	ctx := context.Background()
	s, err := f.d.CreateSession(ctx, session.Record{TableID: f.table.ID, Game: SheetGame,
		Options: map[string]string{"sheet": "generic", "title": title}, Seats: seats, StartedAt: at.Add(-time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.d.Finish(ctx, s.ID, res, at); err != nil {
		t.Fatal(err)
	}
}

func TestTitleBoard(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 3)
	a, b, c := f.players[0].ID, f.players[1].ID, f.players[2].ID
	guest := session.Seat{Kind: session.Guest, Name: "Léa"}
	// 7 Wonders: A beats B twice, B beats C once; a guest plays along.
	for i, p := range [][]session.Seat{f.persons(0, 1), append(f.persons(0, 1), guest), f.persons(1, 2)} {
		f.playTitle(t, "7 Wonders", p, engine.RankByScores(map[int][]int{0: {50, 40}, 1: {60, 45, 70}, 2: {44, 30}}[i], "sheet-complete"), t0.Add(time.Duration(i)*time.Minute))
	}
	// Pandemic: won once, lost once, by A and C together.
	won := engine.Result{Scores: []int{0, 0}, Ranks: []int{1, 1}, Winners: []engine.Seat{0, 1}, Reason: sheetWon}
	lost := engine.Result{Scores: []int{0, 0}, Ranks: []int{1, 1}, Reason: sheetLost}
	f.playTitle(t, "Pandemic", f.persons(0, 2), won, t0)
	f.playTitle(t, "pandemic ", f.persons(0, 2), lost, t0.Add(time.Minute))

	board, err := f.d.TitleBoard(ctx, " 7 WONDERS")
	if err != nil {
		t.Fatal(err)
	}
	if board.Coop || len(board.Standings) != 3 {
		t.Fatalf("7 Wonders' board: %+v", board)
	}
	top := board.Standings[0]
	if top.PlayerID != a || top.Plays != 2 || top.Wins != 1 || top.Rating == nil || top.Rating.Games != 2 {
		t.Errorf("first on 7 Wonders: %+v (the guest's win of play 2 is not A's)", top)
	}
	if last := board.Standings[2]; last.PlayerID != c || last.Rating == nil || last.Rating.Ordinal() >= top.Rating.Ordinal() {
		t.Errorf("last on 7 Wonders: %+v", last)
	}
	// The game's own ratings hold nothing of the sheet: it is rated per title.
	if r, _ := f.d.Rating(ctx, a, SheetGame); r.Games != 0 {
		t.Errorf("a rating of the whole score sheet: %+v", r)
	}

	coop, err := f.d.TitleBoard(ctx, "Pandemic")
	if err != nil {
		t.Fatal(err)
	}
	if !coop.Coop || len(coop.Standings) != 2 {
		t.Fatalf("Pandemic's board: %+v", coop)
	}
	for _, s := range coop.Standings {
		if s.Plays != 2 || s.Wins != 1 || s.Losses != 1 || s.Rating != nil || (s.PlayerID != a && s.PlayerID != c) {
			t.Errorf("a cooperative line: %+v", s)
		}
	}
	if none, err := f.d.TitleBoard(ctx, "Azul"); err != nil || len(none.Standings) != 0 || b == "" {
		t.Errorf("a title never played: %+v, %v", none, err)
	}
}
