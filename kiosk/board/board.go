package board

import (
	"errors"
	"fmt"
	"image/color"
	"time"

	"fyne.io/fyne/v2"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/engine/canyon"
	"github.com/tablee/tablee/engine/canyonduel"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/kiosk/board/geom"
)

// Board is one game's board on the table screen.
type Board interface {
	fyne.Widget
	fyne.Tappable
	// Show draws v, the table's public view. legal is what the table may
	// play now for the seat to move (a guest on the touch screen, or a
	// canoe's owner choosing a landing), nil when the table may not act.
	Update(v engine.View, legal []engine.Move)
	// Refuse tells the board that its last move was refused; a rule error
	// is shown where the finger was, in the table's language.
	Refuse(err error)
	// SeatColour is the colour of seat's pieces, for its panel.
	SeatColour(seat engine.Seat) color.Color
	// Progress is seat's score or progress as its panel shows it.
	Progress(v engine.View, seat engine.Seat) string
	// Doing is what the seat to move must decide now, for its panel.
	Doing(v engine.View) string
	// TableDecides reports whether the decision in v may be made on the
	// table for any seat that is not a bot, whatever device the seat
	// joined with (every move of a board game, a canoe's landing in
	// Canyon), rather than only for guests on the touch screen. A hidden
	// hand's card is never played on the table.
	TableDecides(v engine.View) bool
	// Actions are the buttons the panel of the seat to move shows now
	// (stop a jump chain, take a peg back).
	Actions() []Action
}

// Action is a button in the panel of the seat to move.
type Action struct {
	Label string
	Do    func()
}

// Env is what a board needs from the table screen.
type Env struct {
	Lang  i18n.Lang
	Texts *i18n.Catalog
	// Name is a seat's name as the panels show it; "Seat N" when nil.
	Name func(engine.Seat) string
	// You reports whether the texts speak to seat's guest in the second
	// person (a lesson's learner, named "Vous"): "Vous gagnez", never the
	// third person's "Vous gagne". Nil: they speak to nobody.
	You func(engine.Seat) bool
	// IsBot reports whether a bot plays seat, so that a tap while it is to
	// move says to wait for it; nil: no seat is a bot.
	IsBot func(engine.Seat) bool
	// Play makes seat's move. It returns at once; the move's outcome comes
	// back as a new view (Update) or a refusal (Refuse).
	Play func(seat engine.Seat, m engine.Move)
	// Changed tells the screen that Actions changed.
	Changed func()
	// Still turns motion off, for golden images and screenshots.
	Still bool
	// Slots is where each seat sits round the table, so that its cards come
	// from and go to its side; nil: geom.DefaultSlots.
	Slots []geom.Slot
	// Do runs a change of the board from another goroutine: fyne.Do when
	// nil; the kiosk passes one that also wakes its sleeping window loop.
	// No board runs a timer now (a refused tap's message and a finished
	// trick stay until the next move), so none calls it yet.
	Do func(func())
	// Awake, when set, is told before motion lasting d starts, so that
	// the kiosk's window loop does not sleep through it.
	Awake func(d time.Duration)
	// Snug draws the board's untouched margins (Canyon's outer banks) as
	// thin as they go, for a board sharing the table's height with a
	// lesson's learner's panel: its cells, which guests touch, then keep
	// geom.MinTarget.
	Snug bool
}

// awake passes d to e.Awake, when set.
func (e Env) awake(d time.Duration) {
	if e.Awake != nil {
		e.Awake(d)
	}
}

// New returns the board of the game with id game.
func New(game string, env Env) (Board, error) {
	if env.Texts == nil {
		return nil, errors.New("board: no text catalogue")
	}
	if env.Play == nil {
		env.Play = func(engine.Seat, engine.Move) {}
	}
	if env.Changed == nil {
		env.Changed = func() {}
	}
	g, ok := games()[game]
	if !ok {
		return nil, fmt.Errorf("board: no board for game %q", game)
	}
	return g.board(env), nil
}

// gameParts is everything kiosk/board holds for one game.
type gameParts struct {
	// board makes the game's board.
	board func(Env) Board
	// touch is how a guest plays the game's moves on its board (taps on
	// cells, a panel's button) and how big a cell is; the zero value for
	// a game whose moves are cards, played from a hand.
	touch touching
	// longSides: the board is as wide as the table, so the seats sit on
	// its long sides only (DefaultSlots).
	longSides bool
}

// DefaultSlots is where n seats of game sit round the table when the
// group says nothing: clockwise over every side (geom.DefaultSlots), or
// on the long sides only for a board as wide as the table (Canyon's
// river, whose cells would shrink under panels at its ends).
func DefaultSlots(game string, n int) []geom.Slot {
	if games()[game].longSides {
		return geom.LongSides(n)
	}
	return geom.DefaultSlots(n)
}

