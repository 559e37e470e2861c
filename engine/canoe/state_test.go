package canoe

import (
	"reflect"
	"slices"
	"testing"

	"github.com/tablee/tablee/engine"
)

func TestPlaceTakesAPegFromTheSupply(t *testing.T) {
	s := newGame(t)
	events := play(t, s, "place g3")
	if s.pegs[0] != mask(t, "g3") || s.pegs.supply(0) != 12 || s.Turn() != 1 || s.Plies() != 1 {
		t.Errorf("after place g3: pegs %v, supply %d, turn %v", holesOf(s.pegs[0]), s.pegs.supply(0), s.Turn())
	}
	want := []engine.Event{engine.Public(EventPlace, 0, map[string]any{"to": "g3"})}
	if !reflect.DeepEqual(events, want) {
		t.Errorf("events %+v, want %+v", events, want)
	}
}

func TestPlaceRefusals(t *testing.T) {
	s := newGame(t)
	play(t, s, "place g3")
	refused(t, s, 1, Place(h(t, "g3")), RuleHoleOccupied)
	refused(t, s, 1, Place(Hole{0, 0}), RuleNotAHole)
	refused(t, s, 1, Place(Hole{9, 9}), RuleNotAHole)
	refused(t, s, 1, Place(Hole{-1, 3}), RuleNotAHole)
	refused(t, s, 1, Move{Kind: KindPlace, From: h(t, "g3"), To: h(t, "h3")}, engine.RuleBadMove)
	play(t, s, "place h3")
	refused(t, s, 0, Place(h(t, "g3")), RuleHoleOccupied)
	refused(t, s, 0, Place(h(t, "h3")), RuleHoleOccupied)
}

// TestSupplyHoldsThirteenPegs fills a row for each player; the 14th
// placement is refused until a peg goes back to the supply.
func TestSupplyHoldsThirteenPegs(t *testing.T) {
	s := newGame(t)
	for c := range Cols {
		play(t, s, Place(Hole{1, c}).String(), Place(Hole{2, c}).String())
	}
	if s.pegs.supply(0) != 0 || s.pegs.supply(1) != 0 || s.Turn() != 0 {
		t.Fatalf("supplies %d/%d after 26 placements", s.pegs.supply(0), s.pegs.supply(1))
	}
	refused(t, s, 0, Place(h(t, "b1")), RuleNoPegsLeft)
	for _, m := range s.Legal() {
		if m.(Move).Kind == KindPlace {
			t.Fatalf("%v is listed with an empty supply", m)
		}
	}
	play(t, s, "remove a2", "remove a3", "place b1")
	if s.pegs.supply(0) != 0 || s.pegs[0]&mask(t, "b1") == 0 {
		t.Errorf("a removed peg was not placed again: supply %d", s.pegs.supply(0))
	}
}

func TestRemoveReturnsAPegToTheSupply(t *testing.T) {
	s := newGame(t)
	play(t, s, "place g3", "place h3")
	events := play(t, s, "remove g3")
	if s.pegs[0] != 0 || s.pegs.supply(0) != 13 || s.Turn() != 1 {
		t.Errorf("after remove g3: pegs %v, supply %d", holesOf(s.pegs[0]), s.pegs.supply(0))
	}
	if want := []string{EventRemove}; !slices.Equal(eventTypes(events), want) || events[0].Data["from"] != "g3" {
		t.Errorf("events %+v", events)
	}
}

func TestRemoveRefusals(t *testing.T) {
	s := newGame(t)
	play(t, s, "place g3", "place h3")
	refused(t, s, 0, Remove(h(t, "h3")), RuleNotYourPeg)
	refused(t, s, 0, Remove(h(t, "f3")), RuleNotYourPeg)
	refused(t, s, 0, Remove(Hole{0, 0}), RuleNotAHole)
	refused(t, s, 0, Move{Kind: KindRemove, From: h(t, "g3"), To: h(t, "f3")}, engine.RuleBadMove)
}

func TestMoveGoesToAnyOfTheEightNeighbours(t *testing.T) {
	for _, to := range []string{"f2", "g2", "h2", "f3", "h3", "f4", "g4", "h4"} {
		s := newGame(t)
		play(t, s, "place g3", "place a2")
		events := play(t, s, "move g3-"+to)
		if s.pegs[0] != mask(t, to) || s.pegs.supply(0) != 12 {
			t.Errorf("move g3-%s: pegs %v", to, holesOf(s.pegs[0]))
		}
		want := []engine.Event{engine.Public(EventMove, 0, map[string]any{"from": "g3", "to": to})}
		if !reflect.DeepEqual(events, want) {
			t.Errorf("events %+v, want %+v", events, want)
		}
	}
}

