package canaille

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/tablee/tablee/engine"
)

// DecodeView reads a view from its JSON form (the view field of
// engine.ViewJSON), as a phone does to show it or let a bot play it. It is
// strict: unknown fields, trailing data and views that no game of Canaille
// could show are refused. The view is rebuilt from a state that shows the
// viewer exactly what it shows (see determinize): the cards the viewer
// cannot see are dealt at random, which changes nothing the viewer sees,
// its legal moves included. A view whose turn, legal moves or other parts
// contradict the rest is refused.
func (Rules) DecodeView(data []byte) (engine.View, error) {
	var v View
	if err := engine.DecodeStrict(data, &v); err != nil {
		return nil, fmt.Errorf("canaille view: %w", err)
	}
	if err := checkViewShape(&v); err != nil {
		return nil, err
	}
	r := engine.NewRNG(0, 0)
	s, err := determinize(&v, &r)
	if err != nil {
		return nil, fmt.Errorf("canaille view: %w", err)
	}
	if err := checkCardsOnce(s); err != nil {
		return nil, err
	}
	// The rebuilt view, not the decoded one: it is the canonical form, so it
	// marshals back exactly as the table's own view would.
	rebuilt := s.View(v.For)
	want, err := json.Marshal(rebuilt)
	if err != nil {
		return nil, fmt.Errorf("canaille view: %w", err)
	}
	got, err := json.Marshal(&v)
	if err != nil {
		return nil, fmt.Errorf("canaille view: %w", err)
	}
	if !bytes.Equal(got, want) {
		return nil, errors.New("canaille view: its turn, legal moves or other parts do not match the rest")
	}
	return rebuilt, nil
}

// checkViewShape refuses, before any state is built from it, a view whose
// seats, indexes or sizes no game could show: the state built from it must
// list its legal moves without panicking, and quickly.
func checkViewShape(v *View) error {
	n := v.Seats
	ph, ok := parsePhase(v.Phase)
	switch {
	case n < 2 || n > 4:
		return fmt.Errorf("canaille view: %d seats, not 2 to 4", n)
	case !ok:
		return fmt.Errorf("canaille view: unknown phase %q", v.Phase)
	case v.For != engine.Onlooker && !v.For.Valid(n):
		return fmt.Errorf("canaille view: viewer %v is not a seat of this game", v.For)
	case !v.Active.Valid(n) || !v.Actor.Valid(n):
		return fmt.Errorf("canaille view: active %v or actor %v is not a seat", v.Active, v.Actor)
	case v.Canaille != engine.NoSeat && !v.Canaille.Valid(n):
		return fmt.Errorf("canaille view: Canaille's taker %v is not a seat", v.Canaille)
	case len(v.Hands) != n || len(v.Catches) != n || len(v.Fog.Got) != n:
		return fmt.Errorf("canaille view: hands, catches or fog recipients not listed for %d seats", n)
	case len(v.Hand) > HandSize || len(v.Row) > RowSize || len(v.Sentence) > MaxSentence:
		return errors.New("canaille view: too many cards in the hand, the row or the sentence")
	case v.Step < 0 || v.Step > len(v.Sentence):
		return fmt.Errorf("canaille view: step %d of a sentence of %d cards", v.Step, len(v.Sentence))
	case v.Step == len(v.Sentence) && (ph == phaseTarget || ph == phaseRelease || ph == phaseBin || ph == phaseGive):
		return fmt.Errorf("canaille view: phase %s with no action being resolved", v.Phase)
	case v.Deck < 0 || v.Deck > NumActions || v.River.Size < 0 || v.River.Size > NumRiver:
		return errors.New("canaille view: deck or river size out of range")
	case (v.River.Top != NoCard) != (v.River.FaceUp && v.River.Size > 0):
		return errors.New("canaille view: the river's top shown when it cannot be, or hidden when it must be")
	case v.Fog.Count < 0 || v.Fog.Count > n:
		return fmt.Errorf("canaille view: %d fog cards for %d seats", v.Fog.Count, n)
	case v.Released < 0 || v.Turns < 0 || v.Turns > MaxTurns || v.Plies < 0:
		return errors.New("canaille view: negative or impossible counts")
	}
	for p := range n {
		if v.Hands[p] < 0 || v.Hands[p] > HandSize {
			return fmt.Errorf("canaille view: seat %d holds %d cards", p, v.Hands[p])
		}
		if c := v.Catches[p].Count; c < 0 || c > NumRiver || (c > 0) != (v.Catches[p].Top != NoCard) {
			return fmt.Errorf("canaille view: seat %d's catch of %d cards, top %v", p, c, v.Catches[p].Top)
		}
	}
	if res := v.Outcome; res != nil {
		if len(res.Scores) != n || len(res.Ranks) != n || len(res.Winners) > n {
			return errors.New("canaille view: a result not for this game's seats")
		}
		for _, w := range res.Winners {
			if !w.Valid(n) {
				return fmt.Errorf("canaille view: winner %v is not a seat", w)
			}
		}
	}
	return nil
}

// checkCardsOnce refuses a state in which a card is missing, twice, or in a
// place of the other set (an action card in the river, say).
func checkCardsOnce(s *State) error {
	seen := map[Card]bool{}
	place := func(cs []Card, action bool) error {
		for _, c := range cs {
			if seen[c] || !c.Valid() || c.IsAction() != action {
				return fmt.Errorf("canaille view: card %v is shown twice or in the wrong place", c)
			}
			seen[c] = true
		}
		return nil
	}
	lists := [][]Card{s.deck, s.row, s.discard, s.sentence}
	lists = append(lists, s.hands...)
	for _, cs := range lists {
		if err := place(cs, true); err != nil {
			return err
		}
	}
	lists = [][]Card{s.river.Cards, s.binned, s.eaten, s.fog}
	lists = append(lists, s.catches...)
	if s.taker != engine.NoSeat {
		lists = append(lists, []Card{TheCanaille})
	}
	for _, cs := range lists {
		if err := place(cs, false); err != nil {
			return err
		}
	}
	if len(seen) != NumCards {
		return fmt.Errorf("canaille view: %d of the %d cards are accounted for", len(seen), NumCards)
	}
	return nil
}
