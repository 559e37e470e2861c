package canyon

import (
	"fmt"
	"slices"

	"github.com/tablee/tablee/engine"
)

// View is what one seat, or the table, may know: the public table, the
// viewer's own hand and how many cards every hand holds. It never holds
// another hand, the cards set aside or the random source.
//
// The seat to move is the header's ToMove on the wire ("turn"); the
// table's own ToMove, the same seat, is not written twice.
type View struct {
	engine.ViewHeader[Move]
	table
	Hand       []Card `json:"hand"`
	HandCounts []int  `json:"hand_counts"`
}

var _ engine.View = (*View)(nil)

func (s *State) View(viewer engine.Seat) engine.View { return s.view(viewer) }

func (s *State) view(viewer engine.Seat) *View {
	v := &View{ViewHeader: engine.ViewHeader[Move]{For: viewer, ToMove: s.t.ToMove},
		table: s.t.clone(), HandCounts: make([]int, s.t.Seats), Hand: []Card{}}
	for i, h := range s.hands {
		v.HandCounts[i] = len(h)
	}
	if res, over := s.Result(); over {
		v.Outcome = &res
	}
	if viewer.Valid(s.t.Seats) {
		v.Hand = slices.Clone(s.hands[viewer])
		if viewer == s.t.ToMove {
			for _, m := range s.Legal() {
				v.Moves = append(v.Moves, m.(Move))
			}
		}
	}
	return v
}

// Determinize deals the cards v does not show (the other hands and the cards
// set aside) at random from r, and gives the state a fresh random source, so
// that the viewer sees exactly v. Follow-suit voids are not respected.
func (r Rules) Determinize(ev engine.View, rng *engine.RNG) (engine.State, error) {
	v, ok := ev.(*View)
	if !ok || v == nil {
		return nil, fmt.Errorf("canyon: cannot determinize a %T", ev)
	}
	s := &State{t: v.table.clone(), b: r.b, hands: make([][]Card, v.Seats)}
	s.rng = engine.NewRNG(rng.Uint64(), rng.Uint64())
	if len(v.HandCounts) != v.Seats || len(v.Canoes) != v.Seats {
		return nil, fmt.Errorf("canyon: view of %d seats has %d hand counts", v.Seats, len(v.HandCounts))
	}
	unseen := s.unseenBy(v)
	rng.Shuffle(len(unseen), func(i, j int) { unseen[i], unseen[j] = unseen[j], unseen[i] })
	for seat, n := range v.HandCounts {
		if engine.Seat(seat) == v.For {
			s.hands[seat] = slices.Clone(v.Hand)
			continue
		}
		if n > len(unseen) {
			return nil, fmt.Errorf("canyon: view shows more cards in hands than exist")
		}
		s.hands[seat] = slices.Clone(unseen[:n])
		sortHand(s.hands[seat])
		unseen = unseen[n:]
	}
	s.deck = unseen
	return s, nil
}

// unseenBy lists the cards the viewer of v cannot place: all but their hand,
// the cards on the table and, once dealt, trump.
func (s *State) unseenBy(v *View) []Card {
	var seen [deckSize]bool
	for _, cs := range [][]Card{v.Hand, v.Trick, v.Played} {
		for _, c := range cs {
			seen[c.index()] = true
		}
	}
	if v.Round > 0 {
		seen[v.Trump.index()] = true
	}
	var out []Card
	for _, c := range newDeck() {
		if !seen[c.index()] {
			out = append(out, c)
		}
	}
	return out
}
