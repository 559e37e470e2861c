package db

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/tablee/tablee/proto/wire"
	"github.com/tablee/tablee/session"
	"sort"
	"strconv"
	"time"

	"github.com/google/uuid"
)

// The venue's side of the database (docs/venue.md): the outbox of events a
// kiosk owes the venue, the venue's sessions loaded from its stream, and
// the pairing. SQLite stays the truth; the streams only carry copies.

// SessionEvent is a finished session as the venue carries it: everything a
// board needs, self-contained (names included), so that a node that never
// saw the table can list and rate it. It is JSON in the outbox and on the
// stream; V is its version.
type SessionEvent struct {
	V         int               `json:"v"`
	Kiosk     string            `json:"kiosk"` // the kiosk's venue id
	Table     string            `json:"table"` // the table's name
	ID        string            `json:"id"`    // the session's id
	Game      string            `json:"game"`
	Options   map[string]string `json:"options"`
	Seed      uint64            `json:"seed"`
	StartedAt time.Time         `json:"started_at"`
	EndedAt   time.Time         `json:"ended_at"`
	Reason    string            `json:"reason"`
	Seats     []EventSeat       `json:"seats"`
	// Seq numbers the kiosk's events, 1, 2, 3…, in the order it finished
	// them (0 in events written before it existed).
	Seq int64 `json:"seq,omitempty"`
	// At is when the session ended on the venue's clock: the kiosk's end
	// time corrected by its offset from the hub's clock (when the hub has
	// answered since the kiosk started), and never before the kiosk's
	// previous event's At. Every node replays the venue's ratings in (At,
	// id) order: a kiosk whose clock restarted in the past (no battery)
	// cannot move its sessions before ones it already played. Zero in
	// events written before it existed: EndedAt stands in.
	At time.Time `json:"at,omitzero"`
	// Moves is the session's move log, every entry in the engine's stored
	// form (engine.EncodeMove, engine.EncodeTakeBack) in the order played,
	// so that every node replays the game and takes its results only if
	// they follow (engine/verify). Version 2 on; an event of version 1
	// carries none and is kept aside as unverified (docs/venue.md).
	Moves []json.RawMessage `json:"moves,omitempty"`
	// Bytes is, in the venue's copy of a session (venue_sessions), the
	// size of the event as it came, its moves included: the copy keeps
	// the event without them (loadSessionEvent).
	Bytes int `json:"bytes,omitempty"`
}

// Logged says the event carries its move log (version 2 on), even empty.
func (e SessionEvent) Logged() bool { return e.V >= 2 }

// OrderAt is the time the venue orders the session by: At, or EndedAt in
// events older than At.
func (e SessionEvent) OrderAt() time.Time {
	if e.At.IsZero() {
		return e.EndedAt
	}
	return e.At
}

// EventSeat is one seat of a SessionEvent with its result.
type EventSeat struct {
	Kind     session.SeatKind `json:"kind"`
	PlayerID string           `json:"player,omitempty"`   // persons
	Nickname string           `json:"nickname,omitempty"` // persons, as the table knew them then
	BotLevel string           `json:"bot,omitempty"`
	Name     string           `json:"name,omitempty"` // a guest's name
	Score    int              `json:"score"`
	Rank     int              `json:"rank"`
	Winner   bool             `json:"winner"`
	// Keys are the venue tokens of the person's phone keys (VenueKeyToken):
	// the same phone at two tables gives the same token, so the venue
	// knows one player where each table has its own player id.
	Keys []string `json:"keys,omitempty"`

	// Sign is, at a shelf game's seat of a known player, the player's
	// phone's signature of the seat's result (venuesigned.go): the venue
	// credits such a seat only signed.
	Sign *SeatSign `json:"sign,omitempty"`
}

// sessionEventVersion is the version of SessionEvent this build writes:
// 2 since the events carry their moves.
const sessionEventVersion = 2

// OutboxEvent is an event waiting for its stream's acknowledgement.
type OutboxEvent struct {
	ID   string // UUIDv7: the Nats-Msg-Id, so a republished event is dropped as a duplicate
	Kind string // "session", "player", "copy"
	Ref  string // the session's id
	Body []byte // JSON, a SessionEvent
}

// VenueSession is a finished session of the venue, from any table.
type VenueSession struct {
	Event   SessionEvent
	EventID string
}

// Keys of venue_config.
const (
	venueKioskID = "kiosk.id"
)

