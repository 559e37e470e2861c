package client

import (
	"errors"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/proto/wire"
)

// The phone asks "why not?" about a move and gets the rule with its
// numbers, without the move being played; on its turn it asks for a hint
// and gets a legal move; out of turn the hint is refused with the rule.
func TestExplainAndHint(t *testing.T) {
	k, a, b, first := afterAFirstMove(t)
	ex, err := b.Explain(ctxT(t), first)
	if err != nil || ex.Legal || ex.Rule != canoe.RuleHoleOccupied || ex.Args["Cell"] == nil {
		t.Fatalf("why not onto a peg: %+v, %v", ex, err)
	}
	if ex, err := a.Explain(ctxT(t), first); err != nil || ex.Rule != engine.RuleNotYourTurn {
		t.Fatalf("why not out of turn: %+v, %v", ex, err)
	}
	var we *wire.Error
	if _, _, err := a.Hint(ctxT(t)); !errors.As(err, &we) || we.Rule != engine.RuleNotYourTurn {
		t.Fatalf("hint out of turn: %v", err)
	}
	move, n, err := b.Hint(ctxT(t))
	if err != nil || n != 1 {
		t.Fatalf("hint: %s, %d, %v", move, n, err)
	}
	if ex, err := b.Explain(ctxT(t), move); err != nil || !ex.Legal {
		t.Fatalf("the hint %s is not legal: %+v, %v", move, ex, err)
	}
	if k.Moves() != 1 {
		t.Errorf("the table is at move %d after explanations and a hint, want 1", k.Moves())
	}
}
