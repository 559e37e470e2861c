package canaille

import (
	"fmt"
	"strconv"

	"github.com/tablee/tablee/engine"
)

// OptFirst is the option naming the first player: "random", or a 1-based
// seat number ("the player who ate fish most recently").
const OptFirst = "first"

// newGame deals a game for n seats; first is the starting seat, or NoSeat
// to draw it at random.
func newGame(n int, first engine.Seat, seed uint64) *State {
	s := &State{
		n:       n,
		rng:     engine.NewRNG(seed, 0),
		hands:   make([][]Card, n),
		catches: make([][]Card, n),
		fogGot:  make([]bool, n),
		taker:   engine.NoSeat,
	}
	s.dealActions()
	s.river = River{Cards: s.shuffledRiver()}
	if first == engine.NoSeat {
		first = engine.Seat(s.rng.IntN(n))
	}
	s.active, s.actor = first, first
	s.startTurn()
	s.settle()
	return s
}

// dealActions gives each player one point card, shuffles the point cards
// left over into the action deck, deals four more cards each and lays out
// the face-up row.
func (s *State) dealActions() {
	var points, rest []Card
	for _, c := range actionCards() {
		if c.Kind() == Point {
			points = append(points, c)
		} else {
			rest = append(rest, c)
		}
	}
	s.shuffle(points)
	for i := range s.n {
		s.hands[i] = append(make([]Card, 0, HandSize), points[i])
	}
	s.deck = append(rest, points[s.n:]...)
	s.shuffle(s.deck)
	for range HandSize - 1 {
		for i := range s.n {
			s.hands[i] = append(s.hands[i], s.popDeck())
		}
	}
	s.refillRow()
}

// shuffledRiver shuffles the river and puts Canaille at a random place in
// its middle third (positions 14..27 from the top of 42 cards).
func (s *State) shuffledRiver() []Card {
	var cards []Card
	for _, c := range riverCards() {
		if c != TheCanaille {
			cards = append(cards, c)
		}
	}
	s.shuffle(cards)
	third := NumRiver / 3
	at := third + s.rng.IntN(third)
	cards = append(cards[:at], append([]Card{TheCanaille}, cards[at:]...)...)
	return cards
}

func (s *State) shuffle(cs []Card) {
	s.rng.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
}

// parseFirst reads the "first" option for n seats.
func parseFirst(v string, n int) (engine.Seat, error) {
	if v == "" || v == "random" {
		return engine.NoSeat, nil
	}
	k, err := strconv.Atoi(v)
	if err != nil || k < 1 || k > n {
		return 0, fmt.Errorf("canaille: option %q is %q, but there are %d players", OptFirst, v, n)
	}
	return engine.Seat(k - 1), nil
}
