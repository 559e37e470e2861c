package window

import (
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/kiosk/screen"
	"github.com/tablee/tablee/kiosk/table"
)

// What follows lets the journeys' tests (kiosk/journey) and the screenshot
// build see the screen on display and bring up a chosen one; guests reach
// the same screens through their taps.

// Table is the table the window shows, once started.
func (ui *UI) Table() *table.Table { return ui.t }

// Attract is the attract screen while it shows, else nil.
func (ui *UI) Attract() *screen.Attract { return ui.attract }

// Lobby is the lobby while it shows, else nil.
func (ui *UI) Lobby() *screen.Lobby { return ui.lobby }

// Learn is the lesson on the table while it shows, else nil.
func (ui *UI) Learn() *screen.Learn { return ui.learn }

// Seating is the seating screen while it shows, else nil.
func (ui *UI) Seating() *screen.Seating { return ui.seatingScreen }

// Game is the table screen of the game in progress while it shows, else nil.
func (ui *UI) Game() *screen.Table { return ui.board }

// Results is the results screen while it shows, else nil.
func (ui *UI) Results() *screen.Results { return ui.results }

// Staff is the staff's screen while it shows, else nil.
func (ui *UI) Staff() *screen.Staff { return ui.staffScreen }

// Replay is the replay screen while it shows, else nil.
func (ui *UI) Replay() *screen.Replay { return ui.replay }

// Records is the database behind the screens.
func (ui *UI) Records() screen.Records { return ui.rec }

// ShowAttract shows the attract screen.
func (ui *UI) ShowAttract() { ui.showAttract() }

// ShowLobby shows the lobby.
func (ui *UI) ShowLobby() { ui.showLobby() }

// ShowSeating shows the seating screen of game g.
func (ui *UI) ShowSeating(g engine.Info) { ui.showSeating(g) }

// ShowStaff shows the staff's screen (the PIN is the caller's business).
func (ui *UI) ShowStaff() { ui.showStaff() }

// ShowReplay shows the replay of the finished session id.
func (ui *UI) ShowReplay(id string) { ui.showReplay(id) }

// StartGame starts game g with opts and seats as planned, as the seating
// screen's start button does.
func (ui *UI) StartGame(g engine.Info, opts map[string]string, plan []screen.SeatPlan) {
	ui.startGame(lastGame{g, opts, plan})
}
