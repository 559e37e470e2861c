-- 0016: a shelf game's session event waits for its players' signatures
-- (issue 41, docs/venue.md "Signed shelf results"): venue_outbox_held
-- names the outbox events the publisher does not send yet, while the
-- table shows the play's results and its known players' phones sign
-- their seats' results into the event's body. An event leaves it when
-- every known player signed, when the table starts its next session, or
-- when the kiosk's publisher starts. Self-contained: only a new table.
CREATE TABLE IF NOT EXISTS venue_outbox_held (
	event_id   TEXT PRIMARY KEY,
	session_id TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS venue_outbox_held_session ON venue_outbox_held (session_id);
