package db

import (
	"context"
	"github.com/tablee/tablee/session"
	"math"
	"path/filepath"
	"testing"
	"time"
)

func TestRatingsTiesGuestsBots(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 3)
	seats := append(f.persons(0, 1, 2), session.Seat{Kind: session.Guest, Name: "g"}, session.Seat{Kind: session.Bot, BotLevel: "random"})
	// A and B tie for first, the guest is second, C last, the bot between.
	f.play(t, "canyon", seats, []int{10, 10, 2, 8, 5}, t0)
	a, _ := f.d.Rating(ctx, f.players[0].ID, "canyon")
	b, _ := f.d.Rating(ctx, f.players[1].ID, "canyon")
	c, _ := f.d.Rating(ctx, f.players[2].ID, "canyon")
	start := newRating("", "")
	if a.Mu != b.Mu || a.Sigma != b.Sigma {
		t.Errorf("a tie rated differently: %+v %+v", a, b)
	}
	if !(a.Mu > start.Mu && c.Mu < start.Mu) {
		t.Errorf("winners %v, loser %v, from %v", a.Mu, c.Mu, start.Mu)
	}
	if a.Games != 1 || !a.Provisional || a.Sigma >= start.Sigma {
		t.Errorf("after one game: %+v", a)
	}
	var n int
	f.d.r.QueryRow("SELECT count(*) FROM ratings").Scan(&n)
	if n != 3 {
		t.Errorf("%d ratings, want 3 (guests and bots are not rated)", n)
	}
}

func TestRatingNeedsTwoPersons(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 1)
	f.play(t, "canoe", append(f.persons(0), session.Seat{Kind: session.Bot, BotLevel: "default"}), []int{3, 1}, t0)
	if r, _ := f.d.Rating(ctx, f.players[0].ID, "canoe"); r.Games != 0 {
		t.Errorf("a game against a bot was rated: %+v", r)
	}
}

func TestProvisionalUntilFiveGames(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 2)
	for i := 0; i < ProvisionalGames; i++ {
		r, _ := f.d.Rating(ctx, f.players[0].ID, "canoe")
		if !r.Provisional || r.Games != i {
			t.Fatalf("after %d games: %+v", i, r)
		}
		f.play(t, "canoe", f.persons(0, 1), []int{2, 1}, t0.Add(time.Duration(i)*time.Minute))
	}
	r, _ := f.d.Rating(ctx, f.players[0].ID, "canoe")
	if r.Provisional || r.Games != ProvisionalGames {
		t.Errorf("after %d games: %+v", ProvisionalGames, r)
	}
	rs, err := f.d.Ratings(ctx, "canoe")
	if err != nil || len(rs) != 2 || rs[0].PlayerID != f.players[0].ID || rs[0].Ordinal() <= rs[1].Ordinal() {
		t.Errorf("ratings: %+v %v", rs, err)
	}
	// Ratings are per game.
	if other, _ := f.d.Rating(ctx, f.players[0].ID, "canyon"); other.Games != 0 {
		t.Errorf("canyon rating moved: %+v", other)
	}
}

