package board

import (
	"image/color"
	"math"
	"slices"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canyon"
	"github.com/tablee/tablee/kiosk/board/geom"
	"github.com/tablee/tablee/looks"
	"github.com/tablee/tablee/say"
)

// canyonBoard is Canyon's board: the river map on its side (start line on
// the left, the docks on the right), the canoes in the seat colours, and
// below it the round track, the trump and the trick being played.
type canyonBoard struct {
	widget.BaseWidget
	env     Env
	m       *canyon.Board
	view    *canyon.View
	legal   []canyon.Move
	pending bool
	tapAt   fyne.Position
	*note   // the refused tap's message: Message, MessageTurn, MessageAt
	geo     geom.Sideways
	strip   fyne.Position // top-left of the cards' strip
	canoes  []*canyonCanoe
	drawn   []int // each canoe's cell as last drawn
	// The finished trick stays on the table, dimmed but for the winner's
	// card, until the next card is played; then it is lifted above the
	// next trick, still readable, until that one is finished in its turn
	// and takes its place. So a trick won by a bot, which leads again at
	// once, can still be read at the table's pace.
	lastTrick  []canyon.Card
	lastLeader int
	lastWinner int
}

type canyonCanoe struct {
	hull  *canvas.Rectangle
	label *canvas.Text
}

// canyonLooks are Canyon's suits and seats as every UI draws them.
var canyonLooks, _ = looks.For(canyon.ID)

func newCanyon(env Env) *canyonBoard {
	b := &canyonBoard{env: env, m: canyon.Map(), note: newNote()}
	for seat := range 6 {
		c := &canyonCanoe{hull: canvas.NewRectangle(Palette[seat]), label: newText(strconv.Itoa(seat+1), seatInk(canyon.ID, seat), textBody, true)}
		c.hull.StrokeColor = color.NRGBA{0x10, 0x10, 0x10, 0xFF}
		c.hull.StrokeWidth = 3
		b.canoes = append(b.canoes, c)
	}
	b.ExtendBaseWidget(b)
	return b
}

// CanyonStart is the number (from 1) of the Canyon start cell at map row,
// col, 0 when that is no start cell. The table draws it on the cell, and
// the phones and the replay name the cell "Départ N" with it: the start
// cells are numbered in map order, which on the table is from the top of
// the start column down. Package say numbers them (the replay's and the
// console's words).
func CanyonStart(row, col int) int { return say.CanyonStart(row, col) }

func (b *canyonBoard) SeatColour(seat engine.Seat) color.Color {
	return Palette[int(seat)%len(Palette)]
}

func (b *canyonBoard) Progress(v engine.View, seat engine.Seat) string {
	cv, ok := v.(*canyon.View)
	if !ok || !seat.Valid(cv.Seats) {
		return ""
	}
	tempo := "–"
	if t := cv.Tempo[seat]; t != nil {
		sum := 0
		for _, x := range t {
			sum += x
		}
		tempo = strconv.Itoa(sum)
	}
	where := ""
	switch cell := cv.Canoes[seat]; {
	case cv.Docked[seat]:
		where = b.env.t("board.canyon.docked", map[string]any{"N": cv.Leftover[seat]})
	case cv.Fallen[seat]:
		where = b.env.t("board.canyon.fallen")
	case cell >= 0:
		where = b.env.t("board.canyon.distance", map[string]any{"N": b.m.GoalDistance(cell)})
	}
	progress := b.env.t("board.canyon.progress", map[string]any{"Tempo": tempo, "Tricks": cv.Tricks[seat]})
	if where == "" {
		return progress
	}
	// The same separator as inside progress: one line, one rhythm.
	return progress + " · " + where
}

func (b *canyonBoard) Doing(v engine.View) string {
	cv, ok := v.(*canyon.View)
	if !ok {
		return ""
	}
	return b.env.t("board.canyon." + cv.Phase)
}

func (b *canyonBoard) TableDecides(v engine.View) bool {
	cv, ok := v.(*canyon.View)
	return ok && (cv.Phase == canyon.PhasePlace || cv.Phase == canyon.PhaseMove)
}

func (b *canyonBoard) Actions() []Action { return nil }

