package main

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/session"
)

// keepAsideEvent loads into the database at path a session of table
// kept aside with refusal: version 1 without moves for "unverified",
// else version 2 with a move log the replay refused. Bob wins it.
func keepAsideEvent(t *testing.T, path, table, id, refusal string) string {
	t.Helper()
	ctx := context.Background()
	d, err := db.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	now := time.Now()
	ev := db.SessionEvent{V: 1, Kiosk: "01890000-0000-7000-8000-0000000000aa", Table: table, ID: id,
		Game: "canoe", StartedAt: now.Add(-time.Hour), EndedAt: now, Reason: "test",
		Seats: []db.EventSeat{{Kind: session.Person, PlayerID: "p", Nickname: "Bob", Keys: []string{"key-bob"}, Score: 9, Rank: 1, Winner: true},
			{Kind: session.Guest, Name: "Ana", Score: 2, Rank: 2}}}
	if refusal != db.Unverified {
		ev.V, ev.Moves = 2, []json.RawMessage{json.RawMessage(`{"v":1}`)}
	}
	body, err := json.Marshal(ev)
	if err != nil {
		t.Fatal(err)
	}
	res, err := d.LoadVenueEvents(ctx, []db.RawEvent{{ID: "ev-" + id, Body: body, Aside: &db.Aside{Refusal: refusal}}}, now)
	if err != nil || res[0].Err != nil || !res[0].SetAside {
		t.Fatalf("keep aside: %+v, %v", res, err)
	}
	return "ev-" + id
}

// venueBoardNames is who is on the venue's board of Canoë at path.
func venueBoardNames(t *testing.T, path string) []string {
	t.Helper()
	d, err := db.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	board, err := d.VenueLeaderboard(context.Background(), "canoe", time.Time{}, 10)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range board {
		names = append(names, s.Nickname)
	}
	return names
}

// tablee venue --aside lists the sessions kept aside; --take-back takes
// one unverified back, and the venue's board changes; a wrong-result
// session is refused with its reason and a non-zero exit;
// --take-back-unverified takes a table's remaining ones.
func TestVenueTakeBackCommand(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hub.db")
	old1 := keepAsideEvent(t, path, "Véranda", "01890000-0000-7000-8000-000000000101", db.Unverified)
	old2 := keepAsideEvent(t, path, "Véranda", "01890000-0000-7000-8000-000000000102", db.Unverified)
	forged := keepAsideEvent(t, path, "Véranda", "01890000-0000-7000-8000-000000000103", "wrong-result")

	code, out, errOut := tablee(t, "venue", "--db", path, "--aside")
	if code != 0 || !strings.Contains(out, old1) || !strings.Contains(out, old2) || !strings.Contains(out, forged+"  Véranda") ||
		!strings.Contains(out, "wrong-result") || !strings.Contains(out, "unverified") {
		t.Errorf("--aside: exit %d, %s\n%s", code, errOut, out)
	}
	if code, _, errOut := tablee(t, "venue", "--db", path, "--take-back", forged); code == 0 || !strings.Contains(errOut, "only a session kept aside as unverified") {
		t.Errorf("--take-back of a wrong-result session: exit %d, %q", code, errOut)
	}
	if names := venueBoardNames(t, path); len(names) != 0 {
		t.Fatalf("the venue's board before any take-back: %q", names)
	}
	code, out, errOut = tablee(t, "venue", "--db", path, "--take-back", old1)
	if code != 0 || !strings.Contains(out, "1 sessions taken back") || !strings.Contains(out, "event "+old1) {
		t.Errorf("--take-back: exit %d, %s\n%s", code, errOut, out)
	}
	if names := venueBoardNames(t, path); len(names) != 1 || names[0] != "Bob" {
		t.Errorf("the venue's board after the take-back: %q, want Bob (a guest is on no venue board)", names)
	}
	if code, _, errOut := tablee(t, "venue", "--db", path, "--take-back", old1); code == 0 || !strings.Contains(errOut, "no such session kept aside") {
		t.Errorf("a second --take-back of one session: exit %d, %q", code, errOut)
	}
	code, out, errOut = tablee(t, "venue", "--db", path, "--take-back-unverified", "Véranda")
	if code != 0 || !strings.Contains(out, "1 sessions taken back") || !strings.Contains(out, "event "+old2) {
		t.Errorf("--take-back-unverified: exit %d, %s\n%s", code, errOut, out)
	}
	if code, out, _ := tablee(t, "venue", "--db", path, "--aside"); code != 0 || strings.Contains(out, old2) || !strings.Contains(out, forged) {
		t.Errorf("--aside after the take-backs: exit %d, want the forged session only\n%s", code, out)
	}
	d, err := db.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	taken, err := d.VenueTakenBack(context.Background(), 0)
	if err != nil || len(taken) != 2 || taken[0].Via != "command" || taken[0].By == "" {
		t.Errorf("the record of the take-backs: %+v, %v", taken, err)
	}
}
