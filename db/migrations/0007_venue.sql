-- 0007: the venue (docs/venue.md). Self-contained: only new tables.
-- IF NOT EXISTS: a test downgrade to schema 1 leaves these tables in place.
-- venue_outbox holds each event this kiosk owes the venue, written in the
-- same transaction as what it records (a finished session), until its
-- kiosk's local stream acknowledged it. event_id is the Nats-Msg-Id.
CREATE TABLE IF NOT EXISTS venue_outbox (
	event_id   TEXT PRIMARY KEY,              -- UUIDv7
	kind       TEXT NOT NULL CHECK (kind IN ('session')),
	ref        TEXT NOT NULL,                 -- the session's id
	body       TEXT NOT NULL CHECK (json_valid(body)),
	created_at TEXT NOT NULL,
	acked_at   TEXT,                          -- the stream's acknowledgement
	UNIQUE (kind, ref)
);
CREATE INDEX IF NOT EXISTS venue_outbox_pending ON venue_outbox (event_id) WHERE acked_at IS NULL;

-- venue_sessions holds the venue's finished sessions, every table's (this
-- one's included), loaded from the venue stream: on the hub from its
-- stream, on a kiosk from its mirror. Inserted or ignored by id: the set
-- only grows, so loading it again changes nothing.
CREATE TABLE IF NOT EXISTS venue_sessions (
	id         TEXT PRIMARY KEY,              -- the session's UUIDv7
	event_id   TEXT NOT NULL,
	kiosk      TEXT NOT NULL,                 -- the kiosk's venue id
	table_name TEXT NOT NULL,
	game       TEXT NOT NULL,
	started_at TEXT NOT NULL,
	ended_at   TEXT NOT NULL,
	reason     TEXT NOT NULL,
	body       TEXT NOT NULL CHECK (json_valid(body)), -- the whole event
	loaded_at  TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS venue_sessions_ended ON venue_sessions (ended_at, id);

-- venue_config: this kiosk's venue id and pairing, or the mark of a hub's
-- database. venue_kiosks: the kiosks a hub sources.
CREATE TABLE IF NOT EXISTS venue_config (
	key   TEXT PRIMARY KEY,
	value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS venue_kiosks (
	id         TEXT PRIMARY KEY,              -- the kiosk's venue id
	table_name TEXT NOT NULL,
	first_seen TEXT NOT NULL,
	last_seen  TEXT NOT NULL
) WITHOUT ROWID;
