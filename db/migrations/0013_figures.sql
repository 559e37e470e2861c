-- 0011: what the ludothèque's figures need and nothing logged before
-- (issue 39, docs/database.md): a copy's stays at tables, the times a
-- game was taught at a table, and the finished plays by title.
-- Self-contained: only new tables, indexes and triggers.

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

-- shelf_plays: every finished play (venue 0: this table's, from
-- sessions; venue 1: the venue's, from venue_sessions) by its game and,
-- for a score-sheet play, the title it was played under, with when it
-- ended: the ludothèque's figures count 100,000 plays by title from its
-- covering index alone (reading each session's options took ten times
-- as long). Kept by the triggers below; filled here from what is stored.
CREATE TABLE IF NOT EXISTS shelf_plays (
	venue      INTEGER NOT NULL CHECK (venue IN (0, 1)),
	session_id TEXT NOT NULL,
	game       TEXT NOT NULL,
	title      TEXT NOT NULL,                -- '' for a game the table plays itself
	ended_at   TEXT NOT NULL,
	PRIMARY KEY (venue, session_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS shelf_plays_title ON shelf_plays (venue, game, title, ended_at);

INSERT OR IGNORE INTO shelf_plays (venue, session_id, game, title, ended_at)
	SELECT 0, id, game, CASE WHEN game = 'sheet' THEN coalesce(json_extract(options, '$.title'), '') ELSE '' END, ended_at
	FROM sessions WHERE status = 'finished';
INSERT OR IGNORE INTO shelf_plays (venue, session_id, game, title, ended_at)
	SELECT 1, id, game, CASE WHEN game = 'sheet' THEN coalesce(json_extract(body, '$.options.title'), '') ELSE '' END, ended_at
	FROM venue_sessions;

CREATE TRIGGER IF NOT EXISTS shelf_plays_insert AFTER INSERT ON sessions WHEN NEW.status = 'finished'
BEGIN
	INSERT OR IGNORE INTO shelf_plays (venue, session_id, game, title, ended_at)
	VALUES (0, NEW.id, NEW.game, CASE WHEN NEW.game = 'sheet' THEN coalesce(json_extract(NEW.options, '$.title'), '') ELSE '' END, NEW.ended_at);
END;
CREATE TRIGGER IF NOT EXISTS shelf_plays_finish AFTER UPDATE OF status ON sessions
WHEN NEW.status = 'finished' AND OLD.status IS NOT 'finished'
BEGIN
	INSERT OR IGNORE INTO shelf_plays (venue, session_id, game, title, ended_at)
	VALUES (0, NEW.id, NEW.game, CASE WHEN NEW.game = 'sheet' THEN coalesce(json_extract(NEW.options, '$.title'), '') ELSE '' END, NEW.ended_at);
END;
CREATE TRIGGER IF NOT EXISTS shelf_plays_unfinish AFTER UPDATE OF status ON sessions
WHEN OLD.status = 'finished' AND NEW.status IS NOT 'finished'
BEGIN
	DELETE FROM shelf_plays WHERE venue = 0 AND session_id = OLD.id;
END;
CREATE TRIGGER IF NOT EXISTS shelf_plays_delete AFTER DELETE ON sessions
BEGIN
	DELETE FROM shelf_plays WHERE venue = 0 AND session_id = OLD.id;
END;
CREATE TRIGGER IF NOT EXISTS shelf_plays_venue_insert AFTER INSERT ON venue_sessions
BEGIN
	INSERT OR IGNORE INTO shelf_plays (venue, session_id, game, title, ended_at)
	VALUES (1, NEW.id, NEW.game, CASE WHEN NEW.game = 'sheet' THEN coalesce(json_extract(NEW.body, '$.options.title'), '') ELSE '' END, NEW.ended_at);
END;
CREATE TRIGGER IF NOT EXISTS shelf_plays_venue_delete AFTER DELETE ON venue_sessions
BEGIN
	DELETE FROM shelf_plays WHERE venue = 1 AND session_id = OLD.id;
END;

-- shelf_generation: one number, one more at each change of what the
-- figures add up (titles, boxes, notes, stays, plays, lessons and calls),
-- whoever writes: the figures' last read is kept while it stays the same
-- (a move logged, a search typed change nothing of it), across processes.
-- plays counts the changes of shelf_plays alone: the plays' counts, the
-- costliest part, are kept across a box taken or a note written.
CREATE TABLE IF NOT EXISTS shelf_generation (
	id    INTEGER PRIMARY KEY CHECK (id = 1),
	gen   INTEGER NOT NULL,
	plays INTEGER NOT NULL
);
INSERT OR IGNORE INTO shelf_generation (id, gen, plays) VALUES (1, 0, 0);
CREATE TRIGGER IF NOT EXISTS shelf_titles_gen_insert AFTER INSERT ON shelf_titles BEGIN UPDATE shelf_generation SET gen = gen + 1; END;
CREATE TRIGGER IF NOT EXISTS shelf_titles_gen_update AFTER UPDATE ON shelf_titles BEGIN UPDATE shelf_generation SET gen = gen + 1; END;
CREATE TRIGGER IF NOT EXISTS shelf_titles_gen_delete AFTER DELETE ON shelf_titles BEGIN UPDATE shelf_generation SET gen = gen + 1; END;
CREATE TRIGGER IF NOT EXISTS shelf_copies_gen_insert AFTER INSERT ON shelf_copies BEGIN UPDATE shelf_generation SET gen = gen + 1; END;
CREATE TRIGGER IF NOT EXISTS shelf_copies_gen_update AFTER UPDATE ON shelf_copies BEGIN UPDATE shelf_generation SET gen = gen + 1; END;
CREATE TRIGGER IF NOT EXISTS shelf_copies_gen_delete AFTER DELETE ON shelf_copies BEGIN UPDATE shelf_generation SET gen = gen + 1; END;
CREATE TRIGGER IF NOT EXISTS shelf_notes_gen_insert AFTER INSERT ON shelf_notes BEGIN UPDATE shelf_generation SET gen = gen + 1; END;
CREATE TRIGGER IF NOT EXISTS shelf_notes_gen_update AFTER UPDATE ON shelf_notes BEGIN UPDATE shelf_generation SET gen = gen + 1; END;
CREATE TRIGGER IF NOT EXISTS shelf_notes_gen_delete AFTER DELETE ON shelf_notes BEGIN UPDATE shelf_generation SET gen = gen + 1; END;
CREATE TRIGGER IF NOT EXISTS shelf_loans_gen_insert AFTER INSERT ON shelf_loans BEGIN UPDATE shelf_generation SET gen = gen + 1; END;
CREATE TRIGGER IF NOT EXISTS shelf_loans_gen_update AFTER UPDATE ON shelf_loans BEGIN UPDATE shelf_generation SET gen = gen + 1; END;
CREATE TRIGGER IF NOT EXISTS shelf_loans_gen_delete AFTER DELETE ON shelf_loans BEGIN UPDATE shelf_generation SET gen = gen + 1; END;
CREATE TRIGGER IF NOT EXISTS shelf_plays_gen_insert AFTER INSERT ON shelf_plays BEGIN UPDATE shelf_generation SET gen = gen + 1, plays = plays + 1; END;
CREATE TRIGGER IF NOT EXISTS shelf_plays_gen_update AFTER UPDATE ON shelf_plays BEGIN UPDATE shelf_generation SET gen = gen + 1, plays = plays + 1; END;
CREATE TRIGGER IF NOT EXISTS shelf_plays_gen_delete AFTER DELETE ON shelf_plays BEGIN UPDATE shelf_generation SET gen = gen + 1, plays = plays + 1; END;
CREATE TRIGGER IF NOT EXISTS taught_gen_insert AFTER INSERT ON taught BEGIN UPDATE shelf_generation SET gen = gen + 1; END;
CREATE TRIGGER IF NOT EXISTS taught_gen_update AFTER UPDATE ON taught BEGIN UPDATE shelf_generation SET gen = gen + 1; END;
CREATE TRIGGER IF NOT EXISTS taught_gen_delete AFTER DELETE ON taught BEGIN UPDATE shelf_generation SET gen = gen + 1; END;
