package main

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/db/dbtest"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
	"github.com/tablee/tablee/shelf"
)

// TestLeaderboardOfTheLudotheque: --title takes a catalogue title's id or
// any of its names, folded, and finds its plays under every name; an
// unknown title is refused; --titles lists every title played, --players
// each player's plays across titles with the H-index.
func TestLeaderboardOfTheLudotheque(t *testing.T) {
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
	for i, title := range []string{"Zug um Zug", "Les Aventuriers du Rail", "Pandémie", "Terra Mystica"} {
		res := engine.RankByScores([]int{90 + i, 80}, "sheet-complete")
		if title == "Pandémie" {
			res = engine.Result{Scores: []int{3, 3}, Ranks: []int{1, 1}, Winners: []engine.Seat{0, 1}, Reason: "sheet-won"}
		}
		s, err := d.CreateSession(ctx, session.Record{TableID: tb.ID, Game: "sheet", Options: map[string]string{"sheet": "generic", "title": title}, Seats: seats, StartedAt: at})
		if err != nil {
			t.Fatal(err)
		}
		if err := d.Finish(ctx, s.ID, res, at.Add(time.Duration(i+1)*time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	titles, err := d.Titles(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ttr, err := shelf.Exact(titles, "Ticket to Ride")
	if err != nil {
		t.Fatal(err)
	}
	d.Close()

	for _, name := range []string{strconv.FormatInt(ttr.ID, 10), "#" + strconv.FormatInt(ttr.ID, 10), "ticket to ride", "ZUG UM ZUG", "les aventuriers-du-rail"} {
		out, _, err := staff(t, runLeaderboard, "--db", path, "--title", name)
		if err != nil {
			t.Fatalf("--title %q: %v", name, err)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != 4 || !strings.Contains(lines[0], "Ticket to Ride (#") || !strings.HasPrefix(strings.Join(strings.Fields(lines[2]), " "), "1 Anouk ") ||
			!strings.HasSuffix(strings.Join(strings.Fields(lines[2]), " "), " 2 2") {
			t.Errorf("--title %q:\n%s", name, out)
		}
	}
	if out, _, err := staff(t, runLeaderboard, "--db", path, "--title", "terra mystica"); err != nil || !strings.Contains(out, "Terra Mystica") {
		t.Errorf("a game played by a name the catalogue lacks: %v\n%s", err, out)
	}
	if _, _, err := staff(t, runLeaderboard, "--db", path, "--title", "Zug"); err == nil || !strings.Contains(err.Error(), "no title") {
		t.Errorf("--title Zug (a part of a name): %v", err)
	}
	out, _, err := staff(t, runLeaderboard, "--db", path, "--titles")
	if err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) != 5 || !strings.Contains(lines[2], "Ticket to Ride") || !strings.Contains(out, "cooperative, 1 won 0 lost") {
		t.Errorf("--titles:\n%s", out)
	}
	out, _, err = staff(t, runLeaderboard, "--db", path, "--players")
	if err != nil {
		t.Fatal(err)
	}
	// Anouk and Basile: 4 plays of 3 titles (Ticket to Ride twice, the
	// others once): H-index 1; Anouk won all four, Basile the cooperative one.
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 || strings.Join(strings.Fields(lines[2]), " ") != "1 Anouk 1 4 3 4" || strings.Join(strings.Fields(lines[3]), " ") != "2 Basile 1 4 3 1" {
		t.Errorf("--players:\n%s", out)
	}
	if _, _, err := staff(t, runLeaderboard, "--db", path, "--titles", "--players"); err == nil {
		t.Error("--titles with --players accepted")
	}
}

// TestLeaderboardOfTheVenuesTitles: with --scope venue the title's board
// and the players are the venue's, from every table's plays.
func TestLeaderboardOfTheVenuesTitles(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tablee.db")
	d, err := db.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	for i, p := range []struct{ kiosk, table, title string }{
		{"01890000-0000-7000-8000-0000000000aa", "Terrasse", "Zug um Zug"},
		{"01890000-0000-7000-8000-0000000000bb", "Véranda", "Ticket to Ride"},
	} {
		id := fmt.Sprintf("01890000-0000-7000-8000-%012d", i+1)
		ev := db.SessionEvent{V: 1, Kiosk: p.kiosk, Table: p.table, ID: id, Game: "sheet",
			Options: map[string]string{"sheet": "tickettoride", "title": p.title}, StartedAt: now.Add(-time.Hour), EndedAt: now.Add(time.Duration(i) * time.Minute),
			Reason: "sheet-complete", Seats: []db.EventSeat{
				{Kind: session.Person, PlayerID: "p" + p.table, Nickname: "Bob", Keys: []string{"key-bob"}, Rank: 1, Score: 100, Winner: true},
				{Kind: session.Guest, Name: "Ana", Rank: 2, Score: 90}}}
		dbtest.SignAsPhones(&ev) // the venue credits a shelf result only signed
		body, _ := json.Marshal(ev)
		if _, err := d.LoadVenueEvent(ctx, "ev-"+id, body, now); err != nil {
			t.Fatal(err)
		}
	}
	d.Close()
	out, _, err := staff(t, runLeaderboard, "--db", path, "--scope", "venue", "--title", "les aventuriers du rail")
	if err != nil || !strings.Contains(out, "the venue's") || !regexp.MustCompile(`1\s+Bob\s+-\s+2\s+2`).MatchString(out) {
		t.Errorf("the venue's board of Ticket to Ride (%v):\n%s", err, out)
	}
	out, _, err = staff(t, runLeaderboard, "--db", path, "--scope", "venue", "--players")
	if err != nil || !regexp.MustCompile(`1\s+Bob\s+1\s+2\s+1\s+2`).MatchString(out) {
		t.Errorf("the venue's players (%v):\n%s", err, out)
	}
	if out, _, err := staff(t, runLeaderboard, "--db", path, "--title", "Ticket to Ride"); err != nil || strings.Contains(out, "Bob") {
		t.Errorf("this table's own board shows the venue's plays (%v):\n%s", err, out)
	}
}
