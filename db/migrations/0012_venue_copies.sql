-- 0012: a copy taken to a table or given back travels to the venue as an
-- event (docs/venue.md, "Copies at every table"), so every table's shelf
-- says where the box is.
-- venue_outbox takes a third kind of event, 'copy': the table is made
-- again with the wider CHECK (SQLite cannot change a CHECK in place).
CREATE TABLE venue_outbox_new (
	event_id   TEXT PRIMARY KEY,              -- UUIDv7
	kind       TEXT NOT NULL CHECK (kind IN ('session', 'player', 'copy')),
	ref        TEXT NOT NULL,                 -- the session's id; a player or copy event's own id
	body       TEXT NOT NULL CHECK (json_valid(body)),
	created_at TEXT NOT NULL,
	acked_at   TEXT,                          -- the stream's acknowledgement
	UNIQUE (kind, ref)
);
INSERT INTO venue_outbox_new SELECT event_id, kind, ref, body, created_at, acked_at FROM venue_outbox;
DROP TABLE venue_outbox;
ALTER TABLE venue_outbox_new RENAME TO venue_outbox;
CREATE INDEX venue_outbox_pending ON venue_outbox (event_id) WHERE acked_at IS NULL;
-- A copy event loaded looks for this kiosk's own events of that copy not
-- back from the venue yet (db.settleCopy).
CREATE INDEX venue_outbox_copy ON venue_outbox (json_extract(body, '$.copy')) WHERE kind = 'copy';

-- venue_copies holds the venue's copy events, every table's (this one's
-- included), loaded from the venue stream as venue_sessions are. copy_key
-- names the copy the same way at every table (db.copyKey); at is the
-- event's time on the venue's clock. A copy's place is the fold of its
-- events in (at, event_id) order, each checked (a table moves a copy to
-- itself, or back from itself): shelf_copies follows it.
CREATE TABLE IF NOT EXISTS venue_copies (
	event_id  TEXT PRIMARY KEY,
	kiosk     TEXT NOT NULL,
	copy_key  TEXT NOT NULL,
	at        TEXT NOT NULL,
	body      TEXT NOT NULL CHECK (json_valid(body)),
	loaded_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS venue_copies_copy ON venue_copies (copy_key, at, event_id);
CREATE INDEX IF NOT EXISTS venue_copies_kiosk ON venue_copies (kiosk);
