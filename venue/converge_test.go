package venue

import (
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// A kiosk that stops within milliseconds of each game's end, again and
// again, against a running hub (as `kiosk --headless --exit-when-over`
// run in a loop does), and a second table playing on: in the end every
// node holds every session and shows the same boards (issue 42).
func TestVenueQuickExitsConverge(t *testing.T) {
	if testing.Short() {
		t.Skip("a dozen kiosk restarts, each waiting for its mirror (about 25 s)")
	}
	for _, crash := range []bool{false, true} {
		t.Run(map[bool]string{false: "stopped", true: "killed"}[crash], func(t *testing.T) { quickExits(t, crash) })
	}
}

// crashStore stops k as kill -9 would leave its store at dir: the files as
// they were on disk a moment before, what its server held in memory lost.
// snapshotStore copies a running server's store dir to snap, as a kill -9
// at that moment would leave it on disk. The server goes on writing while
// the copy walks: a file listed and gone before it is read (a temporary
// file renamed into place, whose new name the walk reads too, or not yet)
// is skipped, as it would not be under its listed name after a kill
// either; os.CopyFS failed the whole copy on it.
func snapshotStore(t *testing.T, dir, snap string) {
	t.Helper()
	err := filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		to := filepath.Join(snap, rel)
		if e.IsDir() {
			return os.MkdirAll(to, 0o755)
		}
		b, err := os.ReadFile(path)
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		return os.WriteFile(to, b, 0o644)
	})
	if err != nil {
		t.Fatalf("snapshot of the store %s: %v", dir, err)
	}
}

func crashStore(t *testing.T, k *Kiosk, dir string) {
	t.Helper()
	snap := dir + ".crash"
	snapshotStore(t, dir, snap)
	k.Close()
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(snap, dir); err != nil {
		t.Fatal(err)
	}
}

func quickExits(t *testing.T, crash bool) {
	hubNode, a, b := newNode(t, ""), newNode(t, "Table A"), newNode(t, "Table B")
	hub := startHub(t, hubNode, "127.0.0.1:0")
	link := newProxy(t, hub.Addr())
	p := pairing(t, hub, link.addr())
	kb := startKiosk(t, b, pairing(t, hub, hub.Addr()))
	var ids []string
	rounds := 12
	for i := range rounds {
		ka := startKiosk(t, a, p)
		p = nil
		// The table played a game while its mirror flowed (it has
		// the other table's last one), and stops a few milliseconds
		// after its end, while its event travels.
		if len(ids) > 0 {
			a.waitHas(t, ka.Loaded(), ids[len(ids)-1])
		}
		ids = append(ids, a.play(t))
		time.Sleep(time.Duration(i%4) * 7 * time.Millisecond)
		if crash {
			crashStore(t, ka, filepath.Join(a.dir, "venue", "jetstream"))
		} else {
			ka.Close()
		}
		ids = append(ids, b.play(t))
	}
	ka := startKiosk(t, a, nil)
	ids = append(ids, a.play(t), b.play(t))
	nodes := map[string]*node{"hub": hubNode, "A": a, "B": b}
	loaded := map[string]<-chan struct{}{"hub": hub.Loaded(), "A": ka.Loaded(), "B": kb.Loaded()}
	for _, name := range []string{"hub", "B", "A"} {
		n := nodes[name]
		t.Run(fmt.Sprintf("%s holds every session", name), func(t *testing.T) {
			n.waitHas(t, loaded[name], ids...)
		})
	}
	sameEverywhere(t, "quick exits", ids, nodes)
}

// A hub killed within its sync interval loses the tail of its venue
// stream and numbers what it sources again anew, at the numbers it lost;
// a table that was stopped meanwhile keeps its mirror, which nats-server
// resumes after its own last event: whatever the hub now holds at the
// numbers the mirror already had never reaches that table (the holes of
// issue 42). The table's check against the hub's stream finds and fills
// them.
func TestVenueKeptMirrorOverAHubThatLostItsTail(t *testing.T) {
	hubNode, a, b := newNode(t, ""), newNode(t, "Table A"), newNode(t, "Table B")
	dataDir := filepath.Join(hubNode.dir, "hub")
	hub := startHubIn(t, hubNode, dataDir, "127.0.0.1:0")
	addr := hub.Addr()
	ka := startKiosk(t, a, pairing(t, hub, addr))
	kb := startKiosk(t, b, pairing(t, hub, addr))
	ids := []string{a.play(t)}
	a.waitHas(t, ka.Loaded(), ids...)
	hubNode.waitHas(t, hub.Loaded(), ids...)
	// The hub's store as a kill -9 a moment later finds it on disk.
	store := filepath.Join(dataDir, "jetstream")
	snapshotStore(t, store, store+".crash")
	ids = append(ids, b.play(t))
	a.waitHas(t, ka.Loaded(), ids...)
	kb.Close()
	ka.Close()
	hub.Close()
	if err := os.RemoveAll(store); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(store+".crash", store); err != nil {
		t.Fatal(err)
	}
	// A's next game takes, at the hub, the number B's lost one had in
	// A's mirror; B's comes back after it.
	hub = startHubIn(t, hubNode, dataDir, addr)
	ka = startKiosk(t, a, nil)
	ids = append(ids, a.play(t))
	hubNode.waitHas(t, hub.Loaded(), ids[0], ids[2])
	kb = startKiosk(t, b, nil)
	sameEverywhereAfter(t, "a kept mirror over a hub that lost its tail", ids, map[string]*node{"hub": hubNode, "A": a, "B": b},
		map[string]<-chan struct{}{"hub": hub.Loaded(), "A": ka.Loaded(), "B": kb.Loaded()})
	if n, err := a.d.VenueUnshared(t.Context()); n != 0 || err != nil {
		t.Errorf("A counts %d of its games not shared (%v), want 0: the hub has them all", n, err)
	}
}