func (b *canyonBoard) Update(v engine.View, legal []engine.Move) {
	cv, ok := v.(*canyon.View)
	if !ok {
		return
	}
	switch {
	case len(cv.Played) == 0:
		b.lastTrick = nil // a new round
	case b.view != nil && len(cv.Played) > len(b.view.Played) && len(cv.Played) >= cv.Seats:
		b.lastTrick = slices.Clone(cv.Played[len(cv.Played)-cv.Seats:])
		b.lastLeader, b.lastWinner = b.view.Leader, cv.Leader
	}
	if b.view != nil && b.view.Ply != cv.Ply {
		b.note.hide() // a move was made: the refused tap's message is old
	}
	b.view, b.pending = cv, false
	b.legal = b.legal[:0]
	for _, m := range legal {
		if cm, ok := m.(canyon.Move); ok && (cm.Kind == canyon.KindPlace || cm.Kind == canyon.KindMove) {
			b.legal = append(b.legal, cm)
		}
	}
	b.Refresh()
}

func (b *canyonBoard) Refuse(err error) {
	b.pending = false
	b.say(RuleText(b.env.Texts, b.env.Lang, canyon.ID, err))
	b.Refresh()
}

// say shows msg where the finger was, turned to the seat to move: it is
// about their move.
func (b *canyonBoard) say(msg string) {
	b.note.show(msg, b.tapAt, b.Size(), b.env.facing(b.view.Turn(), b.view.Seats))
}

// sayToTapper shows msg turned to the guest who tapped, nearest the tap:
// it answers a tap that was not theirs to make on the table.
func (b *canyonBoard) sayToTapper(msg string) {
	b.note.show(msg, b.tapAt, b.Size(), b.env.nearest(b.tapAt, b.Size(), b.view.Seats))
}

// CellCentre is where map cell row, col is drawn, for tests and scripts.
func (b *canyonBoard) CellCentre(row, col int) fyne.Position { return b.geo.Centre(row, col) }

func (b *canyonBoard) Tapped(ev *fyne.PointEvent) {
	b.tapAt = ev.Position
	if b.view == nil || b.pending {
		return
	}
	if b.view.Turn() == engine.NoSeat {
		b.sayToTapper(b.env.t("board.over"))
		return
	}
	if len(b.legal) == 0 {
		b.sayToTapper(b.env.waiting(b.view.Turn(), !b.TableDecides(b.view)))
		return
	}
	centres := make([]fyne.Position, len(b.legal))
	for i, m := range b.legal {
		centres[i] = b.geo.Centre(m.Row, m.Col)
	}
	if i := geom.Nearest(ev.Position, centres, geom.TargetRadius(b.geo.Cell)); i >= 0 {
		b.play(b.legal[i])
		return
	}
	r, c, ok := b.geo.At(ev.Position)
	if !ok {
		b.say(b.env.t("board.canyon.tap-green"))
		return
	}
	// Not a lit cell: the engine names the rule it breaks.
	m := canyon.MoveTo(r, c)
	if b.view.Phase == canyon.PhasePlace {
		m = canyon.Place(r, c)
	}
	b.play(m)
}

func (b *canyonBoard) play(m canyon.Move) {
	b.pending = true
	b.note.hide()
	b.env.Play(b.view.Turn(), m)
}

func (b *canyonBoard) CreateRenderer() fyne.WidgetRenderer { return newCanyonRenderer(b) }

type canyonRenderer struct {
	baseRenderer
	b       *canyonBoard
	bg      *canvas.Rectangle
	cells   []*canvas.Rectangle
	arrows  []*canvas.ArbitraryPolygon // one per current cell, in cell order
	arrowAt []int
	starts  []*canvas.Text // each start cell's number, in a ring
	rings   []*canvas.Circle
	startAt []int
	bridge  *canvas.Line
	targets []*canvas.Circle
	track   []*canvas.Rectangle
	trackN  []*canvas.Text
	trump   *cardFace
	trumpT  *canvas.Text
	trick   []*cardFace
	trickBy []*canvas.Circle
	trickNo []*canvas.Text // the seat's number in its colour's disc
	// The winner of the lifted trick: a disc with its seat's number on
	// the winning card.
	wonBy  *canvas.Circle
	wonNo  *canvas.Text
	gone   []*cardFace // a finished trick on its way to its winner
	lifted []*cardFace // a finished trick still read while the next begins
	slots  []fyne.Position
	fl     *flights
	// What the trick showed when last drawn, so that new cards fly in.
	drawn       []canyon.Card
	drawnLeader int
	drawnWinner int
	// The finished trick lifted above the next one, and who won it.
	liftedCards  []canyon.Card
	liftedLeader int
	liftedWinner int
}

