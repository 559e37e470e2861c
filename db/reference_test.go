package db

import (
	"context"
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
)

// reference is the history and expected ratings computed once by the
// Python openskill package (db/testdata/openskill/reference.py).
type reference struct {
	Reference                   string
	Mu, Sigma, Beta, Kappa, Tau float64
	Games                       []struct {
		Players []string
		Ranks   []int
		Before  [][2]float64
		After   [][2]float64
	}
}

func loadReference(t *testing.T) reference {
	t.Helper()
	data, err := os.ReadFile("testdata/openskill/history.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref reference
	if err := json.Unmarshal(data, &ref); err != nil {
		t.Fatal(err)
	}
	return ref
}

func TestModelIsTheReferences(t *testing.T) {
	ref := loadReference(t)
	got := []float64{ModelMu, ModelSigma, ModelBeta, ModelKappa, ModelTau}
	want := []float64{ref.Mu, ref.Sigma, ref.Beta, ref.Kappa, ref.Tau}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("parameter %d: %v, the reference used %v", i, got[i], want[i])
		}
	}
}

// TestRatingsMatchReference stores the reference's history through Import,
// in a shuffled order and in batches, and checks every seat's rating
// before and after each game, and every final rating, against the values
// the reference computed.
func TestRatingsMatchReference(t *testing.T) {
	ctx := context.Background()
	ref := loadReference(t)
	t.Logf("expected values from %s", ref.Reference)
	f := newFixture(t, 0)
	ids := map[string]string{}
	played := make([]Played, len(ref.Games))
	for i, g := range ref.Games {
		seats := make([]session.Seat, len(g.Players))
		scores := make([]int, len(g.Players))
		for j, name := range g.Players {
			if ids[name] == "" {
				p, err := f.d.CreatePlayer(ctx, name, t0)
				if err != nil {
					t.Fatal(err)
				}
				ids[name] = p.ID
			}
			seats[j] = session.Seat{Kind: session.Person, PlayerID: ids[name]}
			scores[j] = -g.Ranks[j] // rank 1 scores best
		}
		end := t0.Add(time.Duration(i) * time.Minute)
		played[i] = Played{
			Session: session.Record{TableID: f.table.ID, Game: "canaille", Seats: seats, StartedAt: end.Add(-time.Minute), EndedAt: end},
			Result:  engine.RankByScores(scores, "reference"),
		}
	}
	order := rand.New(rand.NewPCG(19, 11)).Perm(len(played))
	var sessions = make([]string, len(played))
	for start := 0; start < len(order); start += 50 {
		batch := order[start:min(start+50, len(order))]
		in := make([]Played, len(batch))
		for k, i := range batch {
			in[k] = played[i]
		}
		got, err := f.d.Import(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		for k, i := range batch {
			sessions[i] = got[k]
		}
	}
	const tol = 1e-12
	final := map[string][2]float64{}
	for i, g := range ref.Games {
		for seat, name := range g.Players {
			o, ok, err := f.d.SeatOutcome(ctx, sessions[i], seat)
			if err != nil || !ok {
				t.Fatalf("game %d seat %d: no outcome (%v)", i, seat, err)
			}
			b, a := g.Before[seat], g.After[seat]
			if !near(o.Before.Mu, b[0], tol) || !near(o.Before.Sigma, b[1], tol) ||
				!near(o.After.Mu, a[0], tol) || !near(o.After.Sigma, a[1], tol) {
				t.Fatalf("game %d seat %d (%s): %v/%v → %v/%v, reference %v → %v",
					i, seat, name, o.Before.Mu, o.Before.Sigma, o.After.Mu, o.After.Sigma, b, a)
			}
			final[name] = a
		}
	}
	for name, want := range final {
		r, err := f.d.Rating(ctx, ids[name], "canaille")
		if err != nil || !near(r.Mu, want[0], tol) || !near(r.Sigma, want[1], tol) {
			t.Errorf("%s: %+v, reference %v (%v)", name, r, want, err)
		}
	}
	// The dynamics factor keeps a regular's rating moving after a season.
	if r, _ := f.d.Rating(ctx, ids["regular"], "canaille"); r.Games != 160 || r.Sigma < 2 {
		t.Errorf("regular after 160 games: %+v; sigma should stay near 2 with tau", r)
	}
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol*math.Max(1, math.Abs(b)) }
