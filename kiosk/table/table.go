// Package table wires one kiosk table together: the database, the table
// host that runs its games, the TLS server the phones join and the mDNS
// record that lets them find it. Both the windowed kiosk and the headless
// one run a Table.
package table

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"

	"github.com/tablee/tablee/console"
	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/kiosk/server"
	"github.com/tablee/tablee/kiosk/staff"
	"github.com/tablee/tablee/kiosk/web"
	"github.com/tablee/tablee/proto/discovery"
	"github.com/tablee/tablee/proto/tlscert"
	"github.com/tablee/tablee/proto/wire"
	"github.com/tablee/tablee/scoresheet"
	"github.com/tablee/tablee/session"
	"github.com/tablee/tablee/shelf"
)

// DefaultPort is where a kiosk listens unless told otherwise: the
// protocol's own default, which phones fill in for an address typed
// without its port.
const DefaultPort = wire.DefaultPort

// Config says how to run a table.
type Config struct {
	Name    string // shown to guests and published over mDNS
	DBPath  string // "" for db.DefaultPath()
	DataDir string // the certificate; "" for the database's folder
	Addr    string // listen address; "" for ":7457"
	// WebAddr is the web companion's HTTP listen address; "" for ":7458"
	// (web.DefaultPort), or port 0 on Addr's host when Addr's port is 0.
	WebAddr string
	MDNS    bool // advertise over mDNS
	// MDNSScope limits mDNS to some interfaces (tests on loopback).
	MDNSScope discovery.Scope
	Games     *engine.Registry
	// BotDelay lets people follow bot moves; zero in tests.
	BotDelay time.Duration
	// BotBudget is how long a bot may think over one move (the host's
	// default if zero).
	BotBudget time.Duration
	Logger    *log.Logger
	// OnChange hears that the seats or the session changed; called
	// without locks held, from any goroutine.
	OnChange func()
	// KeepResults brings back, after a restart, the finished game whose
	// results the table showed and nobody dismissed, with its phones'
	// seats, so that they can still resume to its final view, result and
	// record, and play again on the windowed kiosk. Both kiosks set it;
	// without it such a game's phones are let go at the restart.
	KeepResults bool
	// PhoneRate is how many messages per second one phone may send once
	// its burst is spent (server.DefaultMsgRate if zero); load runs raise
	// it so that the table, not the throttle, is measured.
	PhoneRate float64
	// ConsoleAddr is the staff console's HTTPS listen address; "" for
	// ":7459" (console.DefaultPort), or port 0 on Addr's host when Addr's
	// port is 0.
	ConsoleAddr string
	// Screen is the kiosk's window, where the console opens a session's
	// replay when the table is free; nil for a headless kiosk.
	Screen console.Screen
	// VenueBoard, when the table belongs to a venue, gives the console
	// the venue's leaderboards (db.VenueLeaderboard).
	VenueBoard func(ctx context.Context, game string, since time.Time, limit int) ([]db.Standing, error)
	// ConnBurst is how many new connections one address may open at once
	// before it is held to one a second (server.DefaultConnBurst if
	// zero); tests that open many from loopback raise it.
	ConnBurst int
	// Shelf is the ludothèque's catalogue the phones search and take
	// boxes from; nil for the table's database when it implements
	// shelf.Library, else the phones hear that the table has none.
	Shelf shelf.Library
	// Sheets is the library of score sheets the registry's score sheet
	// game reads (catalog.PlaysWith); the table adds the staff's sheets
	// from its database on open, before it resumes a play made on one,
	// and the console adds each sheet the staff save. Nil: the ready
	// sheets only, and the console edits none.
	Sheets *scoresheet.Library
}

// Table is a running table. It is safe for concurrent use.
type Table struct {
	cfg     Config
	lock    *os.File // the database's lock, held while the table is open
	db      *db.DB
	spool   *spool // the host's store: the database, and what a full disk refused
	host    *host.Host
	srv     *server.Server
	phones  *phoneShelf // the shelf as the phones ask it; nil without a catalogue
	http    *http.Server
	ln      net.Listener
	adv     *discovery.Advertiser
	web     *web.Server
	webKey  *web.Key
	webPage *web.Handler
	// hub is the venue hub's page (UseHubPage); nil: none.
	hub     atomic.Pointer[hubPage]
	cert    tls.Certificate
	fp      string
	tableID int64

	// The staff console, and the staff PIN gate it shares with the
	// kiosk's screen.
	console  *console.Server
	consoleH *console.Handler
	gate     *staff.Gate

	announces chan struct{} // wakes the one goroutine that re-advertises
	stop      chan struct{} // closed by Close
	wg        sync.WaitGroup
	closeOnce sync.Once

	mu      sync.Mutex
	session *host.Session
}

