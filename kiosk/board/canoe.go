package board

import (
	"fmt"
	"image/color"
	"math"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/kiosk/board/geom"
	"github.com/tablee/tablee/looks"
)

// canoeBoard is Canoë's board: 61 holes on a 13×6 grid, each player's
// supply of pegs beside it (light on the left, dark on the right), the
// counting canoes outlined.
type canoeBoard struct {
	widget.BaseWidget
	env     Env
	view    *canoe.View
	legal   []canoe.Move
	sel     *canoe.Hole // the peg touched
	last    []canoe.Hole
	pending bool
	tapAt   fyne.Position
	*note   // the refused tap's message: Message, MessageTurn, MessageAt
	grid    geom.Grid
	pegs    [2][]*canvas.Circle // each seat's 13 pegs, on the board or in the supply
	at      [2][]canoe.Hole     // where each drawn peg stands; zero: in the supply
	endings int                 // how many times the ending is shown
}

var colWood = color.NRGBA{0x9C, 0x6B, 0x3C, 0xFF}

// canoeLooks are the pegs as every UI draws them: light and dark.
var canoeLooks, _ = looks.For(canoe.ID)

func newCanoe(env Env) *canoeBoard {
	b := &canoeBoard{env: env, note: newNote()}
	for seat := range 2 {
		for range canoe.Pegs {
			c := canvas.NewCircle(canoeColour(seat))
			c.StrokeWidth = 4
			c.StrokeColor = canoeLooks.Seat(seat).Ink.NRGBA() // ringed in the other's colour
			b.pegs[seat] = append(b.pegs[seat], c)
			b.at[seat] = append(b.at[seat], canoe.Hole{})
		}
	}
	b.ExtendBaseWidget(b)
	return b
}

func canoeColour(seat int) color.Color { return canoeLooks.Seat(seat).Fill.NRGBA() }

// canoeOutline is the colour a seat's counting canoes are outlined in: its
// pegs' colour.
func canoeOutline(seat int) color.Color { return canoeColour(seat) }

func (b *canoeBoard) SeatColour(seat engine.Seat) color.Color { return canoeColour(int(seat)) }

func (b *canoeBoard) Progress(v engine.View, seat engine.Seat) string {
	cv, ok := v.(*canoe.View)
	if !ok || !seat.Valid(2) {
		return ""
	}
	return b.env.t("board.canoe.progress", map[string]any{"Supply": cv.Supply[seat], "Canoes": len(cv.Canoes[seat])})
}

func (b *canoeBoard) Doing(engine.View) string { return b.env.t("board.canoe.doing") }

// TableDecides: every peg is placed or moved on the board, so the table
// takes the move for whoever is to move, a phone's guest too.
func (b *canoeBoard) TableDecides(engine.View) bool { return true }

func (b *canoeBoard) Actions() []Action {
	if b.sel == nil || !slices.Contains(b.legal, canoe.Remove(*b.sel)) {
		return nil
	}
	from := *b.sel
	return []Action{{Label: b.env.t("board.canoe.take-back"), Do: func() { b.play(canoe.Remove(from)) }}}
}

func (b *canoeBoard) Update(v engine.View, legal []engine.Move) {
	cv, ok := v.(*canoe.View)
	if !ok {
		return
	}
	if b.view != nil && (!slices.Equal(b.view.Board, cv.Board) || b.view.ToMove != cv.ToMove) {
		if !slices.Equal(b.view.Board, cv.Board) {
			b.last = changedHoles(b.view, cv)
		}
		b.note.hide() // a move was made: the refused tap's message is old
	}
	b.view, b.pending, b.sel = cv, false, nil
	b.legal = b.legal[:0]
	for _, m := range legal {
		if cm, ok := m.(canoe.Move); ok {
			b.legal = append(b.legal, cm)
		}
	}
	b.env.Changed()
	b.Refresh()
}

// changedHoles are the holes whose content changed: the last move's.
func changedHoles(before, after *canoe.View) []canoe.Hole {
	var out []canoe.Hole
	for r := range canoe.Rows {
		for c := range canoe.Cols {
			if before.Board[r][c] != after.Board[r][c] {
				out = append(out, canoe.Hole{Row: r, Col: c})
			}
		}
	}
	return out
}

func (b *canoeBoard) Refuse(err error) {
	b.pending, b.sel = false, nil
	b.env.Changed()
	b.say(RuleText(b.env.Texts, b.env.Lang, canoe.ID, err))
	b.Refresh()
}