func newCanyonRenderer(b *canyonBoard) *canyonRenderer {
	r := &canyonRenderer{b: b, bg: canvas.NewRectangle(colTable), fl: newFlights(b.env.Still, b.env.awake), drawnLeader: -1}
	r.arrange = r.place
	r.objects = append(r.objects, r.bg)
	m := b.m
	for i := range m.Rows * m.Cols {
		c := canvas.NewRectangle(terrainColour(m, i))
		if m.Navigable(i) {
			// Faint cell edges, so a move's steps can be counted.
			c.StrokeColor = color.NRGBA{0x10, 0x40, 0x68, 0x80}
			c.StrokeWidth = 1
		}
		r.cells = append(r.cells, c)
		r.objects = append(r.objects, c)
	}
	for i := range m.Rows * m.Cols {
		if m.Drift(i) < 0 {
			continue
		}
		a := canvas.NewArbitraryPolygon(nil, color.NRGBA{0xFF, 0xFF, 0xFF, 0xA0})
		r.arrows = append(r.arrows, a)
		r.arrowAt = append(r.arrowAt, i)
		r.objects = append(r.objects, a)
	}
	for i := range m.Rows * m.Cols {
		if r0, c0 := m.RowCol(i); CanyonStart(r0, c0) > 0 {
			// A white ring round the number, unlike the canoes' pills that
			// carry seat numbers.
			ring := canvas.NewCircle(color.Transparent)
			ring.StrokeColor = colInk
			ring.StrokeWidth = 3
			t := newText(strconv.Itoa(CanyonStart(r0, c0)), colInk, textSmall, true)
			r.starts = append(r.starts, t)
			r.rings = append(r.rings, ring)
			r.startAt = append(r.startAt, i)
			r.objects = append(r.objects, ring, t)
		}
	}
	r.bridge = canvas.NewLine(color.NRGBA{0xE0, 0xC0, 0x80, 0xFF})
	r.bridge.StrokeWidth = 6
	r.objects = append(r.objects, r.bridge)
	for range 12 {
		t := canvas.NewCircle(color.NRGBA{0x7C, 0xFC, 0x9A, 0x60})
		t.StrokeColor = colTarget
		t.StrokeWidth = 5
		r.targets = append(r.targets, t)
		r.objects = append(r.objects, t)
	}
	for _, c := range b.canoes {
		r.objects = append(r.objects, c.hull, c.label)
	}
	for _, n := range canyon.RoundTrack() {
		box := canvas.NewRectangle(color.NRGBA{0x2C, 0x3A, 0x42, 0xFF})
		box.CornerRadius = 8
		t := newText(strconv.Itoa(n), colInk, textBody, true)
		r.track = append(r.track, box)
		r.trackN = append(r.trackN, t)
		r.objects = append(r.objects, box, t)
	}
	r.trumpT = newText(b.env.t("board.canyon.trump"), colInk, textSmall, true)
	r.trump = newCardFace()
	r.objects = append(r.objects, r.trumpT)
	r.objects = append(r.objects, r.trump.objects()...)
	for range 6 {
		f := newCardFace()
		f.hide()
		r.lifted = append(r.lifted, f)
		r.objects = append(r.objects, f.objects()...)
	}
	for range 6 {
		f := newCardFace()
		by := canvas.NewCircle(color.Transparent)
		r.trick = append(r.trick, f)
		no := newText("", colDarkInk, textSmall, true) // its ink set with its seat
		r.trickBy = append(r.trickBy, by)
		r.trickNo = append(r.trickNo, no)
		r.objects = append(r.objects, f.objects()...)
		r.objects = append(r.objects, by, no)
	}
	for range 6 {
		f := newCardFace()
		f.hide()
		r.gone = append(r.gone, f)
		r.objects = append(r.objects, f.objects()...)
	}
	r.wonBy = canvas.NewCircle(color.Transparent)
	r.wonBy.StrokeColor = colDarkInk
	r.wonBy.StrokeWidth = 2
	r.wonNo = newText("", colDarkInk, textSmall, true)
	r.wonBy.Hide()
	r.wonNo.Hide()
	r.objects = append(r.objects, r.wonBy, r.wonNo)
	r.objects = append(r.objects, b.note.objects()...)
	return r
}

