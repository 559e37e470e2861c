package main

import (
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
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

// TestPlaysCSV writes the plays with BoardGameGeek's play fields: a shelf
// title as played, a play stopped early as incomplete, a player's first
// play of a title as new, and a typed title that cannot run as a formula.
func TestPlaysCSV(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tablee.db")
	d, err := db.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	tb, _ := d.EnsureTable(ctx, "Fenêtre")
	at := time.Date(2026, 11, 28, 20, 0, 0, 0, time.Local)
	p, err := d.CreatePlayer(ctx, "Anouk", at)
	if err != nil {
		t.Fatal(err)
	}
	seats := []session.Seat{{Kind: session.Person, PlayerID: p.ID}, {Kind: session.Guest, Name: "Léa"}}
	for i, play := range []struct {
		title string
		res   engine.Result
	}{
		{"Azul", engine.Result{Scores: []int{70, 30}, Ranks: []int{1, 2}, Winners: []engine.Seat{0}, Reason: "sheet-complete"}},
		{"Azul", engine.Result{Scores: []int{20, 25}, Ranks: []int{2, 1}, Winners: []engine.Seat{1}, Reason: "sheet-stopped"}},
		{"=HYPERLINK(1)", engine.Result{Scores: []int{-3, 1}, Ranks: []int{2, 1}, Winners: []engine.Seat{1}, Reason: "sheet-complete"}},
	} {
		start := at.Add(time.Duration(i) * time.Hour)
		s, err := d.CreateSession(ctx, session.Record{TableID: tb.ID, Game: "sheet", Options: map[string]string{"sheet": "generic", "title": play.title}, Seats: seats, StartedAt: start})
		if err != nil {
			t.Fatal(err)
		}
		if err := d.Finish(ctx, s.ID, play.res, start.Add(42*time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	d.Close()
	dir := t.TempDir()
	if _, _, err := staff(t, runPlays, "--db", path, "--csv", dir); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "plays.csv"))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(string(data), db.CSVBOM))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 7 || strings.Join(rows[0], ",") != "play,date,quantity,length,incomplete,location,game,name,startposition,color,score,new,win" {
		t.Fatalf("plays.csv:\n%s", data)
	}
	want := [][]string{ // date … win, without the play's id
		{"2026-11-28", "1", "42", "0", "Fenêtre", "Azul", "Anouk", "1", "", "70", "1", "1"},
		{"2026-11-28", "1", "42", "0", "Fenêtre", "Azul", "Léa", "2", "", "30", "0", "0"},
		{"2026-11-28", "1", "42", "1", "Fenêtre", "Azul", "Anouk", "1", "", "20", "0", "0"},
		{"2026-11-28", "1", "42", "1", "Fenêtre", "Azul", "Léa", "2", "", "25", "0", "1"},
		{"2026-11-28", "1", "42", "0", "Fenêtre", "'=HYPERLINK(1)", "Anouk", "1", "", "-3", "1", "0"},
		{"2026-11-28", "1", "42", "0", "Fenêtre", "'=HYPERLINK(1)", "Léa", "2", "", "1", "0", "1"},
	}
	for i, w := range want {
		if got := strings.Join(rows[i+1][1:], "|"); got != strings.Join(w, "|") {
			t.Errorf("row %d: %s, want %s", i+1, got, strings.Join(w, "|"))
		}
	}
	if _, _, err := staff(t, runPlays, "--db", path); err == nil {
		t.Error("plays without --csv accepted")
	}
}

// TestSessionOfAShelfPlay prints a play of the score sheet move by move.
func TestSessionOfAShelfPlay(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tablee.db")
	d, err := db.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	tb, _ := d.EnsureTable(ctx, "Fenêtre")
	at := time.Now().Add(-time.Hour)
	rules := catalog.Sheet()
	setup := engine.Setup{Seats: 2, Options: map[string]string{"sheet": "generic", "title": "Terra Mystica"}}
	s, err := d.CreateSession(ctx, session.Record{TableID: tb.ID, Game: "sheet", Options: setup.Options,
		Seats: []session.Seat{{Kind: session.Guest, Name: "Anja"}, {Kind: session.Guest, Name: "Ben"}}, StartedAt: at})
	if err != nil {
		t.Fatal(err)
	}
	state, err := engine.NewGame(rules, setup)
	if err != nil {
		t.Fatal(err)
	}
	for i, text := range []string{`{"kind":"enter","seat":1,"category":"points","round":1,"value":12}`, `{"kind":"enter","seat":0,"category":"points","round":1,"value":9}`} {
		m, err := rules.DecodeMove([]byte(text))
		if err != nil {
			t.Fatal(err)
		}
		seat := engine.Seat(1 - i)
		if _, err := state.Apply(seat, m); err != nil {
			t.Fatal(err)
		}
		js, _ := engine.EncodeMove("sheet", seat, m)
		if err := d.AppendMove(ctx, s.ID, session.Move{Seq: i + 1, Seat: seat, JSON: js, StateHash: state.Hash(), PlayedAt: at}); err != nil {
			t.Fatal(err)
		}
	}
	d.Close()
	out, _, err := staff(t, runSession, s.ID, "--db", path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "enter 1 points#1=12") || !strings.Contains(out, "enter 0 points#1=9") || !strings.Contains(out, "Terra Mystica") {
		t.Errorf("session:\n%s", out)
	}
}
