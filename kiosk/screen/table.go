package screen

import (
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
)

// AwayTimeout is how long a phone may stay away before the table offers
// to let a bot play its seat.
const AwayTimeout = 2 * time.Minute

// SeatStatus is one seat as the table screen shows it.
type SeatStatus struct {
	Name    string
	State   string        // "free", "connected", "away" or "bot"
	AwayFor time.Duration // when State is "away"
}

// TableState is everything the table screen shows, all of it public.
type TableState struct {
	Game   engine.Info
	Code   string
	Seats  []SeatStatus
	Turn   engine.Seat
	Over   bool
	Result engine.Result
	Board  string // the public view, as text until each game has its board
}

// Table is the screen of a game in progress: the code to join, the seats,
// whose turn it is and the public board.
type Table struct {
	lang      string
	win       fyne.Window
	checkPIN  func(string) bool
	onRelease func(engine.Seat)
	// OnHandToBot, when set, is offered for seats away past AwayTimeout.
	OnHandToBot func(engine.Seat)

	title  *widget.Label
	code   *canvas.Text
	status *widget.Label
	seats  *fyne.Container
	board  *widget.Label
	root   fyne.CanvasObject
}

// NewTable builds the table screen. checkPIN guards the staff functions
// (releasing a seat); onNewGame goes back to the lobby.
func NewTable(lang string, win fyne.Window, checkPIN func(string) bool, onRelease func(engine.Seat), onNewGame func()) *Table {
	t := &Table{lang: lang, win: win, checkPIN: checkPIN, onRelease: onRelease}
	t.title = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	t.code = canvas.NewText("", theme.Color(theme.ColorNamePrimary))
	t.code.TextSize = 48
	t.code.Alignment = fyne.TextAlignCenter
	t.status = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	t.seats = container.NewVBox()
	t.board = widget.NewLabel("")
	t.board.TextStyle = fyne.TextStyle{Monospace: true}
	hint := widget.NewLabelWithStyle(txtJoinHint.In(lang), fyne.TextAlignCenter, fyne.TextStyle{})
	newGame := widget.NewButton(txtNewGame.In(lang), onNewGame)
	top := container.NewVBox(t.title, t.code, hint, t.status)
	boardBox := container.NewBorder(widget.NewLabel(txtBoardAsText.In(lang)), nil, nil, nil, container.NewScroll(t.board))
	t.root = container.NewBorder(top, newGame, container.NewVBox(t.seats), nil, boardBox)
	return t
}

// Content is the screen's root object.
func (t *Table) Content() fyne.CanvasObject { return t.root }

// Show puts st on screen. Call it on the UI goroutine (fyne.Do).
func (t *Table) Show(st TableState) {
	t.title.SetText(st.Game.Name.In(t.lang))
	t.code.Text = fmt.Sprintf(txtCode.In(t.lang), st.Code)
	t.code.Refresh()
	t.status.SetText(t.statusLine(st))
	t.seats.RemoveAll()
	for i, s := range st.Seats {
		t.seats.Add(t.seatRow(engine.Seat(i), s))
	}
	t.board.SetText(st.Board)
}

func (t *Table) seatName(st TableState, seat engine.Seat) string {
	if int(seat) >= 0 && int(seat) < len(st.Seats) && st.Seats[seat].Name != "" {
		return st.Seats[seat].Name
	}
	return fmt.Sprintf(txtSeat.In(t.lang), int(seat)+1)
}

func (t *Table) statusLine(st TableState) string {
	switch {
	case st.Over && st.Result.Draw():
		return txtOver.In(t.lang) + " — " + txtDraw.In(t.lang)
	case st.Over:
		var names []string
		for _, w := range st.Result.Winners {
			names = append(names, t.seatName(st, w))
		}
		return txtOver.In(t.lang) + " — " + fmt.Sprintf(txtWinners.In(t.lang), strings.Join(names, ", "))
	case freeSeats(st) > 0:
		return fmt.Sprintf(txtWaiting.In(t.lang), freeSeats(st))
	case st.Turn >= 0:
		return fmt.Sprintf(txtTurn.In(t.lang), t.seatName(st, st.Turn))
	}
	return ""
}

func freeSeats(st TableState) int {
	n := 0
	for _, s := range st.Seats {
		if s.State == "free" {
			n++
		}
	}
	return n
}

func (t *Table) seatRow(seat engine.Seat, s SeatStatus) fyne.CanvasObject {
	state := map[string]engine.Text{"free": txtFree, "connected": txtConnected, "away": txtAway, "bot": txtBot}[s.State]
	name := s.Name
	if name == "" {
		name = fmt.Sprintf(txtSeat.In(t.lang), int(seat)+1)
	}
	label := widget.NewLabel(fmt.Sprintf("%d. %s — %s", int(seat)+1, name, state.In(t.lang)))
	if s.State != "connected" && s.State != "away" {
		return label
	}
	row := container.NewHBox(label, widget.NewButton(txtRelease.In(t.lang), func() { t.askPIN(func() { t.onRelease(seat) }) }))
	if s.State == "away" && s.AwayFor >= AwayTimeout && t.OnHandToBot != nil {
		// Anyone at the table may decide this: the game goes on either way.
		hand := widget.NewButton(txtHandToBot.In(t.lang), func() { t.OnHandToBot(seat) })
		hand.Importance = widget.HighImportance
		row.Add(hand)
	}
	return row
}

// askPIN runs then only once the staff PIN was typed.
func (t *Table) askPIN(then func()) {
	entry := widget.NewPasswordEntry()
	dialog.ShowForm(txtPin.In(t.lang), "OK", txtBack.In(t.lang), []*widget.FormItem{widget.NewFormItem(txtPin.In(t.lang), entry)},
		func(ok bool) {
			if !ok {
				return
			}
			if t.checkPIN == nil || !t.checkPIN(entry.Text) {
				dialog.ShowInformation(txtPin.In(t.lang), txtWrongPin.In(t.lang), t.win)
				return
			}
			then()
		}, t.win)
}

// CodeText is the code line as shown, for tests and screen readers.
func (t *Table) CodeText() string { return t.code.Text }