// arrowPoints is a narrow arrowhead in a cell of side cell, pointing along
// dir, its corners relative to the cell's top-left.
func arrowPoints(dir fyne.Position, cell float32) []fyne.Position {
	n := float32(math.Hypot(float64(dir.X), float64(dir.Y)))
	if n == 0 {
		return nil
	}
	ux, uy := dir.X/n, dir.Y/n // along the drift
	px, py := -uy, ux          // across it
	c, l, w := cell/2, cell*0.28, cell*0.16
	return []fyne.Position{
		{X: c + ux*l, Y: c + uy*l},
		{X: c - ux*l + px*w, Y: c - uy*l + py*w},
		{X: c - ux*l*0.45, Y: c - uy*l*0.45},
		{X: c - ux*l - px*w, Y: c - uy*l - py*w},
	}
}

func terrainColour(m *canyon.Board, i int) color.Color {
	switch m.Terrain(i) {
	case canyon.TerrainBank:
		return color.NRGBA{0x6B, 0x55, 0x45, 0xFF}
	case canyon.TerrainIsland:
		return color.NRGBA{0x6E, 0x8B, 0x4A, 0xFF}
	case canyon.TerrainStart:
		return color.NRGBA{0x3F, 0x95, 0xC8, 0xFF}
	case canyon.TerrainDock:
		return color.NRGBA{0xC8, 0x9A, 0x5A, 0xFF}
	case canyon.TerrainCave:
		return color.NRGBA{0x2E, 0x2A, 0x28, 0xFF}
	case canyon.TerrainWaterfall:
		return color.NRGBA{0xE8, 0xF4, 0xFA, 0xFF}
	}
	if m.Drift(i) >= 0 {
		return color.NRGBA{0x1F, 0x5F, 0x92, 0xFF} // the current: darker, faster water
	}
	return color.NRGBA{0x2E, 0x7D, 0xB8, 0xFF}
}

// stripHeight is the height of the cards' strip below the map, from the
// map's edge: stripGap, then its cards (LayCanyonStrip's trump card ends
// 132 px down).
const (
	stripHeight = stripGap + 132
	stripGap    = 8
	// snugStripGap is stripGap on a Snug board.
	snugStripGap = 2
)

// bankDepth is how deep, in cells, the map's outer banks are drawn.
const bankDepth = 0.2

// snugBankDepth is bankDepth on a Snug board: next to none, the water's
// edge is the map's (0 would draw the banks whole: geom.Sideways).
const snugBankDepth = 0.001

// banked reports whether m's first and last columns are bank only, which
// the table then draws as a narrow strip.
func banked(m *canyon.Board) bool {
	for r := range m.Rows {
		for _, c := range []int{0, m.Cols - 1} {
			if m.Terrain(r*m.Cols+c) != canyon.TerrainBank {
				return false
			}
		}
	}
	return true
}

func (r *canyonRenderer) Layout(size fyne.Size) {
	b := r.b
	r.bg.Resize(size)
	m := b.m
	gap := float32(stripGap)
	if b.env.Snug {
		gap = snugStripGap
	}
	mapArea := size.SubtractWidthHeight(0, stripHeight-stripGap+gap)
	b.geo = geom.FitSideways(m.Rows, m.Cols, mapArea)
	if banked(m) {
		// The river's outer banks are never touched: a strip of them is
		// enough, and the cells guests touch grow (64 px between the
		// panels of a long-sided table).
		depth := float32(bankDepth)
		if b.env.Snug {
			depth = snugBankDepth
		}
		b.geo = geom.FitSidewaysBanked(m.Rows, m.Cols, mapArea, depth)
	}
	g := b.geo
	for i, c := range r.cells {
		row, col := m.RowCol(i)
		at, sz := g.Clip(g.TopLeft(row, col), fyne.NewSize(g.Cell, g.Cell))
		c.Move(at)
		c.Resize(sz)
	}
	for k, a := range r.arrows {
		i := r.arrowAt[k]
		row, col := m.RowCol(i)
		tr, tc := m.RowCol(m.Drift(i))
		from, to := g.Centre(row, col), g.Centre(tr, tc)
		a.Points = arrowPoints(to.Subtract(from), g.Cell)
		a.Move(from.SubtractXY(g.Cell/2, g.Cell/2))
		a.Resize(fyne.NewSize(g.Cell, g.Cell))
	}
	for k, t := range r.starts {
		c := g.Centre(m.RowCol(r.startAt[k]))
		circleAt(r.rings[k], c, g.Cell*0.62)
		textAt(t, c)
	}
	cave := g.TopLeft(m.RowCol(m.Cave()))
	r.bridge.Position1 = cave.AddXY(g.Cell*0.15, g.Cell/2)
	r.bridge.Position2 = cave.AddXY(g.Cell*0.85, g.Cell/2)
	v := g.Visible()
	b.strip = fyne.NewPos(v.Pos.X, v.Pos.Y+v.Size.Height+gap)
	r.layoutStrip()
	r.place()
}

