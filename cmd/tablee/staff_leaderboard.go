package main

import (
	"context"
	"fmt"
	"math"
	"text/tabwriter"
	"time"

	"github.com/tablee/tablee/db"
)

func runLeaderboard(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "leaderboard")
	path := dbFlag(fs)
	game := fs.String("game", "", "game id (see tablee games); empty for all games")
	period := fs.String("period", "all", "week, month or all")
	limit := fs.Int("limit", 20, "lines to show (0: all)")
	scope := fs.String("scope", "", "table: this table's players; venue: every table's, from the venue's copy, one phone one player (default: venue on the hub's database, table elsewhere)")
	title := fs.String("title", "", "a title of the shelf played on its score sheet, by the catalogue's id or exact name (any of its four names), or a name it was played under: its own board")
	titles := fs.Bool("titles", false, "the board of every title of the shelf played on its score sheet, the most played first")
	players := fs.Bool("players", false, "each player's plays across every title (the table's own games too): titles played, wins, H-index")
	digest := fs.Bool("digest", false, "with --scope venue: print only a digest of the venue's all-time boards, the same on every node holding the same sessions")
	if err := parse(fs, args); err != nil {
		return err
	}
	if err := checkScope(*scope); err != nil {
		return err
	}
	if *title != "" || *titles || *players {
		return runLudotheque(ctx, e, ludothequeArgs{path: *path, scope: scope, title: *title, titles: *titles,
			players: *players, period: *period, limit: *limit, other: *game != "" || *digest})
	}
	if *game != "" {
		if _, err := e.games.Get(*game); err != nil {
			return err
		}
	}
	since, err := db.Period(*period).Start(time.Now())
	if err != nil {
		return err
	}
	d, err := openScoped(ctx, *path, scope)
	if err != nil {
		return err
	}
	defer d.Close()
	if *digest {
		if *scope != "venue" {
			return fmt.Errorf("--digest: only with --scope venue")
		}
		h, err := d.VenueBoardsDigest(ctx, e.games.IDs())
		if err != nil {
			return err
		}
		fmt.Fprintln(e.stdout, h)
		return nil
	}
	board, err := d.Leaderboard(ctx, *game, since, *limit)
	if *scope == "venue" {
		board, err = d.VenueLeaderboard(ctx, *game, since, *limit)
	}
	if err != nil {
		return err
	}
	if *scope == "venue" {
		fmt.Fprint(e.stdout, "the venue's board, every table's games: ")
	}
	printBoard(e, *game, since, board)
	if *scope == "venue" {
		// A table knows when the venue's copy misses some of its own
		// games (it was offline, or the hub is away): the board is
		// provisional until they come back.
		n, err := d.VenueUnshared(ctx)
		if err != nil {
			return err
		}
		if n > 0 {
			fmt.Fprintf(e.stdout, "provisional: %d of this table's games have not reached the venue yet\n", n)
		}
	}
	return nil
}

// printBoard prints a board with the columns it is ranked by, under a line
// saying what it covers and how it is ranked.
func printBoard(e *env, game string, since time.Time, board []db.Standing) {
	what := "all games"
	if game != "" {
		what = game
	}
	when := "all time"
	if !since.IsZero() {
		when = "since " + since.Format("Mon 2006-01-02")
	}
	byRating := game != "" && since.IsZero()
	how := "ranked by wins, then win rate, then fewer games"
	if !since.IsZero() {
		how = "ranked by points (seats finished ahead of), then wins, then fewer games; guests included"
	}
	if byRating {
		how = "ranked by rating (settled before provisional, then never rated)"
	}
	fmt.Fprintf(e.stdout, "%s, %s: %s\n", what, when, how)
	if len(board) == 0 {
		if since.IsZero() {
			fmt.Fprintln(e.stdout, "no finished games by known players yet")
		} else {
			fmt.Fprintln(e.stdout, "no finished games in this period")
		}
		return
	}
	w := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	defer w.Flush()
	switch {
	case byRating:
		fmt.Fprintln(w, "#\tPLAYER\tRATING\tRATED GAMES\tPLAYED\tWINS\tBEST")
		for _, s := range board {
			fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%d\t%d\t%d\n", s.Place, s.Nickname, rating(s.Rating),
				ratedGames(s.Rating), s.Games, s.Wins, s.BestScore)
		}
	case !since.IsZero():
		fmt.Fprintln(w, "#\tPLAYER\tPOINTS\tPLAYED\tWINS\tBEST")
		for _, s := range board {
			best := fmt.Sprint(s.BestScore)
			if game == "" {
				best = "-"
			}
			fmt.Fprintf(w, "%d\t%s\t%d\t%d\t%d\t%s\n", s.Place, boardName(s), s.Points, s.Games, s.Wins, best)
		}
	case game != "":
		fmt.Fprintln(w, "#\tPLAYER\tPLAYED\tWINS\tWIN RATE\tBEST")
		for _, s := range board {
			fmt.Fprintf(w, "%d\t%s\t%d\t%d\t%s\t%d\n", s.Place, s.Nickname, s.Games, s.Wins, percent(s.WinRate()), s.BestScore)
		}
	default:
		fmt.Fprintln(w, "#\tPLAYER\tPLAYED\tWINS\tWIN RATE")
		for _, s := range board {
			fmt.Fprintf(w, "%d\t%s\t%d\t%d\t%s\n", s.Place, s.Nickname, s.Games, s.Wins, percent(s.WinRate()))
		}
	}
}

// boardName is a line's name: a guest is marked so.
func boardName(s db.Standing) string {
	switch {
	case s.Guest && s.Nickname == "":
		return "guests on the table"
	case s.Guest:
		return s.Nickname + " (guest)"
	}
	return s.Nickname
}

// neverRated is what a board shows for a player with no rating in a game.
const neverRated = "—"

// rating shows the ordinal to one decimal, or "—" if never rated.
func rating(r db.Rating) string {
	if r.Games == 0 {
		return neverRated
	}
	return oneDecimal(r.Ordinal())
}

// ratedGames counts the rated games, marked while they are too few for the
// rating to be settled: the mark and the count are about the same games.
func ratedGames(r db.Rating) string {
	if r.Games > 0 && r.Provisional {
		return fmt.Sprintf("%d (provisional)", r.Games)
	}
	return fmt.Sprint(r.Games)
}

// oneDecimal formats x to one decimal, never as "-0.0".
func oneDecimal(x float64) string {
	r := math.Round(x*10) / 10
	if r == 0 {
		r = 0 // -0 becomes 0
	}
	return fmt.Sprintf("%.1f", r)
}

func percent(x float64) string { return fmt.Sprintf("%.0f%%", 100*x) }
