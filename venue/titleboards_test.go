package venue

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
)

// playSheetRole finishes a play of a shelf title (spaces written "_") on
// the score sheet, its seats the players of the phone keys given with
// their scores ("anja:120").
func playSheetRole(ctx context.Context, d *db.DB, table db.Table, title string, seats []string) (string, error) {
	now := time.Now()
	var ss []session.Seat
	var scores []int
	for _, s := range seats {
		key, score, _ := strings.Cut(s, ":")
		n, err := strconv.Atoi(score)
		if err != nil {
			return "", fmt.Errorf("seat %q: %w", s, err)
		}
		p, err := d.IdentifyPlayer(ctx, key+"-0123456789abcdefghijklmn", key, now)
		if err != nil {
			return "", err
		}
		ss = append(ss, session.Seat{Kind: session.Person, PlayerID: p.ID})
		scores = append(scores, n)
	}
	s, err := d.CreateSession(ctx, session.Record{TableID: table.ID, Game: db.SheetGame, Seats: ss, StartedAt: now.Add(-time.Minute),
		Options: map[string]string{"sheet": "tickettoride", "title": strings.ReplaceAll(title, "_", " ")}})
	if err != nil {
		return "", err
	}
	if err := d.Finish(ctx, s.ID, engine.RankByScores(scores, "sheet-complete"), now); err != nil {
		return "", err
	}
	// Each player's phone signs its seat's result (signed_test.go).
	return s.ID, signAsPhones(ctx, d, s.ID)
}

// titleBoardLine is the venue's board of title (spaces written "_") in
// one line: its plays, then each player's name, plays, wins and rating.
func titleBoardLine(ctx context.Context, d *db.DB, title string) (string, error) {
	b, err := d.VenueTitleBoard(ctx, strings.ReplaceAll(title, "_", " "))
	if err != nil {
		return "", err
	}
	line := fmt.Sprintf("%q plays=%d", b.Title, b.Plays)
	for _, s := range b.Standings {
		rating := "-"
		if s.Rating != nil {
			rating = fmt.Sprintf("%.6f", s.Rating.Ordinal())
		}
		line += fmt.Sprintf(" %s:%d:%d:%s", s.Nickname, s.Plays, s.Wins, rating)
	}
	return line, nil
}

// TestASheetPlayIsOnEveryTablesBoards: a hub and two kiosks, each a
// process in its own network namespace. A play of Ticket to Ride entered
// at table 1 under its German name and one at table 2 under its French
// name are on the title's board at the hub and at both tables, with the
// same ratings, a phone being one player at both tables; the boards'
// digests, which cover the titles, agree.
func TestASheetPlayIsOnEveryTablesBoards(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("network namespaces need root")
	}
	if _, err := exec.LookPath("ip"); err != nil {
		t.Skip("no ip (iproute2)")
	}
	n := &netns{t: t, prefix: fmt.Sprintf("tt%d", os.Getpid()%10000), subnet: 200 + os.Getpid()%50}
	n.setUp(3)
	dir := t.TempDir()
	hub := startNode(t, "hub", n.ns(0), "hub", "TABLEE_VENUE_DB="+filepath.Join(dir, "hub.db"),
		"TABLEE_VENUE_DATA="+filepath.Join(dir, "hub"), "TABLEE_VENUE_LISTEN="+n.addr(0)+":7459")
	ready := strings.Fields(hub.line(t, "ready"))
	ks := make([]*proc, 2)
	for i := range ks {
		pair := newPairing(t, hub, ready)
		ks[i] = startNode(t, fmt.Sprintf("kiosk %d", i+1), n.ns(i+1), "kiosk",
			"TABLEE_VENUE_DB="+filepath.Join(dir, fmt.Sprintf("k%d.db", i)), "TABLEE_VENUE_DATA="+filepath.Join(dir, fmt.Sprintf("k%d", i)),
			"TABLEE_VENUE_TABLE="+fmt.Sprintf("Table %d", i+1), "TABLEE_VENUE_PAIR="+pair)
		ks[i].line(t, "ready")
	}
	ks[0].send(t, "sheet Zug_um_Zug anja:120 bernd:98")
	ks[0].line(t, "done")
	ks[1].send(t, "sheet Les_Aventuriers_du_Rail chloe:87 anja:101")
	ks[1].line(t, "done")
	converge(t, "two plays of Ticket to Ride", 2, hub, ks[0], ks[1])

	var lines []string
	for _, p := range []*proc{hub, ks[0], ks[1]} {
		p.send(t, "title ticket_to_ride")
		lines = append(lines, strings.TrimPrefix(p.line(t, "title "), "title "))
	}
	if !strings.HasPrefix(lines[0], `"Ticket to Ride" plays=2 anja:2:2:`) || !strings.Contains(lines[0], " bernd:1:0:") || !strings.Contains(lines[0], " chloe:1:0:") {
		t.Fatalf("the hub's board of Ticket to Ride: %s; want anja with 2 plays and 2 wins, bernd and chloe", lines[0])
	}
	for i, l := range lines[1:] {
		if l != lines[0] {
			t.Errorf("table %d's board of Ticket to Ride: %s; the hub's: %s", i+1, l, lines[0])
		}
	}
}
