package canaille

import (
	"context"
	"fmt"

	"github.com/tablee/tablee/engine"
)

// Bot offers the game's own bot as engine.LevelDefault.
func (r Rules) Bot(level engine.Level, seed uint64) (engine.Bot, bool) {
	if level != engine.LevelDefault {
		return nil, false
	}
	return NewBot(seed), true
}

// Bot plays from its view only. A sentence (and the naming of another
// fisher or the sharing of seen fog cards) is chosen by trying each option
// on a few determinized states, in which the rest of the sentence is played
// by simple rules; smaller decisions follow those rules directly: release
// the smallest fish, bin the worst trash, keep the cards that fish.
type Bot struct {
	rng     engine.RNG
	Samples int // determinized states per decision
}

// NewBot returns a default bot whose choices are fixed by seed.
func NewBot(seed uint64) *Bot { return &Bot{rng: engine.NewRNG(seed, 2), Samples: 8} }

// Choose picks a move for v's viewer.
func (b *Bot) Choose(ctx context.Context, v engine.View) (engine.Move, error) {
	cv, ok := v.(*View)
	if !ok || cv == nil {
		return nil, fmt.Errorf("canaille bot: not a Canaille view: %T", v)
	}
	if len(cv.Moves) == 0 {
		return nil, fmt.Errorf("canaille bot: %v has no legal move", cv.For)
	}
	if len(cv.Moves) == 1 {
		return cv.Moves[0], nil
	}
	switch cv.Phase {
	case "sentence", "target", "give":
		return b.search(ctx, cv)
	case "swap":
		return worstCardMove(cv.Moves), nil
	case "refill":
		return refillMove(cv), nil
	}
	// release, return, bin: the same rule the search uses for everyone.
	return cheapestLoss(cv.Moves), nil
}

// search tries every legal move on the same determinized states and keeps
// the one with the best mean outcome for the viewer.
func (b *Bot) search(ctx context.Context, v *View) (Move, error) {
	worlds := make([]*State, 0, b.Samples)
	for range b.Samples {
		d, err := determinize(v, &b.rng)
		if err != nil {
			return Move{}, err
		}
		worlds = append(worlds, d)
	}
	best, bestVal := v.Moves[0], -1e18
	for _, m := range v.Moves {
		if ctx.Err() != nil {
			break
		}
		total := 0.0
		for _, w := range worlds {
			total += playOut(w.clone(), v.For, m)
		}
		if total > bestVal {
			best, bestVal = m, total
		}
	}
	return best, nil
}

// playOut makes m, lets simple rules finish the sentence and judges the
// position for me. It steps: nobody reads the events of a try.
func playOut(s *State, me engine.Seat, m Move) float64 {
	if err := s.Step(s.Turn(), m); err != nil {
		return -1e9
	}
	for s.phase != phaseOver && len(s.sentence) > 0 {
		if err := s.Step(s.Turn(), ruleMove(s)); err != nil {
			return -1e9
		}
	}
	return judge(s, me)
}

// judge is the viewer's lead in points, and a large bonus or malus once the
// game is over.
func judge(s *State, me engine.Seat) float64 {
	if res, over := s.Result(); over {
		v := float64(lead(res.Scores, me))
		switch {
		case res.Won(me) && len(res.Winners) == 1:
			return v + 100
		case res.Won(me):
			return v + 20
		}
		return v - 100
	}
	scores := make([]int, s.n)
	for p := range scores {
		scores[p] = s.Score(engine.Seat(p))
	}
	return float64(lead(scores, me))
}

// lead is me's score minus the best other score.
func lead(scores []int, me engine.Seat) int {
	best := -1 << 30
	for p, sc := range scores {
		if engine.Seat(p) != me && sc > best {
			best = sc
		}
	}
	return scores[me] - best
}

// ruleMove is the simple rule a playout follows for any seat's decision
// inside a sentence.
func ruleMove(s *State) Move {
	legal := s.legal()
	switch s.phase {
	case phaseTarget:
		return targetMove(s, legal)
	case phaseGive:
		return giveMove(s, legal)
	}
	return cheapestLoss(legal)
}

// cheapestLoss releases or returns the smallest fish, stops releasing as
// soon as allowed, and bins the worst trash.
func cheapestLoss(legal []Move) Move {
	best, bestVal := legal[0], 1<<30
	for _, m := range legal {
		val := m.Card.Face().Value() // fish: small first; trash: most negative first
		if m.Kind == KindDone {
			val = -1 << 20
		}
		if val < bestVal {
			best, bestVal = m, val
		}
	}
	return best
}

// targetMove names the leader when the rest of the sentence hurts the
// named player, else the player furthest behind.
func targetMove(s *State, legal []Move) Move {
	hurts := false
	for _, c := range s.sentence[s.step+1:] {
		if k := c.Kind(); k == Release {
			hurts = true
		} else if k == Other {
			break
		}
	}
	best, bestVal := legal[0], 0
	for i, m := range legal {
		val := s.Score(m.Seat)
		if !hurts {
			val = -val
		}
		if i == 0 || val > bestVal {
			best, bestVal = m, val
		}
	}
	return best
}

// giveMove keeps the best seen card and gives the worst to the leader;
// blind, it gives in seat order.
func giveMove(s *State, legal []Move) Move {
	if !s.fogSeen {
		return legal[0]
	}
	best, bestVal := legal[0], -1<<30
	for _, m := range legal {
		v := m.Card.Face().Value()
		if m.Seat != s.actor {
			v = -v*4 + s.Score(m.Seat) // the worst card to the strongest player
		} else {
			v *= 4
		}
		if v > bestVal {
			best, bestVal = m, v
		}
	}
	return best
}

// cardWorth is how much a bot likes to hold an action card.
func cardWorth(c Card) float64 {
	f := c.Face()
	w := map[Kind]float64{Bite: 0.8 * float64(f.N), Fog: 1.2, Release: 0.9, Other: 0.9, Bin: 0.6, Shift: 0.5, Point: 0.4}[f.Kind]
	if f.Stop {
		w += 0.6
	}
	return w
}

// worstCardMove swaps away the card the bot likes least.
func worstCardMove(legal []Move) Move {
	best := legal[0]
	for _, m := range legal {
		if cardWorth(m.Card) < cardWorth(best.Card) {
			best = m
		}
	}
	return best
}

// refillMove takes a face-up card worth more than an average draw, or one
// with a full stop if the hand has none; else it draws.
func refillMove(v *View) Move {
	needStop := !HasFullStop(v.Hand)
	var best Move
	bestVal := 1.4 // roughly what a blind draw is worth
	for _, m := range v.Moves {
		if m.Kind != KindTakeRow {
			continue
		}
		val := cardWorth(m.Card)
		if needStop && m.Card.Face().Stop {
			val += 2
		}
		if val > bestVal {
			best, bestVal = m, val
		}
	}
	if best.Kind == "" {
		for _, m := range v.Moves {
			if m.Kind == KindDrawDeck {
				return m
			}
		}
		return v.Moves[0]
	}
	return best
}
