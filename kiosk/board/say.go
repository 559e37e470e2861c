package board

import (
	"strconv"
	"strings"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/engine/canyon"
	"github.com/tablee/tablee/engine/canyonduel"
)

// SayMove says a move in words in env's language, as the replay lists it
// ("joue le violet 4", "saute deux fois"), never in the engine's notation:
// whoever reads a replay never learned it. The board beside the list
// shows where.
func SayMove(m engine.Move, env Env) string {
	t := func(key string, kv ...any) string {
		p := map[string]any{}
		for i := 0; i+1 < len(kv); i += 2 {
			p[kv[i].(string)] = kv[i+1]
		}
		return env.t("kiosk.replay.say."+key, p)
	}
	for _, g := range games() {
		if s, ok := g.say(m, env, t); ok {
			return s
		}
	}
	return t("other")
}

// sayText is a replay text ("kiosk.replay.say.<key>") with its parameters
// given as name, value pairs.
type sayText func(key string, kv ...any) string

// sayCanoe says a Canoë move; ok is false for another game's move.
func sayCanoe(m engine.Move, _ Env, t sayText) (string, bool) {
	cm, ok := m.(canoe.Move)
	if !ok {
		return "", false
	}
	return t("canoe." + string(cm.Kind)), true
}

// sayCanyon says a Canyon move; ok is false for another game's move.
func sayCanyon(m engine.Move, env Env, t sayText) (string, bool) {
	cm, ok := m.(canyon.Move)
	if !ok {
		return "", false
	}
	switch cm.Kind {
	case canyon.KindPlay:
		return t("canyon.play", "Card", env.t("companion.suit."+strconv.Itoa(cm.Card.Suit))+" "+strconv.Itoa(cm.Card.Value)), true
	case canyon.KindTempo:
		parts := make([]string, len(cm.Tempo))
		for i, v := range cm.Tempo {
			parts[i] = strconv.Itoa(v)
		}
		return t("canyon.tempo", "Tempo", strings.Join(parts, " + ")), true
	case canyon.KindPlace:
		// Named as the board numbers the start cells, and as the
		// phones name them: "Départ 3".
		if n := CanyonStart(cm.Row, cm.Col); n > 0 {
			return t("canyon.place", "Start", env.t("board.canyon.start", map[string]any{"N": n})), true
		}
	}
	return t("canyon." + cm.Kind), true
}

// sayDuel says a Canyon duel move; ok is false for another game's move.
func sayDuel(m engine.Move, _ Env, t sayText) (string, bool) {
	dm, ok := m.(canyonduel.Move)
	if !ok {
		return "", false
	}
	if dm.Kind == canyonduel.KindJump {
		return t("canyonduel.jump", "N", max(1, len(dm.Path)-1)), true
	}
	return t("canyonduel.step"), true
}

// sayCanaille says a Canaille move; ok is false for another game's move.
func sayCanaille(m engine.Move, env Env, t sayText) (string, bool) {
	cm, ok := m.(canaille.Move)
	if !ok {
		return "", false
	}
	switch cm.Kind {
	case canaille.KindSentence:
		names := make([]string, len(cm.Cards))
		for i, c := range cm.Cards {
			names[i] = sayCanailleCard(c, env)
		}
		return t("canaille.sentence", "N", len(cm.Cards), "Cards", strings.Join(names, ", ")), true
	case canaille.KindTarget, canaille.KindGive:
		return t("canaille."+string(cm.Kind), "Name", env.name(cm.Seat)), true
	}
	return t("canaille."+string(cm.Kind), "Card", sayCanailleCard(cm.Card, env)), true
}

// sayCanailleCard names a Canaille card as the table prints it: its kind and
// number ("Ça mord 2", "Poisson 3").
func sayCanailleCard(c canaille.Card, env Env) string {
	if !c.Valid() {
		return env.t("kiosk.replay.say.canaille.hidden")
	}
	f := c.Face()
	s := env.t("board.canaille.kind." + f.Kind.String())
	if f.N > 0 {
		s += " " + strconv.Itoa(f.N)
	}
	return s
}
