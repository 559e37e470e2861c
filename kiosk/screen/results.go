package screen

import (
	"fmt"
	"image/color"
	"sort"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/kiosk/board"
	"github.com/tablee/tablee/kiosk/board/geom"
	"github.com/tablee/tablee/looks"
)

// ResultCardSize is a seat's results card as its reader sees it: the size
// of the seat's panel during the game, in the same place.
var ResultCardSize = fyne.NewSize(PanelSize.Width, 170)

// Results is the screen after a game: each seat's card, turned towards
// the seat and placed where its panel was during the game, says its rank,
// score and rating change; in the middle, who won, and play again or back
// to the games.
type Results struct {
	root     fyne.CanvasObject
	headline string
	w        Words
	title    *canvas.Text // "Fin de la partie — <game>"
	head     *canvas.Text // the headline
	again    *widget.Button
	lobby    *widget.Button
	rows     [][]string
	cards    map[engine.Seat][]string
	turns    map[engine.Seat]geom.Turn
}

// NewResults builds the results of game from the engine's result and the
// seats' outcomes (names, bots, rating changes). The seats' cards sit in
// board.DefaultSlots, as the table's panels do.
func NewResults(w Words, game engine.Info, res engine.Result, seats []SeatOutcome, again, lobby func()) *Results {
	r := &Results{w: w, cards: map[engine.Seat][]string{}, turns: map[engine.Seat]geom.Turn{}}
	order := append([]SeatOutcome(nil), seats...)
	for i := range order {
		if order[i].Bot != "" {
			order[i].Name = w.SeatName(order[i].Seat, Who{Bot: order[i].Bot, BotFor: order[i].BotFor})
		} else if order[i].Name == "" {
			order[i].Name = w.SeatName(order[i].Seat, Who{})
		}
	}
	sort.SliceStable(order, func(a, b int) bool { return order[a].Rank < order[b].Rank })
	var winners []string
	for _, s := range order {
		if res.Won(s.Seat) {
			winners = append(winners, s.Name)
		}
	}
	switch {
	case len(winners) == 0:
		r.headline = w.T("kiosk.results.draw")
	case len(winners) == 1:
		r.headline = w.T("kiosk.results.winner", "Name", winners[0])
	default:
		r.headline = w.T("kiosk.results.winners", "Names", strings.Join(winners, ", "))
	}
	n := 0
	for _, s := range seats {
		n = max(n, int(s.Seat)+1)
	}
	slots := board.DefaultSlots(game.ID, n)
	lay := &resultsLayout{card: fyne.NewSize(panelSizeFor(slots).Width, ResultCardSize.Height)}
	var cards []fyne.CanvasObject
	for _, s := range order {
		change := w.T("kiosk.results.unrated")
		if s.Rated {
			change = fmt.Sprintf("%.1f (%+.1f)", s.After, s.After-s.Before)
		}
		r.rows = append(r.rows, []string{strconv.Itoa(s.Rank), s.Name, strconv.Itoa(s.Score), change})
		if int(s.Seat) < 0 || int(s.Seat) >= len(slots) {
			continue
		}
		turn := geom.Turn(slots[s.Seat].Side.QuarterTurns())
		card, lines := resultCard(w, game.ID, s, res.Won(s.Seat), turn, lay.card)
		r.cards[s.Seat], r.turns[s.Seat] = lines, turn
		lay.slots = append(lay.slots, slots[s.Seat])
		cards = append(cards, card)
	}
	var againBox, lobbyBox fyne.CanvasObject
	r.again, againBox = button(w.T("kiosk.results.again"), 360, again)
	r.again.Importance = widget.HighImportance
	r.lobby, lobbyBox = button(w.T("kiosk.results.lobby"), 360, lobby)
	r.title = text(w.T("kiosk.results.title")+" — "+w.Game(game), NameSize, false)
	r.head = text(r.headline, TitleSize, true)
	middle := container.NewVBox(layout.NewSpacer(), r.title, r.head,
		container.NewCenter(container.NewHBox(lobbyBox, againBox)), layout.NewSpacer())
	r.root = container.New(lay, append([]fyne.CanvasObject{middle}, cards...)...)
	return r
}

