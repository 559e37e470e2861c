package window

import (
	"log"
	"time"

	"github.com/tablee/tablee/db"
)

// recordTaught notes for the ludothèque's figures that game (a shelf
// title's play when title is set) was taught at this table: a lesson on
// the table, or a staff call while it was played (issue 39). A failure is
// logged, never shown: the guests' lesson or call goes on.
func (ui *UI) recordTaught(kind, game, title string) {
	now := time.Now
	if ui.now != nil { // New sets it; a test's UI may not
		now = ui.now
	}
	name, err := ui.rec.TableName(ui.ctx)
	if err == nil {
		err = ui.t.DB().RecordTaught(ui.ctx, kind, name, game, title, now())
	}
	if err != nil {
		log.Printf("kiosk: noting what was taught: %v", err)
	}
}

// callTaught notes a staff call during the game the table plays, if any.
func (ui *UI) callTaught() {
	s := ui.t.Session()
	if s == nil || s.Status().Ended() {
		return
	}
	r := s.Record()
	title := ""
	if r.Game == db.SheetGame {
		title = r.Options["title"] // engine/sheet's OptionTitle
	}
	ui.recordTaught(db.TaughtCall, r.Game, title)
}

// lessonTaught notes a lesson of game begun on the table.
func (ui *UI) lessonTaught(game string) { ui.recordTaught(db.TaughtLesson, game, "") }
