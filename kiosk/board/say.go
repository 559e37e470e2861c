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
	switch m := m.(type) {
	case canoe.Move:
		return t("canoe." + string(m.Kind))
	case canyon.Move:
		switch m.Kind {
		case canyon.KindPlay:
			return t("canyon.play", "Card", env.t("companion.suit."+strconv.Itoa(m.Card.Suit))+" "+strconv.Itoa(m.Card.Value))
		case canyon.KindTempo:
			parts := make([]string, len(m.Tempo))
			for i, v := range m.Tempo {
				parts[i] = strconv.Itoa(v)
			}
			return t("canyon.tempo", "Tempo", strings.Join(parts, " + "))
		case canyon.KindPlace:
			// Named as the board numbers the start cells, and as the
			// phones name them: "Départ 3".
			if n := CanyonStart(m.Row, m.Col); n > 0 {
				return t("canyon.place", "Start", env.t("board.canyon.start", map[string]any{"N": n}))
			}
		}
		return t("canyon." + m.Kind)
	case canyonduel.Move:
		if m.Kind == canyonduel.KindJump {
			return t("canyonduel.jump", "N", max(1, len(m.Path)-1))
		}
		return t("canyonduel.step")
	case canaille.Move:
		card := sayCanailleCard(m.Card, env)
		switch m.Kind {
		case canaille.KindSentence:
			names := make([]string, len(m.Cards))
			for i, c := range m.Cards {
				names[i] = sayCanailleCard(c, env)
			}
			return t("canaille.sentence", "N", len(m.Cards), "Cards", strings.Join(names, ", "))
		case canaille.KindTarget, canaille.KindGive:
			return t("canaille."+string(m.Kind), "Name", env.name(m.Seat))
		}
		return t("canaille."+string(m.Kind), "Card", card)
	}
	return t("other")
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
