package db

import (
	"context"
	"fmt"
	"github.com/tablee/tablee/session"
	"reflect"
	"testing"
	"time"
)

// Boards read right: names in French/German order, "never rated" told
// apart from a rating, no best score across games, places numbered.
func TestBoardsReadRight(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 0)
	var ids = map[string]string{}
	for _, n := range []string{"Zoë", "Élodie", "Elise", "Émile", "eva"} {
		p, err := f.d.CreatePlayer(ctx, n, t0)
		if err != nil {
			t.Fatal(err)
		}
		ids[n] = p.ID
	}
	seat := func(n string) session.Seat { return session.Seat{Kind: session.Person, PlayerID: ids[n]} }
	bot := session.Seat{Kind: session.Bot, BotLevel: "default"}
	// Everyone wins one game of Canoë against a bot: equal on the board.
	for i, n := range []string{"Zoë", "Élodie", "Elise", "Émile", "eva"} {
		f.play(t, "canoe", []session.Seat{seat(n), bot}, []int{5, 1}, t0.Add(time.Duration(i)*time.Minute))
	}
	// Élodie and Zoë also play a rated Canyon game.
	f.play(t, "canyon", []session.Seat{seat("Élodie"), seat("Zoë")}, []int{50, 10}, t0.Add(time.Hour))

	names := func(b []Standing) []string {
		var out []string
		for i, s := range b {
			if s.Place != i+1 {
				t.Errorf("place %d on line %d", s.Place, i+1)
			}
			out = append(out, s.Nickname)
		}
		return out
	}
	week, err := f.d.Leaderboard(ctx, "canoe", t0.Add(-time.Hour), 0)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := names(week), []string{"Elise", "Élodie", "Émile", "eva", "Zoë"}; !reflect.DeepEqual(got, want) {
		t.Errorf("collation: %v, want %v", got, want)
	}
	for _, s := range week {
		if s.Rating.Games != 0 || s.Rating.Mu != 0 {
			t.Errorf("a period board shows an all-time rating: %+v", s)
		}
	}
	// Nobody was rated in Canoë (one person a game): all "never rated".
	all, _ := f.d.Leaderboard(ctx, "canoe", time.Time{}, 0)
	for _, s := range all {
		if s.Rating.Games != 0 {
			t.Errorf("rated against a bot: %+v", s)
		}
	}
	// Over all games: Élodie won twice; no best score mixes games.
	every, _ := f.d.Leaderboard(ctx, "", time.Time{}, 0)
	if every[0].Nickname != "Élodie" || every[0].Wins != 2 || every[0].Games != 2 {
		t.Errorf("all games: %+v", every[0])
	}
	for _, s := range every {
		if s.BestScore != 0 {
			t.Errorf("a best score over all games: %+v", s)
		}
	}
	// Canyon all time: rated players first.
	canyon, _ := f.d.Leaderboard(ctx, "canyon", time.Time{}, 0)
	if len(canyon) != 2 || canyon[0].Nickname != "Élodie" || canyon[0].Rating.Games != 1 || !canyon[0].Rating.Provisional {
		t.Errorf("canyon: %+v", canyon)
	}
}

// SeatOutcome is what a phone shows after its game.
func TestSeatOutcome(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 3)
	f.play(t, "canoe", f.persons(0, 1), []int{1, 5}, t0)
	s := f.play(t, "canoe", append(f.persons(2, 0), session.Seat{Kind: session.Guest, Name: "g"}), []int{9, 3, 1}, t0.Add(time.Hour))
	o, ok, err := f.d.SeatOutcome(ctx, s.ID, 0)
	if err != nil || !ok {
		t.Fatalf("outcome: %v %v", ok, err)
	}
	if o.PlayerID != f.players[2].ID || o.Before.Games != 0 || o.After.Games != 1 || o.Change() <= 0 || o.Of != 3 || o.Place < 1 {
		t.Errorf("winner's outcome %+v change %v", o, o.Change())
	}
	loser, _, _ := f.d.SeatOutcome(ctx, s.ID, 1)
	if loser.Before.Games != 1 || loser.Change() >= 0 && loser.After.Mu >= loser.Before.Mu {
		t.Errorf("loser's outcome %+v", loser)
	}
	if _, ok, _ := f.d.SeatOutcome(ctx, s.ID, 2); ok {
		t.Error("a guest has an outcome")
	}
}

// The week's board ranks by what the games measured, guests included: a
// game played that week by guests on the table is on it, points never
// go down the board, and nobody with fewer points is above.
func TestWeekBoardRanksByPointsWithGuests(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 3)
	a, b, c := f.persons(0)[0], f.persons(1)[0], f.persons(2)[0]
	table := session.Seat{Kind: session.Guest} // a touch seat: no phone, no name
	lea := session.Seat{Kind: session.Guest, Name: "Léa"}
	bot := session.Seat{Kind: session.Bot, BotLevel: "default"}
	week, _ := Week.Start(t0)
	// Only guests on the table played Canoë this week.
	f.play(t, "canoe", []session.Seat{table, table}, []int{5, 2}, t0.Add(-time.Hour))
	lb, err := f.d.Leaderboard(ctx, "canoe", week, 0)
	if err != nil || len(lb) != 1 || !lb[0].Guest || lb[0].Nickname != "" || lb[0].Games != 2 || lb[0].Wins != 1 || lb[0].Points != 1 {
		t.Fatalf("canoe played by guests on the table: %+v %v", lb, err)
	}
	// Canyon: A wins once over four (4 points); B wins twice against one
	// bot (2 points); C never wins but comes second twice (5 points); Léa
	// beats B once and a bot once (2 points, no win: below B).
	f.play(t, "canyon", []session.Seat{a, b, c, lea, bot}, []int{40, 1, 20, 2, 3}, t0.Add(-5*time.Hour))
	f.play(t, "canyon", []session.Seat{b, bot}, []int{30, 10}, t0.Add(-4*time.Hour))
	f.play(t, "canyon", []session.Seat{b, bot}, []int{30, 10}, t0.Add(-3*time.Hour))
	f.play(t, "canyon", []session.Seat{c, lea, bot}, []int{10, 2, 1}, t0.Add(-2*time.Hour))
	lb, err = f.d.Leaderboard(ctx, "canyon", week, 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for i, s := range lb {
		got = append(got, fmt.Sprintf("%d %s %d", s.Place, s.Nickname, s.Points))
		if i > 0 && s.Points > lb[i-1].Points {
			t.Errorf("%+v below %+v", s, lb[i-1])
		}
	}
	want := []string{"1 playerC 5", "2 playerA 4", "3 playerB 2", "4 Léa 2"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("canyon this week: %v, want %v", got, want)
	}
	if l := lb[3]; !l.Guest || l.Games != 2 || l.PlayerID != "" {
		t.Errorf("Léa, a guest, twice: %+v", l)
	}
	// Over every game: the table's guests too.
	all, _ := f.d.Leaderboard(ctx, "", week, 0)
	if len(all) != 5 || !all[4].Guest || all[4].Nickname != "" || all[4].Points != 1 {
		t.Errorf("every game this week: %+v", all)
	}
}
