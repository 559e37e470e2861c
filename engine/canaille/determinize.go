package canaille

import (
	"fmt"
	"slices"

	"github.com/tablee/tablee/engine"
)

// determinize builds a State that shows v's viewer exactly v, drawing every
// card the viewer cannot see from r: other hands and the deck from the
// unseen action cards; the river, the hidden parts of other catches and
// unseen fog cards from the unseen river cards. Canaille, while nobody has
// drawn it, goes only where it can be: the river or the unseen fog cards.
func determinize(v *View, r *engine.RNG) (*State, error) {
	ph, ok := parsePhase(v.Phase)
	if !ok || v.Seats < 2 || v.Seats > 4 || len(v.Hands) != v.Seats || len(v.Catches) != v.Seats || len(v.Fog.Got) != v.Seats {
		return nil, fmt.Errorf("canaille: not a view of a game of Canaille")
	}
	s := &State{
		n: v.Seats, rng: engine.NewRNG(r.Uint64(), r.Uint64()),
		row: slices.Clone(v.Row), discard: slices.Clone(v.Discard),
		river:  River{FaceUp: v.River.FaceUp},
		binned: slices.Clone(v.Binned), eaten: slices.Clone(v.Eaten), taker: v.Canaille,
		active: v.Active, phase: ph, sentence: slices.Clone(v.Sentence), step: v.Step,
		actor: v.Actor, released: v.Released, fogSeen: v.Fog.Seen,
		fogGot: slices.Clone(v.Fog.Got), turns: v.Turns, plies: v.Plies,
	}
	if v.Outcome != nil {
		s.result = *v.Outcome
	}
	if err := s.dealUnseenActions(v, r); err != nil {
		return nil, err
	}
	if err := s.dealUnseenRiver(v, r); err != nil {
		return nil, err
	}
	return s, nil
}

// dealUnseenActions fills the hands the viewer cannot see and the deck.
func (s *State) dealUnseenActions(v *View, r *engine.RNG) error {
	seen := cardSet(v.Hand, v.Row, v.Discard, v.Sentence)
	pool := unseen(actionCards(), seen)
	shuffleWith(r, pool)
	s.hands = make([][]Card, s.n)
	for p := range engine.Seat(s.n) {
		if p == v.For {
			s.hands[p] = slices.Clone(v.Hand)
			continue
		}
		s.constrainHand(p, pool, r)
		var ok bool
		if s.hands[p], pool, ok = take(pool, v.Hands[p]); !ok {
			return fmt.Errorf("canaille: view has more hidden action cards than exist")
		}
	}
	if len(pool) != v.Deck {
		return fmt.Errorf("canaille: view shows %d deck cards, %d are unseen", v.Deck, len(pool))
	}
	s.deck = pool
	return nil
}

// dealUnseenRiver fills the river, the hidden parts of catches and the
// unseen fog cards.
func (s *State) dealUnseenRiver(v *View, r *engine.RNG) error {
	known := [][]Card{v.Binned, v.Eaten, v.Fog.Cards}
	if v.Canaille != engine.NoSeat {
		known = append(known, []Card{TheCanaille})
	}
	top := v.River.Top
	if top != NoCard {
		known = append(known, []Card{top})
	}
	for p, cv := range v.Catches {
		if engine.Seat(p) == v.For {
			known = append(known, cv.Cards)
		} else if cv.Top != NoCard {
			known = append(known, []Card{cv.Top})
		}
	}
	pool := unseen(riverCards(), cardSet(known...))
	shuffleWith(r, pool)
	reserved := s.reserveForCatches(v, &pool, r)

	riverHidden := v.River.Size
	if top != NoCard {
		riverHidden--
	}
	fogHidden := 0
	if !v.Fog.Seen {
		fogHidden = v.Fog.Count
	}
	// Canaille cannot hide in a catch: drawing it sets it aside.
	if i := indexOf(pool, TheCanaille); i >= 0 {
		if riverHidden+fogHidden == 0 {
			return fmt.Errorf("canaille: view has nowhere to hide Canaille")
		}
		pool = slices.Delete(pool, i, i+1)
		at := r.IntN(riverHidden + fogHidden)
		pool = slices.Insert(pool, at, TheCanaille)
	}
	var ok bool
	var hidden []Card
	if hidden, pool, ok = take(pool, riverHidden); !ok {
		return fmt.Errorf("canaille: too few unseen river cards")
	}
	if top != NoCard {
		hidden = append([]Card{top}, hidden...)
	}
	s.river.Cards = hidden
	if v.Fog.Seen {
		s.fog = slices.Clone(v.Fog.Cards)
	} else if s.fog, pool, ok = take(pool, fogHidden); !ok {
		return fmt.Errorf("canaille: too few unseen river cards")
	}
	return s.dealCatches(v, pool, reserved, r)
}

