package db

import (
	"context"
	"fmt"
	"io"
	"math"

	"github.com/tablee/tablee/internal/playcsv"
	"github.com/tablee/tablee/session"
)

// PlaysColumns are the columns of WritePlaysCSV, one row per player of
// each finished play: BoardGameGeek's play fields after the session's id
// and the game played (a shelf title as played, else the table game's
// id), as playcsv writes them.
var PlaysColumns = playcsv.Columns

// The end reason of a play stopped before its end (engine/sheet's
// ReasonStopped): BoardGameGeek's incomplete.
const sheetStopped = "sheet-stopped"

// WritePlaysCSV writes every finished play, in the order they ended, with
// BoardGameGeek's play fields (PlaysColumns): UTF-8 with a BOM, comma
// between cells (',' or ';'), every cell through SafeCell. A player's
// play is new when it is the player's first finished play of that game
// or title here; a guest's or a bot's never is (nobody knows them).
func (d *DB) WritePlaysCSV(ctx context.Context, out io.Writer, comma rune) error {
	return d.writePlays(ctx, out, comma, "")
}

// WritePlayerPlaysCSV writes one player's whole history as
// WritePlaysCSV does: every finished play the player sat in, each with
// all its players' rows (BoardGameGeek logs a play with its group).
// ErrNotFound when there is no such player.
func (d *DB) WritePlayerPlaysCSV(ctx context.Context, out io.Writer, comma rune, player string) error {
	if player == "" {
		return fmt.Errorf("plays of a player: %w", ErrNotFound)
	}
	if _, err := d.Player(ctx, player); err != nil {
		return fmt.Errorf("plays of player %s: %w", player, err)
	}
	return d.writePlays(ctx, out, comma, player)
}

// writePlays writes the plays, all of them or (player not "") those
// player sat in. A row is new as over every play, whichever are written.
func (d *DB) writePlays(ctx context.Context, out io.Writer, comma rune, player string) error {
	return writeCSV(ctx, out, "plays", comma, func(ctx context.Context, w *CSVWriter) error {
		sessions, err := d.Sessions(ctx, SessionFilter{})
		if err != nil {
			return err
		}
		byID := make(map[string]session.Record, len(sessions))
		sat := map[string]bool{} // the sessions player sat in
		for _, s := range sessions {
			byID[s.ID] = s
			for _, st := range s.Seats {
				if player != "" && st.PlayerID == player {
					sat[s.ID] = true
				}
			}
		}
		ts, err := d.Tables(ctx)
		if err != nil {
			return err
		}
		tables := make(map[int64]string, len(ts))
		for _, t := range ts {
			tables[t.ID] = t.Name
		}
		if err := w.Write(PlaysColumns); err != nil {
			return err
		}
		seen := map[[2]string]bool{} // (game, player) already played
		return d.EachResult(ctx, func(r ResultRow) error {
			s := byID[r.Session]
			game := r.Game
			if title := s.Options["title"]; r.Game == SheetGame && title != "" {
				game = title
			}
			isNew := false
			if r.Kind == session.Person {
				key := [2]string{game, r.PlayerID}
				isNew, seen[key] = !seen[key], true
			}
			if player != "" && !sat[r.Session] {
				return nil
			}
			p := playcsv.Play{ID: r.Session, Date: r.EndedAt, Incomplete: s.Reason == sheetStopped, Location: tables[s.TableID], Game: game}
			if !s.StartedAt.IsZero() && !r.EndedAt.IsZero() {
				p.Minutes, p.Timed = int(math.Round(r.EndedAt.Sub(s.StartedAt).Minutes())), true
			}
			return w.Write(p.Row(playcsv.Player{Name: csvName(r.Name), Seat: int(r.Seat), Score: r.Score, New: isNew, Win: r.Winner}))
		})
	})
}
