-- 0015: the venue's sessions kept aside (issue 41, docs/venue.md, "Every
-- node checks what it is told"): a session event whose results do not
-- follow from its moves when a loader replays them (engine/verify), or
-- that carries no moves. Kept, never rated, on no board, listed for the
-- staff with its table and why. Keyed by the event's id: a forged event
-- does not keep the session's honest event (venue_sessions) out.
-- Self-contained: only new tables.
CREATE TABLE IF NOT EXISTS venue_aside (
	event_id   TEXT PRIMARY KEY,
	session_id TEXT NOT NULL,
	kiosk      TEXT NOT NULL,                 -- the kiosk's venue id
	table_name TEXT NOT NULL,                 -- cleaned as a phone's name
	game       TEXT NOT NULL,
	ended_at   TEXT NOT NULL,
	refusal    TEXT NOT NULL,                 -- engine/verify's Refusal
	move       INTEGER NOT NULL,              -- the log entry refused, 0 if none
	detail     TEXT NOT NULL,                 -- what the replay found, for the log
	body       TEXT NOT NULL CHECK (json_valid(body)), -- the event, names cleaned
	loaded_at  TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS venue_aside_loaded ON venue_aside (loaded_at, event_id);
