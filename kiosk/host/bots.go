package host

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/bot"
	"github.com/tablee/tablee/session"
)

// runBots plays the bot seats of s until the session ends or ctx is done.
// A bot decides outside the session's lock, from its seat's view only; if
// someone else moved meanwhile, its decision is dropped and it thinks again.
func (s *Session) runBots(ctx context.Context) {
	// No early return without bots: a seat may be handed to one later.
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.wake:
		}
		for {
			seat, b, view, seq, status := s.botTurn()
			if status.Ended() || status == session.Broken {
				return
			}
			if view == nil {
				if idle := s.host.botsIdle; idle != nil {
					idle(s.id, status)
				}
				break // a person's turn, or paused: wait for the next change
			}
			if err := s.botMove(ctx, seat, b, view, seq); err != nil {
				if ctx.Err() != nil {
					return
				}
				s.host.cfg.OnError(s.id, err)
				break
			}
		}
	}
}

// botTurn returns the bot seat to move now, its bot and its view, if a bot
// is to move.
func (s *Session) botTurn() (engine.Seat, engine.Bot, engine.View, int, session.Status) {
	s.mu.Lock()
	defer s.mu.Unlock()
	seat := s.state.Turn()
	b, ok := s.bots[seat]
	if !ok || s.status != session.Active {
		return seat, nil, nil, s.seq, s.status
	}
	return seat, b, s.state.View(seat), s.seq, s.status
}

func (s *Session) botMove(ctx context.Context, seat engine.Seat, b engine.Bot, view engine.View, seq int) error {
	if d := s.host.cfg.BotDelay; d > 0 {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(d):
		}
	}
	think, cancel := bot.WithBudget(ctx, s.host.cfg.BotBudget)
	m, err := b.Choose(think, view)
	cancel()
	if err != nil {
		return fmt.Errorf("%v's bot: %w", seat, err)
	}
	err = s.play(ctx, seat, m, seq)
	if errors.Is(err, errStale) || errors.Is(err, ErrNotActive) {
		return nil // the state moved on; look again
	}
	if err != nil {
		return fmt.Errorf("%v's bot played %v: %w", seat, m, err)
	}
	return nil
}

// botSeed gives each bot seat of a session its own stream, so two bots of
// a level differ, and a resumed session's bots are the same as before.
func botSeed(rec session.Record, seat int) uint64 {
	return rec.Seed ^ uint64(seat+1)*0x9e3779b97f4a7c15
}

// HandToBot gives seat to a bot of level for the rest of the game, as the
// kiosk offers when a phone stayed away. The change is stored, so a
// resumed session keeps the bot.
func (s *Session) HandToBot(ctx context.Context, seat engine.Seat, level engine.Level) error {
	b, err := bot.New(s.rules, level, botSeed(s.Record(), int(seat)))
	if err != nil {
		return fmt.Errorf("hand %v to a bot: %w", seat, err)
	}
	if err := s.setSeat(ctx, seat, session.Seat{Kind: session.Bot, BotLevel: level}); err != nil {
		return err
	}
	s.mu.Lock()
	s.bots[seat] = b
	// A bot agrees to a take-back at once, also one its seat's player
	// left unanswered: the request would otherwise wait for an answer
	// nobody can give, until the bot's own move ends it.
	if s.asked != nil && s.asked.At == s.seq && s.asked.Seat != seat && s.othersAreBotsLocked(s.asked.Seat) {
		if err := s.takeBackLocked(ctx, seat); err != nil {
			s.mu.Unlock()
			return fmt.Errorf("hand %v to a bot: %w", seat, err)
		}
	}
	s.mu.Unlock()
	s.poke()
	return nil
}

// SeatPlayer seats the player whose phone holds key at seat, under the
// nickname they typed (the database adds the player on the key's first
// use). It reports whether the seat is the player's, to be rated; a
// player already seated at this session (the same phone twice) gets a
// guest seat instead.
func (s *Session) SeatPlayer(ctx context.Context, seat engine.Seat, key, name string) (bool, error) {
	id, err := s.host.cfg.Store.PlayerForKey(ctx, key, name, s.host.cfg.Now())
	if err != nil {
		return false, fmt.Errorf("seat %v: %w", seat, err)
	}
	for i, st := range s.Record().Seats {
		if st.Kind == session.Person && st.PlayerID == id && i != int(seat) {
			return false, s.NameGuest(ctx, seat, name)
		}
	}
	return true, s.setSeat(ctx, seat, session.Seat{Kind: session.Person, PlayerID: id})
}

// Outcome is what the finished game meant for the player at seat (rating
// change, place on the board); false for a seat that was not rated.
func (s *Session) Outcome(ctx context.Context, seat engine.Seat) (session.Outcome, bool, error) {
	return s.host.cfg.Store.RatedOutcome(ctx, s.id, int(seat))
}

// NameGuest stores the nickname a guest chose for seat, for the logs.
func (s *Session) NameGuest(ctx context.Context, seat engine.Seat, name string) error {
	return s.setSeat(ctx, seat, session.Seat{Kind: session.Guest, Name: name})
}

func (s *Session) setSeat(ctx context.Context, seat engine.Seat, st session.Seat) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !seat.Valid(len(s.rec.Seats)) {
		return fmt.Errorf("set %v: the session has %d seats", seat, len(s.rec.Seats))
	}
	if s.status.Ended() || s.status == session.Broken {
		return fmt.Errorf("set %v: %w", seat, ErrNotActive)
	}
	if _, ok := s.bots[seat]; ok {
		return fmt.Errorf("set %v: %w", seat, ErrBotSeat)
	}
	if err := s.host.cfg.Store.SetSeat(ctx, s.id, int(seat), st); err != nil {
		return err
	}
	seats := append([]session.Seat(nil), s.rec.Seats...)
	st.Hints = seats[seat].Hints
	seats[seat] = st
	s.rec.Seats = seats
	return nil
}
