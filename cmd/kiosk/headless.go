package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/sheet"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/kiosk/server"
	"github.com/tablee/tablee/kiosk/table"
	"github.com/tablee/tablee/venue"
)

// runHeadless runs a table without a window until ctx ends (or, with
// --exit-when-over, until its session ends).
func runHeadless(ctx context.Context, o options, stdout io.Writer) error {
	changed := make(chan struct{}, 1)
	o.cfg.OnChange = alsoSignal(o.cfg.OnChange, changed)
	// A game killed after its final move comes back with its results:
	// its phones resume to them (serveResults).
	o.cfg.KeepResults = true
	t, desk, closeAll, err := openTable(ctx, o, func(webAddr string) string {
		host, _, _ := net.SplitHostPort(reachable(webAddr))
		return host
	})
	if err != nil {
		return err
	}
	defer closeAll()
	// A clean stop after the game ended lets its phones go (removed
	// closed), so the next start begins its own game at once; after a
	// kill the finished game comes back instead (serveResults).
	defer func() {
		if s := t.Session(); s != nil && s.Status().Ended() {
			t.Dismiss()
		}
	}()
	ann := &announcer{w: stdout, fields: func() [][2]string { return codeFields(t) }}
	sess, err := headlessSession(ctx, t, o, ann, changed)
	if err != nil || sess == nil {
		return err
	}
	if !o.exitWhenOver {
		<-ctx.Done()
		return nil
	}
	if err := waitOver(ctx, sess); err != nil {
		return err
	}
	waitPhonesLeave(ctx, t.Server())
	settle(ctx, desk)
	return nil
}

// alsoSignal is onChange (if any) that also signals changed without
// waiting: one pending signal is enough, its reader reads the latest.
func alsoSignal(onChange func(), changed chan<- struct{}) func() {
	return func() {
		if onChange != nil {
			onChange()
		}
		select {
		case changed <- struct{}{}:
		default:
		}
	}
}

// headlessSession is the session a headless table runs, its join codes
// announced: the one it was running, or a new one. A table killed after
// a game's final move first serves that game's results to its phones;
// then, with nothing to start or told to exit, it returns nil.
func headlessSession(ctx context.Context, t *table.Table, o options, ann *announcer, changed <-chan struct{}) (*host.Session, error) {
	sess := t.Session()
	if sess == nil || !sess.Status().Ended() {
		if sess == nil {
			var err error
			if sess, err = startHeadless(ctx, t, o); err != nil {
				return nil, err
			}
		}
		ann.print()
		go ann.follow(ctx, changed)
		return sess, nil
	}
	// Killed after the final move: the phones resuming get the final
	// view, result and record, until they all came back and left, or the
	// grace ends.
	log.Printf("kiosk: serving the results of session %s (%s) to its phones", sess.ID(), sess.Game().Info().ID)
	ann.print()
	go ann.follow(ctx, changed)
	serveResults(ctx, t.Server(), resultsGrace)
	nothing := o.game == "" && o.title == ""
	if ctx.Err() != nil || o.exitWhenOver || nothing {
		if nothing && !o.exitWhenOver {
			<-ctx.Done() // nothing to start: the results stay served
		}
		return nil, nil
	}
	return startHeadless(ctx, t, o)
}

// settle gives the game just finished a moment to reach the venue and come
// back into the table's copy before the kiosk exits (venue.Kiosk.Settle);
// a signal ends the wait.
func settle(ctx context.Context, desk *venue.Desk) {
	if desk == nil {
		return
	}
	if err := desk.Kiosk().Settle(ctx); err != nil && ctx.Err() == nil {
		log.Printf("kiosk: %v", err)
	}
}

// resultsGrace is how long a headless kiosk restarted on a finished game
// waits for its phones to come back for their results before it starts
// its next game (or exits, with --exit-when-over).
const resultsGrace = 2 * time.Minute

// serveResults returns once every phone seat of the finished game has
// come back since the restart and left again (each got its final view,
// result and record on its welcome), once grace is over, or when ctx
// ends.
func serveResults(ctx context.Context, srv *server.Server, grace time.Duration) {
	back := map[engine.Seat]bool{}
	pollSeats(ctx, grace, func() bool {
		phones, connected := 0, 0
		for _, st := range srv.Seats() {
			switch st.State {
			case server.SeatConnected:
				back[st.Seat] = true
				connected++
				phones++
			case server.SeatAway:
				phones++
			}
		}
		return connected == 0 && len(back) >= phones
	})
}

