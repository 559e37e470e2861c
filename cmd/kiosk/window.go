package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"net"
	"path/filepath"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/kiosk/idle"
	"github.com/tablee/tablee/kiosk/screen"
	"github.com/tablee/tablee/kiosk/server"
	"github.com/tablee/tablee/kiosk/staff"
	"github.com/tablee/tablee/kiosk/table"
	"github.com/tablee/tablee/proto/tlscert"
)

// IdleAfter is how long the lobby waits untouched before the table goes
// back to its attract screen.
const IdleAfter = 3 * time.Minute

// kioskUI moves between the kiosk's screens: attract, lobby, seating, the
// table, results and the staff's screens.
type kioskUI struct {
	ctx   context.Context
	win   fyne.Window
	t     *table.Table
	lang  string
	cat   *i18n.Catalog
	staff screen.Gate
	rec   screen.Records
	// host is the address phones reach the kiosk at, for the QR code.
	host string

	board   *screen.Table   // the table screen while a game shows
	seating *screen.Seating // the seating screen while phones join
	results *screen.Results // the results once a game ended
	// The screen on display, for tests.
	attract       *screen.Attract
	lobby         *screen.Lobby
	seatingScreen *screen.Seating
	staffScreen   *screen.Staff
	replay        *screen.Replay
	gameStaff     *screen.GameStaff // the staff's menu over a game, once shown
	shown         string            // the session whose results were shown
	followed      string            // the session whose moves refresh the screen
	idle          *time.Timer       // back to the attract screen
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

// runWindow runs the kiosk with its window until the window closes.
func runWindow(o options, stdout io.Writer) error {
	cat, err := i18n.Load()
	if err != nil {
		return err
	}
	a := app.NewWithID("fr.tablee.kiosk")
	a.Settings().SetTheme(screen.NewTheme())
	w := a.NewWindow("Tablée")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// The window loop naps while the table is quiet; every UI change from
	// another goroutine goes through loop.Do, which wakes it.
	loop := idle.New(idle.Config{})
	w.SetOnClosed(func() { loop.Stop(); cancel() })
	quit := func() { loop.Stop(); a.Quit() }
	ui := &kioskUI{ctx: ctx, win: w, lang: "fr", cat: cat, do: loop.Do, awake: loop.Awake}
	// The table may announce changes while it resumes a session, before
	// ui.t is set: refresh runs on the UI goroutine, after start.
	o.cfg.OnChange = func() { ui.do(ui.refresh) }
	t, err := table.Open(ctx, o.cfg)
	if err != nil {
		return err
	}
	defer t.Close()
	ui.wire(t, o.cfg)
	ui.start(t)
	fmt.Fprintf(stdout, "code=%s addr=%s fingerprint=%s web=%s\n", t.Server().Code(), reachable(t.Addr()), t.Fingerprint(), webURL(t))
	if o.fullscreen {
		// Guests cannot close the kiosk: only the staff, with the PIN.
		w.SetCloseIntercept(func() { screen.AskPIN(ctx, ui.words(), w, ui.staff, quit) })
	}
	a.Lifecycle().SetOnStarted(func() {
		log.Printf("kiosk: window up %d ms after start", time.Since(o.started).Milliseconds())
		if !loop.Start(w) {
			log.Printf("kiosk: not a GLFW window, the loop never naps")
		}
	})
	w.Resize(fyne.NewSize(1920, 1080))
	w.SetFullScreen(o.fullscreen)
	w.ShowAndRun()
	loop.Stop()
	return nil
}

// wire connects the screens to the table's database.
func (ui *kioskUI) wire(t *table.Table, cfg table.Config) {
	ui.staff = staff.NewGate(pinStore{t.DB()}, nil)
	ui.rec = records{d: t.DB(), games: t.Games(), tableName: cfg.Name,
		exportDir: filepath.Join(filepath.Dir(t.DB().Path()), "exports")}
	ui.host = lanHost(t.WebAddr())
}

// lanHost is the host phones on the café's network reach addr at: its own
// host when it listens on one address, else this machine's first LAN
// address, else loopback.
func lanHost(addr string) string {
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

func (ui *kioskUI) words() screen.Words { return screen.Words{Cat: ui.cat, Lang: i18n.Parse(ui.lang)} }

// start shows the attract screen, or the game a crash interrupted.
func (ui *kioskUI) start(t *table.Table) {
	ui.t = t
	if s := t.Session(); s != nil && !s.Status().Ended() {
		ui.showTable(s)
		return
	}
	ui.showAttract()
}

// show puts a screen in the window and forgets the live ones.
func (ui *kioskUI) show(o fyne.CanvasObject) {
	ui.board, ui.seating, ui.results = nil, nil, nil
	ui.seatingScreen, ui.staffScreen, ui.replay = nil, nil, nil
	ui.attract, ui.lobby = nil, nil
	if ui.idle != nil {
		ui.idle.Stop()
		ui.idle = nil
	}
	ui.win.SetContent(o)
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
			ui.do(ui.refresh)
			return
		}
	}
}

// refresh brings the screen in step with the table: seats filling while
// phones join, the table screen after each move, the results at the end.
func (ui *kioskUI) refresh() {
	if ui.t == nil {
		return
	}
	s := ui.t.Session()
	if s == nil {
		return
	}
	if res, over := s.Result(); over && s.ID() != ui.shown && (ui.board != nil || ui.seating != nil) {
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
}

func (ui *kioskUI) refreshTable(s *host.Session) {
	v := s.View(engine.Table)
	st := screen.TableState{Game: s.Game().Info(), Code: ui.t.Server().Code(), Turn: v.Turn()}
	st.Result, st.Over = s.Result()
	for _, seat := range ui.t.Server().Seats() {
		ss := screen.SeatStatus{Name: seat.Name, State: string(seat.State), Touch: seat.State == server.SeatTable}
		if !seat.AwaySince.IsZero() {
			ss.AwayFor = time.Since(seat.AwaySince)
		}
		st.Seats = append(st.Seats, ss)
	}
	ui.board.Show(st)
}

// refreshSeating shows the seats as phones join, and the game once the
// last one is taken.
func (ui *kioskUI) refreshSeating(s *host.Session) {
	srv := ui.t.Server()
	if srv.FreeCount() == 0 {
		ui.showTable(s)
		return
	}
	ui.seating.ShowJoining(ui.t.JoinInfo(ui.host).String(), srv.Code(), tlscert.Phrase(ui.t.Fingerprint()), ui.seatViews(s))
}

// seatViews is each seat of s as the screens show it.
func (ui *kioskUI) seatViews(s *host.Session) []screen.SeatView {
	rec := s.Record()
	var seats []screen.SeatView
	for i, st := range ui.t.Server().Seats() {
		sv := screen.SeatView{Name: st.Name, State: string(st.State)}
		if i < len(rec.Seats) {
			sv.Level = rec.Seats[i].BotLevel
		}
		seats = append(seats, sv)
	}
	return seats
}

// fault logs err and tells the guests, in their language, that something
// went wrong: a Go error text is never shown at the table.
func (ui *kioskUI) fault(err error) { ui.faultSaying(err, "kiosk.error.generic") }

func (ui *kioskUI) faultSaying(err error, key string) {
	log.Printf("kiosk: %v", err)
	w := ui.words()
	screen.ShowMessage(w, ui.win, w.T("kiosk.error.title"), w.T(key))
}
