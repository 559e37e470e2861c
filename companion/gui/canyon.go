package gui

import (
	"fmt"
	"image/color"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canyon"
	"github.com/tablee/tablee/looks"
)

// canyonLooks are Canyon's suits and seats as every UI draws them.
var canyonLooks, _ = looks.For(canyon.ID)

// canyonPanel is a Canyon seat: the hand, the trick, the tempos, and the
// question of the moment (start cell, tempo, landing cell).
type canyonPanel struct {
	s *seatScreen
	// leaders notes who led each trick the phone saw played, by round and
	// the number of cards finished before it, so that a finished trick's
	// winning card can be shown.
	leaders map[[2]int]int
}

// canyonFace is how a Canyon card looks.
func (a *App) canyonFace(c canyon.Card, trump canyon.Card, round int) face {
	if c.Suit < 0 || c.Suit >= len(canyonLooks.Suits) {
		return face{fill: color.White, ink: color.Black, value: "?"}
	}
	s := canyonLooks.Suits[c.Suit]
	// No name on the card: the table writes none, its colour and symbol
	// say the suit.
	return face{
		fill: s.Fill.NRGBA(), ink: s.Ink.NRGBA(), symbol: s.Symbol,
		value: strconv.Itoa(c.Value),
		trump: round > 0 && c.Suit == trump.Suit,
	}
}

func (p *canyonPanel) show(ev engine.View) (fyne.CanvasObject, fyne.CanvasObject) {
	v, ok := ev.(*canyon.View)
	if !ok {
		return nil, nil
	}
	s := p.s
	me := int(s.w.Seat)
	var main []fyne.CanvasObject
	if s.over {
		if r := s.resultTable(); r != nil {
			main = append(main, r)
		}
	}
	// The question of the moment first, then the trump: a decision is
	// never below the fold.
	switch v.Phase {
	case canyon.PhasePlace:
		main = append(main, p.placeQuestion(v)...)
	case canyon.PhaseTempo:
		main = append(main, p.tempoQuestion(v)...)
	case canyon.PhaseMove:
		main = append(main, p.landingQuestion(v)...)
	}
	if v.Round > 0 {
		main = append(main, p.trumpLine(v))
	}
	last, ok := p.lastTrick(v)
	switch {
	case len(v.Trick) > 0:
		if ok {
			main = append(main, p.lastLine(v, last))
		}
		main = append(main, p.trick(v))
	case ok:
		// The trick just won stays until the next card is played.
		main = append(main, p.wonTrick(v, last))
	case v.Phase == canyon.PhasePlay:
		main = append(main, p.trick(v))
	}
	main = append(main, p.standings(v, me))
	return container.NewVBox(main...), p.hand(v)
}

func (p *canyonPanel) trumpLine(v *canyon.View) fyne.CanvasObject {
	a := p.s.a
	trump := newCard(a.canyonFace(v.Trump, v.Trump, v.Round), nil)
	text := wrapped(a.t("canyon.round", map[string]any{"Round": v.Round}) + "\n" + a.t("canyon.trump", map[string]any{"Suit": a.t("suit." + strconv.Itoa(v.Trump.Suit))}))
	return container.NewBorder(nil, nil, trump, nil, text)
}

// placeQuestion offers the free start cells.
func (p *canyonPanel) placeQuestion(v *canyon.View) []fyne.CanvasObject {
	s, a := p.s, p.s.a
	if !s.canAct() {
		return nil
	}
	out := []fyne.CanvasObject{question(a.t("canyon.place"))}
	var buttons []fyne.CanvasObject
	for _, m := range v.Legal() {
		m := m.(canyon.Move)
		buttons = append(buttons, bigButton(a.t("canyon.start", map[string]any{"N": startNumber(m.Row, m.Col)}), func() { s.play(m) }))
	}
	return append(out, container.NewGridWithColumns(3, buttons...))
}

// startNumber is the number (from 1) the table draws on the start cell at
// map row, col: the start cells counted in map order, as kiosk/board's
// CanyonStart counts them.
func startNumber(row, col int) int {
	m := canyon.Map()
	n := 0
	for i := 0; i <= m.Cell(row, col) && i < m.Rows*m.Cols; i++ {
		if m.IsStart(i) {
			n++
		}
	}
	return n
}

