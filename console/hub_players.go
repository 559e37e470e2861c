package console

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/tablee/tablee/db"
)

// venuePlayers are the venue's players on the hub (one phone is one
// player at every table), changed at every table through the hub's
// events (db.RenameVenuePlayer and the others), which reach every
// table's venue boards.
type venuePlayers struct{ h *Handler }

func (b venuePlayers) list(ctx context.Context, query string) (playersData, error) {
	d := playersData{Query: query, Intro: "console.hub.players_intro", Class: "venue-players"}
	all, err := b.h.cfg.DB.VenuePlayers(ctx)
	if err != nil {
		return d, err
	}
	q := strings.ToLower(query)
	for _, p := range byName(all) {
		if matches(q, p.Name) {
			d.Rows = append(d.Rows, venueRow(p))
		}
	}
	return d, nil
}

// byName sorts the venue's players by name, any case.
func byName(ps []db.VenuePlayer) []db.VenuePlayer {
	slices.SortStableFunc(ps, func(a, b db.VenuePlayer) int {
		return cmp.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name))
	})
	return ps
}

// venueRow is a venue player as the players page lists them.
func venueRow(p db.VenuePlayer) playerRow {
	return playerRow{ID: p.ID, Name: p.Name, Others: p.Aliases, Games: p.Games, Wins: p.Wins, LastPlayed: p.LastPlayed}
}

func (b venuePlayers) page(ctx context.Context, v view, id string) (playerData, error) {
	p, err := b.h.cfg.DB.VenuePlayer(ctx, id)
	switch {
	case errors.Is(err, db.ErrNotFound):
		return playerData{}, errNoPlayer
	case err != nil:
		return playerData{}, err
	}
	// The venue's replay is cached: listing them all again is cheap.
	all, err := b.h.cfg.DB.VenuePlayers(ctx)
	if err != nil {
		return playerData{}, err
	}
	d := playerData{playerRow: venueRow(p), Nickname: p.Name, Tables: p.Tables,
		Seen: v.T("console.hub.player_games", "Games", p.Games, "Wins", p.Wins, "Last", v.When(p.LastPlayed)),
		Words: playerWords{
			RenameNote:   v.T("console.players.name_rule") + " " + v.T("console.hub.rename_text"),
			MergeText:    v.T("console.hub.merge_text", "Name", p.Name),
			ForgetIntro:  v.T("console.hub.forget_intro"),
			ForgetErased: v.T("console.hub.forget_erased"),
			ForgetLines: []string{v.T("console.hub.forget_names", "Name", p.Name), v.T("console.hub.forget_tables"),
				v.T("console.hub.forget_renames")},
			ForgetKept: v.T("console.hub.forget_kept"),
		}}
	for _, o := range byName(all) {
		if o.ID != id {
			d.Candidates = append(d.Candidates, venueRow(o))
		}
	}
	return d, nil
}

func (b venuePlayers) rename(ctx context.Context, id, name string) (string, error) {
	err := b.h.cfg.DB.RenameVenuePlayer(ctx, id, name)
	switch {
	case errors.Is(err, db.ErrNotFound):
		return "", errNoPlayer
	case err != nil:
		return "", err
	}
	// The venue player's id is derived from their tokens, which a
	// rename leaves as they are.
	return "/players/" + url.PathEscape(id) + "?done=renamed_venue", nil
}

func (b venuePlayers) merge(ctx context.Context, from, into string) (string, error) {
	if err := b.h.cfg.DB.MergeVenuePlayers(ctx, from, into); err != nil {
		return "", fmt.Errorf("merge venue player %s into %s: %w", from, into, err)
	}
	// The merged player's id is derived from the smallest token of
	// either: the list shows them under it.
	return "/players?done=merged_venue", nil
}

func (b venuePlayers) forget(ctx context.Context, id string) (string, error) {
	err := b.h.cfg.DB.ForgetVenuePlayer(ctx, id)
	switch {
	case errors.Is(err, db.ErrNotFound):
		return "", errNoPlayer
	case errors.Is(err, db.ErrTraceLeft):
		return "/players?done=forgotten_venue_trace", nil
	case err != nil:
		return "", err
	}
	return "/players?done=forgotten_venue", nil
}