func (r *canyonRenderer) layoutStrip() {
	b := r.b
	box := float32(48)
	s := geom.LayCanyonStrip(b.strip, box, len(r.track), cardSize, len(r.trick))
	for i, t := range r.track {
		t.Move(s.Track[i])
		t.Resize(fyne.NewSize(box, box))
		textAt(r.trackN[i], s.Track[i].AddXY(box/2, box/2))
	}
	r.trumpT.Move(s.TrumpT)
	r.trump.layout(s.Trump, cardSize)
	r.slots = r.slots[:0]
	for i, f := range r.trick {
		at := s.Trick[i]
		r.slots = append(r.slots, at)
		r.fl.land(f)
		f.layout(at, cardSize)
		// Just below the card, overlapping its edge: the strip has no more
		// room under the cards.
		circleAt(r.trickBy[i], at.AddXY(cardSize.Width/2, cardSize.Height+4), 30)
	}
}

var cardSize = fyne.NewSize(80, 104)

func (r *canyonRenderer) MinSize() fyne.Size { return fyne.NewSize(600, 400) }

func (r *canyonRenderer) place() {
	b := r.b
	v := b.view
	g := b.geo
	if v == nil || g.Cell == 0 {
		return
	}
	// Canoes: several may share the cave, so those are fanned out.
	shared := map[int]int{}
	if len(b.drawn) != len(v.Canoes) {
		b.drawn = slices.Repeat([]int{-2}, len(v.Canoes))
	}
	for seat, c := range b.canoes {
		if seat >= v.Seats || v.Canoes[seat] < 0 {
			c.hull.Hide()
			c.label.Hide()
			continue
		}
		cell := v.Canoes[seat]
		row, col := b.m.RowCol(cell)
		centre, size := geom.CanoeAt(g.Centre(row, col), g.Cell, shared[cell])
		shared[cell]++
		to := centre.SubtractXY(size.Width/2, size.Height/2)
		c.hull.CornerRadius = size.Height / 2
		c.hull.Resize(size)
		labelSize := c.label.MinSize()
		c.label.Resize(labelSize)
		labelTo := centre.SubtractXY(labelSize.Width/2, labelSize.Height/2)
		if b.drawn[seat] >= 0 && b.drawn[seat] != cell && !b.env.Still {
			glide(c.hull, c.hull.Position(), to, false)
			glide(c.label, c.label.Position(), labelTo, false)
		} else {
			c.hull.Move(to)
			c.label.Move(labelTo)
		}
		b.drawn[seat] = cell
		c.hull.Show()
		c.label.Show()
	}
	for i, t := range r.targets {
		if i < len(b.legal) {
			circleAt(t, g.Centre(b.legal[i].Row, b.legal[i].Col), g.Cell*0.8)
			t.Show()
		} else {
			t.Hide()
		}
	}
	for i, box := range r.track {
		if i == v.Track && v.Round > 0 {
			box.FillColor = colYellow
			r.trackN[i].Color = colDarkInk
		} else {
			box.FillColor = color.NRGBA{0x2C, 0x3A, 0x42, 0xFF}
			r.trackN[i].Color = colInk
		}
	}
	if v.Round > 0 && v.Trump.Value > 0 {
		r.trump.show(v.Trump)
	} else {
		r.trump.hide()
	}
	trick, leader, dim := v.Trick, v.Leader, false
	var held []canyon.Card // the finished trick, while the next one begins
	switch {
	case len(trick) == 0 && b.lastTrick != nil:
		trick, leader, dim = b.lastTrick, b.lastLeader, true
	case b.lastTrick != nil:
		held = b.lastTrick
	}
	r.fl.begin()
	r.dropLifted(held, v.Seats)
	r.moveCards(trick, leader, v.Seats, held)
	for i, f := range r.trick {
		if i < len(trick) {
			f.show(trick[i])
			f.dim(dim && (leader+i)%v.Seats != v.Leader) // the winner's card stays bright
			r.trickBy[i].FillColor = Palette[(leader+i)%v.Seats]
			r.trickBy[i].Show()
			r.trickNo[i].Text = strconv.Itoa((leader+i)%v.Seats + 1)
			r.trickNo[i].Color = seatInk(canyon.ID, (leader+i)%v.Seats)
			textAt(r.trickNo[i], r.trickBy[i].Position().AddXY(15, 15))
			r.trickNo[i].Show()
		} else {
			f.hide()
			r.trickBy[i].Hide()
			r.trickNo[i].Hide()
		}
	}
}