func TestMoveRefusals(t *testing.T) {
	s := newGame(t)
	play(t, s, "place g3", "place h3")
	refused(t, s, 0, MoveFrom(h(t, "g3"), h(t, "i3")), RuleNotAdjacent)
	refused(t, s, 0, MoveFrom(h(t, "g3"), h(t, "g5")), RuleNotAdjacent)
	refused(t, s, 0, MoveFrom(h(t, "g3"), h(t, "m1")), RuleNotAdjacent)
	refused(t, s, 0, MoveFrom(h(t, "g3"), h(t, "g3")), RuleNotAdjacent)
	refused(t, s, 0, MoveFrom(h(t, "g3"), h(t, "h3")), RuleHoleOccupied)
	refused(t, s, 0, MoveFrom(h(t, "h3"), h(t, "h4")), RuleNotYourPeg)
	refused(t, s, 0, MoveFrom(h(t, "f3"), h(t, "f4")), RuleNotYourPeg)
	refused(t, s, 0, MoveFrom(Hole{0, 0}, h(t, "b1")), RuleNotAHole)
	refused(t, s, 0, MoveFrom(h(t, "g3"), Hole{7, 6}), RuleNotAHole)
	refused(t, s, 0, Move{Kind: KindMove, From: h(t, "g3")}, RuleNotAHole)
}

func TestOnlyTheSeatToMoveMayMove(t *testing.T) {
	s := newGame(t)
	refused(t, s, 1, Place(h(t, "g3")), engine.RuleNotYourTurn)
	refused(t, s, 2, Place(h(t, "g3")), engine.RuleNotYourTurn)
	refused(t, s, engine.Onlooker, Place(h(t, "g3")), engine.RuleNotYourTurn)
	play(t, s, "place g3")
	refused(t, s, 0, Place(h(t, "h3")), engine.RuleNotYourTurn)
}

type otherMove struct{}

func (otherMove) String() string { return "other" }

func TestApplyRefusesGarbage(t *testing.T) {
	s := newGame(t)
	for _, m := range []engine.Move{nil, otherMove{}, (*Move)(nil), Move{}, Move{Kind: "jump", To: Hole{2, 6}}} {
		refused(t, s, 0, m, engine.RuleBadMove)
	}
	refused(t, s, 0, Place(Hole{99, -3}), RuleNotAHole)
	refused(t, s, 0, Move{Kind: KindMove, From: Hole{-1, -1}, To: Hole{1 << 40, 0}}, RuleNotAHole)
	m := Place(h(t, "g3"))
	if _, err := s.Apply(0, &m); err != nil {
		t.Errorf("a *Move was refused: %v", err)
	}
}

func TestLegalListsPlacementsRemovalsAndMoves(t *testing.T) {
	s := stateAt(board{mask(t, "g3"), mask(t, "h3")}, 0)
	legal := s.Legal()
	// 59 empty holes, 1 removal, 7 free neighbours of g3.
	if len(legal) != 59+1+7 {
		t.Fatalf("%d legal moves, want 67", len(legal))
	}
	if legal[0].String() != "place b1" || legal[59].String() != "remove g3" || legal[60].String() != "move g3-f2" {
		t.Errorf("listing order: %v, %v, %v", legal[0], legal[59], legal[60])
	}
	for _, m := range legal {
		if _, err := s.Clone().Apply(0, m); err != nil {
			t.Errorf("listed move %v refused: %v", m, err)
		}
	}
}

func TestRandomMoveDrawsEveryLegalMove(t *testing.T) {
	s := stateAt(board{mask(t, "g3 a2 m1"), mask(t, "h3")}, 0)
	counts := map[string]int{}
	r := engine.NewRNG(1, 1)
	const draws = 20000
	for range draws {
		counts[s.RandomMove(&r).String()]++
	}
	legal := s.Legal()
	if len(counts) != len(legal) {
		t.Fatalf("%d distinct random moves, %d legal", len(counts), len(legal))
	}
	for _, m := range legal {
		if n, mean := counts[m.String()], draws/len(legal); n < mean/2 || n > mean*2 {
			t.Errorf("%v drawn %d times, expected about %d", m, n, mean)
		}
	}
}

