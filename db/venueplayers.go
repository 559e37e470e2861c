package db

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/tablee/tablee/proto/wire"
	"github.com/tablee/tablee/session"
)

// The staff's changes to players as venue events (docs/venue.md, "Players
// at every table"): a rename, a merge or a forget at one table reaches
// every node, which replays them with the sessions. A phone's keys need no
// event of their own: each session event carries the keys of its persons
// (EventSeat.Keys), and that is what joins one phone's players of
// different tables into one venue player.

// Actions of a PlayerEvent.
const (
	PlayerRenamed   = "rename"
	PlayerMerged    = "merge"
	PlayerForgotten = "forget"
)

// playerEventKind marks a PlayerEvent's JSON apart from a SessionEvent's.
const playerEventKind = "player"

// PlayerEvent is a staff's change to a player at one table, as the venue
// carries it.
type PlayerEvent struct {
	V      int    `json:"v"`
	Event  string `json:"event"` // "player"
	Kiosk  string `json:"kiosk"`
	Action string `json:"action"` // PlayerRenamed, PlayerMerged, PlayerForgotten
	// Player is the table's player as the venue names it (playerToken:
	// never the table's id, which a forget must erase), Keys its phone
	// keys' venue tokens (before the change).
	Player string   `json:"player"`
	Keys   []string `json:"keys,omitempty"`
	// Nickname is a rename's new name.
	Nickname string `json:"nickname,omitempty"`
	// Into and IntoKeys are the player a merge kept, Player the one it
	// merged into it.
	Into     string   `json:"into,omitempty"`
	IntoKeys []string `json:"into_keys,omitempty"`
	// Tokens and IntoTokens name a venue player rather than a table's,
	// in the events of the venue hub's staff (Player and Into empty):
	// every identity token ("p:…", "k:…", seatTokens) the venue joined
	// into that player when the staff acted. Only an event published at
	// the hub itself may carry them (RawEvent.Hub): a hub's forget also
	// forgets, at every table, the table's own players it names.
	Tokens     []string  `json:"tokens,omitempty"`
	IntoTokens []string  `json:"into_tokens,omitempty"`
	Seq        int64     `json:"seq"`
	At         time.Time `json:"at"` // on the venue's clock, as SessionEvent.At
}

// venueLevel reports whether the event names a venue player (the hub's
// staff made it) rather than a table's.
func (e PlayerEvent) venueLevel() bool { return len(e.Tokens) > 0 }

// tokens are the identity tokens the event names (seatTokens).
func (e PlayerEvent) tokens() (player, into []string) {
	if e.venueLevel() {
		return e.Tokens, e.IntoTokens
	}
	player = append([]string{"p:" + e.Player}, prefixed("k:", e.Keys)...)
	if e.Into != "" {
		into = append([]string{"p:" + e.Into}, prefixed("k:", e.IntoKeys)...)
	}
	return player, into
}

// playerToken names a table's player in the venue's player events: a
// hash of the kiosk's id and the player's, so that a forgotten player's
// id is in no event, while any node can tell the seats of that player.
func playerToken(kiosk, player string) string {
	sum := sha256.Sum256([]byte("tablee venue player\x00" + kiosk + ":" + player))
	return hex.EncodeToString(sum[:16])
}

func prefixed(p string, s []string) []string {
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = p + x
	}
	return out
}

// queuePlayerEvent writes a player event in the transaction that made the
// change, stamped like a session's (stampEvent).
func queuePlayerEvent(ctx context.Context, tx *sql.Tx, ev PlayerEvent, now time.Time, offset *time.Duration) error {
	_, _, err := queuedPlayerEvent(ctx, tx, ev, now, offset)
	return err
}