// moveCards flies the cards new in trick (led by leader) in from their
// seats' sides. A finished trick the next one replaces is lifted above it
// while it is held (being read), else it leaves to its winner's side. The
// first view drawn moves nothing: those cards were already there.
func (r *canyonRenderer) moveCards(trick []canyon.Card, leader, seats int, held []canyon.Card) {
	b := r.b
	first := r.drawnLeader < 0
	from := len(r.drawn)
	if leader != r.drawnLeader || len(trick) < len(r.drawn) || !slices.Equal(trick[:len(r.drawn)], r.drawn) {
		switch {
		case first || len(r.drawn) != seats:
		case held != nil && slices.Equal(held, r.drawn):
			r.lift(r.drawn, r.drawnLeader, r.drawnWinner, seats)
		default:
			r.leave(r.drawn, r.slots, r.drawnWinner, seats)
		}
		from = 0
	}
	for i := from; i < len(trick) && i < len(r.trick) && !first; i++ {
		seat := (leader + i) % seats
		r.fl.fly(r.trick[i], geom.EdgeCard(b.env.side(seat, seats), b.Size(), cardSize), r.slots[i], nil)
	}
	r.drawn = append(r.drawn[:0], trick...)
	r.drawnLeader, r.drawnWinner = leader, b.lastWinner
}

// liftedAt is where card i of a lifted trick lies: above its place.
func (r *canyonRenderer) liftedAt(i int) fyne.Position {
	return r.slots[i].SubtractXY(0, cardSize.Height*0.6)
}

// lift raises a finished trick above its places, the winner's card bright,
// so that it stays readable while the next trick is played below it.
func (r *canyonRenderer) lift(trick []canyon.Card, leader, winner, seats int) {
	for i, c := range trick {
		if i >= len(r.lifted) {
			break
		}
		f := r.lifted[i]
		r.fl.land(f)
		f.layout(r.slots[i], cardSize)
		f.show(c)
		f.dim((leader+i)%seats != winner)
		for _, o := range f.objects() {
			o.Refresh()
		}
		r.fl.fly(f, r.slots[i], r.liftedAt(i), nil)
	}
	r.liftedCards, r.liftedLeader, r.liftedWinner = slices.Clone(trick), leader, winner
	r.markWinner()
}

// markWinner puts the lifted trick's winner's disc, with its seat number,
// on the top corner of the winning card, or takes it away when no trick
// is lifted.
func (r *canyonRenderer) markWinner() {
	v := r.b.view
	if r.liftedCards == nil || v == nil || v.Seats == 0 {
		r.wonBy.Hide()
		r.wonNo.Hide()
		return
	}
	i := (r.liftedWinner - r.liftedLeader + v.Seats) % v.Seats
	at := r.liftedAt(i).AddXY(cardSize.Width-14, 14)
	r.wonBy.FillColor = Palette[r.liftedWinner%len(Palette)]
	circleAt(r.wonBy, at, 36)
	r.wonNo.Text = strconv.Itoa(r.liftedWinner + 1)
	r.wonNo.Color = seatInk(canyon.ID, r.liftedWinner)
	textAt(r.wonNo, at)
	r.wonBy.Show()
	r.wonNo.Show()
}

