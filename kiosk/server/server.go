package server

import (
	"context"
	"fmt"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/proto/wire"
	"github.com/tablee/tablee/session"
)

// Config is what a Server works with. Zero values give the defaults below.
type Config struct {
	Table string // the table's name, sent in welcome
	// Now is the clock of the code budgets; time.Now if nil.
	Now func() time.Time
	// OnChange hears that seats, the session or the table code changed
	// (for the kiosk's screen, the mDNS record and the code line of
	// kiosk --headless); called without locks held.
	OnChange func()
	// Logf logs what the staff may want to read; ignored if nil.
	Logf func(format string, args ...any)
	// Origins lists the browser origins, besides the requested host
	// itself, allowed to open the WebSocket: host patterns as in
	// path.Match, with or without a port ("192.168.1.20:8080",
	// "*:8080"), or with a scheme ("http://kiosk.local:8080"). A
	// browser upgrade with any other Origin header is refused (403);
	// requests without an Origin (the companion app) are not concerned.
	Origins []string
	// MaxConnsPerAddr bounds the connections open at once from one IP
	// address (DefaultMaxConnsPerAddr).
	MaxConnsPerAddr int
	// JoinTimeout closes a connection that has not joined or resumed a
	// seat in this time (DefaultJoinTimeout).
	JoinTimeout time.Duration
	// PingEvery is how often the table pings each phone; a phone that
	// does not answer within PingEvery more is taken for gone and its
	// seat marked away (DefaultPingEvery).
	PingEvery time.Duration
	// MsgRate and MsgBurst throttle what one connection sends: beyond the
	// burst, its frames are read at MsgRate per second and the rest wait
	// in its own socket, so a flooding phone slows only itself
	// (DefaultMsgRate, DefaultMsgBurst).
	MsgRate  rate.Limit
	MsgBurst int
	// ConnRate and ConnBurst limit the new connections of one address,
	// checked before any handshake (see AllowConn and Listener):
	// ConnBurst at once, then ConnRate a second (DefaultConnRate,
	// DefaultConnBurst).
	ConnRate  rate.Limit
	ConnBurst int
	// Shelf is the ludothèque's catalogue the phones search and take
	// boxes from (shelf-search, shelf-take); nil: the table has none and
	// answers no-shelf.
	Shelf Shelf
	// ShelfRate and ShelfBurst budget one connection's shelf requests
	// (DefaultShelfRate, DefaultShelfBurst).
	ShelfRate  rate.Limit
	ShelfBurst int
	// Signatures keeps the phones' signatures of a shelf game's results
	// (signed.go); nil: the table asks none.
	Signatures Signatures
}

// Defaults of Config.
const (
	DefaultMaxConnsPerAddr = 8 // a phone needs one, a second while its old one is found dead
	DefaultJoinTimeout     = 30 * time.Second
	DefaultPingEvery       = 10 * time.Second
	DefaultMsgRate         = 20
	DefaultMsgBurst        = 40
)

func (cfg *Config) defaults() {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.OnChange == nil {
		cfg.OnChange = func() {}
	}
	if cfg.Logf == nil {
		cfg.Logf = func(string, ...any) {}
	}
	if cfg.MaxConnsPerAddr <= 0 {
		cfg.MaxConnsPerAddr = DefaultMaxConnsPerAddr
	}
	if cfg.JoinTimeout <= 0 {
		cfg.JoinTimeout = DefaultJoinTimeout
	}
	if cfg.PingEvery <= 0 {
		cfg.PingEvery = DefaultPingEvery
	}
	if cfg.MsgRate <= 0 {
		cfg.MsgRate = DefaultMsgRate
	}
	if cfg.MsgBurst <= 0 {
		cfg.MsgBurst = DefaultMsgBurst
	}
	if cfg.ConnRate <= 0 {
		cfg.ConnRate = DefaultConnRate
	}
	if cfg.ConnBurst <= 0 {
		cfg.ConnBurst = DefaultConnBurst
	}
	if cfg.ShelfRate <= 0 {
		cfg.ShelfRate = DefaultShelfRate
	}
	if cfg.ShelfBurst <= 0 {
		cfg.ShelfBurst = DefaultShelfBurst
	}
}

