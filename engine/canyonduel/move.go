package canyonduel

import (
	"fmt"
	"strings"

	"github.com/tablee/tablee/engine"
)

// Move kinds.
const (
	KindStep = "step" // one king step to a neighbouring free cell
	KindJump = "jump" // a chain of one or more jumps
)

// maxPath bounds a decoded path. A chain lands only on cells of its start's
// colour class (jumps move two squares), 16 squares at most, so no legal
// path comes near it; the bound keeps hostile input small.
const maxPath = numSquares

// Move is a step or a jump chain: Path is the starting cell followed by
// every cell the piece lands on, so a step has two cells and a chain of k
// jumps k+1.
type Move struct {
	Kind string `json:"kind"`
	Path []Cell `json:"path"`
}

// String is "c1-d2" for a step and "c1:e3:g5" for a jump chain.
func (m Move) String() string {
	if len(m.Path) == 0 {
		return "(" + m.Kind + " without cells)"
	}
	sep := ":"
	if m.Kind == KindStep {
		sep = "-"
	}
	names := make([]string, len(m.Path))
	for i, c := range m.Path {
		names[i] = c.String()
	}
	return strings.Join(names, sep)
}

// ParseMove reads the String form back, for the staff CLI and for tests.
func ParseMove(s string) (Move, error) {
	kind, sep := KindJump, ":"
	if strings.Contains(s, "-") {
		kind, sep = KindStep, "-"
	}
	m := Move{Kind: kind}
	for _, name := range strings.Split(s, sep) {
		c, err := parseCell(name)
		if err != nil {
			return Move{}, fmt.Errorf("move %q: %w", s, err)
		}
		m.Path = append(m.Path, c)
	}
	if err := m.checkShape(); err != nil {
		return Move{}, err
	}
	return m, nil
}

// decodeMove parses a move's JSON strictly: unknown fields, trailing data,
// unknown kinds and squares off the grid are errors. Whether the move is
// legal is Apply's business.
func decodeMove(data []byte) (Move, error) {
	var m Move
	if err := engine.DecodeStrict(data, &m); err != nil {
		return Move{}, fmt.Errorf("canyonduel move: %w", err)
	}
	if err := m.checkShape(); err != nil {
		return Move{}, err
	}
	return m, nil
}

// checkShape checks what any move must look like, legal or not.
func (m Move) checkShape() error {
	if err := m.checkKind(); err != nil {
		return err
	}
	for _, c := range m.Path {
		if !c.onGrid() {
			return fmt.Errorf("canyonduel move: %v is off the board", c)
		}
	}
	return nil
}

// checkKind checks the kind and the length of the path.
func (m Move) checkKind() error {
	switch {
	case m.Kind != KindStep && m.Kind != KindJump:
		return fmt.Errorf("canyonduel move: unknown kind %q", m.Kind)
	case m.Kind == KindStep && len(m.Path) != 2:
		return fmt.Errorf("canyonduel move: a step has 2 cells, not %d", len(m.Path))
	case len(m.Path) < 2 || len(m.Path) > maxPath:
		return fmt.Errorf("canyonduel move: a jump has 2 to %d cells, not %d", maxPath, len(m.Path))
	}
	return nil
}