// Open starts a table: it locks and opens the database, resumes the
// session this table left unfinished (crash resume), creates or loads the
// certificate, listens and advertises itself. While another table holds
// the database open (another kiosk process on it), Open fails with an
// error that wraps ErrTableRunning, before it resumed anything.
func Open(ctx context.Context, cfg Config) (*Table, error) {
	if err := defaults(&cfg); err != nil {
		return nil, err
	}
	t := &Table{cfg: cfg, announces: make(chan struct{}, 1), stop: make(chan struct{})}
	// The session comes back before the table listens: a phone resuming
	// in between would find no seat and lose its token.
	steps := []func() error{
		t.lockDB,
		func() error { return t.openDB(ctx) },
		func() error { return t.loadSheets(ctx) },
		t.newServer,
		func() error { return t.resume(ctx) },
		t.listen,
		t.serveWeb,
		t.serveConsole,
	}
	if cfg.MDNS {
		steps = append(steps, t.advertise)
	}
	for _, step := range steps {
		if err := step(); err != nil {
			t.Close()
			return nil, err
		}
	}
	return t, nil
}

func defaults(cfg *Config) error {
	if cfg.Games == nil {
		return errors.New("table: a game registry is required")
	}
	if cfg.Name == "" {
		cfg.Name = "Tablée"
	}
	if cfg.DBPath == "" {
		p, err := db.DefaultPath()
		if err != nil {
			return err
		}
		cfg.DBPath = p
	}
	if cfg.DataDir == "" {
		cfg.DataDir = filepath.Dir(cfg.DBPath)
	}
	if cfg.Addr == "" {
		cfg.Addr = ":" + strconv.Itoa(DefaultPort)
	}
	if cfg.WebAddr == "" {
		cfg.WebAddr = webAddrFor(cfg.Addr)
	}
	if cfg.ConsoleAddr == "" {
		cfg.ConsoleAddr = console.AddrFor(cfg.Addr)
	}
	if cfg.Logger == nil {
		cfg.Logger = log.New(os.Stderr, "kiosk: ", log.LstdFlags)
	}
	return os.MkdirAll(cfg.DataDir, 0o700)
}

func (t *Table) lockDB() error {
	if err := os.MkdirAll(filepath.Dir(t.cfg.DBPath), 0o700); err != nil {
		return fmt.Errorf("table: %w", err)
	}
	f, err := lockDB(t.cfg.DBPath)
	t.lock = f
	return err
}

func (t *Table) openDB(ctx context.Context) error {
	d, err := db.Open(ctx, t.cfg.DBPath)
	if err != nil {
		return err
	}
	t.db = d
	tb, err := d.EnsureTable(ctx, t.cfg.Name)
	if err != nil {
		return err
	}
	t.tableID = tb.ID
	t.spool = newSpool(d, t.cfg.Logger.Printf, nil)
	t.host, err = host.New(host.Config{Store: t.spool, Games: t.cfg.Games, BotDelay: t.cfg.BotDelay, BotBudget: t.cfg.BotBudget,
		// A setting that cannot be read leaves hints on, the default.
		HintsInRated: func(ctx context.Context) bool { on, err := d.HintsInRated(ctx); return on || err != nil },
		OnError:      func(id string, err error) { t.cfg.Logger.Printf("session %s: %v", id, err) }})
	return err
}

func (t *Table) newServer() error {
	cert, err := tlscert.LoadOrCreate(t.cfg.DataDir)
	if err != nil {
		return err
	}
	t.cert, t.fp = cert, tlscert.Fingerprint(cert)
	cfg := server.Config{Table: t.cfg.Name,
		OnChange: t.announce, Logf: t.cfg.Logger.Printf, MsgRate: rate.Limit(t.cfg.PhoneRate),
		ConnBurst: t.cfg.ConnBurst, Signatures: t.db}
	lib := t.cfg.Shelf
	if l, ok := any(t.db).(shelf.Library); lib == nil && ok {
		lib = l
	}
	if lib != nil {
		t.phones = newPhoneShelf(lib, t.cfg.Name, nil)
		cfg.Shelf = t.phones
	}
	t.srv = server.New(cfg)
	return nil
}

