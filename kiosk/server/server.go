package server

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/proto/wire"
	"github.com/tablee/tablee/session"
)

// Config is what a Server works with.
type Config struct {
	Table string // the table's name, sent in welcome
	// Now is the clock; time.Now if nil.
	Now func() time.Time
	// OnChange hears that seats or the session changed (for the kiosk's
	// screen and the mDNS record); called without locks held.
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
	// address; DefaultMaxConnsPerAddr if zero.
	MaxConnsPerAddr int
}

// DefaultMaxConnsPerAddr is how many connections one address may hold at
// once: a phone needs one, and a second while its old one is found dead.
const DefaultMaxConnsPerAddr = 8

// Server is the network face of one table. It is safe for concurrent use.
type Server struct {
	cfg     Config
	limiter *limiter
	ctx     context.Context // ends with Close
	cancel  context.CancelFunc
	wg      sync.WaitGroup

	mu      sync.Mutex
	closed  bool           // Close was called: no new connection
	perAddr map[string]int // open connections by address
	session *host.Session
	code    string
	seats   []*seat
}

// New returns a server with no session; SetSession starts seating phones.
func New(cfg Config) *Server {
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
	ctx, cancel := context.WithCancel(context.Background())
	return &Server{cfg: cfg, limiter: newLimiter(5, time.Minute), ctx: ctx, cancel: cancel, perAddr: map[string]int{}}
}

// Close disconnects every phone.
func (s *Server) Close() {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	s.cancel()
	s.wg.Wait()
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
	s.mu.Lock()
	for _, st := range s.seats {
		if st.conn != nil {
			st.conn.send(wire.Message{Type: wire.TypeRemoved, Error: wire.Errorf(wire.BadToken, "a new game started at the table")})
		}
	}
	code := saved.Code
	if !ok {
		var err error
		if code, err = newCode(s.code); err != nil {
			s.mu.Unlock()
			return err
		}
	}
	s.session, s.code, s.seats = sess, code, seatsFor(rec, saved, ok)
	err := s.saveLocked()
	s.mu.Unlock()
	s.cfg.OnChange()
	return err
}

// Abandoned tells every phone of the current session that the table
// abandoned the game (removed, code wire.Abandoned), revokes their tokens
// and forgets the session: the code stops working until the next one.
func (s *Server) Abandoned() {
	s.mu.Lock()
	for _, st := range s.seats {
		if st.conn != nil {
			st.conn.send(wire.Message{Type: wire.TypeRemoved, Error: wire.Errorf(wire.Abandoned, "the game was abandoned at the table")})
			st.conn.setSeat(engine.NoSeat)
		}
	}
	s.session, s.code, s.seats = nil, "", nil
	s.mu.Unlock()
	s.cfg.OnChange()
}

// Code is the 4-digit code the kiosk shows for joining, "" without a session.
func (s *Server) Code() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.code
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
		case st.conn != nil:
			info.State = SeatConnected
		case st.tokenHash != "":
			info.State, info.AwaySince = SeatAway, st.awaySince
		}
		out[i] = info
	}
	return out
}

// FreeCount is the number of seats a phone may still join.
func (s *Server) FreeCount() int {
	n := 0
	for _, st := range s.Seats() {
		if st.State == SeatFree {
			n++
		}
	}
	return n
}

// Release takes a seat from its phone: the token is revoked, the phone told
// and disconnected, and the seat is free for the next phone to join (to
// move a seat to a new phone, or to remove a phone).
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
	st.conn, st.tokenHash, st.name, st.awaySince = nil, "", "", time.Time{}
	err := s.saveLocked()
	s.mu.Unlock()
	s.cfg.OnChange()
	return err
}

// saveLocked saves the seating with the session; s.mu is held.
func (s *Server) saveLocked() error {
	if s.session == nil {
		return nil
	}
	f := seatFile{Session: s.session.ID(), Code: s.code}
	for _, st := range s.seats {
		f.Seats = append(f.Seats, seatSave{Name: st.name, TokenHash: st.tokenHash})
	}
	return saveSeats(s.session, f)
}

