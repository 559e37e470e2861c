package gui

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/companion/headless"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/kiosk/kiosktest"
	"github.com/tablee/tablee/proto/discovery"
	"github.com/tablee/tablee/proto/wire"
)

// ui serializes the app's goroutines and the test's taps: the test driver
// runs fyne.Do at once on the caller's goroutine.
type ui struct{ mu sync.Mutex }

func (u *ui) do(f func()) {
	u.mu.Lock()
	defer u.mu.Unlock()
	f()
}

// until calls cond under the UI lock until it holds.
func (u *ui) until(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		var ok bool
		u.do(func() { ok = cond() })
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func start(t *testing.T, tb *kiosktest.Table) (*App, *ui) {
	t.Helper()
	test.NewTempApp(t)
	w := test.NewWindow(nil)
	t.Cleanup(w.Close)
	u := &ui{}
	table := discovery.Table{Name: tb.Name, Proto: wire.Version, Game: canoe.ID, Free: 2, Fingerprint: tb.Fingerprint, Addrs: []string{tb.Addr}}
	var a *App
	u.do(func() {
		a = New(w, Deps{
			Browse: func(context.Context) ([]discovery.Table, error) { return []discovery.Table{table}, nil },
			Dial:   client.Dial,
			Games:  catalog.Registry(),
			Do:     u.do,
			Lang:   "en",
		})
	})
	t.Cleanup(a.Close)
	u.until(t, "the table list", func() bool { return len(a.tables) == 1 && a.status.Text == "Tap your table." })
	return a, u
}

func joinAs(t *testing.T, a *App, u *ui, code string) {
	t.Helper()
	u.do(func() { a.list.Select(0) })
	u.do(func() {
		test.Type(a.join.code, code)
		test.Type(a.join.name, "Anja")
		test.Tap(a.join.submit)
	})
}

func TestAWrongCodeIsExplained(t *testing.T) {
	tb := kiosktest.Open(t, canoe.ID, 2)
	a, u := start(t, tb)
	joinAs(t, a, u, tb.WrongCode())
	u.until(t, "the refusal", func() bool { return strings.Contains(a.join.status.Text, "not the code") })
}

func TestPlaysAGameByTappingMoves(t *testing.T) {
	tb := kiosktest.Open(t, canoe.ID, 2)
	a, u := start(t, tb)
	joinAs(t, a, u, tb.Code())
	u.until(t, "the seat", func() bool { return a.seat != nil })

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opponent := make(chan error, 1)
	go func() {
		_, err := headless.Run(ctx, headless.Config{Addr: tb.Addr, Fingerprint: tb.Fingerprint, Code: tb.Code(),
			Name: "Bot", Bot: engine.LevelDefault, Seed: 1, Games: catalog.Registry()})
		opponent <- err
	}()
	for over := false; !over; {
		var tapped bool
		u.until(t, "a turn or the end", func() bool {
			over = a.seat.status.Text == "Game over."
			if !over && a.seat.status.Text == "Your turn." && len(a.seat.moves.Objects) > 0 {
				if b := a.seat.moves.Objects[0].(*widget.Button); !b.Disabled() {
					test.Tap(b)
					tapped = true
				}
			}
			return over || tapped
		})
	}
	if err := <-opponent; err != nil {
		t.Fatalf("opponent: %v", err)
	}
	if _, over := tb.Result(); !over {
		t.Fatal("the table's game is not over")
	}
	u.do(func() {
		if !strings.Contains(a.seat.view.Text, "result:") || !strings.Contains(a.seat.view.Text, "board:") {
			t.Errorf("final view text:\n%s", a.seat.view.Text)
		}
	})
}

func TestTheAppSpeaksFrenchFirst(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	u := &ui{}
	var a *App
	u.do(func() {
		a = New(w, Deps{
			Browse: func(context.Context) ([]discovery.Table, error) { return nil, nil },
			Games:  catalog.Registry(),
			Do:     u.do,
		})
	})
	defer a.Close()
	u.until(t, "the search to end", func() bool {
		return a.status.Text == "Aucune table trouvée. Ce téléphone est-il sur le Wi-Fi du lieu ?"
	})
	u.do(func() {
		if got := a.describe(discovery.Table{Name: "Table 1", Game: "canoe", Free: 1}); got != "Table 1 — Canoë — 1 place(s) libre(s)" {
			t.Errorf("table line %q", got)
		}
		if a.refresh.Text != "Actualiser" {
			t.Errorf("refresh button %q", a.refresh.Text)
		}
	})
}
