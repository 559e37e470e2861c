package screen

import (
	"fmt"
	"image/color"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/kiosk/board"
	"github.com/tablee/tablee/kiosk/board/geom"
	"github.com/tablee/tablee/looks"
)

// seatPanel is one seat's panel, turned towards the seat: name, colour and
// letter, status, progress, the "your turn" mark and the seat's buttons.
type seatPanel struct {
	t        *Game
	seat     engine.Seat
	panel    *board.Panel
	frame    *canvas.Rectangle
	swatch   *canvas.Circle
	letter   *canvas.Text
	name     *canvas.Text
	line     *canvas.Text
	line2    *canvas.Text // the line's second half, when it needs two
	progress *canvas.Text
	badge    *canvas.Text
	badgeBox *fyne.Container
	buttons  *fyne.Container
	drawn    string // what the panel showed when last drawn
}

var (
	colPanel     = color.NRGBA{0x22, 0x2E, 0x35, 0xFF}
	colPanelText = color.NRGBA{0xF4, 0xF1, 0xE8, 0xFF}
	colPanelDim  = color.NRGBA{0xB8, 0xC4, 0xC8, 0xFF}
)

func newSeatPanel(t *Game, seat engine.Seat, turn geom.Turn) *seatPanel {
	p := &seatPanel{t: t, seat: seat}
	p.frame = canvas.NewRectangle(colPanel)
	p.frame.CornerRadius = 18
	p.swatch = canvas.NewCircle(t.board.SeatColour(seat))
	p.swatch.StrokeColor = color.NRGBA{0, 0, 0, 0x90}
	p.swatch.StrokeWidth = 3
	p.letter = panelText("", inkOn(t.board.SeatColour(seat)), 40, true)
	p.letter.Alignment = fyne.TextAlignCenter
	p.name = panelText("", colPanelText, 36, true)
	p.line = panelText("", colPanelDim, 24, false)
	p.line2 = panelText("", colPanelDim, 24, false)
	p.line2.Hide()
	p.progress = panelText("", colPanelText, 28, true)
	p.badge = panelText(t.tr("board.your-turn"), color.NRGBA{0x10, 0x10, 0x10, 0xFF}, 26, true)
	badgeBG := canvas.NewRectangle(colPanelText)
	badgeBG.CornerRadius = 10
	p.buttons = container.NewHBox()
	swatch := container.NewGridWrap(fyne.NewSize(96, 96), container.NewStack(p.swatch, container.NewCenter(p.letter)))
	left := container.NewCenter(swatch)
	p.badgeBox = container.NewStack(badgeBG, container.NewPadded(p.badge))
	info := container.NewVBox(container.NewHBox(p.name, p.badgeBox), p.line, p.line2, p.progress)
	body := container.NewBorder(nil, nil, left, container.NewCenter(p.buttons), info)
	content := container.NewStack(p.frame, container.New(&inset{16}, body))
	p.panel = board.NewPanel(content, t.panel, turn)
	p.update()
	return p
}

func panelText(s string, c color.Color, size float32, bold bool) *canvas.Text {
	t := canvas.NewText(s, c)
	t.TextSize = size
	t.TextStyle.Bold = bold
	return t
}