// Server is the network face of one table. It is safe for concurrent use.
type Server struct {
	cfg    Config
	gate   *gate
	ctx    context.Context // ends with Close
	cancel context.CancelFunc
	wg     sync.WaitGroup
	// afterFunc starts the join timeout of a connection: time.AfterFunc,
	// or the tests' hand-fired timer.
	afterFunc func(time.Duration, func()) func() bool
	events    eventsCache // a move's events, encoded once for the seats (frame.go)

	// connMu guards the new-connection rates by address (accept.go),
	// apart from mu: they are asked on every accept.
	connMu      sync.Mutex
	connRates   map[string]*rate.Limiter
	connRefused map[string]int
	held        map[string]int // refused connections held open, by address
	heldTotal   int
	// holdFor closes a held connection after refusedHold: time.AfterFunc,
	// or the tests' timer that fires at once.
	holdFor func(time.Duration, func())

	mu       sync.Mutex
	closed   bool           // Close was called: no new connection
	perAddr  map[string]int // open connections by address
	session  *host.Session
	code     string    // the typed code
	link     string    // the secret of the code's link form
	codeTime time.Time // when the code was made
	seats    []*seat
	// savedTakeBack, set by tests, hears each save of the seating after
	// a take-back (keepTakeBacks): the event to wait for, where polling
	// the database would only hope.
	savedTakeBack func()
}

// New returns a server with no session; SetSession starts seating phones.
func New(cfg Config) *Server {
	cfg.defaults()
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{cfg: cfg, gate: newGate(), ctx: ctx, cancel: cancel, perAddr: map[string]int{},
		connRates: map[string]*rate.Limiter{}, connRefused: map[string]int{}, held: map[string]int{},
		afterFunc: func(d time.Duration, f func()) func() bool { return time.AfterFunc(d, f).Stop },
		holdFor:   func(d time.Duration, f func()) { time.AfterFunc(d, f) }}
	s.wg.Add(1)
	go s.summarize()
	return s
}

// Close disconnects every phone.
func (s *Server) Close() {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	s.cancel()
	s.wg.Wait()
}

// summarize logs the wrong codes and the refused connections once a
// minute, one line per address.
func (s *Server) summarize() {
	defer s.wg.Done()
	tick := time.NewTicker(addrWindow)
	defer tick.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-tick.C:
			for _, line := range s.gate.summary(s.cfg.Now()) {
				s.cfg.Logf("%s", line)
			}
			for addr, n := range s.refusedConns() {
				s.cfg.Logf("%s: %d new connections refused in the last minute (over %v a second after %d)", addr, n, float64(s.cfg.ConnRate), s.cfg.ConnBurst)
			}
		}
	}
}

// admit counts a new connection from addr; false when the server is closed
// or addr holds too many already. An admitted connection is counted in
// s.wg until release.
func (s *Server) admit(addr string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed || s.perAddr[addr] >= s.cfg.MaxConnsPerAddr {
		return false
	}
	s.perAddr[addr]++
	s.wg.Add(1)
	return true
}

// release forgets a connection admit counted.
func (s *Server) release(addr string) {
	s.mu.Lock()
	if s.perAddr[addr]--; s.perAddr[addr] <= 0 {
		delete(s.perAddr, addr)
	}
	s.mu.Unlock()
	s.wg.Done()
}

// SetSession makes sess the table's session. A session resumed after a crash
// keeps its code and the phones' tokens (from the seat file); a new one
// gets a new code.
func (s *Server) SetSession(sess *host.Session) error {
	rec := sess.Record()
	saved, ok := loadSeats(sess)
	if ok && saved.Asked != nil {
		// A take-back asked before the restart waits for its answer
		// again, unless a move made it stale before the table stopped.
		if err := sess.ReopenTakeBack(host.TakeBack{Seat: saved.Asked.Seat, At: saved.Asked.At}); err != nil {
			s.cfg.Logf("the take-back asked before the restart is not reopened: %v", err)
		}
	}
	defer s.keepTakeBacks(sess)
	s.mu.Lock()
	for _, st := range s.seats {
		if st.conn != nil {
			st.conn.send(wire.Message{Type: wire.TypeRemoved, Error: wire.Errorf(wire.BadToken, "a new game started at the table")})
		}
	}
	code, link := saved.Code, saved.Link
	if !ok || !wire.IsCode(code) || len(link) != wire.LinkSecretLen {
		var err error
		if code, link, err = newCode(s.code); err != nil {
			s.mu.Unlock()
			return err
		}
	}
	s.session, s.code, s.link, s.codeTime = sess, code, link, s.cfg.Now()
	s.seats = seatsFor(rec, saved, ok)
	pending := false
	for _, st := range s.seats {
		pending = pending || st.pending
	}
	err := s.saveLocked()
	s.mu.Unlock()
	if pending {
		// Seats joined just before the crash whose phones never showed
		// they got their token: the phone that did resumes (or joins
		// again with its key) within the grace; the others are freed,
		// so that no seat stays held by a token nobody received.
		s.afterFunc(s.cfg.JoinTimeout, func() { s.freePending(sess) })
	}
	s.cfg.OnChange()
	return err
}

