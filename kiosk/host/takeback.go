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

// Errors of take-backs. Each refusal wraps one of them and an
// *engine.RuleError naming the rule (Rule* below), so a phone hears why in
// its own language, as with a move.
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

// TakeBackState says where take-backs stand for one viewer.
type TakeBackState int

// Where take-backs stand for a viewer (TakeBackView.State).
const (
	TakeBackNone    TakeBackState = iota // nothing to say
	TakeBackMay                          // the viewer made the last move and may ask it back
	TakeBackAsked                        // Seat asked to take back the move of Seq
	TakeBackRefused                      // Seat's request for the move of Seq was refused
)

// TakeBackView is what one viewer may know of take-backs now: "may" only
// in the view of the seat that just moved; an open or refused request in
// every view (the games with take-backs show everything to everyone), the
// other player being the one to answer.
type TakeBackView struct {
	State TakeBackState
	Seat  engine.Seat // the seat that moved and asks (or may ask)
	Seq   int         // the version the move made: the log's length after it
	Move  engine.Move // the move concerned, as played
}

// takeBackViewLocked is viewer's TakeBackView. s.mu is held.
func (s *Session) takeBackViewLocked(viewer engine.Seat) TakeBackView {
	if !TakesBack(s.rules) || len(s.standing) == 0 {
		return TakeBackView{Seat: engine.NoSeat}
	}
	last := s.standing[len(s.standing)-1]
	tv := TakeBackView{Seat: last.Seat, Seq: s.seq, Move: last.Move}
	switch {
	case s.asked != nil && s.asked.At == s.seq:
		tv.State = TakeBackAsked
	case s.refused != nil && s.refused.At == s.seq:
		tv.State = TakeBackRefused
	case viewer == last.Seat && s.canTakeBackLocked(viewer):
		tv.State = TakeBackMay
	default:
		return TakeBackView{Seat: engine.NoSeat}
	}
	return tv
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

// RefusedTo is the seat whose take-back request was just refused, until
// the next move or request.
func (s *Session) RefusedTo() (engine.Seat, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.refused == nil || s.refused.At != s.seq || s.asked != nil && s.asked.At == s.seq {
		return engine.NoSeat, false
	}
	return s.refused.Seat, true
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
	return s.whyNoTakeBackLocked(seat, s.seq) == nil
}

// whyNoTakeBackLocked is why seat may not ask back the move that made the
// log's length seq, nil if it may. s.mu is held.
func (s *Session) whyNoTakeBackLocked(seat engine.Seat, seq int) error {
	if !TakesBack(s.rules) {
		return engine.Broken(engine.RuleTakeBackNone, "%s takes no move back", s.rules.Info().ID)
	}
	if _, over := s.state.Result(); over || s.status.Ended() {
		return engine.Broken(engine.RuleGameOver, "the game is over: its last move stands")
	}
	if s.status != session.Active {
		return ErrNotActive
	}
	if seq != s.seq {
		return engine.Broken(engine.RuleTakeBackStale, "move %d is no longer the last: the log holds %d", seq, s.seq)
	}
	if len(s.standing) == 0 || !s.lastWasMove || s.standing[len(s.standing)-1].Seat != seat {
		return engine.Broken(engine.RuleTakeBackNotLast, "%s did not make the last move", seat)
	}
	return nil
}

// AskTakeBack asks, for seat, to take back the move seat just made. The
// other player answers with AnswerTakeBack; a bot agrees at once. The
// request ends with the next move. It is not logged: only an agreed
// take-back is.
func (s *Session) AskTakeBack(ctx context.Context, seat engine.Seat) error {
	s.mu.Lock()
	seq := s.seq
	s.mu.Unlock()
	return s.AskTakeBackOf(ctx, seat, seq)
}

// AskTakeBackOf is AskTakeBack for the move that made the log's length
// seq, as a phone names it (the version of the view it saw): a request
// for a move no longer the last is refused (engine.RuleTakeBackStale), never
// turned into a request for another.
func (s *Session) AskTakeBackOf(ctx context.Context, seat engine.Seat, seq int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.whyNoTakeBackLocked(seat, seq); err != nil {
		return fmt.Errorf("take back for %v: %w: %w", seat, ErrNoTakeBack, err)
	}
	s.asked, s.refused = &TakeBack{Seat: seat, At: s.seq}, nil
	if s.othersAreBotsLocked(seat) {
		return s.takeBackLocked(ctx, seat)
	}
	s.publish(Update{Kind: TakeBackUpdate, Seq: s.seq, Seat: seat, By: seat}, nil)
	return nil
}

// ReopenTakeBack opens again tb, a request that was open when the kiosk
// stopped: the log does not hold requests (only agreed take-backs), so
// the table server keeps the open one with the seating and hands it back
// after a restart. It is refused (engine.RuleTakeBackStale, or the rule
// that forbids it now) unless the move it asks back is still the last,
// and the asker's; the session may be paused, waiting for its phones.
func (s *Session) ReopenTakeBack(tb TakeBack) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	// Checked as if active: a paused game keeps its last move.
	status := s.status
	if status == session.Paused {
		s.status = session.Active
	}
	err := s.whyNoTakeBackLocked(tb.Seat, tb.At)
	s.status = status
	if err != nil {
		return fmt.Errorf("reopen the take-back of %v: %w: %w", tb.Seat, ErrNoTakeBack, err)
	}
	s.asked, s.refused = &TakeBack{Seat: tb.Seat, At: tb.At}, nil
	s.publish(Update{Kind: TakeBackUpdate, Seq: s.seq, Seat: tb.Seat, By: tb.Seat}, nil)
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
	seq := s.seq
	s.mu.Unlock()
	return s.AnswerTakeBackOf(ctx, seat, seq, agree)
}

