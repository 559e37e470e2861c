package board

import (
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/say"
)

// SayMove says a move in words in env's language, as the replay lists it
// ("joue le violet 4", "saute deux fois"), never in the engine's notation:
// whoever reads a replay never learned it. The board beside the list
// shows where. The words are package say's, which the staff console
// speaks too.
func SayMove(m engine.Move, env Env) string { return say.Move(m, env.Lang, env.Texts, env.name) }

// sayCanailleCard names a Canaille card as the table prints it (package
// say's words).
func sayCanailleCard(c canaille.Card, env Env) string {
	return say.CanailleCard(c, env.Lang, env.Texts)
}
