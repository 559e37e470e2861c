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
	"github.com/tablee/tablee/proto/discovery"
)

// Deps are the app's links to the outside, replaced in tests.
type Deps struct {
	Browse func(ctx context.Context) ([]discovery.Table, error)
	Dial   func(ctx context.Context, addr, fingerprint string) (*client.Client, error)
	Games  *engine.Registry
	// Do runs f on Fyne's goroutine; nil means fyne.Do.
	Do func(f func())
	// Lang is the language of the texts: "fr" (also when empty), "de", "en".
	Lang string
}

// App is the companion's window and the one table it may be seated at.
type App struct {
	deps   Deps
	lang   string
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
	a := &App{deps: deps, lang: deps.Lang, win: win, status: widget.NewLabel("")}
	a.ctx, a.cancel = context.WithCancel(context.Background())
	a.list = widget.NewList(
		func() int { return len(a.tables) },
		func() fyne.CanvasObject { return widget.NewLabel("Table 00 — canaille — 6 free") },
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(a.describe(a.tables[i])) },
	)
	a.list.OnSelected = func(i widget.ListItemID) {
		a.list.UnselectAll()
		a.showJoin(a.tables[i])
	}
	a.refresh = widget.NewButton(a.t(txtRefresh), a.Refresh)
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

func (a *App) describe(t discovery.Table) string {
	game := a.t(txtLobby)
	if rules, err := a.deps.Games.Get(t.Game); err == nil {
		game = rules.Info().Name.In(a.lang)
	}
	return fmt.Sprintf("%s — %s — "+a.t(txtFreeSeats), t.Name, game, t.Free)
}

// t is a text in the app's language.
func (a *App) t(txt engine.Text) string { return txt.In(a.lang) }

func (a *App) showTables() {
	top := container.NewVBox(widget.NewLabel(a.t(txtTablesNearby)), a.refresh, a.status)
	a.win.SetContent(container.NewBorder(top, nil, nil, nil, a.list))
}

// Refresh looks for tables again.
func (a *App) Refresh() {
	a.refresh.Disable()
	a.status.SetText(a.t(txtLooking))
	go func() {
		tables, err := a.deps.Browse(a.ctx)
		a.deps.Do(func() {
			a.refresh.Enable()
			a.tables = tables
			a.list.Refresh()
			switch {
			case err != nil:
				a.status.SetText(fmt.Sprintf(a.t(txtCannotLook), err))
			case len(tables) == 0:
				a.status.SetText(a.t(txtNoTable))
			default:
				a.status.SetText(a.t(txtTapTable))
			}
		})
	}()
}
