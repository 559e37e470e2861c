package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/tablee/tablee/session"
)

// CreateSession stores a new active session with its seats and returns it
// with its new id.
func (d *DB) CreateSession(ctx context.Context, s session.Record) (session.Record, error) {
	var err error
	released := false
	err = d.inTx(ctx, "create session", func(tx *sql.Tx) error {
		// The table moves on: the last play's results are no longer
		// shown, and its event waits for no more signatures.
		if released, err = releaseHeld(ctx, tx); err != nil {
			return err
		}
		s, err = insertSession(ctx, tx, s)
		return err
	})
	if released && err == nil {
		d.signalOutbox()
	}
	return s, err
}

// insertSession stores s as a new active session with a new id.
func insertSession(ctx context.Context, tx *sql.Tx, s session.Record) (session.Record, error) {
	if err := checkSeats(s.Seats); err != nil {
		return session.Record{}, err
	}
	id, err := uuid.NewV7()
	if err != nil {
		return session.Record{}, err
	}
	s.ID, s.Status, s.EndedAt, s.Reason = id.String(), session.Active, time.Time{}, ""
	s.StartedAt = s.StartedAt.UTC().Truncate(time.Millisecond)
	opts, err := json.Marshal(nonNil(s.Options))
	if err != nil {
		return session.Record{}, err
	}
	if _, err := tx.ExecContext(ctx,
		`INSERT INTO sessions (id, table_id, game, options, seed, status, started_at)
		 VALUES (?, ?, ?, ?, ?, ?, ?)`,
		s.ID, s.TableID, s.Game, string(opts), int64(s.Seed), s.Status, fmtTime(s.StartedAt)); err != nil {
		return session.Record{}, err
	}
	return s, insertSeats(ctx, tx, s.ID, s.Seats)
}

func checkSeats(seats []session.Seat) error {
	if len(seats) == 0 {
		return errors.New("no seats")
	}
	for i, st := range seats {
		switch {
		case st.Kind == session.Person && st.PlayerID == "":
			return fmt.Errorf("seat %d: a person needs a player id", i)
		case st.Kind == session.Bot && st.BotLevel == "":
			return fmt.Errorf("seat %d: a bot needs a level", i)
		case st.Kind != session.Person && st.Kind != session.Guest && st.Kind != session.Bot:
			return fmt.Errorf("seat %d: unknown kind %q", i, st.Kind)
		}
	}
	return nil
}

func insertSeats(ctx context.Context, tx *sql.Tx, id string, seats []session.Seat) error {
	for i, st := range seats {
		var player, level sql.NullString
		if st.Kind == session.Person {
			player = sql.NullString{String: st.PlayerID, Valid: true}
		}
		if st.Kind == session.Bot {
			level = sql.NullString{String: string(st.BotLevel), Valid: true}
		}
		if _, err := tx.ExecContext(ctx,
			"INSERT INTO seats (session_id, seat, kind, player_id, bot_level, name) VALUES (?, ?, ?, ?, ?, ?)",
			id, i, st.Kind, player, level, st.Name); err != nil {
			return fmt.Errorf("seat %d: %w", i, err)
		}
	}
	return nil
}

