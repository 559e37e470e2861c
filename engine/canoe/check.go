package canoe

import "github.com/tablee/tablee/engine"

// Rule identifiers of the refusals particular to Canoë; UIs translate them.
const (
	RuleNotAHole     = "not-a-hole"    // a coordinate off the board
	RuleHoleOccupied = "hole-occupied" // placing or moving onto a peg
	RuleNoPegsLeft   = "no-pegs-left"  // placing with an empty supply
	RuleNotYourPeg   = "not-your-peg"  // removing or moving an empty hole or an opponent's peg
	RuleNotAdjacent  = "not-adjacent"  // moving farther than one step
)

// check turns seat p's move into an action, or says which rule refuses it.
func (b board) check(p int, m Move) (action, error) {
	switch m.Kind {
	case KindPlace:
		return b.checkPlace(p, m)
	case KindRemove:
		return b.checkRemove(p, m)
	case KindMove:
		return b.checkMove(p, m)
	}
	return action{}, engine.Broken(engine.RuleBadMove, "%q is not a kind of move (place, remove or move)", string(m.Kind))
}

func (b board) checkPlace(p int, m Move) (action, error) {
	if m.From != (Hole{}) {
		return action{}, engine.Broken(engine.RuleBadMove, "a placement has no hole to come from")
	}
	to, err := hole(m.To)
	if err != nil {
		return action{}, err
	}
	if b.supply(p) == 0 {
		return action{}, engine.BrokenWith(RuleNoPegsLeft, map[string]any{"N": Pegs}, "all %d pegs are on the board: remove or move one", Pegs)
	}
	if err := b.free(to); err != nil {
		return action{}, err
	}
	return action{kind: placing, to: int8(to)}, nil
}

func (b board) checkRemove(p int, m Move) (action, error) {
	if m.To != (Hole{}) {
		return action{}, engine.Broken(engine.RuleBadMove, "a removal has no hole to go to")
	}
	from, err := b.own(p, m.From)
	if err != nil {
		return action{}, err
	}
	return action{kind: removing, from: int8(from)}, nil
}

func (b board) checkMove(p int, m Move) (action, error) {
	from, err := b.own(p, m.From)
	if err != nil {
		return action{}, err
	}
	to, err := hole(m.To)
	if err != nil {
		return action{}, err
	}
	if geo.near[from]&(1<<to) == 0 {
		return action{}, engine.BrokenWith(RuleNotAdjacent, map[string]any{"From": m.From.String(), "To": m.To.String()}, "%s is not next to %s", m.To, m.From)
	}
	if err := b.free(to); err != nil {
		return action{}, err
	}
	return action{kind: moving, from: int8(from), to: int8(to)}, nil
}

func hole(h Hole) (int, error) {
	i, ok := h.index()
	if !ok {
		return 0, engine.BrokenWith(RuleNotAHole, nil, "%s is not a hole of the board", h)
	}
	return i, nil
}

// own is the number of hole h if it holds one of seat p's pegs.
func (b board) own(p int, h Hole) (int, error) {
	i, err := hole(h)
	if err != nil {
		return 0, err
	}
	if b[p]&(1<<i) == 0 {
		return 0, engine.BrokenWith(RuleNotYourPeg, map[string]any{"Cell": h.String()}, "%s holds no peg of yours", h)
	}
	return i, nil
}

func (b board) free(i int) error {
	if (b[0]|b[1])&(1<<i) != 0 {
		return engine.BrokenWith(RuleHoleOccupied, map[string]any{"Cell": geo.holes[i].String()}, "%s already holds a peg", geo.holes[i])
	}
	return nil
}
