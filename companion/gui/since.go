package gui

import (
	"fmt"
	"strconv"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canaille"
)

// sinceLine says in words what an event of the last move means for seat
// me ("since your last turn": the trick's cards and its winner, the canoes
// that moved, what was given to this seat or taken from it), or "" when
// it does not concern it. It reads only the events this seat's views
// carry; the texts are the web page's too (common.since.*).
func (a *App) sinceLine(game string, me engine.Seat, e engine.Event) string {
	name := map[string]any{"Name": a.seatName(e.Seat)}
	mine := e.Seat == me
	with := func(k string, v any) map[string]any {
		out := map[string]any{k: v}
		for k, v := range name {
			out[k] = v
		}
		return out
	}
	t := func(key string, p map[string]any) string { return a.texts.T(a.lang, "common.since."+key, p) }
	switch game + "." + e.Type {
	case "canyon.play":
		if !mine {
			return t("canyon.play", with("Card", a.canyonCardName(e.Data["card"])))
		}
	case "canyon.trick":
		if mine {
			return t("canyon.trick_you", nil)
		}
		return t("canyon.trick", name)
	case "canyon.movement":
		if !mine {
			return t("canyon.movement", name)
		}
	case "canyon.push":
		if mine {
			return t("canyon.pushed_you", map[string]any{"Name": a.seatName(seatOf(e.Data["by"]))})
		}
	case "canyon.fall":
		if mine {
			return t("canyon.fall_you", nil)
		}
		return t("canyon.fall", name)
	case "canaille.sentence":
		if cards, ok := e.Data["cards"].([]any); ok && !mine {
			return t("canaille.sentence", with("N", len(cards)))
		}
	case "canaille.give":
		// A card this seat gave itself is its own move: no news ("Vous
		// vous a donné").
		if seatOf(e.Data["to"]) == me && !mine {
			return t("canaille.given", with("Card", a.canailleCardName(e.Data["card"])))
		}
	case "canaille.target":
		if seatOf(e.Data["to"]) == me {
			return t("canaille.target", name)
		}
	case "canaille.catch":
		if !mine {
			return t("canaille.catch", with("Card", a.canailleCardName(e.Data["card"])))
		}
	case "canaille.canaille":
		if mine {
			return t("canaille.canaille_you", nil)
		}
		return t("canaille.canaille", name)
	case "canoe.place":
		if !mine {
			return t("board.place", name) // what it did, not its cells' engine names
		}
	case "canoe.move", "canyonduel.step", "canyonduel.jump":
		if !mine {
			return t("board.move", name)
		}
	case "canoe.remove":
		if !mine {
			return t("board.remove", name)
		}
	case "canyonduel.capture":
		if seatOf(e.Data["owner"]) == me {
			return t("board.captured", name)
		}
	}
	return ""
}

// seatOf reads a seat from an event's data, a JSON number.
func seatOf(v any) engine.Seat {
	switch n := v.(type) {
	case float64:
		return engine.Seat(n)
	case int:
		return engine.Seat(n)
	case engine.Seat:
		return n
	}
	return engine.NoSeat
}

// canyonCardName is a Canyon card of an event's data ({suit, value}) in
// words: "7 green".
func (a *App) canyonCardName(v any) string {
	m, ok := v.(map[string]any)
	if !ok {
		return ""
	}
	suit, _ := m["suit"].(float64)
	value, _ := m["value"].(float64)
	return fmt.Sprintf("%d %s", int(value), a.t("suit."+strconv.Itoa(int(suit))))
}

// canailleCardName is a Canaille card of an event's data (its id) in
// words: its kind, and its number when it has one.
func (a *App) canailleCardName(v any) string {
	id, _ := v.(string)
	c, err := canaille.ParseCard(id)
	if err != nil {
		return ""
	}
	f := a.canailleFace(c)
	if f.value != "" {
		return f.name + " " + f.value
	}
	return f.name
}
