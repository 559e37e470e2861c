// Package gui is the companion's windowed app: it lists the tables found on
// the network, joins one with its code and a nickname, then shows the
// seat's view as text with one button per legal move.
//
// Work that waits on the network runs on its own goroutine; every change
// to a widget goes through Deps.Do (fyne.Do by default), so the UI is only
// ever touched from Fyne's goroutine.
package gui

import (
	"context"
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/kiosk/discovery"
)

// Deps are the app's links to the outside, replaced in tests.
type Deps struct {
	Browse func(ctx context.Context) ([]discovery.Table, error)
	Dial   func(ctx context.Context, addr, fingerprint string) (*client.Client, error)
	Games  *engine.Registry
	// Do runs f on Fyne's goroutine; nil means fyne.Do.
	Do func(f func())
}

// App is the companion's window and the one table it may be seated at.
type App struct {
	deps   Deps
	win    fyne.Window
	ctx    context.Context // ends with Close
	cancel context.CancelFunc

	tables  []discovery.Table
	list    *widget.List
	status  *widget.Label
	refresh *widget.Button

	join *joinForm
	seat *seatScreen
}

// New shows the list of tables in win and starts looking for them.
func New(win fyne.Window, deps Deps) *App {
	if deps.Do == nil {
		deps.Do = fyne.Do
	}
	a := &App{deps: deps, win: win, status: widget.NewLabel("")}
	a.ctx, a.cancel = context.WithCancel(context.Background())
	a.list = widget.NewList(
		func() int { return len(a.tables) },
		func() fyne.CanvasObject { return widget.NewLabel("Table 00 — canaille — 6 free") },
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(describe(a.tables[i])) },
	)
	a.list.OnSelected = func(i widget.ListItemID) {
		a.list.UnselectAll()
		a.showJoin(a.tables[i])
	}
	a.refresh = widget.NewButton("Refresh", a.Refresh)
	a.showTables()
	a.Refresh()
	return a
}

// Close leaves the table, if seated, and stops the app's goroutines.
func (a *App) Close() {
	a.cancel()
	if a.seat != nil {
		a.seat.c.Close()
	}
}

func describe(t discovery.Table) string {
	game := t.Game
	if game == "" {
		game = "lobby"
	}
	return fmt.Sprintf("%s — %s — %d free", t.Name, game, t.Free)
}

func (a *App) showTables() {
	top := container.NewVBox(widget.NewLabel("Tables nearby"), a.refresh, a.status)
	a.win.SetContent(container.NewBorder(top, nil, nil, nil, a.list))
}

// Refresh looks for tables again.
func (a *App) Refresh() {
	a.refresh.Disable()
	a.status.SetText("Looking for tables…")
	go func() {
		tables, err := a.deps.Browse(a.ctx)
		a.deps.Do(func() {
			a.refresh.Enable()
			a.tables = tables
			a.list.Refresh()
			switch {
			case err != nil:
				a.status.SetText(fmt.Sprintf("Cannot look for tables: %v", err))
			case len(tables) == 0:
				a.status.SetText("No table found. Is this phone on the venue's Wi-Fi?")
			default:
				a.status.SetText("Tap your table.")
			}
		})
	}()
}
