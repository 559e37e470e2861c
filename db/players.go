package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Player is someone who plays under a nickname across sessions: a phone
// with its player key, or a player the staff added.
type Player struct {
	ID       string // UUIDv7
	Nickname string // the latest name they chose (or the staff gave)
	// Shown is the name boards and lists show: the nickname, followed by
	// " (2)", " (3)"… when players who came earlier hold the same one.
	Shown    string
	Aliases  []string // every name they were known under, the nickname included
	Keys     int      // phone keys that identify them
	Created  time.Time
	LastSeen time.Time
}

// shownNames is a query of every player's shown name: the first player
// (by creation) of a folded nickname keeps it, later ones get a number.
const shownNames = `SELECT id, CASE WHEN n > 1 THEN nickname || ' (' || n || ')' ELSE nickname END AS shown
	FROM (SELECT id, nickname, row_number() OVER (PARTITION BY name_key ORDER BY created_at, id) AS n FROM players)`

// CreatePlayer adds a player called nickname, first seen at now, without a
// phone key (the staff's, or a simulation's).
func (d *DB) CreatePlayer(ctx context.Context, nickname string, now time.Time) (Player, error) {
	nickname = strings.TrimSpace(nickname)
	if nickname == "" {
		return Player{}, errors.New("create player: empty nickname")
	}
	now = now.UTC().Truncate(time.Millisecond)
	var id string
	err := d.inTx(ctx, fmt.Sprintf("create player %q", nickname), func(tx *sql.Tx) error {
		var err error
		id, err = insertPlayer(ctx, tx, nickname, now)
		return err
	})
	if err != nil {
		return Player{}, err
	}
	return d.Player(ctx, id)
}

const playerQuery = `SELECT p.id, p.nickname, sn.shown, p.created_at, p.last_seen,
	(SELECT count(*) FROM player_keys k WHERE k.player_id = p.id),
	coalesce((SELECT json_group_array(name) FROM (
		SELECT name FROM player_aliases a WHERE a.player_id = p.id ORDER BY first_used, name)), '[]')
	FROM players p JOIN (` + shownNames + `) sn ON sn.id = p.id`

func scanPlayer(row interface{ Scan(...any) error }) (Player, error) {
	var p Player
	var created, seen, aliases string
	if err := row.Scan(&p.ID, &p.Nickname, &p.Shown, &created, &seen, &p.Keys, &aliases); err != nil {
		return Player{}, err
	}
	var err error
	if p.Created, err = parseTime(created); err != nil {
		return Player{}, err
	}
	if p.LastSeen, err = parseTime(seen); err != nil {
		return Player{}, err
	}
	if p.Aliases, err = jsonStrings(aliases); err != nil {
		return Player{}, err
	}
	return p, nil
}

// Player returns the player with id; the error wraps ErrNotFound if none.
func (d *DB) Player(ctx context.Context, id string) (Player, error) {
	p, err := scanPlayer(d.r.QueryRowContext(ctx, playerQuery+" WHERE p.id = ?", id))
	if errors.Is(err, sql.ErrNoRows) {
		return Player{}, fmt.Errorf("player %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return Player{}, fmt.Errorf("player %s: %w", id, err)
	}
	return p, nil
}

// Players lists every player, one each, by shown name (French and German
// collation: Élodie beside Elise).
func (d *DB) Players(ctx context.Context) ([]Player, error) {
	rows, err := d.r.QueryContext(ctx, playerQuery)
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
	sortByName(out, func(p Player) (string, string) { return p.Shown, p.ID })
	return out, nil
}

// RenamePlayer changes a player's nickname, as the staff do to tell two
// players apart or to replace an unwelcome name. The old name stays among
// their aliases. The player's phone, if it joins again with the nickname
// the staff replaced, keeps the staff's name; a new nickname from the
// phone replaces it.
func (d *DB) RenamePlayer(ctx context.Context, id, nickname string) error {
	nickname = strings.TrimSpace(nickname)
	if nickname == "" {
		return fmt.Errorf("rename player %s: empty nickname", id)
	}
	defer d.signalOutbox()
	return d.inTx(ctx, "rename player "+id, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx,
			`UPDATE players SET staff_over = name_key, nickname = ?2, name_key = ?3 WHERE id = ?1`,
			id, nickname, nameKey(nickname))
		if err := oneRow(res, err, "rename"); err != nil {
			return err
		}
		now := time.Now()
		if err := addAlias(ctx, tx, id, nickname, now); err != nil {
			return err
		}
		// The venue's boards show the new name too (venueplayers.go).
		keys, err := venueKeys(ctx, tx, id)
		if err != nil {
			return err
		}
		return queuePlayerEvent(ctx, tx, PlayerEvent{Action: PlayerRenamed, Player: id, Keys: keys, Nickname: nickname}, now, d.venueClock())
	})
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

// jsonStrings reads a JSON array of strings (json_group_array's).
func jsonStrings(s string) ([]string, error) {
	var out []string
	if err := json.Unmarshal([]byte(s), &out); err != nil {
		return nil, err
	}
	return out, nil
}
