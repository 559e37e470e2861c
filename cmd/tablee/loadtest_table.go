package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canyon"
)

// loadTable is one table of a load run: its kiosk and its phones, played in
// a closed loop by one goroutine.
type loadTable struct {
	name   string
	kiosk  *kioskProc
	rules  engine.Rules
	phones []*client.Client
	bySeat map[engine.Seat]int // phone index of each seat
	rng    engine.RNG

	changed chan struct{} // one pending signal: some phone's view changed
	mu      sync.Mutex
	latest  []client.Update // each phone's newest view
	gone    []bool          // the phone's updates ended

	// Filled by play.
	moves int             // moves completed
	lat   []time.Duration // from sending each move (after the warm-up) to every phone holding its view
	over  bool            // the game ended during the run
}

// join connects n phones to the table over TLS and seats them with the
// table's code.
func (t *loadTable) join(ctx context.Context, n int) error {
	t.changed = make(chan struct{}, 1)
	t.latest = make([]client.Update, n)
	t.gone = make([]bool, n)
	t.bySeat = map[engine.Seat]int{}
	for i := 0; i < n; i++ {
		c, err := client.Dial(ctx, t.kiosk.addr, t.kiosk.fp)
		if err != nil {
			return fmt.Errorf("%s: phone %d: %w", t.name, i+1, err)
		}
		t.phones = append(t.phones, c)
		w, err := c.Join(ctx, t.kiosk.code, fmt.Sprintf("Load %d", i+1))
		if err != nil {
			return fmt.Errorf("%s: phone %d: join: %w", t.name, i+1, err)
		}
		t.bySeat[w.Seat] = i
		go t.follow(i, c)
	}
	return nil
}

// follow keeps phone i's newest view until its client stops.
func (t *loadTable) follow(i int, c *client.Client) {
	for u := range c.Updates() {
		t.mu.Lock()
		t.latest[i] = u
		t.mu.Unlock()
		t.signal()
	}
	t.mu.Lock()
	t.gone[i] = true
	t.mu.Unlock()
	t.signal()
}

func (t *loadTable) signal() {
	select {
	case t.changed <- struct{}{}:
	default:
	}
}

// waitAll waits until every phone holds a view of at least version with no
// seat free, and returns phone 0's.
func (t *loadTable) waitAll(ctx context.Context, version int64) (client.Update, error) {
	for {
		t.mu.Lock()
		ready := true
		for i, u := range t.latest {
			if t.gone[i] {
				t.mu.Unlock()
				return client.Update{}, fmt.Errorf("%s: phone %d left the table: %w", t.name, i+1, t.phones[i].Err())
			}
			if u.View == nil || u.Version < version || u.Waiting > 0 {
				ready = false
			}
		}
		first := t.latest[0]
		t.mu.Unlock()
		if ready {
			return first, nil
		}
		select {
		case <-t.changed:
		case <-ctx.Done():
			return client.Update{}, fmt.Errorf("%s: waiting for every phone to hold view %d: %w", t.name, version, ctx.Err())
		case <-t.kiosk.exited:
			return client.Update{}, fmt.Errorf("%s: the kiosk exited: %s", t.name, t.kiosk.stderr)
		}
	}
}

// loadPlan is how the tables play.
type loadPlan struct {
	until  time.Time     // no move is sent after this
	think  time.Duration // pause after each completed move
	warmup int           // moves per table left out of the latency figures
	stall  time.Duration // one move (sent to held by all) longer than this fails the run
}

// play runs the closed loop: the phone whose turn it is sends a move, and
// the next is sent once every phone holds the resulting view, until the
// plan's end, the game's end or an error.
func (t *loadTable) play(ctx context.Context, p loadPlan) error {
	u, err := t.waitAll(ctx, 0)
	if err != nil {
		return err
	}
	for time.Now().Before(p.until) {
		if u.Over {
			t.over = true
			return nil
		}
		data, mover, err := t.choose(u)
		if err != nil {
			return err
		}
		mctx, cancel := context.WithTimeout(ctx, p.stall)
		start := time.Now()
		err = t.phones[mover].Move(mctx, data)
		if err == nil {
			u, err = t.waitAll(mctx, u.Version+1)
		}
		took := time.Since(start)
		cancel()
		if err != nil {
			return fmt.Errorf("%s: move %d: %w", t.name, t.moves+1, err)
		}
		t.moves++
		if t.moves > p.warmup {
			t.lat = append(t.lat, took)
		}
		if p.think > 0 {
			select {
			case <-time.After(p.think):
			case <-ctx.Done():
				return ctx.Err()
			}
		}
	}
	return nil
}

// choose picks the move of the seat to play, from that phone's own view,
// and returns it encoded with the index of the phone to send it.
func (t *loadTable) choose(first client.Update) ([]byte, int, error) {
	v, err := first.Decode(t.rules)
	if err != nil {
		return nil, 0, fmt.Errorf("%s: %w", t.name, err)
	}
	mover, ok := t.bySeat[v.Turn()]
	if !ok {
		return nil, 0, fmt.Errorf("%s: seat %v is to play and no phone holds it", t.name, v.Turn())
	}
	if mover != 0 {
		t.mu.Lock()
		u := t.latest[mover]
		t.mu.Unlock()
		if v, err = u.Decode(t.rules); err != nil {
			return nil, 0, fmt.Errorf("%s: %w", t.name, err)
		}
	}
	legal := v.Legal()
	if len(legal) == 0 {
		return nil, 0, fmt.Errorf("%s: seat %v is to play and has no legal move", t.name, v.Turn())
	}
	data, err := json.Marshal(pickLoadMove(legal, &t.rng))
	return data, mover, err
}

// pickLoadMove chooses among legal moves so the game lasts: in Canyon the
// highest tempo (7 points announced are almost never met exactly, so the
// canoes never gain the bonus, drift down the current into the waterfall
// and start again from the cave: a 6-player game lasts over 150,000
// moves); otherwise, and for Canyon's other decisions, a random one.
func pickLoadMove(legal []engine.Move, rng *engine.RNG) engine.Move {
	best, bestSum := -1, -1
	for i, m := range legal {
		cm, ok := m.(canyon.Move)
		if !ok || cm.Kind != canyon.KindTempo {
			continue
		}
		sum := 0
		for _, c := range cm.Tempo {
			sum += c
		}
		if sum > bestSum {
			best, bestSum = i, sum
		}
	}
	if best >= 0 {
		return legal[best]
	}
	return legal[rng.IntN(len(legal))]
}

// close disconnects the phones.
func (t *loadTable) close() {
	for _, c := range t.phones {
		_ = c.Close()
	}
}

// errNoMoves fails a run in which no table completed a move.
var errNoMoves = errors.New("no move was completed")
