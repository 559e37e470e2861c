package canyonduel

import (
	"slices"
	"testing"

	"github.com/tablee/tablee/engine"
)

// A lone yellow piece keeps the game from ending for lack of pieces.
const loneRedC2 = `
.......Y
.##.....
.###....
..###...
...###..
....###.
..R..##.
R.......`

func TestStepsGoToFreeNeighbours(t *testing.T) {
	s := position(t, 0, loneRedC2)
	want := []string{"a1-b1", "a1-b2", "a1-a2", // the corner has 3 neighbours
		"c2-d2", "c2-d3", "c2-c3", "c2-b3", "c2-b2", "c2-b1", "c2-c1", "c2-d1"}
	if got := legalStrings(s); !sameSet(got, want) {
		t.Errorf("legal %v, want %v", got, want)
	}
	mustApply(t, s, "c2-d3")
	if at(t, s, "c2") != '.' || at(t, s, "d3") != 'R' {
		t.Errorf("after c2-d3:\n%v", s)
	}
}

func TestStepsNeverEnterTheCanyon(t *testing.T) {
	s := position(t, 0, `
.......Y
.##.....
.###....
..###...
...###..
...R###.
.....##.
........`) // d3 touches d4, e4 and e3, all canyon
	if got, want := legalStrings(s), []string{"d3-c3", "d3-c4", "d3-c2", "d3-d2", "d3-e2"}; !sameSet(got, want) {
		t.Errorf("legal %v, want %v", got, want)
	}
}

// eightWays has red pieces on c3 and f6, each ringed by pieces of both
// colours with free cells beyond: between them they jump in all 8
// directions.
const eightWays = `
........
.##.YYR.
.###.RR.
..###.Y.
.Y.###..
.RR.###.
.RYY.##.
........`

func TestJumpsInAllEightDirectionsOverEitherColour(t *testing.T) {
	tests := []struct {
		jump, over string
		captures   bool
	}{
		{"c3:a3", "b3", false}, // west over red
		{"c3:c1", "c2", true},  // south over yellow
		{"c3:a1", "b2", false}, // south-west over red
		{"c3:a5", "b4", true},  // north-west over yellow
		{"c3:e1", "d2", true},  // south-east over yellow
		{"f6:f8", "f7", true},  // north over yellow
		{"f6:h6", "g6", false}, // east over red
		{"f6:h8", "g7", false}, // north-east over red
		{"f6:d8", "e7", true},  // north-west over yellow
		{"f6:h4", "g5", true},  // south-east over yellow
	}
	start := position(t, 0, eightWays)
	legal := legalStrings(start)
	for _, tt := range tests {
		if !slices.Contains(legal, tt.jump) {
			t.Errorf("%s is not among the legal moves %v", tt.jump, legal)
			continue
		}
		s := start.Clone().(*State)
		mustApply(t, s, tt.jump)
		m := mv(t, tt.jump)
		from, to := m.Path[0].String(), m.Path[1].String()
		wantOver := byte('R')
		if tt.captures {
			wantOver = '.'
		}
		if at(t, s, from) != '.' || at(t, s, to) != 'R' || at(t, s, tt.over) != wantOver {
			t.Errorf("after %s:\n%v", tt.jump, s)
		}
	}
}

// loop: red c3 can jump round the ring b3, a2, b1, c2 and back, and on
// over b4.
const loop = `
.......Y
.##.....
.###....
..###...
.R.###..
.RR.###.
R.R..##.
.R......`

func TestChainMayStopAfterAnyJump(t *testing.T) {
	legal := legalStrings(position(t, 0, loop))
	for _, m := range []string{"c3:a3", "c3:a3:a1", "c3:a3:a1:c1", "c3:c1", "c3:c1:a1", "c3:c1:a1:a3"} {
		if !slices.Contains(legal, m) {
			t.Errorf("%s missing from %v", m, legal)
		}
	}
}

func TestChainMayPassItsStartButNotEndThere(t *testing.T) {
	s := position(t, 0, loop)
	legal := legalStrings(s)
	if !slices.Contains(legal, "c3:a3:a1:c1:c3:a5") {
		t.Errorf("the chain through its start is missing from %v", legal)
	}
	for _, m := range legal {
		if p := mv(t, m).Path; p[0] == p[len(p)-1] {
			t.Errorf("%s ends on its start", m)
		}
	}
	wantRule(t, s, "c3:a3:a1:c1:c3", RuleEndsOnStart)
	wantRule(t, s, "c3:a3:c3", RuleEndsOnStart)
	mustApply(t, s, "c3:a3:a1:c1:c3:a5")
	for _, own := range []string{"b3", "a2", "b1", "c2", "b4"} {
		if at(t, s, own) != 'R' {
			t.Errorf("own piece %s was taken:\n%v", own, s)
		}
	}
}