// serve runs the protocol over c until the phone leaves or ctx ends.
func (s *Server) serve(ctx context.Context, c *conn) {
	go c.writeLoop(ctx)
	fatal := s.readLoop(ctx, c)
	s.detach(c)
	if fatal {
		// Let the write loop send the fatal error; it closes after it.
		select {
		case <-c.done:
		case <-time.After(writeTimeout):
		}
	}
	if ctx.Err() != nil {
		c.close(wire.CloseGoingAway, "table closing")
	}
	c.close(wire.CloseNormal, "")
}

// readLoop answers the phone's messages until it leaves (false) or a fatal
// error has been queued for it (true).
func (s *Server) readLoop(ctx context.Context, c *conn) bool {
	for {
		data, err := c.t.Read(ctx)
		if errors.Is(err, ErrNotText) {
			c.send(wire.Errorf(wire.BadJSON, "binary frames are not part of this protocol; send JSON text").Reply(""))
			continue
		}
		if err != nil {
			return false
		}
		msg, werr := wire.DecodeClient(data)
		if werr != nil {
			c.send(werr.Reply(msg.Ref))
			if werr.Fatal {
				return true
			}
			continue
		}
		if fatal := s.handle(c, msg); fatal {
			return true
		}
	}
}

// handle answers one message; true when it queued a fatal error.
func (s *Server) handle(c *conn, m wire.Message) bool {
	switch m.Type {
	case wire.TypePing:
		c.send(wire.Message{Type: wire.TypePong, Ref: m.Ref})
	case wire.TypeJoin:
		return s.join(c, m)
	case wire.TypeResume:
		return s.resume(c, m)
	case wire.TypeSync:
		s.sync(c, m.Ref)
	case wire.TypeMove:
		s.move(c, m)
	}
	return false
}

func (s *Server) join(c *conn, m wire.Message) bool {
	now := s.cfg.Now()
	if s.limiter.blocked(c.addr, now) {
		c.send(wire.Errorf(wire.RateLimited, "too many wrong codes; wait a minute").Reply(m.Ref))
		return false
	}
	s.mu.Lock()
	if s.session == nil {
		s.mu.Unlock()
		c.send(wire.Errorf(wire.NoGame, "no game is being set up at this table").Reply(m.Ref))
		return false
	}
	if !sameHash(m.Code, s.code) {
		s.mu.Unlock()
		s.limiter.fail(c.addr, now)
		s.cfg.Logf("wrong table code from %s", c.addr)
		c.send(wire.Errorf(wire.WrongCode, "this is not the code shown on the table").Reply(m.Ref))
		return false
	}
	if _, ok := c.joined(); ok {
		s.mu.Unlock()
		c.send(wire.Errorf(wire.BadJSON, "this connection already holds a seat").Reply(m.Ref))
		return false
	}
	seat := engine.NoSeat
	for i, st := range s.seats {
		if st.free() {
			seat = engine.Seat(i)
			break
		}
	}
	if seat == engine.NoSeat {
		s.mu.Unlock()
		c.send(wire.Errorf(wire.TableFull, "every seat is taken").Reply(m.Ref))
		return false
	}
	token, hash, err := newToken()
	if err != nil {
		s.mu.Unlock()
		c.send(wire.Errorf(wire.Internal, "the table could not seat you; try again").Reply(m.Ref))
		return false
	}
	st := s.seats[seat]
	st.name, st.tokenHash = m.Name, hash
	err = s.saveLocked()
	s.mu.Unlock()
	if err != nil {
		s.cfg.Logf("seat file: %v", err)
	}
	s.cfg.Logf("%s joined as %v from %s", m.Name, seat, c.addr)
	s.seatPerson(seat, m)
	s.attach(c, seat, token, m.Ref)
	return false
}

// seatPerson records who joined seat: the player of m's key, or a guest.
// The game goes on if it fails; only the record lacks the name.
func (s *Server) seatPerson(seat engine.Seat, m wire.Message) {
	sess := s.currentSession()
	if m.Key == "" {
		if err := sess.NameGuest(s.ctx, seat, m.Name); err != nil {
			s.cfg.Logf("name %v: %v", seat, err)
		}
		return
	}
	if _, err := sess.SeatPlayer(s.ctx, seat, m.Key, m.Name); err != nil {
		s.cfg.Logf("seat the player of %v: %v", seat, err)
	}
}

