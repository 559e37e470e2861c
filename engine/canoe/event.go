package canoe

import (
	"slices"

	"github.com/tablee/tablee/engine"
)

// Event types, as engine.Event.Type.
const (
	EventPlace     = "place"      // data: to
	EventRemove    = "remove"     // data: from
	EventMove      = "move"       // data: from, to
	EventCanoe     = "canoe"      // a canoe starts to count; data: shape, holes
	EventCanoeLost = "canoe-lost" // a canoe stops counting; data: shape, holes
	EventWin       = "win"        // data: reason
	EventDraw      = "draw"       // data: reason
)

func actionEvent(seat engine.Seat, a action) engine.Event {
	m := a.move()
	switch a.kind {
	case placing:
		return engine.Public(EventPlace, seat, map[string]any{"to": m.To.String()})
	case removing:
		return engine.Public(EventRemove, seat, map[string]any{"from": m.From.String()})
	}
	return engine.Public(EventMove, seat, map[string]any{"from": m.From.String(), "to": m.To.String()})
}

// canoeEvents tells which of seat's canoes (placement numbers, in order)
// started or stopped counting.
func canoeEvents(seat engine.Seat, before, after []int) []engine.Event {
	var out []engine.Event
	for _, i := range before {
		if !slices.Contains(after, i) {
			out = append(out, canoeEvent(EventCanoeLost, seat, i))
		}
	}
	for _, i := range after {
		if !slices.Contains(before, i) {
			out = append(out, canoeEvent(EventCanoe, seat, i))
		}
	}
	return out
}

func canoeEvent(typ string, seat engine.Seat, i int) engine.Event {
	c := canoeAt(i)
	holes := make([]string, len(c.Holes))
	for j, h := range c.Holes {
		holes[j] = h.String()
	}
	return engine.Public(typ, seat, map[string]any{"shape": c.Shape, "holes": holes})
}

func endEvent(res engine.Result) engine.Event {
	if res.Draw() {
		return engine.Public(EventDraw, engine.NoSeat, map[string]any{"reason": res.Reason})
	}
	return engine.Public(EventWin, res.Winners[0], map[string]any{"reason": res.Reason})
}
