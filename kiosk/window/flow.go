package window

import (
	"fmt"
	"log"
	"net"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/kiosk/lesson"
	"github.com/tablee/tablee/kiosk/screen"
	"github.com/tablee/tablee/kiosk/table"
	"github.com/tablee/tablee/proto/tlscert"
	"github.com/tablee/tablee/proto/wire"
)

// setLang switches every screen to lang; the current screen is rebuilt.
func (ui *UI) setLang(lang i18n.Lang, again func()) {
	ui.lang = string(lang)
	// Kept, so that a kiosk restarted after a crash speaks it still.
	if err := ui.t.SetLanguage(ui.ctx, ui.lang); err != nil {
		log.Printf("kiosk: keep the table's language: %v", err)
	}
	again()
}

func (ui *UI) showAttract() {
	// A table of a venue shows the venue's week: a regular is known at
	// every table, and the boards are every table's games.
	v, err := ui.rec.Venue(ui.ctx)
	if err != nil {
		ui.fault(err)
	}
	week := map[string][]screen.Standing{}
	for _, g := range ui.tableGames() {
		get := ui.rec.Leaderboard
		if v.Paired {
			get = ui.rec.VenueLeaderboard
		}
		board, err := get(ui.ctx, g.ID, screen.Week, 3)
		if err != nil {
			ui.fault(err)
		}
		week[g.ID] = board
	}
	name, _ := ui.rec.TableName(ui.ctx)
	attract := screen.NewAttract
	if v.Paired {
		attract = screen.NewVenueAttract
	}
	a := attract(ui.words(), name, ui.tableGames(), week, ui.showLobby,
		func(l i18n.Lang) { ui.setLang(l, ui.showAttract) })
	a.ShowHere(ui.words(), ui.shelfHere())
	ui.showPlayed(a, v.Paired)
	ui.show(a.Content())
	ui.attract = a
}

func (ui *UI) showLobby() {
	act := screen.LobbyActions{
		Choose:   ui.showSeating,
		Learn:    ui.showLearn,
		Language: func(l i18n.Lang) { ui.setLang(l, ui.showLobby) },
		Home:     ui.showAttract,
		Staff:    func() { screen.AskPIN(ui.ctx, ui.words(), ui.win, ui.staff, ui.showStaff) },
	}
	if ui.lib != nil {
		act.Pick, act.Here = ui.showShelf, ui.shelfHere()
	}
	l := screen.NewLobby(ui.words(), ui.win, ui.tableGames(), act)
	ui.show(l.Content())
	ui.lobby = l
	// Left alone, the lobby gives way to the attract screen.
	ui.idle = time.AfterFunc(IdleAfter, func() {
		ui.do(func() {
			if ui.win.Content() == l.Content() && ui.win.Canvas().Overlays().Top() == nil {
				ui.showAttract()
			}
		})
	})
}

// showLearn starts g's guided first game on the table; its end offers a
// real game with the same seats: the learner (on the table for a board
// game, with a phone for a card game) and bots. A lesson is no session:
// nothing of it is logged or rated.
func (ui *UI) showLearn(g engine.Info) { ui.showLearnAt(g, 0) }

// showLearnAt shows g's lesson with its first from steps made: a restart
// brings a lesson back where it was (the table keeps its steps made).
func (ui *UI) showLearnAt(g engine.Info, from int) {
	ls, ok := lesson.For(g.ID)
	if !ok {
		ui.showLobby()
		return
	}
	if from < 0 || from > len(ls.Steps) {
		from = 0
	}
	keep := func(made int) {
		if err := ui.t.SetLesson(ui.ctx, g.ID, made); err != nil {
			log.Printf("kiosk: keeping the lesson's step: %v", err)
		}
	}
	l, err := screen.NewLearn(screen.LearnConfig{
		Lesson: ls, Lang: ui.lang, Texts: ui.cat, Do: ui.do, Awake: ui.awake, From: from, OnStep: keep,
		Play: func() {
			defaults, err := ui.rec.DefaultOptions(ui.ctx, g.ID)
			if err != nil {
				ui.fault(err)
			}
			plan := make([]screen.SeatPlan, ls.Seats)
			for i := range plan {
				plan[i].Bot = engine.LevelDefault
			}
			plan[ls.Learner] = screen.SeatPlan{Touch: g.AllPublic}
			ui.startGame(lastGame{g, defaults, plan})
		},
		Back: ui.showLobby,
	})
	if err != nil {
		ui.fault(err)
		return
	}
	ui.show(l.Content())
	ui.learn = l
	keep(from)
	if from == 0 { // a lesson resumed after a restart was counted when it began
		ui.lessonTaught(g.ID)
	}
	ui.watchLesson(l)
}