// update draws the panel again if anything it shows changed.
func (p *seatPanel) update() {
	t := p.t
	st := t.seat(p.seat)
	myTurn := t.turnPanel() == p
	name := t.seatName(p.seat)
	line := t.tr("board.state." + st.State)
	if st.Touch {
		line = t.tr("board.state.touch")
	}
	// What the seat must decide now, turned to it: on the table or on
	// its phone (a robot's, an away phone's or a free seat's panel keeps
	// saying so).
	if myTurn && (t.legal() != nil || st.State == "connected") {
		line = t.doing()
	}
	if myTurn && t.hint != "" && t.hintSeat == p.seat {
		line = t.hint
	}
	if l := t.takeBackLine(p.seat); l != "" {
		line = l
	}
	progress := t.board.Progress(t.view, p.seat)
	if t.state.Over {
		progress = p.outcome() + "  " + progress
	}
	var actions []board.Action
	// A take-back asked of this seat is its decision now: its answer's
	// two buttons take the panel's row, without the board's or the hint's.
	answer := t.takeBackActions(p.seat)
	asked := false
	if tb, ok := t.cfg.Session.(TakeBacks); ok {
		if asker, is := tb.AskedBy(); is && asker != p.seat {
			asked = true
		}
	}
	if myTurn && !asked {
		actions = t.board.Actions()
	}
	if myTurn && !asked && st.Touch && t.cfg.Hint != nil && t.legal() != nil {
		actions = append(actions, board.Action{Label: t.tr("board.hint-ask"), Do: func() { t.askHint(p.seat) }})
	}
	actions = append(actions, answer...)
	actions = append(actions, p.staffActions(st)...)
	labels := make([]string, len(actions))
	for i, a := range actions {
		labels[i] = a.Label
	}
	key := fmt.Sprint(name, "|", line, "|", progress, "|", myTurn, "|", strings.Join(labels, ","))
	if key == p.drawn {
		return
	}
	p.drawn = key
	p.name.Text = name
	p.letter.Text = strconv.Itoa(int(p.seat) + 1)
	p.progress.Text = progress
	p.badge.Text = t.tr("board.your-turn")
	if myTurn {
		p.frame.StrokeColor = t.board.SeatColour(p.seat)
		p.frame.StrokeWidth = 8
		p.badgeBox.Show()
	} else {
		p.frame.StrokeWidth = 0
		p.badgeBox.Hide()
	}
	p.badge.Refresh()
	p.buttons.RemoveAll()
	// The buttons side by side: the panel has the height of one finger-
	// sized row only (two stacked ran out of the panel, over the board or
	// off the screen's edge).
	var buttons float32
	for _, a := range actions {
		b := widget.NewButton(a.Label, a.Do)
		b.Importance = widget.HighImportance
		w := max(b.MinSize().Width, 150)
		buttons += w + theme.Padding()
		p.buttons.Add(container.NewGridWrap(fyne.NewSize(w, geom.MinTarget), b))
	}
	// The lines shrink to the room the buttons leave them, rather than run
	// under the buttons; a line too long for one goes on two, in place of
	// the progress, which comes back with a shorter line.
	room := t.panel.Width - 2*16 - 96 - 2*theme.Padding() - buttons
	p.fitLines(line, room)
	p.fit(p.progress, 28, room)
	badge := float32(0)
	if myTurn {
		badge = p.badgeBox.MinSize().Width + theme.Padding()
	}
	p.fit(p.name, 36, room-badge)
	p.panel.Redraw()
}

// fitLines shows line in p.line at 24 px when it fits room, else on two
// lines (p.line, p.line2) cut between words, at the size both fit (at
// least 18), the progress hidden to make their room.
func (p *seatPanel) fitLines(line string, room float32) {
	p.line.Text, p.line2.Text = line, ""
	style := p.line.TextStyle
	if fyne.MeasureText(line, 24, style).Width <= room {
		p.line.TextSize = 24
		p.line2.Hide()
		p.progress.Show()
		return
	}
	one, two := splitLine(line, func(s string) bool { return fyne.MeasureText(s, 24, style).Width <= room })
	p.line.Text, p.line2.Text = one, two
	wide := max(fyne.MeasureText(one, 24, style).Width, fyne.MeasureText(two, 24, style).Width)
	size := geom.FitSize(wide, 24, 18, room)
	p.line.TextSize, p.line2.TextSize = size, size
	p.line2.Show()
	p.progress.Hide()
}

// lineText is the panel's line whole, on one line or two.
func (p *seatPanel) lineText() string {
	if p.line2.Visible() && p.line2.Text != "" {
		return p.line.Text + " " + p.line2.Text
	}
	return p.line.Text
}

// splitLine cuts s between words into a first line as long as fits
// allows (at least one word) and the rest.
func splitLine(s string, fits func(string) bool) (one, two string) {
	words := strings.Fields(s)
	n := 1
	for n < len(words) && fits(strings.Join(words[:n+1], " ")) {
		n++
	}
	return strings.Join(words[:n], " "), strings.Join(words[n:], " ")
}

// fit sets t's size to base, or smaller (down to 18) so that it fits in
// room.
func (p *seatPanel) fit(t *canvas.Text, base, room float32) {
	w := fyne.MeasureText(t.Text, base, t.TextStyle).Width
	t.TextSize = geom.FitSize(w, base, 18, room)
}

