package db

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// recomputeRatings rebuilds every rating of game, and its rating changes,
// by rating its finished sessions again in the order they ended (sessions
// ending in the same millisecond by id). It works in memory and writes
// each player's final rating once, so a game of many thousand sessions is
// rated again in seconds.
func recomputeRatings(ctx context.Context, tx *sql.Tx, game string) error {
	for _, q := range []string{
		"DELETE FROM ratings WHERE game = ?",
		"DELETE FROM rating_changes WHERE game = ?",
	} {
		if _, err := tx.ExecContext(ctx, q, game); err != nil {
			return fmt.Errorf("recompute %s ratings: %w", game, err)
		}
	}
	if game == SheetGame {
		return nil // rated per title, by TitleBoard
	}
	sessions, err := ratedSessions(ctx, tx, game)
	if err != nil {
		return fmt.Errorf("recompute %s ratings: %w", game, err)
	}
	// One statement compiled once: a game may hold a hundred thousand seats.
	insert, err := tx.PrepareContext(ctx, insertChange)
	if err != nil {
		return fmt.Errorf("recompute %s ratings: %w", game, err)
	}
	defer insert.Close()
	current := map[string]Rating{}
	last := map[string]time.Time{}
	for _, s := range sessions {
		seated := ratable(s.seats)
		if len(seated) < 2 {
			continue
		}
		before := make([]Rating, len(seated))
		for i, st := range seated {
			r, ok := current[st.player]
			if !ok {
				r = newRating(st.player, game)
			}
			before[i] = r
		}
		for i, r := range rate(before, seated) {
			current[r.PlayerID], last[r.PlayerID] = r, s.ended
			if _, err := insert.ExecContext(ctx, changeArgs(s.id, seated[i], before[i], r)...); err != nil {
				return fmt.Errorf("recompute %s ratings, session %s: %w", game, s.id, err)
			}
		}
	}
	for p, r := range current {
		if err := saveRating(ctx, tx, r, last[p]); err != nil {
			return err
		}
	}
	return nil
}

// endedSession is a finished session with its persons' seats and ranks.
type endedSession struct {
	id    string
	ended time.Time
	seats []rated
}

// ratedSessions reads game's finished sessions in rating order, each with
// the seats of its persons.
func ratedSessions(ctx context.Context, tx *sql.Tx, game string) ([]endedSession, error) {
	rows, err := tx.QueryContext(ctx,
		`SELECT s.id, s.ended_at, st.seat, st.player_id, r.rank
		 FROM sessions s
		 JOIN seats st ON st.session_id = s.id AND st.kind = 'person'
		 JOIN results r ON r.session_id = st.session_id AND r.seat = st.seat
		 WHERE s.game = ? AND s.status = 'finished'
		 ORDER BY s.ended_at, s.id, st.seat`, game)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []endedSession
	for rows.Next() {
		var id, ended string
		var r rated
		if err := rows.Scan(&id, &ended, &r.seat, &r.player, &r.rank); err != nil {
			return nil, err
		}
		if n := len(out); n == 0 || out[n-1].id != id {
			at, err := parseTime(ended)
			if err != nil {
				return nil, err
			}
			out = append(out, endedSession{id: id, ended: at})
		}
		out[len(out)-1].seats = append(out[len(out)-1].seats, r)
	}
	return out, rows.Err()
}

// recomputeAll rates every game again: on opening a file whose ratings
// were computed with another model.
func recomputeAll(ctx context.Context, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx,
		`SELECT game FROM ratings UNION SELECT game FROM sessions WHERE status = 'finished' ORDER BY 1`)
	if err != nil {
		return fmt.Errorf("recompute ratings: %w", err)
	}
	var games []string
	for rows.Next() {
		var g string
		if err := rows.Scan(&g); err != nil {
			rows.Close()
			return fmt.Errorf("recompute ratings: %w", err)
		}
		games = append(games, g)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("recompute ratings: %w", err)
	}
	for _, g := range games {
		if err := recomputeRatings(ctx, tx, g); err != nil {
			return err
		}
	}
	return nil
}

// ensureRatingModel rates everything again when the file's ratings were
// computed with another model than this program's (an older Tablée without
// the dynamics factor, or out of end order), and records the model.
func ensureRatingModel(ctx context.Context, w *sql.DB) error {
	tx, err := w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("check the rating model: %w", err)
	}
	defer tx.Rollback()
	var have string
	err = tx.QueryRowContext(ctx, "SELECT model FROM rating_model WHERE id = 1").Scan(&have)
	if err != nil && err != sql.ErrNoRows {
		return fmt.Errorf("check the rating model: %w", err)
	}
	if have == ratingModel {
		return nil
	}
	if err := recomputeAll(ctx, tx); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx,
		`INSERT INTO rating_model (id, model) VALUES (1, ?)
		 ON CONFLICT (id) DO UPDATE SET model = excluded.model`, ratingModel); err != nil {
		return fmt.Errorf("record the rating model: %w", err)
	}
	return tx.Commit()
}

// RecomputeRatings rates every game again from the stored results, in the
// order the games ended: what the stored ratings must always equal.
func (d *DB) RecomputeRatings(ctx context.Context) error {
	return d.inTx(ctx, "recompute ratings", func(tx *sql.Tx) error {
		return recomputeAll(ctx, tx)
	})
}