// pollSeats asks done every 50 ms until it says yes, for at most wait or
// until ctx ends: the headless kiosk's two waits on the phones' seats.
func pollSeats(ctx context.Context, wait time.Duration, done func() bool) {
	deadline := time.After(wait)
	for !done() {
		select {
		case <-ctx.Done():
			return
		case <-deadline:
			return
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// announcer prints the line that tells scripts and tests how to join:
// space-separated key=value fields, code first, e.g.
//
//	code=042731 addr=127.0.0.1:7457 fingerprint=3f9a…
//
// and prints it again whenever the table code changes (the last line is
// current). A reader should split on spaces and look fields up by key:
// more may follow.
type announcer struct {
	w      io.Writer
	fields func() [][2]string // the line's key=value pairs, code first

	mu   sync.Mutex
	last string // the code of the last line printed
}

// codeFields are the line's key=value pairs for t, in order.
func codeFields(t *table.Table) [][2]string {
	return [][2]string{
		{"code", t.Server().Code()},
		{"addr", reachable(t.Addr())},
		{"fingerprint", t.Fingerprint()},
		{"web", webURL(t)},
		{"console", "https://" + reachable(t.ConsoleAddr()) + "/"},
	}
}

// print writes the line if the code is not the one last printed.
func (a *announcer) print() {
	a.mu.Lock()
	defer a.mu.Unlock()
	f := a.fields()
	if f[0][1] == a.last {
		return
	}
	a.last = f[0][1]
	parts := make([]string, len(f))
	for i, kv := range f {
		parts[i] = kv[0] + "=" + kv[1]
	}
	fmt.Fprintln(a.w, strings.Join(parts, " "))
}

// follow prints the line again after each change until ctx ends.
func (a *announcer) follow(ctx context.Context, changed <-chan struct{}) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-changed:
			a.print()
		}
	}
}

// waitPhonesLeave gives the phones a moment to read the final view: they
// leave once they have it.
func waitPhonesLeave(ctx context.Context, srv *server.Server) {
	pollSeats(ctx, 5*time.Second, func() bool {
		for _, st := range srv.Seats() {
			if st.State == server.SeatConnected {
				return false
			}
		}
		return true
	})
}

func startHeadless(ctx context.Context, t *table.Table, o options) (*host.Session, error) {
	game, opts := o.game, engine.ParseOptions(o.gameOptions)
	if o.title != "" {
		// A shelf game: its score sheet, the title kept with the play.
		var err error
		if opts, err = titleSetup(ctx, t.DB(), sheet.WithLibrary(o.cfg.Sheets), o.title); err != nil {
			return nil, err
		}
		game = sheet.ID
	}
	if game == "" {
		return nil, fmt.Errorf("no session to resume: say which --game or --title to start")
	}
	rules, err := o.cfg.Games.Get(game)
	if err != nil {
		return nil, err
	}
	seats := o.seats
	if seats == 0 {
		seats = rules.Info().MinSeats
	}
	var bots []string
	if o.bots != "" {
		bots = strings.Split(o.bots, ",")
	}
	if len(bots) > seats {
		return nil, fmt.Errorf("%d bots for %d seats", len(bots), seats)
	}
	// Phones take the first seats, bots the last.
	list := make([]table.Seat, seats)
	for i, level := range bots {
		list[seats-len(bots)+i].Bot = engine.Level(level)
	}
	return t.Start(ctx, game, opts, list)
}

// waitOver returns once sess has ended, or ctx (a SIGTERM or SIGINT):
// a session waiting for its phones sends no update, so the wait also
// watches ctx rather than only the updates.
func waitOver(ctx context.Context, sess *host.Session) error {
	for {
		updates, stop := sess.Subscribe(engine.Onlooker)
		open := true
		for open {
			select {
			case _, open = <-updates:
			case <-ctx.Done():
				stop()
				return nil
			}
		}
		stop()
		if sess.Status().Ended() {
			return nil
		}
		if ctx.Err() != nil {
			return nil
		}
	}
}

// webURL is the join URL of the QR code (the web page, fragment
// included) for a phone on this machine.
func webURL(t *table.Table) string {
	host, _, err := net.SplitHostPort(reachable(t.WebAddr()))
	if err != nil {
		host = "127.0.0.1"
	}
	return t.JoinInfo(host).String()
}

// reachable replaces an unspecified listen host with loopback, the one
// address sure to reach this machine from itself.
func reachable(addr string) string {
	h, p, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	if ip := net.ParseIP(h); h == "" || ip != nil && ip.IsUnspecified() {
		return net.JoinHostPort("127.0.0.1", p)
	}
	return addr
}
