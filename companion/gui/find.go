package gui

import (
	"context"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/proto/discovery"
	"github.com/tablee/tablee/proto/wire"
)

// findScreen lists the tables answering over mDNS, refreshed as long as it
// shows, and offers the ways in that need no mDNS: the join link of the
// table's QR code, or its address typed by hand.
type findScreen struct {
	a      *App
	stop   context.CancelFunc
	tables []discovery.Kiosk
	state  findState
	note   func() string // a message carried from elsewhere (the seat was lost...), in the current language; nil: none

	// Widgets of the last build.
	list   *widget.List
	status *widget.Label
	link   *widget.Entry
	open   *widget.Button
	typed  *widget.Button
}

// findState is how the search goes.
type findState int

const (
	searching findState = iota
	found
	browseFailed
)

// showFind shows the tables nearby; note, if any, is said first. It is a
// text to say in the language of the moment, so that a switch of
// language also turns it.
func (a *App) showFind(note func() string) {
	ctx, stop := context.WithCancel(a.ctx)
	f := &findScreen{a: a, stop: stop, note: note}
	a.find = f
	a.show(f)
	go f.browse(ctx)
}

func (f *findScreen) leave() { f.stop() }

// browse asks for the tables round after round until the screen goes.
func (f *findScreen) browse(ctx context.Context) {
	a := f.a
	for ctx.Err() == nil {
		tables, err := a.deps.Browse(ctx)
		if ctx.Err() != nil {
			return
		}
		a.deps.Do(func() {
			if ctx.Err() == nil {
				f.found(tables, err)
			}
		})
		if err != nil {
			// On Android 11+ Go cannot list the network interfaces
			// (golang/go#40569), and browsing fails for good: the link and
			// the typed address are the way in.
			return
		}
		select {
		case <-ctx.Done():
		case <-time.After(a.deps.BrowsePause):
		}
	}
}

func (f *findScreen) found(tables []discovery.Kiosk, err error) {
	if err != nil {
		f.state = browseFailed
	} else {
		f.state = found
		f.tables = usable(tables)
	}
	f.refresh()
}

// usable keeps the tables this app can talk to.
func usable(tables []discovery.Kiosk) []discovery.Kiosk {
	var out []discovery.Kiosk
	for _, t := range tables {
		if t.Proto == wire.Version && len(t.Addrs) > 0 {
			out = append(out, t)
		}
	}
	return out
}

func (f *findScreen) build() fyne.CanvasObject {
	a := f.a
	f.status = widget.NewLabel("")
	f.status.Wrapping = fyne.TextWrapWord
	f.list = widget.NewList(
		func() int { return len(f.tables) },
		func() fyne.CanvasObject {
			name := widget.NewLabel("Table")
			name.TextStyle.Bold = true
			name.SizeName = "subHeadingText"
			return container.NewVBox(name, widget.NewLabel("game"))
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			t := f.tables[i]
			row := o.(*fyne.Container).Objects
			row[0].(*widget.Label).SetText(t.Name)
			row[1].(*widget.Label).SetText(f.describe(t))
		},
	)
	f.list.OnSelected = func(i widget.ListItemID) {
		f.list.UnselectAll()
		if i < len(f.tables) {
			a.showJoin(joinTarget{table: f.tables[i]})
		}
	}
	f.link = widget.NewEntry()
	f.link.SetPlaceHolder(a.t("link_hint"))
	f.open = widget.NewButton(a.t("link_open"), func() { a.showLink(f.link.Text) })
	paste := widget.NewButton(a.t("link_paste"), func() {
		f.link.SetText(strings.TrimSpace(fyne.CurrentApp().Clipboard().Content()))
	})
	f.typed = widget.NewButton(a.t("type_address"), func() { a.showAddress() })
	other := container.NewVBox(
		widget.NewSeparator(),
		wrapped(a.t("other_ways")),
		f.link,
		container.NewGridWithColumns(2, paste, f.open),
		f.typed,
	)
	top := container.NewVBox(a.topBar(a.t("tables_nearby")), f.status)
	f.refresh()
	return container.NewBorder(top, other, nil, nil, f.list)
}

// refresh shows the list and the search's state.
func (f *findScreen) refresh() {
	a := f.a
	var msg string
	switch f.state {
	case searching:
		msg = a.t("searching")
	case browseFailed:
		msg = a.t("browse_failed")
	default:
		if len(f.tables) == 0 {
			msg = a.t("no_table")
		} else {
			msg = a.t("tap_table")
		}
	}
	if f.note != nil {
		msg = f.note() + "\n" + msg
	}
	f.status.SetText(msg)
	f.list.Refresh()
}

func (f *findScreen) describe(t discovery.Kiosk) string {
	a := f.a
	game := a.t("lobby")
	if t.Game != "" {
		game = a.gameName(t.Game)
	}
	return game + " · " + a.t("free_seats", map[string]any{"N": t.Free})
}

// topBar is a screen's title with the language switch.
func (a *App) topBar(title string) fyne.CanvasObject {
	heading := wrapped(title)
	heading.SizeName = "headingText"
	heading.TextStyle.Bold = true
	var names []string
	for _, l := range i18n.Langs() {
		names = append(names, a.texts.T(l, "common.lang."+string(l)))
	}
	sel := widget.NewSelect(names, nil)
	sel.SetSelectedIndex(langIndex(a.lang))
	sel.OnChanged = func(string) {
		if i := sel.SelectedIndex(); i >= 0 {
			a.setLang(i18n.Langs()[i])
		}
	}
	return container.NewBorder(nil, nil, nil, sel, heading)
}

func langIndex(l i18n.Lang) int {
	for i, x := range i18n.Langs() {
		if x == l {
			return i
		}
	}
	return 0
}

// wrapped is a label that wraps its text across the phone's width.
func wrapped(text string) *widget.Label {
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	return l
}