// TestWinEndsTheGameAtOnce plays light's two canoes while dark lines up pegs
// on the bottom row: the eighth light peg ends the game.
func TestWinEndsTheGameAtOnce(t *testing.T) {
	s := newGame(t)
	events := play(t, s, "place b2", "place d6", "place e2", "place e6", "place c3", "place f6", "place d3")
	if got := eventTypes(events[len(events)-2:]); !slices.Equal(got, []string{EventPlace, EventCanoe}) {
		t.Errorf("the first canoe: events %v", got)
	}
	play(t, s, "place g6", "place g2", "place h6", "place j2", "place i6", "place h3", "place j6")
	if _, over := s.Result(); over {
		t.Fatal("the game ended before the second canoe")
	}
	events = play(t, s, "place i3")
	if got := eventTypes(events); !slices.Equal(got, []string{EventPlace, EventCanoe, EventWin}) {
		t.Errorf("the winning move: events %v", got)
	}
	res, over := s.Result()
	want := engine.Result{Scores: []int{2, 0}, Ranks: []int{1, 2}, Winners: []engine.Seat{0}, Reason: ReasonTwoCanoes}
	if !over || !reflect.DeepEqual(res, want) {
		t.Errorf("result %+v, %v; want %+v", res, over, want)
	}
	if s.Turn() != engine.NoSeat || s.Legal() != nil || s.RandomMove(nil) != nil {
		t.Errorf("after the win: turn %v, %d legal moves", s.Turn(), len(s.Legal()))
	}
	refused(t, s, 1, Place(h(t, "a2")), engine.RuleGameOver)
}

// TestLightWinsWhileDarkHasOneCanoe is the rulebook's last example: light
// has built two canoes, dark only one. Dark's second canoe lacks one peg,
// and never gets it: the game ends at once (the rulebook's "both players
// would have won").
func TestLightWinsWhileDarkHasOneCanoe(t *testing.T) {
	light := mask(t, "b2 e2 c3 d3 g2 j2 h3")
	dark := mask(t, "d5 g5 e6 f6 j4 m4 k5")
	if countCanoes(dark|mask(t, "l5")) != 2 {
		t.Fatal("dark should be one peg from winning too")
	}
	s := stateAt(board{light, dark}, 0)
	play(t, s, "place i3")
	res, _ := s.Result()
	want := engine.Result{Scores: []int{2, 1}, Ranks: []int{1, 2}, Winners: []engine.Seat{0}, Reason: ReasonTwoCanoes}
	if !reflect.DeepEqual(res, want) {
		t.Errorf("result %+v, want %+v", res, want)
	}
	refused(t, s, 1, Place(h(t, "l5")), engine.RuleGameOver)
}

func TestDarkWinsToo(t *testing.T) {
	s := stateAt(board{0, mask(t, "b2 e2 c3 d3 g2 j2 h3")}, 1)
	play(t, s, "place i3")
	res, _ := s.Result()
	if !reflect.DeepEqual(res.Ranks, []int{2, 1}) || !res.Won(1) || res.Won(0) {
		t.Errorf("result %+v", res)
	}
}

// TestRemovingASpoilerMakesTwoCanoes: one light peg touches both canoes;
// taking it away wins.
func TestRemovingASpoilerMakesTwoCanoes(t *testing.T) {
	s := stateAt(board{mask(t, "b2 e2 c3 d3 f2 g2 j2 h3 i3"), 0}, 0)
	if got := s.scores(); got[0] != 0 {
		t.Fatalf("spoiled canoes count: %v", got)
	}
	events := play(t, s, "remove f2")
	if got := eventTypes(events); !slices.Equal(got, []string{EventRemove, EventCanoe, EventCanoe, EventWin}) {
		t.Errorf("events %v", got)
	}
}

func TestAnOwnPegNextToACanoeSpoilsIt(t *testing.T) {
	s := stateAt(board{mask(t, "b2 e2 c3 d3"), 0}, 0)
	events := play(t, s, "place f2")
	if got := eventTypes(events); !slices.Equal(got, []string{EventPlace, EventCanoeLost}) || s.scores()[0] != 0 {
		t.Errorf("events %v, scores %v", got, s.scores())
	}
	holes := events[1].Data["holes"]
	if !reflect.DeepEqual(holes, []string{"b2", "e2", "c3", "d3"}) || events[1].Data["shape"] != `\__/` {
		t.Errorf("canoe-lost data %v", events[1].Data)
	}
}

// TestWinOnTheLastPlyIsAWin: the 200th ply may still win.
func TestWinOnTheLastPlyIsAWin(t *testing.T) {
	s := stateAt(board{0, mask(t, "b2 e2 c3 d3 g2 j2 h3")}, MaxPlies-1)
	play(t, s, "place i3")
	if res, _ := s.Result(); res.Reason != ReasonTwoCanoes || !res.Won(1) {
		t.Errorf("result %+v", res)
	}
}

