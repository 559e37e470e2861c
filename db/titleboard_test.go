package db

import (
	"context"
	"errors"
	"math"
	"strconv"
	"testing"
	"time"

	"github.com/intinig/go-openskill/rating"
	"github.com/intinig/go-openskill/types"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
	"github.com/tablee/tablee/shelf"
)

// playTitle stores a finished play of title on the generic score sheet.
func (f *fixture) playTitle(t *testing.T, title string, seats []session.Seat, res engine.Result, at time.Time) {
	t.Helper()
	f.playSheet(t, title, "generic", seats, res, at)
}

// playSheet stores a finished play of title on sheet.
func (f *fixture) playSheet(t *testing.T, title, sheet string, seats []session.Seat, res engine.Result, at time.Time) {
	t.Helper()
	ctx := context.Background()
	s, err := f.d.CreateSession(ctx, session.Record{TableID: f.table.ID, Game: SheetGame,
		Options: map[string]string{"sheet": sheet, "title": title}, Seats: seats, StartedAt: at.Add(-time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.d.Finish(ctx, s.ID, res, at); err != nil {
		t.Fatal(err)
	}
}

func TestTitleBoard(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 3)
	a, b, c := f.players[0].ID, f.players[1].ID, f.players[2].ID
	guest := session.Seat{Kind: session.Guest, Name: "Léa"}
	// 7 Wonders: A beats B twice, B beats C once; a guest plays along.
	for i, p := range [][]session.Seat{f.persons(0, 1), append(f.persons(0, 1), guest), f.persons(1, 2)} {
		f.playTitle(t, "7 Wonders", p, engine.RankByScores(map[int][]int{0: {50, 40}, 1: {60, 45, 70}, 2: {44, 30}}[i], "sheet-complete"), t0.Add(time.Duration(i)*time.Minute))
	}
	// Pandemic: won once, lost once, by A and C together, under two of
	// the catalogue title's names; lost once more by guests alone.
	won := engine.Result{Scores: []int{0, 0}, Ranks: []int{1, 1}, Winners: []engine.Seat{0, 1}, Reason: sheetWon}
	lost := engine.Result{Scores: []int{0, 0}, Ranks: []int{1, 1}, Reason: sheetLost}
	f.playTitle(t, "Pandemic", f.persons(0, 2), won, t0)
	f.playTitle(t, "pandémie ", f.persons(0, 2), lost, t0.Add(time.Minute))
	f.playTitle(t, "PANDEMIE", []session.Seat{guest, guest}, lost, t0.Add(2*time.Minute))

	board, err := f.d.TitleBoard(ctx, " 7 WONDERS")
	if err != nil {
		t.Fatal(err)
	}
	if board.Coop || len(board.Standings) != 3 || board.TitleID == 0 || board.Plays != 3 {
		t.Fatalf("7 Wonders' board: %+v", board)
	}
	top := board.Standings[0]
	if top.PlayerID != a || top.Plays != 2 || top.Wins != 1 || top.Rating == nil || top.Rating.Games != 2 {
		t.Errorf("first on 7 Wonders: %+v (the guest's win of play 2 is not A's)", top)
	}
	if last := board.Standings[2]; last.PlayerID != c || last.Rating == nil || last.Rating.Ordinal() >= top.Rating.Ordinal() {
		t.Errorf("last on 7 Wonders: %+v", last)
	}
	// The game's own ratings hold nothing of the sheet: it is rated per title.
	if r, _ := f.d.Rating(ctx, a, SheetGame); r.Games != 0 {
		t.Errorf("a rating of the whole score sheet: %+v", r)
	}

	coop, err := f.d.TitleBoard(ctx, "Pandémie")
	if err != nil {
		t.Fatal(err)
	}
	if !coop.Coop || len(coop.Standings) != 2 || coop.Plays != 3 || coop.Won != 1 || coop.Lost != 2 || coop.Name("fr") != "Pandémie" || coop.Name("de") != "Pandemic" {
		t.Fatalf("Pandemic's board: %+v", coop)
	}
	for _, s := range coop.Standings {
		if s.Plays != 2 || s.Wins != 1 || s.Losses != 1 || s.Rating != nil || (s.PlayerID != a && s.PlayerID != c) {
			t.Errorf("a cooperative line: %+v", s)
		}
	}
	if none, err := f.d.TitleBoard(ctx, "Azul"); err != nil || len(none.Standings) != 0 || none.TitleID == 0 || b == "" {
		t.Errorf("a title never played: %+v, %v", none, err)
	}
}

// TestTitleBoardNamesTheCatalogueTitle: a title's board holds its plays
// under any of its four names, is found by its id or any name folded, and
// a game played by a name the catalogue lacks has its own board.
func TestTitleBoardNamesTheCatalogueTitle(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 2)
	win := engine.RankByScores([]int{120, 98}, "sheet-complete")
	for i, name := range []string{"Les Aventuriers du Rail", "Zug um Zug", "ticket to ride", "Terra Mystica"} {
		f.playSheet(t, name, "tickettoride", f.persons(0, 1), win, t0.Add(time.Duration(i)*time.Minute))
	}
	titles, err := f.d.Titles(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ttr, err := shelf.Exact(titles, "Ticket to Ride")
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"Zug um Zug", "les aventuriers du rail", "TICKET-TO-RIDE", "#" + itoa(ttr.ID), itoa(ttr.ID)} {
		b, err := f.d.TitleBoard(ctx, text)
		if err != nil || b.TitleID != ttr.ID || b.Plays != 3 || len(b.Standings) != 2 || b.Standings[0].Rating.Games != 3 {
			t.Errorf("board of %q: %+v, %v", text, b, err)
		}
	}
	tm, err := f.d.TitleBoard(ctx, "terra mystica")
	if err != nil || tm.TitleID != 0 || tm.Title != "Terra Mystica" || tm.Plays != 1 {
		t.Errorf("another game, by its name: %+v, %v", tm, err)
	}
	if _, err := f.d.TitleBoard(ctx, "Zug"); err != nil {
		t.Errorf("a part of a name is only a name never played: %v", err)
	}
	all, err := f.d.TitleBoards(ctx, time.Time{})
	if err != nil || len(all) != 2 || all[0].TitleID != ttr.ID || all[1].Title != "Terra Mystica" {
		t.Errorf("every title's board: %+v, %v", all, err)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// TestTitleBoardRatesTeamsAsTeams: Codenames' two teams are rated as two
// teams of two, not as four players of whom two tie for first; a play
// stopped early and a cooperative one rate nobody.
func TestTitleBoardRatesTeamsAsTeams(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 4)
	// Seats take the teams in turn: 0 and 2 the first, 1 and 3 the second.
	first := engine.Result{Scores: []int{0, 0, 0, 0}, Ranks: []int{1, 2, 1, 2}, Winners: []engine.Seat{0, 2}, Reason: "sheet-complete"}
	f.playSheet(t, "Codenames", "codenames", f.persons(0, 1, 2, 3), first, t0)
	stopped := engine.Result{Scores: []int{0, 0, 0, 0}, Ranks: []int{2, 1, 2, 1}, Reason: sheetStopped}
	f.playSheet(t, "Nom de code", "codenames", f.persons(0, 1, 2, 3), stopped, t0.Add(time.Minute))

	b, err := f.d.TitleBoard(ctx, "codenames")
	if err != nil {
		t.Fatal(err)
	}
	if b.Plays != 2 || len(b.Standings) != 4 {
		t.Fatalf("Codenames' board: %+v", b)
	}
	mu, sigma := ModelMu, ModelSigma
	want := rating.Rate([]types.Team{
		{{Mu: mu, Sigma: sigma, Z: ModelZ}, {Mu: mu, Sigma: sigma, Z: ModelZ}},
		{{Mu: mu, Sigma: sigma, Z: ModelZ}, {Mu: mu, Sigma: sigma, Z: ModelZ}},
	}, options([]int{1, 2}))
	winners := map[string]bool{f.players[0].ID: true, f.players[2].ID: true}
	for _, s := range b.Standings {
		team := 1
		if winners[s.PlayerID] {
			team = 0
		}
		if s.Plays != 2 || s.Rating == nil || s.Rating.Games != 1 {
			t.Fatalf("%s: %+v (the stopped play is counted, not rated)", s.Nickname, s)
		}
		if w := want[team][0]; math.Abs(s.Rating.Mu-w.Mu) > 1e-9 || math.Abs(s.Rating.Sigma-w.Sigma) > 1e-9 {
			t.Errorf("%s of team %d: mu %.6f sigma %.6f, want two teams of two's %.6f %.6f", s.Nickname, team, s.Rating.Mu, s.Rating.Sigma, w.Mu, w.Sigma)
		}
	}
	if !winners[b.Standings[0].PlayerID] || !winners[b.Standings[1].PlayerID] || b.Standings[0].Wins != 1 {
		t.Errorf("the winning team first: %+v", b.Standings)
	}
}

// TestTitleBoardOfRanksAndNamedWinners: a sheet of ranks only, and one
// with no points whose group names the winner, are rated from the ranks
// the group gave; an undecided stop names no winner and rates nobody.
func TestTitleBoardOfRanksAndNamedWinners(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 3)
	ranks := engine.Result{Scores: []int{0, 0, 0}, Ranks: []int{3, 1, 2}, Winners: []engine.Seat{1}, Reason: "sheet-complete"}
	for i := range 3 {
		f.playTitle(t, "Just One", f.persons(0, 1, 2), ranks, t0.Add(time.Duration(i)*time.Minute))
	}
	named := engine.Result{Scores: []int{0, 0, 0}, Ranks: []int{1, 2, 2}, Winners: []engine.Seat{0}, Reason: "sheet-complete"}
	f.playTitle(t, "Mysterium Park", f.persons(0, 1, 2), named, t0)
	undecided := engine.Result{Scores: []int{0, 0, 0}, Ranks: []int{1, 1, 1}, Reason: sheetStopped}
	f.playTitle(t, "Mysterium Park", f.persons(0, 1, 2), undecided, t0.Add(time.Minute))

	b, err := f.d.TitleBoard(ctx, "Just One")
	if err != nil {
		t.Fatal(err)
	}
	order := []string{f.players[1].ID, f.players[2].ID, f.players[0].ID}
	for i, s := range b.Standings {
		if s.PlayerID != order[i] || s.Rating == nil || s.Rating.Games != 3 {
			t.Errorf("place %d on a sheet of ranks: %+v", i+1, s)
		}
	}
	m, err := f.d.TitleBoard(ctx, "mysterium park")
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Standings) != 3 || m.Standings[0].PlayerID != f.players[0].ID || m.Standings[0].Wins != 1 || m.Standings[0].Plays != 2 {
		t.Fatalf("named winners: %+v", m.Standings)
	}
	for _, s := range m.Standings {
		if s.Rating == nil || s.Rating.Games != 1 {
			t.Errorf("%s: %+v (one decided play, one stopped)", s.Nickname, s.Rating)
		}
	}
	if m.Standings[1].Rating.Mu != m.Standings[2].Rating.Mu {
		t.Errorf("the two named losers share their place: %+v", m.Standings)
	}
}