func nonNil(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

const sessionColumns = "id, table_id, game, options, seed, status, started_at, ended_at, reason"

func scanSession(row interface{ Scan(...any) error }) (session.Record, error) {
	var s session.Record
	var opts, started string
	var ended sql.NullString
	var seed int64
	if err := row.Scan(&s.ID, &s.TableID, &s.Game, &opts, &seed, &s.Status, &started, &ended, &s.Reason); err != nil {
		return session.Record{}, err
	}
	s.Seed = uint64(seed)
	if err := json.Unmarshal([]byte(opts), &s.Options); err != nil {
		return session.Record{}, fmt.Errorf("session %s options: %w", s.ID, err)
	}
	var err error
	if s.StartedAt, err = parseTime(started); err != nil {
		return session.Record{}, err
	}
	if s.EndedAt, err = parseNullTime(ended); err != nil {
		return session.Record{}, err
	}
	return s, nil
}

// Session returns the session with id and its seats; the error wraps
// ErrNotFound if there is none.
func (d *DB) Session(ctx context.Context, id string) (session.Record, error) {
	s, err := scanSession(d.r.QueryRowContext(ctx, "SELECT "+sessionColumns+" FROM sessions WHERE id = ?", id))
	if errors.Is(err, sql.ErrNoRows) {
		return session.Record{}, fmt.Errorf("session %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return session.Record{}, fmt.Errorf("session %s: %w", id, err)
	}
	if s.Seats, err = d.seats(ctx, id); err != nil {
		return session.Record{}, err
	}
	return s, nil
}

// seats reads a session's seats.
func (d *DB) seats(ctx context.Context, id string) ([]session.Seat, error) {
	rows, err := d.seatsWhere(ctx, "s.session_id = ?", id)
	if err != nil {
		return nil, err
	}
	out := make([]session.Seat, len(rows))
	for i, r := range rows {
		out[i] = r.Seat
	}
	return out, nil
}

// sessionSeat is a seat with the session it belongs to.
type sessionSeat struct {
	session string
	session.Seat
}

// seatsWhere reads the seats matching cond, by session and seat; a
// person's Name is their nickname.
func (d *DB) seatsWhere(ctx context.Context, cond string, args ...any) ([]sessionSeat, error) {
	rows, err := d.r.QueryContext(ctx,
		`WITH shown AS (`+shownNames+`)
		 SELECT s.session_id, s.kind, coalesce(s.player_id, ''), coalesce(s.bot_level, ''),
		        CASE WHEN s.kind = 'person' THEN p.shown ELSE s.name END,
		        coalesce(hp.shown, h.name, ''), coalesce(h.player_id, ''), s.hints
		 FROM seats s LEFT JOIN shown p ON p.id = s.player_id
		 LEFT JOIN bot_handovers h ON h.session_id = s.session_id AND h.seat = s.seat AND s.kind = 'bot'
		 LEFT JOIN shown hp ON hp.id = h.player_id
		 WHERE `+cond+` ORDER BY s.session_id, s.seat`, args...)
	if err != nil {
		return nil, fmt.Errorf("read seats: %w", err)
	}
	defer rows.Close()
	var out []sessionSeat
	for rows.Next() {
		var st sessionSeat
		if err := rows.Scan(&st.session, &st.Kind, &st.PlayerID, &st.BotLevel, &st.Name,
			&st.HandedFrom, &st.HandedPlayer, &st.Hints); err != nil {
			return nil, fmt.Errorf("read seats: %w", err)
		}
		out = append(out, st)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read seats: %w", err)
	}
	return out, nil
}

// SessionFilter selects sessions; zero fields select everything.
type SessionFilter struct {
	Since    time.Time // started at or after
	Statuses []session.Status
	Game     string
}

// Sessions lists the sessions matching f, oldest first, with their seats.
func (d *DB) Sessions(ctx context.Context, f SessionFilter) ([]session.Record, error) {
	where, args := f.where()
	rows, err := d.r.QueryContext(ctx,
		"SELECT "+sessionColumns+" FROM sessions WHERE "+where+" ORDER BY started_at, id", args...)
	if err != nil {
		return nil, fmt.Errorf("list sessions: %w", err)
	}
	defer rows.Close()
	var out []session.Record
	index := map[string]int{}
	for rows.Next() {
		s, err := scanSession(rows)
		if err != nil {
			return nil, fmt.Errorf("list sessions: %w", err)
		}
		index[s.ID] = len(out)
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list sessions: %w", err)
	}
	// All the seats in one query rather than one per session.
	seats, err := d.seatsWhere(ctx, "s.session_id IN (SELECT id FROM sessions WHERE "+where+")", args...)
	if err != nil {
		return nil, err
	}
	for _, st := range seats {
		if i, ok := index[st.session]; ok {
			out[i].Seats = append(out[i].Seats, st.Seat)
		}
	}
	return out, nil
}

func (f SessionFilter) where() (string, []any) {
	where, args := []string{"1"}, []any{}
	if !f.Since.IsZero() {
		where, args = append(where, "started_at >= ?"), append(args, fmtTime(f.Since))
	}
	if f.Game != "" {
		where, args = append(where, "game = ?"), append(args, f.Game)
	}
	if len(f.Statuses) > 0 {
		where = append(where, "status IN (?"+strings.Repeat(", ?", len(f.Statuses)-1)+")")
		for _, st := range f.Statuses {
			args = append(args, st)
		}
	}
	return strings.Join(where, " AND "), args
}

// Unfinished lists the sessions a restarted kiosk must resume: active and paused.
func (d *DB) Unfinished(ctx context.Context) ([]session.Record, error) {
	return d.Sessions(ctx, SessionFilter{Statuses: []session.Status{session.Active, session.Paused}})
}

// SetStatus moves an unfinished session to status (paused, active,
// abandoned or broken), noting reason. Finishing goes through Finish.
func (d *DB) SetStatus(ctx context.Context, id string, status session.Status, reason string, at time.Time) error {
	if status == session.Finished {
		return fmt.Errorf("session %s: finish it with Finish, which writes the results", id)
	}
	var ended sql.NullString
	if status.Ended() {
		ended = fmtNullTime(at)
	}
	res, err := d.w.ExecContext(ctx,
		`UPDATE sessions SET status = ?, reason = ?, ended_at = ?,
		        seating = CASE WHEN ? IN ('active', 'paused') THEN seating END
		 WHERE id = ? AND status IN ('active', 'paused')`,
		status, reason, ended, status, id)
	return oneRow(res, err, fmt.Sprintf("set session %s %s (it must be active or paused)", id, status))
}