func (s *Server) currentSession() *host.Session {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.session
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
	st.bot, st.conn, st.tokenHash, st.awaySince = true, nil, "", time.Time{}
	err := s.saveLocked()
	s.mu.Unlock()
	s.cfg.OnChange()
	return err
}

func (s *Server) resume(c *conn, m wire.Message) bool {
	hash := hashToken(m.Token)
	s.mu.Lock()
	seat := engine.NoSeat
	for i, st := range s.seats {
		if !st.bot && st.tokenHash != "" && sameHash(st.tokenHash, hash) {
			seat = engine.Seat(i)
		}
	}
	s.mu.Unlock()
	if seat == engine.NoSeat {
		e := wire.Errorf(wire.BadToken, "this seat token is not valid at this table any more")
		e.Fatal = true
		c.send(e.Reply(m.Ref))
		return true
	}
	s.attach(c, seat, m.Token, m.Ref)
	return false
}

// attach binds c to seat (dropping an older connection of the seat), sends
// the welcome and starts the seat's view updates.
func (s *Server) attach(c *conn, seat engine.Seat, token, ref string) {
	s.mu.Lock()
	st := s.seats[seat]
	if old := st.conn; old != nil && old != c {
		old.setSeat(engine.NoSeat)
		old.close(wire.CloseNormal, "seat resumed elsewhere")
	}
	st.conn, st.awaySince = c, time.Time{}
	sess := s.session
	s.mu.Unlock()
	c.setSeat(seat)
	sp := seat
	c.send(wire.Message{Type: wire.TypeWelcome, Ref: ref, Seat: &sp, Token: token,
		Game: sess.Game().Info().ID, Table: s.cfg.Table})
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		s.pump(c, sess, seat)
	}()
	s.cfg.OnChange()
}

// detach marks c's seat away when c was its connection.
func (s *Server) detach(c *conn) {
	seat, ok := c.joined()
	if !ok {
		return
	}
	s.mu.Lock()
	changed := false
	if int(seat) < len(s.seats) && s.seats[seat].conn == c {
		s.seats[seat].conn, s.seats[seat].awaySince = nil, s.cfg.Now()
		changed = true
	}
	s.mu.Unlock()
	if changed {
		s.cfg.Logf("%v is away", seat)
		s.cfg.OnChange()
	}
}

// pump forwards the host's updates for seat to c until either ends.
func (s *Server) pump(c *conn, sess *host.Session, seat engine.Seat) {
	for {
		updates, stop := sess.Subscribe(seat)
		more := s.drain(c, sess, seat, updates)
		stop()
		if !more {
			return
		}
		// The channel closed: the game ended, or c fell behind. In the
		// second case subscribe again, which starts with a fresh view.
		if st := sess.Status(); st != session.Active && st != session.Paused {
			return
		}
	}
}

// drain forwards updates until the channel closes (true) or c or the
// server ends (false).
func (s *Server) drain(c *conn, sess *host.Session, seat engine.Seat, updates <-chan host.Update) bool {
	for {
		select {
		case <-c.done:
			return false
		case <-s.ctx.Done():
			return false
		case u, ok := <-updates:
			if !ok {
				return true
			}
			if !s.forward(c, sess, seat, u) {
				return false
			}
		}
	}
}

// forward sends one update; false when c is gone.
func (s *Server) forward(c *conn, sess *host.Session, seat engine.Seat, u host.Update) bool {
	game := sess.Game().Info().ID
	select {
	case <-c.done:
		return false
	default:
	}
	if cur, ok := c.joined(); !ok || cur != seat {
		return false
	}
	// The move that ends a game already carries over, so a phone need not
	// wait for the status update that repeats its version.
	_, over := sess.Result()
	over = over || u.Status.Ended()
	msg, err := viewMessage(game, u.View, u.Seq, u.Events, over)
	if err != nil {
		s.cfg.Logf("view for %v: %v", seat, err)
		return true
	}
	if u.Kind == host.MoveUpdate && u.Seat == seat {
		msg.Ref = c.takeRef()
	}
	c.send(msg)
	if u.Kind == host.StatusUpdate && u.Status == session.Finished {
		s.sendRecord(c, sess, seat)
	}
	return true
}