// queuedPlayerEvent is queuePlayerEvent, returning the event's id and
// body as queued.
func queuedPlayerEvent(ctx context.Context, tx *sql.Tx, ev PlayerEvent, now time.Time, offset *time.Duration) (string, string, error) {
	var err error
	ev.V, ev.Event = 1, playerEventKind
	if ev.Kiosk, err = venueID(ctx, tx); err != nil {
		return "", "", fmt.Errorf("venue id: %w", err)
	}
	if ev.Player != "" {
		ev.Player = playerToken(ev.Kiosk, ev.Player)
	}
	if ev.Into != "" {
		ev.Into = playerToken(ev.Kiosk, ev.Into)
	}
	if ev.Seq, ev.At, err = stampEvent(ctx, tx, now, offset); err != nil {
		return "", "", err
	}
	id, body, err := outboxEntry(ev)
	if err != nil {
		return "", "", err
	}
	_, err = tx.ExecContext(ctx,
		`INSERT INTO venue_outbox (event_id, kind, ref, body, created_at) VALUES (?1, 'player', ?1, ?2, ?3)`,
		id, body, fmtTime(now))
	if err != nil {
		return "", "", fmt.Errorf("queue the venue's player event: %w", err)
	}
	return id, body, nil
}

// loadPlayerEvent stores a player event from the venue stream, or ignores
// it if known; a forget also makes the player a nameless guest in every
// venue session already here (later ones are scrubbed as they load) and
// drops the names staff renames gave them. hub says the event was
// published at the venue hub itself (RawEvent.Hub): only such an event
// may name a venue player, and a forget of one also forgets the table's
// own players it names; their ids are returned (the caller scrubs the
// file, as ForgetPlayer does).
func loadPlayerEvent(ctx context.Context, tx *sql.Tx, eventID string, body []byte, hub bool, now time.Time) (Loaded, []string, error) {
	ev, err := readPlayerEvent(eventID, body, hub)
	if err != nil {
		return Loaded{Err: err}, nil, nil
	}
	// A rename's name is a kiosk's word: cleaned by the phones' rule, as
	// the sessions' names (cleanEventNames), before it reaches a board.
	if clean := wire.ScrubName(ev.Nickname); clean != ev.Nickname {
		ev.Nickname = clean
		b, err := json.Marshal(ev)
		if err != nil {
			return Loaded{}, nil, err
		}
		body = b
	}
	res, err := tx.ExecContext(ctx,
		`INSERT OR IGNORE INTO venue_players (event_id, kiosk, at, body, loaded_at) VALUES (?, ?, ?, ?, ?)`,
		eventID, ev.Kiosk, fmtTime(ev.At), string(body), fmtTime(now))
	if err != nil {
		return Loaded{}, nil, err
	}
	n, err := res.RowsAffected()
	if err != nil || n == 0 {
		return Loaded{}, nil, err
	}
	toks, _ := ev.tokens()
	switch ev.Action {
	case PlayerRenamed:
		// A rename of someone forgotten already (events arrive in any
		// order) keeps no name.
		forgotten, err := forgottenTokens(ctx, tx)
		if err != nil {
			return Loaded{}, nil, err
		}
		if slices.ContainsFunc(toks, func(t string) bool { return forgotten[t] }) {
			_, err = tx.ExecContext(ctx, "UPDATE venue_players SET body = json_remove(body, '$.nickname') WHERE event_id = ?", eventID)
		}
		return Loaded{Added: true}, nil, err
	case PlayerMerged:
		return Loaded{Added: true}, nil, nil
	}
	ids, err := forgetVenueTokens(ctx, tx, toks, hub && ev.venueLevel())
	if err != nil {
		return Loaded{}, nil, err
	}
	return Loaded{Added: true}, ids, nil
}

// readPlayerEvent reads and checks the player event eventID, body; hub
// says it was published at the hub. Its error wraps ErrBadEvent.
func readPlayerEvent(eventID string, body []byte, hub bool) (PlayerEvent, error) {
	var ev PlayerEvent
	if err := json.Unmarshal(body, &ev); err != nil {
		return ev, fmt.Errorf("venue event %s: %w: %v", eventID, ErrBadEvent, err)
	}
	if ev.V < 1 || ev.Kiosk == "" || (ev.Player == "" && !ev.venueLevel()) || ev.At.IsZero() ||
		(ev.Action != PlayerRenamed && ev.Action != PlayerMerged && ev.Action != PlayerForgotten) {
		return ev, fmt.Errorf("venue event %s: %w: not a player event (version %d, %q)", eventID, ErrBadEvent, ev.V, ev.Action)
	}
	if !ev.venueLevel() {
		return ev, nil
	}
	// A table's event naming venue players could make every other table
	// forget its own players: only the hub's staff may.
	if !hub {
		return ev, fmt.Errorf("venue event %s: %w: names venue players but was not published at the hub", eventID, ErrBadEvent)
	}
	for _, t := range append(slices.Clone(ev.Tokens), ev.IntoTokens...) {
		if !strings.HasPrefix(t, "p:") && !strings.HasPrefix(t, "k:") {
			return ev, fmt.Errorf("venue event %s: %w: token %q", eventID, ErrBadEvent, t)
		}
	}
	if ev.Action == PlayerMerged && len(ev.IntoTokens) == 0 {
		return ev, fmt.Errorf("venue event %s: %w: a merge into nobody", eventID, ErrBadEvent)
	}
	return ev, nil
}