// resultCard is one seat's card, turned by turn, and its lines as shown
// upright: rank, name, score, rating change.
func resultCard(w Words, game string, s SeatOutcome, won bool, turn geom.Turn, size fyne.Size) (fyne.CanvasObject, []string) {
	bg := canvas.NewRectangle(colPanel)
	bg.CornerRadius = 18
	if won {
		bg.StrokeColor = color.NRGBA{0xD4, 0xAF, 0x37, 0xff}
		bg.StrokeWidth = 8
	}
	place := w.T("kiosk.results.place", "N", s.Rank)
	rank := canvas.NewCircle(rankColour(s.Rank))
	rankText := panelText(place, color.NRGBA{0x10, 0x10, 0x10, 0xff}, 30, true)
	rankText.Alignment = fyne.TextAlignCenter
	disc := container.NewGridWrap(fyne.NewSize(118, 118), container.NewStack(rank, container.NewCenter(rankText)))
	name := s.Name
	if won {
		name += "  " + w.T("kiosk.results.won")
	}
	lines := []string{place, name, w.T("kiosk.results.card_score", "Score", s.Score)}
	info := container.NewVBox(panelText(lines[1], colPanelText, 36, true), panelText(lines[2], colPanelText, 30, false))
	if s.Rated {
		d := s.After - s.Before
		rating := w.T("kiosk.results.card_rating", "Rating", fmt.Sprintf("%.1f", s.After), "Change", fmt.Sprintf("%+.1f", d))
		col := color.NRGBA{0x5F, 0xD3, 0xA8, 0xff}
		if d < 0 {
			col = color.NRGBA{0xF0, 0x9A, 0x5A, 0xff}
		}
		info.Add(panelText(rating, col, 28, true))
		lines = append(lines, rating)
	}
	if s.Hints > 0 {
		hints := w.T("kiosk.results.card_hints", "N", s.Hints)
		info.Add(panelText(hints, colPanelText, 24, false))
		lines = append(lines, hints)
	}
	// The seat's colour in this game, as its pieces were on the board.
	g, _ := looks.For(game)
	seat := g.Seat(int(s.Seat))
	swatch := canvas.NewCircle(seat.Fill.NRGBA())
	swatch.StrokeColor, swatch.StrokeWidth = seat.Ink.NRGBA(), 2
	badge := container.NewGridWrap(fyne.NewSize(40, 40), container.NewStack(swatch,
		container.NewCenter(panelText(strconv.Itoa(int(s.Seat)+1), seat.Ink.NRGBA(), 24, true))))
	body := container.NewBorder(nil, nil, container.NewCenter(disc), container.NewVBox(badge), container.NewCenter(info))
	content := container.NewStack(bg, container.New(&inset{14}, body))
	return board.NewPanel(content, size, turn), lines
}

// rankColour is gold, silver, bronze, then grey.
func rankColour(rank int) color.Color {
	switch rank {
	case 1:
		return color.NRGBA{0xD4, 0xAF, 0x37, 0xff}
	case 2:
		return color.NRGBA{0xC8, 0xC8, 0xC8, 0xff}
	case 3:
		return color.NRGBA{0xCD, 0x8A, 0x4C, 0xff}
	}
	return color.NRGBA{0x90, 0x98, 0x9C, 0xff}
}

// resultsLayout puts each card in its seat's slot and the middle between
// them, as the table lays out the board between the panels.
type resultsLayout struct {
	slots []geom.Slot
	card  fyne.Size // the cards' size upright: ResultCardSize, narrower three a side
}

func (l *resultsLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	var edge [4]float32
	for _, s := range l.slots {
		edge[s.Side] = l.card.Height + 10
	}
	objs[0].Move(fyne.NewPos(edge[geom.Left], edge[geom.Top]))
	objs[0].Resize(fyne.NewSize(size.Width-edge[geom.Left]-edge[geom.Right], size.Height-edge[geom.Top]-edge[geom.Bottom]))
	for i, s := range l.slots {
		pos, turned := geom.Panel(s, l.card, size)
		objs[1+i].Move(pos)
		objs[1+i].Resize(turned)
	}
}

func (l *resultsLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(1024, 700)
}

func header(s string) fyne.CanvasObject {
	t := text(s, BodySize, true)
	t.Color = color.NRGBA{0x88, 0x88, 0x88, 0xff}
	return t
}

// Content is the screen's root object.
func (r *Results) Content() fyne.CanvasObject { return r.root }

// Retitle names the game played as the group knows it: a shelf game's
// title rather than "score sheet"; a headline, when given, replaces who
// won (a cooperative play lost together, a play stopped early).
func (r *Results) Retitle(game, headline string) {
	r.title.Text = r.w.T("kiosk.results.title") + " — " + game
	r.title.Refresh()
	if headline != "" {
		r.headline = headline
		r.head.Text = headline
		r.head.Refresh()
	}
}

// Headline is who won, as shown.
func (r *Results) Headline() string { return r.headline }

// Rows are the results by rank: rank, name, score, rating.
func (r *Results) Rows() [][]string { return r.rows }

// Card is seat's card as its reader sees it (rank, name, score, rating
// change when rated) and how it is turned towards the seat.
func (r *Results) Card(seat engine.Seat) ([]string, geom.Turn) { return r.cards[seat], r.turns[seat] }

// Again and Lobby are the two buttons (for tests).
func (r *Results) Again() *widget.Button { return r.again }
func (r *Results) Lobby() *widget.Button { return r.lobby }
