package window

import (
	"context"
	"fmt"
	"log"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/kiosk/board/geom"
	"github.com/tablee/tablee/kiosk/screen"
	"github.com/tablee/tablee/kiosk/server"
	"github.com/tablee/tablee/shelf"
)

// noteLister is the part of a Library that lists the notes guests left
// on boxes given back, for the staff screen (the database has it).
type noteLister interface {
	Notes(ctx context.Context, open bool) ([]shelf.Note, error)
}

// shelfMover is the part of a Library that says when the venue moved a
// box (another table took or gave it back): the database has it.
type shelfMover interface {
	ShelfMoved() <-chan struct{}
}

// followShelf shows "Que jouer ?" again, while it shows, each time the
// venue moved a box, until the UI's context ends.
func (ui *UI) followShelf(moved <-chan struct{}) {
	for {
		select {
		case <-ui.ctx.Done():
			return
		case <-moved:
		}
		ui.do(func() {
			if ui.shelf == nil {
				return
			}
			if err := ui.shelf.Reload(); err != nil {
				log.Printf("kiosk: the shelf, read again: %v", err)
			}
		})
	}
}

// Shelf is the "Que jouer ?" screen while it shows, for tests.
func (ui *UI) Shelf() *screen.Shelf { return ui.shelf }

// ShowShelf opens "Que jouer ?" facing side (for tests and screenshots).
func (ui *UI) ShowShelf(side geom.Side) { ui.showShelf(side) }

// showShelf opens "Que jouer ?" facing the side that asked: the group's
// pick, the name search, the boxes taken to this table and given back.
func (ui *UI) showShelf(side geom.Side) {
	name, err := ui.rec.TableName(ui.ctx)
	if err != nil {
		ui.fault(err)
		return
	}
	s, err := screen.NewShelf(screen.ShelfConfig{Words: ui.words(), Ctx: ui.ctx, Lib: ui.lib, Table: name, Side: side,
		Seated: ui.seated(), Played: ui.played(), Now: ui.now, Play: ui.playTitle, Keep: ui.canKeepScore(), Back: ui.showLobby, Fault: ui.fault})
	if err != nil {
		ui.fault(fmt.Errorf("the shelf: %w", err))
		return
	}
	ui.show(s.Content())
	ui.shelf = s
	// Left alone, it gives way to the attract screen as the lobby does;
	// the boxes stay at the table (they are in the database).
	ui.watchIdle(IdleAfter, func() bool { return ui.shelf == s }, s.Changes)
}

// playTitle leads a title the table plays itself to its seating screen.
func (ui *UI) playTitle(id string) {
	for _, g := range ui.tableGames() {
		if g.ID == id {
			ui.showSeating(g)
			return
		}
	}
	log.Printf("kiosk: the shelf's title plays %q, which this table does not have", id)
	ui.showLobby()
}

// seated is how many seats of the table's session are taken, 0 without
// a session in progress: the group's count starts there.
func (ui *UI) seated() int {
	s := ui.t.Session()
	if s == nil || s.Status().Ended() {
		return 0
	}
	n := 0
	for _, st := range ui.t.Server().Seats() {
		if st.State != server.SeatFree {
			n++
		}
	}
	return n
}

// played is, for "nothing any of us has played here", the titles the
// table's group has played at this table: the games the table plays
// itself that its known players (the seats of the table's session, in
// progress or just finished, that a phone's player key named) have
// finished here. nil when no player is known: the choice is not offered.
// The boxes of the shelf a group took are not counted: a box is taken by
// a table, not by players.
func (ui *UI) played() func(context.Context) (map[int64]bool, error) {
	s := ui.t.Session()
	if s == nil {
		return nil
	}
	var players []string
	for _, seat := range s.Record().Seats {
		if seat.PlayerID != "" {
			players = append(players, seat.PlayerID)
		}
	}
	if len(players) == 0 {
		return nil
	}
	return func(ctx context.Context) (map[int64]bool, error) {
		games := map[string]bool{}
		for _, p := range players {
			stats, err := ui.t.DB().PlayerStats(ctx, p)
			if err != nil {
				return nil, fmt.Errorf("what the group played: %w", err)
			}
			for _, st := range stats {
				games[st.Game] = games[st.Game] || st.Games > 0
			}
		}
		titles, err := ui.lib.Titles(ctx)
		if err != nil {
			return nil, fmt.Errorf("what the group played: %w", err)
		}
		out := map[int64]bool{}
		for _, t := range titles {
			if t.Engine != "" && games[t.Engine] {
				out[t.ID] = true
			}
		}
		return out, nil
	}
}

// shelfHere names the boxes at this table for the lobby ("Carcassonne
// (D5)"): a kiosk restarted while a group plays one still shows it.
func (ui *UI) shelfHere() []string {
	if ui.lib == nil {
		return nil
	}
	name, err := ui.rec.TableName(ui.ctx)
	if err != nil {
		ui.fault(err)
		return nil
	}
	here, err := ui.lib.AtTable(ui.ctx, name)
	if err != nil || len(here) == 0 {
		if err != nil {
			ui.fault(err)
		}
		return nil
	}
	titles, err := ui.titles()
	if err != nil {
		ui.fault(err)
		return nil
	}
	var out []string
	for _, c := range here {
		out = append(out, fmt.Sprintf("%s (%s)", titles[c.TitleID].Names.Name(ui.lang), c.Shelf))
	}
	return out
}

// titles are the catalogue's titles by id.
func (ui *UI) titles() (map[int64]shelf.Title, error) {
	all, err := ui.lib.Titles(ui.ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]shelf.Title, len(all))
	for _, t := range all {
		out[t.ID] = t
	}
	return out, nil
}

// shelfNotes are the open notes on boxes given back, for the staff
// screen: the database's (with each box's shelf code and names), else the
// library's own when it keeps some (tests); nil without a shelf.
func (ui *UI) shelfNotes() func(context.Context) ([]screen.NoteLine, error) {
	if ui.lib == nil {
		return nil
	}
	if d, ok := ui.lib.(*db.DB); ok {
		return func(ctx context.Context) ([]screen.NoteLine, error) {
			notes, err := d.CopyNotes(ctx, false)
			if err != nil {
				return nil, fmt.Errorf("the shelf's notes: %w", err)
			}
			out := make([]screen.NoteLine, len(notes))
			for i, n := range notes {
				out[i] = screen.NoteLine{At: n.At, Table: n.Table, Name: n.Title.Name(ui.lang), Shelf: n.Shelf, Text: n.Text}
			}
			return out, nil
		}
	}
	nl, ok := ui.lib.(noteLister)
	if !ok {
		return nil
	}
	return func(ctx context.Context) ([]screen.NoteLine, error) {
		notes, err := nl.Notes(ctx, true)
		if err != nil {
			return nil, fmt.Errorf("the shelf's notes: %w", err)
		}
		titles, err := ui.titles()
		if err != nil {
			return nil, fmt.Errorf("the shelf's notes: %w", err)
		}
		copies := map[int64]shelf.Copy{}
		for _, t := range titles {
			for _, c := range t.Copies {
				copies[c.ID] = c
			}
		}
		var out []screen.NoteLine
		for _, n := range notes {
			c := copies[n.CopyID]
			out = append(out, screen.NoteLine{At: n.At, Table: n.Table, Name: titles[c.TitleID].Names.Name(ui.lang),
				Shelf: c.Shelf, Text: n.Text})
		}
		return out, nil
	}
}

// Library is the catalogue behind "Que jouer ?", nil without one (for
// tests and screenshots).
func (ui *UI) Library() shelf.Library { return ui.lib }
