package headless

import (
	"encoding/json"
	"path/filepath"
	"sync"
	"testing"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/engine/sheet"
	"github.com/tablee/tablee/kiosk/kiosktest"
	"github.com/tablee/tablee/kiosk/table"
)

// TestHeadlessPlayersSignTheirShelfResults: two headless phones joined
// with player keys (companion --headless --key) play a shelf game on its
// sheet; each signs its seat's result when the table shows it, with its
// own signing key, and the play's event leaves the table signed by both
// (docs/venue.md, "Signed shelf results").
func TestHeadlessPlayersSignTheirShelfResults(t *testing.T) {
	tb := kiosktest.OpenWith(t, table.Config{Games: catalog.Plays()}, sheet.ID, 2)
	signers := make([]*client.Signer, 2)
	var wg sync.WaitGroup
	errs := make([]error, 2)
	outs := make([]Outcome, 2)
	for i, name := range []string{"Anja", "Bob"} {
		var err error
		if signers[i], err = client.LoadSigner(filepath.Join(t.TempDir(), "sign.key")); err != nil {
			t.Fatal(err)
		}
		cfg := config(tb, name, uint64(i+1))
		cfg.Games, cfg.Logf = catalog.Plays(), t.Logf
		cfg.Key = name + "-player-key-0123456789abcdef"
		cfg.Options.Signer = signers[i]
		wg.Add(1)
		go func() {
			defer wg.Done()
			outs[i], errs[i] = Run(ctxT(t), cfg)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("player %d: %v", i, err)
		}
	}
	d := tb.Kiosk().DB()
	ctx := ctxT(t)
	var ev db.SessionEvent
	for ev.ID == "" {
		evs, err := d.PendingEvents(ctx, 10)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			if e.Kind == "session" {
				if err := json.Unmarshal(e.Body, &ev); err != nil {
					t.Fatal(err)
				}
			}
		}
		if ev.ID != "" {
			break
		}
		select {
		case <-d.OutboxQueued():
		case <-ctx.Done():
			t.Fatal("the play's event never left the table: its players did not both sign")
		}
	}
	for i, out := range outs {
		if st := ev.Seats[out.Seat]; st.Sign == nil || st.Sign.Key != signers[i].PublicKey() {
			t.Errorf("seat %d's signature %+v, want by %s", out.Seat, st.Sign, signers[i].PublicKey())
		}
	}
}