func TestHIndex(t *testing.T) {
	for _, c := range []struct {
		counts []int
		h      int
	}{
		{nil, 0},
		{[]int{0, 0}, 0},
		{[]int{1}, 1},
		{[]int{100}, 1},
		{[]int{1, 1, 1}, 1},
		{[]int{2, 2}, 2},
		{[]int{3, 0, 6, 1, 5}, 3},
		{[]int{10, 10, 10}, 3},
		{[]int{4, 4, 4, 4, 4}, 4},
		{[]int{25, 8, 5, 3, 3}, 3},
		{[]int{1, 4, 1, 4, 1, 4, 4}, 4},
	} {
		if got := HIndex(c.counts); got != c.h {
			t.Errorf("HIndex(%v) = %d, want %d", c.counts, got, c.h)
		}
	}
}

// TestPlayerTitles: each player's plays, titles and wins across the
// ludothèque, the table's own games included, and the H-index.
func TestPlayerTitles(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 2)
	a, b := f.players[0].ID, f.players[1].ID
	at := t0
	next := func() time.Time { at = at.Add(time.Minute); return at }
	// A: 7 Wonders ×3 (wins 3), Azul ×2 under two names, Canoe ×2, Pandemic won ×1.
	for range 3 {
		f.playTitle(t, "7 Wonders", f.persons(0, 1), engine.RankByScores([]int{50, 40}, "sheet-complete"), next())
	}
	f.playTitle(t, "Azul", f.persons(0, 1), engine.RankByScores([]int{10, 40}, "sheet-complete"), next())
	f.playTitle(t, "AZUL", f.persons(0), engine.RankByScores([]int{10}, "sheet-complete"), next())
	f.play(t, "canoe", f.persons(0, 1), []int{1, 0}, next())
	f.play(t, "canoe", f.persons(1, 0), []int{1, 0}, next())
	won := engine.Result{Scores: []int{0}, Ranks: []int{1}, Winners: []engine.Seat{0}, Reason: sheetWon}
	f.playTitle(t, "Pandemic", f.persons(0), won, next())
	week := next()
	f.playTitle(t, "Skull King", f.persons(1), engine.RankByScores([]int{10}, "sheet-complete"), week)

	lines, err := f.d.PlayerTitles(ctx, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 2 {
		t.Fatalf("lines: %+v", lines)
	}
	want := map[string]PlayerTitles{
		a: {PlayerID: a, Nickname: "playerA", Plays: 8, Titles: 4, Wins: 3 + 1 + 1 + 1, HIndex: 2},
		b: {PlayerID: b, Nickname: "playerB", Plays: 7, Titles: 4, Wins: 1 + 1 + 1, HIndex: 2},
	}
	for _, l := range lines {
		if l != want[l.PlayerID] {
			t.Errorf("%s: %+v, want %+v", l.Nickname, l, want[l.PlayerID])
		}
	}
	if lines[0].PlayerID != a {
		t.Errorf("more plays first at the same H-index: %+v", lines)
	}
	recent, err := f.d.PlayerTitles(ctx, week)
	if err != nil || len(recent) != 1 || recent[0].PlayerID != b || recent[0].Plays != 1 || recent[0].HIndex != 1 {
		t.Errorf("since the last play: %+v, %v", recent, err)
	}
	boards, err := f.d.TitleBoards(ctx, week)
	if err != nil || len(boards) != 1 || boards[0].Title != "Skull King" || boards[0].Standings[0].Rating != nil {
		t.Errorf("the boards since the last play: %+v, %v (no rating on a period's board)", boards, err)
	}
}

