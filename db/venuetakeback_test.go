package db

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/tablee/tablee/session"
)

// A session taken back from aside is the venue's: a loader meeting its
// event again, unverified as before (a mirror made again, a stream read
// from its start), does not put it aside again; one kept aside for a
// reason its moves gave is refused, even if its row were to say
// unverified.
func TestTakenBackStaysTaken(t *testing.T) {
	ctx := context.Background()
	d := openTemp(t)
	ev := SessionEvent{V: 1, Kiosk: "k1", Table: "Salon", ID: "s1", Game: "canoe", StartedAt: t0.Add(-time.Hour), EndedAt: t0, Reason: "finished",
		Seats: []EventSeat{{Kind: session.Person, PlayerID: "p", Nickname: "Bob", Score: 5, Rank: 1, Winner: true}}}
	body, err := json.Marshal(ev)
	if err != nil {
		t.Fatal(err)
	}
	unverified := RawEvent{ID: "ev1", Body: body, Aside: &Aside{Refusal: Unverified}}
	if res, err := d.LoadVenueEvents(ctx, []RawEvent{unverified}, t0); err != nil || !res[0].SetAside {
		t.Fatalf("keep aside: %+v, %v", res, err)
	}
	if _, err := d.TakeBackAside(ctx, "ev1", TakeBack{Via: "command", By: "ana", At: t0}); err != nil {
		t.Fatal(err)
	}
	res, err := d.LoadVenueEvents(ctx, []RawEvent{unverified}, t0.Add(time.Minute))
	if err != nil || res[0].SetAside || res[0].Added {
		t.Errorf("the event taken back, met again: %+v, %v; want nothing done", res, err)
	}
	if n, err := d.VenueAsideCount(ctx); err != nil || n != 0 {
		t.Errorf("aside after meeting it again: %d, %v", n, err)
	}
	if n, err := d.VenueSessionCount(ctx); err != nil || n != 1 {
		t.Errorf("venue sessions: %d, %v; want 1", n, err)
	}

	// A version-2 event (it had moves: the replay refused them), its row
	// rewritten by hand to say unverified: still not takeable.
	ev.V, ev.ID, ev.Moves = 2, "s2", []json.RawMessage{json.RawMessage(`{"v":1}`)}
	body, _ = json.Marshal(ev)
	if _, err := d.LoadVenueEvents(ctx, []RawEvent{{ID: "ev2", Body: body, Aside: &Aside{Refusal: "wrong-result"}}}, t0); err != nil {
		t.Fatal(err)
	}
	if _, err := d.w.ExecContext(ctx, "UPDATE venue_aside SET refusal = ? WHERE event_id = 'ev2'", Unverified); err != nil {
		t.Fatal(err)
	}
	if _, err := d.TakeBackAside(ctx, "ev2", TakeBack{Via: "command", By: "ana", At: t0}); !errors.Is(err, ErrNotTakeable) {
		t.Errorf("a logged event taken back: %v, want ErrNotTakeable", err)
	}
	if got, err := d.TakeBackUnverified(ctx, "Salon", TakeBack{Via: "command", By: "ana", At: t0}); !errors.Is(err, ErrNotTakeable) || len(got) != 0 {
		t.Errorf("the table's unverified taken back with a logged one among them: %+v, %v, want ErrNotTakeable and none", got, err)
	}
	if n, err := d.VenueSessionCount(ctx); err != nil || n != 1 {
		t.Errorf("venue sessions after the refusals: %d, %v; want 1", n, err)
	}
}
