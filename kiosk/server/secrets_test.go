package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/proto/wire"
)

// recorder keeps every frame one phone received.
type recorder struct {
	mu     sync.Mutex
	frames []wire.Message
	last   int64
	cond   *sync.Cond
}

func record(p *phone) *recorder {
	r := &recorder{}
	r.cond = sync.NewCond(&r.mu)
	go func() {
		for {
			m, err := p.recv()
			if err != nil {
				return
			}
			r.mu.Lock()
			r.frames = append(r.frames, m)
			if m.Type == wire.TypeView && m.Version > r.last {
				r.last = m.Version
			}
			r.cond.Broadcast()
			r.mu.Unlock()
		}
	}()
	return r
}

func (r *recorder) waitFor(version int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for r.last < version {
		r.cond.Wait()
	}
}

// TestPhonesReceiveOnlyTheirOwnViews plays whole games through the server
// and checks every frame each phone received: its view is exactly its own
// seat's view at that version, its events are those its seat may see, and
// no other seat's hand, and never the seed, appears anywhere in it.
func TestPhonesReceiveOnlyTheirOwnViews(t *testing.T) {
	for _, tc := range []struct {
		game  string
		seats int
	}{{"canyon", 4}, {"canaille", 3}} {
		t.Run(tc.game, func(t *testing.T) { checkWholeGame(t, tc.game, tc.seats) })
	}
}

func checkWholeGame(t *testing.T, game string, seats int) {
	list := guests(seats)
	tb := newTableWith(t, game, list, unthrottled)
	phones := make([]*phone, seats)
	recs := make([]*recorder, seats)
	for i := range phones {
		phones[i] = tb.dial(t)
		phones[i].join(tb, fmt.Sprint("P", i))
		recs[i] = record(phones[i])
	}
	rec := tb.sess.Record()
	rules := tb.sess.Game()
	mirror, err := engine.NewGame(rules, engine.Setup{Seats: seats, Options: rec.Options, Seed: rec.Seed})
	if err != nil {
		t.Fatal(err)
	}
	// public holds every small JSON value the whole table has seen so far.
	public := map[string]bool{}
	addPublic(t, game, mirror, nil, public)
	rng := engine.NewRNG(rec.Seed, 9)
	seed := strconv.FormatUint(rec.Seed, 10)
	checked := make([]int, seats)
	for v := 1; ; v++ {
		seat := mirror.Turn()
		if seat == engine.NoSeat {
			break
		}
		legal := mirror.Legal()
		m := legal[rng.IntN(len(legal))]
		data, _ := json.Marshal(m)
		phones[seat].send(wire.Message{Type: wire.TypeMove, Move: data})
		ev, err := mirror.Apply(seat, m)
		if err != nil {
			t.Fatal(err)
		}
		addPublic(t, game, mirror, ev, public)
		want := expectation{views: snapshot(t, game, mirror, seats), hands: handsOf(t, mirror, seats),
			events: ev, public: public, seed: seed, version: int64(v)}
		for i, r := range recs {
			r.waitFor(int64(v))
			r.mu.Lock()
			for _, f := range r.frames[checked[i]:] {
				want.check(t, engine.Seat(i), f)
			}
			checked[i] = len(r.frames)
			r.mu.Unlock()
		}
	}
}

// expectation is what a phone may receive at one version.
type expectation struct {
	views   []string   // per seat: its view
	hands   [][]string // per seat: its hand, each card as JSON
	events  []engine.Event
	public  map[string]bool
	seed    string
	version int64
}

func (e expectation) check(t *testing.T, seat engine.Seat, f wire.Message) {
	t.Helper()
	raw, _ := json.Marshal(f)
	if bytes.Contains(raw, []byte(e.seed)) {
		t.Fatalf("%v received the seed: %s", seat, raw)
	}
	if f.Type != wire.TypeView {
		return
	}
	if f.Version != e.version {
		return // the join's first view, checked by the other tests
	}
	if string(f.View) != e.views[seat] {
		t.Fatalf("%v's frame at version %d is not its own view:\n%s\nwant\n%s", seat, f.Version, f.View, e.views[seat])
	}
	for j, hand := range e.hands {
		if engine.Seat(j) == seat {
			continue
		}
		for _, card := range hand {
			// A card the whole table has seen (played, drawn for the
			// dealer, taken from the face-up row) is no secret.
			if !e.public[card] && bytes.Contains(raw, []byte(card)) {
				t.Fatalf("%v received seat %d's card %s at version %d", seat, j, card, f.Version)
			}
		}
	}
	gotEv, _ := json.Marshal(f.Events)
	wantEv, _ := json.Marshal(engine.EventsFor(e.events, seat))
	if len(f.Events) > 0 && string(gotEv) != string(wantEv) {
		t.Fatalf("%v's events at version %d:\n%s\nwant\n%s", seat, f.Version, gotEv, wantEv)
	}
}

func snapshot(t *testing.T, game string, s engine.State, seats int) []string {
	out := make([]string, seats)
	for i := range out {
		data, err := engine.EncodeView(game, s.View(engine.Seat(i)))
		if err != nil {
			t.Fatal(err)
		}
		out[i] = string(data)
	}
	return out
}

// addPublic adds to seen every small value (a card, a name) of what the
// whole table sees now: its view and the public events.
func addPublic(t *testing.T, game string, s engine.State, events []engine.Event, seen map[string]bool) {
	view, err := engine.EncodeView(game, s.View(engine.Onlooker))
	if err != nil {
		t.Fatal(err)
	}
	ev, _ := json.Marshal(engine.EventsFor(events, engine.Onlooker))
	for _, doc := range [][]byte{view, ev} {
		var v any
		if err := json.Unmarshal(doc, &v); err != nil {
			t.Fatal(err)
		}
		walk(v, seen)
	}
}

func walk(v any, seen map[string]bool) {
	if data, _ := json.Marshal(v); len(data) <= 40 {
		seen[string(data)] = true
	}
	switch x := v.(type) {
	case map[string]any:
		for _, c := range x {
			walk(c, seen)
		}
	case []any:
		for _, c := range x {
			walk(c, seen)
		}
	}
}

// handsOf lists each seat's hand, each card in its exact JSON form.
func handsOf(t *testing.T, s engine.State, seats int) [][]string {
	out := make([][]string, seats)
	for i := range out {
		data, _ := json.Marshal(s.View(engine.Seat(i)))
		var v struct {
			Hand []json.RawMessage `json:"hand"`
		}
		if err := json.Unmarshal(data, &v); err != nil {
			t.Fatal(err)
		}
		for _, c := range v.Hand {
			out[i] = append(out[i], string(c))
		}
	}
	return out
}
