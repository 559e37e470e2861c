package canyonduel

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/tablee/tablee/engine"
)

// endsWith checks that the game is over for reason with these scores.
func endsWith(t *testing.T, s *State, reason string, scores []int) engine.Result {
	t.Helper()
	res, over := s.Result()
	if !over || s.Turn() != engine.NoSeat {
		t.Fatalf("game not over:\n%v", s)
	}
	if res.Reason != reason || !slices.Equal(res.Scores, scores) {
		t.Errorf("result %+v, want reason %q and scores %v", res, reason, scores)
	}
	return res
}

// The rulebook's example: five pieces, one on 15, two on 14, two on 13.
func TestHomeEndsTheGameRulebookExample(t *testing.T) {
	s := position(t, 0, `
.....RRR
.##....R
.###..R.
..###...
...###..
...Y###.
..Y..##.
........`)
	if _, over := s.Result(); over {
		t.Fatal("over before the last piece arrives")
	}
	events := mustApply(t, s, "g6-g7")
	// Red 15+14+14+13+13; yellow reads c2 as 12 and d3 as 10.
	res := endsWith(t, s, ReasonHome, []int{69, 22})
	if !slices.Equal(res.Winners, []engine.Seat{0}) || !slices.Equal(res.Ranks, []int{1, 2}) {
		t.Errorf("result %+v, red should win", res)
	}
	if last := events[len(events)-1]; last.Type != "end" || last.Data["reason"] != ReasonHome {
		t.Errorf("last event %+v", last)
	}
}

// "Whatever stands elsewhere": a yellow piece on one of the three 13
// cells does not stop red, whose values are still 15, 14, 14, 13, 13.
func TestHomeIgnoresWhatStandsElsewhere(t *testing.T) {
	s := position(t, 0, `
.....RRR
.##...YR
.###..R.
..###...
...###..
...Y###.
..Y..##.
........`)
	mustApply(t, s, "g6-h6")
	endsWith(t, s, ReasonHome, []int{69, 25})
}

// Home compares the multisets of values: 15, 14, 13 is not the top three
// (15, 14, 14), though it is three of the top cells' values.
func TestHomeIsTheHighestValuesExactly(t *testing.T) {
	tests := []struct {
		cells []string
		home  bool
	}{
		{[]string{"h8"}, true},
		{[]string{"g8"}, false},
		{[]string{"h8", "g8", "h7"}, true},
		{[]string{"h8", "g8", "f8"}, false},
		{[]string{"h8", "g8", "h7", "f8", "g7"}, true},
		{[]string{"h8", "g8", "h7", "f8", "e8"}, false},
	}
	for _, tt := range tests {
		var b board
		for _, name := range tt.cells {
			b[cell(t, name).index()] = piece(0)
			// The same cells turned half a turn are yellow's best.
			b[numSquares-1-cell(t, name).index()] = piece(1)
		}
		if b.home(0) != tt.home || b.home(1) != tt.home {
			t.Errorf("%v: home %v/%v, want %v", tt.cells, b.home(0), b.home(1), tt.home)
		}
	}
}

// The end is checked for both players after every move: red's capture
// leaves yellow with two pieces on its 15 and 14, so yellow is home.
func TestOpponentCanBeHomeAfterYourMove(t *testing.T) {
	s := position(t, 0, `
........
.##.....
.###....
..###...
...###..
....###.
...Y.##.
YY..R...`)
	mustApply(t, s, "e1:c3")
	res := endsWith(t, s, ReasonHome, []int{5, 29})
	if !slices.Equal(res.Winners, []engine.Seat{1}) {
		t.Errorf("winners %v, want yellow", res.Winners)
	}
}

func TestNoPiecesEndsTheGame(t *testing.T) {
	s := position(t, 0, lastCapture)
	mustApply(t, s, "e1:c3")
	res := endsWith(t, s, ReasonNoPieces, []int{5, 0})
	if !res.Won(0) {
		t.Errorf("red should win: %+v", res)
	}
}

