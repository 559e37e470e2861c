package canoe

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/tablee/tablee/engine"
)

// Bot is the default Canoë bot: it looks one move ahead with evaluate and
// refuses a move that lets the opponent win at once, unless all do. It
// sees only its View, from which it rebuilds the State: Canoë hides nothing.
type Bot struct{ rng engine.RNG }

// NewBot returns a default bot whose choices among equal moves are fixed
// by seed.
func NewBot(seed uint64) *Bot { return &Bot{rng: engine.NewRNG(seed, 2)} }

// Choose picks the viewer's move.
func (b *Bot) Choose(ctx context.Context, v engine.View) (engine.Move, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	cv, ok := v.(*View)
	if !ok || cv == nil {
		return nil, fmt.Errorf("canoe bot: %T is not a Canoë view", v)
	}
	s, err := stateOf(cv)
	if err != nil {
		return nil, err
	}
	if s.Turn() != v.Viewer() {
		return nil, fmt.Errorf("canoe bot: it is not %v's turn", v.Viewer())
	}
	return b.best(s).move(), nil
}

// won is the value of a winning move, above any evaluation.
const won = 1 << 30

type candidate struct {
	act   action
	after board
	value int
	ends  bool // the game is over after it
}

// best is the highest valued move after which the opponent cannot win at
// once; failing that, the highest valued.
func (b *Bot) best(s *State) action {
	opp := 1 - s.plies%2
	cands := b.candidates(s)
	slices.SortStableFunc(cands, func(x, y candidate) int { return cmp.Compare(y.value, x.value) })
	for _, c := range cands {
		if c.ends || !canWin(c.after, opp) {
			return c.act
		}
	}
	return cands[0].act
}

// candidates values every legal move, in an order shuffled first so that a
// stable sort breaks ties at random, yet reproducibly for a seed.
func (b *Bot) candidates(s *State) []candidate {
	me := s.plies % 2
	acts := s.pegs.actions(me, nil)
	b.rng.Shuffle(len(acts), func(i, j int) { acts[i], acts[j] = acts[j], acts[i] })
	out := make([]candidate, len(acts))
	for i, a := range acts {
		c := candidate{act: a, after: s.pegs}
		c.after.play(me, a)
		switch {
		case countCanoes(c.after[me]) >= 2:
			c.value, c.ends = won, true
		case s.seen[position{c.after, 1 - me}] >= 2 || s.plies+1 >= MaxPlies:
			c.value, c.ends = 0, true // a draw
		default:
			c.value = evaluate(c.after, me)
		}
		out[i] = c
	}
	return out
}

// canWin reports whether seat p has a move that makes its second canoe.
func canWin(b board, p int) bool {
	var buf [maxActions]action
	for _, a := range b.actions(p, buf[:0]) {
		after := b
		after.play(p, a)
		if countCanoes(after[p]) >= 2 {
			return true
		}
	}
	return false
}
