package db

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// MinKeyLen is the shortest player key accepted, in bytes: 22 base64url
// characters carry 132 random bits.
const MinKeyLen = 22

// ErrBadKey is returned (wrapped) for a player key too short to be random
// enough.
var ErrBadKey = errors.New("player key too short")

// keyHash is what the database keeps of a phone's player key: its SHA-256.
// A fast hash is enough here, unlike for a PIN or a password: the key is
// at least 128 random bits the phone drew, so guessing a key from its hash
// takes about 2^128 tries however fast the hash is; a slow or salted hash
// only helps secrets people choose. The hash being unsalted is what lets
// the kiosk find the player by it.
func keyHash(key string) []byte {
	sum := sha256.Sum256([]byte(key))
	return sum[:]
}

// nameKey is a nickname folded for comparison: two players whose names
// differ only by case or Unicode form are shown apart (Lucas, LUCAS (2)).
func nameKey(name string) string {
	return cases.Fold().String(norm.NFC.String(strings.TrimSpace(name)))
}

// IdentifyPlayer returns the player whose phone holds key, adding them on
// the key's first use. nickname is what the phone calls them today: it
// becomes the name shown (unless the staff renamed the player from that
// very nickname), and joins the names they are known under.
func (d *DB) IdentifyPlayer(ctx context.Context, key, nickname string, now time.Time) (Player, error) {
	nickname = strings.TrimSpace(nickname)
	if nickname == "" {
		return Player{}, errors.New("identify player: empty nickname")
	}
	if len(key) < MinKeyLen {
		return Player{}, fmt.Errorf("identify player: %w (%d bytes, at least %d)", ErrBadKey, len(key), MinKeyLen)
	}
	var id string
	err := d.inTx(ctx, "identify player", func(tx *sql.Tx) error {
		hash, at := keyHash(key), fmtTime(now)
		err := tx.QueryRowContext(ctx, "SELECT player_id FROM player_keys WHERE key_hash = ?", hash).Scan(&id)
		switch {
		case err == sql.ErrNoRows:
			if id, err = insertPlayer(ctx, tx, nickname, now); err != nil {
				return err
			}
			_, err = tx.ExecContext(ctx,
				"INSERT INTO player_keys (key_hash, player_id, created_at, last_used) VALUES (?, ?, ?, ?)",
				hash, id, at, at)
			return err
		case err != nil:
			return err
		}
		if _, err := tx.ExecContext(ctx, "UPDATE player_keys SET last_used = ? WHERE key_hash = ?", at, hash); err != nil {
			return err
		}
		// The staff's name stands while the phone keeps the nickname it replaced.
		if _, err := tx.ExecContext(ctx,
			`UPDATE players SET nickname = ?2, name_key = ?3, staff_over = ''
			 WHERE id = ?1 AND staff_over <> ?3`, id, nickname, nameKey(nickname)); err != nil {
			return err
		}
		return addAlias(ctx, tx, id, nickname, now)
	})
	if err != nil {
		return Player{}, err
	}
	return d.Player(ctx, id)
}

// insertPlayer adds a player and their first name.
func insertPlayer(ctx context.Context, tx *sql.Tx, nickname string, now time.Time) (string, error) {
	id, err := uuid.NewV7()
	if err != nil {
		return "", err
	}
	at := fmtTime(now)
	if _, err := tx.ExecContext(ctx,
		"INSERT INTO players (id, nickname, name_key, created_at, last_seen) VALUES (?, ?, ?, ?, ?)",
		id.String(), nickname, nameKey(nickname), at, at); err != nil {
		return "", err
	}
	return id.String(), addAlias(ctx, tx, id.String(), nickname, now)
}

// addAlias notes that player was called name at now.
func addAlias(ctx context.Context, tx *sql.Tx, player, name string, now time.Time) error {
	_, err := tx.ExecContext(ctx,
		`INSERT INTO player_aliases (player_id, name, first_used, last_used) VALUES (?1, ?2, ?3, ?3)
		 ON CONFLICT (player_id, name) DO UPDATE SET last_used = max(last_used, excluded.last_used)`,
		player, name, fmtTime(now))
	if err != nil {
		return fmt.Errorf("note name %q: %w", name, err)
	}
	return nil
}
