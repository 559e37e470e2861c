package board

import (
	"fmt"
	"image/color"
	"slices"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/kiosk/board/geom"
	"github.com/tablee/tablee/looks"
)

// canailleBoard is Canaille's table: the river, the action deck and its
// face-up row, the sentence being resolved card by card, whose decision it
// is and what, and each player's catch (its top card and size). Hands stay
// on the phones.
type canailleBoard struct {
	widget.BaseWidget
	env   Env
	view  *canaille.View
	tapAt fyne.Position
	*note           // the refused tap's message: Message, MessageTurn, MessageAt
	shown bannerKey // what the banner shows, so it is drawn only on change
}

func newCanaille(env Env) *canailleBoard {
	b := &canailleBoard{env: env, note: newNote()}
	b.ExtendBaseWidget(b)
	return b
}

func (b *canailleBoard) SeatColour(seat engine.Seat) color.Color {
	return Palette[int(seat)%len(Palette)]
}

func (b *canailleBoard) Progress(v engine.View, seat engine.Seat) string {
	cv, ok := v.(*canaille.View)
	if !ok || !seat.Valid(cv.Seats) {
		return ""
	}
	return b.env.t("board.canaille.progress", map[string]any{"Hand": cv.Hands[seat], "Catch": cv.Catches[seat].Count})
}

func (b *canailleBoard) Doing(v engine.View) string {
	cv, ok := v.(*canaille.View)
	if !ok {
		return ""
	}
	return b.env.t("board.canaille." + cv.Phase)
}

func (b *canailleBoard) TableDecides(engine.View) bool { return false }
func (b *canailleBoard) Actions() []Action             { return nil }

func (b *canailleBoard) Update(v engine.View, _ []engine.Move) {
	if cv, ok := v.(*canaille.View); ok {
		if b.view != nil && b.view.Plies != cv.Plies {
			b.note.hide() // a decision was made: the tap's message is old
		}
		b.view = cv
		b.Refresh()
	}
}

func (b *canailleBoard) Refuse(err error) {
	if b.view == nil {
		return
	}
	b.note.show(RuleText(b.env.Texts, b.env.Lang, canaille.ID, err), b.tapAt, b.Size(), b.env.facing(b.view.ToMove, b.view.Seats))
}

// Tapped: every Canaille decision is made on the phones, the table only
// says whose it is.
func (b *canailleBoard) Tapped(ev *fyne.PointEvent) {
	b.tapAt = ev.Position
	if b.view == nil {
		return
	}
	msg := b.env.t("board.over")
	if b.view.ToMove != engine.NoSeat {
		msg = b.env.waiting(b.view.ToMove, true)
	}
	b.note.show(msg, b.tapAt, b.Size(), b.env.nearest(b.tapAt, b.Size(), b.view.Seats))
}

// banner is the line saying whose decision it is and what it is.
func (b *canailleBoard) banner() string {
	v := b.view
	if v == nil {
		return ""
	}
	if v.ToMove == engine.NoSeat {
		return b.env.t("board.over")
	}
	line := b.env.name(v.ToMove) + " " + b.env.t("board.canaille."+v.Phase)
	if b.env.you(v.ToMove) && b.env.Texts.Has("you.board.canaille."+v.Phase) {
		line = b.env.t("you.board.canaille." + v.Phase) // "Vous posez une phrase"
	}
	if v.Actor != v.Active && v.Actor >= 0 {
		line += " " + b.env.about(v.Active, "board.canaille.for", nil)
	}
	return line
}

func (b *canailleBoard) CreateRenderer() fyne.WidgetRenderer { return newCanailleRenderer(b) }

type canailleRenderer struct {
	baseRenderer
	b        *canailleBoard
	bg       *canvas.Rectangle
	labels   map[string]*canvas.Text
	river    *canailleCard
	riverN   *canvas.Text
	deck     *canailleCard
	deckN    *canvas.Text
	row      []*canailleCard
	sentence []*canailleCard
	step     *canvas.Rectangle
	banner   *fyne.Container // the banner, turned to the seat deciding
	catches  []*canailleCard
	catchN   []*canvas.Text
	catchBy  []*canvas.Circle
	catchNo  []*canvas.Text
	ghosts   []*canailleCard // cards only seen moving: to a hand, back to the river
	fl       *flights
	prev     *canaille.View // the view last drawn, whose cards moved since
}

