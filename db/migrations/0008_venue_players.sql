-- 0008: the staff's renames, merges and forgets travel to the venue as
-- events (docs/venue.md, "Players at every table").
-- venue_outbox takes a second kind of event, 'player': the table is made
-- again with the wider CHECK (SQLite cannot change a CHECK in place).
CREATE TABLE venue_outbox_new (
	event_id   TEXT PRIMARY KEY,              -- UUIDv7
	kind       TEXT NOT NULL CHECK (kind IN ('session', 'player')),
	ref        TEXT NOT NULL,                 -- the session's id; a player event's own id
	body       TEXT NOT NULL CHECK (json_valid(body)),
	created_at TEXT NOT NULL,
	acked_at   TEXT,                          -- the stream's acknowledgement
	UNIQUE (kind, ref)
);
INSERT INTO venue_outbox_new SELECT event_id, kind, ref, body, created_at, acked_at FROM venue_outbox;
DROP TABLE venue_outbox;
ALTER TABLE venue_outbox_new RENAME TO venue_outbox;
CREATE INDEX venue_outbox_pending ON venue_outbox (event_id) WHERE acked_at IS NULL;

-- venue_players holds the venue's player events, every table's, loaded
-- from the venue stream as venue_sessions are: the venue's boards replay
-- them with the sessions. IF NOT EXISTS: a test downgrade to schema 1
-- leaves these tables in place.
CREATE TABLE IF NOT EXISTS venue_players (
	event_id  TEXT PRIMARY KEY,
	kiosk     TEXT NOT NULL,
	at        TEXT NOT NULL,
	body      TEXT NOT NULL CHECK (json_valid(body)),
	loaded_at TEXT NOT NULL
);

-- venue_forgotten holds the identity tokens of forgotten players (a phone
-- key's venue token, or kiosk:player): a session naming one, loaded now or
-- later, is stored with that seat a nameless guest.
CREATE TABLE IF NOT EXISTS venue_forgotten (
	token TEXT PRIMARY KEY
) WITHOUT ROWID;
