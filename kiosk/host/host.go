package host

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
)

// Config is what a Host works with.
type Config struct {
	Store Store // where sessions are kept durably: *db.DB, or a fake in tests
	Games *engine.Registry
	// Now is the clock; time.Now if nil.
	Now func() time.Time
	// NewSeed draws the seed of a new game; crypto/rand if nil.
	NewSeed func() uint64
	// BotDelay is how long a bot waits before moving, so people at the
	// table can follow; zero in tests.
	BotDelay time.Duration
	// BotBudget is how long a bot may think over one move (bot.DefaultBudget
	// if zero): its context's deadline.
	BotBudget time.Duration
	// Backlog is how many updates a subscriber may fall behind before it
	// is dropped (DefaultBacklog if zero).
	Backlog int
	// HintsInRated says whether rated games give hints (the staff's
	// setting hints_in_rated); nil: they do.
	HintsInRated func(ctx context.Context) bool
	// OnError hears of errors no caller is waiting for (a bot that failed,
	// a session that could not be finished); ignored if nil.
	OnError func(session string, err error)
}

// Host owns the live sessions of one kiosk. It is safe for concurrent use.
type Host struct {
	cfg    Config
	ctx    context.Context // ends with Close: stops the bots
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu       sync.Mutex
	sessions map[string]*Session

	// botsIdle, set by tests before any session starts, hears each time a
	// session's bot loop finds no bot to move (a person's turn, or not
	// active), with the status it saw: the event that shows bots stay
	// still, where a sleep would only hope so.
	botsIdle func(id string, st session.Status)
}

// New returns a host; call Recover to bring back the sessions a previous
// run left unfinished, and Close to stop it.
func New(cfg Config) (*Host, error) {
	if cfg.Store == nil || cfg.Games == nil {
		return nil, errors.New("host: a store and a game registry are required")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.NewSeed == nil {
		cfg.NewSeed = randomSeed
	}
	if cfg.Backlog <= 0 {
		cfg.Backlog = DefaultBacklog
	}
	if cfg.OnError == nil {
		cfg.OnError = func(string, error) {}
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &Host{cfg: cfg, ctx: ctx, cancel: cancel, sessions: map[string]*Session{}}, nil
}

func randomSeed() uint64 {
	var b [8]byte
	rand.Read(b[:]) // never fails on Linux
	return binary.LittleEndian.Uint64(b[:])
}

// Close stops every session's bots and closes every subscription. The
// sessions stay in the database as they are, ready for Recover by the next
// host; the closed host's sessions must not be played any more.
func (h *Host) Close() {
	h.cancel()
	h.wg.Wait()
	// Not under h.mu: a session takes its own lock first, then the host's.
	for _, s := range h.Sessions() {
		s.closeSubscribers()
	}
}

// Session returns the live session with id.
func (h *Host) Session(id string) (*Session, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	s, ok := h.sessions[id]
	return s, ok
}

// Sessions returns the live sessions (active and paused).
func (h *Host) Sessions() []*Session {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]*Session, 0, len(h.sessions))
	for _, s := range h.sessions {
		out = append(out, s)
	}
	return out
}

// Seat constructors for StartRequest.Seats.
func PlayerSeat(playerID string) session.Seat {
	return session.Seat{Kind: session.Person, PlayerID: playerID}
}
func GuestSeat(name string) session.Seat { return session.Seat{Kind: session.Guest, Name: name} }
func BotSeat(level engine.Level) session.Seat {
	return session.Seat{Kind: session.Bot, BotLevel: level}
}

// StartRequest describes a new session.
type StartRequest struct {
	TableID int64
	Game    string
	Options map[string]string // missing options take the game's defaults
	Seats   []session.Seat    // seat i plays engine.Seat(i)
}

// Start creates a session, stores it and starts its bots.
func (h *Host) Start(ctx context.Context, req StartRequest) (*Session, error) {
	rules, err := h.cfg.Games.Get(req.Game)
	if err != nil {
		return nil, fmt.Errorf("start session: %w", err)
	}
	setup, err := rules.Info().CheckSetup(engine.Setup{Seats: len(req.Seats), Options: req.Options, Seed: h.cfg.NewSeed()})
	if err != nil {
		return nil, fmt.Errorf("start session: %w", err)
	}
	// Store the options complete, so a replay does not depend on defaults
	// a later version might change.
	rec := session.Record{TableID: req.TableID, Game: req.Game, Options: setup.Setup().Options,
		Seed: setup.Seed(), Seats: req.Seats, StartedAt: h.cfg.Now()}
	state, err := rules.New(setup)
	if err != nil {
		return nil, fmt.Errorf("start session: %w", err)
	}
	s, err := newSession(h, rules, rec, state, 0)
	if err != nil {
		return nil, fmt.Errorf("start session: %w", err)
	}
	if s.rec, err = h.cfg.Store.CreateSession(ctx, rec); err != nil {
		return nil, fmt.Errorf("start session: %w", err)
	}
	s.id = s.rec.ID
	h.adopt(s)
	return s, nil
}

// adopt makes s live: findable, and its bots running.
func (h *Host) adopt(s *Session) {
	h.mu.Lock()
	h.sessions[s.id] = s
	h.mu.Unlock()
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		s.runBots(h.ctx)
	}()
}

// drop forgets a session that is over.
func (h *Host) drop(id string) {
	h.mu.Lock()
	delete(h.sessions, id)
	h.mu.Unlock()
}
