package venue

import (
	"context"
	"path/filepath"
	"testing"
)

// A kiosk that floods the venue (here a table whose outbox holds ten
// sessions made within one minute, over a hub limit of four a minute, as
// the audit's tampered kiosk queued sixty forged ones) is cut off at its
// limit: the hub takes no more of its events than the limit, closes its
// link, refuses its logins and shows it cut off, while an honest table's
// session still reaches the hub; let in again by the staff, its link comes
// back and the rest of its sessions follow. (Before, all sixty reached
// the hub and every table within 8 s, and nothing bounded it.)
func TestAKioskOverItsLimitsIsCutOff(t *testing.T) {
	ctx := context.Background()
	hn, a, b := newNode(t, ""), newNode(t, "Table A"), newNode(t, "Table B")
	hub, err := StartHub(ctx, HubConfig{DB: hn.d, DataDir: filepath.Join(hn.dir, "hub"), Listen: "127.0.0.1:0", Logf: t.Logf,
		Limits: KioskLimits{EventsPerMinute: 4}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(hub.Close)
	testHubs.Store(hub.Fingerprint(), hub)
	var flood []string
	for range 10 {
		flood = append(flood, a.play(t))
	}
	ka := startKiosk(t, a, pairing(t, hub, hub.Addr()))
	kb := startKiosk(t, b, pairing(t, hub, hub.Addr()))
	honest := b.play(t)
	hn.waitHas(t, hub.Loaded(), honest)
	_ = kb
	var cut *CutOff
	waitFor(t, "A cut off", func() error {
		tables, err := hub.Tables(ctx)
		for _, tb := range tables {
			if tb.Kiosk == ka.ID() {
				cut = tb.CutOff
			}
		}
		return saw(err == nil && cut != nil && !ka.LeafConnected(), "tables %+v (%v), A linked %v", tables, err, ka.LeafConnected())
	})
	held := 0
	for _, table := range hn.venueIDs(t) {
		if table == "Table A" {
			held++
		}
	}
	if held > 4 || cut.Why == "" {
		t.Errorf("the hub holds %d of A's %d sessions over a limit of 4 a minute (cut off: %+v)", held, len(flood), cut)
	}
	if err := leafLogin(ctx, hub.Addr(), hub.Fingerprint(), kioskServerPrefix+ka.ID(), mustCred(t, a)); err == nil {
		t.Error("a kiosk cut off logged in")
	}

	// Let in again: its link back, the rest of its sessions with it.
	if err := hub.LetIn(ctx, ka.ID()); err != nil {
		t.Fatal(err)
	}
	ka.removal.mu.Lock()
	ka.removal.every = 250e6
	ka.removal.mu.Unlock()
	waitFor(t, "A linked again", leaf(ka, true))
	if tables, _ := hub.Tables(ctx); len(tables) == 2 && (tables[0].CutOff != nil || tables[1].CutOff != nil) {
		t.Errorf("still cut off after being let in: %+v", tables)
	}
	hub.copy.soon()
	hn.waitHas(t, hub.Loaded(), flood...)
}

// mustCred is n's venue credential.
func mustCred(t *testing.T, n *node) string {
	t.Helper()
	_, cred, err := paired(context.Background(), n.d)
	if err != nil || cred == "" {
		t.Fatalf("credential %q, %v", cred, err)
	}
	return cred
}
