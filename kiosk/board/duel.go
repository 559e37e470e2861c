package board

import (
	"image/color"
	"slices"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canyonduel"
	"github.com/tablee/tablee/kiosk/board/geom"
	"github.com/tablee/tablee/looks"
)

const duelSize = 8

type cell = canyonduel.Cell

// duel is Canyon duel's board: the 8×8 grid turned into a diamond, red's
// corner at the bottom and yellow's at the top, the canyon across the middle.
type duel struct {
	widget.BaseWidget
	env     Env
	view    *canyonduel.View
	legal   []canyonduel.Move
	path    []cell // the piece touched, then each cell it jumped to
	last    []cell // the last move's start and end, derived from the boards
	pending bool   // a move is on its way to the host
	tapAt   fyne.Position
	*note   // the refused tap's message: Message, MessageTurn, MessageAt
	geo     geom.Diamond
	pieces  [2][]*piece // each seat's pieces, reused across views
}

// piece is one drawn piece and where it stands.
type piece struct {
	disc *canvas.Circle
	mark *canvas.Circle // the second cue: yellow pieces carry a ring
	at   cell
	on   bool
}

func newDuel(env Env) *duel {
	d := &duel{env: env, note: newNote()}
	for seat := range 2 {
		for range 15 {
			p := &piece{disc: canvas.NewCircle(duelColour(seat)), mark: canvas.NewCircle(color.Transparent)}
			p.disc.StrokeColor = color.NRGBA{0, 0, 0, 0x90}
			p.disc.StrokeWidth = 3
			if seat == 1 {
				p.mark.StrokeColor = duelLooks.Seat(seat).Ink.NRGBA() // the ring, in the piece's ink
				p.mark.StrokeWidth = 4
			} else {
				p.mark.FillColor = color.NRGBA{0xFF, 0xFF, 0xFF, 0x50}
			}
			d.pieces[seat] = append(d.pieces[seat], p)
		}
	}
	d.ExtendBaseWidget(d)
	return d
}

// duelLooks are the pieces as every UI draws them: red and yellow.
var duelLooks, _ = looks.For(canyonduel.ID)

func duelColour(seat int) color.Color { return duelLooks.Seat(seat).Fill.NRGBA() }

func (d *duel) SeatColour(seat engine.Seat) color.Color { return duelColour(int(seat)) }

func (d *duel) Progress(v engine.View, seat engine.Seat) string {
	dv, ok := v.(*canyonduel.View)
	if !ok || !seat.Valid(len(dv.Scores)) {
		return ""
	}
	return d.env.t("common.points", map[string]any{"N": dv.Scores[seat]})
}

func (d *duel) Doing(engine.View) string { return d.env.t("board.duel.doing") }

// TableDecides: a board game's every move is made on the board, so the
// table takes it for whoever is to move, a phone's guest too.
func (d *duel) TableDecides(engine.View) bool { return true }

func (d *duel) Actions() []Action {
	if len(d.path) < 2 || !d.isMove(d.path) {
		return nil
	}
	return []Action{{Label: d.env.t("board.stop-here"), Do: d.stop}}
}

// Update draws v; legal is the moves the table may make for the seat to move.
func (d *duel) Update(v engine.View, legal []engine.Move) {
	dv, ok := v.(*canyonduel.View)
	if !ok {
		return
	}
	if d.view != nil && (!slices.Equal(d.view.Board, dv.Board) || d.view.ToMove != dv.ToMove) {
		if !slices.Equal(d.view.Board, dv.Board) {
			d.last = moved(d.view, dv)
		}
		d.note.hide() // a move was made: the refused tap's message is old
	}
	d.view, d.pending = dv, false
	d.legal = d.legal[:0]
	for _, m := range legal {
		if dm, ok := m.(canyonduel.Move); ok {
			d.legal = append(d.legal, dm)
		}
	}
	d.path = nil
	d.env.Changed()
	d.Refresh()
}

// moved finds the last move's start and end: the cell the mover left and
// the one it reached (jumped pieces vanish, the mover's piece moves).
func moved(before, after *canyonduel.View) []cell {
	mover := byte('R')
	if before.ToMove == 1 {
		mover = 'Y'
	}
	var from, to []cell
	for r := range duelSize {
		for c := range duelSize {
			was, is := before.Board[r][c] == mover, after.Board[r][c] == mover
			if was && !is {
				from = append(from, cell{Col: c, Row: r})
			}
			if is && !was {
				to = append(to, cell{Col: c, Row: r})
			}
		}
	}
	if len(from) == 1 && len(to) == 1 {
		return []cell{from[0], to[0]}
	}
	return nil
}

