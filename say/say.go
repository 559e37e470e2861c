// Package say says the games' moves in words, in the reader's language:
// for whoever reads a game back (the kiosk's replay, the staff console)
// and for the guest a hint is given to, on the table or on a phone. It
// knows no screen, so the companion may use it as the kiosk does.
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
	// prefix is where the words are: the replay's (kiosk.replay.say.) or
	// a hint's (hint.say.), said to the guest.
	prefix string
	// away: the reader is not at the table, where the cells concerned are
	// ringed, so the words say no "ringed" (a hint on a phone).
	away bool
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
	return env{lang: lang, cat: cat, nameOf: name, prefix: replayWords}.move(m)
}

// Hint says m in words in lang as advice to the guest who is to play it,
// in the second person ("posez une cheville dans le trou entouré", "jouez
// le jaune 6"), never in the engine's notation. Its words speak of the
// cells concerned as ringed: the table rings them (Spots in kiosk/board).
func Hint(m engine.Move, lang i18n.Lang, cat *i18n.Catalog, name func(engine.Seat) string) string {
	return env{lang: lang, cat: cat, nameOf: name, prefix: hintWords}.move(m)
}

// HintAway is Hint for a guest away from the board (on a phone), where
// nothing is ringed: it names what can be named (a card, a tempo, a
// start) and otherwise says what kind of move to make.
func HintAway(m engine.Move, lang i18n.Lang, cat *i18n.Catalog, name func(engine.Seat) string) string {
	return env{lang: lang, cat: cat, nameOf: name, prefix: hintWords, away: true}.move(m)
}

// The prefixes of the replay's words and of the hints'.
const (
	replayWords = "kiosk.replay.say."
	hintWords   = "hint.say."
)

// move says m with e's words.
func (e env) move(m engine.Move) string {
	// Each game's sayer takes only its own move type, so at most one
	// claims m, whatever the order.
	for _, say := range games() {
		if s, ok := say(m, e); ok {
			return s
		}
	}
	return e.say("other")
}

// sayer says one game's moves; ok is false for a move of another game.
type sayer func(m engine.Move, e env) (s string, ok bool)

// games is the one place package say names the games, by id: each game's
// sayer. A game missing here has its moves said as "another move", and
// TestEveryGameIsSaid names it.
func games() map[string]sayer {
	return map[string]sayer{
		canyon.ID:     sayCanyon,
		canyonduel.ID: sayCanyonDuel,
		canoe.ID:      sayCanoe,
		canaille.ID:   sayCanaille,
	}
}

// say is the replay's text kiosk.replay.say.<key>, its parameters given
// as name, value pairs.
func (e env) say(key string, kv ...any) string {
	p := map[string]any{}
	for i := 0; i+1 < len(kv); i += 2 {
		p[kv[i].(string)] = kv[i+1]
	}
	prefix := e.prefix
	if prefix == "" {
		prefix = replayWords
	}
	if e.away && e.cat.Has(prefix+key+".away") {
		key += ".away"
	}
	return e.t(prefix+key, p)
}

func sayCanoe(m engine.Move, e env) (string, bool) {
	mv, ok := m.(canoe.Move)
	if !ok {
		return "", false
	}
	return e.say("canoe." + string(mv.Kind)), true
}

func sayCanyon(m engine.Move, e env) (string, bool) {
	mv, ok := m.(canyon.Move)
	if !ok {
		return "", false
	}
	switch mv.Kind {
	case canyon.KindPlay:
		return e.say("canyon.play", "Card", e.t("companion.suit."+strconv.Itoa(mv.Card.Suit))+" "+strconv.Itoa(mv.Card.Value)), true
	case canyon.KindTempo:
		parts := make([]string, len(mv.Tempo))
		for i, v := range mv.Tempo {
			parts[i] = strconv.Itoa(v)
		}
		return e.say("canyon.tempo", "Tempo", strings.Join(parts, " + ")), true
	case canyon.KindPlace:
		// Named as the board numbers the start cells, and as the
		// phones name them: "Départ 3".
		if n := CanyonStart(mv.Row, mv.Col); n > 0 {
			return e.say("canyon.place", "Start", e.t("board.canyon.start", map[string]any{"N": n})), true
		}
	}
	return e.say("canyon." + mv.Kind), true
}

func sayCanyonDuel(m engine.Move, e env) (string, bool) {
	mv, ok := m.(canyonduel.Move)
	if !ok {
		return "", false
	}
	if mv.Kind == canyonduel.KindJump {
		return e.say("canyonduel.jump", "N", max(1, len(mv.Path)-1)), true
	}
	return e.say("canyonduel.step"), true
}

func sayCanaille(m engine.Move, e env) (string, bool) {
	mv, ok := m.(canaille.Move)
	if !ok {
		return "", false
	}
	switch mv.Kind {
	case canaille.KindSentence:
		names := make([]string, len(mv.Cards))
		for i, c := range mv.Cards {
			names[i] = sayCanailleCard(c, e)
		}
		return e.say("canaille.sentence", "N", len(mv.Cards), "Cards", strings.Join(names, ", ")), true
	case canaille.KindTarget, canaille.KindGive:
		return e.say("canaille."+string(mv.Kind), "Name", e.name(mv.Seat)), true
	}
	return e.say("canaille."+string(mv.Kind), "Card", sayCanailleCard(mv.Card, e)), true
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
		return env.t(replayWords + "canaille.hidden")
	}
	f := c.Face()
	s := env.t("board.canaille.kind." + f.Kind.String())
	if f.N > 0 {
		s += " " + strconv.Itoa(f.N)
	}
	return s
}