func newCanailleRenderer(b *canailleBoard) *canailleRenderer {
	r := &canailleRenderer{b: b, bg: canvas.NewRectangle(color.NRGBA{0x17, 0x34, 0x3A, 0xFF}), labels: map[string]*canvas.Text{},
		fl: newFlights(b.env.Still, b.env.awake)}
	r.arrange = r.place
	r.objects = append(r.objects, r.bg)
	for _, k := range []string{"river", "deck", "row", "sentence", "catches"} {
		t := newText(b.env.t("board.canaille.label."+k), color.NRGBA{0xB8, 0xD4, 0xD8, 0xFF}, textSmall, true)
		r.labels[k] = t
		r.objects = append(r.objects, t)
	}
	add := func() *canailleCard {
		c := newCanailleCard()
		r.objects = append(r.objects, c.objects()...)
		return c
	}
	count := func() *canvas.Text {
		t := newText("", colInk, textBody, true)
		r.objects = append(r.objects, t)
		return t
	}
	r.river, r.riverN = add(), count()
	r.deck, r.deckN = add(), count()
	for range 3 {
		r.row = append(r.row, add())
	}
	r.step = canvas.NewRectangle(color.Transparent)
	r.step.StrokeColor = colYellow
	r.step.StrokeWidth = 8
	r.step.CornerRadius = 16
	r.objects = append(r.objects, r.step)
	for range 5 {
		r.sentence = append(r.sentence, add())
	}
	r.banner = container.NewWithoutLayout()
	r.objects = append(r.objects, r.banner)
	for seat := range 4 {
		r.catches = append(r.catches, add())
		r.catchN = append(r.catchN, count())
		by := canvas.NewCircle(Palette[seat])
		no := newText(strconv.Itoa(seat+1), seatInk(canaille.ID, seat), textBody, true)
		r.catchBy = append(r.catchBy, by)
		r.catchNo = append(r.catchNo, no)
		r.objects = append(r.objects, by, no)
	}
	for range 4 {
		g := add()
		g.size = canailleCardSize
		g.hide()
		r.ghosts = append(r.ghosts, g)
	}
	r.objects = append(r.objects, b.note.objects()...)
	return r
}

// canailleCardSize leaves room for the longest card name ("Déplacement")
// at the readable size textSmall.
var canailleCardSize = fyne.NewSize(160, 160)

func (r *canailleRenderer) Layout(size fyne.Size) {
	r.bg.Resize(size)
	r.place()
}

func (r *canailleRenderer) MinSize() fyne.Size { return fyne.NewSize(700, 500) }

