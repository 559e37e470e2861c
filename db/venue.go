package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/tablee/tablee/session"
	"time"

	"github.com/google/uuid"
)

// The venue's side of the database (docs/venue.md): the outbox of events a
// kiosk owes the venue, the venue's sessions loaded from its stream, and
// the pairing. SQLite stays the truth; the streams only carry copies.

// SessionEvent is a finished session as the venue carries it: everything a
// board needs, self-contained (names included), so that a node that never
// saw the table can list and rate it. It is JSON in the outbox and on the
// stream; V is its version.
type SessionEvent struct {
	V         int               `json:"v"`
	Kiosk     string            `json:"kiosk"` // the kiosk's venue id
	Table     string            `json:"table"` // the table's name
	ID        string            `json:"id"`    // the session's id
	Game      string            `json:"game"`
	Options   map[string]string `json:"options"`
	Seed      uint64            `json:"seed"`
	StartedAt time.Time         `json:"started_at"`
	EndedAt   time.Time         `json:"ended_at"`
	Reason    string            `json:"reason"`
	Seats     []EventSeat       `json:"seats"`
}

// EventSeat is one seat of a SessionEvent with its result.
type EventSeat struct {
	Kind     session.SeatKind `json:"kind"`
	PlayerID string           `json:"player,omitempty"`   // persons
	Nickname string           `json:"nickname,omitempty"` // persons, as the table knew them then
	BotLevel string           `json:"bot,omitempty"`
	Name     string           `json:"name,omitempty"` // a guest's name
	Score    int              `json:"score"`
	Rank     int              `json:"rank"`
	Winner   bool             `json:"winner"`
}

// sessionEventVersion is the version of SessionEvent this build writes.
const sessionEventVersion = 1

// OutboxEvent is an event waiting for its stream's acknowledgement.
type OutboxEvent struct {
	ID   string // UUIDv7: the Nats-Msg-Id, so a republished event is dropped as a duplicate
	Kind string // "session"
	Ref  string // the session's id
	Body []byte // JSON, a SessionEvent
}

// VenueSession is a finished session of the venue, from any table.
type VenueSession struct {
	Event   SessionEvent
	EventID string
}

// Keys of venue_config.
const (
	venueKioskID = "kiosk.id"
)

// VenueID is this database's id in the venue, made on first use: it names
// the kiosk's stream and JetStream domain, so it never changes.
func (d *DB) VenueID(ctx context.Context) (string, error) {
	var id string
	err := d.inTx(ctx, "venue id", func(tx *sql.Tx) error {
		var err error
		id, err = venueID(ctx, tx)
		return err
	})
	return id, err
}

func venueID(ctx context.Context, tx *sql.Tx) (string, error) {
	fresh, err := uuid.NewV7()
	if err != nil {
		return "", err
	}
	if _, err := tx.ExecContext(ctx,
		"INSERT OR IGNORE INTO venue_config (key, value) VALUES (?, ?)", venueKioskID, fresh.String()); err != nil {
		return "", err
	}
	var id string
	err = tx.QueryRowContext(ctx, "SELECT value FROM venue_config WHERE key = ?", venueKioskID).Scan(&id)
	return id, err
}

// VenueConfig returns the venue setting key, "" if unset.
func (d *DB) VenueConfig(ctx context.Context, key string) (string, error) {
	var v string
	err := d.r.QueryRowContext(ctx, "SELECT value FROM venue_config WHERE key = ?", key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("venue setting %s: %w", key, err)
	}
	return v, nil
}

// SetVenueConfig stores the venue settings given, in one transaction.
func (d *DB) SetVenueConfig(ctx context.Context, kv map[string]string) error {
	return d.inTx(ctx, "store venue settings", func(tx *sql.Tx) error {
		for k, v := range kv {
			if _, err := tx.ExecContext(ctx,
				`INSERT INTO venue_config (key, value) VALUES (?, ?)
				 ON CONFLICT (key) DO UPDATE SET value = excluded.value`, k, v); err != nil {
				return fmt.Errorf("%s: %w", k, err)
			}
		}
		return nil
	})
}

// queueSession writes the outbox event of a session just finished, in the
// transaction that finished it: the event exists if and only if the
// session ended. A session already queued is left as it is.
func queueSession(ctx context.Context, tx *sql.Tx, session string, now time.Time) error {
	kiosk, err := venueID(ctx, tx)
	if err != nil {
		return fmt.Errorf("venue id: %w", err)
	}
	ev, err := sessionEvent(ctx, tx, session)
	if err != nil {
		return fmt.Errorf("venue event of %s: %w", session, err)
	}
	ev.Kiosk = kiosk
	body, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	id, err := uuid.NewV7()
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx,
		`INSERT OR IGNORE INTO venue_outbox (event_id, kind, ref, body, created_at) VALUES (?, 'session', ?, ?, ?)`,
		id.String(), session, string(body), fmtTime(now))
	return err
}