func (t *Table) listen() error {
	ln, err := net.Listen("tcp", t.cfg.Addr)
	if err != nil {
		return fmt.Errorf("table: listen on %s: %w", t.cfg.Addr, err)
	}
	t.ln = ln
	mux := http.NewServeMux()
	mux.Handle(wire.Path, t.srv)
	t.http = &http.Server{Handler: mux, TLSConfig: tlscert.ServerConfig(t.cert), ReadHeaderTimeout: 10 * time.Second}
	t.wg.Add(1)
	go func() {
		defer t.wg.Done()
		// Connections over their address's rate are closed before the
		// TLS handshake (server.Listener).
		if err := t.http.ServeTLS(t.srv.Listener(ln), "", ""); !errors.Is(err, http.ErrServerClosed) {
			t.cfg.Logger.Printf("table: serving phones stopped: %v", err)
		}
	}()
	return nil
}

// resume brings back every unfinished session and adopts this table's;
// with KeepResults and none unfinished, the finished one whose results
// were on the table.
func (t *Table) resume(ctx context.Context) error {
	live, err := t.host.Recover(ctx)
	if err != nil {
		t.cfg.Logger.Printf("crash resume: %v", err)
	}
	for _, s := range live {
		if s.Record().TableID == t.tableID {
			t.cfg.Logger.Printf("resumed session %s (%s) at move %d", s.ID(), s.Game().Info().ID, s.Moves())
			return t.adopt(s)
		}
	}
	rec, ok, err := t.db.Undismissed(ctx, t.tableID)
	if err != nil || !ok {
		return err
	}
	if !t.cfg.KeepResults { // nobody will show them: their phones are let go
		return t.db.ClearSeating(ctx, rec.ID)
	}
	s, err := t.host.Reopen(ctx, rec)
	if err != nil { // the table starts afresh: better than no table
		t.cfg.Logger.Printf("crash resume: the results of %s: %v", rec.ID, err)
		return nil
	}
	t.cfg.Logger.Printf("resumed the results of session %s (%s)", s.ID(), s.Game().Info().ID)
	return t.adopt(s)
}

func (t *Table) adopt(s *host.Session) error {
	t.mu.Lock()
	t.session = s
	t.mu.Unlock()
	return t.srv.SetSession(s)
}

// SeatKind says who plays a seat of a new session.
type SeatKind int

// The kinds of seat.
const (
	Phone SeatKind = iota // a phone joins it with the table code
	Touch                 // a guest plays it on the kiosk's touch screen
	Bot                   // a bot plays it
)

// Seat says who plays a seat of a new session: a phone (the zero Seat), a
// bot of level Bot, or, with Touch set, a guest on the kiosk's touch
// screen called Name. Only a game whose seats hide nothing
// (engine.Info.AllPublic) may have touch seats.
type Seat struct {
	Bot   engine.Level
	Touch bool
	Name  string // a touch guest's name as the table shows it
}

// Kind is who plays the seat.
func (s Seat) Kind() SeatKind {
	switch {
	case s.Bot != "":
		return Bot
	case s.Touch:
		return Touch
	}
	return Phone
}

// Start begins a new session of game; a running one is abandoned.
func (t *Table) Start(ctx context.Context, game string, options map[string]string, seats []Seat) (*host.Session, error) {
	req, err := t.seatsOf(game, seats)
	if err != nil {
		return nil, err
	}
	last := t.Session()
	if err := t.Abandon(ctx, "a new game was started"); err != nil {
		return nil, err
	}
	if last != nil && last.Status().Ended() { // a finished game's phones go with the new game
		if err := t.db.ClearSeating(ctx, last.ID()); err != nil {
			return nil, err
		}
	}
	s, err := t.host.Start(ctx, host.StartRequest{TableID: t.tableID, Game: game, Options: options, Seats: req})
	if err != nil {
		return nil, err
	}
	return s, t.adopt(s)
}

// touchWriter is a game whose hidden parts a guest on the touch screen
// types there themselves, as a score sheet's private lines: the table
// may seat such a guest although the game hides things from the table.
type touchWriter interface{ TouchWrites() bool }

// seatsOf is the host's seats for seats of game. A touch seat is a guest
// seat named from the start, which is how the server tells it from a
// phone's (server.TouchSeat).
func (t *Table) seatsOf(game string, seats []Seat) ([]session.Seat, error) {
	rules, err := t.cfg.Games.Get(game)
	if err != nil {
		return nil, fmt.Errorf("start %s: %w", game, err)
	}
	var req []session.Seat
	for i, s := range seats {
		switch s.Kind() {
		case Bot:
			req = append(req, host.BotSeat(s.Bot))
		case Touch:
			if tw, ok := rules.(touchWriter); !rules.Info().AllPublic && (!ok || !tw.TouchWrites()) {
				return nil, fmt.Errorf("start %s: seat %d on the touch screen would show its hidden hand to the table", game, i+1)
			}
			name := s.Name
			if name == "" {
				name = wire.TableGuest(i)
			}
			req = append(req, server.TouchSeat(name))
		default:
			req = append(req, host.GuestSeat(""))
		}
	}
	return req, nil
}

