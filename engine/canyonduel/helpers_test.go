package canyonduel

import (
	"slices"
	"strings"
	"testing"

	"github.com/tablee/tablee/engine"
)

// position builds a state from a diagram drawn as players see the board
// from red's side: row 8 on top, column a on the left, R red, Y yellow,
// . a free cell and # the canyon.
func position(t testing.TB, plies int, diagram string) *State {
	t.Helper()
	lines := strings.Fields(diagram)
	slices.Reverse(lines)
	b, err := parseRows(lines)
	if err != nil {
		t.Fatalf("bad diagram: %v", err)
	}
	s := &State{board: b, plies: plies}
	s.end = endReason(&s.board, s.plies)
	return s
}

// cell reads a square name or fails the test.
func cell(t testing.TB, name string) Cell {
	t.Helper()
	c, err := parseCell(name)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// mv reads a move in notation or fails the test.
func mv(t testing.TB, notation string) Move {
	t.Helper()
	m, err := ParseMove(notation)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// legalStrings lists s's legal moves in notation.
func legalStrings(s engine.State) []string {
	var out []string
	for _, m := range s.Legal() {
		out = append(out, m.String())
	}
	return out
}

// mustApply applies a move in notation for the seat to move.
func mustApply(t testing.TB, s *State, notation string) []engine.Event {
	t.Helper()
	events, err := s.Apply(s.Turn(), mv(t, notation))
	if err != nil {
		t.Fatalf("%s: %v\n%v", notation, err, s)
	}
	return events
}

// at reports who stands on the named square: 'R', 'Y' or '.'.
func at(t testing.TB, s *State, name string) byte {
	t.Helper()
	return mark(&s.board, cell(t, name))
}

// lastCapture is red to move, whose capture e1:c3 takes yellow's last
// piece: the position of the tests of how a game ends.
const lastCapture = `
........
.##.....
.###....
..###...
...###..
....###.
...Y.##.
....R...`

const emptyDiagram = `
........
.##.....
.###....
..###...
...###..
....###.
.....##.
........`

const startDiagram = `
...YYYYY
.##.YYYY
.###.YYY
R.###.YY
RR.###.Y
RRR.###.
RRRR.##.
RRRRR...`

// chainBoard is red to move with a long jump chain from c3: over yellow
// b3, red a2, red b1, yellow c2 and yellow b4, in several directions.
const chainBoard = `
.......Y
.##.....
.###....
..###...
.Y.###..
.YR.###.
R.Y..##.
.R......`