func (d *duel) Refuse(err error) {
	d.pending = false
	d.path = nil
	d.env.Changed()
	d.say(RuleText(d.env.Texts, d.env.Lang, canyonduel.ID, err))
	d.Refresh()
}

// say shows msg where the finger was, turned to the seat to move: it is
// about their move.
func (d *duel) say(msg string) {
	d.note.show(msg, d.tapAt, d.Size(), d.env.facing(d.view.ToMove, 2))
}

// sayToTapper shows msg turned to the guest who tapped, nearest the tap:
// it answers a tap that was not the mover's to make.
func (d *duel) sayToTapper(msg string) {
	d.note.show(msg, d.tapAt, d.Size(), d.env.nearest(d.tapAt, d.Size(), 2))
}

// mover is the seat to move, as a board mark.
func (d *duel) mover() byte {
	if d.view.ToMove == 1 {
		return 'Y'
	}
	return 'R'
}

func (d *duel) at(c cell) byte { return d.view.Board[c.Row][c.Col] }

// isMove reports whether path is one of the legal moves.
func (d *duel) isMove(path []cell) bool {
	for _, m := range d.legal {
		if slices.Equal(m.Path, path) {
			return true
		}
	}
	return false
}

// targets are the cells that extend the path towards a legal move.
func (d *duel) targets() []cell {
	var out []cell
	for _, m := range d.legal {
		if len(m.Path) > len(d.path) && slices.Equal(m.Path[:len(d.path)], d.path) {
			if next := m.Path[len(d.path)]; !slices.Contains(out, next) {
				out = append(out, next)
			}
		}
	}
	return out
}

// move is the legal move path is, or a move of the kind its shape says,
// for the engine to name the rule it breaks.
func (d *duel) move(path []cell) canyonduel.Move {
	for _, m := range d.legal {
		if slices.Equal(m.Path, path) {
			return m
		}
	}
	kind := canyonduel.KindJump
	if len(path) == 2 && abs(path[0].Col-path[1].Col) <= 1 && abs(path[0].Row-path[1].Row) <= 1 {
		kind = canyonduel.KindStep
	}
	return canyonduel.Move{Kind: kind, Path: slices.Clone(path)}
}

func abs(x int) int { return max(x, -x) }

// Tapped is one touch on the board.
func (d *duel) Tapped(ev *fyne.PointEvent) {
	d.tapAt = ev.Position
	if d.view == nil || d.pending {
		return
	}
	if d.view.ToMove == engine.NoSeat {
		d.sayToTapper(d.env.t("board.over"))
		return
	}
	if len(d.legal) == 0 {
		d.sayToTapper(d.env.waiting(d.view.ToMove, false))
		return
	}
	c, onBoard := d.hit(ev.Position)
	switch {
	case !onBoard && d.path == nil:
		d.say(d.env.t("board.touch-own"))
	case !onBoard:
		d.clearPath()
	case len(d.path) == 0:
		d.touchPiece(c)
	case c == d.path[len(d.path)-1]:
		if len(d.path) > 1 && d.isMove(d.path) {
			d.stop()
			return
		}
		d.clearPath()
	case slices.Contains(d.targets(), c):
		d.path = append(d.path, c)
		if len(d.targets()) == 0 || d.move(d.path).Kind == canyonduel.KindStep {
			d.play(d.path)
			return
		}
		d.env.Changed()
		d.Refresh()
	case len(d.path) == 1 && d.at(c) == d.mover():
		d.clearPath()
		d.touchPiece(c)
	default:
		d.play(append(slices.Clone(d.path), c))
	}
}

// hit is the cell under p, with every legal target at least MinTarget wide.
func (d *duel) hit(p fyne.Position) (cell, bool) {
	if d.path != nil {
		ts := d.targets()
		centres := make([]fyne.Position, len(ts))
		for i, t := range ts {
			centres[i] = d.geo.Centre(t.Col, t.Row)
		}
		if i := geom.Nearest(p, centres, geom.TargetRadius(d.geo.Side())); i >= 0 {
			return ts[i], true
		}
	}
	col, row, ok := d.geo.At(p)
	return cell{Col: col, Row: row}, ok
}

