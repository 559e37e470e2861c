package screen

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
)

// GameStaffActions are what the staff may do with a game in progress.
type GameStaffActions struct {
	// MoveToPhone frees seat for another phone: the phone holding it is
	// told and the seat waits, with the code and QR code, for a new one.
	MoveToPhone func(engine.Seat)
	// HandToBot lets a bot play seat for the rest of the game.
	HandToBot func(engine.Seat)
	// Abandon ends the game without a result (after its own confirmation).
	Abandon func()
}

// GameStaff is the staff's menu over a game in progress: per seat, move it
// to another phone or hand it to a bot; abandon the game. Show it only
// behind the staff PIN.
type GameStaff struct {
	dlg     dialog.Dialog
	moves   map[engine.Seat]*widget.Button
	bots    map[engine.Seat]*widget.Button
	abandon *widget.Button
	close   *widget.Button
}

// ShowGameStaff shows the staff's menu for the seats of the game over win.
func ShowGameStaff(w Words, win fyne.Window, seats []SeatView, act GameStaffActions) *GameStaff {
	g := &GameStaff{moves: map[engine.Seat]*widget.Button{}, bots: map[engine.Seat]*widget.Button{}}
	then := func(f func()) func() {
		return func() {
			g.dlg.Hide()
			f()
		}
	}
	rows := container.NewVBox()
	for i, st := range seats {
		seat := engine.Seat(i)
		row := container.NewHBox()
		if st.State != "bot" {
			if st.State != "free" && act.MoveToPhone != nil {
				b, box := button(w.T("kiosk.game_staff.move"), 300, then(func() { act.MoveToPhone(seat) }))
				g.moves[seat] = b
				row.Add(box)
			}
			if act.HandToBot != nil {
				b, box := button(w.T("kiosk.game_staff.bot"), 260, then(func() { act.HandToBot(seat) }))
				g.bots[seat] = b
				row.Add(box)
			}
		}
		rows.Add(container.NewBorder(nil, nil, seatBadge(i), row, widget.NewLabel(seatLine(w, i, st))))
	}
	var abandonBox, closeBox fyne.CanvasObject
	g.abandon, abandonBox = button(w.T("kiosk.game_staff.abandon"), 360, then(act.Abandon))
	g.abandon.Importance = widget.DangerImportance
	g.close, closeBox = button(w.T("kiosk.close"), 240, func() { g.dlg.Hide() })
	body := container.NewVBox(wrapped(w.T("kiosk.game_staff.text")), rows,
		container.NewHBox(abandonBox, closeBox))
	g.dlg = dialog.NewCustomWithoutButtons(w.T("kiosk.game_staff.title"), sized(body, 1100, 0), win)
	g.dlg.Show()
	return g
}

// MoveButton and BotButton are seat's buttons, nil when not offered; Abandon
// and Close the menu's own (for tests).
func (g *GameStaff) MoveButton(seat engine.Seat) *widget.Button { return g.moves[seat] }
func (g *GameStaff) BotButton(seat engine.Seat) *widget.Button  { return g.bots[seat] }
func (g *GameStaff) Abandon() *widget.Button                    { return g.abandon }
func (g *GameStaff) Close() *widget.Button                      { return g.close }