// sessionEvent reads a finished session as its event, without the kiosk.
func sessionEvent(ctx context.Context, tx *sql.Tx, session string) (SessionEvent, error) {
	ev := SessionEvent{V: sessionEventVersion, ID: session}
	var opts, started, ended string
	var seed int64
	err := tx.QueryRowContext(ctx,
		`SELECT t.name, s.game, s.options, s.seed, s.started_at, s.ended_at, s.reason
		 FROM sessions s JOIN kiosk_tables t ON t.id = s.table_id
		 WHERE s.id = ? AND s.status = 'finished'`, session).
		Scan(&ev.Table, &ev.Game, &opts, &seed, &started, &ended, &ev.Reason)
	if errors.Is(err, sql.ErrNoRows) {
		return ev, fmt.Errorf("no finished session %s: %w", session, ErrNotFound)
	}
	if err != nil {
		return ev, err
	}
	ev.Seed = uint64(seed)
	if err := json.Unmarshal([]byte(opts), &ev.Options); err != nil {
		return ev, fmt.Errorf("options: %w", err)
	}
	if ev.StartedAt, err = parseTime(started); err != nil {
		return ev, err
	}
	if ev.EndedAt, err = parseTime(ended); err != nil {
		return ev, err
	}
	rows, err := tx.QueryContext(ctx,
		`SELECT s.kind, coalesce(s.player_id, ''), coalesce(p.nickname, ''), coalesce(s.bot_level, ''), s.name,
		        coalesce(r.score, 0), coalesce(r.rank, 0), coalesce(r.winner, 0)
		 FROM seats s LEFT JOIN players p ON p.id = s.player_id
		 LEFT JOIN results r ON r.session_id = s.session_id AND r.seat = s.seat
		 WHERE s.session_id = ? ORDER BY s.seat`, session)
	if err != nil {
		return ev, err
	}
	defer rows.Close()
	for rows.Next() {
		var st EventSeat
		if err := rows.Scan(&st.Kind, &st.PlayerID, &st.Nickname, &st.BotLevel, &st.Name, &st.Score, &st.Rank, &st.Winner); err != nil {
			return ev, err
		}
		ev.Seats = append(ev.Seats, st)
	}
	return ev, rows.Err()
}

// QueueFinishedSessions queues the finished sessions that have no outbox
// event yet (those that ended before this schema), so that pairing a
// kiosk shares its whole history. It returns how many it queued.
func (d *DB) QueueFinishedSessions(ctx context.Context, now time.Time) (int, error) {
	var n int
	err := d.inTx(ctx, "queue finished sessions for the venue", func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx,
			`SELECT id FROM sessions s WHERE status = 'finished'
			 AND NOT EXISTS (SELECT 1 FROM venue_outbox o WHERE o.kind = 'session' AND o.ref = s.id)
			 ORDER BY ended_at, id`)
		if err != nil {
			return err
		}
		var ids []string
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			ids = append(ids, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, id := range ids {
			if err := queueSession(ctx, tx, id, now); err != nil {
				return err
			}
		}
		n = len(ids)
		return nil
	})
	if n > 0 {
		d.signalOutbox()
	}
	return n, err
}

// PendingEvents returns up to limit events not yet acknowledged, oldest
// first.
func (d *DB) PendingEvents(ctx context.Context, limit int) ([]OutboxEvent, error) {
	rows, err := d.r.QueryContext(ctx,
		`SELECT event_id, kind, ref, body FROM venue_outbox WHERE acked_at IS NULL
		 ORDER BY event_id LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("pending venue events: %w", err)
	}
	defer rows.Close()
	var out []OutboxEvent
	for rows.Next() {
		var e OutboxEvent
		var body string
		if err := rows.Scan(&e.ID, &e.Kind, &e.Ref, &body); err != nil {
			return nil, fmt.Errorf("pending venue events: %w", err)
		}
		e.Body = []byte(body)
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("pending venue events: %w", err)
	}
	return out, nil
}

// AckEvent marks an outbox event acknowledged by the stream at.
func (d *DB) AckEvent(ctx context.Context, id string, at time.Time) error {
	return d.inTx(ctx, "acknowledge venue event "+id, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx,
			"UPDATE venue_outbox SET acked_at = ? WHERE event_id = ? AND acked_at IS NULL", fmtTime(at), id)
		return err
	})
}

// OutboxQueued is signalled (without blocking, at most one signal waiting)
// each time an event is queued, so a publisher need not poll.
func (d *DB) OutboxQueued() <-chan struct{} { return d.outbox }

func (d *DB) signalOutbox() {
	select {
	case d.outbox <- struct{}{}:
	default:
	}
}

// ErrBadEvent is returned (wrapped) by LoadVenueEvent for an event that can
// never load: not JSON, or not a finished session.
var ErrBadEvent = errors.New("not a venue event this Tablée reads")

// LoadVenueEvent stores a session event from the venue stream, or ignores
// it if the session is already known: the venue's sessions only grow, so
// loading is a union. It reports whether the session was new.
func (d *DB) LoadVenueEvent(ctx context.Context, eventID string, body []byte, now time.Time) (bool, error) {
	var ev SessionEvent
	if err := json.Unmarshal(body, &ev); err != nil {
		return false, fmt.Errorf("venue event %s: %w: %v", eventID, ErrBadEvent, err)
	}
	if ev.V < 1 || ev.ID == "" || ev.Kiosk == "" || ev.EndedAt.IsZero() {
		return false, fmt.Errorf("venue event %s: %w: not a finished session (version %d)", eventID, ErrBadEvent, ev.V)
	}
	var added bool
	err := d.inTx(ctx, "load venue event "+eventID, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx,
			`INSERT OR IGNORE INTO venue_sessions (id, event_id, kiosk, table_name, game, started_at, ended_at, reason, body, loaded_at)
			 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			ev.ID, eventID, ev.Kiosk, ev.Table, ev.Game, fmtTime(ev.StartedAt), fmtTime(ev.EndedAt), ev.Reason, string(body), fmtTime(now))
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		added = n > 0
		return err
	})
	return added, err
}