func (d *duel) touchPiece(c cell) {
	switch mark := d.at(c); {
	case mark == 'R' || mark == 'Y':
		if mark != d.mover() {
			// Most likely its owner, out of turn: whose piece, whose turn.
			owner := engine.Seat(0)
			if mark == 'Y' {
				owner = 1
			}
			d.env.othersPiece("duel", owner, d.view.ToMove, d.say, d.sayToTapper)
			return
		}
	default:
		d.say(d.env.t("board.touch-own"))
		return
	}
	d.path = []cell{c}
	if len(d.targets()) == 0 {
		d.path = nil
		d.say(d.env.t("board.duel.stuck"))
		return
	}
	d.note.hide()
	d.env.Changed()
	d.Refresh()
}

func (d *duel) clearPath() {
	if d.path == nil {
		return
	}
	d.path = nil
	d.env.Changed()
	d.Refresh()
}

// stop ends a jump chain where it stands.
func (d *duel) stop() {
	if len(d.path) > 1 && d.isMove(d.path) {
		d.play(d.path)
	}
}

func (d *duel) play(path []cell) {
	d.pending = true
	d.note.hide()
	d.env.Play(d.view.ToMove, d.move(path))
}

// CellCentre is where cell c is drawn, for tests and scripts that tap.
func (d *duel) CellCentre(c canyonduel.Cell) fyne.Position { return d.geo.Centre(c.Col, c.Row) }

func (d *duel) CreateRenderer() fyne.WidgetRenderer { return newDuelRenderer(d) }

type duelRenderer struct {
	baseRenderer
	d       *duel
	bg      *canvas.Rectangle
	cells   []*canvas.RegularPolygon // 64, canyon squares included
	values  [2][]*canvas.Text        // each side's row values, along the margins
	last    [2]*canvas.RegularPolygon
	trail   []*canvas.Line
	targets []*canvas.Circle
	sel     *canvas.Circle
}

func newDuelRenderer(d *duel) *duelRenderer {
	r := &duelRenderer{d: d, bg: canvas.NewRectangle(colTable)}
	r.arrange = r.place
	r.objects = append(r.objects, r.bg)
	for i := range duelSize * duelSize {
		c := cell{Col: i % duelSize, Row: i / duelSize}
		p := canvas.NewRegularPolygon(4, duelCellColour(c))
		p.StrokeColor = color.NRGBA{0x3A, 0x28, 0x1C, 0xFF}
		p.StrokeWidth = 2
		r.cells = append(r.cells, p)
		r.objects = append(r.objects, p)
	}
	for side := range 2 {
		for v := range 15 {
			n := v + 1
			if side == 1 {
				n = 15 - v
			}
			t := newText(strconv.Itoa(n), duelColour(side), textSmall, true)
			r.values[side] = append(r.values[side], t)
			r.objects = append(r.objects, t)
		}
	}
	for i := range r.last {
		r.last[i] = canvas.NewRegularPolygon(4, color.Transparent)
		r.last[i].StrokeColor = colLastMove
		r.last[i].StrokeWidth = 6
		r.objects = append(r.objects, r.last[i])
	}
	for range 16 {
		l := canvas.NewLine(colSelected)
		l.StrokeWidth = 6
		r.trail = append(r.trail, l)
		r.objects = append(r.objects, l)
	}
	for range 48 {
		// Strong enough to see on the sand from across the table.
		t := canvas.NewCircle(color.NRGBA{0x2E, 0xC2, 0x5A, 0xD0})
		t.StrokeColor = color.NRGBA{0x0E, 0x4A, 0x20, 0xFF}
		t.StrokeWidth = 4
		r.targets = append(r.targets, t)
		r.objects = append(r.objects, t)
	}
	for _, ps := range d.pieces {
		for _, p := range ps {
			r.objects = append(r.objects, p.disc, p.mark)
		}
	}
	r.sel = canvas.NewCircle(color.Transparent)
	r.sel.StrokeColor = colSelected
	r.sel.StrokeWidth = 6
	r.objects = append(r.objects, r.sel)
	r.objects = append(r.objects, d.note.objects()...)
	return r
}

// duelCellColour shades the cells by row value, sand at red's end to ochre
// at yellow's, and the canyon as a dark gorge.
func duelCellColour(c cell) color.Color {
	if (c.Col+c.Row >= 6 && c.Col+c.Row <= 8) && c.Col != max(0, c.Col+c.Row-7) && c.Col != min(c.Col+c.Row, 7) {
		return color.NRGBA{0x2A, 0x1A, 0x12, 0xFF}
	}
	if (c.Col+c.Row)%2 == 0 {
		return color.NRGBA{0xD8, 0xC0, 0x96, 0xFF}
	}
	return color.NRGBA{0xC4, 0xA5, 0x76, 0xFF}
}

