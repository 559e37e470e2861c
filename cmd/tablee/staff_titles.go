package main

import (
	"context"
	"fmt"
	"strings"
	"text/tabwriter"
	"time"
	"unicode"

	"github.com/tablee/tablee/db"
)

// ludothequeArgs are tablee leaderboard's flags for the ludothèque's
// boards (--title, --titles, --players).
type ludothequeArgs struct {
	path    string
	scope   *string
	title   string
	titles  bool
	players bool
	period  string
	limit   int
	other   bool // --game or --digest was given too
}

// runLudotheque prints one title's board, every title's, or the players'
// plays across titles, of this table or of the venue.
func runLudotheque(ctx context.Context, e *env, a ludothequeArgs) error {
	n := 0
	for _, b := range []bool{a.title != "", a.titles, a.players} {
		if b {
			n++
		}
	}
	if n > 1 || a.other {
		return fmt.Errorf("--title, --titles and --players: one of them, without --game or --digest")
	}
	if a.title != "" && a.period != "all" {
		return fmt.Errorf("--title: a title's board is of all time (its ratings); --titles --period %s gives every title's plays of the period", a.period)
	}
	since, err := db.Period(a.period).Start(time.Now())
	if err != nil {
		return err
	}
	d, err := openScoped(ctx, a.path, a.scope)
	if err != nil {
		return err
	}
	defer d.Close()
	venue := *a.scope == "venue"
	if venue {
		fmt.Fprint(e.stdout, "the venue's, every table's plays: ")
	}
	switch {
	case a.title != "":
		board, err := d.TitleBoard(ctx, a.title)
		if venue {
			board, err = d.VenueTitleBoard(ctx, a.title)
		}
		if err != nil {
			return err
		}
		if board.TitleID == 0 && board.Plays == 0 {
			return fmt.Errorf("--title %q: no title of the catalogue has that id or name, and no play was played under it (tablee catalogue lists the titles)", printable(a.title))
		}
		printTitleBoard(e, board)
	case a.titles:
		boards, err := d.TitleBoards(ctx, since)
		if venue {
			boards, err = d.VenueTitleBoards(ctx, since)
		}
		if err != nil {
			return err
		}
		printTitleBoards(e, boards, since, a.limit)
	default:
		lines, err := d.PlayerTitles(ctx, since)
		if venue {
			lines, err = d.VenuePlayerTitles(ctx, since)
		}
		if err != nil {
			return err
		}
		printPlayerTitles(e, lines, since, a.limit)
	}
	return nil
}

// printable is a name typed at a table or in the catalogue, with nothing
// that could drive the staff's terminal.
func printable(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, s)
}

func when(since time.Time) string {
	if since.IsZero() {
		return "all time"
	}
	return "since " + since.Format("Mon 2006-01-02")
}

// printTitleBoard prints a title's board: ratings from the ranks of a
// competitive title, the group's wins and losses of a cooperative one.
func printTitleBoard(e *env, b db.TitleBoard) {
	name := "sheet: " + printable(b.Title)
	if b.TitleID != 0 {
		name += fmt.Sprintf(" (#%d)", b.TitleID)
	}
	if len(b.Standings) == 0 {
		fmt.Fprintf(e.stdout, "%s: no finished play with players\n", name)
		return
	}
	w := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	defer w.Flush()
	if b.Coop {
		fmt.Fprintf(w, "%s, cooperative: the group's wins and losses, no rating (%d plays: %d won, %d lost)\n", name, b.Plays, b.Won, b.Lost)
		fmt.Fprintln(w, "#\tPLAYER\tPLAYS\tWON\tLOST")
		for i, s := range b.Standings {
			fmt.Fprintf(w, "%d\t%s\t%d\t%d\t%d\n", i+1, printable(s.Nickname), s.Plays, s.Wins, s.Losses)
		}
		return
	}
	fmt.Fprintf(w, "%s, by OpenSkill rating (mu - 3 sigma) from the ranks, a team as a team; ? provisional\n", name)
	fmt.Fprintln(w, "#\tPLAYER\tRATING\tPLAYS\tWINS")
	for i, s := range b.Standings {
		rating := "-"
		if s.Rating != nil {
			rating = oneDecimal(s.Rating.Ordinal())
			if s.Rating.Provisional {
				rating += "?"
			}
		}
		fmt.Fprintf(w, "%d\t%s\t%s\t%d\t%d\n", i+1, printable(s.Nickname), rating, s.Plays, s.Wins)
	}
}

// printTitleBoards prints every title played, the most played first, with
// who leads it.
func printTitleBoards(e *env, boards []db.TitleBoard, since time.Time, limit int) {
	fmt.Fprintf(e.stdout, "the shelf's titles played, %s: the most played first\n", when(since))
	if len(boards) == 0 {
		fmt.Fprintln(e.stdout, "no finished play of a shelf title")
		return
	}
	w := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	defer w.Flush()
	fmt.Fprintln(w, "#\tTITLE\tPLAYS\tKIND\tFIRST")
	for i, b := range boards {
		if limit > 0 && i == limit {
			break
		}
		kind, first := "competitive", "-"
		if b.Coop {
			kind = fmt.Sprintf("cooperative, %d won %d lost", b.Won, b.Lost)
		}
		if len(b.Standings) > 0 && !b.Coop {
			first = printable(b.Standings[0].Nickname)
		}
		fmt.Fprintf(w, "%d\t%s\t%d\t%s\t%s\n", i+1, printable(b.Title), b.Plays, kind, first)
	}
}

// printPlayerTitles prints each player's plays across titles.
func printPlayerTitles(e *env, lines []db.PlayerTitles, since time.Time, limit int) {
	fmt.Fprintf(e.stdout, "players across every title, %s: by H-index (h titles played h times or more), then plays\n", when(since))
	if len(lines) == 0 {
		fmt.Fprintln(e.stdout, "no finished play by known players")
		return
	}
	w := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	defer w.Flush()
	fmt.Fprintln(w, "#\tPLAYER\tH-INDEX\tPLAYS\tTITLES\tWINS")
	for i, l := range lines {
		if limit > 0 && i == limit {
			break
		}
		fmt.Fprintf(w, "%d\t%s\t%d\t%d\t%d\t%d\n", i+1, printable(l.Nickname), l.HIndex, l.Plays, l.Titles, l.Wins)
	}
}
