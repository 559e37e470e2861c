package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/session"
	"github.com/tablee/tablee/venue"
)

// loadGame loads into d a finished game of Canoë at table (kiosk id
// kiosk) between a guest and the table's player, called name there.
func loadGame(t *testing.T, d *db.DB, kiosk, table, id, player, name string, at time.Time) {
	t.Helper()
	body, _ := json.Marshal(db.SessionEvent{V: 1, Kiosk: kiosk, Table: table, ID: id, Game: "canoe",
		StartedAt: at.Add(-time.Hour), EndedAt: at, Reason: "test",
		Seats: []db.EventSeat{{Kind: session.Guest, Name: "Ana", Rank: 1, Winner: true}, {Kind: session.Person, PlayerID: player, Nickname: name, Rank: 2}}})
	if _, err := d.LoadVenueEvent(context.Background(), "ev-"+id, body, time.Now()); err != nil {
		t.Fatal(err)
	}
}

// venueID is the id tablee player list gives the venue player called
// name (its row's first field).
func venueID(t *testing.T, list, name string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^(v[0-9a-f]{16}) +` + regexp.QuoteMeta(name) + ` `).FindStringSubmatch(list)
	if m == nil {
		t.Fatalf("no venue player %q in:\n%s", name, list)
	}
	return m[1]
}

// staffIn is staff with the staff's answer on standard input.
func staffIn(t *testing.T, stdin string, f func(context.Context, *env, []string) error, args ...string) (string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	e := &env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errOut, games: catalog.Registry()}
	err := f(context.Background(), e, args)
	return out.String(), err
}

const (
	kioskA = "01890000-0000-7000-8000-0000000000aa"
	kioskB = "01890000-0000-7000-8000-0000000000bb"
)

// tablee player --scope venue on a table's database lists its copy of
// the venue's players, names made harmless (the loader cleans them by the
// phones' rule, so no escape reaches the terminal), and refuses
// to change them: only the hub names venue players. The table's own
// players stay the default.
func TestPlayerScopeVenueOnAKiosk(t *testing.T) {
	k := newKiosk(t)
	d, err := db.Open(context.Background(), k.path)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	loadGame(t, d, kioskA, "Véranda", "01890000-0000-7000-8000-000000000011", "p", "Bob", now.Add(-2*time.Hour))
	loadGame(t, d, kioskA, "Véranda", "01890000-0000-7000-8000-000000000012", "p", "Bob\x1b[2J\u202e", now)
	d.Close()
	out, _, err := staff(t, runPlayer, "list", "--db", k.path, "--scope", "venue")
	if err != nil || !strings.Contains(out, "from this table's copy") || !strings.Contains(out, "Bob[2J ") ||
		strings.ContainsAny(out, "\x1b\u202e") || !regexp.MustCompile(`  Bob +Véranda +2 +0 +[0-9-]{10} [0-9:]{5}\n`).MatchString(out) {
		t.Errorf("the venue's players from a kiosk's copy (%v):\n%s", err, out)
	}
	id := venueID(t, out, "Bob[2J")
	if out, _, err := staff(t, runPlayer, "list", "--db", k.path); err != nil || strings.Contains(out, "Bob") || !strings.Contains(out, "Anouk") {
		t.Errorf("a kiosk's own players by default (%v):\n%s", err, out)
	}
	for _, args := range [][]string{
		{"rename", id, "Robert"},
		{"merge", id, id},
		{"forget", id, "--yes"},
	} {
		_, _, err := staff(t, runPlayer, append(args, "--db", k.path, "--scope", "venue")...)
		if err == nil || !strings.Contains(err.Error(), "only the venue hub") || !strings.Contains(err.Error(), "--db on the hub's database") {
			t.Errorf("player %s --scope venue on a kiosk: %v", args[0], err)
		}
	}
	if _, _, err := staff(t, runPlayer, "list", "--db", k.path, "--scope", "town"); err == nil {
		t.Error("--scope town accepted")
	}
}

// On the hub's database tablee player works on the venue's players by
// default: list, rename (names cleaned as on the wire), merge (refused
// for two people of one game) and forget, which asks first.
func TestPlayerScopeVenueOnTheHub(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "hub.db")
	d, err := db.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.SetVenueConfig(ctx, map[string]string{"role": "hub"}); err != nil {
		t.Fatal(err)
	}
	if hub, err := venue.IsHub(ctx, d); !hub || err != nil {
		t.Fatalf("not a hub's database: %v", err)
	}
	now := time.Now()
	loadGame(t, d, kioskA, "Véranda", "01890000-0000-7000-8000-000000000021", "p", "Bob", now.Add(-3*time.Hour))
	loadGame(t, d, kioskB, "Terrasse", "01890000-0000-7000-8000-000000000022", "q", "Bobby", now.Add(-2*time.Hour))
	d.Close()
	out, _, err := staff(t, runPlayer, "list", "--db", path)
	if err != nil || strings.Contains(out, "copy") || !strings.HasPrefix(out, "ID ") {
		t.Fatalf("the hub's venue players (%v):\n%s", err, out)
	}
	bob, bobby := venueID(t, out, "Bob"), venueID(t, out, "Bobby")
	if _, _, err := staff(t, runPlayer, "rename", bob, "Rob\x1b[31mert", "--db", path); err == nil || !strings.Contains(err.Error(), "U+001B") {
		t.Errorf("a name with an escape: %v", err)
	}
	if _, _, err := staff(t, runPlayer, "rename", "v0000000000000000", "Robert", "--db", path); err == nil || !strings.Contains(err.Error(), "no venue player") {
		t.Errorf("an unknown venue player renamed: %v", err)
	}
	if out, _, err := staff(t, runPlayer, "rename", bob, "  Robert ", "--db", path); err != nil || !strings.Contains(out, `from "Bob" to "Robert"`) {
		t.Errorf("rename (%v):\n%s", err, out)
	}
	merged, _, err := staff(t, runPlayer, "merge", bobby, bob, "--db", path)
	if err != nil || !strings.Contains(merged, "merged venue player") {
		t.Fatalf("merge (%v):\n%s", err, merged)
	}
	out, _, _ = staff(t, runPlayer, "list", "--db", path, "--scope", "venue")
	if !regexp.MustCompile(`  Robert +Bob / Bobby +Véranda / Terrasse +2 +0 `).MatchString(out) || strings.Count(out, "\n") != 2 {
		t.Errorf("after rename and merge, one player, their names and tables:\n%s", out)
	}
	robert := venueID(t, out, "Robert")
	if !strings.Contains(merged, "now "+robert+";") {
		t.Errorf("the merge does not give the merged player's id %s:\n%s", robert, merged)
	}
	// Both sat at one game: two people.
	d, err = db.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(db.SessionEvent{V: 1, Kiosk: kioskA, Table: "Véranda", ID: "01890000-0000-7000-8000-000000000023", Game: "canoe",
		StartedAt: now.Add(-time.Hour), EndedAt: now, Reason: "test",
		Seats: []db.EventSeat{{Kind: session.Person, PlayerID: "p", Nickname: "Bob", Rank: 1, Winner: true}, {Kind: session.Person, PlayerID: "r", Nickname: "Carla", Rank: 2}}})
	if _, err := d.LoadVenueEvent(ctx, "ev-3", body, now); err != nil {
		t.Fatal(err)
	}
	d.Close()
	out, _, _ = staff(t, runPlayer, "list", "--db", path)
	if _, _, err := staff(t, runPlayer, "merge", venueID(t, out, "Carla"), robert, "--db", path); err == nil || !strings.Contains(err.Error(), "two people") {
		t.Errorf("two people of one game merged: %v", err)
	}

	// Forget says what it erases and asks.
	out, err = staffIn(t, "no\n", runPlayer, "forget", robert, "--db", path)
	if err == nil || !strings.Contains(err.Error(), "not forgotten") || !strings.Contains(out, "Forget Robert ("+robert+") at every table") ||
		!strings.Contains(out, "(Bob / Bobby)") || !strings.Contains(out, "(Véranda / Terrasse)") || !strings.Contains(out, "Type yes") {
		t.Errorf("forget answered no (%v):\n%s", err, out)
	}
	if _, _, err := staff(t, runPlayer, "forget", robert, "--db", path); err == nil {
		t.Error("forgot without an answer")
	}
	out, err = staffIn(t, "yes\n", runPlayer, "forget", robert, "--db", path)
	if err != nil || !strings.Contains(out, "forgot venue player "+robert) {
		t.Fatalf("forget answered yes (%v):\n%s", err, out)
	}
	out, _, _ = staff(t, runPlayer, "list", "--db", path)
	if strings.Contains(out, "Robert") || strings.Contains(out, "Bob") || !strings.Contains(out, "Carla") {
		t.Errorf("after forget:\n%s", out)
	}
	if _, _, err := staff(t, runPlayer, "forget", robert, "--db", path, "--yes"); err == nil {
		t.Error("forgot a forgotten player")
	}
	// The table's own players of the hub's database: none.
	if out, _, err := staff(t, runPlayer, "list", "--db", path, "--scope", "table"); err != nil || strings.Count(out, "\n") != 1 {
		t.Errorf("the hub's own players (%v):\n%s", err, out)
	}
}

// A rename and a forget by tablee player on a running hub's database (a
// process apart from the hub's, as from the staff's shell: another
// handle of the file, whose signal the hub's publisher does not hear)
// reach the tables: the hub's publisher finds the events in its outbox.
// So does a table's rename on its running kiosk's database, the other
// way.
func TestPlayerChangesBesideARunningHubReachTheTables(t *testing.T) {
	ctx := context.Background()
	k := newKiosk(t)
	// Carla, who played a game against a guest, for the table's rename.
	d, err := db.Open(ctx, k.path)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := d.EnsureTable(ctx, "Fenêtre")
	if err != nil {
		t.Fatal(err)
	}
	carla, err := d.CreatePlayer(ctx, "Carla", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	storeGame(t, d, tb.ID, []session.Seat{{Kind: session.Person, PlayerID: carla.ID}, {Kind: session.Guest, Name: "Zoé"}}, 7, time.Now().Add(-time.Minute), true)
	d.Close()
	hubDir := t.TempDir()
	hubDB := filepath.Join(hubDir, "hub.db")
	hd, err := db.Open(ctx, hubDB)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { hd.Close() })
	hub, err := venue.StartHub(ctx, venue.HubConfig{DB: hd, DataDir: filepath.Join(hubDir, "venue"), Listen: "127.0.0.1:0", Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(hub.Close)
	kd, _ := pairWithCommand(t, k, hub)
	board := func() string {
		b, err := kd.VenueLeaderboard(ctx, "", time.Time{}, 0)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, s := range b {
			names = append(names, fmt.Sprintf("%s:%d", s.Nickname, s.Games))
		}
		return strings.Join(names, " ")
	}
	var out string
	until(t, "the table's games at the hub and back", func() bool {
		out, _, err = staff(t, runPlayer, "list", "--db", hubDB)
		return err == nil && strings.Contains(out, "Fenêtre") && strings.Contains(board(), "Basile:3") && strings.Contains(board(), "Carla:1")
	})
	anouk, basile := venueID(t, out, "Anouk"), venueID(t, out, "Basile")
	start := time.Now()
	if out, _, err := staff(t, runPlayer, "rename", anouk, "Nouk", "--db", hubDB); err != nil {
		t.Fatalf("rename (%v):\n%s", err, out)
	}
	out, err = staffIn(t, "", runPlayer, "forget", basile, "--db", hubDB, "--yes")
	if err != nil && !strings.Contains(err.Error(), "tablee player scrub") {
		t.Fatalf("forget (%v):\n%s", err, out)
	}
	t.Logf("forget beside the running hub: %v", err)
	if out, _, err := staff(t, runPlayer, "rename", carla.ID, "Carla B", "--db", k.path); err != nil {
		t.Fatalf("the table's rename beside its running kiosk (%v):\n%s", err, out)
	}
	until(t, "the rename on the table's venue board", func() bool { return strings.Contains(board(), "Nouk:3") })
	t.Logf("a rename by tablee player beside the running hub on the table's venue board after %v", time.Since(start))
	until(t, "the table forgets its own Basile", func() bool {
		ps, err := kd.Players(ctx)
		return err == nil && len(ps) == 2 && ps[0].Nickname == "Anouk"
	})
	until(t, "the table's rename at the hub", func() bool {
		out, _, err := staff(t, runPlayer, "list", "--db", hubDB)
		return err == nil && strings.Contains(out, " Carla B ")
	})
	t.Logf("both ways after %v", time.Since(start))
	if b := board(); strings.Contains(b, "Basile") {
		t.Errorf("the table's venue board after the forget: %s", b)
	}
}
