package db

import (
	"context"
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
	seat := func(n string) Seat { return Seat{Kind: Person, PlayerID: ids[n]} }
	bot := Seat{Kind: Bot, BotLevel: "default"}
	// Everyone wins one game of Canoë against a bot: equal on the board.
	for i, n := range []string{"Zoë", "Élodie", "Elise", "Émile", "eva"} {
		f.play(t, "canoe", []Seat{seat(n), bot}, []int{5, 1}, t0.Add(time.Duration(i)*time.Minute))
	}
	// Élodie and Zoë also play a rated Canyon game.
	f.play(t, "canyon", []Seat{seat("Élodie"), seat("Zoë")}, []int{50, 10}, t0.Add(time.Hour))

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
	s := f.play(t, "canoe", append(f.persons(2, 0), Seat{Kind: Guest, Name: "g"}), []int{9, 3, 1}, t0.Add(time.Hour))
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
