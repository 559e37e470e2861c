package canyonduel

import (
	"slices"
	"strings"
	"testing"
)

func TestBoardHas48Cells(t *testing.T) {
	cells, canyon := 0, 0
	for i := range numSquares {
		if cellAt(i).isCell() {
			cells++
		} else {
			canyon++
		}
	}
	if cells != 48 || canyon != 16 {
		t.Errorf("%d cells and %d canyon squares, want 48 and 16", cells, canyon)
	}
}

func TestCanyonLeavesTwoPassagesOfThreeCells(t *testing.T) {
	var left []string
	for i := range numSquares {
		c := cellAt(i)
		if d := c.diagonal(); d >= 6 && d <= 8 && c.isCell() {
			left = append(left, c.String())
		}
	}
	slices.Sort(left)
	// (0,6) (0,7) (1,7) and (6,0) (7,0) (7,1).
	want := []string{"a7", "a8", "b8", "g1", "h1", "h2"}
	if !slices.Equal(left, want) {
		t.Errorf("cells left on diagonals 6..8: %v, want %v", left, want)
	}
}

func TestEmptyBoardDiagram(t *testing.T) {
	var b board
	rows := b.rows()
	slices.Reverse(rows)
	if got, want := strings.Join(rows, "\n"), strings.TrimSpace(emptyDiagram); got != want {
		t.Errorf("empty board:\n%s\nwant\n%s", got, want)
	}
}

func TestRowValuesFromEachSide(t *testing.T) {
	tests := []struct {
		cell        string
		red, yellow int
	}{
		{"a1", 1, 15}, {"h8", 15, 1}, {"b1", 2, 14}, {"a6", 6, 10},
		{"a7", 7, 9}, {"a8", 8, 8}, {"b8", 9, 7}, {"c8", 10, 6}, {"h1", 8, 8},
	}
	for _, tt := range tests {
		c := cell(t, tt.cell)
		if r, y := c.value(0), c.value(1); r != tt.red || y != tt.yellow {
			t.Errorf("%s: red reads %d, yellow %d; want %d, %d", tt.cell, r, y, tt.red, tt.yellow)
		}
	}
	for i := range numSquares {
		if c := cellAt(i); c.value(0)+c.value(1) != 16 {
			t.Errorf("%v: values %d and %d do not add up to 16", c, c.value(0), c.value(1))
		}
	}
}

func TestStartPosition(t *testing.T) {
	s := newState()
	if want := position(t, 0, startDiagram); s.board != want.board {
		t.Errorf("start:\n%v\nwant\n%v", s, want)
	}
	for seat := range 2 {
		if n := s.board.count(seat); n != 15 {
			t.Errorf("seat %d has %d pieces, want 15", seat, n)
		}
		// Values 1..5 from the own side: 1 + 2·2 + 3·3 + 4·4 + 5·5.
		if got := s.board.score(seat); got != 55 {
			t.Errorf("seat %d starts with %d points, want 55", seat, got)
		}
	}
	if s.Turn() != 0 {
		t.Errorf("turn %v, red (seat 0) moves first", s.Turn())
	}
}

func TestCellNames(t *testing.T) {
	for name, want := range map[string]Cell{"a1": {0, 0}, "h8": {7, 7}, "c2": {2, 1}, "a8": {0, 7}} {
		c, err := parseCell(name)
		if err != nil || c != want || c.String() != name {
			t.Errorf("%s: parsed %v (%v), printed %q", name, c, err, c.String())
		}
	}
	for _, bad := range []string{"", "a", "a0", "a9", "i1", "A1", "a10", "1a"} {
		if _, err := parseCell(bad); err == nil {
			t.Errorf("parseCell(%q) accepted", bad)
		}
	}
	if got := (Cell{9, -1}).String(); got != "(9,-1)" {
		t.Errorf("off-grid cell prints %q", got)
	}
}

func TestBestTotals(t *testing.T) {
	tests := map[int]int{0: 0, 1: 15, 3: 15 + 14 + 14, 5: 15 + 14 + 14 + 13 + 13, 15: 15 + 2*14 + 3*13 + 4*12 + 5*11}
	for n, want := range tests {
		if geo.best[n] != want {
			t.Errorf("best total of %d pieces = %d, want %d", n, geo.best[n], want)
		}
	}
}