// freePending frees the seats of sess still pending (see seat.pending)
// once the grace after a restart is over.
func (s *Server) freePending(sess *host.Session) {
	s.mu.Lock()
	if s.closed || s.session != sess {
		s.mu.Unlock()
		return
	}
	var freed []int
	for i, st := range s.seats {
		if st.phone() && st.pending && st.conn == nil {
			st.tokenHash, st.prevHash, st.name, st.awaySince = "", "", "", time.Time{}
			st.pending, st.keyHash = false, ""
			freed = append(freed, i)
		}
	}
	var err error
	if len(freed) > 0 {
		err = s.saveLocked()
	}
	s.mu.Unlock()
	if len(freed) == 0 {
		return
	}
	s.cfg.Logf("seats %v were joined just before the table stopped and no phone came back with their token: free again", freed)
	if err != nil {
		s.cfg.Logf("seat file: %v", err)
	}
	s.seatsChanged()
}

// Continue makes sess, the next game of the same seats (play again),
// the table's session, and the phones stay: each seat a phone held in the
// current session passes to the same seat of sess with its token hash,
// nickname and connection, and the table code stays. A connected phone
// is sent, on its open connection, a welcome for sess (a new token; the
// old one works until it speaks, as after a resume) and then sess's
// views; an away phone resumes into sess with its token. A phone whose
// seat sess gives to a bot or to the touch screen is removed. Guests are
// named in sess's record (a player's seat is the table's to start as
// host.PlayerSeat). The seating is saved for sess before anyone is told.
func (s *Server) Continue(ctx context.Context, sess *host.Session) error {
	rec := sess.Record()
	defer s.keepTakeBacks(sess)
	type greeting struct {
		c     *conn
		b     *binding
		seat  engine.Seat
		token string
	}
	var greet []greeting
	names := map[engine.Seat]string{}
	s.mu.Lock()
	if s.session == nil {
		s.mu.Unlock()
		return fmt.Errorf("play again: no session to continue")
	}
	old, seats := s.seats, seatsFor(rec, seatFile{}, false)
	for i, st := range seats {
		if i >= len(old) || !st.phone() || !old[i].phone() || old[i].tokenHash == "" {
			continue
		}
		o := old[i]
		st.name, st.tokenHash, st.awaySince = o.name, o.tokenHash, o.awaySince
		names[engine.Seat(i)] = o.name
		if o.conn == nil {
			continue
		}
		token, hash, err := newToken()
		if err != nil {
			s.mu.Unlock()
			return fmt.Errorf("play again: %w", err)
		}
		st.conn, st.prevHash, st.tokenHash = o.conn, st.tokenHash, hash
		o.conn.setUnconfirmed()
		greet = append(greet, greeting{c: o.conn, b: o.conn.setSeat(engine.Seat(i)), seat: engine.Seat(i), token: token})
		o.conn = nil
	}
	for _, o := range old {
		if o.conn != nil { // its seat is no phone's in the next game
			o.conn.send(wire.Message{Type: wire.TypeRemoved, Error: wire.Errorf(wire.BadToken, "the next game at the table has no seat for this phone")})
			o.conn.setSeat(engine.NoSeat)
		}
	}
	s.session, s.seats, s.codeTime = sess, seats, s.cfg.Now()
	err := s.saveLocked()
	s.mu.Unlock()
	for seat, name := range names {
		if rec.Seats[seat].Kind == session.Guest {
			if err := sess.NameGuest(ctx, seat, name); err != nil {
				s.cfg.Logf("name %v: %v", seat, err)
			}
		}
	}
	for _, g := range greet {
		s.sendWelcome(g.c, g.b, sess, g.seat, g.token, "")
	}
	s.seatsChanged()
	return err
}

