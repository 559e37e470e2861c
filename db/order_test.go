package db

import (
	"context"
	"github.com/tablee/tablee/session"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"
)

// history is 60 finished games among five players, ended a minute apart
// (games ending in the same millisecond are ordered by their session ids,
// which differ from one database to another: TestSameMillisecond...).
func history(f *fixture) []Played {
	rng := rand.New(rand.NewPCG(7, 19))
	var out []Played
	for i := 0; i < 60; i++ {
		perm := rng.Perm(len(f.players))[:2+rng.IntN(3)]
		scores := make([]int, len(perm))
		for j := range scores {
			scores[j] = rng.IntN(4)
		}
		end := t0.Add(time.Duration(i) * time.Minute)
		out = append(out, Played{
			Session: session.Record{TableID: f.table.ID, Game: "canaille", Seats: f.persons(perm...), StartedAt: end.Add(-time.Hour), EndedAt: end},
			Result:  rankBy(scores...),
		})
	}
	return out
}

// ratingsByName lists every rating by player nickname, comparable across
// databases.
func ratingsByName(t *testing.T, f *fixture) map[string]Rating {
	t.Helper()
	out := map[string]Rating{}
	for _, p := range f.players {
		r, err := f.d.Rating(context.Background(), p.ID, "canaille")
		if err != nil {
			t.Fatal(err)
		}
		r.PlayerID = ""
		out[p.Nickname] = r
	}
	return out
}

// Whatever order the games are recorded in, by Import or by Finish, one
// by one or in batches, the ratings are those of the order they ended.
func TestRatingsInEndOrderWhateverTheRecordingOrder(t *testing.T) {
	ctx := context.Background()
	var want map[string]Rating
	for run := 0; run < 6; run++ {
		f := newFixture(t, 5)
		played := history(f)
		if run > 0 {
			rng := rand.New(rand.NewPCG(uint64(run), 3))
			rng.Shuffle(len(played), func(i, j int) { played[i], played[j] = played[j], played[i] })
		}
		switch run % 3 {
		case 0: // one Import
			if _, err := f.d.Import(ctx, played); err != nil {
				t.Fatal(err)
			}
		case 1: // batches, as simulate --parallel records them
			for i := 0; i < len(played); i += 7 {
				if _, err := f.d.Import(ctx, played[i:min(i+7, len(played))]); err != nil {
					t.Fatal(err)
				}
			}
		case 2: // live tables finishing in the order their writes got the lock
			for _, p := range played {
				s, err := f.d.CreateSession(ctx, p.Session)
				if err != nil {
					t.Fatal(err)
				}
				if err := f.d.Finish(ctx, s.ID, p.Result, p.Session.EndedAt); err != nil {
					t.Fatal(err)
				}
			}
		}
		got := ratingsByName(t, f)
		if run == 0 {
			want = got
		} else if !reflect.DeepEqual(got, want) {
			t.Errorf("run %d: ratings\n%v\nwant\n%v", run, got, want)
		}
		assertRecomputed(t, f.d)
	}
}

// Two tables finishing in the same millisecond are rated in the order of
// their session ids, whichever wrote first.
func TestSameMillisecondOrderedBySessionID(t *testing.T) {
	ctx := context.Background()
	for _, first := range []int{0, 1} {
		f := newFixture(t, 2)
		var ids []string
		for i := 0; i < 2; i++ {
			s, err := f.d.CreateSession(ctx, session.Record{TableID: f.table.ID, Game: "canoe", Seats: f.persons(i, 1-i), StartedAt: t0})
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, s.ID)
		}
		at := t0.Add(time.Hour)
		if err := f.d.Finish(ctx, ids[first], rankBy(2, 1), at); err != nil {
			t.Fatal(err)
		}
		if err := f.d.Finish(ctx, ids[1-first], rankBy(2, 1), at); err != nil {
			t.Fatal(err)
		}
		// The session with the smaller id is rated first: its loser's
		// rating before it is the start.
		low := min(ids[0], ids[1])
		seat := 1
		o, ok, err := f.d.SeatOutcome(ctx, low, seat)
		if err != nil || !ok || o.Before.Mu != ModelMu || o.Before.Games != 0 {
			t.Errorf("first finish %d: the session with the lower id was not rated first: %+v %v", first, o, err)
		}
		assertRecomputed(t, f.d)
	}
}

// A merge recomputes in end order, so it moves only what the merge
// changes: merging a player who never met the others leaves them alone.
func TestMergeMovesOnlyWhatItChanges(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 5)
	played := history(f)
	rand.New(rand.NewPCG(1, 1)).Shuffle(len(played), func(i, j int) { played[i], played[j] = played[j], played[i] })
	if _, err := f.d.Import(ctx, played); err != nil {
		t.Fatal(err)
	}
	before := ratingsByName(t, f)
	lone, _ := f.d.CreatePlayer(ctx, "lone", t0)
	if err := f.d.MergePlayers(ctx, lone.ID, f.players[0].ID); err != nil {
		t.Fatal(err)
	}
	if after := ratingsByName(t, f); !reflect.DeepEqual(before, after) {
		t.Errorf("a merge of a player without games moved ratings:\n%v\n%v", before, after)
	}
}

// A file rated with another model is rated again when opened.
func TestOtherModelRatedAgainOnOpen(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 5)
	if _, err := f.d.Import(ctx, history(f)); err != nil {
		t.Fatal(err)
	}
	want := ratingsByName(t, f)
	if _, err := f.d.w.Exec("UPDATE ratings SET mu = 0, sigma = 1; UPDATE rating_model SET model = 'older'"); err != nil {
		t.Fatal(err)
	}
	f.d.Close()
	d, err := Open(ctx, f.d.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	f.d = d
	if got := ratingsByName(t, f); !reflect.DeepEqual(got, want) {
		t.Errorf("after reopening: %v, want %v", got, want)
	}
}
