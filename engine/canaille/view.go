package canaille

import (
	"slices"

	"github.com/tablee/tablee/engine"
)

// View is what one seat (or the table) may know of a game. Hands are
// private; a catch shows its owner all of it and others its top card and
// size; the river shows its size, its face and, face up only, its top card.
// The order of the action deck and of the river is in no view.
type View struct {
	engine.ViewHeader[Move]
	Seats    int         `json:"seats"`
	Phase    string      `json:"phase"`
	Active   engine.Seat `json:"active"` // whose sentence it is
	Actor    engine.Seat `json:"actor"`  // who carries it out now
	Hand     []Card      `json:"hand,omitempty"`
	Hands    []int       `json:"hand_sizes"`
	Row      []Card      `json:"row"`
	Deck     int         `json:"deck_size"`
	Discard  []Card      `json:"discard"`
	River    RiverView   `json:"river"`
	Catches  []CatchView `json:"catches"`
	Binned   []Card      `json:"binned"`
	Eaten    []Card      `json:"eaten"`
	Canaille engine.Seat `json:"canaille"` // who drew it, or nobody (-1)
	Sentence []Card      `json:"sentence"`
	Step     int         `json:"step"`
	Released int         `json:"released"` // fish released for the current Relâche
	Fog      FogView     `json:"fog"`
	Turns    int         `json:"turns"`
	Plies    int         `json:"plies"`
}

// RiverView is the public side of the river.
type RiverView struct {
	Size   int  `json:"size"`
	FaceUp bool `json:"face_up"`
	Top    Card `json:"top,omitempty"` // only while face up
}

// CatchView is one player's catch as the viewer sees it.
type CatchView struct {
	Count int    `json:"count"`
	Top   Card   `json:"top,omitempty"`
	Cards []Card `json:"cards,omitempty"` // bottom to top, for its owner only
	Score int    `json:"score,omitempty"` // for its owner only: others cannot know it
}

// FogView shows the Brouillard cards not handed out yet: their number, and
// the cards themselves only if they were drawn face up.
type FogView struct {
	Count int    `json:"count"`
	Seen  bool   `json:"seen"`
	Cards []Card `json:"cards,omitempty"`
	Got   []bool `json:"got"`
}

// View builds viewer's view.
func (s *State) View(viewer engine.Seat) engine.View {
	v := &View{
		ViewHeader: engine.ViewHeader[Move]{For: viewer, ToMove: s.Turn()}, Seats: s.n, Phase: s.phase.String(),
		Active: s.active, Actor: s.actor,
		Row: list(s.row), Deck: len(s.deck), Discard: list(s.discard),
		River:  RiverView{Size: s.river.Len(), FaceUp: s.river.FaceUp, Top: s.river.Visible()},
		Binned: list(s.binned), Eaten: list(s.eaten), Canaille: s.taker,
		Sentence: list(s.sentence), Step: s.step, Released: s.released,
		Fog:   FogView{Count: len(s.fog), Seen: s.fogSeen, Got: slices.Clone(s.fogGot)},
		Turns: s.turns, Plies: s.plies,
	}
	if s.fogSeen {
		v.Fog.Cards = list(s.fog)
	}
	for p := range engine.Seat(s.n) {
		v.Hands = append(v.Hands, len(s.hands[p]))
		v.Catches = append(v.Catches, s.catchView(p, viewer))
	}
	if viewer.Valid(s.n) {
		v.Hand = list(s.hands[viewer])
	}
	if res, over := s.Result(); over {
		v.Outcome = &res
	}
	if viewer == s.Turn() {
		v.Moves = s.legal()
	}
	return v
}

func (s *State) catchView(p, viewer engine.Seat) CatchView {
	cs := s.catches[p]
	cv := CatchView{Count: len(cs)}
	if len(cs) > 0 {
		cv.Top = cs[len(cs)-1]
	}
	if p == viewer {
		cv.Cards = list(cs)
		cv.Score = catchValue(cs)
	}
	return cv
}

// list copies cs, never nil, so a view's JSON does not depend on how a
// slice came to be empty.
func list(cs []Card) []Card { return append([]Card{}, cs...) }
