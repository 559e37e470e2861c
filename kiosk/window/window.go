// Package window is the windowed kiosk: it moves the table's screen from
// one screen to the next (attract, lobby, seating, the game, the results,
// the staff's screens) as guests tap and phones join, and wires the
// table's database behind the screens' interfaces. cmd/kiosk runs it in a
// real window; tests run it in Fyne's test driver.
package window

import (
	"context"
	"fmt"
	"log"
	"net"
	"path/filepath"
	"time"

	"fyne.io/fyne/v2"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/kiosk/screen"
	"github.com/tablee/tablee/kiosk/server"
	"github.com/tablee/tablee/kiosk/table"
	"github.com/tablee/tablee/proto/tlscert"
	"github.com/tablee/tablee/shelf"
	"github.com/tablee/tablee/venue"
)

// IdleAfter is how long the lobby waits untouched before the table goes
// back to its attract screen.
const IdleAfter = 3 * time.Minute

// LessonIdleAfter is how long a lesson waits with no move tried before
// the table goes back to its attract screen: guests who walked away from
// a lesson lose nothing (a lesson is no session), and the next ones find
// an inviting table instead of someone else's half-done lesson. Longer
// than the lobby's, since a learner may be reading.
const LessonIdleAfter = 5 * time.Minute

// UI moves between the kiosk's screens: attract, lobby, seating, the
// table, results and the staff's screens.
type UI struct {
	ctx   context.Context
	win   fyne.Window
	t     *table.Table
	lang  string
	cat   *i18n.Catalog
	staff screen.Gate
	rec   screen.Records
	// lib is the ludothèque's catalogue ("Que jouer ?", the boxes at
	// the table); nil: no shelf, no "Que jouer ?".
	lib shelf.Library
	now func() time.Time
	// venue is the table's side of the venue (SetVenue); nil for a
	// kiosk run without one.
	venue *venue.Desk
	// host is the address phones reach the kiosk at, for the QR code.
	host string

	board   *screen.Game    // the game screen while a game shows
	seating *screen.Seating // the seating screen while phones join
	results *screen.Results // the results once a game ended
	sheet   *screen.Sheet   // a shelf game's score sheet while it shows
	// The screen on display, for tests.
	attract       *screen.Attract
	lobby         *screen.Lobby
	seatingScreen *screen.Seating
	staffScreen   *screen.Staff
	replay        *screen.Replay
	replayBack    func()            // where the replay's back button goes
	learn         *screen.Learn     // a lesson on the table
	gameStaff     *screen.GameStaff // the staff's menu over a game, once shown
	shelf         *screen.Shelf     // "Que jouer ?"
	shown         string            // the session whose results were shown
	followed      string            // the session whose moves refresh the screen
	idle          *time.Timer       // back to the attract screen
	// endPause is how long a finished game's board stays before the
	// results; zero: the results at once.
	endPause time.Duration
	ending   string // the session whose ending board is on screen
	// after runs f once d has passed: time.AfterFunc; tests end the
	// pause themselves.
	after func(d time.Duration, f func())
	// do runs a UI change from another goroutine: the idle loop's Do
	// (fyne.Do that wakes the window loop), or in tests something the test
	// can synchronise with.
	do func(func())
	// awake keeps the window loop up while motion runs; nil in tests.
	awake func(time.Duration)
}

// lastGame is the set-up of a game chosen on the seating screen.
type lastGame struct {
	game    engine.Info
	options map[string]string
	plan    []screen.SeatPlan
}

// Config is what the window's UI is built from.
type Config struct {
	Win   fyne.Window
	Lang  string        // the table's language at start; "" is French
	Texts *i18n.Catalog // nil: the embedded catalogue
	// Do runs a UI change from another goroutine: fyne.Do when nil; the
	// kiosk passes its napping loop's Do, tests a queue they drain.
	Do func(func())
	// Awake keeps the window loop up while motion runs; nil in tests.
	Awake func(time.Duration)
	// Staff checks the staff PIN; nil: the table's gate (table.Staff),
	// the database's PIN behind the wrong-PIN budget the console shares.
	Staff screen.Gate
	// EndPause is how long a finished game's board stays on screen before
	// the results, so that guests see how it was won; zero shows the
	// results at once.
	EndPause time.Duration
	// Shelf is the ludothèque's catalogue; nil: the table's database's.
	Shelf shelf.Library
	// Now is the clock the boxes taken and given back are stamped with;
	// nil: time.Now.
	Now func() time.Time
}

