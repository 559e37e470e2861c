// Package dbtest builds databases of a real ludothèque's size for the
// tests and benchmarks of the pages that read them (issue 39): a
// 9,000-title shelf and 100,000 plays, made up, reproducible from a seed.
// Only tests import it.
package dbtest

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/shelf"
)

// Sizes of the figures' fixture: the ludogîte's library in the seeds,
// and two years of plays at six tables.
const (
	Titles  = 9000
	Plays   = 100_000
	tables  = 6
	players = 500
	years   = 2
)

// Figures is what the fixture holds, known by construction.
type Figures struct {
	// Boxed counts the titles with a box (one in ten is a wish), and
	// NeverPlayed those of them never played: every seventh.
	Boxed, NeverPlayed int
	// SheetPlays and EnginePlays split the plays: each names a title of
	// the shelf (its French name, its English one, or the French one in
	// capitals), or one of the table's own games.
	SheetPlays, EnginePlays int
	// MostPlayed is the title played most.
	MostPlayed int64
	// SearchedNotOwned counts the distinct names searched for that the
	// shelf lacks.
	SearchedNotOwned int
}

// time format of the database (db's timeFormat).
const timeFormat = "2006-01-02T15:04:05.000Z"

func ts(t time.Time) string { return t.UTC().Format(timeFormat) }

