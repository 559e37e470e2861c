-- 0011: what the ludothèque's figures need and nothing logged before
-- (issue 39, docs/database.md): a copy's stays at tables, the times a
-- game was taught at a table, and indexes for counting plays by title.
-- Self-contained: only new tables and indexes.

-- shelf_loans: one stay of a copy at a table, from when a group took it
-- to when it was given back (returned_at NULL while it is there). A
-- play at that table meanwhile is a play of that copy.
CREATE TABLE IF NOT EXISTS shelf_loans (
	id          INTEGER PRIMARY KEY,
	copy_id     INTEGER NOT NULL REFERENCES shelf_copies (id) ON DELETE CASCADE,
	table_name  TEXT NOT NULL,
	taken_at    TEXT NOT NULL,
	returned_at TEXT
);
CREATE INDEX IF NOT EXISTS shelf_loans_copy ON shelf_loans (copy_id, taken_at);
CREATE UNIQUE INDEX IF NOT EXISTS shelf_loans_open ON shelf_loans (copy_id) WHERE returned_at IS NULL;

-- taught: a game taught at a table. kind 'lesson' is the table's own
-- lesson of one of its games (game its id, title ''); 'call' is a staff
-- call from a table while a game was played there (game the session's,
-- title the shelf title of a score-sheet play, else ''): the staff come
-- to explain the rules, or to help.
CREATE TABLE IF NOT EXISTS taught (
	id         INTEGER PRIMARY KEY,
	kind       TEXT NOT NULL CHECK (kind IN ('lesson', 'call')),
	table_name TEXT NOT NULL,
	game       TEXT NOT NULL,
	title      TEXT NOT NULL DEFAULT '',
	at         TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS taught_game ON taught (game, title);

-- The plays of shelf titles counted by title without reading each
-- session's options: the same expression as the queries' (db/figures.go).
CREATE INDEX IF NOT EXISTS sessions_sheet_title ON sessions (json_extract(options, '$.title'), ended_at)
	WHERE game = 'sheet' AND status = 'finished';
CREATE INDEX IF NOT EXISTS venue_sessions_title ON venue_sessions (game, json_extract(body, '$.options.title'), ended_at);