// say shows msg where the finger was, turned to the seat to move: it is
// about their move.
func (b *canoeBoard) say(msg string) {
	b.note.show(msg, b.tapAt, b.Size(), b.env.facing(b.view.ToMove, 2))
}

// sayToTapper shows msg turned to the guest who tapped, nearest the tap:
// it answers a tap that was not the mover's to make.
func (b *canoeBoard) sayToTapper(msg string) {
	b.note.show(msg, b.tapAt, b.Size(), b.env.nearest(b.tapAt, b.Size(), 2))
}

// HoleCentre is where hole h is drawn, for tests and scripts that tap.
func (b *canoeBoard) HoleCentre(h canoe.Hole) fyne.Position { return b.grid.Centre(h.Col+1, h.Row) }

func (b *canoeBoard) mark(h canoe.Hole) byte {
	if !h.Valid() {
		return '.'
	}
	return b.view.Board[h.Row][h.Col]
}

func (b *canoeBoard) own() byte {
	if b.view.ToMove == 1 {
		return 'D'
	}
	return 'L'
}

// targets are the empty holes the touched peg may move to.
func (b *canoeBoard) targets() []canoe.Hole {
	var out []canoe.Hole
	for _, m := range b.legal {
		if b.sel != nil && m.Kind == canoe.KindMove && m.From == *b.sel {
			out = append(out, m.To)
		}
	}
	return out
}

func (b *canoeBoard) Tapped(ev *fyne.PointEvent) {
	b.tapAt = ev.Position
	if b.view == nil || b.pending {
		return
	}
	if b.view.ToMove == engine.NoSeat {
		b.sayToTapper(b.env.t("board.over"))
		return
	}
	if len(b.legal) == 0 {
		b.sayToTapper(b.env.waiting(b.view.ToMove, false))
		return
	}
	col, row, ok := b.grid.At(ev.Position)
	h := canoe.Hole{Row: row, Col: col - 1}
	if ts := b.targets(); len(ts) > 0 {
		centres := make([]fyne.Position, len(ts))
		for i, t := range ts {
			centres[i] = b.HoleCentre(t)
		}
		if i := geom.Nearest(ev.Position, centres, geom.TargetRadius(b.grid.Cell)); i >= 0 {
			h, ok = ts[i], true
		}
	}
	if !ok || !h.Valid() {
		if b.sel == nil {
			b.say(b.env.t("board.canoe.tap-hint"))
			return
		}
		b.touch(nil)
		return
	}
	switch mark := b.mark(h); {
	case b.sel != nil && h == *b.sel:
		b.touch(nil)
	case mark == b.own():
		b.touch(&h)
	case mark != 'o':
		// The other seat's peg, most likely touched by its owner out of
		// turn: whose peg it is and whose turn.
		b.env.othersPiece("canoe", 1-b.view.ToMove, b.view.ToMove, b.say, b.sayToTapper)
	case b.sel != nil:
		b.play(canoe.MoveFrom(*b.sel, h))
	default:
		b.play(canoe.Place(h))
	}
}

func (b *canoeBoard) touch(h *canoe.Hole) {
	if b.sel == nil && h == nil {
		return
	}
	b.sel = h
	b.note.hide()
	b.env.Changed()
	b.Refresh()
}

func (b *canoeBoard) play(m canoe.Move) {
	b.pending = true
	b.note.hide()
	b.env.Play(b.view.ToMove, m)
}

func (b *canoeBoard) CreateRenderer() fyne.WidgetRenderer { return newCanoeRenderer(b) }

type canoeRenderer struct {
	baseRenderer
	b       *canoeBoard
	bg      *canvas.Rectangle
	wood    *canvas.Rectangle
	holes   []*canvas.Circle
	last    []*canvas.Circle
	canoes  [2][]*canvas.Rectangle
	targets []*canvas.Circle
	sel     *canvas.Circle
	ending  *fyne.Container // why the game ended, once per seat, turned to it
	ended   string          // what ending shows, so it is drawn only on change
}

