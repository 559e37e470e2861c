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
// drawn from the view, the bot never learns what the view hides. Descent
// and playouts step (engine.Step): they read no events.
type MCTS struct {
	rules engine.Rules
	rng   engine.RNG
	// Iterations is the work per decision when the context has no
	// deadline (simulations, tests), so that such a decision is
	// reproducible from the seed. Under a deadline (the bot's time
	// budget, see WithBudget) it plays no part: the search runs as many
	// iterations as fit before the deadline.
	Iterations int
	// MinIterations are run whatever the clock says, so that a bot on a
	// loaded machine still searches a little rather than playing blind.
	MinIterations int
	// Share is the part of the time left until the deadline the search
	// takes (all of it if 0): a weaker level thinks for less.
	Share float64
	// PlayoutPlies cuts a playout short; the position is then judged by the
	// state's Estimator if it has one, else counted as even.
	PlayoutPlies int
	// Exploration is the UCB constant.
	Exploration float64
	// searched is how many iterations the last decision ran.
	searched int
}

// NewMCTS returns a searching bot for rules' game with default settings.
func NewMCTS(rules engine.Rules, seed uint64) *MCTS {
	return &MCTS{rules: rules, rng: engine.NewRNG(seed, 2), Iterations: 1000, MinIterations: 8, PlayoutPlies: 80, Exploration: 0.7}
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
	c := b.clock(ctx)
	b.searched = 0
	for i := 0; ; i++ {
		if c.done(i) {
			b.searched = i
			break
		}
		d, err := b.rules.Determinize(v, &b.rng)
		if err != nil {
			return nil, fmt.Errorf("mcts: determinize: %w", err)
		}
		if err := b.iterate(root, d, func() bool { return c.late(i) }); err != nil {
			return nil, err
		}
	}
	return b.best(root, legal), nil
}

// Searched is how many iterations the last decision ran (0 when it had a
// single legal move): how much a time budget buys, which the decision
// benchmarks report.
func (b *MCTS) Searched() int { return b.searched }

// searchClock says when a search stops: at its deadline, or after a fixed
// number of iterations when it has none.
type searchClock struct {
	ctx      context.Context
	deadline time.Time
	timed    bool
	count    int // iterations without a deadline
	floor    int // iterations run whatever the clock says
}

func (b *MCTS) clock(ctx context.Context) searchClock {
	c := searchClock{ctx: ctx, count: max(1, b.Iterations), floor: max(1, b.MinIterations)}
	if d, ok := ctx.Deadline(); ok {
		c.timed = true
		c.deadline = d
		if b.Share > 0 && b.Share < 1 {
			c.deadline = time.Now().Add(time.Duration(b.Share * float64(time.Until(d))))
		}
	}
	return c
}

// done reports whether to stop before iteration i (counted from 0).
func (c searchClock) done(i int) bool {
	if i < c.floor {
		return false
	}
	if !c.timed {
		return i >= c.count || c.ctx.Err() != nil
	}
	// A clock read is far cheaper than an iteration: read it every time.
	return !time.Now().Before(c.deadline) || c.ctx.Err() != nil
}

// late reports, during iteration i, that the deadline has passed and the
// floor is reached: the iteration is dropped rather than finished, so a
// slow playout does not overrun the budget.
func (c searchClock) late(i int) bool {
	return c.timed && i >= c.floor && !time.Now().Before(c.deadline)
}

// iterate runs one iteration on d; when late says so during its playout,
// the iteration is dropped without counting.
func (b *MCTS) iterate(root *node, d engine.State, late func() bool) error {
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
		if err := engine.Step(d, d.Turn(), m); err != nil {
			return fmt.Errorf("mcts: legal move %v refused: %w", m, err)
		}
		path = append(path, child)
		n = child
		if expanded {
			break
		}
	}
	value, ok := b.playout(d, len(root.reward), late)
	if !ok {
		return nil
	}
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

// lateEvery is how many playout plies pass between two looks at the clock.
const lateEvery = 8

// playout plays d out at random and values the end for each seat; false
// when late said to give up.
func (b *MCTS) playout(d engine.State, seats int, late func() bool) ([]float64, bool) {
	rm, fast := d.(engine.RandomMover)
	for ply := 0; ply < b.PlayoutPlies; ply++ {
		if res, over := d.Result(); over {
			return values(res, seats), true
		}
		if ply%lateEvery == lateEvery-1 && late() {
			return nil, false
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
		if err := engine.Step(d, d.Turn(), m); err != nil {
			break // a game's bug must not crash a bot; judge the position as it is
		}
	}
	if res, over := d.Result(); over {
		return values(res, seats), true
	}
	out := make([]float64, seats)
	if est, ok := d.(engine.Estimator); ok {
		copy(out, est.Estimate())
		return out, true
	}
	for i := range out {
		out[i] = 0.5
	}
	return out, true
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
