package db

import (
	"context"
	"fmt"
)

// The venue's copy held by this database, as the anti-entropy check
// compares it with the hub's stream (venue/entropy.go): how many events it
// holds from each source, and which.

// SourceKind names one source of venue events: the kiosk (or hub) that
// published them and the kind of event ("session", "player" or "copy"), as the
// stream's subject names both.
type SourceKind struct {
	Kiosk, Kind string
}

// VenueEventCounts counts the venue events this database holds, by
// source and kind: each session once (by its id), each player event once.
func (d *DB) VenueEventCounts(ctx context.Context) (map[SourceKind]int, error) {
	rows, err := d.r.QueryContext(ctx,
		`SELECT kiosk, 'session', count(*) FROM (SELECT kiosk FROM venue_sessions UNION ALL SELECT kiosk FROM venue_aside) GROUP BY kiosk
		 UNION ALL SELECT kiosk, 'player', count(*) FROM venue_players GROUP BY kiosk
		 UNION ALL SELECT kiosk, 'copy', count(*) FROM venue_copies GROUP BY kiosk`)
	if err != nil {
		return nil, fmt.Errorf("venue copy: %w", err)
	}
	defer rows.Close()
	out := map[SourceKind]int{}
	for rows.Next() {
		var s SourceKind
		var n int
		if err := rows.Scan(&s.Kiosk, &s.Kind, &n); err != nil {
			return nil, fmt.Errorf("venue copy: %w", err)
		}
		out[s] = n
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("venue copy: %w", err)
	}
	return out, nil
}

// VenueEventIDs is the set of the event ids this database holds from one
// source and kind.
func (d *DB) VenueEventIDs(ctx context.Context, s SourceKind) (map[string]bool, error) {
	// A session's events kept aside count as held: loading them again
	// would keep them aside again.
	q := "SELECT event_id FROM venue_sessions WHERE kiosk = ?1 UNION SELECT event_id FROM venue_aside WHERE kiosk = ?1"
	switch s.Kind {
	case playerEventKind:
		q = "SELECT event_id FROM venue_players WHERE kiosk = ?"
	case copyEventKind:
		q = "SELECT event_id FROM venue_copies WHERE kiosk = ?"
	}
	rows, err := d.r.QueryContext(ctx, q, s.Kiosk)
	if err != nil {
		return nil, fmt.Errorf("venue copy of %s: %w", s.Kiosk, err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("venue copy of %s: %w", s.Kiosk, err)
		}
		out[id] = true
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("venue copy of %s: %w", s.Kiosk, err)
	}
	return out, nil
}
