package canyonduel

import "github.com/tablee/tablee/engine"

// Rule identifiers of the errors Apply returns, besides the engine's own.
const (
	RuleNotACell      = "not-a-cell"        // a square off the grid
	RuleCanyon        = "canyon"            // a square of the canyon, landed on or jumped
	RuleNotYourPiece  = "not-your-piece"    // the first cell holds no piece of the mover
	RuleNotAdjacent   = "not-adjacent"      // a step to a square that is no neighbour
	RuleNotAJump      = "not-a-jump"        // a hop that is not two squares in a line
	RuleCellOccupied  = "cell-occupied"     // landing on a piece
	RuleNoPieceToJump = "no-piece-to-jump"  // jumping over an empty square
	RuleLandedTwice   = "cell-landed-twice" // a chain landing where it already landed
	RuleEndsOnStart   = "ends-on-start"     // a chain coming back to its start
)

// play checks m by seat against b and returns the board after it and,
// when loud, what happened. b is a copy, so a refused move changes nothing.
func play(b board, seat engine.Seat, m Move, loud bool) (board, []engine.Event, error) {
	if err := m.checkKind(); err != nil {
		return b, nil, engine.Broken(engine.RuleBadMove, "%v", err)
	}
	if err := checkCells(m.Path); err != nil {
		return b, nil, err
	}
	from := m.Path[0]
	if b[from.index()] != piece(int(seat)) {
		return b, nil, engine.BrokenWith(RuleNotYourPiece, cellArgs(from), "%v holds no piece of %v", from, seat)
	}
	if m.Kind == KindStep {
		return step(b, seat, from, m.Path[1], loud)
	}
	return jumpChain(b, seat, m.Path, loud)
}

// checkCells refuses squares off the grid or in the canyon.
func checkCells(path []Cell) error {
	for _, c := range path {
		switch {
		case !c.onGrid():
			return engine.BrokenWith(RuleNotACell, nil, "%v is off the board", c)
		case c.inCanyon():
			return engine.BrokenWith(RuleCanyon, cellArgs(c), "%v is in the canyon", c)
		}
	}
	return nil
}

func step(b board, seat engine.Seat, from, to Cell, loud bool) (board, []engine.Event, error) {
	if !adjacent(from, to) {
		return b, nil, engine.BrokenWith(RuleNotAdjacent, map[string]any{"From": from.String(), "To": to.String()}, "%v is not next to %v", to, from)
	}
	if b[to.index()] != empty {
		return b, nil, engine.BrokenWith(RuleCellOccupied, cellArgs(to), "%v is taken", to)
	}
	b[to.index()], b[from.index()] = b[from.index()], empty
	if !loud {
		return b, nil, nil
	}
	ev := engine.Public("step", seat, map[string]any{"from": from.String(), "to": to.String()})
	return b, []engine.Event{ev}, nil
}

// jumpChain replays the chain hop by hop on b, capturing as it goes,
// because whether a hop is possible depends on the captures before it.
func jumpChain(b board, seat engine.Seat, path []Cell, loud bool) (board, []engine.Event, error) {
	me := piece(int(seat))
	start, end := path[0], path[len(path)-1]
	if end == start {
		return b, nil, engine.BrokenWith(RuleEndsOnStart, cellArgs(start), "a chain cannot end on its start %v", start)
	}
	b[start.index()] = empty
	var landed uint64
	var events []engine.Event
	for i := 1; i < len(path); i++ {
		from, to := path[i-1], path[i]
		over, err := checkHop(&b, from, to, landed)
		if err != nil {
			return b, nil, err
		}
		landed |= 1 << to.index()
		if loud {
			events = append(events, engine.Public("jump", seat, map[string]any{
				"from": from.String(), "over": over.String(), "to": to.String()}))
		}
		if owner := b[over.index()]; owner != me {
			b[over.index()] = empty
			if loud {
				events = append(events, engine.Public("capture", seat, map[string]any{
					"cell": over.String(), "owner": engine.Seat(owner - 1)}))
			}
		}
	}
	b[end.index()] = me
	return b, events, nil
}

// checkHop returns the square jumped by the hop from→to, or why the hop is
// not allowed now.
func checkHop(b *board, from, to Cell, landed uint64) (Cell, error) {
	dc, dr := to.Col-from.Col, to.Row-from.Row
	if !isJumpOffset(dc) || !isJumpOffset(dr) || (dc == 0 && dr == 0) {
		return Cell{}, engine.BrokenWith(RuleNotAJump, map[string]any{"From": from.String(), "To": to.String()}, "%v to %v is not a jump of two squares in a line", from, to)
	}
	over := Cell{from.Col + dc/2, from.Row + dr/2}
	switch {
	case over.inCanyon():
		return over, engine.BrokenWith(RuleCanyon, cellArgs(over), "%v to %v jumps over the canyon", from, to)
	case b[over.index()] == empty:
		return over, engine.BrokenWith(RuleNoPieceToJump, cellArgs(over), "no piece on %v to jump", over)
	case landed&(1<<to.index()) != 0:
		return over, engine.BrokenWith(RuleLandedTwice, cellArgs(to), "the chain already landed on %v", to)
	case b[to.index()] != empty:
		return over, engine.BrokenWith(RuleCellOccupied, cellArgs(to), "%v is taken", to)
	}
	return over, nil
}

func isJumpOffset(d int) bool { return d == -2 || d == 0 || d == 2 }

func adjacent(a, b Cell) bool {
	dc, dr := a.Col-b.Col, a.Row-b.Row
	return a != b && dc >= -1 && dc <= 1 && dr >= -1 && dr <= 1
}

// cellArgs names cell c for a person's explanation, as the board's edges do
// ("c4").
func cellArgs(c Cell) map[string]any { return map[string]any{"Cell": c.String()} }