func TestThirdRepetitionIsADraw(t *testing.T) {
	s := newGame(t)
	play(t, s, "place g3", "place a2", "remove g3", "remove a2")
	play(t, s, "place g3", "place a2", "remove g3")
	if _, over := s.Result(); over {
		t.Fatal("over before the third repetition")
	}
	events := play(t, s, "remove a2")
	res, over := s.Result()
	want := engine.DrawResult([]int{0, 0}, ReasonRepetition)
	if !over || !reflect.DeepEqual(res, want) || s.Turn() != engine.NoSeat {
		t.Errorf("result %+v, %v; want %+v", res, over, want)
	}
	if got := eventTypes(events); !slices.Equal(got, []string{EventRemove, EventDraw}) || events[1].Data["reason"] != ReasonRepetition {
		t.Errorf("events %+v", events)
	}
}

// TestRepetitionNeedsTheSameSeatToMove: light walks a triangle while dark
// steps back and forth, so the board returns with the other seat to move.
// The board stands five times; only its third time with light to move ends
// the game.
func TestRepetitionNeedsTheSameSeatToMove(t *testing.T) {
	lightTriangle := []string{"move g3-h3", "move a2-a3", "move h3-g4", "move a3-a2", "move g4-g3"}
	darkTriangle := []string{"move a2-a3", "move g3-h3", "move a3-b2", "move h3-g3", "move b2-a2"}
	s := newGame(t)
	play(t, s, "place g3", "place a2")
	start := s.pegs
	for i, cycle := range [][]string{lightTriangle, darkTriangle, lightTriangle, darkTriangle} {
		if _, over := s.Result(); over {
			t.Fatalf("over before cycle %d", i+1)
		}
		play(t, s, cycle...)
		if s.pegs != start {
			t.Fatalf("cycle %d did not bring the board back", i+1)
		}
	}
	if res, over := s.Result(); !over || res.Reason != ReasonRepetition || s.Plies() != 22 {
		t.Errorf("after 22 plies: %+v, %v", res, over)
	}
}

// TestTwoHundredPliesIsADraw plays moves that neither win nor repeat a
// position a third time.
func TestTwoHundredPliesIsADraw(t *testing.T) {
	s := newGame(t)
	var last []engine.Event
	for s.Plies() < MaxPlies {
		if _, over := s.Result(); over {
			t.Fatalf("over after %d plies", s.Plies())
		}
		last = play(t, s, quietMove(t, s).String())
	}
	res, over := s.Result()
	if !over || res.Reason != ReasonPlyLimit || !res.Draw() || s.Turn() != engine.NoSeat {
		t.Errorf("after %d plies: %+v, %v", s.Plies(), res, over)
	}
	if last[len(last)-1].Type != EventDraw {
		t.Errorf("last events %+v", last)
	}
}

// quietMove is the first legal move that neither wins nor makes a third
// repetition.
func quietMove(t *testing.T, s *State) Move {
	p := s.plies % 2
	for _, a := range s.pegs.actions(p, nil) {
		after := s.pegs
		after.play(p, a)
		if countCanoes(after[p]) < 2 && s.seen[position{after, 1 - p}] < 2 {
			return a.move()
		}
	}
	t.Fatalf("no quiet move after %d plies", s.plies)
	return Move{}
}

func TestCloneIsIndependent(t *testing.T) {
	s := newGame(t)
	play(t, s, "place g3")
	before := s.Hash()
	c := s.Clone().(*State)
	play(t, c, "place h3", "remove g3")
	if s.Hash() != before || len(s.seen) != 2 || s.pegs != (board{mask(t, "g3"), 0}) {
		t.Errorf("playing on a clone changed the original: %v, seen %d", s.pegs, len(s.seen))
	}
}

// TestHashCoversTheRepetitionCounts: same board, same ply count, another
// history is another state, since it draws by repetition at other times.
func TestHashCoversTheRepetitionCounts(t *testing.T) {
	a, b := newGame(t), newGame(t)
	play(t, a, "place g3", "place a2", "remove g3", "remove a2")
	play(t, b, "place h3", "place a2", "remove h3", "remove a2")
	if a.pegs != b.pegs || a.plies != b.plies {
		t.Fatal("the two games should stand alike")
	}
	if a.Hash() == b.Hash() {
		t.Error("different repetition counts, same hash")
	}
	c := newGame(t)
	play(t, c, "place g3", "place a2", "remove g3", "remove a2")
	if a.Hash() != c.Hash() {
		t.Error("equal games, different hashes")
	}
}
