package window

import (
	"context"
	"sort"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/kiosk/screen"
)

// staffUnplayedMonths is the weeding count the staff screen shows: the
// console's default.
const staffUnplayedMonths = 6

// shortList is how many titles and searches the staff screen lists.
const shortList = 5

// shelfFigures are the ludothèque's figures in short for the staff
// screen, over the venue's plays when the database holds them.
func (r records) shelfFigures(ctx context.Context, now time.Time) (screen.ShelfFigures, error) {
	var out screen.ShelfFigures
	venue, err := r.d.HasVenuePlays(ctx)
	if err != nil {
		return out, err
	}
	figs, err := r.d.ShelfFigures(ctx, now, venue)
	if err != nil {
		return out, err
	}
	out.Venue = venue
	var played []db.TitleFigures
	for _, f := range figs {
		if f.Month > 0 && f.Engine == "" {
			played = append(played, f)
		}
	}
	sort.SliceStable(played, func(i, j int) bool { return played[i].Month > played[j].Month })
	for _, f := range played[:min(len(played), shortList)] {
		out.Top = append(out.Top, screen.TitlePlays{Names: f.Names, Plays: f.Month})
	}
	out.UnplayedMonths = staffUnplayedMonths
	out.Unplayed = len(db.Unplayed(figs, now.AddDate(0, -staffUnplayedMonths, 0)))
	searched, err := r.d.SearchedNotOwned(ctx, time.Time{})
	if err != nil {
		return out, err
	}
	out.Searched = searched[:min(len(searched), shortList)]
	notes, err := r.d.CopyNotes(ctx, false)
	if err != nil {
		return out, err
	}
	repairs := db.Repairs(notes)
	out.Repairs = len(repairs)
	for _, r := range repairs {
		out.Damaged += min(r.Damage, 1)
		out.Incomplete += min(r.Missing, 1)
	}
	return out, nil
}
