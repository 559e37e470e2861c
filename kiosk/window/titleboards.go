package window

import (
	"context"
	"strconv"
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
		out[i] = titleLine(b)
	}
	return out, nil
}

// titleLine is a title's board as the screens name it; its Ref is the
// catalogue's id ("#12"), else the name it was played under.
func titleLine(b db.TitleBoard) screen.TitleLine {
	l := screen.TitleLine{Names: b.Names, Played: b.Title, Plays: b.Plays, Coop: b.Coop, Won: b.Won, Lost: b.Lost, Ref: b.Title}
	if b.TitleID != 0 {
		l.Ref = "#" + strconv.FormatInt(b.TitleID, 10)
	}
	if !b.Coop && len(b.Standings) > 0 {
		l.Leader = b.Standings[0].Nickname
	}
	return l
}

// TitleBoard is one title's all-time board as screens show it.
func (r records) TitleBoard(ctx context.Context, ref string, venue bool) (screen.TitleLine, []screen.TitleStanding, error) {
	get := r.d.TitleBoard
	if venue {
		get = r.d.VenueTitleBoard
	}
	b, err := get(ctx, ref)
	if err != nil {
		return screen.TitleLine{}, nil, err
	}
	out := make([]screen.TitleStanding, len(b.Standings))
	for i, s := range b.Standings {
		out[i] = screen.TitleStanding{Name: s.Nickname, Plays: s.Plays, Wins: s.Wins, Losses: s.Losses}
		if s.Rating != nil {
			out[i].Rated, out[i].Provisional, out[i].Rating = true, s.Rating.Provisional, s.Rating.Ordinal()
		}
	}
	return titleLine(b), out, nil
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
