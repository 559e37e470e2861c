package enginetest

import (
	"fmt"
	"reflect"

	"github.com/tablee/tablee/engine"
)

// foreign is a move of no game: every game refuses it.
type foreign struct{}

func (foreign) String() string { return "foreign" }

// checkSteps plays one game of random moves from setup twice, when the
// game's states are engine.Steppers (every game here is), through
// Apply and through Step, and checks that both reach the same state (hash,
// turn, plies) at every ply and the same result. At every ply it also
// offers both paths, each on its own clone, moves that may be refused:
// the move by a seat not to decide, a move played earlier, a move of no
// game. Step must answer each exactly as Apply does (the same error, or
// none and the same state) and leave the state unchanged when it refuses.
func checkSteps(rules engine.Rules, setup engine.Setup, maxPlies int) error {
	loud, err := engine.NewGame(rules, setup)
	if err != nil {
		return fmt.Errorf("new game: %w", err)
	}
	quiet, _ := engine.NewGame(rules, setup)
	if _, ok := quiet.(engine.Stepper); !ok {
		return nil // Apply is then the only way; engine.Step falls back on it
	}
	rng := engine.NewRNG(setup.Seed, 78)
	var earlier []engine.Move
	for ply := 0; ply < maxPlies; ply++ {
		if err := sameState(loud, quiet); err != nil {
			return fmt.Errorf("ply %d: %w", ply, err)
		}
		seat := loud.Turn()
		if seat == engine.NoSeat {
			break
		}
		legal := loud.Legal()
		if len(legal) == 0 {
			return fmt.Errorf("ply %d: game not over but %v has no legal move", ply, seat)
		}
		m := legal[rng.IntN(len(legal))]
		tries := []engine.Record{{Seat: (seat + 1) % engine.Seat(setup.Seats), Move: m}, {Seat: seat, Move: foreign{}}}
		if len(earlier) > 0 {
			tries = append(tries, engine.Record{Seat: seat, Move: earlier[rng.IntN(len(earlier))]})
		}
		for _, r := range tries {
			if err := sameAnswer(loud, quiet, r); err != nil {
				return fmt.Errorf("ply %d: %w", ply, err)
			}
		}
		if _, err := loud.Apply(seat, m); err != nil {
			return fmt.Errorf("ply %d: Apply refused the legal %v: %w", ply, m, err)
		}
		if err := quiet.(engine.Stepper).Step(seat, m); err != nil {
			return fmt.Errorf("ply %d: Step refused the legal %v: %w", ply, m, err)
		}
		earlier = append(earlier, m)
	}
	return nil
}

// sameState checks that the states Apply and Step reached are the same.
func sameState(loud, quiet engine.State) error {
	if lh, qh := loud.Hash(), quiet.Hash(); lh != qh {
		return fmt.Errorf("stepping reached another state than Apply after %d plies (hash %.12s, not %.12s)", loud.Plies(), qh, lh)
	}
	if loud.Turn() != quiet.Turn() || loud.Plies() != quiet.Plies() {
		return fmt.Errorf("after Step: turn %v, %d plies; after Apply: turn %v, %d plies", quiet.Turn(), quiet.Plies(), loud.Turn(), loud.Plies())
	}
	lr, lover := loud.Result()
	qr, qover := quiet.Result()
	if lover != qover || !reflect.DeepEqual(lr, qr) {
		return fmt.Errorf("after Step the result is %+v (over %v); after Apply %+v (over %v)", qr, qover, lr, lover)
	}
	return nil
}

// sameAnswer offers r to a clone of each state, through Apply and through
// Step, and checks that both answer alike.
func sameAnswer(loud, quiet engine.State, r engine.Record) error {
	lc, qc := loud.Clone(), quiet.Clone()
	before := qc.Hash()
	_, lerr := lc.Apply(r.Seat, r.Move)
	qerr := qc.(engine.Stepper).Step(r.Seat, r.Move)
	switch {
	case (lerr == nil) != (qerr == nil):
		return fmt.Errorf("%v playing %v: Apply says %v, Step says %v", r.Seat, r.Move, lerr, qerr)
	case lerr != nil && (lerr.Error() != qerr.Error() || engine.RuleOf(lerr) != engine.RuleOf(qerr)):
		return fmt.Errorf("%v playing %v: Apply refuses with %q (rule %q), Step with %q (rule %q)",
			r.Seat, r.Move, lerr, engine.RuleOf(lerr), qerr, engine.RuleOf(qerr))
	case lerr != nil && qc.Hash() != before:
		return fmt.Errorf("%v playing %v: the refused Step changed the state", r.Seat, r.Move)
	}
	if err := sameState(lc, qc); err != nil {
		return fmt.Errorf("%v playing %v: %w", r.Seat, r.Move, err)
	}
	return nil
}
