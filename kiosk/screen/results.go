package screen

import (
	"fmt"
	"image/color"
	"sort"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
)

// Results is the screen after a game: who won, ranks, scores and each
// rated player's rating change; then play again or back to the games.
type Results struct {
	root     fyne.CanvasObject
	headline string
	again    *widget.Button
	lobby    *widget.Button
	rows     [][]string
}

// NewResults builds the results of game from the engine's result and the
// seats' outcomes (names, rating changes).
func NewResults(w Words, game engine.Info, res engine.Result, seats []SeatOutcome, again, lobby func()) *Results {
	r := &Results{}
	order := append([]SeatOutcome(nil), seats...)
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
	grid := container.New(layout.NewGridLayoutWithColumns(4),
		header(w.T("kiosk.results.rank")), header(w.T("kiosk.results.player")),
		header(w.T("kiosk.results.score")), header(w.T("kiosk.results.rating")))
	for _, s := range order {
		change, col := w.T("kiosk.results.unrated"), color.Color(nil)
		if s.Rated {
			d := s.After - s.Before
			change = fmt.Sprintf("%.1f (%+.1f)", s.After, d)
			col = color.NRGBA{0x00, 0x9E, 0x73, 0xff}
			if d < 0 {
				col = color.NRGBA{0xD5, 0x5E, 0x00, 0xff}
			}
		}
		row := []string{strconv.Itoa(s.Rank), s.Name, strconv.Itoa(s.Score), change}
		r.rows = append(r.rows, row)
		grid.Add(text(row[0], NameSize, s.Rank == 1))
		grid.Add(container.NewHBox(seatBadge(int(s.Seat)), text(row[1], NameSize, s.Rank == 1)))
		grid.Add(text(row[2], NameSize, false))
		ct := text(row[3], NameSize, false)
		if col != nil {
			ct.Color = col
		}
		grid.Add(ct)
	}
	var againBox, lobbyBox fyne.CanvasObject
	r.again, againBox = button(w.T("kiosk.results.again"), 360, again)
	r.again.Importance = widget.HighImportance
	r.lobby, lobbyBox = button(w.T("kiosk.results.lobby"), 360, lobby)
	head := container.NewVBox(text(w.T("kiosk.results.title")+" — "+w.In(game.Name), NameSize, false),
		text(r.headline, TitleSize+16, true))
	r.root = container.NewPadded(container.NewBorder(head, container.NewCenter(container.NewHBox(lobbyBox, againBox)), nil, nil,
		container.NewVBox(layout.NewSpacer(), container.NewCenter(sized(panel(grid), 1400, 0)), layout.NewSpacer())))
	return r
}

func header(s string) fyne.CanvasObject {
	t := text(s, BodySize, true)
	t.Color = color.NRGBA{0x88, 0x88, 0x88, 0xff}
	return t
}

// Content is the screen's root object.
func (r *Results) Content() fyne.CanvasObject { return r.root }

// Headline is who won, as shown.
func (r *Results) Headline() string { return r.headline }

// Rows are the table's lines as shown: rank, name, score, rating.
func (r *Results) Rows() [][]string { return r.rows }

// Again and Lobby are the two buttons (for tests).
func (r *Results) Again() *widget.Button { return r.again }
func (r *Results) Lobby() *widget.Button { return r.lobby }
