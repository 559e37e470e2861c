package canyon

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

// sharedMapSHA256 is the SHA-256 of canyon-map.txt as the rules decisions
// ship it (rules/canyon-map.txt beside the rules): the embedded map must
// be that one, byte for byte, and the test needs nothing outside the
// repository to say so.
const sharedMapSHA256 = "cf67513c7e46d3fb31e81011881ac3fae129cba38802dd1c4ed3a1e9cc9fed11"

func TestMapIsTheSharedMap(t *testing.T) {
	sum := sha256.Sum256([]byte(mapText))
	if got := hex.EncodeToString(sum[:]); got != sharedMapSHA256 {
		t.Fatalf("canyon-map.txt has SHA-256 %s, not the shared rules map's %s", got, sharedMapSHA256)
	}
}

func TestMapCells(t *testing.T) {
	b := board()
	if b.Rows != 29 || b.Cols != 11 {
		t.Fatalf("map is %d×%d", b.Rows, b.Cols)
	}
	if len(b.starts) != 6 {
		t.Errorf("%d start cells, want 6", len(b.starts))
	}
	if len(b.docks) != 3 {
		t.Errorf("%d docks, want 3", len(b.docks))
	}
	if r, c := b.RowCol(b.cave); r != 9 || c != 1 {
		t.Errorf("cave footbridge at %d,%d", r, c)
	}
}

func TestStartCellsAre28StepsFromADock(t *testing.T) {
	b := board()
	for _, s := range b.starts {
		if d := b.GoalDistance(s); d != 28 {
			r, c := b.RowCol(s)
			t.Errorf("start %d,%d is %d steps from a dock, want 28", r, c, d)
		}
	}
}

// Every water cell can reach a dock, so a goal distance is always defined.
func TestEveryWaterCellReachesADock(t *testing.T) {
	b := board()
	for i := range b.terrain {
		if b.Navigable(i) && b.GoalDistance(i) < 0 {
			r, c := b.RowCol(i)
			t.Errorf("%d,%d cannot reach a dock", r, c)
		}
	}
}

// The current covers exactly the last 7 rows before the docks: rows 1..7
// hold arrows on every water cell, no other row holds one.
func TestCurrentCoversTheLastSevenRows(t *testing.T) {
	b := board()
	for i := range b.terrain {
		r, c := b.RowCol(i)
		inZone := r >= 1 && r <= 7
		if b.Current(i) != (inZone && b.terrain[i] == water) {
			t.Errorf("%d,%d: current %v, in the last 7 rows %v", r, c, b.Current(i), inZone)
		}
	}
	for _, d := range b.docks {
		if r, _ := b.RowCol(d); r != 0 {
			t.Errorf("dock on row %d", r)
		}
	}
}

func TestArrowsPointIntoWaterOrTheWaterfall(t *testing.T) {
	b := board()
	for i := range b.terrain {
		if !b.Current(i) {
			continue
		}
		to := b.drift[i]
		if b.terrain[to] != waterfall && !(b.terrain[to] == water) {
			r, c := b.RowCol(i)
			t.Errorf("arrow at %d,%d points into %v", r, c, b.terrain[to])
		}
		// The drift rules rely on it: a pushed canoe always sits on an arrow.
		if b.terrain[to] == water && !b.Current(to) {
			r, c := b.RowCol(i)
			t.Errorf("arrow at %d,%d points out of the current", r, c)
		}
	}
}

// The cave footbridge is water outside the current, linked to the river.
func TestCaveFootbridge(t *testing.T) {
	b := board()
	c := b.Cave()
	if b.Current(c) || !b.Navigable(c) || len(b.nbr[c]) == 0 {
		t.Fatalf("cave footbridge: current %v, navigable %v, %d neighbours", b.Current(c), b.Navigable(c), len(b.nbr[c]))
	}
	if d := b.GoalDistance(c); d != 9 {
		t.Errorf("cave footbridge is %d steps from a dock", d)
	}
}

func TestParseBoardErrors(t *testing.T) {
	for _, bad := range []string{"M M\nM", "M x", "M ~ <\nM s D", "~~ M"} {
		if _, err := parseBoard(bad); err == nil {
			t.Errorf("map %q accepted", bad)
		}
	}
}

func TestMapDataForScreens(t *testing.T) {
	b := Map()
	if b.Terrain(b.Cave()) != TerrainCave || b.Terrain(0) != TerrainBank {
		t.Errorf("cave %q, corner %q", b.Terrain(b.Cave()), b.Terrain(0))
	}
	for i := range b.Rows * b.Cols {
		if (b.Drift(i) >= 0) != b.Current(i) {
			t.Fatalf("cell %d: drift %d but current %v", i, b.Drift(i), b.Current(i))
		}
	}
	if len(RoundTrack()) != 14 || RoundTrack()[0] != 8 {
		t.Errorf("round track %v", RoundTrack())
	}
}