// forgetVenueTokens forgets the identity tokens toks of a forget event:
// noted forgotten, the names staff renames gave them dropped, the venue
// sessions here scrubbed; and, for a forget of venue players the hub
// published (local), the table's own players they name, whose ids it
// returns.
func forgetVenueTokens(ctx context.Context, tx *sql.Tx, toks []string, local bool) ([]string, error) {
	for _, t := range toks {
		if _, err := tx.ExecContext(ctx, "INSERT OR IGNORE INTO venue_forgotten (token) VALUES (?)", t); err != nil {
			return nil, err
		}
	}
	forgotten := map[string]bool{}
	for _, t := range toks {
		forgotten[t] = true
	}
	// The names staff renames gave them go too: in the venue's events
	// here, and in this node's own events not yet rebuilt into a stream.
	for _, table := range []string{"venue_players", "venue_outbox"} {
		if err := dropRenames(ctx, tx, table, forgotten); err != nil {
			return nil, err
		}
	}
	if err := scrubVenueSessions(ctx, tx, toks); err != nil {
		return nil, err
	}
	if !local {
		return nil, nil
	}
	// The guest asked the venue to forget them: their name leaves this
	// table's own database too, not just its copy of the venue. No event
	// of this table's says so: the hub's reaches every node already.
	ids, err := localPlayers(ctx, tx, forgotten)
	if err != nil {
		return nil, err
	}
	if len(ids) > 0 {
		if _, err := tx.ExecContext(ctx, "PRAGMA secure_delete = ON"); err != nil {
			return nil, err
		}
	}
	for _, id := range ids {
		if err := forget(ctx, tx, id); err != nil {
			return nil, fmt.Errorf("forget player %s: %w", id, err)
		}
	}
	return ids, nil
}

