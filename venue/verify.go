package venue

import (
	"encoding/json"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/engine/verify"
)

// Every loader replays a session event through the rules before taking
// it (docs/venue.md, "Every node checks what it is told"): a paired
// kiosk's word is not taken for its results. The hub's loader and each
// kiosk's mirror's check alike, so a forged session is kept aside at
// every node, whichever copy of it arrives first.

// replayer checks the session events of a batch against their moves.
type replayer struct {
	games *engine.Registry
	logf  func(string, ...any)
}

func newReplayer(logf func(string, ...any)) *replayer {
	return &replayer{games: catalog.Registry(), logf: logf}
}

// check marks each session event of raw whose results do not follow from
// its moves (or that carries none) to be kept aside; other events, and
// what cannot be read (the database refuses it), pass as they are.
func (r *replayer) check(raw []db.RawEvent, where string) {
	for i := range raw {
		var ev struct {
			db.SessionEvent
			Event string `json:"event"`
		}
		if json.Unmarshal(raw[i].Body, &ev) != nil || ev.Event != "" {
			continue
		}
		v := verify.Check(r.games, claim(ev.SessionEvent))
		if v.Taken() {
			continue
		}
		raw[i].Aside = &db.Aside{Refusal: string(v.Refusal), Move: v.Move, Detail: v.Detail}
		r.logf("venue: %s: session %s of table %q kept aside: %s: %s", where, ev.ID, ev.Table, v.Refusal, v.Detail)
	}
}

// claim is what ev says of its game, as verify reads it.
func claim(ev db.SessionEvent) verify.Claim {
	c := verify.Claim{Game: ev.Game, Options: ev.Options, Seed: ev.Seed, Logged: ev.Logged(), Moves: ev.Moves, Reason: ev.Reason}
	for _, s := range ev.Seats {
		c.Seats = append(c.Seats, verify.Seat{Score: s.Score, Rank: s.Rank, Winner: s.Winner})
	}
	return c
}
