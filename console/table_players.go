package console

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/tablee/tablee/db"
)

// tablePlayers are a table's players, from its database: the phones'
// players by their keys, changed as tablee player does.
type tablePlayers struct{ h *Handler }

func (b tablePlayers) list(ctx context.Context, query string) (playersData, error) {
	d := playersData{Query: query, Class: "players", Names: true}
	all, err := b.h.cfg.DB.Players(ctx)
	if err != nil {
		return d, err
	}
	q := strings.ToLower(query)
	for _, p := range all {
		if !matches(q, append([]string{p.Shown}, p.Aliases...)...) {
			continue
		}
		row, err := b.row(ctx, p)
		if err != nil {
			return d, err
		}
		d.Rows = append(d.Rows, row)
	}
	return d, nil
}

// row is p as the players page lists them: their other names, and their
// games over every game.
func (b tablePlayers) row(ctx context.Context, p db.Player) (playerRow, error) {
	row := playerRow{ID: p.ID, Name: p.Shown, Keys: p.Keys}
	for _, a := range p.Aliases {
		if a != p.Nickname {
			row.Others = append(row.Others, a)
		}
	}
	st, err := b.h.cfg.DB.PlayerStats(ctx, p.ID)
	if err != nil {
		return row, err
	}
	total := st[len(st)-1]
	row.Games, row.Wins, row.LastPlayed = total.Games, total.Wins, total.LastPlayed
	return row, nil
}

func (b tablePlayers) page(ctx context.Context, v view, id string) (playerData, error) {
	p, err := b.h.cfg.DB.Player(ctx, id)
	if err != nil {
		return playerData{}, errNoPlayer
	}
	row, err := b.row(ctx, p)
	if err != nil {
		return playerData{}, err
	}
	d := playerData{playerRow: row, Nickname: p.Nickname, PlaysCSV: true,
		Seen: v.T("console.players.seen", "First", v.When(p.Created), "Last", v.When(p.LastSeen)),
		Words: playerWords{
			RenameNote:   v.T("console.players.name_rule"),
			MergeText:    v.T("console.players.merge_text", "Name", p.Shown),
			ForgetIntro:  v.T("console.players.forget_intro"),
			ForgetErased: v.T("console.forget.erased"),
			ForgetLines: []string{v.T("console.forget.names") + " " + strings.Join(append([]string{p.Nickname}, row.Others...), ", "),
				v.T("console.forget.keys", "N", p.Keys), v.T("console.forget.stats", "N", row.Games)},
			ForgetKept: v.T("console.forget.kept"),
		}}
	if d.Stats, err = b.h.cfg.DB.PlayerStats(ctx, p.ID); err != nil {
		return d, err
	}
	d.Stats = d.Stats[:len(d.Stats)-1]
	if d.Across, err = b.h.acrossTitles(ctx, p.ID); err != nil {
		return d, err
	}
	all, err := b.h.cfg.DB.Players(ctx)
	if err != nil {
		return d, err
	}
	for _, o := range all {
		if o.ID != p.ID {
			d.Candidates = append(d.Candidates, playerRow{ID: o.ID, Name: o.Shown})
		}
	}
	return d, nil
}

func (b tablePlayers) rename(ctx context.Context, id, name string) (string, error) {
	if err := b.h.cfg.DB.RenamePlayer(ctx, id, name); err != nil {
		return "", err
	}
	return "/players/" + url.PathEscape(id) + "?done=renamed", nil
}

func (b tablePlayers) merge(ctx context.Context, from, into string) (string, error) {
	if err := b.h.cfg.DB.MergePlayers(ctx, from, into); err != nil {
		return "", fmt.Errorf("merge %s into %s: %w", from, into, err)
	}
	return "/players/" + url.PathEscape(into) + "?done=merged", nil
}

func (b tablePlayers) forget(ctx context.Context, id string) (string, error) {
	err := b.h.cfg.DB.ForgetPlayer(ctx, id)
	switch {
	case errors.Is(err, db.ErrTraceLeft):
		// Gone from the database; old copies stay in its free pages
		// until the kiosk is idle (tablee player scrub).
		return "/players?done=forgotten_trace", nil
	case err != nil:
		return "", err
	}
	return "/players?done=forgotten", nil
}
