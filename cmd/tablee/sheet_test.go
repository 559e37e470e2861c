package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
)

// TestSessionsNameTheTitlePlayed: a play of a shelf game is listed with
// its title, and a title cannot write to the staff's terminal.
func TestSessionsNameTheTitlePlayed(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tablee.db")
	d, err := db.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := d.EnsureTable(ctx, "Fenêtre")
	if err != nil {
		t.Fatal(err)
	}
	at := time.Now().Add(-time.Hour)
	seats := []session.Seat{{Kind: session.Guest, Name: "Anja"}, {Kind: session.Guest, Name: "Ben"}}
	for _, title := range []string{"7 Wonders", "Azul\x1b[2J"} {
		s, err := d.CreateSession(ctx, session.Record{TableID: tb.ID, Game: "sheet", Options: map[string]string{"sheet": "generic", "title": title}, Seats: seats, StartedAt: at})
		if err != nil {
			t.Fatal(err)
		}
		res := engine.Result{Scores: []int{40, 38}, Ranks: []int{1, 2}, Winners: []engine.Seat{0}, Reason: "sheet-complete"}
		if err := d.Finish(ctx, s.ID, res, at.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	d.Close()
	out, _, err := staff(t, runSessions, "--db", path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "sheet: 7 Wonders") || !strings.Contains(out, "sheet: Azul[2J") || strings.Contains(out, "\x1b") {
		t.Errorf("sessions:\n%q", out)
	}
}

func TestLeaderboardOfATitle(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tablee.db")
	d, err := db.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	tb, _ := d.EnsureTable(ctx, "Fenêtre")
	at := time.Now().Add(-time.Hour)
	var seats []session.Seat
	for _, name := range []string{"Anouk", "Basile"} {
		p, err := d.CreatePlayer(ctx, name, at)
		if err != nil {
			t.Fatal(err)
		}
		seats = append(seats, session.Seat{Kind: session.Person, PlayerID: p.ID})
	}
	store := func(title string, res engine.Result) {
		s, err := d.CreateSession(ctx, session.Record{TableID: tb.ID, Game: "sheet", Options: map[string]string{"sheet": "generic", "title": title}, Seats: seats, StartedAt: at})
		if err != nil {
			t.Fatal(err)
		}
		if err := d.Finish(ctx, s.ID, res, at.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	store("Azul", engine.RankByScores([]int{30, 70}, "sheet-complete"))
	store("Pandemic", engine.Result{Scores: []int{0, 0}, Ranks: []int{1, 1}, Reason: "sheet-lost"})
	d.Close()

	out, _, err := staff(t, runLeaderboard, "--db", path, "--title", "azul")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 || !strings.Contains(lines[0], "OpenSkill") || strings.Join(strings.Fields(lines[2]), " ") != "1 Basile 3.4? 1 1" {
		t.Errorf("Azul's board:\n%s", out)
	}
	out, _, err = staff(t, runLeaderboard, "--db", path, "--title", "Pandemic")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "cooperative") || strings.Contains(out, "RATING") || !strings.Contains(out, "Anouk") {
		t.Errorf("Pandemic's board:\n%s", out)
	}
	if _, _, err := staff(t, runLeaderboard, "--db", path, "--title", "Azul", "--game", "canoe"); err == nil {
		t.Error("--title with --game accepted")
	}
}