func TestLeaderboard(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 3)
	now := t0 // Wednesday 11 March
	// Last month: C beats everyone, many times.
	for i := 0; i < 6; i++ {
		f.play(t, "canoe", f.persons(2, 0), []int{5, 1}, now.AddDate(0, -1, 0))
	}
	// Earlier this month (Monday 2 March): B wins canyon.
	f.play(t, "canyon", f.persons(0, 1, 2), []int{1, 9, 3}, time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC))
	// This week: A wins twice, B once.
	f.play(t, "canoe", f.persons(0, 1), []int{7, 1}, now.Add(-time.Hour))
	f.play(t, "canoe", f.persons(0, 1), []int{9, 1}, now.Add(-2*time.Hour))
	f.play(t, "canoe", f.persons(0, 1), []int{1, 4}, now.Add(-3*time.Hour))

	board := func(game string, p Period) []Standing {
		since, err := p.Start(now)
		if err != nil {
			t.Fatal(err)
		}
		lb, err := f.d.Leaderboard(ctx, game, since, 0)
		if err != nil {
			t.Fatal(err)
		}
		return lb
	}
	week := board("canoe", Week)
	if len(week) != 2 || week[0].Nickname != "playerA" || week[0].Wins != 2 || week[0].Games != 3 || week[0].BestScore != 9 {
		t.Errorf("canoe this week: %+v", week)
	}
	month := board("", Month)
	// Points: B beat two in canyon and A once in canoe (3), A beat B twice (2).
	if len(month) != 3 || month[0].Nickname != "playerB" || month[0].Points != 3 || month[0].Wins != 2 || month[0].Games != 4 ||
		month[1].Nickname != "playerA" || month[1].Points != 2 {
		t.Errorf("all games this month: %+v", month)
	}
	all := board("canoe", AllTime)
	// C has 6 settled wins; A and B are still provisional in canoe? A has 9.
	if len(all) != 3 || all[0].Nickname != "playerA" && all[0].Nickname != "playerC" {
		t.Errorf("canoe all time: %+v", all)
	}
	for i := 1; i < len(all); i++ {
		p, q := all[i-1].Rating, all[i].Rating
		if p.Provisional && !q.Provisional || p.Provisional == q.Provisional && p.Ordinal() < q.Ordinal() {
			t.Errorf("all-time board not by rating: %+v before %+v", p, q)
		}
	}
	if all[0].Rating.Games == 0 || all[0].Rating.Game != "canoe" {
		t.Errorf("all-time board without ratings: %+v", all[0])
	}
	if lb, _ := f.d.Leaderboard(ctx, "canoe", time.Time{}, 1); len(lb) != 1 {
		t.Errorf("limit 1 gave %d", len(lb))
	}
}

func TestPeriodStart(t *testing.T) {
	loc := time.FixedZone("CET", 3600)
	now := time.Date(2026, 3, 2, 0, 30, 0, 0, loc) // a Monday just after midnight
	for p, want := range map[Period]time.Time{
		Week:    time.Date(2026, 3, 2, 0, 0, 0, 0, loc),
		Month:   time.Date(2026, 3, 1, 0, 0, 0, 0, loc),
		AllTime: {},
	} {
		if got, err := p.Start(now); err != nil || !got.Equal(want) {
			t.Errorf("%s: %v %v, want %v", p, got, err, want)
		}
	}
	sunday := time.Date(2026, 3, 8, 23, 0, 0, 0, loc)
	if got, _ := Week.Start(sunday); !got.Equal(time.Date(2026, 3, 2, 0, 0, 0, 0, loc)) {
		t.Errorf("week of a Sunday starts %v", got)
	}
	if _, err := Period("year").Start(now); err == nil {
		t.Error("unknown period accepted")
	}
}

func TestPlayerStats(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 2)
	f.play(t, "canoe", f.persons(0, 1), []int{7, 1}, t0)
	f.play(t, "canyon", f.persons(1, 0), []int{4, 12}, t0.Add(time.Hour))
	f.play(t, "canoe", f.persons(0, 1), []int{2, 3}, t0.Add(2*time.Hour))
	st, err := f.d.PlayerStats(ctx, f.players[0].ID)
	if err != nil || len(st) != 3 {
		t.Fatalf("stats %+v %v", st, err)
	}
	canoe, canyon, total := st[0], st[1], st[2]
	if canoe.Game != "canoe" || canoe.Games != 2 || canoe.Wins != 1 || canoe.BestScore != 7 || !canoe.LastPlayed.Equal(t0.Add(2*time.Hour)) {
		t.Errorf("canoe %+v", canoe)
	}
	if canyon.Game != "canyon" || canyon.Games != 1 || canyon.Wins != 1 || canyon.BestScore != 12 {
		t.Errorf("canyon %+v", canyon)
	}
	if total.Game != "" || total.Games != 3 || total.Wins != 2 || total.BestScore != 12 || !total.LastPlayed.Equal(t0.Add(2*time.Hour)) {
		t.Errorf("total %+v", total)
	}
}