// VenueSessions lists the venue's sessions that ended at or after since
// (all if zero), of game if not empty, by end time then id.
func (d *DB) VenueSessions(ctx context.Context, since time.Time, game string) ([]VenueSession, error) {
	rows, err := d.r.QueryContext(ctx,
		`SELECT event_id, body FROM venue_sessions
		 WHERE ended_at >= ? AND (? = '' OR game = ?) ORDER BY ended_at, id`,
		fmtTime(since), game, game)
	if err != nil {
		return nil, fmt.Errorf("venue sessions: %w", err)
	}
	defer rows.Close()
	var out []VenueSession
	for rows.Next() {
		var s VenueSession
		var body string
		if err := rows.Scan(&s.EventID, &body); err != nil {
			return nil, fmt.Errorf("venue sessions: %w", err)
		}
		if err := json.Unmarshal([]byte(body), &s.Event); err != nil {
			return nil, fmt.Errorf("venue session event %s: %w", s.EventID, err)
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("venue sessions: %w", err)
	}
	return out, nil
}

// VenueKiosk is a kiosk the hub knows: its venue id and its table's name.
type VenueKiosk struct {
	ID, Table string
	FirstSeen time.Time
	LastSeen  time.Time
}

// NoteVenueKiosk records that kiosk id (its table called table) said hello
// at now; it reports whether the kiosk is new.
func (d *DB) NoteVenueKiosk(ctx context.Context, id, table string, now time.Time) (bool, error) {
	var added bool
	err := d.inTx(ctx, "note venue kiosk "+id, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx,
			`INSERT OR IGNORE INTO venue_kiosks (id, table_name, first_seen, last_seen) VALUES (?, ?, ?, ?)`,
			id, table, fmtTime(now), fmtTime(now))
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		added = n > 0
		if !added {
			_, err = tx.ExecContext(ctx,
				"UPDATE venue_kiosks SET table_name = ?, last_seen = max(last_seen, ?) WHERE id = ?",
				table, fmtTime(now), id)
		}
		return err
	})
	return added, err
}

// VenueKiosks lists the kiosks the hub knows, by id.
func (d *DB) VenueKiosks(ctx context.Context) ([]VenueKiosk, error) {
	rows, err := d.r.QueryContext(ctx, "SELECT id, table_name, first_seen, last_seen FROM venue_kiosks ORDER BY id")
	if err != nil {
		return nil, fmt.Errorf("venue kiosks: %w", err)
	}
	defer rows.Close()
	var out []VenueKiosk
	for rows.Next() {
		var k VenueKiosk
		var first, last string
		if err := rows.Scan(&k.ID, &k.Table, &first, &last); err != nil {
			return nil, fmt.Errorf("venue kiosks: %w", err)
		}
		if k.FirstSeen, err = parseTime(first); err != nil {
			return nil, err
		}
		if k.LastSeen, err = parseTime(last); err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("venue kiosks: %w", err)
	}
	return out, nil
}

// forgetInVenue makes the player a nameless guest in the venue's copies of
// sessions in this file: the outbox and the venue's sessions. (The copies
// already in streams and at other nodes need a forget event: docs/venue.md.)
func forgetInVenue(ctx context.Context, tx *sql.Tx, id string) error {
	for _, table := range []string{"venue_outbox", "venue_sessions"} {
		if _, err := tx.ExecContext(ctx, `UPDATE `+table+` SET body = json_set(body, '$.seats', (
			SELECT json_group_array(CASE WHEN json_extract(value, '$.player') = ?1
				THEN json_remove(json_set(value, '$.kind', 'guest', '$.name', ''), '$.player', '$.nickname')
				ELSE json(value) END ORDER BY key)
			FROM json_each(body, '$.seats')))
			WHERE instr(body, ?1) > 0`, id); err != nil {
			return fmt.Errorf("forget in %s: %w", table, err)
		}
	}
	return nil
}