// Yellow's last piece in its corner is walled in by red's step to f6.
func TestNoMoveEndsTheGame(t *testing.T) {
	s := position(t, 0, `
.....RRY
.##...RR
.###...R
..###R..
...###..
....###.
.....##.
........`)
	mustApply(t, s, "f5-f6")
	// Red 13+14+13+14+13+11, yellow 1 on its own first row.
	res := endsWith(t, s, ReasonNoMove, []int{78, 1})
	if !res.Won(0) {
		t.Errorf("red should win: %+v", res)
	}
}

func TestPlyLimitEndsTheGame(t *testing.T) {
	s := position(t, MaxPlies-1, startDiagram)
	if s.Turn() != 1 {
		t.Fatalf("turn %v on ply %d", s.Turn(), s.Plies())
	}
	mustApply(t, s, "d8-d7")
	res := endsWith(t, s, ReasonPlyLimit, []int{55, 56})
	if !res.Won(1) {
		t.Errorf("yellow should win: %+v", res)
	}
}

// drawnAtTheLimit is yellow's last move before the ply limit, with one
// piece each: g7-f8 keeps yellow's 3 points, equal to red's.
const drawnAtTheLimit = `
........
.##...Y.
.###....
..###...
...###..
....###.
.....##.
..R.....`

func TestEqualScoresDraw(t *testing.T) {
	s := position(t, MaxPlies-1, drawnAtTheLimit)
	mustApply(t, s, "g7-f8") // along its diagonal: still worth 3 to yellow
	res := endsWith(t, s, ReasonPlyLimit, []int{3, 3})
	if !res.Draw() || !slices.Equal(res.Ranks, []int{1, 1}) {
		t.Errorf("result %+v, want a draw", res)
	}
}

func TestScoresReadEachPlayersOwnSide(t *testing.T) {
	var b board
	b[cell(t, "h8").index()] = piece(0) // 15 for red
	b[cell(t, "a1").index()] = piece(1) // 15 for yellow
	b[cell(t, "a8").index()] = piece(0) // 8 either way
	b[cell(t, "b1").index()] = piece(1) // 14 for yellow
	if r, y := b.score(0), b.score(1); r != 23 || y != 29 {
		t.Errorf("scores %d, %d, want 23, 29", r, y)
	}
}

// When several ends hold at once the first in this order names it:
// no pieces, home, ply limit, no move.
func TestEndReasonOrder(t *testing.T) {
	var b board
	b[cell(t, "h8").index()] = piece(0) // home, and yellow has nothing
	if got := endReason(&b, 0); got != ReasonNoPieces {
		t.Errorf("no pieces and home: %q", got)
	}
	b[cell(t, "a2").index()] = piece(1)
	if got := endReason(&b, MaxPlies); got != ReasonHome {
		t.Errorf("home and ply limit: %q", got)
	}
	walled := position(t, 0, `
........
.##.....
.###....
..###...
...###..
Y.Y.###.
YY...##.
RYY.....`).board // red's only piece, on a1, cannot move
	if got := endReason(&walled, MaxPlies); got != ReasonPlyLimit {
		t.Errorf("ply limit and no move: %q", got)
	}
	if got := endReason(&walled, MaxPlies-2); got != ReasonNoMove {
		t.Errorf("no move: %q", got)
	}
}

// A draw's end event, as the phones receive it, names its winners as an
// empty list, never null: a page counting the winners must not meet null.
func TestADrawsEndEventWritesNoWinnersAsAnEmptyList(t *testing.T) {
	s := position(t, MaxPlies-1, drawnAtTheLimit)
	events := mustApply(t, s, "g7-f8")
	var end []engine.Event
	for _, e := range events {
		if e.Type == "end" {
			end = append(end, e)
		}
	}
	if len(end) != 1 {
		t.Fatalf("events %+v, want one end event", events)
	}
	data, err := json.Marshal(end[0])
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"winners":[]`) {
		t.Errorf("end event %s, want \"winners\":[]", data)
	}
}
