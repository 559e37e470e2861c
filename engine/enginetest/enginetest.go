// Package enginetest checks that a game honours the engine contract. Every
// game's tests call Conformance, which plays seeded random games and checks
// replay, cloning, JSON round trips of moves and of every viewer's views,
// results, determinization, and that Step (engine.Stepper) makes and
// refuses moves exactly as Apply does; RefusesViews, RefusesMoves, FuzzDecodeView
// and FuzzDecodeMove hold the tests of reading untrusted JSON that every
// game runs with its own examples.
package enginetest

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/tablee/tablee/engine"
)

// Config says how many random games Conformance plays and for how long.
type Config struct {
	Seats    []int             // seat counts to try
	Options  map[string]string // options for every game
	Games    int               // games per seat count (1 with go test -short)
	MaxPlies int               // a game still running after this is cut off
}

// Conformance plays random games of rules and fails t on any breach of the
// engine contract.
func Conformance(t *testing.T, rules engine.Rules, cfg Config) {
	t.Helper()
	games := cfg.Games
	if testing.Short() {
		games = min(games, 1)
	}
	for _, n := range cfg.Seats {
		for g := 0; g < games; g++ {
			setup := engine.Setup{Seats: n, Options: cfg.Options, Seed: uint64(1000*n + g)}
			if err := checkGame(rules, setup, cfg.MaxPlies); err != nil {
				t.Fatalf("%s, %d seats, seed %d: %v", rules.Info().ID, n, setup.Seed, err)
			}
		}
		// Stepping builds no views, so many more games are cheap.
		for g := 0; g < stepGames*games; g++ {
			setup := engine.Setup{Seats: n, Options: cfg.Options, Seed: uint64(1000*n + 500 + g)}
			if err := checkSteps(rules, setup, cfg.MaxPlies); err != nil {
				t.Fatalf("%s, %d seats, seed %d, Step against Apply: %v", rules.Info().ID, n, setup.Seed, err)
			}
		}
	}
}

// stepGames is how many games Step plays against Apply for each game
// Conformance checks in full.
const stepGames = 3

func checkGame(rules engine.Rules, setup engine.Setup, maxPlies int) error {
	s, err := engine.NewGame(rules, setup)
	if err != nil {
		return fmt.Errorf("new game: %w", err)
	}
	rng := engine.NewRNG(setup.Seed, 77)
	var log []engine.Record
	for ply := 0; ply < maxPlies; ply++ {
		if _, over := s.Result(); over {
			if s.Turn() != engine.NoSeat {
				return fmt.Errorf("game over but Turn() = %v", s.Turn())
			}
			break
		}
		seat := s.Turn()
		if !seat.Valid(setup.Seats) {
			return fmt.Errorf("ply %d: Turn() = %v is not a seat", ply, seat)
		}
		legal := s.Legal()
		if len(legal) == 0 {
			return fmt.Errorf("ply %d: game not over but %v has no legal move", ply, seat)
		}
		if err := checkView(rules, s, seat, legal, &rng); err != nil {
			return fmt.Errorf("ply %d: %w", ply, err)
		}
		if ply%otherViewsEvery() == 0 {
			if err := checkOtherViews(rules, s, seat, setup.Seats); err != nil {
				return fmt.Errorf("ply %d: %w", ply, err)
			}
		}
		m := legal[rng.IntN(len(legal))]
		m2, err := roundTrip(rules, seat, m)
		if err != nil {
			return fmt.Errorf("ply %d: %w", ply, err)
		}
		before := s.Hash()
		clone := s.Clone()
		if other := engine.Seat((int(seat) + 1) % setup.Seats); other != seat {
			if _, err := clone.Apply(other, m2); err == nil {
				return fmt.Errorf("ply %d: %v could play %v for %v", ply, other, m2, seat)
			}
		}
		if clone.Hash() != before {
			return fmt.Errorf("ply %d: a refused move changed the state", ply)
		}
		if _, err := clone.Apply(seat, m2); err != nil {
			return fmt.Errorf("ply %d: legal move %v refused: %w", ply, m2, err)
		}
		if s.Hash() != before {
			return fmt.Errorf("ply %d: applying to a clone changed the original", ply)
		}
		if _, err := s.Apply(seat, m); err != nil {
			return fmt.Errorf("ply %d: legal move %v refused: %w", ply, m, err)
		}
		if s.Hash() != clone.Hash() {
			return fmt.Errorf("ply %d: a clone and the original diverged", ply)
		}
		log = append(log, engine.Record{Seat: seat, Move: m})
	}
	if s.Plies() != len(log) {
		return fmt.Errorf("Plies() = %d after %d moves", s.Plies(), len(log))
	}
	replayed, err := engine.Replay(rules, setup, log)
	if err != nil {
		return err
	}
	if replayed.Hash() != s.Hash() {
		return fmt.Errorf("replay of %d moves gives another state", len(log))
	}
	if res, over := s.Result(); over {
		if err := checkResult(res, setup.Seats); err != nil {
			return err
		}
		return checkFinalViews(rules, s, res, setup.Seats)
	}
	return nil
}

