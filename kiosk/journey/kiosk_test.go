package journey

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/internal/uitest"
	"github.com/tablee/tablee/kiosk/staff"
	"github.com/tablee/tablee/kiosk/staff/stafftest"
	"github.com/tablee/tablee/kiosk/table"
	"github.com/tablee/tablee/kiosk/window"
)

// kiosk is a real windowed kiosk on a real table, in Fyne's test driver.
type kiosk struct {
	ui  *window.UI
	tb  *table.Table
	w   fyne.Window
	q   *uitest.Queue
	ctx context.Context // ends just before the test binary's deadline
}

// openKiosk boots a kiosk as cmd/kiosk does, on a new database, and shows
// its first screen.
func openKiosk(t *testing.T) *kiosk { return openKioskWith(t, nil) }

// openKioskWith is openKiosk with its table's configuration changed by
// set first (nil: as cmd/kiosk's default).
func openKioskWith(t *testing.T, set func(*table.Config)) *kiosk {
	t.Helper()
	ctx := context.Background()
	if d, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, d.Add(-10*time.Second))
		t.Cleanup(cancel)
	}
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(1920, 1080))
	q := uitest.NewQueue()
	ui, err := window.New(ctx, window.Config{Win: w, Do: q.Do, Staff: staff.NewGate(stafftest.PIN("2468"), nil)})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cfg := table.Config{Name: "Table du parcours", DBPath: filepath.Join(dir, "t.db"), DataDir: dir,
		Addr: "127.0.0.1:0", Games: catalog.Registry(), OnChange: ui.Refresh}
	if set != nil {
		set(&cfg)
	}
	tb, err := table.Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tb.Close)
	q.Settle()
	ui.Start(tb, cfg)
	q.Settle()
	return &kiosk{ui: ui, tb: tb, w: w, q: q, ctx: ctx}
}

// until runs the UI queue until cond holds.
func (k *kiosk) until(t *testing.T, what string, cond func() bool) {
	t.Helper()
	k.q.Settle()
	for !cond() {
		if err := k.q.Wait(k.ctx); err != nil {
			t.Fatalf("waiting for %s: %v", what, err)
		}
	}
}

// buttonIn is the first visible button under o whose text is label.
func buttonIn(t *testing.T, o fyne.CanvasObject, label string) *widget.Button {
	t.Helper()
	bs := uitest.All(o, func(b *widget.Button) bool { return b.Text == label && b.Visible() })
	if len(bs) == 0 {
		t.Fatalf("no button %q on screen", label)
	}
	return bs[0]
}