// tempoQuestion offers every tempo with the tempo cards that show it.
func (p *canyonPanel) tempoQuestion(v *canyon.View) []fyne.CanvasObject {
	s, a := p.s, p.s.a
	if !s.canAct() {
		return []fyne.CanvasObject{wrapped(a.t("canyon.tempo_wait", map[string]any{"Cards": len(v.Hand)}))}
	}
	var buttons []fyne.CanvasObject
	for _, m := range v.Legal() {
		m := m.(canyon.Move)
		buttons = append(buttons, bigButton(a.tempoLabel(m.Tempo), func() { s.play(m) }))
	}
	// The question, its buttons, then how tempo cards add up: every tempo
	// in sight in the phone's window (tempos 4 to 7 lay below it under
	// the explanation). Two columns: "5 tricks · 2 + 3" fits half of a
	// 400 px window.
	return []fyne.CanvasObject{
		question(a.t("canyon.tempo_question", map[string]any{"Cards": len(v.Hand)})),
		container.NewGridWithColumns(2, buttons...),
		wrapped(a.t("canyon.tempo_cards")),
	}
}

// tempoLabel says a tempo in words and numbers: the tricks it aims at and
// the tempo cards that show it.
func (a *App) tempoLabel(cards []int) string {
	if len(cards) == 2 {
		return a.t("canyon.tempo_two", map[string]any{"N": cards[0] + cards[1], "A": cards[0], "B": cards[1]})
	}
	return a.t("canyon.tempo_one", map[string]any{"N": sum(cards)})
}

// landingQuestion offers the cells the canoe may end on, when several tie.
func (p *canyonPanel) landingQuestion(v *canyon.View) []fyne.CanvasObject {
	s, a := p.s, p.s.a
	if !s.canAct() {
		return nil
	}
	out := []fyne.CanvasObject{question(a.t("canyon.landing"))}
	for i, m := range v.Legal() {
		m := m.(canyon.Move)
		// Named as the table names where a canoe is: its distance to the docks.
		label := a.t("canyon.cell", map[string]any{"N": string(rune('A' + i)), "Dist": canyon.Map().GoalDistance(canyon.Map().Cell(m.Row, m.Col))})
		out = append(out, bigButton(label, func() { s.play(m) }))
	}
	return out
}

// finished is the last trick finished this round: its cards from its
// leader on, its winner, and its leader when the phone saw it played
// (else -1).
type finished struct {
	cards          []canyon.Card
	winner, leader int
}

// win is the place of the winning card in the trick, -1 when unknown.
func (f finished) win(seats int) int {
	if f.leader < 0 {
		return -1
	}
	return (f.winner - f.leader + seats) % seats
}

// lastTrick notes who leads the trick being played and returns the last
// trick finished this round, if any: its winner leads now.
func (p *canyonPanel) lastTrick(v *canyon.View) (finished, bool) {
	if p.leaders == nil {
		p.leaders = map[[2]int]int{}
	}
	if len(v.Trick) > 0 {
		p.leaders[[2]int{v.Round, len(v.Played)}] = v.Leader
	}
	if v.Seats == 0 || len(v.Played) < v.Seats {
		return finished{}, false
	}
	f := finished{cards: v.Played[len(v.Played)-v.Seats:], winner: v.Leader, leader: -1}
	if l, ok := p.leaders[[2]int{v.Round, len(v.Played) - v.Seats}]; ok {
		f.leader = l
	}
	return f, true
}

// wonTrick shows the trick just won: who won it, the winning card bright
// and the others dimmed.
func (p *canyonPanel) wonTrick(v *canyon.View, f finished) fyne.CanvasObject {
	a := p.s.a
	title := widget.NewLabel(a.t("canyon.trick_won", map[string]any{"Name": a.seatName(engine.Seat(f.winner))}))
	title.TextStyle.Bold = true
	win := f.win(v.Seats)
	var cards []fyne.CanvasObject
	for i, c := range f.cards {
		cw := newCard(a.canyonFace(c, v.Trump, v.Round), nil)
		cw.dim = win >= 0 && i != win
		label := widget.NewLabel("")
		if f.leader >= 0 {
			label.SetText(a.seatName(engine.Seat((f.leader + i) % v.Seats)))
		}
		label.Alignment = fyne.TextAlignCenter
		cards = append(cards, container.NewVBox(cw, label))
	}
	return container.NewVBox(title, container.NewGridWrap(fyne.NewSize(cardSize.Width, cardSize.Height+40), cards...))
}