// VenueID is this database's id in the venue, made on first use: it names
// the kiosk's stream and JetStream domain, so it never changes.
func (d *DB) VenueID(ctx context.Context) (string, error) {
	var id string
	err := d.inTx(ctx, "venue id", func(tx *sql.Tx) error {
		var err error
		id, err = venueID(ctx, tx)
		return err
	})
	return id, err
}

func venueID(ctx context.Context, tx *sql.Tx) (string, error) {
	fresh, err := uuid.NewV7()
	if err != nil {
		return "", err
	}
	if _, err := tx.ExecContext(ctx,
		"INSERT OR IGNORE INTO venue_config (key, value) VALUES (?, ?)", venueKioskID, fresh.String()); err != nil {
		return "", err
	}
	var id string
	err = tx.QueryRowContext(ctx, "SELECT value FROM venue_config WHERE key = ?", venueKioskID).Scan(&id)
	return id, err
}

// VenueConfig returns the venue setting key, "" if unset.
func (d *DB) VenueConfig(ctx context.Context, key string) (string, error) {
	var v string
	err := d.r.QueryRowContext(ctx, "SELECT value FROM venue_config WHERE key = ?", key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("venue setting %s: %w", key, err)
	}
	return v, nil
}

// SetVenueConfig stores the venue settings given, in one transaction.
func (d *DB) SetVenueConfig(ctx context.Context, kv map[string]string) error {
	return d.inTx(ctx, "store venue settings", func(tx *sql.Tx) error {
		for k, v := range kv {
			if _, err := tx.ExecContext(ctx,
				`INSERT INTO venue_config (key, value) VALUES (?, ?)
				 ON CONFLICT (key) DO UPDATE SET value = excluded.value`, k, v); err != nil {
				return fmt.Errorf("%s: %w", k, err)
			}
		}
		return nil
	})
}

// queueSession writes the outbox event of a session just finished, in the
// transaction that finished it: the event exists if and only if the
// session ended. A session already queued is left as it is.
//
// A session just finished is stamped (stampEvent): offset is the kiosk
// clock's known offset from the hub's (see SetVenueClock), nil if
// unknown. History queued late is not: its end times stand.
func queueSession(ctx context.Context, tx *sql.Tx, session string, now time.Time, stamp bool, offset *time.Duration) error {
	kiosk, err := venueID(ctx, tx)
	if err != nil {
		return fmt.Errorf("venue id: %w", err)
	}
	ev, err := sessionEvent(ctx, tx, session)
	if err != nil {
		return fmt.Errorf("venue event of %s: %w", session, err)
	}
	ev.Kiosk = kiosk
	if stamp {
		if ev.Seq, ev.At, err = stampEvent(ctx, tx, ev.EndedAt, offset); err != nil {
			return fmt.Errorf("venue event of %s: %w", session, err)
		}
	}
	id, body, err := outboxEntry(ev)
	if err != nil {
		return fmt.Errorf("venue event of %s: %w", session, err)
	}
	_, err = tx.ExecContext(ctx,
		`INSERT OR IGNORE INTO venue_outbox (event_id, kind, ref, body, created_at) VALUES (?, 'session', ?, ?, ?)`,
		id, session, body, fmtTime(now))
	if err == nil && stamp {
		err = holdForSignatures(ctx, tx, id, ev)
	}
	return err
}

// outboxEntry is ev as a venue_outbox row's body, with a new event id
// (a UUIDv7, so ids sort as they were made); the session and player
// events share it, each with its own INSERT (a session is queued once
// per session, a player event once per change).
func outboxEntry(ev any) (id, body string, err error) {
	b, err := json.Marshal(ev)
	if err != nil {
		return "", "", fmt.Errorf("encode the venue event: %w", err)
	}
	u, err := uuid.NewV7()
	if err != nil {
		return "", "", fmt.Errorf("venue event id: %w", err)
	}
	return u.String(), string(b), nil
}

