package host

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/bot"
	"github.com/tablee/tablee/session"
)

// HintBudget is how long the default bot may think over a hint: the answer
// must reach the phone within a second.
const HintBudget = 600 * time.Millisecond

// Hint suggests a move to seat, whose turn it is: the move the game's
// default bot would make from seat's own view (bot.Hint), so it reveals
// nothing hidden. It counts the hint in the session's record. A seat not
// to move is refused with not-your-turn; a rated game, when the staff
// turned hints off there (Config.HintsInRated), with engine.RuleHintsOff.
func (s *Session) Hint(ctx context.Context, seat engine.Seat) (engine.Move, error) {
	s.mu.Lock()
	status, isBot := s.status, s.bots[seat] != nil
	turn, view, rated := s.state.Turn(), engine.View(nil), ratedLocked(s.rec)
	if turn == seat {
		view = s.state.View(seat)
	}
	s.mu.Unlock()
	switch {
	case status != session.Active:
		return nil, fmt.Errorf("hint: session %s is %s: %w", s.id, status, ErrNotActive)
	case isBot:
		return nil, fmt.Errorf("hint for %v: %w", seat, ErrBotSeat)
	case view == nil:
		return nil, engine.NotYourTurn(seat, turn)
	case rated && s.host.cfg.HintsInRated != nil && !s.host.cfg.HintsInRated(ctx):
		return nil, engine.Broken(engine.RuleHintsOff, "the staff turned hints off in rated games")
	}
	bctx, cancel := bot.WithBudget(ctx, HintBudget)
	defer cancel()
	m, err := bot.Hint(bctx, s.rules, view, hintSeed(s.id, seat, view))
	if err != nil {
		return nil, err
	}
	if err := s.host.cfg.Store.AddHint(context.WithoutCancel(ctx), s.id, int(seat)); err != nil {
		return nil, fmt.Errorf("hint: %w", err)
	}
	s.mu.Lock()
	// Copied on write: Record hands out the slice.
	seats := append([]session.Seat(nil), s.rec.Seats...)
	if int(seat) < len(seats) {
		seats[seat].Hints++
	}
	s.rec.Seats = seats
	s.mu.Unlock()
	return m, nil
}

// ratedLocked reports whether rec's game will be rated: two known players
// at least.
func ratedLocked(rec session.Record) bool {
	n := 0
	for _, st := range rec.Seats {
		if st.Kind == session.Person {
			n++
		}
	}
	return n >= 2
}

// hintSeed fixes a hint's bot from what the seat knows: the session, the
// seat and the view's own JSON (never the game's seed, which decides the
// hidden deal), so asking twice gives the same hint.
func hintSeed(id string, seat engine.Seat, v engine.View) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%d/", id, seat)
	if js, err := json.Marshal(v); err == nil {
		h.Write(js)
	}
	return h.Sum64()
}
