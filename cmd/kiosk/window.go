package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/kiosk/screen"
	"github.com/tablee/tablee/kiosk/staff"
	"github.com/tablee/tablee/kiosk/table"
)

// kioskUI moves between the lobby, the set-up and the table screens.
type kioskUI struct {
	ctx   context.Context
	win   fyne.Window
	t     *table.Table
	lang  string
	cat   *i18n.Catalog
	staff screen.Gate
	board *screen.Table // the table screen while a session shows
	// do runs a UI change from another goroutine: fyne.Do, or in tests
	// something the test can synchronise with.
	do func(func())
}

// runWindow runs the kiosk with its window until the window closes.
func runWindow(o options, stdout io.Writer) error {
	cat, err := i18n.Load()
	if err != nil {
		return err
	}
	a := app.NewWithID("fr.tablee.kiosk")
	w := a.NewWindow("Tablée")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w.SetOnClosed(cancel)
	ui := &kioskUI{ctx: ctx, win: w, lang: "fr", cat: cat, do: fyne.Do}
	// The table may announce changes while it resumes a session, before
	// ui.t is set: refresh runs on the UI goroutine, after start.
	o.cfg.OnChange = func() { ui.do(ui.refresh) }
	t, err := table.Open(ctx, o.cfg)
	if err != nil {
		return err
	}
	defer t.Close()
	ui.staff = staff.NewGate(pinStore{t.DB()}, nil)
	ui.start(t)
	fmt.Fprintf(stdout, "code=%s addr=%s fingerprint=%s\n", t.Server().Code(), reachable(t.Addr()), t.Fingerprint())
	w.Resize(fyne.NewSize(1280, 800))
	w.SetFullScreen(o.fullscreen)
	w.ShowAndRun()
	return nil
}

func (ui *kioskUI) words() screen.Words { return screen.Words{Cat: ui.cat, Lang: i18n.Parse(ui.lang)} }

// start shows the lobby, or the game a crash interrupted.
func (ui *kioskUI) start(t *table.Table) {
	ui.t = t
	if s := t.Session(); s != nil && !s.Status().Ended() {
		ui.showTable(s)
		return
	}
	ui.showLobby()
}

func (ui *kioskUI) showLobby() {
	ui.board = nil
	lobby := screen.NewLobby(ui.t.Games().Infos(), ui.showSetup)
	lobby.OnLanguage = func(lang string) { ui.lang = lang }
	lobby.SetLanguage(ui.lang)
	ui.win.SetContent(lobby.Content())
}

func (ui *kioskUI) showSetup(g engine.Info) {
	setup := screen.NewSetup(g, ui.lang, func(opts map[string]string, choices []screen.SeatChoice) {
		seats := make([]table.Seat, len(choices))
		for i, c := range choices {
			if !c.Phone {
				seats[i].Bot = c.Level
			}
		}
		s, err := ui.t.Start(ui.ctx, g.ID, opts, seats)
		if err != nil {
			ui.fault(err)
			return
		}
		ui.showTable(s)
	}, ui.showLobby)
	ui.win.SetContent(setup.Content())
}

func (ui *kioskUI) showTable(s *host.Session) {
	ui.board = screen.NewTable(ui.lang, ui.win, nil, func(seat engine.Seat) {
		if err := ui.t.Server().Release(seat); err != nil {
			ui.fault(err)
		}
	}, ui.leaveGame)
	ui.board.OnHandToBot = func(seat engine.Seat) {
		if err := ui.t.Server().HandToBot(ui.ctx, seat, engine.LevelDefault); err != nil {
			ui.fault(err)
		}
	}
	ui.win.SetContent(ui.board.Content())
	ui.refresh()
	go ui.follow(s)
	go ui.tick(s)
}

// tick refreshes the table screen now and then while s runs, so that the
// offer to let a bot play an away seat appears when its time comes.
func (ui *kioskUI) tick(s *host.Session) {
	t := time.NewTicker(5 * time.Second)
	defer t.Stop()
	for range t.C {
		if s.Status().Ended() || ui.ctx.Err() != nil {
			return
		}
		ui.do(ui.refresh)
	}
}

// follow refreshes the screen after every move of s until it ends.
func (ui *kioskUI) follow(s *host.Session) {
	for {
		updates, stop := s.Subscribe(engine.Table)
		for range updates {
			ui.do(ui.refresh)
		}
		stop()
		if s.Status().Ended() || ui.ctx.Err() != nil {
			return
		}
	}
}

// refresh redraws the table screen from the session's public view.
func (ui *kioskUI) refresh() {
	if ui.t == nil || ui.board == nil {
		return
	}
	s := ui.t.Session()
	if s == nil {
		return
	}
	v := s.View(engine.Table)
	st := screen.TableState{Game: s.Game().Info(), Code: ui.t.Server().Code(), Turn: v.Turn()}
	st.Result, st.Over = s.Result()
	for _, seat := range ui.t.Server().Seats() {
		ss := screen.SeatStatus{Name: seat.Name, State: string(seat.State)}
		if !seat.AwaySince.IsZero() {
			ss.AwayFor = time.Since(seat.AwaySince)
		}
		st.Seats = append(st.Seats, ss)
	}
	if data, err := json.MarshalIndent(v, "", "  "); err == nil {
		st.Board = string(data)
	} else {
		log.Printf("table view: %v", err)
	}
	ui.board.Show(st)
}

// leaveGame goes back to the lobby. A game still running is abandoned,
// which only the staff may decide: PIN, then a confirmation.
func (ui *kioskUI) leaveGame() {
	s := ui.t.Session()
	if s == nil || s.Status().Ended() {
		ui.showLobby()
		return
	}
	w := ui.words()
	screen.AskPIN(ui.ctx, w, ui.win, ui.staff, func() {
		text := widget.NewLabel(w.T("kiosk.leave.text"))
		text.Wrapping = fyne.TextWrapWord
		body := container.NewGridWrap(fyne.NewSize(640, 120), text)
		dialog.ShowCustomConfirm(w.T("kiosk.leave.title"), w.T("kiosk.yes_abandon"), w.T("kiosk.cancel"), body, func(yes bool) {
			if !yes {
				return
			}
			if err := ui.t.Abandon(ui.ctx, "abandoned by the staff at the table"); err != nil {
				ui.fault(err)
				return
			}
			ui.showLobby()
		}, ui.win)
	})
}

// fault logs err and tells the guests, in their language, that something
// went wrong: a Go error text is never shown at the table.
func (ui *kioskUI) fault(err error) {
	log.Printf("kiosk: %v", err)
	w := ui.words()
	dialog.ShowInformation(w.T("kiosk.staff.title"), w.T("kiosk.error.generic"), ui.win)
}
