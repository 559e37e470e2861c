package canyon

import (
	"slices"

	"github.com/tablee/tablee/engine"
)

// Phases of a round, plus the set-up and the end.
const (
	PhasePlace = "place" // canoes go on start cells
	PhaseTempo = "tempo" // tempos are revealed in turn order
	PhasePlay  = "play"  // the tricks
	PhaseMove  = "move"  // a canoe's player picks among tied endpoints
	PhaseOver  = "over"
)

// table is everything of a game every player may know. The State holds it,
// and every View carries a copy, which is what makes Determinize exact.
type table struct {
	Seats    int         `json:"seats"`
	LessLuck bool        `json:"less_luck"`
	Phase    string      `json:"phase"`
	ToMove   engine.Seat `json:"turn"`
	Ply      int         `json:"ply"`
	Round    int         `json:"round"` // rounds begun, from 1
	Track    int         `json:"track"` // position on the round track, 0..13
	Dealer   int         `json:"dealer"`
	Start    int         `json:"start_player"`
	Draws    []Draw      `json:"dealer_draw"`
	// Canoes holds each canoe's cell (row*11+col), -1 when off the board
	// (not placed yet, or fallen into the waterfall this round).
	Canoes   []int   `json:"canoes"`
	Fallen   []bool  `json:"fallen"`
	Docked   []bool  `json:"docked"`
	Leftover []int   `json:"leftover"`
	Trump    Card    `json:"trump,omitzero"`
	Tempo    [][]int `json:"tempo"` // revealed tempo cards, nil until shown
	Tricks   []int   `json:"tricks"`
	Leader   int     `json:"leader"`
	Trick    []Card  `json:"trick"`  // the current trick, from its leader on
	Played   []Card  `json:"played"` // cards of the finished tricks this round
	Mover    int     `json:"mover"`  // place in the movement order, 0..seats-1
	Points   int     `json:"points"` // the pending mover's movement points
	Ends     []int   `json:"ends"`   // the pending mover's tied endpoints
}

// State is one position of a Canyon game.
type State struct {
	t     table
	hands [][]Card
	deck  []Card // the cards set aside this round, unseen by everyone
	rng   engine.RNG
	b     *Board
	// quiet is set only while Step or playout runs: the moves then build
	// no events, since nobody reads them. Apply never sees it set.
	quiet bool
	// dealBuf is the deck of the last deal, reused by the next one; s.deck
	// points into it. Only this State writes it (clones copy the deck).
	dealBuf []Card
}

var _ engine.State = (*State)(nil)

func newState(b *Board, seats int, lessLuck bool, rng engine.RNG) *State {
	s := &State{b: b, rng: rng, hands: make([][]Card, seats)}
	s.t = table{
		Seats: seats, LessLuck: lessLuck, Phase: PhasePlace,
		Canoes: make([]int, seats), Fallen: make([]bool, seats), Docked: make([]bool, seats),
		Leftover: make([]int, seats), Tempo: make([][]int, seats), Tricks: make([]int, seats),
		Trick: []Card{}, Played: []Card{}, Ends: []int{}, Draws: []Draw{},
	}
	for i := range s.t.Canoes {
		s.t.Canoes[i] = -1
	}
	s.deck = newDeck()
	return s
}

// seatAt is the seat i places clockwise after the start player.
func (s *State) seatAt(i int) int { return (s.t.Start + i) % s.t.Seats }

func (s *State) Turn() engine.Seat { return s.t.ToMove }
func (s *State) Plies() int        { return s.t.Ply }

// Legal lists the moves of the seat to decide, in a fixed order.
func (s *State) Legal() []engine.Move {
	seat := int(s.t.ToMove)
	var out []engine.Move
	switch s.t.Phase {
	case PhasePlace:
		for _, c := range s.b.starts {
			if !slices.Contains(s.t.Canoes, c) {
				r, col := s.b.RowCol(c)
				out = append(out, Place(r, col))
			}
		}
	case PhaseTempo:
		for _, t := range tempoBids {
			out = append(out, Tempo(slices.Clone(t)...))
		}
	case PhasePlay:
		for _, c := range playable(s.hands[seat], s.t.Trick) {
			out = append(out, Play(c))
		}
	case PhaseMove:
		for _, c := range s.t.Ends {
			out = append(out, moveToCell(s.b, c))
		}
	}
	return out
}

// Apply makes seat's move; on error the state is unchanged.
func (s *State) Apply(seat engine.Seat, em engine.Move) ([]engine.Event, error) {
	return s.act(seat, em)
}

// Step is Apply without the events, for engine.Stepper: the same checks
// and rules, run quiet.
func (s *State) Step(seat engine.Seat, em engine.Move) error {
	s.quiet = true
	_, err := s.act(seat, em)
	s.quiet = false
	return err
}