// sendRecord tells a player's phone what the finished game meant for them:
// their rating change and place on the game's board. Guests and bots get
// nothing; a player in a game not rated gets Rated false.
func (s *Server) sendRecord(c *conn, sess *host.Session, seat engine.Seat) {
	if seats := sess.Record().Seats; !seat.Valid(len(seats)) || seats[seat].Kind != session.Person {
		return
	}
	o, rated, err := sess.Outcome(s.ctx, seat)
	if err != nil {
		s.cfg.Logf("record of %v: %v", seat, err)
		return
	}
	rec := &wire.Record{Rated: rated}
	if rated {
		rec.Before, rec.After = o.Before, o.After
		rec.Games, rec.Provisional = o.Games, o.Provisional
		rec.Place, rec.Of = o.Place, o.Of
	}
	c.send(wire.Message{Type: wire.TypeRecord, Record: rec})
}

func (s *Server) sync(c *conn, ref string) {
	seat, ok := c.joined()
	if !ok {
		c.send(wire.Errorf(wire.NotJoined, "join the table first").Reply(ref))
		return
	}
	s.mu.Lock()
	sess := s.session
	s.mu.Unlock()
	_, over := sess.Result()
	msg, err := viewMessage(sess.Game().Info().ID, sess.View(seat), sess.Moves(), nil, over || sess.Status().Ended())
	if err != nil {
		c.send(wire.Errorf(wire.Internal, "the table could not build your view").Reply(ref))
		return
	}
	msg.Ref = ref
	c.send(msg)
	if sess.Status() == session.Finished {
		s.sendRecord(c, sess, seat)
	}
}

func (s *Server) move(c *conn, m wire.Message) {
	seat, ok := c.joined()
	if !ok {
		c.send(wire.Errorf(wire.NotJoined, "join the table first").Reply(m.Ref))
		return
	}
	s.mu.Lock()
	sess, free := s.session, 0
	for _, st := range s.seats {
		if st.free() {
			free++
		}
	}
	s.mu.Unlock()
	// Nobody plays before everyone is seated: a guest still joining must
	// not find the game begun without them.
	if free > 0 {
		c.send(wire.Errorf(wire.Waiting, "waiting for %d more player(s) to join", free).Reply(m.Ref))
		return
	}
	mv, err := sess.Game().DecodeMove(m.Move)
	if err != nil {
		c.send(wire.Errorf(wire.BadMove, "%v", err).Reply(m.Ref))
		return
	}
	c.setRef(m.Ref)
	if err := sess.Play(s.ctx, seat, mv); err != nil {
		c.takeRef()
		c.send(moveError(err).Reply(m.Ref))
	}
}

// moveError turns a refusal by the host or the rules into a wire error.
func moveError(err error) *wire.Error {
	var re *engine.RuleError
	switch {
	case errors.As(err, &re) && (re.Rule == engine.RuleNotYourTurn):
		return &wire.Error{Code: wire.NotYourTurn, Message: re.Msg, Rule: re.Rule}
	case errors.As(err, &re) && re.Rule == engine.RuleGameOver:
		return &wire.Error{Code: wire.NoGame, Message: re.Msg, Rule: re.Rule}
	case errors.As(err, &re):
		return &wire.Error{Code: wire.IllegalMove, Message: re.Msg, Rule: re.Rule}
	case errors.Is(err, host.ErrNotActive):
		return wire.Errorf(wire.NoGame, "the game is paused or over")
	case errors.Is(err, host.ErrBotSeat):
		return wire.Errorf(wire.NotYourTurn, "a bot plays this seat now")
	}
	return wire.Errorf(wire.Internal, "the table could not record the move; try again")
}