// PlayAgain starts the next game of the finished session with the same
// game, options and seats, and keeps its phones: each phone seat passes
// to the same seat of the new session (server.Continue), touch seats stay
// on the touch screen, the bots stay; a seat handed to a bot during the
// game, or freed, waits for a phone again.
func (t *Table) PlayAgain(ctx context.Context) (*host.Session, error) {
	last := t.Session()
	if last == nil || !last.Status().Ended() {
		return nil, errors.New("play again: no finished game at the table")
	}
	rec := last.Record()
	states := t.srv.Seats()
	req := make([]session.Seat, len(rec.Seats))
	for i, st := range rec.Seats {
		state := server.SeatFree
		if i < len(states) {
			state = states[i].State
		}
		switch {
		case state == server.SeatTable:
			req[i] = server.TouchSeat(states[i].Name)
		case st.Kind == session.Bot && st.HandedFrom == "":
			req[i] = host.BotSeat(st.BotLevel)
		case st.Kind == session.Person && (state == server.SeatConnected || state == server.SeatAway):
			req[i] = host.PlayerSeat(st.PlayerID)
		default: // a phone's seat, named once it is carried over
			req[i] = host.GuestSeat("")
		}
	}
	s, err := t.host.Start(ctx, host.StartRequest{TableID: t.tableID, Game: rec.Game, Options: rec.Options, Seats: req})
	if err != nil {
		return nil, err
	}
	t.mu.Lock()
	t.session = s
	t.mu.Unlock()
	if err := t.srv.Continue(ctx, s); err != nil {
		return s, err
	}
	// The phones' seats passed to s: the last game's results will not
	// come back after a crash.
	return s, t.db.ClearSeating(ctx, last.ID())
}

// Dismiss lets the phones of the finished game go (they are told the table
// went back to its lobby); the table then has no session. A game still
// running is left alone: ending one is Abandon's business.
func (t *Table) Dismiss() {
	s := t.Session()
	if s == nil || !s.Status().Ended() {
		return
	}
	t.mu.Lock()
	if t.session == s {
		t.session = nil
	}
	t.mu.Unlock()
	t.srv.Dismiss()
	// The tokens are void: the results will not come back after a crash.
	if err := t.db.ClearSeating(context.Background(), s.ID()); err != nil {
		t.cfg.Logger.Printf("dismiss: %v", err)
	}
}

// Abandon ends the running session without a result (nobody's rating
// changes) and tells its phones; the table then has no session. It does
// nothing when no session runs.
func (t *Table) Abandon(ctx context.Context, reason string) error {
	s := t.Session()
	if s == nil || s.Status().Ended() {
		return nil
	}
	if err := s.Abandon(ctx, reason); err != nil {
		return err
	}
	t.mu.Lock()
	if t.session == s {
		t.session = nil
	}
	t.mu.Unlock()
	t.srv.Abandoned()
	return nil
}

// Session is the table's current session, nil before the first.
func (t *Table) Session() *host.Session {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.session
}

// Language is the table's language as guests last chose it (an i18n
// code), "" when never chosen.
func (t *Table) Language(ctx context.Context) (string, error) { return t.db.Language(ctx) }

// SetLanguage keeps lang as the table's language, for the kiosk to speak
// it again after a restart.
func (t *Table) SetLanguage(ctx context.Context, lang string) error {
	return t.db.SetLanguage(ctx, lang)
}

// Lesson is the lesson the table showed last, and its steps made, for
// the kiosk to bring it back after a restart; game is "" when none.
func (t *Table) Lesson(ctx context.Context) (game string, step int, err error) {
	return t.db.Lesson(ctx)
}

// SetLesson keeps the lesson of game the table shows, step steps made;
// game "" when it shows none.
func (t *Table) SetLesson(ctx context.Context, game string, step int) error {
	return t.db.SetLesson(ctx, game, step)
}

// Games is the registry of the games the table offers.
func (t *Table) Games() *engine.Registry { return t.cfg.Games }

// DB is the table's database, for the staff screens' queries (through
// interfaces that keep SQL out of the screens).
func (t *Table) DB() *db.DB { return t.db }

// Server is the table's network face: code, seats, release.
func (t *Table) Server() *server.Server { return t.srv }

// Addr is the address phones connect to (host:port).
func (t *Table) Addr() string { return t.ln.Addr().String() }

