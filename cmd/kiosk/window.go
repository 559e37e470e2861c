package main

import (
	"context"
	"crypto/subtle"
	"os"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/dialog"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/kiosk/screen"
	"github.com/tablee/tablee/kiosk/table"
)

// kioskUI moves between the lobby, the set-up and the table screens.
type kioskUI struct {
	ctx   context.Context
	win   fyne.Window
	t     *table.Table
	lang  string
	pin   string
	board *screen.Table // the table screen while a session shows
	// do runs a UI change from another goroutine: fyne.Do, or in tests
	// something the test can synchronise with.
	do func(func())
}

// runWindow runs the kiosk with its window until the window closes.
func runWindow(o options) error {
	a := app.NewWithID("fr.tablee.kiosk")
	w := a.NewWindow("Tablée")
	ui := &kioskUI{ctx: context.Background(), win: w, lang: "fr", pin: os.Getenv("TABLEE_STAFF_PIN"), do: fyne.Do}
	o.cfg.OnChange = func() { ui.do(ui.refresh) }
	t, err := table.Open(ui.ctx, o.cfg)
	if err != nil {
		return err
	}
	defer t.Close()
	ui.start(t)
	w.Resize(fyne.NewSize(1280, 800))
	w.SetFullScreen(o.fullscreen)
	w.ShowAndRun()
	return nil
}

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
			dialog.ShowError(err, ui.win)
			return
		}
		ui.showTable(s)
	}, ui.showLobby)
	ui.win.SetContent(setup.Content())
}

func (ui *kioskUI) showTable(s *host.Session) {
	board, err := screen.NewTable(screen.TableConfig{
		Session: s, Seats: len(s.Record().Seats), Lang: ui.lang, Win: ui.win, CheckPIN: ui.checkPIN,
		OnRelease: func(seat engine.Seat) {
			if err := ui.t.Server().Release(seat); err != nil {
				dialog.ShowError(err, ui.win)
			}
		},
		OnHandToBot: func(seat engine.Seat) {
			if err := ui.t.Server().HandToBot(ui.ctx, seat, engine.LevelDefault); err != nil {
				dialog.ShowError(err, ui.win)
			}
		},
		OnNewGame: ui.showLobby,
	})
	if err != nil {
		dialog.ShowError(err, ui.win)
		ui.showLobby()
		return
	}
	ui.board = board
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
	s := ui.t.Session()
	if ui.board == nil || s == nil {
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
	ui.board.Show(st)
}

// checkPIN compares in constant time; without a configured PIN the staff
// functions stay locked.
func (ui *kioskUI) checkPIN(pin string) bool {
	return ui.pin != "" && subtle.ConstantTimeCompare([]byte(pin), []byte(ui.pin)) == 1
}