// outcome is "Winner!", "Draw" or "" once the game is over.
func (p *seatPanel) outcome() string {
	res := p.t.state.Result
	if res.Draw() {
		return p.t.tr("board.draw")
	}
	for _, w := range res.Winners {
		if w == p.seat {
			return p.t.tr("board.winner")
		}
	}
	return ""
}

// staffActions offer, for a phone that went away, to let a bot play the
// seat (anyone may decide: the game goes on either way) and, behind the
// staff PIN, to release the seat.
func (p *seatPanel) staffActions(st SeatStatus) []board.Action {
	t := p.t
	if st.State != "away" || t.state.Over {
		return nil
	}
	var out []board.Action
	if st.AwayFor >= AwayTimeout && t.cfg.OnHandToBot != nil {
		seat := p.seat
		out = append(out, board.Action{Label: t.tr("board.hand-to-bot"), Do: func() { t.cfg.OnHandToBot(seat) }})
	}
	if t.cfg.OnRelease != nil {
		seat := p.seat
		out = append(out, board.Action{Label: t.tr("board.release"), Do: func() { t.askPIN(func() { t.cfg.OnRelease(seat) }) }})
	}
	return out
}

// inset pads its one object by a fixed margin.
type inset struct{ m float32 }

func (l *inset) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(l.m, l.m))
		o.Resize(size.SubtractWidthHeight(2*l.m, 2*l.m))
	}
}

func (l *inset) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	return s.AddWidthHeight(2*l.m, 2*l.m)
}

// pulse is the gentle beat of the outline round the panel of the seat to
// move: at most once a second, and only for a while after the turn
// changed, so a table waiting for a move draws nothing.
type pulse struct {
	rect  *canvas.Rectangle
	anim  *fyne.Animation
	still bool
	on    *seatPanel
	awake func(time.Duration) // GameConfig.Awake; may be nil
}

// pulseBeats is how many times the outline beats after a turn begins:
// a beat is one second, out and back.
const pulseBeats = 6

// pulseShades is how many steps the outline takes from faint to bright.
const pulseShades = 6

func newPulse(still bool, awake func(time.Duration)) *pulse {
	r := canvas.NewRectangle(color.Transparent)
	r.StrokeWidth = 6
	r.CornerRadius = 22
	r.Hide()
	return &pulse{rect: r, still: still, awake: awake}
}

// follow moves the outline to p's panel and beats it there for a while.
func (u *pulse) follow(p *seatPanel) {
	if p == u.on {
		return
	}
	u.on = p
	if u.anim != nil {
		u.anim.Stop()
		u.anim = nil
	}
	if p == nil {
		u.rect.Hide()
		return
	}
	base := p.t.board.SeatColour(p.seat)
	u.place(p.panel)
	u.rect.StrokeColor = base
	u.rect.Show()
	u.rect.Refresh()
	if u.still {
		return
	}
	r, g, b, _ := base.RGBA()
	shade := -1
	u.anim = fyne.NewAnimation(time.Second/2, func(f float32) {
		// A few shades per beat, not one per frame: each change repaints
		// the whole window, in software on a kiosk without a GPU.
		if s := int(f*pulseShades + 0.5); s != shade {
			shade = s
			u.rect.StrokeColor = color.NRGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(60 + 195*s/pulseShades)}
			u.rect.Refresh()
		}
	})
	u.anim.AutoReverse = true
	u.anim.RepeatCount = pulseBeats
	u.anim.Curve = fyne.AnimationEaseInOut
	if u.awake != nil {
		// Out and back, once and then RepeatCount times more.
		u.awake(2 * u.anim.Duration * time.Duration(u.anim.RepeatCount+1))
	}
	u.anim.Start()
}

// place puts the outline round panel.
func (u *pulse) place(panel fyne.CanvasObject) {
	u.rect.Move(panel.Position().SubtractXY(6, 6))
	u.rect.Resize(panel.Size().AddWidthHeight(12, 12))
}

// inkOn is the ink a seat's number is written in on its colour c: dark, or
// light on a dark colour (Canoë's dark pegs), whichever reads better.
func inkOn(c color.Color) color.Color {
	fill := looks.Of(c)
	if looks.Contrast(fill, looks.Cream) > looks.Contrast(fill, looks.Ink) {
		return looks.Cream.NRGBA()
	}
	return looks.Ink.NRGBA()
}