// New builds the UI of a window; Start shows its first screen once the
// table is open.
func New(ctx context.Context, cfg Config) (*UI, error) {
	cat := cfg.Texts
	if cat == nil {
		var err error
		if cat, err = i18n.Load(); err != nil {
			return nil, fmt.Errorf("kiosk window: %w", err)
		}
	}
	if cfg.Lang == "" {
		cfg.Lang = "fr"
	}
	if cfg.Do == nil {
		cfg.Do = fyne.Do
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &UI{ctx: ctx, win: cfg.Win, lang: cfg.Lang, cat: cat, staff: cfg.Staff, do: cfg.Do, awake: cfg.Awake,
		endPause: cfg.EndPause, lib: cfg.Shelf, now: cfg.Now}, nil
}

// Refresh brings the screen in step with the table from any goroutine:
// pass it as the table's OnChange.
func (ui *UI) Refresh() { ui.do(ui.refresh) }

// Start wires the open table t and shows the first screen: the attract
// screen, or the one a crash interrupted. name is the table's name.
func (ui *UI) Start(t *table.Table, cfg table.Config) {
	ui.wire(t, cfg)
	ui.start(t)
}

// SetVenue gives the UI the table's side of the venue: the staff screen's
// "Venue" section pairs and unpairs through it, and the venue boards say
// from it when they are provisional. Call it before Start.
func (ui *UI) SetVenue(d *venue.Desk) { ui.venue = d }

// Words is the table's texts in its current language.
func (ui *UI) Words() screen.Words { return ui.words() }

// AskPIN runs then once the staff PIN was given on the window.
func (ui *UI) AskPIN(then func()) { screen.AskPIN(ui.ctx, ui.words(), ui.win, ui.staff, then) }

// wire connects the screens to the table's database.
func (ui *UI) wire(t *table.Table, cfg table.Config) {
	if ui.staff == nil {
		// The table's gate: the staff console spends the same budget.
		ui.staff = t.Staff()
	}
	ui.rec = records{d: t.DB(), games: t.Games(), tableName: cfg.Name, venue: ui.venue,
		exportDir: filepath.Join(filepath.Dir(t.DB().Path()), "exports")}
	ui.host = LANHost(t.WebAddr())
	if ui.lib == nil {
		// The catalogue is the table's database's: the boxes taken stay
		// at the table across a restart.
		ui.lib = t.DB()
	}
	if m, ok := ui.lib.(shelfMover); ok {
		go ui.followShelf(m.ShelfMoved())
	}
}

// LANHost is the host phones on the café's network reach addr at: its own
// host when it listens on one address, else this machine's first LAN
// address, else loopback. The seating QR names it.
func LANHost(addr string) string {
	h, _, err := net.SplitHostPort(addr)
	if ip := net.ParseIP(h); err == nil && h != "" && ip != nil && !ip.IsUnspecified() {
		return h
	}
	ifaces, _ := net.Interfaces()
	for _, i := range ifaces {
		if i.Flags&net.FlagUp == 0 || i.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, _ := i.Addrs()
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok && n.IP.To4() != nil && !n.IP.IsLinkLocalUnicast() {
				return n.IP.String()
			}
		}
	}
	return "127.0.0.1"
}

func (ui *UI) words() screen.Words { return screen.Words{Cat: ui.cat, Lang: i18n.Parse(ui.lang)} }

// start shows the attract screen, or the screen a crash interrupted, in
// the language the table had: the seating screen of a game that waits for
// phones, the game, or the results nobody dismissed.
func (ui *UI) start(t *table.Table) {
	ui.t = t
	if lang, err := t.Language(ui.ctx); err != nil {
		log.Printf("kiosk: the table's language: %v", err)
	} else if lang != "" {
		ui.lang = lang
	}
	screen := ui.resume(t.Session())
	// One line per start, for the staff reading the log after a crash
	// (and for the tests that kill a real kiosk).
	log.Printf("kiosk: starting on the %s screen, in %s", screen, ui.lang)
}

// resume shows the screen of the table's session s as a restart finds it,
// and names it.
func (ui *UI) resume(s *host.Session) string {
	switch {
	case s == nil || s.Status().Ended():
		// A lesson the restart interrupted, at its step (no session
		// began since: starting one leaves the lesson).
		if game, step, err := ui.t.Lesson(ui.ctx); err != nil {
			log.Printf("kiosk: the lesson on the table: %v", err)
		} else if info, err := ui.t.Games().Get(game); game != "" && err == nil {
			ui.showLearnAt(info.Info(), step)
			if ui.learn != nil {
				return "lesson"
			}
		}
	}
	switch {
	case s == nil:
		ui.showAttract()
		return "attract"
	case s.Status().Ended():
		if res, over := s.Result(); over {
			ui.showResults(s, res)
			return "results"
		}
		ui.showAttract()
		return "attract"
	case s.Moves() > 0 && ui.t.Server().FreeCount() > 0:
		// A seat freed for another phone during the game.
		ui.track(s)
		ui.waitForPhone(s)
		return "seating"
	}
	ui.began(s)
	switch {
	case ui.seating != nil:
		return "seating"
	case ui.sheet != nil:
		return "score sheet"
	}
	return "game"
}