func (r *duelRenderer) Layout(size fyne.Size) {
	r.bg.Resize(size)
	d := r.d
	d.geo = geom.FitDiamond(duelSize, size.SubtractWidthHeight(0, 8))
	g := d.geo
	for i, p := range r.cells {
		c := g.Centre(i%duelSize, i/duelSize)
		circleAt(p, c, 2*g.Half)
	}
	for side, ts := range r.values {
		for v, t := range ts {
			// Row value v+1 (red) is the diagonal v: a horizontal band.
			// Beside the band's outer cell, on each side of the diamond.
			y := g.Bottom - float32(v+1)*g.Half
			reach := float32(min(v, 2*duelSize-2-v)+1) * g.Half
			x := g.CentreX - reach - 36
			if side == 1 {
				x = g.CentreX + reach + 36
			}
			textAt(t, fyne.NewPos(x, y))
		}
	}
	r.place()
}

func (r *duelRenderer) MinSize() fyne.Size { return fyne.NewSize(400, 400) }

// place puts every piece and marker where the view says.
func (r *duelRenderer) place() {
	d := r.d
	g := d.geo
	if d.view == nil || g.Half == 0 {
		return
	}
	diam := g.Side() * 0.8
	for seat, mark := range []byte{'R', 'Y'} {
		r.placeSeat(d.pieces[seat], mark, diam)
	}
	// The touched piece is drawn where its chain has got to.
	r.sel.Hide()
	for _, l := range r.trail {
		l.Hide()
	}
	if len(d.path) > 0 {
		end := d.path[len(d.path)-1]
		circleAt(r.sel, g.Centre(end.Col, end.Row), g.Side()*0.95)
		r.sel.Show()
		for i := 1; i < len(d.path) && i <= len(r.trail); i++ {
			l := r.trail[i-1]
			l.Position1 = g.Centre(d.path[i-1].Col, d.path[i-1].Row)
			l.Position2 = g.Centre(d.path[i].Col, d.path[i].Row)
			l.Show()
			l.Refresh()
		}
		if len(d.path) > 1 {
			for _, ps := range d.pieces {
				for _, p := range ps {
					if p.on && p.at == d.path[0] {
						r.put(p, end, diam, false)
					}
				}
			}
		}
	}
	ts := d.targets()
	if d.path == nil {
		ts = nil
	}
	for i, t := range r.targets {
		if i < len(ts) {
			circleAt(t, g.Centre(ts[i].Col, ts[i].Row), g.Side()*0.55)
			t.Show()
		} else {
			t.Hide()
		}
	}
	for i, m := range r.last {
		if len(d.last) == 2 {
			circleAt(m, g.Centre(d.last[i].Col, d.last[i].Row), 2*g.Half-6)
			m.Show()
		} else {
			m.Hide()
		}
	}
}

// placeSeat matches a seat's drawn pieces to the cells holding its mark:
// pieces that stayed do not move, and one that left glides to the new cell.
func (r *duelRenderer) placeSeat(ps []*piece, mark byte, diam float32) {
	d := r.d
	want := map[cell]bool{}
	for row := range duelSize {
		for col := range duelSize {
			if d.view.Board[row][col] == mark {
				want[cell{Col: col, Row: row}] = true
			}
		}
	}
	var free []*piece
	for _, p := range ps {
		if p.on && want[p.at] {
			delete(want, p.at)
			r.put(p, p.at, diam, false)
			continue
		}
		free = append(free, p)
	}
	targets := make([]cell, 0, len(want))
	for row := range duelSize {
		for col := range duelSize {
			if c := (cell{Col: col, Row: row}); want[c] {
				targets = append(targets, c)
			}
		}
	}
	for i, p := range free {
		if i < len(targets) {
			animate := p.on && !d.env.Still
			p.at, p.on = targets[i], true
			r.put(p, p.at, diam, animate)
			continue
		}
		p.on = false
		p.disc.Hide()
		p.mark.Hide()
	}
}

func (r *duelRenderer) put(p *piece, c cell, diam float32, animate bool) {
	centre := r.d.geo.Centre(c.Col, c.Row)
	p.disc.Resize(fyne.NewSize(diam, diam))
	p.mark.Resize(fyne.NewSize(diam*0.5, diam*0.5))
	to := centre.SubtractXY(diam/2, diam/2)
	markTo := centre.SubtractXY(diam/4, diam/4)
	if animate {
		glide(p.disc, p.disc.Position(), to, false)
		glide(p.mark, p.mark.Position(), markTo, false)
	} else {
		p.disc.Move(to)
		p.mark.Move(markTo)
	}
	p.disc.Show()
	p.mark.Show()
}
