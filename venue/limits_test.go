package venue

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
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
	ka.removal.every = 250 * time.Millisecond
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

// The meter's three limits, each alone: an event over the bytes an event
// (a name of 10,000 characters, say) cuts its kiosk off at once; events
// within one minute of their own time past the rate do, while a backlog
// spread over the days it was made does not; the bytes in all count what
// the hub's database held at its start. A kiosk cut off has every later
// event refused, another kiosk none, and the hub's own events are never
// metered.
func TestTheMetersLimits(t *testing.T) {
	now := time.Date(2026, 12, 2, 20, 0, 0, 0, time.UTC)
	a, b := "01a23492-c870-7c4f-a73e-2224ff6dd903", "01a23492-c870-7c4f-a73e-2224ff6dd904"
	event := func(at time.Time, pad int) []byte {
		return fmt.Appendf(nil, `{"v":1,"at":%q,"table":%q}`, at.Format(time.RFC3339Nano), strings.Repeat("x", pad))
	}
	var over []string
	var mu sync.Mutex
	newM := func(l KioskLimits) *meter {
		return newMeter(l, func(k string, c CutOff) { mu.Lock(); over = append(over, k+" "+c.Limit); mu.Unlock() }, func(string) bool { return false })
	}
	cuts := func(want ...string) {
		t.Helper()
		waitFor(t, "the cut-offs "+strings.Join(want, ", "), func() error {
			mu.Lock()
			defer mu.Unlock()
			return saw(slices.Equal(over, want), "%q", over)
		})
		mu.Lock()
		over = nil
		mu.Unlock()
	}

	m := newM(KioskLimits{EventBytes: 1000})
	if err := m.admitEvent(tableSubject(a, "session"), event(now, 10_000), now); err == nil {
		t.Error("an event of 10 kB admitted under a limit of 1,000 bytes")
	}
	cuts(a + " " + LimitEventBytes)
	if err := m.admitEvent(tableSubject(a, "session"), event(now, 10), now); err == nil {
		t.Error("a kiosk cut off had its next event admitted")
	}
	if err := m.admitEvent(tableSubject(b, "session"), event(now, 10), now); err != nil {
		t.Errorf("another kiosk's event: %v", err)
	}
	if err := m.admitEvent(hubSubject(b, "player"), event(now, 10_000), now); err != nil {
		t.Errorf("the hub's own event: %v", err)
	}

	m = newM(KioskLimits{EventsPerMinute: 3})
	for day := range 10 {
		// A backlog: one a day for ten days, arriving at once.
		if err := m.admitEvent(tableSubject(a, "session"), event(now.AddDate(0, 0, day-10), 10), now); err != nil {
			t.Fatalf("the backlog's event %d: %v", day+1, err)
		}
	}
	for i := range 3 {
		if err := m.admitEvent(tableSubject(b, "session"), event(now, 10), now); err != nil {
			t.Fatalf("event %d of a minute: %v", i+1, err)
		}
	}
	// Older times do not escape the newest minute.
	if err := m.admitEvent(tableSubject(b, "session"), event(now.Add(-time.Hour), 10), now); err == nil {
		t.Error("a fourth event in the minute admitted (dated an hour earlier)")
	}
	cuts(b + " " + LimitEventsPerMinute)

	m = newM(KioskLimits{TotalBytes: 1000})
	m.seed(map[string]int64{a: 950})
	if err := m.admitEvent(tableSubject(a, "session"), event(now, 100), now); err == nil {
		t.Error("an event past the bytes in all admitted")
	}
	cuts(a + " " + LimitTotalBytes)
}