// show puts a screen in the window and forgets the live ones.
func (ui *UI) show(o fyne.CanvasObject) {
	if ui.staffScreen != nil {
		ui.staffScreen.Close() // its venue section's refresh
	}
	if ui.learn != nil && ui.t != nil {
		// The lesson is left: a restart no longer brings it back.
		if err := ui.t.SetLesson(ui.ctx, "", 0); err != nil {
			log.Printf("kiosk: forgetting the lesson: %v", err)
		}
	}
	if ui.sheet != nil {
		ui.sheet.Close() // its timer
	}
	ui.board, ui.seating, ui.results, ui.sheet = nil, nil, nil, nil
	ui.seatingScreen, ui.staffScreen, ui.replay = nil, nil, nil
	ui.attract, ui.lobby, ui.learn, ui.shelf = nil, nil, nil, nil
	if ui.idle != nil {
		ui.idle.Stop()
		ui.idle = nil
	}
	ui.win.SetContent(o)
}

// later runs f once d has passed, through ui.after when a test set it.
func (ui *UI) later(d time.Duration, f func()) {
	if ui.after != nil {
		ui.after(d, f)
		return
	}
	time.AfterFunc(d, f)
}

// follow refreshes the screen after every move of s until it ends.
func (ui *UI) follow(s *host.Session) {
	for {
		updates, stop := s.Subscribe(engine.Onlooker)
		for range updates {
			ui.do(ui.refresh)
		}
		stop()
		if s.Status().Ended() || ui.ctx.Err() != nil {
			ui.do(ui.refresh)
			return
		}
	}
}

// refresh brings the screen in step with the table: seats filling while
// phones join, the game screen after each move, the results at the end.
func (ui *UI) refresh() {
	if ui.t == nil {
		return
	}
	s := ui.t.Session()
	if s == nil {
		return
	}
	if res, over := s.Result(); over && s.ID() != ui.shown && (ui.board != nil || ui.seating != nil || ui.sheet != nil) {
		if ui.board != nil && ui.endPause > 0 {
			ui.showEnding(s, res)
			return
		}
		ui.showResults(s, res)
		return
	}
	if ui.seating != nil {
		ui.refreshSeating(s)
		return
	}
	if ui.board != nil {
		ui.refreshTable(s)
	}
	if ui.sheet != nil {
		ui.sheet.Show(ui.sheetSeats())
	}
}

// showEnding leaves the finished game's board on screen for endPause (the
// winning canoes outlined, the last trick, the reason the game ended, all
// turned to the seats) before the results take its place: a game that
// jumped straight to the results never showed how it was won.
func (ui *UI) showEnding(s *host.Session, res engine.Result) {
	ui.refreshTable(s)
	if ui.ending == s.ID() {
		return // already pausing on this ending
	}
	ui.ending = s.ID()
	board := ui.board
	ui.later(ui.endPause, func() {
		ui.do(func() {
			if ui.board == board && ui.shown != s.ID() {
				ui.showResults(s, res)
			}
		})
	})
}

func (ui *UI) refreshTable(s *host.Session) {
	v := s.View(engine.Onlooker)
	st := screen.GameState{Game: s.Game().Info(), Code: ui.t.Server().Code(), Turn: v.Turn()}
	st.Result, st.Over = s.Result()
	for _, seat := range ui.t.Server().Seats() {
		ss := screen.SeatStatus{Name: ui.words().Name(seat.Name), State: string(seat.State), Touch: seat.State == server.SeatTable}
		if !seat.AwaySince.IsZero() {
			ss.AwayFor = time.Since(seat.AwaySince)
		}
		st.Seats = append(st.Seats, ss)
	}
	ui.board.Show(st)
}

// refreshSeating shows the seats as phones join, and the game once the
// last one is taken.
func (ui *UI) refreshSeating(s *host.Session) {
	srv := ui.t.Server()
	if srv.FreeCount() == 0 {
		ui.showTable(s)
		return
	}
	ui.seating.ShowJoining(ui.t.JoinInfo(ui.host).String(), srv.Code(), ui.phrase(ui.t.Fingerprint()), ui.seatViews(s))
}

// phrase is the verification phrase of fingerprint as the table shows it:
// in its language's words, with the numbers a phone in another language
// shows too (tlscert.ShowPhrase).
func (ui *UI) phrase(fingerprint string) string {
	return tlscert.ShowPhrase(tlscert.Phrase(fingerprint), ui.lang)
}

// seatViews is each seat of s as the screens show it.
func (ui *UI) seatViews(s *host.Session) []screen.SeatView {
	rec := s.Record()
	var seats []screen.SeatView
	for i, st := range ui.t.Server().Seats() {
		sv := screen.SeatView{Name: ui.words().Name(st.Name), State: string(st.State)}
		if i < len(rec.Seats) {
			sv.Level = rec.Seats[i].BotLevel
		}
		seats = append(seats, sv)
	}
	return seats
}

// fault logs err and tells the guests, in their language, that something
// went wrong: a Go error text is never shown at the table.
func (ui *UI) fault(err error) { ui.faultSaying(err, "kiosk.error.generic") }

func (ui *UI) faultSaying(err error, key string) {
	log.Printf("kiosk: %v", err)
	w := ui.words()
	screen.ShowMessage(w, ui.win, w.T("kiosk.error.title"), w.T(key))
}