// Dismiss lets the phones of a finished game go when the table goes back
// to its lobby instead of playing again: each is sent removed (code
// wire.Closed) and its token is void; the code stops working until the
// next session.
func (s *Server) Dismiss() {
	s.letGo(wire.Errorf(wire.Closed, "the table went back to choosing a game"))
}

// Abandoned tells every phone of the current session that the table
// abandoned the game (removed, code wire.Abandoned), revokes their tokens
// and forgets the session: the code stops working until the next one.
func (s *Server) Abandoned() {
	s.letGo(wire.Errorf(wire.Abandoned, "the game was abandoned at the table"))
}

// letGo sends every seated phone removed with why, unbinds it and forgets
// the session, its code and its seats.
func (s *Server) letGo(why *wire.Error) {
	s.mu.Lock()
	for _, st := range s.seats {
		if st.conn != nil {
			st.conn.send(wire.Message{Type: wire.TypeRemoved, Error: why})
			st.conn.setSeat(engine.NoSeat)
		}
	}
	s.session, s.code, s.link, s.seats = nil, "", "", nil
	s.mu.Unlock()
	s.cfg.OnChange()
}

// Code is the code the kiosk shows for typing (wire.CodeDigits digits),
// "" without a session. It changes when guessing spends the table's
// budget of wrong codes; Config.OnChange is called then.
func (s *Server) Code() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.code
}

// LinkCode is the code's link form for the join URL of the QR code:
// CODE-SECRET, with 130 random bits after the dash. A join with it skips
// the table-wide guessing budget (it cannot be guessed), so a guest who
// scans gets in at once even while someone hammers the table with codes.
// "" without a session; it changes with Code.
func (s *Server) LinkCode() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.code == "" {
		return ""
	}
	return s.code + "-" + s.link
}

// rotateCode gives the table a new code after a guessing attack spent its
// budget, unless the code is younger than minCodeAge (a guest may be
// typing it). Seated phones hold tokens and are not concerned.
func (s *Server) rotateCode(now time.Time) {
	s.mu.Lock()
	if s.session == nil || now.Sub(s.codeTime) < minCodeAge {
		s.mu.Unlock()
		return
	}
	err := s.newCodeLocked(now)
	s.mu.Unlock()
	if err != nil {
		s.cfg.Logf("new table code: %v", err)
		return
	}
	s.cfg.Logf("too many wrong table codes: the table has a new code")
	s.cfg.OnChange()
}

// NewCode gives the table a new code at once, whatever the age of the
// old one (as the guessing budget does once it may): the kiosk shows it
// (Config.OnChange), and seated phones, which hold tokens, are not
// concerned. Without a session there is no code to change.
func (s *Server) NewCode() error {
	s.mu.Lock()
	if s.session == nil {
		s.mu.Unlock()
		return fmt.Errorf("new table code: no session")
	}
	err := s.newCodeLocked(s.cfg.Now())
	s.mu.Unlock()
	if err != nil {
		return fmt.Errorf("new table code: %w", err)
	}
	s.cfg.OnChange()
	return nil
}

// newCodeLocked replaces the code and saves it with the seating; s.mu is
// held.
func (s *Server) newCodeLocked(now time.Time) error {
	code, link, err := newCode(s.code)
	if err != nil {
		return err
	}
	s.code, s.link, s.codeTime = code, link, now
	if err := s.saveLocked(); err != nil {
		s.cfg.Logf("seat file: %v", err)
	}
	return nil
}

// Seats returns each seat's state for the kiosk's screen.
func (s *Server) Seats() []SeatInfo {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]SeatInfo, len(s.seats))
	for i, st := range s.seats {
		info := SeatInfo{Seat: engine.Seat(i), Name: st.name, State: SeatFree}
		switch {
		case st.bot:
			info.State = SeatBot
		case st.touch:
			info.State = SeatTable
		case st.conn != nil:
			info.State = SeatConnected
			if w, ok := st.conn.t.(interface{ Web() bool }); ok {
				info.Web = w.Web()
			}
		case st.tokenHash != "":
			info.State, info.AwaySince = SeatAway, st.awaySince
		}
		out[i] = info
	}
	return out
}

// FreeCount is the number of seats a phone may still join.
func (s *Server) FreeCount() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.freeLocked()
}