// checkFinalViews checks that every seat's view of a finished game, and the
// table's, carries the result in its "result" field and keeps it through
// JSON: that is how every phone learns who won.
func checkFinalViews(rules engine.Rules, s engine.State, res engine.Result, seats int) error {
	viewers := []engine.Seat{engine.Onlooker}
	for i := range seats {
		viewers = append(viewers, engine.Seat(i))
	}
	want, err := json.Marshal(res)
	if err != nil {
		return err
	}
	for _, who := range viewers {
		v := s.View(who)
		if got, over := v.Result(); !over || !reflect.DeepEqual(got, res) {
			return fmt.Errorf("%v's final view has result %+v (over %v), the state %+v", who, got, over, res)
		}
		data, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("final view to JSON: %w", err)
		}
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(data, &fields); err != nil {
			return fmt.Errorf("%v's final view is not a JSON object: %w", who, err)
		}
		if string(fields["result"]) != string(want) {
			return fmt.Errorf("%v's final view has \"result\": %s, not %s", who, fields["result"], want)
		}
		if err := viewRoundTrip(rules, data, nil); err != nil {
			return fmt.Errorf("%v's final view: %w", who, err)
		}
	}
	return nil
}

func roundTrip(rules engine.Rules, seat engine.Seat, m engine.Move) (engine.Move, error) {
	data, err := engine.EncodeMove(rules.Info().ID, seat, m)
	if err != nil {
		return nil, err
	}
	rec, err := engine.DecodeMove(rules, data)
	if err != nil {
		return nil, fmt.Errorf("decode %s: %w", data, err)
	}
	if rec.Seat != seat || !reflect.DeepEqual(rec.Move, m) {
		return nil, fmt.Errorf("move %#v came back from JSON %s as %#v", m, data, rec.Move)
	}
	return rec.Move, nil
}

func checkView(rules engine.Rules, s engine.State, seat engine.Seat, legal []engine.Move, rng *engine.RNG) error {
	v := s.View(seat)
	if v.Viewer() != seat || v.Turn() != seat {
		return fmt.Errorf("view of %v says viewer %v, turn %v", seat, v.Viewer(), v.Turn())
	}
	if got, want := moveStrings(v.Legal()), moveStrings(legal); !reflect.DeepEqual(got, want) {
		return fmt.Errorf("view's legal moves %v differ from the state's %v", got, want)
	}
	if tv := s.View(engine.Onlooker); tv.Viewer() != engine.Onlooker || tv.Legal() != nil {
		return fmt.Errorf("onlooker view: viewer %v, %d legal moves", tv.Viewer(), len(tv.Legal()))
	}
	if res, over := v.Result(); over {
		return fmt.Errorf("the view of a game still running has a result: %+v", res)
	}
	want, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("view to JSON: %w", err)
	}
	if err := viewRoundTrip(rules, want, legal); err != nil {
		return err
	}
	d, err := rules.Determinize(v, rng)
	if err != nil {
		return fmt.Errorf("determinize: %w", err)
	}
	got, err := json.Marshal(d.View(seat))
	if err != nil {
		return fmt.Errorf("view to JSON: %w", err)
	}
	if string(got) != string(want) {
		return fmt.Errorf("a determinized state shows its seat another view:\n%s\nnot\n%s", got, want)
	}
	return nil
}

// otherViewsEvery is how often (in plies) the views of the seats not to
// move and of the table go through JSON: every ply, or every 7th with
// go test -short, since reading a view back rebuilds a state.
func otherViewsEvery() int {
	if testing.Short() {
		return 7
	}
	return 1
}