// sessionEvent reads a finished session as its event, without the kiosk.
func sessionEvent(ctx context.Context, tx *sql.Tx, session string) (SessionEvent, error) {
	ev := SessionEvent{V: sessionEventVersion, ID: session}
	var opts, started, ended string
	var seed int64
	err := tx.QueryRowContext(ctx,
		`SELECT t.name, s.game, s.options, s.seed, s.started_at, s.ended_at, s.reason
		 FROM sessions s JOIN kiosk_tables t ON t.id = s.table_id
		 WHERE s.id = ? AND s.status = 'finished'`, session).
		Scan(&ev.Table, &ev.Game, &opts, &seed, &started, &ended, &ev.Reason)
	if errors.Is(err, sql.ErrNoRows) {
		return ev, fmt.Errorf("no finished session %s: %w", session, ErrNotFound)
	}
	if err != nil {
		return ev, err
	}
	ev.Seed = uint64(seed)
	if err := json.Unmarshal([]byte(opts), &ev.Options); err != nil {
		return ev, fmt.Errorf("options: %w", err)
	}
	if ev.StartedAt, err = parseTime(started); err != nil {
		return ev, err
	}
	if ev.EndedAt, err = parseTime(ended); err != nil {
		return ev, err
	}
	rows, err := tx.QueryContext(ctx,
		`SELECT s.kind, coalesce(s.player_id, ''), coalesce(p.nickname, ''), coalesce(s.bot_level, ''), s.name,
		        coalesce(r.score, 0), coalesce(r.rank, 0), coalesce(r.winner, 0)
		 FROM seats s LEFT JOIN players p ON p.id = s.player_id
		 LEFT JOIN results r ON r.session_id = s.session_id AND r.seat = s.seat
		 WHERE s.session_id = ? ORDER BY s.seat`, session)
	if err != nil {
		return ev, err
	}
	defer rows.Close()
	for rows.Next() {
		var st EventSeat
		if err := rows.Scan(&st.Kind, &st.PlayerID, &st.Nickname, &st.BotLevel, &st.Name, &st.Score, &st.Rank, &st.Winner); err != nil {
			rows.Close()
			return ev, err
		}
		ev.Seats = append(ev.Seats, st)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return ev, err
	}
	for i, st := range ev.Seats {
		if st.PlayerID == "" {
			continue
		}
		if ev.Seats[i].Keys, err = venueKeys(ctx, tx, st.PlayerID); err != nil {
			return ev, err
		}
	}
	if ev.Moves, err = eventMoves(ctx, tx, session); err != nil {
		return ev, err
	}
	return ev, nil
}

// eventMoves is a session's move log as its event carries it.
func eventMoves(ctx context.Context, tx *sql.Tx, session string) ([]json.RawMessage, error) {
	rows, err := tx.QueryContext(ctx, "SELECT move FROM moves WHERE session_id = ? ORDER BY seq", session)
	if err != nil {
		return nil, fmt.Errorf("moves of %s: %w", session, err)
	}
	defer rows.Close()
	var out []json.RawMessage
	for rows.Next() {
		var m string
		if err := rows.Scan(&m); err != nil {
			return nil, fmt.Errorf("moves of %s: %w", session, err)
		}
		out = append(out, json.RawMessage(m))
	}
	return out, rows.Err()
}

// VenueKeyToken is what the venue carries of a phone's player key: a hash
// of the key's hash, so that the streams and the other nodes never hold
// the value a kiosk looks a phone up by, yet one phone gives one token at
// every table.
func VenueKeyToken(keyHash []byte) string {
	sum := sha256.Sum256(append([]byte("tablee venue key\x00"), keyHash...))
	return hex.EncodeToString(sum[:16])
}