func TestChainNeverLandsTwice(t *testing.T) {
	s := position(t, 0, loop)
	wantRule(t, s, "c3:a3:a1:c1:c3:a3", RuleLandedTwice)
	wantRule(t, s, "c3:a3:a1:a3", RuleLandedTwice)
	for _, m := range legalStrings(s) {
		p := mv(t, m).Path
		for i := 1; i < len(p); i++ {
			if slices.Contains(p[1:i], p[i]) {
				t.Errorf("%s lands on %v twice", m, p[i])
			}
		}
	}
}

// Over a yellow piece the same way back is impossible: the piece was
// captured by the first jump and its square is empty at once.
func TestCapturedPieceLeavesAtOnce(t *testing.T) {
	own := position(t, 0, loop)
	if !slices.Contains(legalStrings(own), "c3:a3:c3:a5") {
		t.Fatal("over an own piece a chain can come back")
	}
	s := position(t, 0, `
.......Y
.##.....
.###....
..###...
.R.###..
.YR.###.
.....##.
........`)
	legal := legalStrings(s)
	if slices.Contains(legal, "c3:a3:c3:a5") || !slices.Contains(legal, "c3:a3") {
		t.Errorf("legal %v", legal)
	}
	wantRule(t, s, "c3:a3:c3:a5", RuleNoPieceToJump)
	events := mustApply(t, s, "c3:a3")
	if at(t, s, "b3") != '.' || s.board.count(1) != 1 {
		t.Errorf("b3 not captured:\n%v", s)
	}
	if types := eventTypes(events); !slices.Equal(types, []string{"jump", "capture"}) {
		t.Errorf("events %v", types)
	}
}

func TestChainCapturesOnlyOpponents(t *testing.T) {
	s := position(t, 0, chainBoard)
	// Over yellow b3, red a2, red b1, yellow c2, yellow b4.
	mustApply(t, s, "c3:a3:a1:c1:c3:a5")
	want := map[string]byte{"b3": '.', "a2": 'R', "b1": 'R', "c2": '.', "b4": '.', "a5": 'R', "c3": '.'}
	for name, w := range want {
		if got := at(t, s, name); got != w {
			t.Errorf("%s holds %c, want %c\n%v", name, got, w, s)
		}
	}
	if n := s.board.count(1); n != 1 {
		t.Errorf("yellow has %d pieces, want 1", n)
	}
}

// The canyon can only be crossed through a passage: here a6:a8:c8 jumps
// through the left one.
func TestNoJumpAcrossTheCanyon(t *testing.T) {
	s := position(t, 0, `
.R.....Y
R##.....
R###....
RR###...
...###..
....###.
.....##.
........`)
	legal := legalStrings(s)
	if !slices.Contains(legal, "a6:a8:c8") {
		t.Errorf("the passage chain a6:a8:c8 is missing from %v", legal)
	}
	for _, m := range legal {
		p := mv(t, m).Path
		if p[0].diagonal() <= 5 && p[len(p)-1].diagonal() >= 9 && p[0] != cell(t, "a6") {
			t.Errorf("%s crosses the canyon", m)
		}
	}
	wantRule(t, s, "b5:d7", RuleCanyon) // over c6, a canyon square
	wantRule(t, s, "a5:c5", RuleCanyon) // onto c5
	wantRule(t, s, "b5-c6", RuleCanyon)
}

func TestLegalMovesAreDistinct(t *testing.T) {
	for g := range 5 {
		s := newState()
		rng := engine.NewRNG(uint64(g), 9)
		for s.Turn() != engine.NoSeat {
			legal := legalStrings(s)
			seen := map[string]bool{}
			for _, m := range legal {
				if seen[m] {
					t.Fatalf("ply %d: %s listed twice\n%v", s.Plies(), m, s)
				}
				seen[m] = true
			}
			mustApply(t, s, legal[rng.IntN(len(legal))])
		}
	}
}

func TestCanMoveAgreesWithLegal(t *testing.T) {
	for g := range 5 {
		s := newState()
		rng := engine.NewRNG(uint64(g), 10)
		for s.Turn() != engine.NoSeat {
			for seat := range 2 {
				var n int
				s.board.eachMove(seat, func(bool, []int8, []int8) { n++ })
				if s.board.canMove(seat) != (n > 0) {
					t.Fatalf("seat %d: canMove %v with %d moves\n%v", seat, s.board.canMove(seat), n, s)
				}
			}
			legal := s.Legal()
			if _, err := s.Apply(s.Turn(), legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

func eventTypes(events []engine.Event) []string {
	var out []string
	for _, e := range events {
		out = append(out, e.Type)
	}
	return out
}

// wantRule checks that the move in notation is refused for rule and
// leaves s unchanged.
func wantRule(t *testing.T, s *State, notation, rule string) {
	t.Helper()
	before := s.Hash()
	_, err := s.Apply(s.Turn(), mv(t, notation))
	if got := engine.RuleOf(err); got != rule {
		t.Errorf("%s: error %v, want rule %q", notation, err, rule)
	}
	if s.Hash() != before {
		t.Errorf("%s: a refused move changed the state", notation)
	}
}