// watchLesson sends the table back to its attract screen once lesson l
// has had no move tried for LessonIdleAfter, unless a dialog is open
// (the staff's PIN pad, the rules).
func (ui *UI) watchLesson(l *screen.Learn) {
	ui.watchIdle(LessonIdleAfter, func() bool { return ui.learn == l }, l.Tries)
}

// watchIdle sends the table back to its attract screen once the screen
// still showing (here) has made no progress for after, unless a dialog
// is open; the lesson and the replay share it, each with its own
// measure of progress (moves tried, steps taken).
func (ui *UI) watchIdle(after time.Duration, here func() bool, progress func() int) {
	seen := progress()
	ui.later(after, func() {
		ui.do(func() {
			switch {
			case !here():
				// Left already.
			case progress() != seen || ui.win.Canvas().Overlays().Top() != nil:
				ui.watchIdle(after, here, progress)
			default:
				ui.showAttract()
			}
		})
	})
}

func (ui *UI) showSeating(g engine.Info) {
	defaults, err := ui.rec.DefaultOptions(ui.ctx, g.ID)
	if err != nil {
		ui.fault(err)
	}
	s := screen.NewSeating(ui.words(), g, defaults, screen.SeatingActions{
		Start: func(opts map[string]string, plan []screen.SeatPlan) { ui.startGame(lastGame{g, opts, plan}) },
		Back:  ui.showLobby,
		BotIn: func(seat engine.Seat) {
			if err := ui.t.Server().HandToBot(ui.ctx, seat, engine.LevelDefault); err != nil {
				ui.fault(err)
			}
		},
		Cancel: ui.cancelSeating,
	})
	ui.show(s.Content())
	ui.seatingScreen = s
}

// startGame starts a session as planned; the seating screen then shows
// the QR code and the code until every phone seat is taken.
func (ui *UI) startGame(g lastGame) {
	seats := make([]table.Seat, len(g.plan))
	for i, p := range g.plan {
		seats[i] = table.Seat{Bot: p.Bot, Touch: p.Touch}
		if p.Touch {
			// The place, rendered where it is read in the reader's
			// language: the record keeps no language of the moment.
			seats[i].Name = wire.TableGuest(i)
		}
	}
	s, err := ui.t.Start(ui.ctx, g.game.ID, g.options, seats)
	if err != nil {
		ui.faultSaying(err, "kiosk.error.start")
		return
	}
	ui.began(s)
}

// began follows the new session s: the game screen at once when no seat
// waits for a phone, else the seating screen with the code and QR code.
func (ui *UI) began(s *host.Session) {
	ui.track(s)
	if ui.t.Server().FreeCount() == 0 {
		ui.showTable(s)
		return
	}
	seating := ui.seatingScreen
	if seating == nil { // play again: the seating screen of the same game
		if isSheet(s) {
			ui.showSheetSeating(s.Record().Options)
		} else {
			ui.showSeating(s.Game().Info())
		}
		seating = ui.seatingScreen
	}
	ui.board, ui.results = nil, nil
	ui.seating = seating
	ui.refreshSeating(s)
	ui.win.SetContent(seating.Content())
}

// cancelSeating abandons a game nobody has played yet and goes back to
// the lobby: no PIN, since no game is lost.
func (ui *UI) cancelSeating() {
	if s := ui.t.Session(); s != nil && s.Moves() == 0 {
		if err := ui.t.Abandon(ui.ctx, "cancelled while seating"); err != nil {
			ui.fault(err)
			return
		}
	}
	ui.showLobby()
}