// venueKeys lists the venue tokens of a player's keys, sorted.
func venueKeys(ctx context.Context, tx *sql.Tx, player string) ([]string, error) {
	rows, err := tx.QueryContext(ctx, "SELECT key_hash FROM player_keys WHERE player_id = ?", player)
	if err != nil {
		return nil, fmt.Errorf("keys of %s: %w", player, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var h []byte
		if err := rows.Scan(&h); err != nil {
			return nil, fmt.Errorf("keys of %s: %w", player, err)
		}
		out = append(out, VenueKeyToken(h))
	}
	sort.Strings(out)
	return out, rows.Err()
}

// Keys of venue_config for the kiosk's clock of events.
const (
	venueSeqKey    = "kiosk.seq"     // the last event's Seq
	venueLastAtKey = "kiosk.last_at" // the last event's At
)

// stampEvent numbers the kiosk's next event and gives it its venue time:
// ended corrected by offset (if known), and 1 ms after the previous
// event's at the earliest, so the kiosk's events keep their order on the
// venue's clock whatever its own clock did.
func stampEvent(ctx context.Context, tx *sql.Tx, ended time.Time, offset *time.Duration) (int64, time.Time, error) {
	var seq int64
	var lastText string
	err := tx.QueryRowContext(ctx,
		`SELECT coalesce((SELECT CAST(value AS INTEGER) FROM venue_config WHERE key = ?), 0),
		        coalesce((SELECT value FROM venue_config WHERE key = ?), '')`,
		venueSeqKey, venueLastAtKey).Scan(&seq, &lastText)
	if err != nil {
		return 0, time.Time{}, err
	}
	at := ended.UTC().Truncate(time.Millisecond)
	if offset != nil {
		at = at.Add(*offset).Truncate(time.Millisecond)
	}
	if lastText != "" {
		last, err := parseTime(lastText)
		if err != nil {
			return 0, time.Time{}, err
		}
		if !at.After(last) {
			at = last.Add(time.Millisecond)
		}
	}
	seq++
	for k, v := range map[string]string{venueSeqKey: strconv.FormatInt(seq, 10), venueLastAtKey: fmtTime(at)} {
		if _, err := tx.ExecContext(ctx,
			`INSERT INTO venue_config (key, value) VALUES (?, ?)
			 ON CONFLICT (key) DO UPDATE SET value = excluded.value`, k, v); err != nil {
			return 0, time.Time{}, err
		}
	}
	return seq, at, nil
}

// SetVenueClock tells the database the kiosk clock's offset from the
// venue hub's (hub minus kiosk), measured when the hub answered: events
// queued from now on are stamped on the hub's clock. It is kept in memory
// only: a kiosk without a battery-backed clock may restart at another
// time, and measures again when the hub answers.
func (d *DB) SetVenueClock(offset time.Duration) {
	d.clockMu.Lock()
	defer d.clockMu.Unlock()
	d.clockOffset, d.clockKnown = offset, true
}

// venueClock returns the offset SetVenueClock gave, nil if none.
func (d *DB) venueClock() *time.Duration {
	d.clockMu.Lock()
	defer d.clockMu.Unlock()
	if !d.clockKnown {
		return nil
	}
	off := d.clockOffset
	return &off
}

// QueueFinishedSessions queues the finished sessions that have no outbox
// event yet (those that ended before this schema), so that pairing a
// kiosk shares its whole history. It returns how many it queued.
func (d *DB) QueueFinishedSessions(ctx context.Context, now time.Time) (int, error) {
	var n int
	err := d.inTx(ctx, "queue finished sessions for the venue", func(tx *sql.Tx) error {
		ids, err := queryStrings(ctx, tx,
			`SELECT id FROM sessions s WHERE status = 'finished'
			 AND NOT EXISTS (SELECT 1 FROM venue_outbox o WHERE o.kind = 'session' AND o.ref = s.id)
			 ORDER BY ended_at, id`)
		if err != nil {
			return err
		}
		for _, id := range ids {
			// History keeps its own times: an offset measured today
			// says nothing of the clock when those games ended.
			if err := queueSession(ctx, tx, id, now, false, nil); err != nil {
				return err
			}
		}
		n = len(ids)
		return nil
	})
	if n > 0 {
		d.signalOutbox()
	}
	return n, err
}

// PendingEvents returns up to limit events not yet acknowledged, oldest
// first.
func (d *DB) PendingEvents(ctx context.Context, limit int) ([]OutboxEvent, error) {
	rows, err := d.r.QueryContext(ctx,
		`SELECT event_id, kind, ref, body FROM venue_outbox WHERE acked_at IS NULL
		 AND event_id NOT IN (SELECT event_id FROM venue_outbox_held)
		 ORDER BY event_id LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("pending venue events: %w", err)
	}
	defer rows.Close()
	var out []OutboxEvent
	for rows.Next() {
		var e OutboxEvent
		var body string
		if err := rows.Scan(&e.ID, &e.Kind, &e.Ref, &body); err != nil {
			return nil, fmt.Errorf("pending venue events: %w", err)
		}
		e.Body = []byte(body)
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("pending venue events: %w", err)
	}
	return out, nil
}

// AckEvent marks an outbox event acknowledged by the stream at.
func (d *DB) AckEvent(ctx context.Context, id string, at time.Time) error {
	return d.inTx(ctx, "acknowledge venue event "+id, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx,
			"UPDATE venue_outbox SET acked_at = ? WHERE event_id = ? AND acked_at IS NULL", fmtTime(at), id)
		return err
	})
}

// OutboxQueued is signalled (without blocking, at most one signal waiting)
// each time an event is queued through this handle, so a publisher need
// not poll for them (another process's: OutboxWrittenElsewhere).
func (d *DB) OutboxQueued() <-chan struct{} { return d.outbox }

// OutboxWrittenElsewhere reports whether another process (tablee player
// on a running hub's or kiosk's database) committed to the file since the
// last call and the outbox holds events not yet acknowledged: its queued
// signal went to that process's handle, not to this one's publisher. It
// costs one PRAGMA while nobody else writes (data_version on the writer's
// connection moves only with another connection's commits; this
// process's readers never write).
func (d *DB) OutboxWrittenElsewhere(ctx context.Context) (bool, error) {
	var v int64
	if err := d.w.QueryRowContext(ctx, "PRAGMA data_version").Scan(&v); err != nil {
		return false, fmt.Errorf("venue outbox: %w", err)
	}
	if d.outboxSeen.Swap(v) == v {
		return false, nil
	}
	var pending bool
	if err := d.r.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM venue_outbox WHERE acked_at IS NULL)").Scan(&pending); err != nil {
		return false, fmt.Errorf("venue outbox: %w", err)
	}
	return pending, nil
}

func (d *DB) signalOutbox() {
	select {
	case d.outbox <- struct{}{}:
	default:
	}
}

// ErrBadEvent is returned (wrapped) by LoadVenueEvent for an event that can
// never load: not JSON, or not a finished session.
var ErrBadEvent = errors.New("not a venue event this Tablée reads")

// LoadVenueEvent stores a session event from the venue stream, or ignores
// it if the session is already known: the venue's sessions only grow, so
// loading is a union. It reports whether the session was new.
func (d *DB) LoadVenueEvent(ctx context.Context, eventID string, body []byte, now time.Time) (bool, error) {
	res, err := d.LoadVenueEvents(ctx, []RawEvent{{ID: eventID, Body: body}}, now)
	if err != nil {
		return false, err
	}
	if res[0].Err != nil {
		return false, res[0].Err
	}
	return res[0].Added, nil
}

// RawEvent is an event as a stream carries it: its id (Nats-Msg-Id) and
// JSON body, and From, the kiosk whose subject carried it ("" when the
// transport does not say).
type RawEvent struct {
	ID   string
	Body []byte
	// From is checked against the kiosk the body names: a kiosk may
	// publish only on its own subjects (the hub's permissions), so an
	// event naming another table inside its stream is a tampered one.
	From string
	// Hub says the event was published at the venue hub itself, on the
	// hub's subject, not sourced from a kiosk's stream (which a tampered
	// kiosk fills as it likes): only such an event may name venue
	// players (PlayerEvent.Tokens) and make a table forget its own.
	Hub bool
	// Aside, when set, says the loader's replay refused this session
	// event (engine/verify): it is kept aside (venue_aside), never
	// loaded, rated or shown on a board.
	Aside *Aside
}

// Aside is why a session event is kept aside: engine/verify's refusal,
// as a word (Refusal), the log entry refused (Move, 1 for the first; 0
// if none) and what the replay found (Detail, for the log: it may name
// the game's own notation, which no page shows).
type Aside struct {
	Refusal string
	Move    int
	Detail  string
}

// Loaded is what LoadVenueEvents did with one event: Added if it was new,
// else Err (wrapping ErrBadEvent) if it can never load; SetAside if it
// was kept aside (RawEvent.Aside; Added says whether for the first time).
type Loaded struct {
	Added    bool
	SetAside bool
	Err      error
}

// LoadVenueEvents loads a batch of events in one transaction, as
// LoadVenueEvent loads one: a node catching up on thousands of events
// pays one sync of the file per batch rather than per event. Events that
// cannot be read are reported in their Loaded and do not stop the others;
// an error of the database fails the whole batch.
//
// A forget from the hub's staff also forgets the table's own players it
// names, and the file is then rebuilt as ForgetPlayer rebuilds it; when
// that cannot be done yet the events are loaded all the same and the
// error wraps ErrTraceLeft.
func (d *DB) LoadVenueEvents(ctx context.Context, events []RawEvent, now time.Time) ([]Loaded, error) {
	out := make([]Loaded, len(events))
	var forgot []string // the table's own players forgotten
	moved := false      // a copy event loaded
	err := d.inTx(ctx, fmt.Sprintf("load %d venue events", len(events)), func(tx *sql.Tx) error {
		var forgotten map[string]bool // read once a session needs it
		for i, e := range events {
			var kind struct {
				Event string `json:"event"`
				Kiosk string `json:"kiosk"`
			}
			if err := json.Unmarshal(e.Body, &kind); err != nil {
				out[i].Err = fmt.Errorf("venue event %s: %w: %v", e.ID, ErrBadEvent, err)
				continue
			}
			if e.From != "" && kind.Kiosk != e.From {
				out[i].Err = fmt.Errorf("venue event %s: %w: names kiosk %q, sent by kiosk %q", e.ID, ErrBadEvent, kind.Kiosk, e.From)
				continue
			}
			var err error
			if kind.Event == copyEventKind {
				out[i], err = loadCopyEvent(ctx, tx, e.ID, e.Body, now)
				moved = moved || out[i].Added
			} else if kind.Event == playerEventKind {
				var ids []string
				out[i], ids, err = loadPlayerEvent(ctx, tx, e.ID, e.Body, e.Hub, now)
				forgot = append(forgot, ids...)
				forgotten = nil // a forget may have added some
			} else {
				if forgotten == nil {
					if forgotten, err = forgottenTokens(ctx, tx); err != nil {
						return err
					}
				}
				out[i], err = loadSessionEvent(ctx, tx, e, forgotten, now)
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
	if moved && err == nil {
		select {
		case d.shelfMoved <- struct{}{}:
		default:
		}
	}
	if len(forgot) == 0 {
		return out, err
	}
	if serr := d.afterForget(ctx, err == nil); err == nil {
		err = serr
	}
	return out, err
}

// afterForget turns secure_delete off again on the writer's connection
// (a forget turned it on in its transaction, which a pragma outlives)
// and, if the forget committed, scrubs the file.
func (d *DB) afterForget(ctx context.Context, committed bool) error {
	conn, err := d.w.Conn(ctx)
	if err != nil {
		return fmt.Errorf("after a forget: %w", err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "PRAGMA secure_delete = OFF"); err != nil {
		return fmt.Errorf("after a forget: %w", err)
	}
	if !committed {
		return nil
	}
	return scrub(ctx, conn)
}

// cleanEventNames makes the table's and the seats' names of ev keep the
// phones' rule; it reports whether any changed.
func cleanEventNames(ev *SessionEvent) bool {
	changed := false
	clean := func(s *string) {
		if c := wire.ScrubName(*s); c != *s {
			*s, changed = c, true
		}
	}
	clean(&ev.Table)
	for i := range ev.Seats {
		clean(&ev.Seats[i].Nickname)
		clean(&ev.Seats[i].Name)
	}
	return changed
}

// loadSessionEvent stores a session event unless its session is known.
func loadSessionEvent(ctx context.Context, tx *sql.Tx, e RawEvent, forgotten map[string]bool, now time.Time) (Loaded, error) {
	eventID, body := e.ID, e.Body
	var ev SessionEvent
	if err := json.Unmarshal(body, &ev); err != nil {
		return Loaded{Err: fmt.Errorf("venue event %s: %w: %v", eventID, ErrBadEvent, err)}, nil
	}
	if ev.V < 1 || ev.ID == "" || ev.Kiosk == "" || ev.EndedAt.IsZero() {
		return Loaded{Err: fmt.Errorf("venue event %s: %w: not a finished session (version %d)", eventID, ErrBadEvent, ev.V)}, nil
	}
	// Only the phones' signatures that verify over the event as it came
	// are kept (venuesigned.go).
	if keepSignedResults(&ev) {
		var err error
		if body, err = json.Marshal(ev); err != nil {
			return Loaded{}, err
		}
	}
	// Names are cleaned by the phones' rule (wire.ScrubName): a kiosk's
	// word is not taken for what reaches the hub's pages and CSV files.
	// A player forgotten before this session arrived is a nameless guest
	// in it.
	cleaned := cleanEventNames(&ev)
	if scrubSeats(&ev, forgotten) || cleaned {
		var err error
		if body, err = json.Marshal(ev); err != nil {
			return Loaded{}, err
		}
	}
	if e.Aside != nil {
		return setAside(ctx, tx, eventID, ev, string(body), *e.Aside, now)
	}
	// The moves were replayed before the event came here (the venue's
	// loaders): the venue's copy keeps the results, which the boards
	// read at every change, not the log, which stays in the streams and
	// the table's own database. Bytes keeps the event's size for the
	// hub's limits (VenueBytesByKiosk).
	if len(ev.Moves) > 0 {
		ev.Bytes, ev.Moves = len(e.Body), nil
		var err error
		if body, err = json.Marshal(ev); err != nil {
			return Loaded{}, err
		}
	}
	res, err := tx.ExecContext(ctx,
		`INSERT OR IGNORE INTO venue_sessions (id, event_id, kiosk, table_name, game, started_at, ended_at, reason, body, loaded_at)
		 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		ev.ID, eventID, ev.Kiosk, ev.Table, ev.Game, fmtTime(ev.StartedAt), fmtTime(ev.OrderAt()), ev.Reason, string(body), fmtTime(now))
	if err != nil {
		return Loaded{}, err
	}
	n, err := res.RowsAffected()
	return Loaded{Added: n > 0}, err
}

// VenueSessions lists the venue's sessions that ended at or after since
// (all if zero), of game if not empty, in the venue's order: by the time
// the venue gives their end (SessionEvent.OrderAt), then id.
func (d *DB) VenueSessions(ctx context.Context, since time.Time, game string) ([]VenueSession, error) {
	rows, err := d.r.QueryContext(ctx,
		`SELECT event_id, body FROM venue_sessions
		 WHERE ended_at >= ? AND (? = '' OR game = ?) ORDER BY ended_at, id`,
		fmtTime(since), game, game)
	if err != nil {
		return nil, fmt.Errorf("venue sessions: %w", err)
	}
	defer rows.Close()
	var out []VenueSession
	for rows.Next() {
		var s VenueSession
		var body string
		if err := rows.Scan(&s.EventID, &body); err != nil {
			return nil, fmt.Errorf("venue sessions: %w", err)
		}
		if err := json.Unmarshal([]byte(body), &s.Event); err != nil {
			return nil, fmt.Errorf("venue session event %s: %w", s.EventID, err)
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("venue sessions: %w", err)
	}
	return out, nil
}

// VenueSessionCount is how many venue sessions the database holds.
func (d *DB) VenueSessionCount(ctx context.Context) (int, error) {
	var n int
	if err := d.r.QueryRowContext(ctx, "SELECT count(*) FROM venue_sessions").Scan(&n); err != nil {
		return 0, fmt.Errorf("venue sessions: %w", err)
	}
	return n, nil
}

// VenueKiosk is a kiosk the hub knows: its venue id and its table's name.
type VenueKiosk struct {
	ID, Table string
	// Gen is the generation of the kiosk's stream: 0 at first, one more
	// each time the kiosk's stream was rebuilt from its database.
	Gen       int
	FirstSeen time.Time
	LastSeen  time.Time
}

// hubGenKey is the venue_config key of a kiosk's stream generation on the
// hub.
func hubGenKey(kiosk string) string { return "hub.gen." + kiosk }

// NoteVenueKiosk records that kiosk id (its table called table, its stream
// of generation gen) said hello at now; it reports whether the kiosk is
// new or its stream's generation changed: the hub must then source it.
func (d *DB) NoteVenueKiosk(ctx context.Context, id, table string, gen int, now time.Time) (bool, error) {
	table = wire.ScrubName(table) // a hello's word, cleaned as a phone's
	var added bool
	err := d.inTx(ctx, "note venue kiosk "+id, func(tx *sql.Tx) error {
		var known int
		err := tx.QueryRowContext(ctx, `SELECT coalesce((SELECT CAST(value AS INTEGER) FROM venue_config WHERE key = ?), 0)`,
			hubGenKey(id)).Scan(&known)
		if err != nil {
			return err
		}
		if gen != known {
			added = true
			if _, err := tx.ExecContext(ctx,
				`INSERT INTO venue_config (key, value) VALUES (?, ?)
				 ON CONFLICT (key) DO UPDATE SET value = excluded.value`, hubGenKey(id), strconv.Itoa(gen)); err != nil {
				return err
			}
		}
		res, err := tx.ExecContext(ctx,
			`INSERT OR IGNORE INTO venue_kiosks (id, table_name, first_seen, last_seen) VALUES (?, ?, ?, ?)`,
			id, table, fmtTime(now), fmtTime(now))
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		added = added || n > 0
		if n == 0 {
			_, err = tx.ExecContext(ctx,
				"UPDATE venue_kiosks SET table_name = ?, last_seen = max(last_seen, ?) WHERE id = ?",
				table, fmtTime(now), id)
		}
		return err
	})
	return added, err
}

// VenueKiosks lists the kiosks the hub knows, by id.
func (d *DB) VenueKiosks(ctx context.Context) ([]VenueKiosk, error) {
	rows, err := d.r.QueryContext(ctx, `SELECT k.id, k.table_name,
		coalesce((SELECT CAST(c.value AS INTEGER) FROM venue_config c WHERE c.key = 'hub.gen.' || k.id), 0),
		k.first_seen, k.last_seen FROM venue_kiosks k ORDER BY k.id`)
	if err != nil {
		return nil, fmt.Errorf("venue kiosks: %w", err)
	}
	defer rows.Close()
	var out []VenueKiosk
	for rows.Next() {
		var k VenueKiosk
		var first, last string
		if err := rows.Scan(&k.ID, &k.Table, &k.Gen, &first, &last); err != nil {
			return nil, fmt.Errorf("venue kiosks: %w", err)
		}
		if k.FirstSeen, err = parseTime(first); err != nil {
			return nil, err
		}
		if k.LastSeen, err = parseTime(last); err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("venue kiosks: %w", err)
	}
	return out, nil
}

// venueGenKey is the venue_config key of a kiosk's stream generation.
const venueGenKey = "kiosk.gen"

// VenueStreamGen is the generation of this kiosk's stream: 0 at first,
// one more after each RebuildVenueOutbox.
func (d *DB) VenueStreamGen(ctx context.Context) (int, error) {
	v, err := d.VenueConfig(ctx, venueGenKey)
	if err != nil || v == "" {
		return 0, err
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("venue stream generation %q: %w", v, err)
	}
	return n, nil
}

// RebuildVenueOutbox prepares this kiosk's stream to be rebuilt from the
// database, its old store deleted (tablee venue --rebuild): every event of
// the outbox is pending again, the finished sessions that have none are
// queued, and the stream's generation moves on, so that the hub sources
// the new stream from its start instead of resuming the old one's
// sequence. It returns how many events the new stream will carry.
func (d *DB) RebuildVenueOutbox(ctx context.Context, now time.Time) (int, error) {
	if _, err := d.QueueFinishedSessions(ctx, now); err != nil {
		return 0, err
	}
	var n int64
	err := d.inTx(ctx, "rebuild the venue outbox", func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx,
			`INSERT INTO venue_config (key, value) VALUES (?, '1')
			 ON CONFLICT (key) DO UPDATE SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT)`, venueGenKey); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, "UPDATE venue_outbox SET acked_at = NULL"); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, "SELECT count(*) FROM venue_outbox").Scan(&n)
	})
	if err != nil {
		return 0, fmt.Errorf("rebuild the venue outbox: %w", err)
	}
	d.signalOutbox()
	return int(n), nil
}