// act checks seat's move and makes it, building the events unless quiet.
func (s *State) act(seat engine.Seat, em engine.Move) ([]engine.Event, error) {
	if s.t.Phase == PhaseOver || seat != s.t.ToMove {
		return nil, engine.NotYourTurn(seat, s.t.ToMove)
	}
	m, err := asMove(em)
	if err != nil {
		return nil, err
	}
	if err := m.wellFormed(); err != nil {
		return nil, engine.Broken(engine.RuleBadMove, "%v", err)
	}
	if want := kindOf(s.t.Phase); m.Kind != want {
		return nil, engine.BrokenWith(RuleWrongPhase, map[string]any{"Want": "step-" + want}, "it is time to %s, not to %s", want, m.Kind)
	}
	return s.apply(int(seat), m)
}

// apply makes a well-formed move of the phase's kind by the seat to move.
func (s *State) apply(seat int, m Move) ([]engine.Event, error) {
	var ev []engine.Event
	var err error
	switch m.Kind {
	case KindPlace:
		ev, err = s.place(seat, m)
	case KindTempo:
		ev, err = s.revealTempo(seat, m)
	case KindPlay:
		ev, err = s.play(seat, m)
	case KindMove:
		ev, err = s.chooseEnd(seat, m)
	}
	if err != nil {
		return nil, err
	}
	s.t.Ply++
	return ev, nil
}

// kindOf is the kind of move each phase asks for.
func kindOf(phase string) string {
	switch phase {
	case PhasePlace:
		return KindPlace
	case PhaseTempo:
		return KindTempo
	case PhasePlay:
		return KindPlay
	}
	return KindMove
}

// cellOf checks that a move's row and column name a cell of the board.
func (s *State) cellOf(m Move) (int, bool) {
	if m.Row < 0 || m.Row >= s.b.Rows || m.Col < 0 || m.Col >= s.b.Cols {
		return 0, false
	}
	return s.b.Cell(m.Row, m.Col), true
}

func (s *State) Clone() engine.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.quiet, c.dealBuf = false, nil
	c.t = s.t.clone()
	c.hands = make([][]Card, len(s.hands))
	for i, h := range s.hands {
		c.hands[i] = slices.Clone(h)
	}
	c.deck = slices.Clone(s.deck)
	return &c
}

func (t table) clone() table {
	c := t
	c.Draws = slices.Clone(t.Draws)
	c.Canoes = slices.Clone(t.Canoes)
	c.Fallen = slices.Clone(t.Fallen)
	c.Docked = slices.Clone(t.Docked)
	c.Leftover = slices.Clone(t.Leftover)
	c.Tempo = make([][]int, len(t.Tempo))
	for i, x := range t.Tempo {
		c.Tempo[i] = slices.Clone(x)
	}
	c.Tricks = slices.Clone(t.Tricks)
	c.Trick = slices.Clone(t.Trick)
	c.Played = slices.Clone(t.Played)
	c.Ends = slices.Clone(t.Ends)
	return c
}

// Hash covers every field, hidden ones included.
func (s *State) Hash() string {
	h := engine.NewHasher("canyon")
	t := &s.t
	h.Int(t.Seats).Bool(t.LessLuck).String(t.Phase).Int(int(t.ToMove)).Int(t.Ply)
	h.Int(t.Round).Int(t.Track).Int(t.Dealer).Int(t.Start).Int(len(t.Draws))
	for _, d := range t.Draws {
		h.Ints(d.Seats...).Ints(cardInts(d.Cards)...)
	}
	h.Ints(t.Canoes...).Ints(boolInts(t.Fallen)...).Ints(boolInts(t.Docked)...).Ints(t.Leftover...)
	h.Int(t.Trump.index())
	for _, x := range t.Tempo {
		h.Bool(x != nil).Ints(x...)
	}
	h.Ints(t.Tricks...).Int(t.Leader).Ints(cardInts(t.Trick)...).Ints(cardInts(t.Played)...)
	h.Int(t.Mover).Int(t.Points).Ints(t.Ends...)
	for _, hand := range s.hands {
		h.Ints(cardInts(hand)...)
	}
	return h.Ints(cardInts(s.deck)...).RNG(s.rng).Sum()
}

func cardInts(cs []Card) []int {
	out := make([]int, len(cs))
	for i, c := range cs {
		out[i] = c.index()
	}
	return out
}

func boolInts(bs []bool) []int {
	out := make([]int, len(bs))
	for i, b := range bs {
		if b {
			out[i] = 1
		}
	}
	return out
}

// cellArgs names m's cell for a person, counting rows and columns from 1.
func cellArgs(m Move) map[string]any {
	return map[string]any{"Row": m.Row + 1, "Col": m.Col + 1}
}