func (ui *UI) showTable(s *host.Session) {
	if isSheet(s) {
		ui.showSheet(s)
		return
	}
	board, err := screen.NewGame(screen.GameConfig{
		Session: s, Seats: len(s.Record().Seats), Lang: ui.lang, Texts: ui.cat,
		Staff:     func(then func()) { screen.AskPIN(ui.ctx, ui.words(), ui.win, ui.staff, then) },
		OnRelease: func(seat engine.Seat) { ui.moveToPhone(s, seat) },
		OnHandToBot: func(seat engine.Seat) {
			if err := ui.t.Server().HandToBot(ui.ctx, seat, engine.LevelDefault); err != nil {
				ui.fault(err)
			}
		},
		OnStaffMenu: ui.leaveGame,
		Do:          ui.do,
		Awake:       ui.awake,
		Hint:        s.Hint,
	})
	if err != nil {
		ui.fault(err)
		return
	}
	ui.show(board.Content())
	ui.board = board
	ui.refresh()
	ui.track(s) // a resumed game is followed from here
}

// track follows s's moves on screen, once per session.
func (ui *UI) track(s *host.Session) {
	if ui.followed == s.ID() {
		return
	}
	ui.followed = s.ID()
	go ui.follow(s)
}

// showResults shows how s ended; the rating changes come from the
// database, written with the results.
func (ui *UI) showResults(s *host.Session, res engine.Result) {
	ui.shown = s.ID()
	out, err := ui.rec.Outcome(ui.ctx, s.ID())
	if err != nil || len(out) == 0 {
		if err != nil {
			log.Printf("kiosk: results of %s: %v", s.ID(), err)
		}
		out = outcomeOf(s, res)
	}
	names := ui.t.Server().Seats()
	seats := s.Record().Seats
	for i := range out {
		if int(out[i].Seat) < len(seats) {
			out[i].Hints = seats[out[i].Seat].Hints
		}
		if out[i].Name == "" && int(out[i].Seat) < len(names) {
			out[i].Name = names[out[i].Seat].Name
		}
		if out[i].Name == "" {
			out[i].Name = ui.words().T("kiosk.seat.n", "N", int(out[i].Seat)+1)
		}
		out[i].Name, out[i].BotFor = ui.words().Name(out[i].Name), ui.words().Name(out[i].BotFor)
	}
	r := screen.NewResults(ui.words(), s.Game().Info(), res, out, ui.playAgain, ui.backToLobby)
	if isSheet(s) {
		ui.retitleSheet(r, s, res)
	}
	ui.show(r.Content())
	ui.results = r
}

// playAgain starts the next game with the same game, options and seats;
// the phones keep their seats without a new code.
func (ui *UI) playAgain() {
	s, err := ui.t.PlayAgain(ui.ctx)
	if err != nil {
		ui.faultSaying(err, "kiosk.error.start")
		return
	}
	ui.seatingScreen = nil
	ui.began(s)
}

// backToLobby lets the phones of the finished game go and shows the lobby.
func (ui *UI) backToLobby() {
	ui.t.Dismiss()
	ui.showLobby()
}

// outcomeOf is the results as the engine gives them, without ratings.
func outcomeOf(s *host.Session, res engine.Result) []screen.SeatOutcome {
	out := make([]screen.SeatOutcome, len(res.Ranks))
	for i := range out {
		out[i] = screen.SeatOutcome{Seat: engine.Seat(i), Rank: res.Ranks[i]}
		if i < len(res.Scores) {
			out[i].Score = res.Scores[i]
		}
	}
	return out
}

func (ui *UI) showStaff() {
	consoleURL := "https://" + net.JoinHostPort(ui.host, consolePort(ui.t.ConsoleAddr())) + "/"
	// The venue's certificate authority, when this table made it or got
	// it from the hub as it paired: a QR to its download from the console.
	var caURL, caWords, caFP string
	if fp := tlscert.CAFingerprint(tlscert.ConsoleDir(ui.t.DB().Path())); fp != "" {
		caURL, caWords, caFP = consoleURL+"venue-ca.crt", tlscert.ShowPhrase(tlscert.Phrase(fp), ui.lang), fp
	}
	st := screen.NewStaff(ui.ctx, ui.words(), ui.win, ui.rec, ui.staffGames(), screen.StaffActions{
		Replay: ui.showReplay,
		Leave:  ui.showLobby,
		Fault:  ui.fault,
		// The console's address on the café's network and its
		// certificate's words (the table's own certificate, or the one
		// the venue's authority issued it).
		ConsoleURL:    consoleURL,
		ConsolePhrase: tlscert.ShowPhrase(ui.t.Console().Phrase(), ui.lang),
		CAURL:         caURL, CAWords: caWords, CAFingerprint: caFP,
		Venue:    ui.venueDesk(),
		Do:       ui.do,
		Notes:    ui.shelfNotes(),
		Offline:  ui.t.Offline,
		DiskFull: ui.t.DiskFull,
	})
	ui.show(st.Content())
	ui.staffScreen = st
}