// checkOtherViews checks that the views of the seats not to move, and the
// table's, show no legal moves and come back from JSON unchanged.
func checkOtherViews(rules engine.Rules, s engine.State, mover engine.Seat, seats int) error {
	for who := engine.Onlooker; int(who) < seats; who++ {
		if who == mover || who == engine.NoSeat {
			continue
		}
		v := s.View(who)
		if v.Viewer() != who || v.Turn() != mover || len(v.Legal()) != 0 {
			return fmt.Errorf("view of %v says viewer %v, turn %v, %d legal moves", who, v.Viewer(), v.Turn(), len(v.Legal()))
		}
		data, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("view to JSON: %w", err)
		}
		if err := viewRoundTrip(rules, data, nil); err != nil {
			return fmt.Errorf("%v's view: %w", who, err)
		}
	}
	if rules.Info().AllPublic {
		return checkAllPublic(s, seats)
	}
	return nil
}

// checkAllPublic checks the promise of Info.AllPublic: every seat's view
// shows what the table's shows, apart from who looks and what they may
// play. The kiosk lets such a seat be played on the shared screen.
func checkAllPublic(s engine.State, seats int) error {
	public, err := viewFields(s.View(engine.Onlooker))
	if err != nil {
		return err
	}
	for i := range seats {
		own, err := viewFields(s.View(engine.Seat(i)))
		if err != nil {
			return err
		}
		if !reflect.DeepEqual(own, public) {
			return fmt.Errorf("the game says all is public, but seat %d's view %v differs from the table's %v", i, own, public)
		}
	}
	return nil
}

// viewFields is a view's JSON object without its viewer and legal moves.
func viewFields(v engine.View) (map[string]any, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("view to JSON: %w", err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("view JSON: %w", err)
	}
	delete(m, "viewer")
	delete(m, "legal")
	return m, nil
}

// viewRoundTrip reads a view back from its JSON and checks nothing was lost
// on the way.
func viewRoundTrip(rules engine.Rules, data []byte, legal []engine.Move) error {
	v, err := rules.DecodeView(data)
	if err != nil {
		return fmt.Errorf("decode view %s: %w", data, err)
	}
	again, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("decoded view to JSON: %w", err)
	}
	if string(again) != string(data) {
		return fmt.Errorf("view changed through JSON:\n%s\nnot\n%s", again, data)
	}
	if got, want := moveStrings(v.Legal()), moveStrings(legal); !reflect.DeepEqual(got, want) {
		return fmt.Errorf("decoded view's legal moves %v differ from %v", got, want)
	}
	return checkDecodeEnvelope(rules, v)
}

// checkDecodeEnvelope reads v back through engine.DecodeView, the
// versioned form a phone receives, and checks it is refused under another
// game's name or version.
func checkDecodeEnvelope(rules engine.Rules, v engine.View) error {
	id := rules.Info().ID
	data, err := engine.EncodeView(id, v)
	if err != nil {
		return err
	}
	back, err := engine.DecodeView(rules, data)
	if err != nil {
		return fmt.Errorf("engine.DecodeView: %w", err)
	}
	if back.Viewer() != v.Viewer() {
		return fmt.Errorf("engine.DecodeView: viewer %v came back as %v", v.Viewer(), back.Viewer())
	}
	var vj engine.ViewJSON
	if err := json.Unmarshal(data, &vj); err != nil {
		return err
	}
	vj.Game = id + "-other"
	other, _ := json.Marshal(vj)
	if _, err := engine.DecodeView(rules, other); err == nil {
		return errors.New("engine.DecodeView read a view of another game")
	}
	return nil
}

func checkResult(res engine.Result, seats int) error {
	if len(res.Scores) != seats || len(res.Ranks) != seats {
		return fmt.Errorf("result for %d seats has %d scores, %d ranks", seats, len(res.Scores), len(res.Ranks))
	}
	for _, w := range res.Winners {
		if !w.Valid(seats) || res.Ranks[w] != 1 {
			return fmt.Errorf("winner %v is not ranked first: %+v", w, res)
		}
	}
	if res.Reason == "" {
		return fmt.Errorf("result has no reason: %+v", res)
	}
	return nil
}

func moveStrings(ms []engine.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	return out
}
