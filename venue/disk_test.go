package venue

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/tablee/tablee/internal/disktest"
)

// until looks at ok every 50 ms (and at each signal of wake) until it
// holds; the guard only ends a test gone wrong, saying what it last saw.
func until(t *testing.T, what string, wake <-chan struct{}, ok func() (bool, string)) {
	t.Helper()
	deadline := time.After(guard)
	for {
		done, saw := ok()
		if done {
			return
		}
		select {
		case <-wake:
		case <-time.After(50 * time.Millisecond):
		case <-deadline:
			t.Fatalf("%s: not after %v; last saw %s", what, guard, saw)
		}
	}
}

// A hub whose store's disk fills notices it (StoreProblem), the tables
// play on, and once the space is freed it stores and loads again by
// itself, without a restart (it stayed wedged until restarted).
func TestVenueHubFullDiskSaidAndSurvived(t *testing.T) {
	if testing.Short() {
		t.Skip("fills a disk and waits for the hub to heal (about 15 s)")
	}
	disk := disktest.Small(t, "8m")
	hubNode, a := newNode(t, ""), newNode(t, "Table A")
	hub := startHubIn(t, hubNode, filepath.Join(disk, "hub"), "127.0.0.1:0")
	ka := startKiosk(t, a, pairing(t, hub, hub.Addr()))
	ids := []string{a.play(t)}
	hubNode.waitHas(t, hub.Loaded(), ids...)

	filler := disktest.Fill(t, disk)
	// More than the last page of the store's block takes.
	for range 8 {
		ids = append(ids, a.play(t))
	}
	a.waitPublished(t, ka)
	until(t, "the hub says its store cannot be written", nil, func() (bool, string) {
		p, bad := hub.StoreProblem()
		return bad, p.Err
	})
	// The table played on meanwhile: its games are its database's.
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	hubNode.waitHas(t, hub.Loaded(), ids...)
	until(t, "the hub says its store writes again", hub.Loaded(), func() (bool, string) {
		p, bad := hub.StoreProblem()
		return !bad, p.Err
	})
	a.waitHas(t, ka.Loaded(), ids...)
}

// A kiosk that belongs to no venue yet keeps its own stream on its disk
// too: filled, its publisher's writes fail and it says so; freed, its
// store heals by itself (it had no watchdog: only a restart healed it)
// and its outbox is published.
func TestVenueUnpairedKioskFullDiskHeals(t *testing.T) {
	if testing.Short() {
		t.Skip("fills a disk and waits for the kiosk to heal (about 10 s)")
	}
	disk := disktest.Small(t, "8m")
	a := newNode(t, "Table A")
	k, err := StartKiosk(t.Context(), KioskConfig{DB: a.d, Dir: filepath.Join(disk, "venue"), Table: a.table.Name, Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(k.Close)
	a.play(t)
	a.waitPublished(t, k)
	filler := disktest.Fill(t, disk)
	for range 8 {
		a.play(t)
	}
	until(t, "the kiosk says its store cannot be written", nil, func() (bool, string) {
		p, bad := k.StoreProblem()
		return bad, p.Err
	})
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	a.waitPublished(t, k)
	until(t, "the kiosk says its store writes again", k.Published(), func() (bool, string) {
		p, bad := k.StoreProblem()
		return !bad, p.Err
	})
}
