// Package gui is the companion's windowed app, the phone a guest holds at
// a Tablée table: it finds the tables nearby (over mDNS, or from the join
// link of the table's QR code, or an address typed by hand), joins one,
// remembers the seat so a reopened app returns to it, and shows the seat's
// private hand: Canyon and Canaille cards to tap, and for the board games
// the score and whose turn it is.
//
// Work that waits on the network runs on its own goroutine; every change
// to a widget goes through Deps.Do (fyne.Do by default), so the UI is only
// ever touched from Fyne's goroutine. Texts come from the i18n catalogue
// (domain "companion", and "rule" for the rules' own words).
package gui

import (
	"context"
	"fmt"
	"net/url"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/proto/discovery"
	"github.com/tablee/tablee/proto/wire"
)

// Deps are the app's links to the outside, replaced in tests.
type Deps struct {
	// Browse lists the tables that answer over mDNS in one round of
	// listening; the app calls it again and again while its list shows.
	Browse func(ctx context.Context) ([]discovery.Kiosk, error)
	// Dial connects to a table, pinning its certificate.
	Dial func(ctx context.Context, addr, fingerprint string) (*client.Client, error)
	// Probe reads the fingerprint of the certificate at addr (a typed
	// address); nil means client.Fingerprint.
	Probe func(ctx context.Context, addr string) (string, error)
	Games *engine.Registry
	// Do runs f on Fyne's goroutine; nil means fyne.Do.
	Do func(f func())
	// Lang is the system's locale ("de_DE.UTF-8"); the language the guest
	// picks in the app wins over it.
	Lang string
	// Prefs keep the nickname, the language and the seat; nil means the
	// app's preferences.
	Prefs fyne.Preferences
	// Texts is the catalogue; nil loads the embedded one.
	Texts *i18n.Catalog
	// BrowsePause is the rest between two rounds of browsing (1 s).
	BrowsePause time.Duration
	// Now is the clock (a play's date and length); nil means time.Now.
	Now func() time.Time
	// SavePlay hands a file the guest keeps (a play as CSV) to the
	// phone: saved where the guest picks, or shared; done says where,
	// or "" when the guest changed their mind. nil means a save dialog.
	SavePlay func(win fyne.Window, name string, data []byte, done func(where string, err error))
	// OpenURL hands a link to the phone (a play to the BG Stats app);
	// nil means the app's own.
	OpenURL func(u *url.URL) error
}

// screen is one page of the app. build makes its widgets anew (after a
// language switch too) from the screen's own state; leave stops what it
// started.
type screen interface {
	build() fyne.CanvasObject
	leave()
}

// App is the companion's window and the one table it may be seated at.
type App struct {
	deps  Deps
	texts *i18n.Catalog
	lang  i18n.Lang
	prefs fyne.Preferences
	win   fyne.Window
	ctx   context.Context // ends with Close
	stop  context.CancelFunc

	current screen
	names   []string // the seats' nicknames from the latest view
	// Screens, kept for tests: the last of each kind shown.
	find *findScreen
	join *joinScreen
	seat *seatScreen
}

// New shows the app in win: the seat it held last time if it has one, else
// the tables nearby.
func New(win fyne.Window, deps Deps) *App {
	if deps.Do == nil {
		deps.Do = fyne.Do
	}
	if deps.Probe == nil {
		deps.Probe = client.Fingerprint
	}
	if deps.BrowsePause <= 0 {
		deps.BrowsePause = time.Second
	}
	if deps.Now == nil {
		deps.Now = time.Now
	}
	if deps.SavePlay == nil {
		deps.SavePlay = saveDialog
	}
	if deps.OpenURL == nil {
		deps.OpenURL = func(u *url.URL) error { return fyne.CurrentApp().OpenURL(u) }
	}
	if deps.Prefs == nil {
		deps.Prefs = fyne.CurrentApp().Preferences()
	}
	texts := deps.Texts
	if texts == nil {
		var err error
		if texts, err = i18n.Load(); err != nil {
			// The catalogue is embedded and checked by tests: this is a
			// broken build, not a guest's problem.
			panic(err)
		}
	}
	a := &App{deps: deps, texts: texts, prefs: deps.Prefs, win: win}
	a.lang = a.savedLang()
	a.ctx, a.stop = context.WithCancel(context.Background())
	if saved, ok := a.savedSeat(); ok {
		a.resume(saved)
	} else {
		a.showFind(nil)
	}
	return a
}

// Open joins the table of a join link (the QR code's URL), as when the
// phone opens such a link with the app.
func (a *App) Open(link string) { a.showLink(link) }

// Close leaves the screen, and the table connection, without forgetting
// the seat: the next start resumes it.
func (a *App) Close() {
	a.stop()
	if a.current != nil {
		a.current.leave()
	}
}

// show replaces the current screen.
func (a *App) show(s screen) {
	if a.current != nil {
		a.current.leave()
	}
	a.current = s
	a.win.SetContent(s.build())
}

// redraw builds the current screen again, e.g. in another language.
func (a *App) redraw() { a.win.SetContent(a.current.build()) }

// now is the app's clock.
func (a *App) now() time.Time { return a.deps.Now() }

// saveDialog asks where to save a file and writes data there (on a
// phone, the system's picker, which also shares it).
func saveDialog(win fyne.Window, name string, data []byte, done func(string, error)) {
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil || w == nil {
			done("", err)
			return
		}
		_, err = w.Write(data)
		if cerr := w.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			done("", fmt.Errorf("save %s: %w", w.URI().Name(), err))
			return
		}
		done(w.URI().Path(), nil)
	}, win)
	d.SetFileName(name)
	d.Show()
}

// t is a text of the companion in the app's language.
func (a *App) t(key string, params ...map[string]any) string {
	return a.texts.T(a.lang, "companion."+key, params...)
}

// gameName is a game's name in the app's language.
func (a *App) gameName(id string) string {
	if rules, err := a.deps.Games.Get(id); err == nil {
		return a.texts.T(a.lang, rules.Info().NameKey())
	}
	return id
}

// seatName is how the app names a seat: its nickname as the kiosk shows
// it, else "Seat 3" (seats count from 1 for people, as on the kiosk).
func (a *App) seatName(s engine.Seat) string {
	if s.Valid(len(a.names)) && a.names[s] != "" {
		// The nickname the kiosk shows; an unnamed table guest's place
		// in the app's language.
		if n, ok := wire.TableGuestPlace(a.names[s]); ok {
			return a.texts.T(a.lang, "common.table_guest", map[string]any{"N": n})
		}
		return a.names[s]
	}
	return a.seatNumber(s)
}

// seatNumber is "Seat 3", as the kiosk numbers the seats' panels.
func (a *App) seatNumber(s engine.Seat) string {
	return a.texts.T(a.lang, "common.seat", map[string]any{"N": int(s) + 1})
}

// setLang switches the app's language and remembers it.
func (a *App) setLang(l i18n.Lang) {
	if l == a.lang {
		return
	}
	a.lang = l
	a.prefs.SetString(prefLang, string(l))
	a.redraw()
}