// Fingerprint is the certificate's SHA-256, as published over mDNS.
func (t *Table) Fingerprint() string { return t.fp }

func (t *Table) record() discovery.Kiosk {
	rec := discovery.Kiosk{Name: t.cfg.Name, Proto: wire.Version, Fingerprint: t.fp}
	if s := t.Session(); s != nil && !s.Status().Ended() {
		rec.Game = s.Game().Info().ID
		rec.Free = t.srv.FreeCount()
	}
	return rec
}

func (t *Table) advertise() error {
	_, port, _ := net.SplitHostPort(t.Addr())
	p, _ := strconv.Atoi(port)
	adv, err := discovery.Advertise(t.record(), p, t.cfg.MDNSScope)
	if adv == nil {
		return err
	}
	t.adv = adv
	t.wg.Add(1)
	go func() {
		defer t.wg.Done()
		t.readvertise(err)
	}()
	return nil
}

// Offline reports whether phones cannot join the table: the machine has
// no network address (its Wi-Fi or cable is down, or not up yet). The
// table plays on (touch games, bots) and advertises itself as soon as an
// address appears; the staff screen says so.
func (t *Table) Offline() bool {
	if len(t.cfg.MDNSScope.IPs) > 0 {
		return false // a scope of its own (tests on loopback)
	}
	return !discovery.HasNetwork()
}

// DiskFull reports since when the table's database has refused the
// game's writes for want of room (its disk is full): the game goes on,
// its moves kept in memory and written once there is room (spool). The
// staff screen says so. False while everything is written.
func (t *Table) DiskFull() (time.Time, bool) { return t.spool.Full() }

// announce tells the screen of a change and asks for the mDNS record to be
// published again, without waiting for it.
func (t *Table) announce() {
	if t.cfg.OnChange != nil {
		t.cfg.OnChange()
	}
	select {
	case t.announces <- struct{}{}:
	default: // one is pending already; it will publish the latest state
	}
}

// Waits between tries to publish the mDNS record again after a failure.
const (
	firstRetry = 2 * time.Second
	lastRetry  = time.Minute
)

// readvertise publishes the record after changes, one at a time. A failed
// publication (the network briefly down, say) is tried again, sooner at
// first and then every lastRetry, until one succeeds: the table must not
// stay invisible for good. While the machine has no network address at
// all it tries every firstRetry (a look at the interfaces, then a failed
// registration: nothing measurable), so that it is advertised within
// seconds of the address appearing. first is the error of the first
// publication, nil if it succeeded.
func (t *Table) readvertise(first error) {
	retry := time.NewTimer(0)
	<-retry.C
	wait := firstRetry
	if first != nil {
		t.cfg.Logger.Printf("mDNS: %v: the table plays on (touch games, bots); phones cannot join until it has a network address (trying again in %v)", first, wait)
		retry.Reset(wait)
	}
	for {
		select {
		case <-t.stop:
			retry.Stop()
			return
		case <-t.announces:
		case <-retry.C:
		}
		if err := t.adv.Update(t.record()); err != nil {
			offline := !discovery.HasNetwork()
			if offline {
				wait = firstRetry // advertised as soon as an address appears
			}
			if !offline || first == nil {
				// Offline, said once: a line every 2 s would fill the log.
				t.cfg.Logger.Printf("mDNS: %v (trying again in %v)", err, wait)
			}
			if first == nil {
				first = err
			}
			retry.Reset(wait)
			wait = min(2*wait, lastRetry)
			continue
		}
		if first != nil {
			t.cfg.Logger.Printf("mDNS: the table is advertised again: phones can find it")
			first = nil
		}
		if !retry.Stop() {
			select { // a retry fired meanwhile: this update covered it
			case <-retry.C:
			default:
			}
		}
		wait = firstRetry
	}
}

// Close withdraws the table, disconnects the phones and closes the database.
// Sessions stay in the database, ready to resume.
func (t *Table) Close() {
	t.closeOnce.Do(t.close)
}

func (t *Table) close() {
	close(t.stop)
	if t.srv != nil {
		t.srv.Close()
	}
	if t.web != nil {
		t.web.Close()
	}
	if t.console != nil {
		t.console.Close()
	}
	if t.http != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		t.http.Shutdown(ctx)
		cancel()
	}
	t.wg.Wait() // the serving and re-advertising goroutines
	if t.adv != nil {
		t.adv.Close()
	}
	if t.host != nil {
		t.host.Close()
	}
	if t.spool != nil {
		t.spool.close()
	}
	if t.db != nil {
		t.db.Close()
	}
	if t.lock != nil { // last: the next kiosk may open the database now
		t.lock.Close()
	}
}