// dealCatches gives every other player's catch its unseen lower part.
func (s *State) dealCatches(v *View, pool []Card, reserved map[engine.Seat]Card, r *engine.RNG) error {
	s.catches = make([][]Card, s.n)
	for p, cv := range v.Catches {
		switch {
		case engine.Seat(p) == v.For:
			s.catches[p] = slices.Clone(cv.Cards)
		case cv.Count > 0:
			hidden := cv.Count - 1
			kept, isKept := reserved[engine.Seat(p)]
			if isKept {
				hidden--
			}
			var below []Card
			var ok bool
			if below, pool, ok = take(pool, hidden); !ok {
				return fmt.Errorf("canaille: too few unseen river cards")
			}
			if isKept {
				below = slices.Insert(below, r.IntN(len(below)+1), kept)
			}
			s.catches[p] = append(below, cv.Top)
		}
	}
	if len(pool) != 0 {
		return fmt.Errorf("canaille: %d river cards are nowhere in the view", len(pool))
	}
	return nil
}

// constrainHand orders pool so that the hand dealt from its front to
// hidden seat p fits what the phase shows: a player asked for a sentence
// holds a full stop, a player swapping holds none.
func (s *State) constrainHand(p engine.Seat, pool []Card, r *engine.RNG) {
	if p != s.active {
		return
	}
	stop := func(c Card) bool { return c.Face().Stop }
	switch s.phase {
	case phaseSentence:
		oneFirst(pool, r, stop)
	case phaseSwap:
		slices.SortStableFunc(pool, func(a, b Card) int { return boolCmp(stop(a), stop(b)) })
	}
}

// reserveForCatches takes out of pool, before anything is dealt, the card
// a hidden catch must hold for the decision shown (see catchMustHold).
func (s *State) reserveForCatches(v *View, pool *[]Card, r *engine.RNG) map[engine.Seat]Card {
	reserved := map[engine.Seat]Card{}
	for p, cv := range v.Catches {
		seat := engine.Seat(p)
		k := s.catchMustHold(seat)
		if seat == v.For || cv.Count < 2 || k == 0 || cv.Top.Kind() == k {
			continue
		}
		oneFirst(*pool, r, func(c Card) bool { return c.Kind() == k })
		if len(*pool) > 0 && (*pool)[0].Kind() == k {
			reserved[seat] = (*pool)[0]
			*pool = (*pool)[1:]
		}
	}
	return reserved
}

// catchMustHold is the kind p's catch must hold for the decision shown:
// fish to release or return, trash to bin; 0 if none.
func (s *State) catchMustHold(p engine.Seat) Kind {
	switch {
	case s.phase == phaseRelease && p == s.actor, s.phase == phaseReturn && p == s.active:
		return Fish
	case s.phase == phaseBin && p == s.actor:
		return Trash
	}
	return 0
}

// oneFirst moves a random card that fits to the front of pool.
func oneFirst(pool []Card, r *engine.RNG, fits func(Card) bool) {
	var at []int
	for i, c := range pool {
		if fits(c) {
			at = append(at, i)
		}
	}
	if len(at) > 0 {
		i := at[r.IntN(len(at))]
		pool[0], pool[i] = pool[i], pool[0]
	}
}

func boolCmp(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// take splits the first k cards off pool.
func take(pool []Card, k int) (got, rest []Card, ok bool) {
	if k < 0 || k > len(pool) {
		return nil, pool, false
	}
	return slices.Clone(pool[:k]), pool[k:], true
}

func cardSet(lists ...[]Card) map[Card]bool {
	set := map[Card]bool{}
	for _, cs := range lists {
		for _, c := range cs {
			set[c] = true
		}
	}
	return set
}

func unseen(all []Card, seen map[Card]bool) []Card {
	var out []Card
	for _, c := range all {
		if !seen[c] {
			out = append(out, c)
		}
	}
	return out
}

func shuffleWith(r *engine.RNG, cs []Card) {
	r.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
}
