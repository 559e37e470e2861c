package canaille

import (
	"slices"

	"github.com/tablee/tablee/engine"
)

// HandSize is the number of action cards a player holds between turns.
const HandSize = 5

// RowSize is the number of face-up action cards beside the deck.
const RowSize = 3

// MaxTurns ends a game in which Canaille is never drawn (players can keep
// releasing fish and laying sentences without drawing): after this many
// sentences the game is scored as it stands, with no Canaille.
const MaxTurns = 300

// phase is the kind of decision the game waits for.
type phase uint8

const (
	phaseSwap     phase = iota // active holds no full stop: swap a card
	phaseReturn                // after a swap: return a fish
	phaseSentence              // active lays a sentence
	phaseTarget                // Autre pêcheur: actor names who carries on
	phaseRelease               // Relâche: actor releases fish
	phaseBin                   // Poubelle: actor bins a trash
	phaseGive                  // Brouillard: actor hands out drawn cards
	phaseRefill                // active refills their hand
	phaseOver
)

var phaseNames = [...]string{
	phaseSwap: "swap", phaseReturn: "return", phaseSentence: "sentence",
	phaseTarget: "target", phaseRelease: "release", phaseBin: "bin",
	phaseGive: "give", phaseRefill: "refill", phaseOver: "over",
}

func (p phase) String() string { return phaseNames[p] }

func parsePhase(s string) (phase, bool) {
	for p, name := range phaseNames {
		if name == s {
			return phase(p), true
		}
	}
	return 0, false
}

// State is one position of a game of Canaille. Action piles keep their top
// at the end of the slice (deck, catches); the river keeps its top first.
type State struct {
	n   int
	rng engine.RNG

	hands   [][]Card
	deck    []Card
	row     []Card
	discard []Card
	river   River
	catches [][]Card
	binned  []Card // trash removed from the game by Poubelle
	eaten   []Card // fish Canaille ate at the end
	taker   engine.Seat

	active   engine.Seat // whose turn it is
	phase    phase
	sentence []Card      // being resolved
	step     int         // index in sentence of the card being resolved
	actor    engine.Seat // who carries out the sentence now
	released int         // fish released so far for the current Relâche
	fog      []Card      // drawn by Brouillard, not handed out yet
	fogSeen  bool        // drawn face up, so the distributor sees them
	fogGot   []bool      // seats that already received a fog card

	turns  int // sentences laid
	plies  int
	result engine.Result

	events []engine.Event // of the move being applied; not part of the state
	loud   bool           // set only while Apply runs: build the events
}

// Seats is the number of players.
func (s *State) Seats() int { return s.n }

// Turn is the seat to decide now: the active player, or whoever holds the
// sentence while it is resolved.
func (s *State) Turn() engine.Seat {
	switch s.phase {
	case phaseOver:
		return engine.NoSeat
	case phaseTarget, phaseRelease, phaseBin, phaseGive:
		return s.actor
	}
	return s.active
}

// Plies counts the moves applied by players (forced steps the engine takes
// by itself are not moves).
func (s *State) Plies() int { return s.plies }

// Result is the outcome once the game is over.
func (s *State) Result() (engine.Result, bool) {
	return s.result, s.phase == phaseOver
}

// Score is seat's catch value: fish add their value, trash subtracts it.
func (s *State) Score(seat engine.Seat) int { return catchValue(s.catches[seat]) }

func catchValue(cs []Card) int {
	v := 0
	for _, c := range cs {
		v += c.Face().Value()
	}
	return v
}

// Clone returns an independent copy.
func (s *State) Clone() engine.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.hands = cloneAll(s.hands)
	c.deck = slices.Clone(s.deck)
	c.row = slices.Clone(s.row)
	c.discard = slices.Clone(s.discard)
	c.river = s.river.clone()
	c.catches = cloneAll(s.catches)
	c.binned = slices.Clone(s.binned)
	c.eaten = slices.Clone(s.eaten)
	c.sentence = slices.Clone(s.sentence)
	c.fog = slices.Clone(s.fog)
	c.fogGot = slices.Clone(s.fogGot)
	c.result.Scores = slices.Clone(s.result.Scores)
	c.result.Ranks = slices.Clone(s.result.Ranks)
	c.result.Winners = slices.Clone(s.result.Winners)
	c.events, c.loud = nil, false
	return &c
}

func cloneAll(css [][]Card) [][]Card {
	out := make([][]Card, len(css))
	for i, cs := range css {
		out[i] = slices.Clone(cs)
	}
	return out
}

// Hash covers the whole state, hidden cards and the random source included.
func (s *State) Hash() string {
	h := engine.NewHasher("canaille").Int(s.n).RNG(s.rng)
	cards := func(cs []Card) {
		h.Int(len(cs))
		for _, c := range cs {
			h.Int(int(c))
		}
	}
	for i := range s.n {
		cards(s.hands[i])
		cards(s.catches[i])
	}
	for _, cs := range [][]Card{s.deck, s.row, s.discard, s.river.Cards, s.binned, s.eaten, s.sentence, s.fog} {
		cards(cs)
	}
	h.Bool(s.river.FaceUp).Int(int(s.taker)).Int(int(s.active)).Int(int(s.phase))
	h.Int(s.step).Int(int(s.actor)).Int(s.released).Bool(s.fogSeen)
	for _, got := range s.fogGot {
		h.Bool(got)
	}
	h.Int(s.turns).Int(s.plies).Ints(s.result.Scores...).String(s.result.Reason)
	return h.Sum()
}
