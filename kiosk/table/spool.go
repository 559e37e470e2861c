package table

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
)

// spool is the host's store over the table's database when its disk is
// full (issue 42): a write of the game in progress that the database
// refuses for want of room (db.IsFull: SQLITE_FULL, ENOSPC) is kept in
// memory, in order, and the host goes on as if it were written — the
// group keeps playing — while the spool tries again every spoolRetry and
// writes them all, in their order, once there is room. Every later write
// queues behind them, so the database always receives them in the order
// the host made them. Anything else passes through: a new game cannot
// start on a full disk (CreateSession fails, the screen says so).
//
// What the spool holds lives in memory only: a kiosk killed while its
// disk is full resumes the game at its last move on disk (docs/database.md,
// "A full disk").
type spool struct {
	*db.DB
	logf func(string, ...any)
	now  func() time.Time

	mu      sync.Mutex
	queue   []spooled
	since   time.Time     // when the first write was refused; zero when none waits
	running bool          // the retry goroutine runs
	saved   chan struct{} // signalled after the spool emptied
	stop    chan struct{}
	wg      sync.WaitGroup
}

// spooled is one write the database refused, to make again.
type spooled struct {
	what    string
	session string
	move    *session.Move // for Moves
	write   func(ctx context.Context) error
}

// spoolRetry is how often the spool tries again while the disk is full.
const spoolRetry = time.Second

func newSpool(d *db.DB, logf func(string, ...any), now func() time.Time) *spool {
	if now == nil {
		now = time.Now
	}
	return &spool{DB: d, logf: logf, now: now, saved: make(chan struct{}, 1), stop: make(chan struct{})}
}

// Full reports since when the database has refused the game's writes for
// want of room; false while everything is written.
func (s *spool) Full() (time.Time, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.since, !s.since.IsZero()
}

// Saved is signalled each time the spool wrote everything it held.
func (s *spool) Saved() <-chan struct{} { return s.saved }

// write makes w now, or queues it behind the writes waiting, or when the
// database refuses it for want of room. Writes are made one at a time
// under the spool's lock: the database has one writer anyway.
func (s *spool) write(ctx context.Context, w spooled) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.queue) == 0 {
		err := w.write(ctx)
		if err == nil || !db.IsFull(err) {
			return err
		}
		s.since = s.now()
		s.logf("table: the database cannot be written, its disk is full: %v; the game goes on, its moves kept in memory until there is room", err)
	}
	s.queue = append(s.queue, w)
	if !s.running {
		s.running = true
		s.wg.Add(1)
		go s.retry()
	}
	return nil
}

// retry writes the queue out once there is room.
func (s *spool) retry() {
	defer s.wg.Done()
	tick := time.NewTicker(spoolRetry)
	defer tick.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-tick.C:
		}
		if s.flush() {
			return
		}
	}
}

// flush writes what it can of the queue, in order; it reports whether the
// queue is empty (and the retries over).
func (s *spool) flush() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	ctx := context.Background()
	n := 0
	for len(s.queue) > 0 {
		w := s.queue[0]
		err := w.write(ctx)
		if db.IsFull(err) {
			if n > 0 {
				s.logf("table: wrote %d of the writes kept in memory; %d still wait for room", n, len(s.queue))
			}
			return false
		}
		if err != nil {
			// Not for want of room: making it again will not help.
			s.logf("table: a write kept while the disk was full failed: %s of session %s: %v", w.what, w.session, err)
		}
		s.queue = s.queue[1:]
		n++
	}
	s.logf("table: the database can be written again (its disk was full since %s): wrote the %d writes kept in memory",
		s.since.Format("15:04:05"), n)
	s.since, s.running = time.Time{}, false
	select {
	case s.saved <- struct{}{}:
	default:
	}
	return true
}

// close tries a last time to write what the spool holds, and says what
// is lost when it cannot: the game resumes at its last move on disk.
func (s *spool) close() {
	close(s.stop)
	s.wg.Wait()
	s.mu.Lock()
	waiting := len(s.queue)
	s.mu.Unlock()
	if waiting > 0 && !s.flush() {
		s.mu.Lock()
		s.logf("table: closing with %d writes the full disk refused: the game resumes at its last move on disk", len(s.queue))
		s.mu.Unlock()
	}
}

// The host's writes, through the spool.

func (s *spool) AppendMove(ctx context.Context, id string, m session.Move) error {
	return s.write(ctx, spooled{what: fmt.Sprintf("move %d", m.Seq), session: id, move: &m,
		write: func(ctx context.Context) error { return s.DB.AppendMove(ctx, id, m) }})
}

func (s *spool) Finish(ctx context.Context, id string, res engine.Result, at time.Time) error {
	return s.write(ctx, spooled{what: "the end", session: id,
		write: func(ctx context.Context) error { return s.DB.Finish(ctx, id, res, at) }})
}

func (s *spool) SetStatus(ctx context.Context, id string, status session.Status, reason string, at time.Time) error {
	return s.write(ctx, spooled{what: "status " + string(status), session: id,
		write: func(ctx context.Context) error { return s.DB.SetStatus(ctx, id, status, reason, at) }})
}

func (s *spool) SetSeat(ctx context.Context, id string, seat int, st session.Seat) error {
	return s.write(ctx, spooled{what: fmt.Sprintf("seat %d", seat), session: id,
		write: func(ctx context.Context) error { return s.DB.SetSeat(ctx, id, seat, st) }})
}

func (s *spool) AddHint(ctx context.Context, id string, seat int) error {
	return s.write(ctx, spooled{what: fmt.Sprintf("a hint to seat %d", seat), session: id,
		write: func(ctx context.Context) error { return s.DB.AddHint(ctx, id, seat) }})
}

func (s *spool) SaveSeating(ctx context.Context, id string, data []byte) error {
	data = append([]byte(nil), data...) // kept past the call
	return s.write(ctx, spooled{what: "the seating", session: id,
		write: func(ctx context.Context) error { return s.DB.SaveSeating(ctx, id, data) }})
}

// Moves is the session's log: the database's, then the moves waiting.
func (s *spool) Moves(ctx context.Context, id string) ([]session.Move, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	moves, err := s.DB.Moves(ctx, id)
	if err != nil {
		return nil, err
	}
	for _, w := range s.queue {
		if w.session == id && w.move != nil {
			moves = append(moves, *w.move)
		}
	}
	return moves, nil
}
