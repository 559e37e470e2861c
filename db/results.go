package db

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"time"

	"github.com/tablee/tablee/engine"
)

// Finish ends an active session with res: in one transaction it marks the
// session finished, stores each seat's score, rank and win, updates the
// ratings of the persons seated, notes when they were last seen, and
// queues the session's event for the venue.
func (d *DB) Finish(ctx context.Context, session string, res engine.Result, at time.Time) error {
	err := d.inTx(ctx, "finish session "+session, func(tx *sql.Tx) error {
		game, err := finish(ctx, tx, session, res, at)
		if err != nil {
			return err
		}
		if err := rateFinished(ctx, tx, session, game, at); err != nil {
			return err
		}
		// The venue's event, in the same transaction (venue.go).
		return queueSession(ctx, tx, session, at, true, d.venueClock())
	})
	if err == nil {
		d.signalOutbox()
	}
	return err
}

// finish marks a session finished with its results, unrated yet; it
// returns the session's game.
func finish(ctx context.Context, tx *sql.Tx, session string, res engine.Result, at time.Time) (string, error) {
	var game string
	var n int
	err := tx.QueryRowContext(ctx,
		`SELECT game, (SELECT count(*) FROM seats WHERE session_id = s.id)
		 FROM sessions s WHERE id = ? AND status = 'active'`, session).Scan(&game, &n)
	if err == sql.ErrNoRows {
		return "", fmt.Errorf("no active session %s: %w", session, ErrNotFound)
	}
	if err != nil {
		return "", err
	}
	if len(res.Scores) != n || len(res.Ranks) != n {
		return "", fmt.Errorf("result for %d seats, session has %d", len(res.Scores), n)
	}
	if _, err := tx.ExecContext(ctx,
		"UPDATE sessions SET status = 'finished', ended_at = ?, reason = ? WHERE id = ?",
		fmtTime(at), res.Reason, session); err != nil {
		return "", err
	}
	if err := insertResults(ctx, tx, session, res); err != nil {
		return "", err
	}
	if _, err := tx.ExecContext(ctx,
		`UPDATE players SET last_seen = max(last_seen, ?)
		 WHERE id IN (SELECT player_id FROM seats WHERE session_id = ?)`,
		fmtTime(at), session); err != nil {
		return "", err
	}
	return game, nil
}

// Played is a finished session to import: its record and its result.
type Played struct {
	Session Session
	Result  engine.Result
}

// Import stores finished sessions (without move logs) in one transaction:
// for restoring results kept elsewhere, or seeding a database for tests
// and benchmarks. Whatever the order given, the sessions are rated in the
// order they ended, as Finish does. It returns the sessions' new ids.
func (d *DB) Import(ctx context.Context, played []Played) ([]string, error) {
	ids := make([]string, len(played))
	err := d.inTx(ctx, fmt.Sprintf("import %d sessions", len(played)), func(tx *sql.Tx) error {
		byGame := map[string][]endedKey{}
		for i, p := range played {
			s, err := insertSession(ctx, tx, p.Session)
			if err != nil {
				return fmt.Errorf("session %d: %w", i, err)
			}
			game, err := finish(ctx, tx, s.ID, p.Result, p.Session.EndedAt)
			if err != nil {
				return fmt.Errorf("session %d: %w", i, err)
			}
			ids[i] = s.ID
			byGame[game] = append(byGame[game], endedKey{fmtTime(p.Session.EndedAt), s.ID})
		}
		for game, keys := range byGame {
			if err := rateImported(ctx, tx, game, keys); err != nil {
				return err
			}
		}
		return nil
	})
	return ids, err
}

// endedKey orders finished sessions for rating: end time, then id.
type endedKey struct{ ended, id string }

func (a endedKey) less(b endedKey) bool {
	return a.ended < b.ended || (a.ended == b.ended && a.id < b.id)
}

// rateImported rates the sessions of game just imported: in end order
// after the ones already rated, or, if one of them ended before a session
// rated earlier, by rating the whole game again.
func rateImported(ctx context.Context, tx *sql.Tx, game string, keys []endedKey) error {
	sort.Slice(keys, func(i, j int) bool { return keys[i].less(keys[j]) })
	imported := make(map[string]bool, len(keys))
	for _, k := range keys {
		imported[k.id] = true
	}
	var latest endedKey
	rows, err := tx.QueryContext(ctx,
		`SELECT ended_at, id FROM sessions WHERE game = ? AND status = 'finished'
		 ORDER BY ended_at DESC, id DESC`, game)
	if err != nil {
		return fmt.Errorf("rate imported %s sessions: %w", game, err)
	}
	for rows.Next() {
		var k endedKey
		if err := rows.Scan(&k.ended, &k.id); err != nil {
			rows.Close()
			return err
		}
		if !imported[k.id] {
			latest = k
			break
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	if latest.id != "" && keys[0].less(latest) {
		return recomputeRatings(ctx, tx, game)
	}
	for _, k := range keys {
		at, err := parseTime(k.ended)
		if err != nil {
			return err
		}
		if err := rateSession(ctx, tx, k.id, game, at); err != nil {
			return fmt.Errorf("rate session %s: %w", k.id, err)
		}
	}
	return nil
}

func insertResults(ctx context.Context, tx *sql.Tx, session string, res engine.Result) error {
	for i := range res.Scores {
		if _, err := tx.ExecContext(ctx,
			"INSERT INTO results (session_id, seat, score, rank, winner) VALUES (?, ?, ?, ?, ?)",
			session, i, res.Scores[i], res.Ranks[i], res.Won(engine.Seat(i))); err != nil {
			return fmt.Errorf("result of seat %d: %w", i, err)
		}
	}
	return nil
}

// SeatResult is one seat's outcome of a finished session.
type SeatResult struct {
	Seat   engine.Seat
	Score  int
	Rank   int
	Winner bool
}

// Results returns a finished session's results by seat (none otherwise).
func (d *DB) Results(ctx context.Context, session string) ([]SeatResult, error) {
	rows, err := d.r.QueryContext(ctx,
		"SELECT seat, score, rank, winner FROM results WHERE session_id = ? ORDER BY seat", session)
	if err != nil {
		return nil, fmt.Errorf("results of session %s: %w", session, err)
	}
	defer rows.Close()
	var out []SeatResult
	for rows.Next() {
		var r SeatResult
		if err := rows.Scan(&r.Seat, &r.Score, &r.Rank, &r.Winner); err != nil {
			return nil, fmt.Errorf("results of session %s: %w", session, err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("results of session %s: %w", session, err)
	}
	return out, nil
}
