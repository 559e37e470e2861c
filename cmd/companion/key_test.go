package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/kiosk/kiosktest"
	"github.com/tablee/tablee/kiosk/table"
	"github.com/tablee/tablee/session"
)

// playRound runs one headless companion per args at once and returns their
// standard outputs.
func playRound(t *testing.T, tb *kiosktest.Table, players ...[]string) []string {
	t.Helper()
	type res struct {
		i                 int
		code              int
		out, stderr, name string
	}
	results := make(chan res, len(players))
	for i, extra := range players {
		go func() {
			args := append([]string{"--headless", "--addr", tb.Addr, "--fingerprint", tb.Fingerprint,
				"--code", tb.Code(), "--bot", "default", "--seed", "7"}, extra...)
			code, out, errs := runCompanion(args...)
			results <- res{i, code, out, errs, strings.Join(extra, " ")}
		}()
	}
	outs := make([]string, len(players))
	for range players {
		r := <-results
		if r.code != exitOK {
			t.Fatalf("%s: exit %d\nstdout %s\nstderr %s", r.name, r.code, r.out, r.stderr)
		}
		outs[r.i] = r.out
	}
	return outs
}

// The same command run twice is the same player: three games through the
// network, one player per key file whatever the nickname, rated, on the
// board; a guest beside them is never rated.
func TestKeyFileMakesTheSamePlayer(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	anja, bob := filepath.Join(dir, "anja.key"), filepath.Join(dir, "bob.key")
	tb := kiosktest.Open(t, canoe.ID, 2)
	newGame := func() {
		if _, err := tb.Kiosk().Start(ctx, canoe.ID, nil, make([]table.Seat, 2)); err != nil {
			t.Fatal(err)
		}
	}
	for round, names := range [][2]string{{"Anja", "Bob"}, {"Anja", "Bobby"}} {
		if round > 0 {
			newGame()
		}
		outs := playRound(t, tb, []string{"--name", names[0], "--key", anja}, []string{"--name", names[1], "--key", bob})
		for _, out := range outs {
			if !strings.Contains(out, "record: rating ") || !strings.Contains(out, "place ") {
				t.Errorf("round %d: no record:\n%s", round, out)
			}
		}
	}
	newGame()
	outs := playRound(t, tb, []string{"--name", "Anja", "--key", anja}, []string{"--name", "Gast"})
	if !strings.Contains(outs[0], "record: not rated") || strings.Contains(outs[1], "record:") {
		t.Errorf("a game with a guest:\n%s\n%s", outs[0], outs[1])
	}
	key, _ := os.ReadFile(anja)
	if info, err := os.Stat(anja); err != nil || info.Mode().Perm() != 0o600 || len(strings.TrimSpace(string(key))) != 43 {
		t.Errorf("key file %v %v %q", info.Mode(), err, key)
	}

	d, err := db.Open(ctx, tb.DBPath())
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	players, err := d.Players(ctx)
	if err != nil || len(players) != 2 {
		t.Fatalf("players %+v (%v): want Anja and Bob once each", players, err)
	}
	board, err := d.Leaderboard(ctx, canoe.ID, time.Time{}, 0)
	if err != nil || len(board) != 2 {
		t.Fatalf("board %+v %v", board, err)
	}
	for _, p := range players {
		r, _ := d.Rating(ctx, p.ID, canoe.ID)
		if r.Games != 2 || p.Keys != 1 {
			t.Errorf("%s: %+v, %d keys; want 2 rated games (the guest's game is not rated)", p.Shown, r, p.Keys)
		}
		if p.Shown == "Bobby" && strings.Join(p.Aliases, ",") != "Bob,Bobby" {
			t.Errorf("Bobby's names: %v", p.Aliases)
		}
	}
	all, _ := d.Sessions(ctx, db.SessionFilter{})
	kinds := map[session.SeatKind]int{}
	for _, st := range all[len(all)-1].Seats {
		kinds[st.Kind]++
		if st.Kind == session.Guest && st.Name != "Gast" {
			t.Errorf("the guest's seat %+v", st)
		}
	}
	if kinds[session.Guest] != 1 || kinds[session.Person] != 1 {
		t.Errorf("last game's seats %+v", all[len(all)-1].Seats)
	}
}

func TestKeyNeedsHeadless(t *testing.T) {
	if code, _, errs := runCompanion("--key", filepath.Join(t.TempDir(), "k")); code != exitUsage || !strings.Contains(errs, "--headless") {
		t.Errorf("--key without --headless: %d %s", code, errs)
	}
	bad := filepath.Join(t.TempDir(), "bad.key")
	os.WriteFile(bad, []byte("not a key\n"), 0o600)
	if _, err := playerKey(bad); err == nil {
		t.Error("a file without a key accepted")
	}
}