// place lays out three bands: the river, deck and row on top, the
// sentence in the middle, the catches at the bottom.
func (r *canailleRenderer) place() {
	b := r.b
	v := b.view
	size := b.Size()
	if v == nil || size.Width == 0 {
		return
	}
	cs := geom.CanailleCard(size, canailleCardSize)
	l := geom.LayCanaille(size, cs, len(r.row), len(r.sentence), len(v.Sentence), min(v.Seats, len(r.catches)))
	// Top band: river, deck, then the row.
	r.label("river", l.River.SubtractXY(0, 30))
	r.river.layout(l.River, cs)
	if v.River.FaceUp && v.River.Top.Valid() {
		r.river.show(b.env, v.River.Top)
	} else {
		r.river.back(v.River.Size > 0)
	}
	r.riverN.Text = "× " + strconv.Itoa(v.River.Size)
	textAt(r.riverN, l.River.AddXY(cs.Width/2, cs.Height+22))
	r.label("deck", l.Deck.SubtractXY(0, 30))
	r.deck.layout(l.Deck, cs)
	r.deck.back(v.Deck > 0)
	r.deckN.Text = "× " + strconv.Itoa(v.Deck)
	textAt(r.deckN, l.Deck.AddXY(cs.Width/2, cs.Height+22))
	r.label("row", l.RowAt.SubtractXY(0, 30))
	for i, c := range r.row {
		c.layout(l.Row[i], cs)
		if i < len(v.Row) {
			c.show(b.env, v.Row[i])
		} else {
			c.hide()
		}
	}
	// Middle band: the sentence, the card being resolved outlined.
	r.placeBanner(size, l.Banner)
	n := len(v.Sentence)
	r.label("sentence", l.SentenceAt)
	r.step.Hide()
	for i, c := range r.sentence {
		at := l.Sentence[i]
		c.layout(at, cs)
		if i < n {
			c.show(b.env, v.Sentence[i])
			if i == v.Step && v.ToMove != engine.NoSeat {
				r.step.Move(at.SubtractXY(8, 8))
				r.step.Resize(cs.AddWidthHeight(16, 16))
				r.step.Show()
			}
		} else {
			c.hide()
		}
	}
	// Bottom band: each player's catch.
	r.label("catches", l.CatchesAt)
	for seat := range r.catches {
		c := r.catches[seat]
		if seat >= v.Seats {
			c.hide()
			r.catchN[seat].Hide()
			r.catchBy[seat].Hide()
			r.catchNo[seat].Hide()
			continue
		}
		at := l.Catches[seat]
		cv := v.Catches[seat]
		c.layout(at, cs)
		if cv.Count > 0 && cv.Top.Valid() {
			c.show(b.env, cv.Top)
		} else {
			c.empty()
		}
		circleAt(r.catchBy[seat], at.AddXY(-22, 22), 40)
		textAt(r.catchNo[seat], at.AddXY(-22, 22))
		r.catchN[seat].Text = "× " + strconv.Itoa(cv.Count)
		textAt(r.catchN[seat], at.AddXY(cs.Width/2, cs.Height+22))
		r.catchN[seat].Show()
		r.catchBy[seat].Show()
		r.catchNo[seat].Show()
	}
	r.moveCards(r.prev, v)
	r.prev = v
}

// moveCards flies the cards that moved between views p and v to where v
// has them: river cards onto a catch, fish released under the river, new
// cards into the row from the deck, row and deck cards into a hand, a
// sentence laid from its player's side. Nothing moves on the first view,
// or when v is not the next position of p's game (a replay going back).
func (r *canailleRenderer) moveCards(p, v *canaille.View) {
	r.fl.begin()
	if p == nil || p == v || p.Seats != v.Seats || v.Plies <= p.Plies || r.fl.still {
		return
	}
	b := r.b
	edge := func(seat engine.Seat) fyne.Position {
		return geom.EdgeCard(b.env.side(int(seat), v.Seats), b.Size(), canailleCardSize)
	}
	for seat := range min(v.Seats, len(r.catches)) {
		switch d := v.Catches[seat].Count - p.Catches[seat].Count; {
		case d > 0:
			r.fl.fly(r.catches[seat], r.river.at, r.catches[seat].at, nil)
		case d < 0 && v.River.Size > p.River.Size:
			r.ghost(0, r.catches[seat].at, r.river.at)
		}
	}
	fromDeck := 0
	for i, c := range v.Row {
		if i >= len(r.row) {
			break
		}
		if j := slices.Index(p.Row, c); j >= 0 && j != i {
			r.fl.fly(r.row[i], r.row[j].at, r.row[i].at, nil)
		} else if j < 0 {
			r.fl.fly(r.row[i], r.deck.at, r.row[i].at, nil)
			fromDeck++
		}
	}
	for j, c := range p.Row {
		if !slices.Contains(v.Row, c) && j < len(r.row) {
			r.ghost(c, r.row[j].at, edge(v.Active))
		}
	}
	if p.Deck-v.Deck > fromDeck {
		r.ghost(0, r.deck.at, edge(v.Active))
	}
	if len(p.Sentence) == 0 {
		for i := range min(len(v.Sentence), len(r.sentence)) {
			r.fl.fly(r.sentence[i], edge(v.Active), r.sentence[i].at, nil)
		}
	}
}