// venueDesk is the staff screen's venue section's desk, nil without one.
func (ui *UI) venueDesk() screen.VenueDesk {
	if ui.venue == nil {
		return nil
	}
	return venueDesk{ui.venue, ui.lang}
}

// consolePort is the port of a listen address.
func consolePort(addr string) string {
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	return port
}

// showReplay is the staff screen's replay, which goes back to it.
func (ui *UI) showReplay(id string) {
	if err := ui.openReplay(id, ui.showStaff); err != nil {
		ui.fault(err)
	}
}

// openReplay shows session id's replay; its back button runs back.
func (ui *UI) openReplay(id string, back func()) error {
	d, err := ui.rec.Replay(ui.ctx, id)
	if err != nil {
		return fmt.Errorf("replay %s: %w", id, err)
	}
	r, err := screen.NewReplay(ui.words(), d, ui.replayBoards(d.SeatNames(ui.words())), back)
	if err != nil {
		return fmt.Errorf("replay %s: %w", id, err)
	}
	ui.show(r.Content())
	ui.replay, ui.replayBack = r, back
	return nil
}

// leaveGame goes back to the lobby. A game still running is abandoned,
// which only the staff may decide: PIN, then a confirmation.
func (ui *UI) leaveGame() {
	s := ui.t.Session()
	if s == nil || s.Status().Ended() {
		ui.showLobby()
		return
	}
	// The guests may call the staff from here without the PIN: the call
	// shows on the staff console until someone answers it.
	screen.AskPINOrCall(ui.ctx, ui.words(), ui.win, ui.staff, func() { ui.staffGame(s) }, ui.callStaff)
}

// callStaff calls the staff to this table (the staff console shows it);
// a call to have the rules explained counts as the game taught.
func (ui *UI) callStaff(rules bool) {
	c := ui.t.CallStaff()
	if rules {
		ui.callTaught()
	}
	log.Printf("kiosk: %s calls the staff (call %s, rules %v)", c.Table, c.ID, rules)
}

// staffGame is the staff's menu over the game s, once the PIN was given:
// move a seat to another phone, hand it to a bot, or abandon the game.
func (ui *UI) staffGame(s *host.Session) {
	ui.gameStaff = screen.ShowGameStaff(ui.words(), ui.win, ui.seatViews(s), screen.GameStaffActions{
		MoveToPhone: func(seat engine.Seat) { ui.moveToPhone(s, seat) },
		HandToBot: func(seat engine.Seat) {
			if err := ui.t.Server().HandToBot(ui.ctx, seat, engine.LevelDefault); err != nil {
				ui.fault(err)
			}
			ui.refresh()
		},
		Abandon: ui.confirmAbandon,
	})
}

// moveToPhone frees seat of s for another phone (its phone is told) and
// waits for it.
func (ui *UI) moveToPhone(s *host.Session, seat engine.Seat) {
	if err := ui.t.Server().Release(seat); err != nil {
		ui.fault(err)
		return
	}
	ui.waitForPhone(s)
}

// waitForPhone shows the code and QR code over the game s until a phone
// has taken its free seat; then the game comes back.
func (ui *UI) waitForPhone(s *host.Session) {
	seating := screen.NewSeating(ui.words(), s.Game().Info(), nil, screen.SeatingActions{
		BotIn: func(seat engine.Seat) {
			if err := ui.t.Server().HandToBot(ui.ctx, seat, engine.LevelDefault); err != nil {
				ui.fault(err)
			}
		},
		BackToGame: func() { ui.showTable(s) },
	})
	ui.show(seating.Content())
	ui.seating, ui.seatingScreen = seating, seating
	ui.refreshSeating(s)
	if ui.seating == seating { // still waiting: the screen turned to the joining phones
		ui.win.SetContent(seating.Content())
	}
}

// confirmAbandon abandons the running game once the staff confirmed it.
func (ui *UI) confirmAbandon() {
	w := ui.words()
	text := widgetLabel(w.T("kiosk.leave.text"))
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
}

func widgetLabel(s string) *widget.Label {
	l := widget.NewLabel(s)
	l.Wrapping = fyne.TextWrapWord
	return l
}
