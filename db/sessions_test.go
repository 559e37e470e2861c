package db

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
)

func TestSessionLifecycle(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 2)
	seats := append(f.persons(0, 1), session.Seat{Kind: session.Guest, Name: "Léa"}, session.Seat{Kind: session.Bot, BotLevel: "default"})
	s, err := f.d.CreateSession(ctx, session.Record{TableID: f.table.ID, Game: "canoe",
		Options: map[string]string{"less-luck": "on"}, Seed: 1<<64 - 1, Seats: seats, StartedAt: t0})
	if err != nil {
		t.Fatal(err)
	}
	for seq := 1; seq <= 3; seq++ {
		m := session.Move{Seq: seq, Seat: engine.Seat(seq % 4), JSON: []byte(fmt.Sprintf(`{"v":1,"n":%d}`, seq)), StateHash: fmt.Sprint("h", seq), PlayedAt: t0.Add(time.Duration(seq) * time.Second)}
		if err := f.d.AppendMove(ctx, s.ID, m); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.d.AppendMove(ctx, s.ID, session.Move{Seq: 5, JSON: []byte("{}"), PlayedAt: t0}); err == nil || !strings.Contains(err.Error(), "sequence") {
		t.Errorf("a gap in the log: %v", err)
	}
	if err := f.d.AppendMove(ctx, s.ID, session.Move{Seq: 3, JSON: []byte("{}"), PlayedAt: t0}); err == nil {
		t.Error("a move appended twice")
	}
	if _, err := f.d.w.Exec("UPDATE moves SET seat = 9"); err == nil {
		t.Error("the log could be rewritten")
	}
	if _, err := f.d.w.Exec("DELETE FROM moves"); err == nil {
		t.Error("the log could be deleted")
	}

	got, err := f.d.Session(ctx, s.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Seed != 1<<64-1 || got.Options["less-luck"] != "on" || got.Status != session.Active || !got.StartedAt.Equal(t0) {
		t.Errorf("session read back: %+v", got)
	}
	if len(got.Seats) != 4 || got.Seats[0].Name != "playerA" || got.Seats[2].Name != "Léa" || got.Seats[3].BotLevel != "default" {
		t.Errorf("seats read back: %+v", got.Seats)
	}
	moves, err := f.d.Moves(ctx, s.ID)
	if err != nil || len(moves) != 3 || moves[2].StateHash != "h3" || moves[0].Seat != 1 || !moves[1].PlayedAt.Equal(t0.Add(2*time.Second)) {
		t.Fatalf("moves: %+v %v", moves, err)
	}

	if err := f.d.SetStatus(ctx, s.ID, session.Paused, "lunch", t0); err != nil {
		t.Fatal(err)
	}
	if err := f.d.AppendMove(ctx, s.ID, session.Move{Seq: 4, JSON: []byte("{}"), PlayedAt: t0}); err == nil {
		t.Error("a move appended to a paused session")
	}
	if un, err := f.d.Unfinished(ctx); err != nil || len(un) != 1 {
		t.Errorf("unfinished: %v %v", un, err)
	}
	if err := f.d.Finish(ctx, s.ID, engine.RankByScores([]int{1, 2, 3, 4}, "x"), t0); !errors.Is(err, ErrNotFound) {
		t.Errorf("finish a paused session: %v", err)
	}
	if err := f.d.SetStatus(ctx, s.ID, session.Active, "", t0); err != nil {
		t.Fatal(err)
	}
	if err := f.d.Finish(ctx, s.ID, engine.RankByScores([]int{1, 2}, "x"), t0); err == nil {
		t.Error("a result for the wrong number of seats")
	}
	end := t0.Add(time.Hour)
	if err := f.d.Finish(ctx, s.ID, engine.RankByScores([]int{5, 9, 9, 1}, "done"), end); err != nil {
		t.Fatal(err)
	}
	got, _ = f.d.Session(ctx, s.ID)
	if got.Status != session.Finished || !got.EndedAt.Equal(end) || got.Reason != "done" {
		t.Errorf("finished session: %+v", got)
	}
	res, err := f.d.Results(ctx, s.ID)
	want := []SeatResult{{0, 5, 3, false}, {1, 9, 1, true}, {2, 9, 1, true}, {3, 1, 4, false}}
	if err != nil || fmt.Sprint(res) != fmt.Sprint(want) {
		t.Errorf("results %v, want %v (%v)", res, want, err)
	}
	if err := f.d.SetStatus(ctx, s.ID, session.Abandoned, "", end); err == nil {
		t.Error("a finished session abandoned")
	}
	if un, _ := f.d.Unfinished(ctx); len(un) != 0 {
		t.Errorf("unfinished after finish: %v", un)
	}
	p, _ := f.d.Player(ctx, f.players[0].ID)
	if !p.LastSeen.Equal(end) {
		t.Errorf("last seen %v, want %v", p.LastSeen, end)
	}
}

func TestCreateSessionChecksSeats(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 1)
	for _, seats := range [][]session.Seat{
		nil,
		{{Kind: session.Person}},
		{{Kind: session.Bot}},
		{{Kind: "alien"}},
		{{Kind: session.Person, PlayerID: "no-such-player"}},
	} {
		if _, err := f.d.CreateSession(ctx, session.Record{TableID: f.table.ID, Game: "g", Seats: seats, StartedAt: t0}); err == nil {
			t.Errorf("seats %+v accepted", seats)
		}
	}
	if _, err := f.d.CreateSession(ctx, session.Record{TableID: 99, Game: "g", Seats: f.persons(0), StartedAt: t0}); err == nil {
		t.Error("an unknown table accepted")
	}
	if ss, _ := f.d.Sessions(ctx, SessionFilter{}); len(ss) != 0 {
		t.Errorf("refused sessions left rows: %v", ss)
	}
}

func TestAbandonAndFilter(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 2)
	old := f.play(t, "canoe", f.persons(0, 1), []int{1, 2}, t0.Add(-48*time.Hour))
	s, err := f.d.CreateSession(ctx, session.Record{TableID: f.table.ID, Game: "canyon", Seats: f.persons(0, 1), StartedAt: t0})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.d.SetStatus(ctx, s.ID, session.Abandoned, "left", t0.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	recent, err := f.d.Sessions(ctx, SessionFilter{Since: t0.Add(-time.Hour)})
	if err != nil || len(recent) != 1 || recent[0].ID != s.ID || recent[0].Status != session.Abandoned || recent[0].EndedAt.IsZero() {
		t.Errorf("recent sessions: %+v %v", recent, err)
	}
	byGame, _ := f.d.Sessions(ctx, SessionFilter{Game: "canoe", Statuses: []session.Status{session.Finished}})
	if len(byGame) != 1 || byGame[0].ID != old.ID {
		t.Errorf("canoe sessions: %+v", byGame)
	}
	if res, _ := f.d.Results(ctx, s.ID); len(res) != 0 {
		t.Errorf("an abandoned session has results %v", res)
	}
}