// ghost flies a card seen only while it moves (face down when c is 0) from
// from to to, where it vanishes. With every ghost busy it is not drawn.
func (r *canailleRenderer) ghost(c canaille.Card, from, to fyne.Position) {
	for _, g := range r.ghosts {
		if r.fl.busy(g) {
			continue
		}
		g.layout(from, canailleCardSize)
		if c.Valid() {
			g.show(r.b.env, c)
		} else {
			g.back(true)
		}
		for _, o := range g.objects() {
			o.Refresh()
		}
		r.fl.fly(g, from, to, g.hide)
		return
	}
}

// bannerKey is what decides how the banner looks.
type bannerKey struct {
	text string
	turn geom.Turn
	size fyne.Size
}

// placeBanner shows the banner turned to the seat whose decision it is:
// across the middle of the board (centred on y) for a seat at the bottom
// or the top, upside down for the top; along the board's left or right
// edge, turned a quarter, for a seat on that side, where no card lies.
func (r *canailleRenderer) placeBanner(size fyne.Size, y float32) {
	b := r.b
	text := b.banner()
	turn := geom.Turn(0)
	if v := b.view; v.ToMove != engine.NoSeat {
		turn = b.env.facing(v.ToMove, v.Seats)
	}
	key := bannerKey{text, turn, size}
	if key == b.shown {
		return
	}
	b.shown = key
	t := newText(text, colYellow, textName, true)
	upright := t.MinSize()
	t.Resize(upright)
	p := NewPanel(container.NewWithoutLayout(t), upright, turn)
	turned := p.Turned()
	var at fyne.Position
	switch turn {
	case 1: // the left seat reads it along the left edge
		at = fyne.NewPos(12, (size.Height-turned.Height)/2)
	case 3:
		at = fyne.NewPos(size.Width-12-turned.Width, (size.Height-turned.Height)/2)
	default:
		at = fyne.NewPos((size.Width-turned.Width)/2, y-turned.Height/2)
	}
	p.Move(at)
	p.Resize(turned)
	r.banner.Objects = []fyne.CanvasObject{p}
	r.banner.Refresh()
}

// BannerTurn is how the banner is turned (towards whose side) and its
// text, for tests.
func (b *canailleBoard) BannerTurn() (string, geom.Turn) { return b.shown.text, b.shown.turn }

func (r *canailleRenderer) label(key string, at fyne.Position) {
	t := r.labels[key]
	t.Resize(t.MinSize())
	t.Move(at)
}

// canailleCard is one card drawn: its kind's colour, its name (on two
// lines when it is two words too wide for one), its number in large type
// and a full stop when it carries one.
type canailleCard struct {
	bg    *canvas.Rectangle
	name  *canvas.Text
	name2 *canvas.Text // the name's second line, "" when it fits on one
	big   *canvas.Text
	stop  *canvas.Circle
	mark  *symbol // the kind's mark, the second cue beside its colour
	at    fyne.Position
	size  fyne.Size
}

func newCanailleCard() *canailleCard {
	c := &canailleCard{bg: canvas.NewRectangle(colInk), name: newText("", colDarkInk, textSmall, true),
		name2: newText("", colDarkInk, textSmall, true), big: newText("", colDarkInk, 52, true), stop: canvas.NewCircle(colDarkInk),
		mark: newSymbol()}
	c.bg.CornerRadius = 12
	c.bg.StrokeColor = color.NRGBA{0, 0, 0, 0x90}
	c.bg.StrokeWidth = 3
	return c
}

func (c *canailleCard) objects() []fyne.CanvasObject {
	return append([]fyne.CanvasObject{c.bg, c.name, c.name2, c.big, c.stop}, c.mark.objects()...)
}

// moveTo moves the whole card.
func (c *canailleCard) moveTo(at fyne.Position) { c.layout(at, c.size) }

// cardNameRoom is the width a card's name may take: the card less a
// margin on each side.
func cardNameRoom(size fyne.Size) float32 { return size.Width - 12 }

