package host

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/bot"
	"github.com/tablee/tablee/session"
)

// Session is one live game at one table. Its mutex owns the state: moves,
// status changes and notifications happen one at a time, in log order.
type Session struct {
	host  *Host
	id    string
	rules engine.Rules
	rec   session.Record             // as stored when started or resumed
	bots  map[engine.Seat]engine.Bot // the seats bots play
	wake  chan struct{}              // tells the bot loop the state changed

	mu     sync.Mutex
	state  engine.State
	seq    int // moves in the log
	status session.Status
	subs   map[*subscriber]struct{}
	// standing are the moves still standing (the log less its take-backs
	// and the moves they took back); lastWasMove says the log's last
	// entry is a move, not a take-back; asked is the open take-back,
	// refused the last request refused (both end with the next move).
	standing    []engine.Record
	lastWasMove bool
	asked       *TakeBack
	refused     *TakeBack
}

func newSession(h *Host, rules engine.Rules, rec session.Record, state engine.State, seq int) (*Session, error) {
	s := &Session{host: h, id: rec.ID, rules: rules, rec: rec, state: state, seq: seq,
		status: session.Active, bots: map[engine.Seat]engine.Bot{},
		wake: make(chan struct{}, 1), subs: map[*subscriber]struct{}{}}
	if rec.Status != "" {
		s.status = rec.Status
	}
	for i, seat := range rec.Seats {
		if seat.Kind != session.Bot {
			continue
		}
		b, err := bot.New(rules, seat.BotLevel, botSeed(rec, i))
		if err != nil {
			return nil, fmt.Errorf("seat %d: %w", i, err)
		}
		s.bots[engine.Seat(i)] = b
	}
	s.poke()
	return s, nil
}

// ID is the session's id in the database.
func (s *Session) ID() string { return s.id }

// Game is the rules the session plays.
func (s *Session) Game() engine.Rules { return s.rules }

// Record is the session as stored when it started or resumed.
func (s *Session) Record() session.Record {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.rec
}

// Status is where the session stands now.
func (s *Session) Status() session.Status {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.status
}

// View is what viewer (a seat, or engine.Onlooker) may know now.
func (s *Session) View(viewer engine.Seat) engine.View {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state.View(viewer)
}

// Moves is how many moves have been played.
func (s *Session) Moves() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.seq
}

// Hash is the hash of the current state, for checks.
func (s *Session) Hash() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state.Hash()
}

// Result is the outcome once the game is over.
func (s *Session) Result() (engine.Result, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state.Result()
}

// Errors Play returns besides the engine's rule errors.
var (
	ErrNotActive = errors.New("the session is not being played")
	ErrBotSeat   = errors.New("a bot plays that seat")
)

// Play makes seat's move for a person or guest. It returns once the move is
// on disk and every subscriber has been sent it; a *engine.RuleError if the
// rules refuse it (nothing changes then).
func (s *Session) Play(ctx context.Context, seat engine.Seat, m engine.Move) error {
	s.mu.Lock()
	_, isBot := s.bots[seat]
	s.mu.Unlock()
	if isBot {
		return fmt.Errorf("play %v: %w", seat, ErrBotSeat)
	}
	return s.play(ctx, seat, m, -1)
}

// play applies seat's move if the log still has atSeq moves (-1: any).
func (s *Session) play(ctx context.Context, seat engine.Seat, m engine.Move, atSeq int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.status != session.Active {
		return fmt.Errorf("play: session %s is %s: %w", s.id, s.status, ErrNotActive)
	}
	if atSeq >= 0 && atSeq != s.seq {
		return errStale
	}
	next := s.state.Clone()
	events, err := next.Apply(seat, m)
	if err != nil {
		return err
	}
	js, err := engine.EncodeMove(s.rules.Info().ID, seat, m)
	if err != nil {
		return fmt.Errorf("play: %w", err)
	}
	entry := session.Move{Seq: s.seq + 1, Seat: seat, JSON: js, StateHash: next.Hash(), PlayedAt: s.host.cfg.Now()}
	// The append is not cancelled half-way: it takes a millisecond or two,
	// and with a cancellable context the SQLite driver runs every
	// statement on a goroutine of its own to be able to interrupt it.
	if err := s.host.cfg.Store.AppendMove(context.WithoutCancel(ctx), s.id, entry); err != nil {
		return fmt.Errorf("play: %w", err)
	}
	// Durable: from here on the move happened.
	s.state, s.seq = next, entry.Seq
	s.standing, s.lastWasMove, s.asked, s.refused = append(s.standing, engine.Record{Seat: seat, Move: m}), true, nil, nil
	s.publish(Update{Kind: MoveUpdate, Seq: s.seq, Seat: seat, Move: m}, events)
	s.poke()
	if _, over := s.state.Result(); over {
		// The move is done whatever becomes of the caller: write the end too.
		return s.finish(context.WithoutCancel(ctx))
	}
	return nil
}

// errStale says a bot decided on a state that has since changed.
var errStale = errors.New("stale move")

// finish writes the results and ratings of a game that just ended. s.mu is held.
func (s *Session) finish(ctx context.Context) error {
	res, _ := s.state.Result()
	if err := s.host.cfg.Store.Finish(ctx, s.id, res, s.host.cfg.Now()); err != nil {
		// The log holds the last move: Recover will finish it.
		return fmt.Errorf("move %d saved, but finishing the session failed: %w", s.seq, err)
	}
	s.status = session.Finished
	s.publish(Update{Kind: StatusUpdate, Seq: s.seq, Seat: engine.NoSeat}, nil)
	s.closeSubscribersLocked()
	s.host.drop(s.id)
	return nil
}

// poke wakes the bot loop without waiting.
func (s *Session) poke() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// SaveSeating keeps the phones' seating of this session with it in the
// store, so that a resumed session's phones keep their seats (see
// Store.SaveSeating). The host never reads it.
func (s *Session) SaveSeating(ctx context.Context, data []byte) error {
	if err := s.host.cfg.Store.SaveSeating(ctx, s.id, data); err != nil {
		return fmt.Errorf("session %s: %w", s.id, err)
	}
	return nil
}

// Seating returns the seating last saved for this session, nil if none.
func (s *Session) Seating(ctx context.Context) ([]byte, error) {
	data, err := s.host.cfg.Store.Seating(ctx, s.id)
	if err != nil {
		return nil, fmt.Errorf("session %s: %w", s.id, err)
	}
	return data, nil
}
