package main

import (
	"context"
	"fmt"
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
	if err := parse(fs, args); err != nil {
		return err
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
	d, err := openDB(ctx, *path)
	if err != nil {
		return err
	}
	defer d.Close()
	board, err := d.Leaderboard(ctx, *game, since, *limit)
	if err != nil {
		return err
	}
	printBoard(e, *game, board)
	return nil
}

func printBoard(e *env, game string, board []db.Standing) {
	if len(board) == 0 {
		fmt.Fprintln(e.stdout, "no finished games by known players yet")
		return
	}
	w := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	defer w.Flush()
	if game == "" {
		fmt.Fprintln(w, "#\tPLAYER\tGAMES\tWINS\tBEST")
		for i, s := range board {
			fmt.Fprintf(w, "%d\t%s\t%d\t%d\t%d\n", i+1, s.Nickname, s.Games, s.Wins, s.BestScore)
		}
		return
	}
	fmt.Fprintln(w, "#\tPLAYER\tGAMES\tWINS\tBEST\tRATING\tMU\tSIGMA")
	for i, s := range board {
		fmt.Fprintf(w, "%d\t%s\t%d\t%d\t%d\t%s\t%.2f\t%.2f\n", i+1, s.Nickname, s.Games, s.Wins, s.BestScore,
			rating(s.Rating), s.Rating.Mu, s.Rating.Sigma)
	}
}

// rating shows the ordinal, marked while it is provisional.
func rating(r db.Rating) string {
	switch {
	case r.Games == 0:
		return "-"
	case r.Provisional:
		return fmt.Sprintf("%.1f (provisional)", r.Ordinal())
	}
	return fmt.Sprintf("%.1f", r.Ordinal())
}
