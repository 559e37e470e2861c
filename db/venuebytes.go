package db

import (
	"context"
	"fmt"
)

// VenueBytesByKiosk is how many bytes each kiosk's sessions take in the
// venue's copy (their events' bodies as they came, moves included:
// SessionEvent.Bytes; the sessions kept aside too), by kiosk id: the hub counts a
// kiosk's events against its limit of bytes in all from there at its
// start (venue's KioskLimits).
func (d *DB) VenueBytesByKiosk(ctx context.Context) (map[string]int64, error) {
	rows, err := d.r.QueryContext(ctx, `SELECT kiosk, sum(n) FROM (SELECT kiosk, max(length(body), coalesce(json_extract(body, '$.bytes'), 0)) AS n FROM venue_sessions
		UNION ALL SELECT kiosk, length(body) FROM venue_aside) GROUP BY kiosk`)
	if err != nil {
		return nil, fmt.Errorf("db: venue bytes: %w", err)
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var k string
		var n int64
		if err := rows.Scan(&k, &n); err != nil {
			return nil, fmt.Errorf("db: venue bytes: %w", err)
		}
		out[k] = n
	}
	return out, rows.Err()
}