// logRecorder keeps a node's log lines for a test to look at.
type logRecorder struct {
	t     *testing.T
	mu    sync.Mutex
	lines []string
}

func (r *logRecorder) logf(format string, args ...any) {
	line := fmt.Sprintf(format, args...)
	r.t.Log(line)
	r.mu.Lock()
	r.lines = append(r.lines, line)
	r.mu.Unlock()
}

func (r *logRecorder) with(part string) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, l := range r.lines {
		if strings.Contains(l, part) {
			out = append(out, l)
		}
	}
	return out
}

// A session gone from a table's copy below its loader's floor (a hole,
// however it came) is found by the table's next check of its copy, due
// on its clock every copyCheckEvery, fetched from the hub's stream and
// logged.
func TestVenueCopyCheckFillsAHole(t *testing.T) {
	hubNode, a, b := newNode(t, ""), newNode(t, "Table A"), newNode(t, "Table B")
	hub := startHub(t, hubNode, "127.0.0.1:0")
	p := *pairing(t, hub, hub.Addr())
	var clock atomic.Int64
	clock.Store(time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC).UnixNano())
	now := func() time.Time { return time.Unix(0, clock.Load()) }
	rec := &logRecorder{t: t}
	if err := Pair(t.Context(), a.d, p); err != nil {
		t.Fatal(err)
	}
	ka, err := StartKiosk(t.Context(), KioskConfig{DB: a.d, Dir: filepath.Join(a.dir, "venue"), Table: a.table.Name, Logf: rec.logf, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ka.Close)
	startKiosk(t, b, &p)
	ids := []string{a.play(t), b.play(t), b.play(t)}
	a.waitHas(t, ka.Loaded(), ids...)

	// The check after the link came up found nothing to repair.
	if got := rec.with("repaired"); len(got) != 0 {
		t.Fatalf("a copy with no hole repaired: %q", got)
	}
	file, err := sql.Open("sqlite3", filepath.Join(a.dir, "tablee.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	if _, err := file.Exec("DELETE FROM venue_sessions WHERE id = ?", ids[1]); err != nil {
		t.Fatal(err)
	}
	clock.Add(int64(copyCheckEvery))
	a.waitHas(t, ka.Loaded(), ids...)
	got := rec.with("repaired")
	if len(got) != 1 || !strings.Contains(got[0], "1 events") || !strings.Contains(got[0], "1 from tablee.table.") {
		t.Errorf("the repair logged %q, want one line naming 1 event from B's stream", got)
	}
}

// A hub whose database is lost while its store is kept refills the new
// database from its stream at its next start, and says so while it does
// (its loader's durable consumer had delivered everything already).
func TestVenueHubDatabaseLostRefills(t *testing.T) {
	hubNode, a := newNode(t, ""), newNode(t, "Table A")
	dataDir := filepath.Join(hubNode.dir, "hub")
	hub := startHubIn(t, hubNode, dataDir, "127.0.0.1:0")
	addr := hub.Addr()
	ka := startKiosk(t, a, pairing(t, hub, addr))
	ids := []string{a.play(t), a.play(t), a.play(t)}
	hubNode.waitHas(t, hub.Loaded(), ids...)
	hub.Close()
	ka.Close()
	lost := newNode(t, "")
	rec := &logRecorder{t: t}
	hub, err := StartHub(t.Context(), HubConfig{DB: lost.d, DataDir: dataDir, Listen: addr, Logf: rec.logf})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(hub.Close)
	if got := rec.with("refilling the database"); len(got) != 1 || !strings.Contains(got[0], "(3 events)") {
		t.Errorf("the hub said %q, want that it refills 3 events", got)
	}
	lost.waitHas(t, hub.Loaded(), ids...)
	// The last acknowledgement reaches the consumer's floor a moment
	// after the last batch's signal: looked at again until it did.
	deadline := time.After(guard)
	for {
		r, busy := hub.Refilling(t.Context())
		if !busy {
			break
		}
		select {
		case <-hub.Loaded():
		case <-time.After(20 * time.Millisecond):
		case <-deadline:
			t.Fatalf("the hub still says it refills (%+v) after every event loaded", r)
		}
	}
	if got := rec.with("refilled the database"); len(got) != 1 {
		t.Errorf("the hub said %q when done, want one line", got)
	}
}