// games is the one place kiosk/board names the games, by id: a game
// missing here has no board, and TestEveryGameHasABoard names it.
func games() map[string]gameParts {
	return map[string]gameParts{
		canyon.ID:     {board: func(e Env) Board { return newCanyon(e) }, touch: touchedBy((*canyonBoard).touches, func(b *canyonBoard) float32 { return b.geo.Cell }), longSides: true},
		canyonduel.ID: {board: func(e Env) Board { return newDuel(e) }, touch: touchedBy((*duel).touches, func(d *duel) float32 { return d.geo.Side() })},
		canoe.ID:      {board: func(e Env) Board { return newCanoe(e) }, touch: touchedBy((*canoeBoard).touches, func(b *canoeBoard) float32 { return b.grid.Cell })},
		canaille.ID:   {board: func(e Env) Board { return newCanaille(e) }},
	}
}

// t is the text of key in the table's language.
func (e Env) t(key string, params ...map[string]any) string {
	return e.Texts.T(e.Lang, key, params...)
}

// name is seat's name, or "Seat N".
func (e Env) name(seat engine.Seat) string {
	if e.Name != nil {
		if n := e.Name(seat); n != "" {
			return n
		}
	}
	return e.t("common.seat", map[string]any{"N": int(seat) + 1})
}

// you reports whether the texts address seat's guest (Env.You).
func (e Env) you(seat engine.Seat) bool { return e.You != nil && e.You(seat) }

// about is key's text about seat: its second-person form ("you."+key)
// when the texts address seat's guest, else the third person's with
// params and the seat's name as Name.
func (e Env) about(seat engine.Seat, key string, params map[string]any) string {
	if e.you(seat) && e.Texts.Has("you."+key) {
		return e.t("you."+key, params)
	}
	p := map[string]any{"Name": e.name(seat)}
	for k, v := range params {
		p[k] = v
	}
	return e.t(key, p)
}

// slots is where the seats sit round the table, out of seats.
func (e Env) slots(seats int) []geom.Slot {
	if len(e.Slots) >= seats {
		return e.Slots[:seats]
	}
	return geom.DefaultSlots(seats)
}

// facing is the turn that makes a message upright for seat, out of seats.
func (e Env) facing(seat engine.Seat, seats int) geom.Turn {
	return geom.Turn(e.side(int(seat), seats).Side.QuarterTurns())
}

// nearest is the turn that makes a message upright for the guest who
// tapped at on a board of size area: the one whose side is nearest.
func (e Env) nearest(at fyne.Position, area fyne.Size, seats int) geom.Turn {
	slots := e.slots(seats)
	if i := geom.NearestSeat(slots, at, area); i >= 0 {
		return geom.Turn(slots[i].Side.QuarterTurns())
	}
	return 0
}

// othersPiece answers a tap on a piece of owner's while mover is to move
// (game: "duel" or "canoe", its texts' part):
// a bot never taps, so when owner is one the mover did, and the answer
// turns to the mover (say) with what to touch instead; else most likely
// owner tapped out of turn, and the answer turns to the side nearest the
// tap (sayToTapper), saying whose turn it is.
func (e Env) othersPiece(game string, owner, mover engine.Seat, say, sayToTapper func(string)) {
	if e.IsBot != nil && e.IsBot(owner) {
		say(e.t("you.board."+game+".bots-piece", map[string]any{"Owner": e.name(owner)}))
		return
	}
	sayToTapper(e.t("board."+game+".whose", map[string]any{"Owner": e.name(owner), "Name": e.name(mover)}))
}

// waiting says why the table takes no tap now: whose decision it is, and
// that a bot makes it by itself or that a phone makes it (onPhone).
func (e Env) waiting(seat engine.Seat, onPhone bool) string {
	name := map[string]any{"Name": e.name(seat)}
	switch {
	case e.IsBot != nil && e.IsBot(seat):
		return e.t("board.wait-bot", name)
	case onPhone:
		return e.t("board.canyon.on-phone", name)
	}
	return e.about(seat, "board.wait", nil)
}

// RuleText is why game's rules refused a move, in lang: the catalogue's
// explanation of the rule err names with the numbers that matter
// (i18n.Catalog.Why, the phones' "why not?"), else the engine's own words.
func RuleText(texts *i18n.Catalog, lang i18n.Lang, game string, err error) string {
	var re *engine.RuleError
	if !errors.As(err, &re) {
		return texts.T(lang, "board.refused")
	}
	if texts.Has("rule." + re.Rule) {
		return texts.Why(lang, game, re.Rule, re.Args)
	}
	return re.Msg
}