func newCanoeRenderer(b *canoeBoard) *canoeRenderer {
	r := &canoeRenderer{b: b, bg: canvas.NewRectangle(colTable), wood: canvas.NewRectangle(colWood)}
	r.arrange = r.place
	r.wood.CornerRadius = 40
	r.objects = append(r.objects, r.bg, r.wood)
	for range canoe.Holes {
		h := canvas.NewCircle(color.NRGBA{0x4A, 0x2E, 0x16, 0xFF})
		r.holes = append(r.holes, h)
		r.objects = append(r.objects, h)
	}
	for range 4 {
		l := canvas.NewCircle(color.Transparent)
		l.StrokeColor = colLastMove
		l.StrokeWidth = 6
		r.last = append(r.last, l)
		r.objects = append(r.objects, l)
	}
	for seat := range 2 {
		for range 3 {
			c := canvas.NewRectangle(color.Transparent)
			c.StrokeColor = canoeOutline(seat)
			c.StrokeWidth = 8
			r.canoes[seat] = append(r.canoes[seat], c)
			r.objects = append(r.objects, c)
		}
	}
	for _, ps := range b.pegs {
		for _, p := range ps {
			r.objects = append(r.objects, p)
		}
	}
	for range 8 {
		t := canvas.NewCircle(color.NRGBA{0x7C, 0xFC, 0x9A, 0x50})
		t.StrokeColor = colTarget
		t.StrokeWidth = 5
		r.targets = append(r.targets, t)
		r.objects = append(r.objects, t)
	}
	r.sel = canvas.NewCircle(color.Transparent)
	r.sel.StrokeColor = colSelected
	r.sel.StrokeWidth = 7
	r.objects = append(r.objects, r.sel)
	r.ending = container.NewWithoutLayout()
	r.objects = append(r.objects, r.ending)
	r.objects = append(r.objects, b.note.objects()...)
	return r
}

// canoeHoles lists the board's holes in reading order.
var canoeHoles = func() []canoe.Hole {
	var out []canoe.Hole
	for r := range canoe.Rows {
		for c := range canoe.Cols {
			if h := (canoe.Hole{Row: r, Col: c}); h.Valid() {
				out = append(out, h)
			}
		}
	}
	return out
}()

func (r *canoeRenderer) Layout(size fyne.Size) {
	r.bg.Resize(size)
	b := r.b
	// One column on each side holds the supplies.
	b.grid = geom.FitGrid(canoe.Cols+2, canoe.Rows, size)
	if wood := b.grid.Cell * (canoe.Rows + 0.5); wood > size.Height {
		// The wood's rim, a quarter cell round the holes, stays on the
		// board, not under the seats' panels.
		b.grid = geom.FitGrid(canoe.Cols+2, canoe.Rows, fyne.NewSize(size.Width, size.Height*canoe.Rows/(canoe.Rows+0.5)))
		b.grid.Origin.Y = float32(math.Floor(float64(size.Height-b.grid.Cell*canoe.Rows) / 2))
	}
	g := b.grid
	r.wood.Move(g.TopLeft(1, 0).SubtractXY(g.Cell/4, g.Cell/4))
	r.wood.Resize(fyne.NewSize(g.Cell*(canoe.Cols+0.5), g.Cell*(canoe.Rows+0.5)))
	for i, h := range canoeHoles {
		circleAt(r.holes[i], b.HoleCentre(h), g.Cell*0.3)
	}
	r.place()
}

func (r *canoeRenderer) MinSize() fyne.Size { return fyne.NewSize(450, 200) }

func (r *canoeRenderer) place() {
	b := r.b
	g := b.grid
	if b.view == nil || g.Cell == 0 {
		return
	}
	for seat, mark := range []byte{'L', 'D'} {
		r.placeSeat(seat, mark)
	}
	for i, l := range r.last {
		if i < len(b.last) {
			circleAt(l, b.HoleCentre(b.last[i]), g.Cell*0.92)
			l.Show()
		} else {
			l.Hide()
		}
	}
	res, over := b.view.Result()
	for seat := range 2 {
		for i, c := range r.canoes[seat] {
			if i >= len(b.view.Canoes[seat]) {
				c.Hide()
				continue
			}
			r.outline(c, b.view.Canoes[seat][i].Holes)
			// The winning canoes stand out once the game is won.
			c.StrokeColor, c.StrokeWidth = canoeOutline(seat), 8
			if over && res.Won(engine.Seat(seat)) {
				c.StrokeColor, c.StrokeWidth = colYellow, 14
			}
			c.Show()
		}
	}
	r.showEnding(res, over)
	ts := b.targets()
	for i, t := range r.targets {
		if i < len(ts) {
			circleAt(t, b.HoleCentre(ts[i]), g.Cell*0.5)
			t.Show()
		} else {
			t.Hide()
		}
	}
	if b.sel != nil {
		circleAt(r.sel, b.HoleCentre(*b.sel), g.Cell*0.92)
		r.sel.Show()
	} else {
		r.sel.Hide()
	}
}

