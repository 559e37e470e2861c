package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
)

// Player is someone who plays under a nickname across sessions.
type Player struct {
	ID       string // UUIDv7
	Nickname string
	Created  time.Time
	LastSeen time.Time
}

// CreatePlayer adds a player called nickname, first seen at now.
func (d *DB) CreatePlayer(ctx context.Context, nickname string, now time.Time) (Player, error) {
	nickname = strings.TrimSpace(nickname)
	if nickname == "" {
		return Player{}, errors.New("create player: empty nickname")
	}
	id, err := uuid.NewV7()
	if err != nil {
		return Player{}, fmt.Errorf("create player: %w", err)
	}
	p := Player{ID: id.String(), Nickname: nickname, Created: now.UTC().Truncate(time.Millisecond)}
	p.LastSeen = p.Created
	_, err = d.w.ExecContext(ctx,
		"INSERT INTO players (id, nickname, created_at, last_seen) VALUES (?, ?, ?, ?)",
		p.ID, p.Nickname, fmtTime(p.Created), fmtTime(p.LastSeen))
	if err != nil {
		return Player{}, fmt.Errorf("create player %q: %w", nickname, err)
	}
	return p, nil
}

const playerColumns = "id, nickname, created_at, last_seen"

func scanPlayer(row interface{ Scan(...any) error }) (Player, error) {
	var p Player
	var created, seen string
	if err := row.Scan(&p.ID, &p.Nickname, &created, &seen); err != nil {
		return Player{}, err
	}
	var err error
	if p.Created, err = parseTime(created); err != nil {
		return Player{}, err
	}
	if p.LastSeen, err = parseTime(seen); err != nil {
		return Player{}, err
	}
	return p, nil
}

// Player returns the player with id; the error wraps ErrNotFound if none.
func (d *DB) Player(ctx context.Context, id string) (Player, error) {
	p, err := scanPlayer(d.r.QueryRowContext(ctx, "SELECT "+playerColumns+" FROM players WHERE id = ?", id))
	if errors.Is(err, sql.ErrNoRows) {
		return Player{}, fmt.Errorf("player %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return Player{}, fmt.Errorf("player %s: %w", id, err)
	}
	return p, nil
}

// Players lists every player by nickname.
func (d *DB) Players(ctx context.Context) ([]Player, error) {
	rows, err := d.r.QueryContext(ctx, "SELECT "+playerColumns+" FROM players ORDER BY nickname, id")
	if err != nil {
		return nil, fmt.Errorf("list players: %w", err)
	}
	defer rows.Close()
	var out []Player
	for rows.Next() {
		p, err := scanPlayer(rows)
		if err != nil {
			return nil, fmt.Errorf("list players: %w", err)
		}
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list players: %w", err)
	}
	return out, nil
}

// RenamePlayer changes a player's nickname.
func (d *DB) RenamePlayer(ctx context.Context, id, nickname string) error {
	nickname = strings.TrimSpace(nickname)
	if nickname == "" {
		return fmt.Errorf("rename player %s: empty nickname", id)
	}
	res, err := d.w.ExecContext(ctx, "UPDATE players SET nickname = ? WHERE id = ?", nickname, id)
	return oneRow(res, err, "rename player "+id)
}

// TouchPlayer records that a player was seen at now.
func (d *DB) TouchPlayer(ctx context.Context, id string, now time.Time) error {
	res, err := d.w.ExecContext(ctx, "UPDATE players SET last_seen = max(last_seen, ?) WHERE id = ?", fmtTime(now), id)
	return oneRow(res, err, "touch player "+id)
}

// oneRow turns the outcome of an UPDATE of one row by key into an error.
func oneRow(res sql.Result, err error, what string) error {
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if n == 0 {
		return fmt.Errorf("%s: %w", what, ErrNotFound)
	}
	return nil
}
