package gui

import (
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/engine/canyon"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/looks"
)

// DrawnLooks is how the phone draws game, read back from the faces it
// gives its cards and the dots it puts beside seats' names: the seats'
// colours (Fill only) for up to seats seats, every Canyon suit, every
// Canaille kind. TestTheLooksAgree compares it with what the table and the
// web page draw.
func DrawnLooks(texts *i18n.Catalog, game string, seats int) looks.Game {
	a := &App{texts: texts, lang: i18n.FR}
	var g looks.Game
	for s := range seats {
		g.Seats = append(g.Seats, looks.Look{Fill: looks.Of(seatColour(game, engine.Seat(s)))})
	}
	switch game {
	case canyon.ID:
		for suit := range canyonLooks.Suits {
			c := canyon.Card{Suit: suit, Value: 1}
			g.Suits = append(g.Suits, a.canyonFace(c, c, 0).looks())
		}
	case canaille.ID:
		g.Kinds = map[string]looks.Look{}
		for id := canaille.Card(1); int(id) <= canaille.NumCards; id++ {
			g.Kinds[id.Kind().String()] = a.canailleFace(id).looks()
		}
	}
	return g
}