// dropLifted sends the lifted trick to its winner once it is no longer
// the one held (its time is up, or a newer trick finished).
func (r *canyonRenderer) dropLifted(held []canyon.Card, seats int) {
	if r.liftedCards == nil || slices.Equal(held, r.liftedCards) {
		return
	}
	from := make([]fyne.Position, len(r.liftedCards))
	for i := range from {
		from[i] = r.liftedAt(i)
		r.fl.land(r.lifted[i])
		r.lifted[i].hide()
	}
	r.leave(r.liftedCards, from, r.liftedWinner, seats)
	r.liftedCards = nil
	r.markWinner()
}

// leave sends a finished trick's cards from where they lie to the side of
// its winner, where they vanish.
func (r *canyonRenderer) leave(trick []canyon.Card, from []fyne.Position, winner, seats int) {
	to := geom.EdgeCard(r.b.env.side(winner, seats), r.b.Size(), cardSize)
	for i, c := range trick {
		if i >= len(r.gone) || i >= len(from) {
			break
		}
		g := r.gone[i]
		r.fl.land(g)
		g.layout(from[i], cardSize)
		g.show(c)
		g.dim(false)
		for _, o := range g.objects() {
			o.Refresh()
		}
		r.fl.fly(g, from[i], to, g.hide)
	}
}

// cardFace is one Canyon card drawn as on every phone: its suit's colour
// as ground, its value in large type and its suit's symbol below it, both
// in the suit's ink. A dimmed card (of a finished trick, not its winner)
// is veiled.
type cardFace struct {
	bg    *canvas.Rectangle
	value *canvas.Text
	sym   *symbol
	veil  *canvas.Rectangle
	at    fyne.Position
	size  fyne.Size
	suit  int // the suit shown, -1 when none
}

func newCardFace() *cardFace {
	f := &cardFace{bg: canvas.NewRectangle(colInk), value: newText("", colDarkInk, 44, true), sym: newSymbol(),
		veil: canvas.NewRectangle(color.NRGBA{0x1B, 0x26, 0x2C, 0xB0}), suit: -1}
	f.bg.CornerRadius = 10
	f.bg.StrokeWidth = 3
	f.bg.StrokeColor = colInk
	f.veil.CornerRadius = 10
	f.veil.Hide()
	return f
}

func (f *cardFace) objects() []fyne.CanvasObject {
	return append([]fyne.CanvasObject{f.bg, f.value}, append(f.sym.objects(), f.veil)...)
}

// moveTo moves the whole card, its value and symbol with it.
func (f *cardFace) moveTo(at fyne.Position) {
	d := at.Subtract(f.at)
	f.at = at
	for _, o := range f.objects() {
		o.Move(o.Position().Add(d))
	}
}

func (f *cardFace) layout(at fyne.Position, size fyne.Size) {
	f.at, f.size = at, size
	f.bg.Move(at)
	f.bg.Resize(size)
	f.veil.Move(at)
	f.veil.Resize(size)
}

func (f *cardFace) show(c canyon.Card) {
	if c.Suit < 0 || c.Suit >= len(canyonLooks.Suits) {
		f.hide()
		return
	}
	l := canyonLooks.Suits[c.Suit]
	f.suit = c.Suit
	f.bg.FillColor = l.Fill.NRGBA()
	f.value.Color = l.Ink.NRGBA()
	f.value.Text = strconv.Itoa(c.Value)
	textAt(f.value, f.at.AddXY(f.size.Width/2, f.size.Height*0.34))
	f.sym.draw(l.Symbol, l.Ink.NRGBA(), fyne.NewPos(f.at.X+f.size.Width/2, f.at.Y+f.size.Height*0.72), 34)
	f.bg.Show()
	f.value.Show()
}

// dim veils a card of a finished trick.
func (f *cardFace) dim(on bool) {
	f.veil.Hidden = !on || f.suit < 0
}

func (f *cardFace) hide() {
	f.suit = -1
	f.sym.hide()
	for _, o := range f.objects() {
		o.Hide()
	}
}

// looks is what the card shows, read from its drawing: for
// TestTheLooksAgree.
func (f *cardFace) looks() looks.Look {
	return looks.Look{Fill: looks.Of(f.bg.FillColor), Ink: looks.Of(f.value.Color), Symbol: f.sym.sym}
}
