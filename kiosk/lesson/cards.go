package lesson

import (
	"encoding/json"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/engine/canyon"
)

// positioner is a game that builds a prepared position from a seat's view
// in JSON, what the view hides dealt from a seed.
type positioner interface {
	Position(view []byte, seed uint64) (engine.State, error)
}

// fromView is a Start building a prepared position: the viewer's view of a
// game just started from setup, changed by edit (its fields as the JSON
// form names them), what it hides dealt from seed.
func fromView(r engine.Rules, p positioner, setup engine.Setup, viewer engine.Seat, seed uint64, edit map[string]any) func() (engine.State, error) {
	return func() (engine.State, error) {
		st, err := engine.NewGame(r, setup)
		if err != nil {
			return nil, err
		}
		b, err := json.Marshal(st.View(viewer))
		if err != nil {
			return nil, err
		}
		var v map[string]any
		if err := json.Unmarshal(b, &v); err != nil {
			return nil, err
		}
		delete(v, "legal")
		// A name the view does not know is refused by the strict decoder.
		for k, x := range edit {
			v[k] = x
		}
		if b, err = json.Marshal(v); err != nil {
			return nil, err
		}
		return p.Position(b, seed)
	}
}

// card is a Canyon card as its JSON form writes it.
func card(suit, value int) map[string]int { return map[string]int{"suit": suit, "value": value} }

// Canyon is the lesson of Canyon, in the round of two cards each: the
// learner bids a tempo of one trick, follows the suit led, wins the last
// trick with a trump and so makes the tempo exactly, and lands the canoe
// on one of the tied cells nearest the docks (the rulebook's movement:
// tricks plus the bonus, as close to the finish as possible).
func Canyon() *Lesson { return canyonLesson(canyonSeed) }

// canyonSeed deals the bots' hands of the Canyon lesson: the first bot
// leads a high card of the suit the learner holds a low one of.
const canyonSeed = 2

func canyonLesson(seed uint64) *Lesson {
	const trump, led = 4, 0
	mine, low := canyon.Card{Suit: trump, Value: 10}, canyon.Card{Suit: led, Value: 2}
	cell := func(row, col int) int { return row*11 + col }
	r := canyon.New()
	return &Lesson{
		Game: canyon.ID, Rules: r, Seats: 3, Learner: 0,
		Start: fromView(r, r, engine.Setup{Seats: 3, Seed: 1}, 0, seed, map[string]any{
			"phase": canyon.PhaseTempo, "turn": 1, "ply": 40, "round": 7, "track": 6,
			"dealer": 0, "start_player": 1, "leader": 1,
			"canoes": []int{cell(25, 5), cell(27, 2), cell(27, 8)},
			"trump":  card(trump, 1),
			"hand":   []canyon.Card{low, mine}, "hand_counts": []int{2, 2, 2},
		}),
		Steps: []Step{
			{
				Text:   "lesson.canyon.1",
				Expect: []engine.Move{canyon.Tempo(1)},
				Other:  "lesson.canyon.1.other",
				Wrong:  canyon.Tempo(2),
			},
			{
				// The first bot leads a high card of the suit the learner
				// holds the 2 of: the follow-suit rule matters now.
				Text:   "lesson.canyon.2",
				Expect: []engine.Move{canyon.Play(low)},
				Wrong:  canyon.Play(mine),
			},
			{
				Text:   "lesson.canyon.3",
				Expect: []engine.Move{canyon.Play(mine)},
			},
			{
				// Tricks 1 + bonus 2: three cells up, where five cells of
				// row 22 tie for the nearest to the docks.
				Text: "lesson.canyon.4",
				Expect: []engine.Move{canyon.MoveTo(22, 3), canyon.MoveTo(22, 4), canyon.MoveTo(22, 6),
					canyon.MoveTo(22, 7), canyon.MoveTo(22, 8)},
				Wrong: canyon.MoveTo(23, 5),
			},
		},
		End: "lesson.canyon.end",
	}
}

// Canaille is the lesson of Canaille, for two: the learner lays a
// sentence, "Ça mord 2, Poubelle." (its last card bears a full stop),
// answers its question (which trash to throw away) and refills the hand
// from the face-up row and the deck.
func Canaille() *Lesson {
	c := func(id string) canaille.Card { return must(canaille.ParseCard(id)) }
	r := canaille.New()
	bite2, bin, point, other := c("A17"), c("A43"), c("A01"), c("A23")
	boot, tyre, fish := c("R34"), c("R39"), c("R20")
	return &Lesson{
		Game: canaille.ID, Rules: r, Seats: 2, Learner: 0,
		Start: fromView(r, r, engine.Setup{Seats: 2, Seed: 1}, 0, 3, map[string]any{
			"turn": 0, "active": 0, "actor": 0,
			"hand": []canaille.Card{point, bite2, bin, other, c("A47")},
			"row":  []canaille.Card{c("A50"), c("A33"), c("A06")},
			"catches": []map[string]any{
				{"count": 4, "top": tyre, "cards": []canaille.Card{c("R05"), boot, fish, tyre}, "score": 0},
				{"count": 0},
			},
			"river": map[string]any{"size": 38, "face_up": false},
		}),
		Steps: []Step{
			{
				Text:   "lesson.canaille.1",
				Expect: []engine.Move{canaille.Move{Kind: canaille.KindSentence, Cards: []canaille.Card{bite2, bin}}},
				Other:  "lesson.canaille.1.other",
				Wrong:  canaille.Move{Kind: canaille.KindSentence, Cards: []canaille.Card{bite2}},
			},
			{
				Text:   "lesson.canaille.2",
				Expect: []engine.Move{canaille.Move{Kind: canaille.KindBin, Card: tyre}},
				Other:  "lesson.canaille.2.other",
				Wrong:  canaille.Move{Kind: canaille.KindBin, Card: fish},
			},
			{
				Text:   "lesson.canaille.3",
				Expect: []engine.Move{canaille.Move{Kind: canaille.KindTakeRow, Card: c("A33")}},
				Other:  "lesson.canaille.3.other",
				Wrong:  canaille.Move{Kind: canaille.KindDrawDeck},
			},
			{
				Text:   "lesson.canaille.4",
				Expect: []engine.Move{canaille.Move{Kind: canaille.KindDrawDeck}},
				Other:  "lesson.canaille.4.other",
				Wrong:  canaille.Move{Kind: canaille.KindTakeRow, Card: c("A06")},
			},
		},
		End: "lesson.canaille.end",
	}
}