func TestMergePlayers(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 3)
	a, b, c := f.players[0], f.players[1], f.players[2]
	f.play(t, "canoe", f.persons(0, 2), []int{3, 1}, t0)
	f.play(t, "canoe", f.persons(1, 2), []int{3, 1}, t0.Add(time.Hour))
	if err := f.d.MergePlayers(ctx, b.ID, a.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := f.d.Player(ctx, b.ID); err == nil {
		t.Error("the merged player still exists")
	}
	ra, _ := f.d.Rating(ctx, a.ID, "canoe")
	if ra.Games != 2 {
		t.Errorf("merged rating %+v, want 2 games", ra)
	}
	// The same as if A had played both.
	g := newFixture(t, 2)
	g.play(t, "canoe", g.persons(0, 1), []int{3, 1}, t0)
	g.play(t, "canoe", g.persons(0, 1), []int{3, 1}, t0.Add(time.Hour))
	want, _ := g.d.Rating(ctx, g.players[0].ID, "canoe")
	if math.Abs(ra.Mu-want.Mu) > 1e-9 || math.Abs(ra.Sigma-want.Sigma) > 1e-9 {
		t.Errorf("merged rating %+v, want %+v", ra, want)
	}
	st, _ := f.d.PlayerStats(ctx, a.ID)
	if st[len(st)-1].Games != 2 {
		t.Errorf("merged stats %+v", st)
	}
	f.play(t, "canoe", f.persons(0, 2), []int{3, 1}, t0.Add(2*time.Hour))
	if err := f.d.MergePlayers(ctx, c.ID, a.ID); err == nil {
		t.Error("merged two people who played each other")
	}
	if err := f.d.MergePlayers(ctx, "nobody", a.ID); err == nil {
		t.Error("merged an unknown player")
	}
}

func TestBackup(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 2)
	f.play(t, "canoe", f.persons(0, 1), []int{3, 1}, t0)
	path := filepath.Join(t.TempDir(), "copy.db")
	if err := f.d.Backup(ctx, path); err != nil {
		t.Fatal(err)
	}
	if err := f.d.Backup(ctx, path); err == nil {
		t.Error("a backup overwrote a file")
	}
	c, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if ps, _ := c.Players(ctx); len(ps) != 2 {
		t.Errorf("the backup has %d players", len(ps))
	}
}

// A board since a time that is not on the hour reads the whole hours from
// player_hours and the first part-hour from the results themselves.
func TestLeaderboardSinceMidHour(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 2)
	at := func(h, m int) time.Time { return time.Date(2026, 3, 11, h, m, 0, 0, time.UTC) }
	f.play(t, "canoe", f.persons(0, 1), []int{5, 1}, at(10, 10)) // before: not counted
	f.play(t, "canoe", f.persons(0, 1), []int{1, 5}, at(10, 40)) // in the part-hour
	f.play(t, "canoe", f.persons(0, 1), []int{6, 1}, at(11, 5))  // in a whole hour
	f.play(t, "canoe", f.persons(0, 1), []int{8, 1}, at(13, 59))
	lb, err := f.d.Leaderboard(ctx, "canoe", at(10, 30), 0)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Standing{}
	for _, s := range lb {
		got[s.Nickname] = s
	}
	a, b := got["playerA"], got["playerB"]
	if a.Games != 3 || a.Wins != 2 || a.BestScore != 8 || b.Games != 3 || b.Wins != 1 || b.BestScore != 5 {
		t.Errorf("since 10:30: A %+v, B %+v", a, b)
	}
	if lb, _ := f.d.Leaderboard(ctx, "canoe", at(11, 0), 0); len(lb) != 2 || lb[0].Games != 2 {
		t.Errorf("since 11:00: %+v", lb)
	}
	if lb, _ := f.d.Leaderboard(ctx, "canyon", at(10, 30), 0); len(lb) != 0 {
		t.Errorf("canyon since 10:30: %+v", lb)
	}
}