// showEnding says, once the game is over, who won and why, turned to
// each seat by its own side of the board, over the final position.
func (r *canoeRenderer) showEnding(res engine.Result, over bool) {
	b := r.b
	text := ""
	if over {
		text = b.Ending(res)
	}
	key := fmt.Sprint(text, b.Size())
	if key == r.ended {
		return
	}
	r.ended = key
	r.ending.Objects = nil
	if text != "" {
		for seat := range 2 {
			slot := b.env.side(seat, 2)
			p, _ := noteCard(text, textName, 24, 4, geom.Turn(slot.Side.QuarterTurns()))
			p.Move(geom.AtEdge(slot, p.Turned(), b.Size(), 8))
			p.Resize(p.Turned())
			r.ending.Objects = append(r.ending.Objects, p)
		}
	}
	b.endings = len(r.ending.Objects)
	r.ending.Refresh()
}

// Ending is what the board says once the game is over: who won and why,
// or why it is a draw.
func (b *canoeBoard) Ending(res engine.Result) string {
	if len(res.Winners) == 1 {
		return b.env.about(res.Winners[0], "board.canoe.won", nil)
	}
	if key := "rule.end." + res.Reason; b.env.Texts.Has(key) {
		return b.env.t(key)
	}
	return b.env.t("board.draw")
}

// EndingShown is the ending's text on the board, "" while the game goes
// on, and how many times it is shown (once per seat).
func (b *canoeBoard) EndingShown() (string, int) {
	if b.view == nil {
		return "", 0
	}
	res, over := b.view.Result()
	if !over {
		return "", 0
	}
	return b.Ending(res), b.endings
}

// outline draws a rounded box round a canoe's four holes.
func (r *canoeRenderer) outline(c *canvas.Rectangle, holes []canoe.Hole) {
	g := r.b.grid
	minR, minC, maxR, maxC := canoe.Rows, canoe.Cols, -1, -1
	for _, h := range holes {
		minR, minC, maxR, maxC = min(minR, h.Row), min(minC, h.Col), max(maxR, h.Row), max(maxC, h.Col)
	}
	pad := g.Cell * 0.08
	c.Move(g.TopLeft(minC+1, minR).AddXY(pad, pad))
	c.Resize(fyne.NewSize(g.Cell*float32(maxC-minC+1)-2*pad, g.Cell*float32(maxR-minR+1)-2*pad))
	c.CornerRadius = g.Cell * 0.45
}

// placeSeat puts seat's pegs in their holes, the rest in its supply column;
// a peg that stays does not move, and one that changed place glides.
func (r *canoeRenderer) placeSeat(seat int, mark byte) {
	b := r.b
	g := b.grid
	want := map[canoe.Hole]bool{}
	for _, h := range canoeHoles {
		if b.view.Board[h.Row][h.Col] == mark {
			want[h] = true
		}
	}
	var free []int
	for i, at := range b.at[seat] {
		if at.Valid() && want[at] {
			delete(want, at)
			continue
		}
		free = append(free, i)
	}
	var newHoles []canoe.Hole
	for _, h := range canoeHoles {
		if want[h] {
			newHoles = append(newHoles, h)
		}
	}
	for k, i := range free {
		if k < len(newHoles) {
			b.at[seat][i] = newHoles[k]
		} else {
			b.at[seat][i] = canoe.Hole{}
		}
	}
	d := g.Cell * 0.72
	supply := 0
	for i, p := range b.pegs[seat] {
		var centre fyne.Position
		if at := b.at[seat][i]; at.Valid() {
			centre = b.HoleCentre(at)
		} else {
			// The supply: a column of small pegs beside the board.
			col := 0
			if seat == 1 {
				col = canoe.Cols + 1
			}
			centre = g.Centre(col, 0).AddXY(0, -g.Cell*0.3+float32(supply)*g.Cell*float32(canoe.Rows)/float32(canoe.Pegs+1))
			supply++
		}
		old := p.Position()
		size := d
		if !b.at[seat][i].Valid() {
			size = g.Cell * 0.42
		}
		p.Resize(fyne.NewSize(size, size))
		to := centre.SubtractXY(size/2, size/2)
		if old.IsZero() {
			p.Move(to)
		} else {
			glide(p, old, to, b.env.Still)
		}
	}
}
