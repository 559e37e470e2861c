package canaille

import (
	"testing"

	"github.com/tablee/tablee/engine"
)

func TestCloneIsIndependent(t *testing.T) {
	s := newGame(3, 0, 8)
	c := s.clone()
	if c.Hash() != s.Hash() {
		t.Fatal("a clone hashes differently")
	}
	legal := c.legal()
	mustApply(t, c, c.Turn(), legal[0])
	if c.Hash() == s.Hash() {
		t.Fatal("a move did not change the hash")
	}
	if s.Hash() != newGame(3, 0, 8).Hash() {
		t.Fatal("playing on a clone changed the original")
	}
}

// Hash sees hidden parts: the deck order and the random source.
func TestHashCoversHiddenParts(t *testing.T) {
	s := newGame(2, 0, 8)
	c := s.clone()
	c.deck[0], c.deck[1] = c.deck[1], c.deck[0]
	if c.Hash() == s.Hash() {
		t.Error("deck order not hashed")
	}
	c = s.clone()
	c.rng.Uint64()
	if c.Hash() == s.Hash() {
		t.Error("random source not hashed")
	}
	c = s.clone()
	c.river.Cards[5], c.river.Cards[6] = c.river.Cards[6], c.river.Cards[5]
	if c.Hash() == s.Hash() {
		t.Error("river order not hashed")
	}
}

func TestSameSeedSameGame(t *testing.T) {
	a, _ := engine.NewGame(New(), engine.Setup{Seats: 4, Seed: 77})
	b, _ := engine.NewGame(New(), engine.Setup{Seats: 4, Seed: 77})
	c, _ := engine.NewGame(New(), engine.Setup{Seats: 4, Seed: 78})
	if a.Hash() != b.Hash() || a.Hash() == c.Hash() {
		t.Error("the seed does not decide the deal")
	}
}
