package canaille

import (
	"fmt"
	"strconv"
)

// Card identifies one physical card. Action cards are 1..55, river cards
// 56..97; 0 is no card, so a zero Move field means "none".
type Card uint8

// NoCard is the zero Card.
const NoCard Card = 0

// Numbers of cards in the game.
const (
	NumActions = 55
	NumRiver   = 42
	NumCards   = NumActions + NumRiver
	firstRiver = NumActions + 1
)

// Kind is what a card is: a river card's nature or an action card's type.
// Action kinds double as the "background colour" of the no-adjacent rule:
// all Ça mord share one kind, all Relâche share one kind.
type Kind uint8

// Card kinds.
const (
	Canaille Kind = iota + 1
	Fish
	Trash
	Point   // action card with no effect, always with a full stop
	Bite    // Ça mord: draw N river cards
	Other   // Autre pêcheur: another player carries out the rest
	Shift   // Déplacement: turn the river over
	Bin     // Poubelle: remove one trash from the game
	Release // Relâche: return at least N fish to the river
	Fog     // Brouillard: draw one river card per player and share them
)

var kindNames = [...]string{
	Canaille: "canaille", Fish: "fish", Trash: "trash", Point: "point",
	Bite: "bite", Other: "other", Shift: "shift", Bin: "bin",
	Release: "release", Fog: "fog",
}

func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// Face is what is printed on a card. N is the value of a fish or trash,
// the bobbers of a Ça mord or the minimum of a Relâche.
type Face struct {
	Kind Kind
	N    int
	Stop bool // carries a full stop, so it may end a sentence
}

// Value is what the card adds to a catch's score.
func (f Face) Value() int {
	switch f.Kind {
	case Fish:
		return f.N
	case Trash:
		return -f.N
	}
	return 0
}

func (f Face) String() string {
	s := f.Kind.String()
	if f.N > 0 {
		s += strconv.Itoa(f.N)
	}
	if f.Stop {
		s += "."
	}
	return s
}

// batch is a run of identical cards in the card list below.
type batch struct {
	face  Face
	count int
}

// The exact card set, in id order. Where only some cards of a kind carry a
// full stop, those come first.
var cardBatches = []batch{
	{Face{Point, 0, true}, 4},
	{Face{Bite, 1, true}, 4}, {Face{Bite, 1, false}, 6},
	{Face{Bite, 2, true}, 2}, {Face{Bite, 2, false}, 3},
	{Face{Bite, 3, true}, 1}, {Face{Bite, 3, false}, 2},
	{Face{Other, 0, false}, 10},
	{Face{Shift, 0, true}, 4}, {Face{Shift, 0, false}, 5},
	{Face{Bin, 0, true}, 2}, {Face{Bin, 0, false}, 3},
	{Face{Release, 1, true}, 2}, {Face{Release, 1, false}, 1},
	{Face{Release, 2, true}, 1}, {Face{Release, 2, false}, 1},
	{Face{Release, 3, true}, 1},
	{Face{Fog, 0, true}, 2}, {Face{Fog, 0, false}, 1},
	// The river, from id 56.
	{Face{Canaille, 0, false}, 1},
	{Face{Fish, 1, false}, 16}, {Face{Fish, 2, false}, 10}, {Face{Fish, 3, false}, 5},
	{Face{Trash, 1, false}, 6}, {Face{Trash, 2, false}, 3}, {Face{Trash, 3, false}, 1},
}

// faces is indexed by Card; it is built once and never changed.
var faces = buildFaces()

func buildFaces() [NumCards + 1]Face {
	var fs [NumCards + 1]Face
	id := 1
	for _, b := range cardBatches {
		for range b.count {
			fs[id] = b.face
			id++
		}
	}
	return fs
}

// TheCanaille is the id of the Canaille card.
const TheCanaille Card = firstRiver

// Face returns what is printed on c.
func (c Card) Face() Face {
	if !c.Valid() {
		return Face{}
	}
	return faces[c]
}

// Kind returns c's kind.
func (c Card) Kind() Kind { return c.Face().Kind }

// Valid reports whether c is one of the 97 cards.
func (c Card) Valid() bool { return c >= 1 && c <= NumCards }

// IsAction reports whether c is a (rectangular) action card.
func (c Card) IsAction() bool { return c >= 1 && c < firstRiver }

// IsRiver reports whether c is a (square) river card.
func (c Card) IsRiver() bool { return c >= firstRiver && c <= NumCards }

// ID is the stable text form of c: "A01".."A55" for actions, "R01".."R42"
// for the river.
func (c Card) ID() string {
	switch {
	case c.IsAction():
		return fmt.Sprintf("A%02d", int(c))
	case c.IsRiver():
		return fmt.Sprintf("R%02d", int(c)-NumActions)
	}
	return "none"
}

// String names the card and its face, e.g. "A05:bite1.".
func (c Card) String() string {
	if !c.Valid() {
		return "none"
	}
	return c.ID() + ":" + c.Face().String()
}

// ParseCard reads the ID form of a card.
func ParseCard(s string) (Card, error) {
	if len(s) != 3 || (s[0] != 'A' && s[0] != 'R') {
		return NoCard, fmt.Errorf("bad card id %q", s)
	}
	n, err := strconv.Atoi(s[1:])
	if err != nil || n < 1 {
		return NoCard, fmt.Errorf("bad card id %q", s)
	}
	if s[0] == 'A' && n <= NumActions {
		return Card(n), nil
	}
	if s[0] == 'R' && n <= NumRiver {
		return Card(n + NumActions), nil
	}
	return NoCard, fmt.Errorf("no card %q", s)
}

// MarshalText writes the ID form, so views and moves name cards readably.
func (c Card) MarshalText() ([]byte, error) {
	if !c.Valid() {
		return nil, fmt.Errorf("cannot encode card %d", int(c))
	}
	return []byte(c.ID()), nil
}

// UnmarshalText reads the ID form and refuses anything else.
func (c *Card) UnmarshalText(b []byte) error {
	v, err := ParseCard(string(b))
	if err != nil {
		return err
	}
	*c = v
	return nil
}

// actionCards and riverCards list every card of each set in id order.
func actionCards() []Card { return cardRange(1, NumActions) }
func riverCards() []Card  { return cardRange(firstRiver, NumCards) }

func cardRange(from, to int) []Card {
	out := make([]Card, 0, to-from+1)
	for id := from; id <= to; id++ {
		out = append(out, Card(id))
	}
	return out
}
