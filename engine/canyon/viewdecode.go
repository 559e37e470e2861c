package canyon

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/tablee/tablee/engine"
)

// viewJSON is a View as it is read: its legal moves are of the engine's
// Move interface, so they are read as raw JSON and decoded one by one.
type viewJSON struct {
	For        engine.Seat       `json:"viewer"`
	ToMove     engine.Seat       `json:"turn"`
	LegalMoves []json.RawMessage `json:"legal"`
	Outcome    *engine.Result    `json:"result"`
	table
	Hand       []Card `json:"hand"`
	HandCounts []int  `json:"hand_counts"`
}

// DecodeView reads a view from its JSON form (the view field of
// engine.ViewJSON), as a phone does to show it or let a bot play it. It is
// strict: unknown fields, trailing data and views whose seats, cells, cards
// or counts no game could show are refused. The view is rebuilt from a
// state dealt to show the viewer exactly what it shows (see Determinize):
// the other hands are drawn at random, which changes nothing the viewer
// sees, its legal moves included. A view whose legal moves or hand sizes
// contradict the rest is refused.
func (r Rules) DecodeView(data []byte) (engine.View, error) {
	var j viewJSON
	if err := engine.DecodeStrict(data, &j); err != nil {
		return nil, fmt.Errorf("canyon view: %w", err)
	}
	b := board()
	if r.b != nil {
		b = r.b
	}
	j.table.ToMove = j.ToMove
	v := &View{ViewHeader: engine.ViewHeader[Move]{For: j.For, ToMove: j.ToMove, Outcome: j.Outcome},
		table: j.table, Hand: j.Hand, HandCounts: j.HandCounts}
	if j.LegalMoves != nil {
		v.Moves = make([]Move, len(j.LegalMoves))
		for i, raw := range j.LegalMoves {
			m, err := decodeMove(raw)
			if err != nil {
				return nil, fmt.Errorf("canyon view: legal move %d: %w", i, err)
			}
			v.Moves[i] = m
		}
	}
	if err := checkViewShape(b, v); err != nil {
		return nil, err
	}
	rng := engine.NewRNG(0, 0)
	st, err := Rules{b: b}.Determinize(v, &rng)
	if err != nil {
		return nil, fmt.Errorf("canyon view: %w", err)
	}
	// The rebuilt view, not the decoded one: it is the canonical form, so it
	// marshals back exactly as the table's own view would.
	rebuilt := st.(*State).view(v.For)
	want, err := json.Marshal(rebuilt)
	if err != nil {
		return nil, fmt.Errorf("canyon view: %w", err)
	}
	got, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("canyon view: %w", err)
	}
	if !bytes.Equal(got, want) {
		return nil, errors.New("canyon view: its legal moves or hand sizes do not match the rest")
	}
	return rebuilt, nil
}

// checkViewShape refuses a view whose seats, cells, cards or counts are out
// of range, so that the state rebuilt from it can list its legal moves and
// be searched by a bot without panicking.
func checkViewShape(b *Board, v *View) error {
	t := &v.table
	n := t.Seats
	if n < 3 || n > 6 {
		return fmt.Errorf("canyon view: %d seats, not 3 to 6", n)
	}
	seat := func(i int) bool { return i >= 0 && i < n }
	switch {
	case !slices.Contains([]string{PhasePlace, PhaseTempo, PhasePlay, PhaseMove, PhaseOver}, t.Phase):
		return fmt.Errorf("canyon view: unknown phase %q", t.Phase)
	case v.For != engine.Onlooker && !v.For.Valid(n):
		return fmt.Errorf("canyon view: viewer %v is not a seat of this game", v.For)
	case (t.Phase == PhaseOver) != (t.ToMove == engine.NoSeat), t.ToMove != engine.NoSeat && !t.ToMove.Valid(n):
		return fmt.Errorf("canyon view: %v to move in phase %s", t.ToMove, t.Phase)
	case !seat(t.Dealer) || !seat(t.Start) || !seat(t.Leader) || t.Mover < 0 || t.Mover > n:
		return errors.New("canyon view: dealer, start player, leader or mover is not a seat")
	case t.Ply < 0 || t.Round < 0 || t.Track < 0 || t.Track >= len(roundTrack) || t.Points < 0:
		return errors.New("canyon view: ply, round, track or points out of range")
	case len(t.Canoes) != n || len(t.Fallen) != n || len(t.Docked) != n || len(t.Leftover) != n ||
		len(t.Tempo) != n || len(t.Tricks) != n || len(v.HandCounts) != n:
		return fmt.Errorf("canyon view: canoes, tempos, tricks or hand counts not listed for %d seats", n)
	case (t.Round > 0) != t.Trump.valid(), t.Round == 0 && t.Trump != Card{}:
		return fmt.Errorf("canyon view: trump %v in round %d", t.Trump, t.Round)
	case !slices.IsSortedFunc(v.Hand, func(a, b Card) int { return a.index() - b.index() }):
		return errors.New("canyon view: the hand is not in order")
	case len(t.Trick) >= n:
		return fmt.Errorf("canyon view: a trick of %d cards for %d seats", len(t.Trick), n)
	case t.Phase == PhaseMove && len(t.Ends) == 0:
		return errors.New("canyon view: a choice of endpoints without endpoints")
	}
	for i := range n {
		if c := t.Canoes[i]; c != -1 && (c < 0 || c >= len(b.terrain) || !b.Navigable(c)) {
			return fmt.Errorf("canyon view: seat %d's canoe on cell %d", i, c)
		}
		if t.Leftover[i] < 0 || t.Tricks[i] < 0 || t.Tricks[i] > roundTrack[0] {
			return fmt.Errorf("canyon view: seat %d's leftover or tricks out of range", i)
		}
		if v.HandCounts[i] < 0 || v.HandCounts[i] > roundTrack[0] {
			return fmt.Errorf("canyon view: seat %d holds %d cards", i, v.HandCounts[i])
		}
		if x := t.Tempo[i]; x != nil {
			if _, err := checkTempo(x); err != nil || !slices.IsSorted(x) {
				return fmt.Errorf("canyon view: seat %d's tempo %v", i, x)
			}
		}
	}
	for _, c := range t.Ends {
		if c < 0 || c >= len(b.terrain) || !b.Navigable(c) {
			return fmt.Errorf("canyon view: endpoint %d is not a cell", c)
		}
	}
	for _, d := range t.Draws {
		if len(d.Seats) != len(d.Cards) || len(d.Seats) > n {
			return errors.New("canyon view: a dealer draw of unmatched seats and cards")
		}
		for i, p := range d.Seats {
			if !seat(p) || !d.Cards[i].valid() {
				return errors.New("canyon view: a dealer draw with no seat or no card")
			}
		}
	}
	// Every card shown is a card, and no card is shown twice.
	var seen [deckSize]bool
	shown := [][]Card{v.Hand, t.Trick, t.Played}
	if t.Round > 0 {
		shown = append(shown, []Card{t.Trump})
	}
	for _, cs := range shown {
		for _, c := range cs {
			if !c.valid() || seen[c.index()] {
				return fmt.Errorf("canyon view: %v is no card or is shown twice", c)
			}
			seen[c.index()] = true
		}
	}
	return nil
}