// FillFigures fills d (a new database: its demo shelf is replaced) with
// Titles titles and Plays plays ending in the two years before now, in
// one transaction, from seed. The plays favour a few titles as a real
// shelf does: the most played has hundreds, most a handful, every
// seventh boxed title none.
func FillFigures(ctx context.Context, d *db.DB, now time.Time, seed uint64) (Figures, error) {
	var out Figures
	rng := rand.New(rand.NewPCG(seed, 39))
	titles := make([]shelf.Title, Titles)
	first := []string{"Château", "Forêt", "Île", "Cité", "Royaume", "Jardin", "Mystère", "Légende", "Crève-cœur", "Straße", "Fjord", "Piñata"}
	second := []string{"des Loups", "d'Orléans", "du Dragon", "des Épices", "aux Étoiles", "der Zwerge", "of Ashes", "la Revanche", "& Cie"}
	for i := range titles {
		name := fmt.Sprintf("%s %s %d", first[rng.IntN(len(first))], second[rng.IntN(len(second))], i)
		t := shelf.Title{Names: shelf.Names{FR: name}, MinPlayers: 1 + rng.IntN(3), MinMinutes: 15 * (1 + rng.IntN(6))}
		t.MaxPlayers, t.MaxMinutes = t.MinPlayers+rng.IntN(5), t.MinMinutes+15*rng.IntN(4)
		if i%3 == 0 {
			t.Names.EN = fmt.Sprintf("Kingdom %d", i)
		}
		if i%10 != 0 {
			copies := 1 + btoi(i%8 == 0)
			for c := range copies {
				t.Copies = append(t.Copies, shelf.Copy{Shelf: fmt.Sprintf("%c%d", 'A'+rune(i%26), i/26+c)})
			}
		}
		titles[i] = t
	}
	if _, err := d.ImportCatalogue(ctx, titles, now.AddDate(-years, 0, 0)); err != nil {
		return out, fmt.Errorf("figures fixture: %w", err)
	}
	stored, err := d.Titles(ctx)
	if err != nil {
		return out, fmt.Errorf("figures fixture: %w", err)
	}
	var played []shelf.Title // boxed, not every seventh
	var engines []string
	var copies []shelf.Copy
	for _, t := range stored {
		switch {
		case t.Engine != "":
			engines = append(engines, t.Engine)
		case len(t.Copies) == 0:
		default:
			out.Boxed++
			copies = append(copies, t.Copies...)
			var n int
			fmt.Sscanf(t.Names.FR[strings.LastIndexByte(t.Names.FR, ' ')+1:], "%d", &n)
			if n%7 == 0 {
				out.NeverPlayed++
			} else {
				played = append(played, t)
			}
		}
	}

	raw, err := sql.Open("sqlite3", "file:"+d.Path()+"?_txlock=immediate&_busy_timeout=10000&_foreign_keys=on")
	if err != nil {
		return out, fmt.Errorf("figures fixture: %w", err)
	}
	defer raw.Close()
	tx, err := raw.BeginTx(ctx, nil)
	if err != nil {
		return out, fmt.Errorf("figures fixture: %w", err)
	}
	defer tx.Rollback()
	fail := func(what string, err error) (Figures, error) {
		return out, fmt.Errorf("figures fixture: %s: %w", what, err)
	}
	tableIDs := make([]int64, tables)
	tableNames := make([]string, tables)
	for i := range tableIDs {
		tableNames[i] = fmt.Sprintf("Table %d", i+1)
		if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO kiosk_tables (name) VALUES (?)`, tableNames[i]); err != nil {
			return fail("tables", err)
		}
		if err := tx.QueryRowContext(ctx, `SELECT id FROM kiosk_tables WHERE name = ?`, tableNames[i]).Scan(&tableIDs[i]); err != nil {
			return fail("tables", err)
		}
	}
	ids := make([]string, players)
	for i := range ids {
		ids[i] = fmt.Sprintf("0190f000-0000-7000-8000-%012d", i)
		if _, err := tx.ExecContext(ctx, `INSERT INTO players (id, nickname, created_at, last_seen) VALUES (?, ?, ?, ?)`,
			ids[i], fmt.Sprintf("Joueur %d", i), ts(now.AddDate(-years, 0, 0)), ts(now)); err != nil {
			return fail("players", err)
		}
	}
	insSession, err := tx.PrepareContext(ctx, `INSERT INTO sessions (id, table_id, game, options, seed, status, started_at, ended_at, reason)
		VALUES (?, ?, ?, ?, 1, 'finished', ?, ?, ?)`)
	if err != nil {
		return fail("sessions", err)
	}
	insSeat, err := tx.PrepareContext(ctx, `INSERT INTO seats (session_id, seat, kind, player_id, bot_level, name) VALUES (?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return fail("seats", err)
	}
	span := float64(years * 365 * 24 * time.Hour)
	count := map[int64]int{}
	for i := range Plays {
		end := now.Add(-time.Duration(rng.Float64() * span))
		start := end.Add(-time.Duration(20+rng.IntN(100)) * time.Minute)
		game, opts, reason := db.SheetGame, "", "sheet-complete"
		if i%12 == 11 && len(engines) > 0 {
			game, reason = engines[rng.IntN(len(engines))], "end"
			opts = "{}"
			out.EnginePlays++
		} else {
			// Every played title once, then a few titles most of the time.
			var t shelf.Title
			if out.SheetPlays < len(played) {
				t = played[out.SheetPlays]
			} else {
				u := rng.Float64()
				t = played[int(float64(len(played))*u*u*u)]
			}
			name := t.Names.FR
			switch {
			case i%5 == 1 && t.Names.EN != "":
				name = t.Names.EN
			case i%5 == 2:
				name = strings.ToUpper(name)
			}
			opts = fmt.Sprintf(`{"sheet":"generic","title":%q}`, name)
			count[t.ID]++
			out.SheetPlays++
		}
		id := fmt.Sprintf("0190f001-%04x-7000-8000-%012d", i%0xffff, i)
		if _, err := insSession.ExecContext(ctx, id, tableIDs[rng.IntN(tables)], game, opts, ts(start), ts(end), reason); err != nil {
			return fail("sessions", err)
		}
		for seat := range 2 + rng.IntN(5) {
			var player, bot sql.NullString
			kind, name := "guest", fmt.Sprintf("Invité %d", seat+1)
			switch r := rng.IntN(10); {
			case r < 5:
				kind, name = "person", ""
				player = sql.NullString{String: ids[rng.IntN(players)], Valid: true}
			case r == 9:
				kind, name = "bot", ""
				bot = sql.NullString{String: "default", Valid: true}
			}
			if _, err := insSeat.ExecContext(ctx, id, seat, kind, player, bot, name); err != nil {
				return fail("seats", err)
			}
		}
	}
	for id, n := range count {
		if n > count[out.MostPlayed] || (n == count[out.MostPlayed] && id < out.MostPlayed) {
			out.MostPlayed = id
		}
	}
	// Boxes at tables now and their past stays; notes on returned boxes.
	for i, c := range copies {
		if i%40 != 0 {
			continue
		}
		table := tableNames[rng.IntN(tables)]
		taken := now.Add(-time.Duration(rng.Float64() * span))
		back := taken.Add(2 * time.Hour)
		if _, err := tx.ExecContext(ctx, `INSERT INTO shelf_loans (copy_id, table_name, taken_at, returned_at) VALUES (?, ?, ?, ?)`,
			c.ID, table, ts(taken), ts(back)); err != nil {
			return fail("loans", err)
		}
		if i%400 == 0 {
			if _, err := tx.ExecContext(ctx, `INSERT INTO shelf_notes (copy_id, table_name, text, at) VALUES (?, ?, ?, ?)`,
				c.ID, table, "il manque un pion", ts(back)); err != nil {
				return fail("notes", err)
			}
		}
		if i%200 == 0 {
			since := now.Add(-time.Hour)
			if _, err := tx.ExecContext(ctx, `UPDATE shelf_copies SET status = 'table', table_name = ?, since = ? WHERE id = ?`, table, ts(since), c.ID); err != nil {
				return fail("copies", err)
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO shelf_loans (copy_id, table_name, taken_at) VALUES (?, ?, ?)`, c.ID, table, ts(since)); err != nil {
				return fail("loans", err)
			}
		}
	}
	// Searches: names the shelf has, and 300 it lacks.
	for i := range 6000 {
		text, found := played[rng.IntN(len(played))].Names.FR, 1
		if i%5 < 2 {
			text, found = fmt.Sprintf("Introuvable %d", rng.IntN(300)), 0
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO shelf_searches (text, found, at) VALUES (?, ?, ?)`,
			text, found, ts(now.Add(-time.Duration(rng.Float64()*span)))); err != nil {
			return fail("searches", err)
		}
	}
	var lacking int
	if err := tx.QueryRowContext(ctx, `SELECT count(DISTINCT text) FROM shelf_searches WHERE found = 0`).Scan(&lacking); err != nil {
		return fail("searches", err)
	}
	out.SearchedNotOwned = lacking
	// Taught: lessons of the table's games, calls during shelf plays.
	for i := range 3000 {
		kind, game, title := db.TaughtCall, db.SheetGame, played[rng.IntN(len(played))].Names.FR
		if i%3 == 0 && len(engines) > 0 {
			kind, game, title = db.TaughtLesson, engines[rng.IntN(len(engines))], ""
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO taught (kind, table_name, game, title, at) VALUES (?, ?, ?, ?, ?)`,
			kind, tableNames[rng.IntN(tables)], game, title, ts(now.Add(-time.Duration(rng.Float64()*span)))); err != nil {
			return fail("taught", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fail("commit", err)
	}
	// No ANALYZE: a kiosk's database never runs it, the planner works
	// without statistics there, and so it does here.
	return out, nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
