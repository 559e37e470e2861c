package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/proto/wire"
)

// playerKey returns the player key kept in path, drawing and storing a new
// one on first use, so the same command run twice is the same player. The
// file is created whole or not at all (a temporary file linked into
// place), readable by its owner only: whoever holds the key plays as the
// player.
func playerKey(path string) (string, error) {
	if key, err := readKey(path); !errors.Is(err, fs.ErrNotExist) {
		return key, err
	}
	key, err := client.NewPlayerKey()
	if err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".key-*")
	if err != nil {
		return "", fmt.Errorf("--key: %w", err)
	}
	defer os.Remove(tmp.Name())
	_, werr := tmp.WriteString(key + "\n")
	if err := errors.Join(werr, tmp.Sync(), tmp.Close()); err != nil {
		return "", fmt.Errorf("--key %s: %w", path, err)
	}
	// Link fails if another companion created the file meanwhile: use theirs.
	if err := os.Link(tmp.Name(), path); errors.Is(err, fs.ErrExist) {
		return readKey(path)
	} else if err != nil {
		return "", fmt.Errorf("--key %s: %w", path, err)
	}
	return key, nil
}

func readKey(path string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	key := strings.TrimSpace(string(data))
	if !wire.ValidKey(key) {
		return "", fmt.Errorf("--key %s: not a player key (%d to %d base64url characters)", path, wire.MinKey, wire.MaxKey)
	}
	return key, nil
}

// recordLine says what the game meant for the player, as the table
// recorded it.
func recordLine(r *wire.Record) string {
	if !r.Rated {
		return "record: not rated (a game is rated with two players or more who joined with a key)"
	}
	games := fmt.Sprintf("%d rated games", r.Games)
	if r.Provisional {
		games += ", provisional"
	}
	return fmt.Sprintf("record: rating %.1f (%+.1f), %s, place %d of %d", r.After, r.After-r.Before, games, r.Place, r.Of)
}
