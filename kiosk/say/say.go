// Package say says the games' moves in words, in the table's language,
// for whoever reads a game back: the kiosk's replay and the staff
// console. It knows no screen.
package say

import (
	"strconv"
	"strings"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/engine/canyon"
	"github.com/tablee/tablee/engine/canyonduel"
	"github.com/tablee/tablee/i18n"
)

// env is the language, texts and seat names a move is said with.
type env struct {
	lang   i18n.Lang
	cat    *i18n.Catalog
	nameOf func(engine.Seat) string
}

func (e env) t(key string, params ...map[string]any) string { return e.cat.T(e.lang, key, params...) }

// name is seat's name, or "Seat N".
func (e env) name(seat engine.Seat) string {
	if e.nameOf != nil {
		if n := e.nameOf(seat); n != "" {
			return n
		}
	}
	return e.t("common.seat", map[string]any{"N": int(seat) + 1})
}

// CanyonStart is the number (from 1) of the Canyon start cell at map row,
// col, 0 when that is no start cell. The table draws it on the cell, and
// the phones and the replay name the cell "Départ N" with it: the start
// cells are numbered in map order, which on the table is from the top of
// the start column down.
func CanyonStart(row, col int) int {
	m := canyon.Map()
	if row < 0 || col < 0 || row >= m.Rows || col >= m.Cols || !m.IsStart(m.Cell(row, col)) {
		return 0
	}
	n := 0
	for i := 0; i <= m.Cell(row, col); i++ {
		if m.IsStart(i) {
			n++
		}
	}
	return n
}

// Move says m in words in lang, as the kiosk's replay and the staff
// console list it ("joue le violet 4", "saute deux fois"), never in the
// engine's notation: whoever reads a replay never learned it. name names
// a seat ("Seat N" when it returns "" or is nil).
func Move(m engine.Move, lang i18n.Lang, cat *i18n.Catalog, name func(engine.Seat) string) string {
	env := env{lang: lang, cat: cat, nameOf: name}
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

// CanailleCard names a Canaille card in lang as the table prints it: its
// kind and number ("Ça mord 2", "Poisson 3").
func CanailleCard(c canaille.Card, lang i18n.Lang, cat *i18n.Catalog) string {
	return sayCanailleCard(c, env{lang: lang, cat: cat})
}

// sayCanailleCard names a Canaille card as the table prints it: its kind and
// number ("Ça mord 2", "Poisson 3").
func sayCanailleCard(c canaille.Card, env env) string {
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
