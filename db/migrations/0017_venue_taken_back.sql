-- 0017: the sessions the staff took back from aside (docs/venue.md,
-- "Taking an old session back"): a session event kept aside as
-- unverified (version 1, an earlier build's, no moves) that the staff of
-- this node chose to take as it is. Who and when, for the record; keyed
-- by the event's id, so a loader meeting the event again does not put it
-- aside again. Per node: each node's staff decide for their own copy.
-- Numbered 0017 after the shelf's signed results (0016, another branch).
-- Self-contained: only a new table.
CREATE TABLE IF NOT EXISTS venue_taken_back (
	event_id   TEXT PRIMARY KEY,
	session_id TEXT NOT NULL,
	kiosk      TEXT NOT NULL,   -- the kiosk's venue id
	table_name TEXT NOT NULL,   -- as cleaned at the loader
	game       TEXT NOT NULL,
	refusal    TEXT NOT NULL,   -- why it was aside: always 'unverified'
	via        TEXT NOT NULL,   -- 'console' or 'command'
	by_whom    TEXT NOT NULL,   -- who, as the console or the command knows them
	taken_at   TEXT NOT NULL
);
