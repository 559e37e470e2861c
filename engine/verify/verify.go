// Package verify replays a finished game from what a venue event says of
// it — its game, options, seed and move log — through the game's own
// rules, and says whether the results the event claims follow from its
// moves (docs/venue.md, "Every node checks what it is told"). It knows
// nothing of streams or SQL: the venue's loaders give it the event's
// fields and keep aside what it refuses.
package verify

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/sheet"
)

// Claim is what an event says of one finished game.
type Claim struct {
	Game    string
	Options map[string]string
	Seed    uint64
	// Logged says the event carries a move log (Moves, possibly empty):
	// events of earlier builds carry none and cannot be checked.
	Logged bool
	// Moves is the log in the engine's stored form (engine.EncodeMove,
	// engine.EncodeTakeBack), take-backs included, in order.
	Moves []json.RawMessage
	// Reason is how the event says the game ended.
	Reason string
	// Seats are the event's seats in order, with their results.
	Seats []Seat
}

// Seat is one seat's claimed result.
type Seat struct {
	Score  int
	Rank   int
	Winner bool
}

// Refusal is why a claim is not taken as verified: a value the loaders
// store and the staff's pages name in their words ("" for a verified
// claim).
type Refusal string

const (
	// Verified: the replay ends where the claim says, with its results.
	Verified Refusal = ""
	// NotReplayable: a shelf game's play (the score sheet), whose sheet
	// may be the staff's own at that table and whose entries are the
	// seats' word: nothing to replay (its seats sign their results
	// instead). Not a refusal: the loaders take it as it is.
	NotReplayable Refusal = "not-replayable"
	// Unverified: the event carries no move log (an earlier build's).
	Unverified Refusal = "unverified"
	// UnknownGame: no rules of that game here.
	UnknownGame Refusal = "unknown-game"
	// BadSetup: the seats or options are not a setup of the game.
	BadSetup Refusal = "bad-setup"
	// BadMove: a log entry that is not a move of the game (or a
	// take-back of a move not the seat's).
	BadMove Refusal = "bad-move"
	// IllegalMove: a move the rules refuse where it stands.
	IllegalMove Refusal = "illegal-move"
	// MovesAfterEnd: moves logged after the game was over.
	MovesAfterEnd Refusal = "moves-after-end"
	// NotOver: the log stops before the game's end (cut short).
	NotOver Refusal = "not-over"
	// WrongResult: the game ends, with other results than the claim's.
	WrongResult Refusal = "wrong-result"
)

// Refusals lists every refusal in the order the staff's pages explain
// them (the tests check each has its text).
func Refusals() []Refusal {
	return []Refusal{Unverified, UnknownGame, BadSetup, BadMove, IllegalMove, MovesAfterEnd, NotOver, WrongResult}
}

// Verdict is what the replay found.
type Verdict struct {
	Refusal Refusal
	// Move is the 1-based index in the log of the entry refused (BadMove,
	// IllegalMove, MovesAfterEnd), 0 otherwise.
	Move int
	// Detail says what was found, for the log and the staff (no engine
	// notation: seats by number, numbers only).
	Detail string
	// Result is the result the moves give, when the replay ended.
	Result engine.Result
}

// Taken says the loaders may take the event as the venue's: verified, or
// a play that cannot be replayed.
func (v Verdict) Taken() bool { return v.Refusal == Verified || v.Refusal == NotReplayable }

// Check replays c through games' rules and compares the result with c's
// seats. It never panics on what a claim holds: a game whose rules fail
// on a crafted move is refused as a bad move.
func Check(games *engine.Registry, c Claim) (v Verdict) {
	if c.Game == sheet.ID {
		return Verdict{Refusal: NotReplayable, Detail: "a shelf game's score sheet"}
	}
	if !c.Logged {
		return Verdict{Refusal: Unverified, Detail: "the event carries no move log"}
	}
	rules, err := games.Get(c.Game)
	if err != nil {
		return Verdict{Refusal: UnknownGame, Detail: fmt.Sprintf("no game %q here", c.Game)}
	}
	state, err := engine.NewGame(rules, engine.Setup{Seats: len(c.Seats), Options: c.Options, Seed: c.Seed})
	if err != nil {
		return Verdict{Refusal: BadSetup, Detail: err.Error()}
	}
	records := make([]engine.Record, len(c.Moves))
	at := make([]int, 0, len(c.Moves)) // the log index of each standing move
	for i, raw := range c.Moves {
		r, err := decode(rules, raw)
		if err != nil {
			return Verdict{Refusal: BadMove, Move: i + 1, Detail: fmt.Sprintf("entry %d: %v", i+1, err)}
		}
		if int(r.Seat) < 0 || int(r.Seat) >= len(c.Seats) {
			return Verdict{Refusal: BadMove, Move: i + 1, Detail: fmt.Sprintf("entry %d: seat %d of %d", i+1, r.Seat, len(c.Seats))}
		}
		records[i] = r
		if r.TakeBack {
			if len(at) == 0 || records[at[len(at)-1]].Seat != r.Seat {
				return Verdict{Refusal: BadMove, Move: i + 1, Detail: fmt.Sprintf("entry %d takes back a move that is not its seat's", i+1)}
			}
			at = at[:len(at)-1]
			continue
		}
		at = append(at, i)
	}
	for _, i := range at {
		if _, over := state.Result(); over {
			return Verdict{Refusal: MovesAfterEnd, Move: i + 1, Detail: fmt.Sprintf("entry %d comes after the end", i+1)}
		}
		if err := step(state, records[i]); err != nil {
			return Verdict{Refusal: IllegalMove, Move: i + 1, Detail: fmt.Sprintf("entry %d, seat %d: %v", i+1, records[i].Seat+1, err)}
		}
	}
	res, over := state.Result()
	if !over {
		return Verdict{Refusal: NotOver, Detail: fmt.Sprintf("the game is not over after %d entries", len(c.Moves))}
	}
	if d := differs(res, c); d != "" {
		return Verdict{Refusal: WrongResult, Detail: d, Result: res}
	}
	return Verdict{Result: res}
}

// decode reads one log entry, a panic of the game's decoder a refusal.
func decode(rules engine.Rules, raw json.RawMessage) (r engine.Record, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the rules could not read it (%v)", p)
		}
	}()
	return engine.DecodeMove(rules, raw)
}

// step makes one move, a panic of the game's rules a refusal.
func step(s engine.State, r engine.Record) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the rules failed on it (%v)", p)
		}
	}()
	return engine.Step(s, r.Seat, r.Move)
}

// differs says how c's results differ from res, "" if they do not.
func differs(res engine.Result, c Claim) string {
	if res.Reason != c.Reason {
		return fmt.Sprintf("the game ended by %q, the event says %q", res.Reason, c.Reason)
	}
	if len(res.Scores) != len(c.Seats) || len(res.Ranks) != len(c.Seats) {
		return fmt.Sprintf("the moves give results for %d seats, the event has %d", len(res.Scores), len(c.Seats))
	}
	for i, s := range c.Seats {
		switch {
		case s.Score != res.Scores[i]:
			return fmt.Sprintf("seat %d: score %d, the moves give %d", i+1, s.Score, res.Scores[i])
		case s.Rank != res.Ranks[i]:
			return fmt.Sprintf("seat %d: rank %d, the moves give %d", i+1, s.Rank, res.Ranks[i])
		case s.Winner != slices.Contains(res.Winners, engine.Seat(i)):
			return fmt.Sprintf("seat %d: winner %t, the moves say %t", i+1, s.Winner, !s.Winner)
		}
	}
	return ""
}
