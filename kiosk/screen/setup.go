package screen

import (
	"fmt"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
)

// SeatChoice is who plays a seat: a phone, or a bot of a level.
type SeatChoice struct {
	Phone bool
	Level engine.Level // bot level when not Phone
}

// Setup is the screen where the guests say how many play, who is a bot,
// and pick the game's options.
type Setup struct {
	game    engine.Info
	lang    string
	seats   []*widget.Select
	options map[string]*widget.Select
	count   *widget.Select
	list    *fyne.Container
	root    fyne.CanvasObject
	onStart func(options map[string]string, seats []SeatChoice)
}

// NewSetup builds the set-up screen of game.
func NewSetup(game engine.Info, lang string, onStart func(map[string]string, []SeatChoice), onBack func()) *Setup {
	s := &Setup{game: game, lang: lang, onStart: onStart, options: map[string]*widget.Select{}}
	var counts []string
	for n := game.MinSeats; n <= game.MaxSeats; n++ {
		counts = append(counts, strconv.Itoa(n))
	}
	s.list = container.NewVBox()
	s.count = widget.NewSelect(counts, func(v string) {
		n, _ := strconv.Atoi(v)
		s.setCount(n)
	})
	form := widget.NewForm(widget.NewFormItem(txtPlayers.In(lang), s.count))
	for _, o := range game.Options {
		sel := widget.NewSelect(o.Choices, nil)
		sel.SetSelected(o.Default)
		s.options[o.Key] = sel
		form.Append(o.Name.In(lang), sel)
	}
	start := widget.NewButton(txtStart.In(lang), s.start)
	start.Importance = widget.HighImportance
	back := widget.NewButton(txtBack.In(lang), onBack)
	title := widget.NewLabelWithStyle(game.Name.In(lang), fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	s.root = container.NewBorder(title, container.NewHBox(back, start), nil, nil,
		container.NewVScroll(container.NewVBox(form, s.list)))
	s.count.SetSelected(counts[0])
	return s
}

// Content is the screen's root object.
func (s *Setup) Content() fyne.CanvasObject { return s.root }

func (s *Setup) choices() []string {
	return []string{txtPhone.In(s.lang), txtBot.In(s.lang), txtBotEasy.In(s.lang)}
}

// setCount shows one choice per seat, phones by default.
func (s *Setup) setCount(n int) {
	for len(s.seats) < n {
		sel := widget.NewSelect(s.choices(), nil)
		sel.SetSelected(s.choices()[0])
		s.seats = append(s.seats, sel)
	}
	s.seats = s.seats[:n]
	s.list.RemoveAll()
	for i, sel := range s.seats {
		s.list.Add(container.NewBorder(nil, nil, widget.NewLabel(fmt.Sprintf(txtSeat.In(s.lang), i+1)), nil, sel))
	}
}

func (s *Setup) start() {
	opts := map[string]string{}
	for k, sel := range s.options {
		opts[k] = sel.Selected
	}
	seats := make([]SeatChoice, len(s.seats))
	for i, sel := range s.seats {
		switch sel.SelectedIndex() {
		case 1:
			seats[i] = SeatChoice{Level: engine.LevelDefault}
		case 2:
			seats[i] = SeatChoice{Level: engine.LevelEasy}
		default:
			seats[i] = SeatChoice{Phone: true}
		}
	}
	if s.onStart != nil {
		s.onStart(opts, seats)
	}
}
