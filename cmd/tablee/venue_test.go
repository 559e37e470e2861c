package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/session"
)

// tablee venue prints the line kiosks are paired with, and stops when
// interrupted.
func TestVenueCommand(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	r, w := io.Pipe()
	done := make(chan error, 1)
	go func() {
		e := &env{stdout: w, stderr: io.Discard, games: catalog.Registry()}
		done <- runVenue(ctx, e, []string{"--db", filepath.Join(dir, "hub.db"), "--listen", "127.0.0.1:0"})
		w.Close()
	}()
	line, err := bufio.NewReader(r).ReadString('\n')
	if err != nil {
		t.Fatal(err, <-done)
	}
	if !regexp.MustCompile(`^venue addr=127\.0\.0\.1:[0-9]+ code=[0-9]{6} fingerprint=[0-9a-f]{64}\n$`).MatchString(line) {
		t.Errorf("line %q", line)
	}
	cancel()
	go io.Copy(io.Discard, r)
	if err := <-done; err != nil {
		t.Error(err)
	}
	// The hub's database lists the venue's sessions by default.
	d, err := db.Open(context.Background(), filepath.Join(dir, "hub.db"))
	if err != nil {
		t.Fatal(err)
	}
	loadEvent(t, d, "Terrasse", "01890000-0000-7000-8000-000000000001")
	d.Close()
	out, _, err := staff(t, runSessions, "--db", filepath.Join(dir, "hub.db"))
	if err != nil || !strings.Contains(out, "Terrasse") || !strings.Contains(out, "Ana (guest), Bob") {
		t.Errorf("sessions of the hub (%v):\n%s", err, out)
	}
}

// A kiosk lists its table's sessions by default, the venue's with
// --scope venue.
func TestSessionsScope(t *testing.T) {
	k := newKiosk(t)
	d, err := db.Open(context.Background(), k.path)
	if err != nil {
		t.Fatal(err)
	}
	loadEvent(t, d, "Véranda", "01890000-0000-7000-8000-000000000002")
	d.Close()
	out, _, err := staff(t, runSessions, "--db", k.path)
	if err != nil || strings.Contains(out, "Véranda") || !strings.Contains(out, k.sessions[0]) {
		t.Errorf("table scope (%v):\n%s", err, out)
	}
	out, _, err = staff(t, runSessions, "--db", k.path, "--scope", "venue")
	if err != nil || !strings.Contains(out, "Véranda") || strings.Contains(out, k.sessions[0]) {
		t.Errorf("venue scope (%v):\n%s", err, out)
	}
	if _, _, err := staff(t, runSessions, "--db", k.path, "--scope", "town"); err == nil {
		t.Error("--scope town accepted")
	}
}

// loadEvent loads a finished session of table into d's venue sessions.
func loadEvent(t *testing.T, d *db.DB, table, id string) {
	t.Helper()
	now := time.Now()
	body, _ := json.Marshal(db.SessionEvent{V: 1, Kiosk: "01890000-0000-7000-8000-0000000000aa", Table: table, ID: id,
		Game: "canoe", StartedAt: now.Add(-time.Hour), EndedAt: now, Reason: "test",
		Seats: []db.EventSeat{{Kind: session.Guest, Name: "Ana", Rank: 1, Winner: true}, {Kind: session.Person, PlayerID: "p", Nickname: "Bob", Rank: 2}}})
	if _, err := d.LoadVenueEvent(context.Background(), "ev-"+id, body, now); err != nil {
		t.Fatal(err)
	}
}
