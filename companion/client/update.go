package client

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/proto/wire"
)

// Update is one view of the seat, as the table sent it.
type Update struct {
	Version int64           // moves applied in the session
	Game    string          // the game's id
	View    json.RawMessage // the seat's engine.ViewJSON, checked against its hash
	Events  []engine.Event  // what this seat may see of the last move
	Over    bool            // the game has ended; the view holds the result
	Ref     string          // the ref of the move that made it, if the table says
	// Waiting is how many phone seats are still free: the table refuses
	// moves (wire.Waiting) until it is 0. A view of the same Version
	// arrives when it changes, so a phone never needs to poll.
	Waiting int
	// Away lists the seats whose phone is not connected now.
	Away []engine.Seat
	// NewGame marks the first view of the next game at the same table,
	// after the table played again with the same seats (a welcome this
	// phone did not ask for): whatever came before was another game.
	NewGame bool
	// Names are the seats' nicknames as the kiosk shows them, by seat;
	// "" (or a short list) for a seat still free or played by a bot.
	Names []string
	// Record is set once the table has recorded the finished game, for a
	// phone that joined with a player key: the rating change and the
	// place on the game's board. It comes with the last view again.
	Record *wire.Record
	// TakeBack is where a take-back of the last move stands for the seat
	// (Canoë, Canyon duel), nil when there is nothing to say: "may" ask
	// back one's own last move, "asked" (the other answers), "refused".
	// A view of the same Version arrives when it changes.
	TakeBack *wire.TakeBack
}

// Decode reads the view with rules, which must be the rules of its game.
// A finished game's view holds its result (engine.View.Result).
func (u Update) Decode(rules engine.Rules) (engine.View, error) {
	v, err := engine.DecodeView(rules, u.View)
	if err != nil {
		return nil, fmt.Errorf("client: view %d: %w", u.Version, err)
	}
	return v, nil
}

// viewState is what the client knows of the views it received.
type viewState struct {
	last    int64 // version of the newest view accepted
	waiting int   // its seat status, to take a same-version view that changes it
	away    []engine.Seat
	names   []string
	tb      *wire.TakeBack // where a take-back stood in the newest view
	fresh   bool           // after a welcome: take the next view whatever its version
	newGame bool           // after the table's own welcome: the next view starts a game
	syncing bool           // a sync is under way: take the next view not older than last
	latest  Update         // the newest view accepted, with its record once known
	// pendingRecord is the table's record of the finished game when it came
	// before this client accepted the game's last view (that view was
	// refused for a skipped version and is being synced): the last view
	// carries it when it comes.
	pendingRecord *wire.Record
}

type verdict int

const (
	accepted verdict = iota
	ignored          // older than, or the same as, the one held
	needSync         // a version was skipped or the hash is wrong
)

// accept checks a view message against the hash and the version held.
func (s *viewState) accept(m wire.Message) (Update, verdict) {
	sum := sha256.Sum256(m.View)
	if hex.EncodeToString(sum[:]) != m.Hash {
		s.syncing = true
		return Update{}, needSync
	}
	if !s.fresh {
		seatsChanged := m.Waiting != s.waiting || !slices.Equal(m.Away, s.away) || !slices.Equal(m.Names, s.names) ||
			!sameTakeBack(m.TakeBack, s.tb)
		if m.Version < s.last || (m.Version == s.last && !s.syncing && !seatsChanged) {
			return Update{}, ignored
		}
		if m.Version > s.last+1 && !s.syncing {
			s.syncing = true
			return Update{}, needSync
		}
	}
	u := Update{Version: m.Version, Game: m.Game, View: m.View, Events: m.Events, Over: m.Over, Ref: m.Ref,
		Waiting: m.Waiting, Away: m.Away, Names: m.Names, NewGame: s.newGame, TakeBack: m.TakeBack}
	if m.Version == s.latest.Version && m.Game == s.latest.Game {
		u.Record = s.latest.Record // the same game's end again: keep what it meant
	}
	if u.Over && s.pendingRecord != nil {
		u.Record, s.pendingRecord = s.pendingRecord, nil
	}
	s.last, s.fresh, s.syncing, s.latest, s.newGame = m.Version, false, false, u, false
	s.waiting, s.away, s.names, s.tb = m.Waiting, m.Away, m.Names, m.TakeBack
	return u, accepted
}

// sameTakeBack reports whether two views say the same of take-backs.
func sameTakeBack(a, b *wire.TakeBack) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.State == b.State && a.Seat == b.Seat && a.Version == b.Version && bytes.Equal(a.Move, b.Move)
}

// record adds the table's record of the finished game to the newest view,
// which is then returned to be delivered again. If that view is not the
// game's last (the last was refused for a skipped version and a sync is
// under way), the record waits for it: marking an earlier view over would
// end the game for the phone on a view without its result.
func (s *viewState) record(r *wire.Record) (Update, bool) {
	if !s.latest.Over {
		s.pendingRecord = r
		return Update{}, false
	}
	s.latest.Record, s.latest.Ref = r, ""
	return s.latest, true
}
