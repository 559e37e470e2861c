package screen

import (
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/proto/wire"
)

// Words gives a screen its texts in the language the guests chose, from
// the one catalogue (i18n, domain "kiosk").
type Words struct {
	Cat  *i18n.Catalog
	Lang i18n.Lang
}

// T returns the text of key with its parameters given as name, value
// pairs: w.T("kiosk.seat", "N", 3).
func (w Words) T(key string, kv ...any) string {
	if len(kv) == 0 {
		return w.Cat.T(w.Lang, key)
	}
	params := make(map[string]any, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		if name, ok := kv[i].(string); ok {
			params[name] = kv[i+1]
		}
	}
	return w.Cat.T(w.Lang, key, params)
}

// Game is the name of the game g in w's language.
func (w Words) Game(g engine.Info) string { return w.Cat.T(w.Lang, g.NameKey()) }

// Option is the label of g's option key in w's language.
func (w Words) Option(g engine.Info, key string) string { return w.Cat.T(w.Lang, g.OptionKey(key)) }

// Has reports whether the catalogue has key.
func (w Words) Has(key string) bool { return w.Cat.Has(key) }

// Name is a seat's name as kept (the server's, the record's) as the
// screens show it: an unnamed table guest's place (wire.TableGuest, or
// the default name stored in any language before it) in w's language,
// "Gast 2" at a German table for a guest kept as "Invité 2"; any other
// name as it is.
func (w Words) Name(name string) string {
	if n, ok := wire.TableGuestPlace(name); ok {
		return w.T("common.table_guest", "N", n)
	}
	return name
}

// SeatName is how the screens name who sat at seat: a bot as a bot with
// its level ("Robot (fort)", "Robot (fort) pour Léa" when it took Léa's
// seat over), a person or guest by name, an unnamed guest by their place
// in w's language ("Invité 2", "Gast 2"), else "Place N".
func (w Words) SeatName(seat engine.Seat, who Who) string {
	switch {
	case who.Bot != "" && who.BotFor != "":
		return w.T("kiosk.bot.name_for", "Level", w.T("kiosk.level."+string(who.Bot)), "Name", w.Name(who.BotFor))
	case who.Bot != "":
		return w.T("kiosk.bot.name", "Level", w.T("kiosk.level."+string(who.Bot)))
	case who.Name != "":
		return w.Name(who.Name)
	case who.Guest:
		return w.T("common.table_guest", "N", int(seat)+1)
	}
	return w.T("kiosk.seat.n", "N", int(seat)+1)
}
