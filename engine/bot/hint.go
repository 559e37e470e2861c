package bot

import (
	"context"
	"fmt"

	"github.com/tablee/tablee/engine"
)

// Hint is the move the game's default bot would make for v's viewer: a
// suggestion a guest asks for. It is computed from v alone — the seat's own
// view, never the state — so it can reveal nothing the seat does not know;
// seed fixes the bot's choices. ctx's deadline bounds a searching bot.
func Hint(ctx context.Context, rules engine.Rules, v engine.View, seed uint64) (engine.Move, error) {
	if v.Turn() != v.Viewer() || len(v.Legal()) == 0 {
		return nil, engine.NotYourTurn(v.Viewer(), v.Turn())
	}
	b, err := New(rules, engine.LevelDefault, seed)
	if err != nil {
		return nil, fmt.Errorf("hint: %w", err)
	}
	m, err := b.Choose(ctx, v)
	if err != nil {
		return nil, fmt.Errorf("hint: %w", err)
	}
	return m, nil
}
