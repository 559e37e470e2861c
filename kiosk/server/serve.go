package server

import (
	"context"
	"crypto/subtle"
	"errors"
	"strings"
	"time"

	"golang.org/x/time/rate"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/proto/wire"
)

// serve runs the protocol over c until the phone leaves or ctx ends.
func (s *Server) serve(ctx context.Context, c *conn) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go c.writeLoop(ctx)
	go s.keepAlive(ctx, c, cancel)
	stopTimer := s.afterFunc(s.cfg.JoinTimeout, func() {
		if !c.hasJoined() {
			c.close(wire.ClosePolicy, "join-timeout")
			cancel()
		}
	})
	defer stopTimer()
	fatal := s.readLoop(ctx, c)
	s.detach(c)
	if fatal {
		// Let the write loop send the fatal error; it closes after it.
		select {
		case <-c.done:
		case <-time.After(writeTimeout):
		}
	}
	if ctx.Err() != nil && s.ctx.Err() != nil {
		c.close(wire.CloseGoingAway, "table closing")
		// The table is shutting down (SIGTERM): let the close frame
		// leave before Server.Close returns and the process exits, so
		// the phone reads 1001 and resumes, not an abrupt 1006.
		select {
		case <-c.closed:
		case <-time.After(closeGrace):
		}
	}
	c.close(wire.CloseNormal, "")
}

// closeGrace bounds how long a connection's read goes on after the
// connection ended, so that its close handshake (the documented status,
// not 1006) completes first; and how long a shutting-down table waits for
// it.
const closeGrace = 2 * time.Second

// keepAlive pings the phone every PingEvery and ends a connection whose
// answer does not come within PingEvery: a phone that lost its network
// never closes its connection, and its seat must show as away.
func (s *Server) keepAlive(ctx context.Context, c *conn, cancel context.CancelFunc) {
	tick := time.NewTicker(s.cfg.PingEvery)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-c.done:
			return
		case <-tick.C:
		}
		pctx, stop := context.WithTimeout(ctx, s.cfg.PingEvery)
		err := c.t.Ping(pctx)
		stop()
		if err != nil && ctx.Err() == nil {
			s.cfg.Logf("no answer from %s: %v", c.addr, err)
			c.close(wire.CloseGoingAway, "no answer to ping")
			cancel() // the link is dead: stop reading now, not after a close handshake
			return
		}
	}
}

// maxBacklog is how many frames over its rate a phone may have waiting to
// be read; one more and it is cut off with a fatal too-fast error. A
// phone within its rate has none waiting, whatever its burst.
const maxBacklog = 8

// readFrame is one frame read from the phone, with the reservation of the
// phone's throttle that says when it may be handled.
type readFrame struct {
	data []byte
	err  error
	due  *rate.Reservation // nil for a read error that ends the connection
}

