package venue

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// waitProbes waits for n more probes of a removed kiosk.
func waitProbes(t *testing.T, k *Kiosk, n int) {
	t.Helper()
	deadline := time.NewTimer(guard)
	defer deadline.Stop()
	for range n {
		select {
		case <-k.removal.probed:
		case <-deadline.C:
			t.Fatalf("no probe of the hub within %v", guard)
		}
	}
}

// A table removed at the running hub notices after a few refused logins:
// its link stops dialling (the hub sees no more logins from it, only a
// probe now and then), its desk says it was removed, and it keeps its
// pairing. A hub whose credentials' file comes back lets it in again at
// the next probe; after another removal, pairing again with a new code
// brings it back.
func TestRemovedTableStopsDialling(t *testing.T) {
	ctx := context.Background()
	hn := newNode(t, "")
	hub := startHub(t, hn, "127.0.0.1:0")
	dir := filepath.Join(hn.dir, "hub")
	p := *pairing(t, hub, hub.Addr())
	an := newNode(t, "A")
	desk := NewDesk(KioskConfig{DB: an.d, Dir: filepath.Join(an.dir, "venue"), Table: "A", Logf: t.Logf}, nil)
	t.Cleanup(desk.Close)
	if err := desk.Pair(ctx, p); err != nil {
		t.Fatal(err)
	}
	// A probe every 250 ms rather than every minute: the test counts
	// probes, not time, and four of them span at least as many of the
	// link's redials (every 250–500 ms) had it not stopped.
	fastProbes := func() *Kiosk {
		k := desk.Kiosk()
		k.removal.mu.Lock()
		k.removal.every = 250 * time.Millisecond
		k.removal.mu.Unlock()
		return k
	}
	k := fastProbes()
	// The hub's refused logins of A's link, and of its probes.
	counts := func() (link, probe int) {
		return hub.auth.refusedCount(k.ID(), kioskServerPrefix+k.ID()), hub.auth.refusedCount(k.ID(), "tablee-pairing")
	}
	waitFor(t, "A linked", func() error { return saw(desk.Linked(), "the desk unlinked") })
	creds, err := os.ReadFile(filepath.Join(dir, credsFile))
	if err != nil {
		t.Fatal(err)
	}
	removed := func(step string) DeskStatus {
		t.Helper()
		var st DeskStatus
		waitFor(t, step, func() error {
			st, err = desk.Status(ctx, time.Now())
			return saw(err == nil && st.Removed, "status %+v (%v)", st, err)
		})
		if !st.Paired || st.Linked || st.RemovedSince.IsZero() {
			t.Errorf("%s: %+v", step, st)
		}
		return st
	}

	if err := hub.Revoke(ctx, k.ID()); err != nil {
		t.Fatal(err)
	}
	removed("A removed after the hub refused it")
	link, _ := counts()
	if link < refusalLimit {
		t.Errorf("the hub refused A's link %d times before A took itself as removed, want at least %d", link, refusalLimit)
	}
	// A login already on its way when the link stopped may still be
	// refused: count from the first probe.
	waitProbes(t, k, 1)
	link, probe := counts()
	waitProbes(t, k, 4)
	link2, probe2 := counts()
	if link2 != link {
		t.Errorf("A's link dialled the hub %d times over four probes after it was removed, want none", link2-link)
	}
	if probe2 < probe+4 {
		t.Errorf("the hub refused %d probes, want at least 4", probe2-probe)
	}
	if pp, ok, _ := Paired(ctx, an.d); !ok || pp.Addr != p.Addr {
		t.Errorf("A's pairing after its removal: %+v, %v, want kept", pp, ok)
	}

	// The hub's credentials' file comes back (it had been lost by
	// mistake): the next probe gets in and the link comes up again.
	if err := os.WriteFile(filepath.Join(dir, credsFile+".tmp"), creds, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(dir, credsFile+".tmp"), filepath.Join(dir, credsFile)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "A linked again once its credential is back", func() error {
		st, err := desk.Status(ctx, time.Now())
		return saw(err == nil && st.Linked && !st.Removed, "status %+v (%v)", st, err)
	})

	// Removed again, then paired again with a new code: a new
	// credential, the link up, no longer removed.
	if err := hub.Revoke(ctx, k.ID()); err != nil {
		t.Fatal(err)
	}
	removed("A removed again")
	p.Code = newCode(t, hub)
	if err := desk.Pair(ctx, p); err != nil {
		t.Fatal(err)
	}
	fastProbes()
	waitFor(t, "A linked after pairing again", func() error {
		st, err := desk.Status(ctx, time.Now())
		return saw(err == nil && st.Linked && !st.Removed, "status %+v (%v)", st, err)
	})
}

// refusedCount is how many logins of kiosk id under connection name the
// hub refused lately (a test's view: production code only logs them).
func (a *hubAuth) refusedCount(id, name string) int {
	a.mu.Lock()
	defer a.mu.Unlock()
	if r := a.refused[id+" "+name]; r != nil {
		return r.n
	}
	return 0
}