func (s *Server) freeLocked() int {
	n := 0
	for _, st := range s.seats {
		if st.free() {
			n++
		}
	}
	return n
}

// awayLocked lists the phone seats held by a phone that is not connected.
func (s *Server) awayLocked() []engine.Seat {
	var out []engine.Seat
	for i, st := range s.seats {
		if st.phone() && st.tokenHash != "" && st.conn == nil {
			out = append(out, engine.Seat(i))
		}
	}
	return out
}

// seatStatus is what every view carries about the seats: how many are
// still free, whose phone is away, and their public names.
func (s *Server) seatStatus() (waiting int, away []engine.Seat, names []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.freeLocked(), s.awayLocked(), s.namesLocked()
}

// namesLocked is each seat's nickname as the kiosk shows it, "" for a
// free or bot seat; nil when no seat has one.
func (s *Server) namesLocked() []string {
	var names []string
	for i, st := range s.seats {
		if st.name != "" && !st.bot {
			if names == nil {
				names = make([]string, len(s.seats))
			}
			names[i] = st.name
		}
	}
	return names
}

// seatsChanged tells the kiosk and every seated phone that a seat was
// taken, freed, left or came back: each phone gets its view again with
// the new waiting count and away list (so a phone refused with waiting
// learns that play has started without asking).
func (s *Server) seatsChanged() {
	s.mu.Lock()
	for _, st := range s.seats {
		if st.conn != nil {
			st.conn.nudge()
		}
	}
	s.mu.Unlock()
	s.cfg.OnChange()
}

// Release takes a seat from its phone: the token is revoked, the phone told
// and disconnected, and the seat is free for the next phone to join (to
// move a seat to a new phone, or to remove a phone). A seat played on the
// touch screen becomes a phone's seat the same way.
func (s *Server) Release(seat engine.Seat) error {
	s.mu.Lock()
	if int(seat) < 0 || int(seat) >= len(s.seats) || s.seats[seat].bot {
		s.mu.Unlock()
		return fmt.Errorf("release: %v is not a phone's seat", seat)
	}
	st := s.seats[seat]
	if st.conn != nil {
		st.conn.send(wire.Message{Type: wire.TypeRemoved, Error: wire.Errorf(wire.BadToken, "the staff gave your seat to another phone")})
		st.conn.setSeat(engine.NoSeat)
	}
	st.conn, st.tokenHash, st.prevHash, st.name, st.awaySince, st.touch = nil, "", "", "", time.Time{}, false
	st.pending, st.keyHash = false, ""
	err := s.saveLocked()
	s.mu.Unlock()
	s.seatsChanged()
	return err
}

// HandToBot gives a phone's seat to a bot of level for the rest of the
// game, as the kiosk offers when the phone stayed away: the token is
// revoked and the phone, if it comes back, is told.
func (s *Server) HandToBot(ctx context.Context, seat engine.Seat, level engine.Level) error {
	sess := s.currentSession()
	if sess == nil {
		return fmt.Errorf("hand %v to a bot: no session", seat)
	}
	if err := sess.HandToBot(ctx, seat, level); err != nil {
		return err
	}
	s.mu.Lock()
	st := s.seats[seat]
	if st.conn != nil {
		st.conn.send(wire.Message{Type: wire.TypeRemoved, Error: wire.Errorf(wire.BadToken, "a bot plays your seat now")})
		st.conn.setSeat(engine.NoSeat)
	}
	st.bot, st.touch, st.conn, st.tokenHash, st.prevHash, st.awaySince = true, false, nil, "", "", time.Time{}
	st.pending, st.keyHash = false, ""
	err := s.saveLocked()
	s.mu.Unlock()
	s.seatsChanged()
	return err
}

func (s *Server) currentSession() *host.Session {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.session
}

// saveLocked saves the seating with the session; s.mu is held.
func (s *Server) saveLocked() error {
	if s.session == nil {
		return nil
	}
	f := seatFile{Session: s.session.ID(), Code: s.code, Link: s.link}
	if tb, ok := s.session.Asked(); ok {
		f.Asked = &askSave{Seat: tb.Seat, At: tb.At}
	}
	for _, st := range s.seats {
		f.Seats = append(f.Seats, seatSave{Name: st.name, TokenHash: st.tokenHash, PrevHash: st.prevHash, Touch: st.touch,
			Pending: st.pending, KeyHash: st.keyHash})
	}
	return saveSeats(s.session, f)
}