func (c *canailleCard) layout(at fyne.Position, size fyne.Size) {
	c.at, c.size = at, size
	c.bg.Move(at)
	c.bg.Resize(size)
	if c.name2.Text == "" {
		textAt(c.name, at.AddXY(size.Width/2, 22))
		textAt(c.name2, at.AddXY(size.Width/2, 22))
	} else {
		textAt(c.name, at.AddXY(size.Width/2, 18))
		textAt(c.name2, at.AddXY(size.Width/2, 42))
	}
	textAt(c.big, at.AddXY(size.Width/2, size.Height*0.6))
	circleAt(c.stop, at.AddXY(size.Width-18, size.Height-18), 16)
	if c.mark.sym != looks.NoSymbol {
		c.mark.draw(c.mark.sym, c.big.Color, at.AddXY(26, size.Height-26), 34)
	}
}

// setName writes name on the card at the readable size, on two lines
// split at the space nearest its middle when one line is too wide, and
// shrunk only if a single word is still too wide.
func (c *canailleCard) setName(name string) {
	room := cardNameRoom(canailleCardSize)
	style := fyne.TextStyle{Bold: true}
	one, two := name, ""
	if fyne.MeasureText(name, textSmall, style).Width > room {
		if i := splitAt(name); i > 0 {
			one, two = name[:i], name[i+1:]
		}
	}
	wide := max(fyne.MeasureText(one, textSmall, style).Width, fyne.MeasureText(two, textSmall, style).Width)
	size := geom.FitSize(wide, textSmall, 16, room)
	c.name.Text, c.name2.Text = one, two
	c.name.TextSize, c.name2.TextSize = size, size
}

// splitAt is the index of the space nearest the middle of s, -1 if none.
func splitAt(s string) int {
	best := -1
	for i, r := range s {
		if r == ' ' && (best < 0 || abs(i-len(s)/2) < abs(best-len(s)/2)) {
			best = i
		}
	}
	return best
}

// canailleLooks are Canaille's card kinds and seats as every UI draws
// them.
var canailleLooks, _ = looks.For(canaille.ID)

func (c *canailleCard) show(env Env, card canaille.Card) {
	f := card.Face()
	l := canailleLooks.Kinds[f.Kind.String()]
	c.bg.FillColor = l.Fill.NRGBA()
	ink := l.Ink.NRGBA()
	c.name.Color, c.name2.Color, c.big.Color, c.stop.FillColor = ink, ink, ink, ink
	c.setName(env.t("board.canaille.kind." + f.Kind.String()))
	switch {
	case f.Kind == canaille.Trash:
		c.big.Text = fmt.Sprintf("−%d", f.N)
	case f.N > 0:
		c.big.Text = strconv.Itoa(f.N)
	default:
		c.big.Text = ""
	}
	c.stop.Hidden = !f.Stop
	for _, o := range []fyne.CanvasObject{c.bg, c.name, c.name2, c.big} {
		o.Show()
	}
	c.mark.sym = l.Symbol
	c.layout(c.at, c.size) // the texts changed: centre them again
}

// looks is what the card shows, read from its drawing: for
// TestTheLooksAgree.
func (c *canailleCard) looks() looks.Look {
	return looks.Look{Fill: looks.Of(c.bg.FillColor), Ink: looks.Of(c.big.Color), Symbol: c.mark.sym}
}

// back is a face-down pile, or an empty place when there is none.
func (c *canailleCard) back(any bool) {
	if !any {
		c.empty()
		return
	}
	c.bg.FillColor = color.NRGBA{0x2A, 0x5C, 0x6E, 0xFF}
	c.name.Text, c.name2.Text, c.big.Text = "", "", "?"
	c.big.Color = color.NRGBA{0xB8, 0xD4, 0xD8, 0xFF}
	c.bg.Show()
	c.big.Show()
	c.name.Hide()
	c.name2.Hide()
	c.stop.Hide()
	c.mark.hide()
	c.layout(c.at, c.size)
}

// empty is the outline of a place without cards.
func (c *canailleCard) empty() {
	c.bg.FillColor = color.Transparent
	c.bg.Show()
	c.name.Hide()
	c.name2.Hide()
	c.big.Hide()
	c.stop.Hide()
	c.mark.hide()
}

func (c *canailleCard) hide() {
	c.mark.hide()
	for _, o := range c.objects() {
		o.Hide()
	}
}