// dropRenames removes the new name from the rename events in table
// (venue_players, or venue_outbox's player events) that name a forgotten
// token.
func dropRenames(ctx context.Context, tx *sql.Tx, table string, forgotten map[string]bool) error {
	kind := ""
	if table == "venue_outbox" {
		kind = " AND kind = 'player'"
	}
	rows, err := tx.QueryContext(ctx, `SELECT event_id, body FROM `+table+
		` WHERE json_extract(body, '$.action') = ? AND json_type(body, '$.nickname') IS NOT NULL`+kind, PlayerRenamed)
	if err != nil {
		return fmt.Errorf("forget in %s: %w", table, err)
	}
	var ids []string
	for rows.Next() {
		var id, body string
		if err := rows.Scan(&id, &body); err != nil {
			rows.Close()
			return err
		}
		var ev PlayerEvent
		if json.Unmarshal([]byte(body), &ev) != nil {
			continue
		}
		toks, _ := ev.tokens()
		if slices.ContainsFunc(toks, func(t string) bool { return forgotten[t] }) {
			ids = append(ids, id)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := tx.ExecContext(ctx, `UPDATE `+table+` SET body = json_remove(body, '$.nickname') WHERE event_id = ?`, id); err != nil {
			return fmt.Errorf("forget in %s: %w", table, err)
		}
	}
	return nil
}

// localPlayers lists this table's players that forgotten tokens name: by
// their venue name (playerToken) or one of their keys.
func localPlayers(ctx context.Context, tx *sql.Tx, forgotten map[string]bool) ([]string, error) {
	kiosk, err := venueID(ctx, tx)
	if err != nil {
		return nil, err
	}
	found := map[string]bool{}
	rows, err := tx.QueryContext(ctx, "SELECT id FROM players")
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, err
		}
		if forgotten["p:"+playerToken(kiosk, id)] {
			found[id] = true
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows, err = tx.QueryContext(ctx, "SELECT player_id, key_hash FROM player_keys")
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var id string
		var h []byte
		if err := rows.Scan(&id, &h); err != nil {
			rows.Close()
			return nil, err
		}
		if forgotten["k:"+VenueKeyToken(h)] {
			found[id] = true
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	ids := slices.Collect(maps.Keys(found))
	slices.Sort(ids)
	return ids, nil
}

// scrubVenueSessions makes the persons named by toks nameless guests in
// the venue sessions stored here. It reads them all: a forget is rare, and
// a seat names its player by the table's id, which the event does not
// carry.
func scrubVenueSessions(ctx context.Context, tx *sql.Tx, toks []string) error {
	forgotten := map[string]bool{}
	for _, t := range toks {
		forgotten[t] = true
	}
	// The sessions kept aside name their players as much as the others.
	for _, table := range []struct{ name, key string }{{"venue_sessions", "id"}, {"venue_aside", "event_id"}} {
		if err := scrubSessionsIn(ctx, tx, table.name, table.key, forgotten); err != nil {
			return err
		}
	}
	return nil
}

// scrubSessionsIn is scrubVenueSessions in one table of session events,
// its rows named by key.
func scrubSessionsIn(ctx context.Context, tx *sql.Tx, table, key string, forgotten map[string]bool) error {
	rows, err := tx.QueryContext(ctx, "SELECT "+key+", body FROM "+table)
	if err != nil {
		return err
	}
	type change struct{ id, body string }
	var changes []change
	for rows.Next() {
		var id, body string
		if err := rows.Scan(&id, &body); err != nil {
			rows.Close()
			return err
		}
		var ev SessionEvent
		if err := json.Unmarshal([]byte(body), &ev); err != nil {
			continue // it loaded once: not this function's to judge
		}
		if scrubSeats(&ev, forgotten) {
			b, err := json.Marshal(ev)
			if err != nil {
				rows.Close()
				return err
			}
			changes = append(changes, change{id, string(b)})
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, c := range changes {
		if _, err := tx.ExecContext(ctx, "UPDATE "+table+" SET body = ? WHERE "+key+" = ?", c.body, c.id); err != nil {
			return err
		}
	}
	return nil
}

// scrubSeats makes every person of ev named by a forgotten token a
// nameless guest; it reports whether it changed any seat.
func scrubSeats(ev *SessionEvent, forgotten map[string]bool) bool {
	changed := false
	for i, st := range ev.Seats {
		if st.Kind != session.Person {
			continue
		}
		for _, t := range seatTokens(ev.Kiosk, st) {
			if forgotten[t] {
				ev.Seats[i] = EventSeat{Kind: session.Guest, Score: st.Score, Rank: st.Rank, Winner: st.Winner}
				changed = true
				break
			}
		}
	}
	return changed
}

// forgottenTokens reads every forgotten token.
func forgottenTokens(ctx context.Context, tx *sql.Tx) (map[string]bool, error) {
	rows, err := tx.QueryContext(ctx, "SELECT token FROM venue_forgotten")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			return nil, err
		}
		out[t] = true
	}
	return out, rows.Err()
}

// venuePlayerEvents lists the venue's player events in the venue's order.
func (d *DB) venuePlayerEvents(ctx context.Context) ([]PlayerEvent, error) {
	rows, err := d.r.QueryContext(ctx, "SELECT event_id, body FROM venue_players ORDER BY at, event_id")
	if err != nil {
		return nil, fmt.Errorf("venue player events: %w", err)
	}
	defer rows.Close()
	var out []PlayerEvent
	for rows.Next() {
		var id, body string
		if err := rows.Scan(&id, &body); err != nil {
			return nil, fmt.Errorf("venue player events: %w", err)
		}
		var ev PlayerEvent
		if err := json.Unmarshal([]byte(body), &ev); err != nil {
			return nil, fmt.Errorf("venue player event %s: %w", id, err)
		}
		out = append(out, ev)
	}
	return out, rows.Err()
}
