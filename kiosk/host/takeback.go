package host

import (
	"context"
	"errors"
	"fmt"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
)

// TakeBackUpdate is an Update of a take-back: asked, refused, or agreed
// (then the log has one entry more and View shows the position before the
// move taken back).
const TakeBackUpdate UpdateKind = 100

// Errors of take-backs.
var (
	// ErrNoTakeBack: this game has no take-backs, or the move cannot be
	// taken back now (not the asker's, already followed by another move).
	ErrNoTakeBack = errors.New("no take-back possible now")
	// ErrNotAsked: there is no take-back to answer, or the answer is the
	// asker's own.
	ErrNotAsked = errors.New("no take-back asked of this seat")
)

// TakesBack reports whether rules' game allows take-backs by agreement:
// only games whose every seat sees everything (Info.AllPublic: Canoë,
// Canyon duel), since no move there revealed anything or drew anything.
// The card games allow none (docs/rules/takeback.md says why).
func TakesBack(rules engine.Rules) bool { return rules.Info().AllPublic }

// TakeBack is an open request to take back the last move.
type TakeBack struct {
	Seat engine.Seat // who asks: the seat that made the last move
	At   int         // the log's length when asked; a later move ends it
}

// Asked is the open take-back request, if any.
func (s *Session) Asked() (TakeBack, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.asked == nil || s.asked.At != s.seq {
		return TakeBack{}, false
	}
	return *s.asked, true
}

// AskedBy is the seat whose take-back request is open, if any.
func (s *Session) AskedBy() (engine.Seat, bool) {
	tb, ok := s.Asked()
	return tb.Seat, ok
}

// CanTakeBack reports whether seat may ask to take its last move back now:
// the game allows it, the session is live, the last move standing is
// seat's and nothing was played since.
func (s *Session) CanTakeBack(seat engine.Seat) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.canTakeBackLocked(seat)
}

func (s *Session) canTakeBackLocked(seat engine.Seat) bool {
	if !TakesBack(s.rules) || s.status != session.Active || len(s.standing) == 0 || !s.lastWasMove {
		return false
	}
	if _, over := s.state.Result(); over {
		return false
	}
	return s.standing[len(s.standing)-1].Seat == seat
}

// AskTakeBack asks, for seat, to take back the move seat just made. The
// other player answers with AnswerTakeBack; a bot agrees at once. The
// request ends with the next move. It is not logged: only an agreed
// take-back is.
func (s *Session) AskTakeBack(ctx context.Context, seat engine.Seat) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.canTakeBackLocked(seat) {
		return fmt.Errorf("take back for %v: %w", seat, ErrNoTakeBack)
	}
	s.asked = &TakeBack{Seat: seat, At: s.seq}
	if s.othersAreBotsLocked(seat) {
		return s.takeBackLocked(ctx)
	}
	s.publish(Update{Kind: TakeBackUpdate, Seq: s.seq, Seat: seat}, nil)
	return nil
}

// othersAreBotsLocked reports whether every seat but seat is a bot's.
func (s *Session) othersAreBotsLocked(seat engine.Seat) bool {
	for i := range s.rec.Seats {
		if engine.Seat(i) == seat {
			continue
		}
		if _, bot := s.bots[engine.Seat(i)]; !bot {
			return false
		}
	}
	return true
}

// AnswerTakeBack is seat's answer to the open request: agreed, the move
// is taken back (logged, then told); refused, the request ends.
func (s *Session) AnswerTakeBack(ctx context.Context, seat engine.Seat, agree bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.asked == nil || s.asked.At != s.seq || s.asked.Seat == seat || s.status != session.Active {
		return fmt.Errorf("answer a take-back for %v: %w", seat, ErrNotAsked)
	}
	if !agree {
		asker := s.asked.Seat
		s.asked = nil
		s.publish(Update{Kind: TakeBackUpdate, Seq: s.seq, Seat: asker}, nil)
		return nil
	}
	return s.takeBackLocked(ctx)
}

// takeBackLocked takes the asked move back: the log gets a take-back
// entry with the hash of the position before the move, then the session
// adopts that position. s.mu is held.
func (s *Session) takeBackLocked(ctx context.Context) error {
	asker := s.asked.Seat
	standing := s.standing[:len(s.standing)-1]
	state, err := engine.Replay(s.rules, s.setup(), standing)
	if err != nil {
		return fmt.Errorf("take back: %w", err)
	}
	js, err := engine.EncodeTakeBack(s.rules.Info().ID, asker)
	if err != nil {
		return fmt.Errorf("take back: %w", err)
	}
	entry := session.Move{Seq: s.seq + 1, Seat: asker, JSON: js, StateHash: state.Hash(), PlayedAt: s.host.cfg.Now()}
	if err := s.host.cfg.Store.AppendMove(context.WithoutCancel(ctx), s.id, entry); err != nil {
		return fmt.Errorf("take back: %w", err)
	}
	s.state, s.seq, s.standing, s.asked, s.lastWasMove = state, entry.Seq, standing, nil, false
	s.publish(Update{Kind: TakeBackUpdate, Seq: s.seq, Seat: asker}, nil)
	s.poke()
	return nil
}

// setup is the session's game setup, for replays.
func (s *Session) setup() engine.Setup {
	return engine.Setup{Seats: len(s.rec.Seats), Options: s.rec.Options, Seed: s.rec.Seed}
}