// AnswerTakeBackOf is AnswerTakeBack to the request for the move that
// made the log's length seq, as a phone names it: an answer to a request
// that a move ended is refused (engine.RuleTakeBackStale), never applied to a
// newer one.
func (s *Session) AnswerTakeBackOf(ctx context.Context, seat engine.Seat, seq int, agree bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	fail := func(err error) error {
		return fmt.Errorf("answer a take-back for %v: %w: %w", seat, ErrNotAsked, err)
	}
	switch {
	case s.status.Ended():
		return fail(engine.Broken(engine.RuleGameOver, "the game is over"))
	case s.status != session.Active:
		return fail(ErrNotActive)
	case seq != s.seq:
		return fail(engine.Broken(engine.RuleTakeBackStale, "the request for move %d ended: the log holds %d", seq, s.seq))
	case s.asked == nil || s.asked.At != s.seq:
		return fail(engine.Broken(engine.RuleTakeBackNotAsked, "no take-back is asked"))
	case s.asked.Seat == seat:
		return fail(engine.Broken(engine.RuleTakeBackNotAsked, "%s cannot answer its own request", seat))
	}
	if !agree {
		asker := s.asked.Seat
		s.asked, s.refused = nil, &TakeBack{Seat: asker, At: s.seq}
		s.publish(Update{Kind: TakeBackUpdate, Seq: s.seq, Seat: asker, By: seat}, nil)
		return nil
	}
	return s.takeBackLocked(ctx, seat)
}

// takeBackLocked takes the asked move back, by's answer (or ask, when a
// bot agreed): the log gets a take-back entry with the hash of the
// position before the move, then the session adopts that position. s.mu
// is held.
func (s *Session) takeBackLocked(ctx context.Context, by engine.Seat) error {
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
	s.state, s.seq, s.standing, s.asked, s.refused, s.lastWasMove = state, entry.Seq, standing, nil, nil, false
	s.publish(Update{Kind: TakeBackUpdate, Seq: s.seq, Seat: asker, By: by}, nil)
	s.poke()
	return nil
}

// setup is the session's game setup, for replays.
func (s *Session) setup() engine.Setup {
	return engine.Setup{Seats: len(s.rec.Seats), Options: s.rec.Options, Seed: s.rec.Seed}
}