// readLoop answers the phone's messages until it leaves (false) or a fatal
// error has been queued for it (true). Frames are read ahead by readFrames
// and handled at the phone's rate; beyond its burst they wait, in this
// goroutine, so the table and the other seats go on.
func (s *Server) readLoop(ctx context.Context, c *conn) bool {
	throttle := rate.NewLimiter(s.cfg.MsgRate, s.cfg.MsgBurst)
	frames := make(chan readFrame, maxBacklog)
	flooded := make(chan struct{})
	stop := make(chan struct{})
	defer close(stop)
	// Reads run on their own context: cancelling a WebSocket read tears
	// the socket down at once, before the close frame (1008 join-timeout,
	// 1001 table closing) could leave, and the phone would read 1006. The
	// close ends the read; closeGrace after ctx ends it is cancelled anyway.
	readCtx, cancelRead := context.WithCancel(context.WithoutCancel(ctx))
	context.AfterFunc(ctx, func() { time.AfterFunc(closeGrace, cancelRead) })
	go s.readFrames(ctx, readCtx, c, throttle, frames, flooded, stop)
	for {
		var f readFrame
		select {
		case <-ctx.Done():
			return false
		case <-flooded:
			return s.tooFast(c)
		case f = <-frames:
		}
		if f.due != nil {
			if d := f.due.Delay(); d > 0 {
				t := time.NewTimer(d)
				select {
				case <-ctx.Done():
					t.Stop()
					return false
				case <-flooded:
					t.Stop()
					return s.tooFast(c)
				case <-t.C:
				}
			}
		}
		if errors.Is(f.err, ErrNotText) {
			c.send(wire.Errorf(wire.BadJSON, "binary frames are not part of this protocol; send JSON text").Reply(""))
			continue
		}
		if f.err != nil {
			return false
		}
		s.spoke(c)
		msg, werr := wire.DecodeClient(f.data)
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

// readFrames reads the phone's frames for readLoop, taking a reservation
// of the throttle for each as it arrives. When a frame would wait longer
// than maxBacklog frames at the phone's rate — the phone keeps sending
// faster than its rate allows — it closes flooded and stops reading: what
// the phone queued is never read, so a flood costs the table nothing more.
func (s *Server) readFrames(ctx, readCtx context.Context, c *conn, throttle *rate.Limiter, frames chan<- readFrame, flooded chan<- struct{}, stop <-chan struct{}) {
	limit := time.Duration(float64(maxBacklog) / float64(throttle.Limit()) * float64(time.Second))
	for {
		data, err := c.t.Read(readCtx)
		f := readFrame{data: data, err: err}
		if err == nil || errors.Is(err, ErrNotText) {
			f.due = throttle.Reserve()
			if throttle.Limit() != rate.Inf && f.due.Delay() > limit {
				f.due.Cancel()
				close(flooded)
				return
			}
		}
		select {
		case frames <- f:
		case <-stop:
			return
		case <-ctx.Done():
			return
		}
		if f.due == nil {
			return
		}
	}
}

// Cool-down of a seat after a too-fast cut-off: a phone that resumes and
// floods again would otherwise cost the other seats a view each time its
// seat goes away and comes back.
const (
	firstCooldown = time.Second
	maxCooldown   = time.Minute
)

// tooFast cuts off a phone that kept sending over its rate: it keeps its
// seat, and may resume on a new connection after the seat's cool-down,
// which doubles with each cut-off.
func (s *Server) tooFast(c *conn) bool {
	wait := time.Duration(0)
	if seat, ok := c.joined(); ok {
		s.mu.Lock()
		if int(seat) < len(s.seats) {
			st := s.seats[seat]
			st.cooldown = min(max(2*st.cooldown, firstCooldown), maxCooldown)
			st.coolUntil = s.cfg.Now().Add(st.cooldown)
			wait = st.cooldown
		}
		s.mu.Unlock()
	}
	s.cfg.Logf("%s sends faster than %v messages a second, %d frames over: closed; its seat may resume in %v", c.addr, float64(s.cfg.MsgRate), maxBacklog, wait)
	e := wire.Errorf(wire.TooFast, "more than %d messages over the rate of %v a second; resume on a new connection after %v", maxBacklog, float64(s.cfg.MsgRate), wait)
	e.Fatal = true
	c.send(e.Reply(""))
	return true
}

// handle answers one message; true when it queued a fatal error.
func (s *Server) handle(c *conn, m wire.Message) bool {
	switch m.Type {
	case wire.TypePing:
		c.send(wire.Message{Type: wire.TypePong, Ref: m.Ref})
	case wire.TypeJoin:
		s.join(c, m)
	case wire.TypeResume:
		return s.resume(c, m)
	case wire.TypeSync:
		s.sync(c, m.Ref)
	case wire.TypeMove:
		s.move(c, m)
	case wire.TypeSeats:
		s.seatsAnswer(c, m.Ref)
	case wire.TypeExplain:
		s.explain(c, m)
	case wire.TypeHint:
		s.hint(c, m.Ref)
	case wire.TypeInfo:
		s.infoAnswer(c, m)
	case wire.TypeTakeBack:
		s.takeBack(c, m)
	case wire.TypeTakeBackAnswer:
		s.takeBackAnswer(c, m)
	case wire.TypeShelfSearch:
		s.shelfSearch(c, m)
	case wire.TypeShelfTake:
		s.shelfTake(c, m)
	case wire.TypeSign:
		s.sign(c, m)
	}
	return false
}

// infoAnswer tells a phone, joined or not, the table's name, its game and
// whether the link code it came with (from the QR code) is the current
// game's. Nothing secret: the name and the game are on mDNS, and a link
// code cannot be guessed.
func (s *Server) infoAnswer(c *conn, m wire.Message) {
	s.mu.Lock()
	current := s.session != nil && s.code != "" &&
		subtle.ConstantTimeCompare([]byte(m.Code), []byte(s.code+"-"+s.link)) == 1
	game := ""
	var free *int
	if s.session != nil {
		game = s.session.Game().Info().ID
		n := s.freeLocked()
		free = &n
	}
	s.mu.Unlock()
	if current {
		c.prove()
	}
	c.send(wire.Message{Type: wire.TypeInfo, Ref: m.Ref, Table: s.cfg.Table, Game: game, Current: &current, Free: free})
}

// seatsAnswer tells a seated phone each seat's nickname and state; the
// names are for the table's players only.
func (s *Server) seatsAnswer(c *conn, ref string) {
	if _, ok := c.joined(); !ok {
		c.send(wire.Errorf(wire.NotJoined, "join the table first").Reply(ref))
		return
	}
	m := wire.Message{Type: wire.TypeSeats, Ref: ref, Seats: []wire.SeatState{}}
	free := 0
	for _, st := range s.Seats() {
		m.Seats = append(m.Seats, wire.SeatState{Name: st.Name, State: string(st.State)})
		if st.State == SeatFree {
			free++
		}
	}
	m.Free = &free
	c.send(m)
}

// spoke notes that the phone on c sent a frame after its welcome: it holds
// its new token, so the one it resumed with is void now, and a seat it
// joined is no longer pending.
func (s *Server) spoke(c *conn) {
	if !c.takeUnconfirmed() {
		return
	}
	seat, ok := c.joined()
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if st := s.seats[seat]; st.conn == c && (st.prevHash != "" || st.pending) {
		st.prevHash, st.pending = "", false
		if err := s.saveLocked(); err != nil {
			s.cfg.Logf("seat file: %v", err)
		}
	}
}

func (s *Server) join(c *conn, m wire.Message) {
	if _, ok := c.joined(); ok {
		c.send(wire.Errorf(wire.Joined, "this connection already holds a seat").Reply(m.Ref))
		return
	}
	now := s.cfg.Now()
	digits, _, link := strings.Cut(m.Code, "-")
	switch s.gate.check(c.addr, !link, now) {
	case addrBlocked:
		c.send(wire.Errorf(wire.RateLimited, "too many wrong codes from this phone; wait a minute").Reply(m.Ref))
		return
	case tableBlocked:
		s.rotateCode(now)
		c.send(wire.Errorf(wire.RateLimited, "the table is refusing codes for a few seconds after many wrong ones; try again, or scan the QR code").Reply(m.Ref))
		return
	}
	s.mu.Lock()
	if s.session == nil {
		s.mu.Unlock()
		c.send(wire.Errorf(wire.NoGame, "no game is being set up at this table").Reply(m.Ref))
		return
	}
	right := sameHash(digits, s.code)
	if link {
		right = sameHash(m.Code, s.code+"-"+s.link)
	}
	if !right {
		s.mu.Unlock()
		s.gate.fail(c.addr, now)
		c.send(wire.Errorf(wire.WrongCode, "this is not the code shown on the table").Reply(m.Ref))
		return
	}
	keyHash := ""
	if m.Key != "" {
		keyHash = hashToken(m.Key)
	}
	seat := s.reclaimableLocked(keyHash)
	for i, st := range s.seats {
		if seat == engine.NoSeat && st.free() {
			seat = engine.Seat(i)
		}
	}
	if seat == engine.NoSeat {
		s.mu.Unlock()
		c.send(wire.Errorf(wire.TableFull, "every seat is taken").Reply(m.Ref))
		return
	}
	st := s.seats[seat]
	st.name, st.keyHash = m.Name, keyHash
	sess := s.session
	token, b, err := s.bindLocked(c, seat, "")
	s.mu.Unlock()
	if err != nil {
		c.send(wire.Errorf(wire.Internal, "the table could not seat you; try again").Reply(m.Ref))
		return
	}
	s.cfg.Logf("%s joined as %v from %s", m.Name, seat, c.addr)
	s.seatPerson(sess, seat, m)
	s.welcome(c, b, sess, seat, token, m.Ref)
}

// reclaimableLocked is the seat a join with the player key of hash keyHash
// takes back: a seat that the same key joined and whose phone never
// showed it got the token (a welcome lost with its connection, or never
// sent by a kiosk that died just after saving the join). The phone joins
// again instead of resuming, and must not find its own seat taken.
// engine.NoSeat if none (or no key). s.mu is held.
func (s *Server) reclaimableLocked(keyHash string) engine.Seat {
	if keyHash == "" {
		return engine.NoSeat
	}
	for i, st := range s.seats {
		if st.phone() && st.pending && sameHash(st.keyHash, keyHash) {
			return engine.Seat(i)
		}
	}
	return engine.NoSeat
}

// seatPerson records who joined seat: the player of m's key, or a guest.
// The game goes on if it fails; only the record lacks the name.
func (s *Server) seatPerson(sess *host.Session, seat engine.Seat, m wire.Message) {
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

// resume brings a phone back to the seat its token holds, with a new token.
func (s *Server) resume(c *conn, m wire.Message) bool {
	if _, ok := c.joined(); ok {
		c.send(wire.Errorf(wire.Joined, "this connection already holds a seat").Reply(m.Ref))
		return false
	}
	hash := hashToken(m.Token)
	s.mu.Lock()
	seat := engine.NoSeat
	for i, st := range s.seats {
		current := st.tokenHash != "" && sameHash(st.tokenHash, hash)
		lost := st.prevHash != "" && st.conn == nil && sameHash(st.prevHash, hash)
		if st.phone() && (current || lost) {
			seat = engine.Seat(i)
		}
	}
	if seat == engine.NoSeat {
		s.mu.Unlock()
		e := wire.Errorf(wire.BadToken, "this seat token is not valid at this table any more")
		e.Fatal = true
		c.send(e.Reply(m.Ref))
		return true
	}
	if wait := s.seats[seat].coolUntil.Sub(s.cfg.Now()); wait > 0 {
		s.mu.Unlock()
		c.send(wire.Errorf(wire.RateLimited, "this seat was cut off for sending too fast; resume in %v", wait.Round(time.Millisecond)).Reply(m.Ref))
		return false
	}
	sess := s.session
	token, b, err := s.bindLocked(c, seat, hash)
	s.mu.Unlock()
	if err != nil {
		c.send(wire.Errorf(wire.Internal, "the table could not seat you; try again").Reply(m.Ref))
		return false
	}
	s.welcome(c, b, sess, seat, token, m.Ref)
	return false
}

// bindLocked makes c the connection of seat with a new token, which it
// returns; used is the hash of the token the phone resumed with ("" for a
// join). A connection that held the seat is told it was replaced and
// closed. It returns the token and the connection's new binding. s.mu is
// held.
func (s *Server) bindLocked(c *conn, seat engine.Seat, used string) (string, *binding, error) {
	token, hash, err := newToken()
	if err != nil {
		return "", nil, err
	}
	st := s.seats[seat]
	if old := st.conn; old != nil && old != c {
		old.setSeat(engine.NoSeat)
		old.send(wire.Message{Type: wire.TypeRemoved, Error: wire.Errorf(wire.Replaced,
			"another connection resumed this seat with its token; this one's token is void")})
	}
	st.conn, st.awaySince, st.tokenHash, st.prevHash = c, time.Time{}, hash, used
	// A join's seat is pending until the phone speaks; a resume proves
	// the phone held the token.
	st.pending = used == ""
	b := c.setSeat(seat)
	c.setUnconfirmed()
	if err := s.saveLocked(); err != nil {
		s.cfg.Logf("seat file: %v", err)
	}
	return token, b, nil
}

// welcome sends the welcome, starts the seat's view updates and tells
// everyone the seats changed.
func (s *Server) welcome(c *conn, b *binding, sess *host.Session, seat engine.Seat, token, ref string) {
	s.sendWelcome(c, b, sess, seat, token, ref)
	s.seatsChanged()
}

// sendWelcome sends the welcome and starts the pump of seat's views for
// binding b.
func (s *Server) sendWelcome(c *conn, b *binding, sess *host.Session, seat engine.Seat, token, ref string) {
	sp := seat
	c.send(wire.Message{Type: wire.TypeWelcome, Ref: ref, Seat: &sp, Token: token,
		Game: sess.Game().Info().ID, Table: s.cfg.Table})
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		s.pump(c, b, sess, seat)
	}()
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
		s.seatsChanged()
	}
}

func (s *Server) sync(c *conn, ref string) {
	if _, ok := c.joined(); !ok {
		c.send(wire.Errorf(wire.NotJoined, "join the table first").Reply(ref))
		return
	}
	c.requestSync(ref)
}

// playing answers a phone's move or take-back that cannot be played now
// (not joined, no game, seats still free) and returns false; else the
// session and the phone's seat. Nobody plays before everyone is seated: a
// guest still joining must not find the game begun without them.
func (s *Server) playing(c *conn, m wire.Message) (*host.Session, engine.Seat, bool) {
	seat, ok := c.joined()
	if !ok {
		c.send(wire.Errorf(wire.NotJoined, "join the table first").Reply(m.Ref))
		return nil, 0, false
	}
	s.mu.Lock()
	sess, free := s.session, s.freeLocked()
	s.mu.Unlock()
	if sess == nil {
		c.send(wire.Errorf(wire.NoGame, "no game is running").Reply(m.Ref))
		return nil, 0, false
	}
	if free > 0 {
		c.send(wire.Errorf(wire.Waiting, "waiting for %d more player(s) to join", free).Reply(m.Ref))
		return nil, 0, false
	}
	return sess, seat, true
}

func (s *Server) move(c *conn, m wire.Message) {
	sess, seat, ok := s.playing(c, m)
	if !ok {
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
		e := moveError(err)
		if e.Code == wire.Internal {
			// The phone hears "try again"; the staff must hear why (a
			// full disk, a broken database), once per failed move.
			s.cfg.Logf("%v's move was not recorded: %v", seat, err)
		}
		c.send(e.Reply(m.Ref))
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
