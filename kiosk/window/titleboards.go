package window

import (
	"context"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/kiosk/screen"
)

var _ screen.TitleRecords = records{}

// TitleBoards is every shelf title's board of p as screens show it: this
// table's plays, or the venue's.
func (r records) TitleBoards(ctx context.Context, p screen.Period, venue bool) ([]screen.TitleLine, error) {
	since, err := db.Period(p).Start(time.Now())
	if err != nil {
		return nil, err
	}
	get := r.d.TitleBoards
	if venue {
		get = r.d.VenueTitleBoards
	}
	boards, err := get(ctx, since)
	if err != nil {
		return nil, err
	}
	out := make([]screen.TitleLine, len(boards))
	for i, b := range boards {
		out[i] = screen.TitleLine{Names: b.Names, Played: b.Title, Plays: b.Plays, Coop: b.Coop, Won: b.Won, Lost: b.Lost}
		if !b.Coop && len(b.Standings) > 0 {
			out[i].Leader = b.Standings[0].Nickname
		}
	}
	return out, nil
}

// PlayerTitles is each player's plays across titles in p.
func (r records) PlayerTitles(ctx context.Context, p screen.Period, venue bool) ([]screen.PlayerLine, error) {
	since, err := db.Period(p).Start(time.Now())
	if err != nil {
		return nil, err
	}
	get := r.d.PlayerTitles
	if venue {
		get = r.d.VenuePlayerTitles
	}
	lines, err := get(ctx, since)
	if err != nil {
		return nil, err
	}
	out := make([]screen.PlayerLine, len(lines))
	for i, l := range lines {
		out[i] = screen.PlayerLine{Name: l.Nickname, HIndex: l.HIndex, Plays: l.Plays, Titles: l.Titles, Wins: l.Wins}
	}
	return out, nil
}

// showPlayed adds the week's shelf games to the attract screen a: the
// venue's for a table of a venue, as its week's champions are.
func (ui *UI) showPlayed(a *screen.Attract, venue bool) {
	tr, ok := ui.rec.(screen.TitleRecords)
	if !ok {
		return
	}
	titles, err := tr.TitleBoards(ui.ctx, screen.Week, venue)
	if err != nil {
		ui.fault(err)
		return
	}
	players, err := tr.PlayerTitles(ui.ctx, screen.Week, venue)
	if err != nil {
		ui.fault(err)
		return
	}
	a.ShowPlayed(ui.words(), titles, players)
}