// lastLine names the trick before the one being played: who won it, with
// which card.
func (p *canyonPanel) lastLine(v *canyon.View, f finished) fyne.CanvasObject {
	a := p.s.a
	name := a.seatName(engine.Seat(f.winner))
	if w := f.win(v.Seats); w >= 0 {
		c := f.cards[w]
		return widget.NewLabel(a.t("canyon.last_trick", map[string]any{"Name": name,
			"Card": strconv.Itoa(c.Value) + " " + a.t("suit."+strconv.Itoa(c.Suit))}))
	}
	return widget.NewLabel(a.t("canyon.trick_won", map[string]any{"Name": name}))
}

// trick shows the cards of the current trick, from its leader on.
func (p *canyonPanel) trick(v *canyon.View) fyne.CanvasObject {
	a := p.s.a
	lead := engine.Seat(v.Leader)
	title := widget.NewLabel(a.t("canyon.trick", map[string]any{"Seat": a.seatName(lead)}))
	title.TextStyle.Bold = true
	var cards []fyne.CanvasObject
	for i, c := range v.Trick {
		seat := engine.Seat((v.Leader + i) % v.Seats)
		label := widget.NewLabel(a.seatName(seat))
		label.Alignment = fyne.TextAlignCenter
		cards = append(cards, container.NewVBox(newCard(a.canyonFace(c, v.Trump, v.Round), nil), label))
	}
	if len(cards) == 0 {
		cards = append(cards, widget.NewLabel(a.t("canyon.trick_empty")))
	}
	return container.NewVBox(title, container.NewGridWrap(fyne.NewSize(cardSize.Width, cardSize.Height+40), cards...))
}

// standings shows each seat's tempo and tricks taken this round.
func (p *canyonPanel) standings(v *canyon.View, me int) fyne.CanvasObject {
	a := p.s.a
	rows := []fyne.CanvasObject{}
	for seat := 0; seat < v.Seats; seat++ {
		tempo := "–"
		if seat < len(v.Tempo) && v.Tempo[seat] != nil {
			tempo = strconv.Itoa(sum(v.Tempo[seat]))
		}
		tricks := 0
		if seat < len(v.Tricks) {
			tricks = v.Tricks[seat]
		}
		text := fmt.Sprintf("%s — %s", a.seatName(engine.Seat(seat)),
			a.t("canyon.tricks_tempo", map[string]any{"Tricks": tricks, "Tempo": tempo}))
		if seat < len(v.Docked) && v.Docked[seat] {
			text += " · " + a.t("canyon.docked")
		} else if seat < len(v.Fallen) && v.Fallen[seat] {
			text += " · " + a.t("canyon.fallen")
		}
		l := widget.NewLabel(text)
		if seat == me {
			l.TextStyle.Bold = true
			l.SetText(text + " (" + a.t("you") + ")")
		}
		rows = append(rows, container.NewBorder(nil, nil, seatDot(canyon.ID, engine.Seat(seat)), nil, l))
	}
	return container.NewVBox(rows...)
}

// hand draws the seat's cards; on its turn in a trick the legal ones are
// bright and the others dimmed. A dimmed card may still be tapped: the
// table refuses it and the phone says which rule forbids it.
func (p *canyonPanel) hand(v *canyon.View) fyne.CanvasObject {
	s, a := p.s, p.s.a
	if len(v.Hand) == 0 {
		return nil
	}
	playing := v.Phase == canyon.PhasePlay && s.canAct()
	legal := map[canyon.Card]bool{}
	if playing {
		for _, m := range v.Legal() {
			legal[m.(canyon.Move).Card] = true
		}
	}
	var cards []fyne.CanvasObject
	for _, c := range v.Hand {
		cw := newCard(a.canyonFace(c, v.Trump, v.Round), nil)
		// A card that cannot be played says why when touched.
		cw.onTap = func() { s.why(canyon.Play(c)) }
		if playing {
			cw.dim = !legal[c]
			if legal[c] {
				cw.onTap = func() { s.play(canyon.Play(c)) }
			}
		}
		cards = append(cards, cw)
	}
	title := wrapped(a.t("your_hand"))
	if playing {
		title.SetText(a.t("canyon.play_card"))
		title.TextStyle.Bold = true
	}
	return container.NewVBox(widget.NewSeparator(), title, container.NewGridWrap(cardSize, cards...))
}

func sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

// question is the one question the phone asks now, in bold.
func question(text string) *widget.Label {
	l := wrapped(text)
	l.TextStyle.Bold = true
	l.SizeName = "subHeadingText"
	return l
}

// bigButton is a button sized for a thumb.
func bigButton(label string, tap func()) *widget.Button {
	b := widget.NewButton(label, tap)
	b.Importance = widget.HighImportance
	return b
}
