package bot

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/tablee/tablee/engine"
)

// MCTS is a generic searching bot: single-observer information-set Monte
// Carlo tree search. Each iteration imagines one complete state consistent
// with the bot's view (Rules.Determinize), walks one shared tree keyed by
// move, and plays the rest out at random. Because every imagined state is
// drawn from the view, the bot never learns what the view hides.
type MCTS struct {
	rules engine.Rules
	rng   engine.RNG
	// Iterations bounds the work per decision, so a decision is
	// reproducible; the context's deadline (the bot's time budget, see
	// WithBudget) cuts it short.
	Iterations int
	// PlayoutPlies cuts a playout short; the position is then judged by the
	// state's Estimator if it has one, else counted as even.
	PlayoutPlies int
	// Exploration is the UCB constant.
	Exploration float64
}

// NewMCTS returns a searching bot for rules' game with default settings.
func NewMCTS(rules engine.Rules, seed uint64) *MCTS {
	return &MCTS{rules: rules, rng: engine.NewRNG(seed, 2), Iterations: 1000, PlayoutPlies: 80, Exploration: 0.7}
}

type node struct {
	visits, avail int
	reward        []float64 // sum over visits, per seat
	children      map[string]*node
}

func newNode(seats int) *node { return &node{reward: make([]float64, seats)} }

// Choose searches from v and returns the most visited legal move.
func (b *MCTS) Choose(ctx context.Context, v engine.View) (engine.Move, error) {
	legal := v.Legal()
	switch len(legal) {
	case 0:
		return nil, fmt.Errorf("mcts: %v has no legal move", v.Viewer())
	case 1:
		return legal[0], nil
	}
	// Reward vectors are sized for the most seats the game allows; seats
	// beyond the real count simply stay at zero.
	root := newNode(b.rules.Info().MaxSeats)
	// A deadline is read once and compared each iteration (a clock read
	// is far cheaper than an iteration): the budget is kept even when one
	// iteration is slow. Whatever the clock says, one iteration runs.
	deadline, timed := ctx.Deadline()
	for i := 0; i < b.Iterations; i++ {
		if i > 0 && (timed && !time.Now().Before(deadline) || i%32 == 0 && ctx.Err() != nil) {
			break
		}
		d, err := b.rules.Determinize(v, &b.rng)
		if err != nil {
			return nil, fmt.Errorf("mcts: determinize: %w", err)
		}
		if err := b.iterate(root, d); err != nil {
			return nil, err
		}
	}
	return b.best(root, legal), nil
}

func (b *MCTS) iterate(root *node, d engine.State) error {
	path := []*node{root}
	n := root
	for {
		if _, over := d.Result(); over {
			break
		}
		legal := d.Legal()
		if len(legal) == 0 {
			break // a game's bug must not crash a bot
		}
		if n.children == nil {
			n.children = make(map[string]*node, len(legal))
		}
		m, child, expanded := b.selectMove(n, d.Turn(), legal, len(root.reward))
		if _, err := d.Apply(d.Turn(), m); err != nil {
			return fmt.Errorf("mcts: legal move %v refused: %w", m, err)
		}
		path = append(path, child)
		n = child
		if expanded {
			break
		}
	}
	value := b.playout(d, len(root.reward))
	for _, p := range path {
		p.visits++
		for s := range p.reward {
			p.reward[s] += value[s]
		}
	}
	return nil
}

// selectMove expands an untried legal move if there is one, else picks the
// child with the best upper confidence bound for the seat to move. Every
// legal child's availability counts up, as single-observer ISMCTS requires.
func (b *MCTS) selectMove(n *node, seat engine.Seat, legal []engine.Move, seats int) (engine.Move, *node, bool) {
	var untried []int
	for i, m := range legal {
		if c, ok := n.children[m.String()]; ok {
			c.avail++
		} else {
			untried = append(untried, i)
		}
	}
	if len(untried) > 0 {
		m := legal[untried[b.rng.IntN(len(untried))]]
		c := newNode(seats)
		c.avail = 1
		n.children[m.String()] = c
		return m, c, true
	}
	best, bestScore := 0, math.Inf(-1)
	for i, m := range legal {
		c := n.children[m.String()]
		score := c.reward[seat]/float64(c.visits) + b.Exploration*math.Sqrt(math.Log(float64(c.avail))/float64(c.visits))
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	return legal[best], n.children[legal[best].String()], false
}

func (b *MCTS) playout(d engine.State, seats int) []float64 {
	rm, fast := d.(engine.RandomMover)
	for ply := 0; ply < b.PlayoutPlies; ply++ {
		if res, over := d.Result(); over {
			return values(res, seats)
		}
		var m engine.Move
		if fast {
			m = rm.RandomMove(&b.rng)
		} else {
			legal := d.Legal()
			if len(legal) == 0 {
				break // a game's bug must not crash a bot
			}
			m = legal[b.rng.IntN(len(legal))]
		}
		if _, err := d.Apply(d.Turn(), m); err != nil {
			break // a game's bug must not crash a bot; judge the position as it is
		}
	}
	if res, over := d.Result(); over {
		return values(res, seats)
	}
	out := make([]float64, seats)
	if est, ok := d.(engine.Estimator); ok {
		copy(out, est.Estimate())
		return out
	}
	for i := range out {
		out[i] = 0.5
	}
	return out
}

// values turns a result into one reward per seat in [0, 1]: 1 for a win
// (shared or not), 0.5 for a draw, and for the others up to 0.5 by rank, so
// that in a race of six coming second still beats coming last.
func values(res engine.Result, seats int) []float64 {
	out := make([]float64, seats)
	n := len(res.Ranks)
	for s := 0; s < n && s < seats; s++ {
		switch {
		case res.Draw():
			out[s] = 0.5
		case res.Won(engine.Seat(s)):
			out[s] = 1
		case n > 1:
			out[s] = 0.5 * float64(n-res.Ranks[s]) / float64(n-1)
		}
	}
	return out
}

func (b *MCTS) best(root *node, legal []engine.Move) engine.Move {
	best, most := legal[0], -1
	for _, m := range legal {
		if c, ok := root.children[m.String()]; ok && c.visits > most {
			best, most = m, c.visits
		}
	}
	return best
}