// TestTitleBoardRefusesAnAmbiguousName: a name two catalogue titles share
// is refused with their ids — once the import that made it shared is
// written, though the catalogue's names were read (and kept) before.
func TestTitleBoardRefusesAnAmbiguousName(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 0)
	if b, err := f.d.TitleBoard(ctx, "carcassonne"); err != nil || b.TitleID == 0 {
		t.Fatalf("the demo shelf's Carcassonne: %+v, %v", b, err)
	}
	if _, err := f.d.ImportCatalogue(ctx, []shelf.Title{
		{Names: shelf.Names{Original: "Carcassonne"}, BGGID: 822, MinPlayers: 2, MaxPlayers: 5, Year: 2000},
		{Names: shelf.Names{FR: "Carcassonne", Original: "Carcassonne Big Box"}, BGGID: 220877, MinPlayers: 2, MaxPlayers: 6, Year: 2017},
	}, t0); err != nil {
		t.Fatal(err)
	}
	if _, err := f.d.TitleBoard(ctx, "carcassonne"); !errors.Is(err, shelf.ErrAmbiguous) {
		t.Errorf("an ambiguous name: %v", err)
	}
}

// TestAPlayerSeatedTwicePlayedOnce: two accounts the staff merged that
// sat at one play count one play, a win if either seat won, and the play
// rates nobody (a player cannot be ranked against themselves).
func TestAPlayerSeatedTwicePlayedOnce(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 2)
	f.playTitle(t, "Azul", f.persons(0, 1, 0), engine.RankByScores([]int{40, 50, 60}, "sheet-complete"), t0)
	b, err := f.d.TitleBoard(ctx, "Azul")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range b.Standings {
		if s.Plays != 1 || s.Rating != nil || (s.PlayerID == f.players[0].ID) != (s.Wins == 1) {
			t.Errorf("%s: %+v", s.Nickname, s)
		}
	}
	lines, err := f.d.PlayerTitles(ctx, time.Time{})
	if err != nil || len(lines) != 2 || lines[0].Plays != 1 || lines[1].Plays != 1 {
		t.Errorf("players: %+v, %v", lines, err)
	}
}