// forgetInVenue makes the player a nameless guest in the venue's copies of
// sessions in this file: the outbox and the venue's sessions. (The copies
// already in streams and at other nodes need a forget event: docs/venue.md.)
func forgetInVenue(ctx context.Context, tx *sql.Tx, id string) error {
	for _, table := range []string{"venue_outbox", "venue_sessions", "venue_aside"} {
		// json(): the array a subquery returns is text to json_set (its
		// JSON subtype does not cross the subquery), which wrote the
		// seats as one string, an event no node could read again.
		if _, err := tx.ExecContext(ctx, `UPDATE `+table+` SET body = json_set(body, '$.seats', json((
			SELECT json_group_array(CASE WHEN json_extract(value, '$.player') = ?1
				THEN json_remove(json_set(value, '$.kind', 'guest', '$.name', ''), '$.player', '$.nickname', '$.keys', '$.sign')
				ELSE json(value) END ORDER BY key)
			FROM json_each(body, '$.seats'))))
			WHERE instr(body, ?1) > 0 AND json_type(body, '$.seats') = 'array'`, id); err != nil {
			return fmt.Errorf("forget in %s: %w", table, err)
		}
	}
	// The names a staff's rename gave them, in their events here.
	kiosk, err := venueID(ctx, tx)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx,
		`UPDATE venue_outbox SET body = json_remove(body, '$.nickname')
		 WHERE kind = 'player' AND json_extract(body, '$.player') = ?`, playerToken(kiosk, id)); err != nil {
		return fmt.Errorf("forget in venue_outbox: %w", err)
	}
	return nil
}
