-- 0014: the plays added to shelf_plays, in the order they were added
-- (issue 39, docs/database.md): the figures' kept counts of plays take
-- the few plays finished since they were counted instead of counting
-- 100,000 plays again. Only the last 1,000 are kept: a read further
-- behind (or after a play removed, which adds no row) counts again.
-- Self-contained: only new tables and triggers.
CREATE TABLE IF NOT EXISTS shelf_plays_added (
	seq      INTEGER PRIMARY KEY,  -- one more each (never the largest deleted: no reuse)
	venue    INTEGER NOT NULL,
	game     TEXT NOT NULL,
	title    TEXT NOT NULL,
	ended_at TEXT NOT NULL
);
CREATE TRIGGER IF NOT EXISTS shelf_plays_added_insert AFTER INSERT ON shelf_plays
BEGIN
	INSERT INTO shelf_plays_added (venue, game, title, ended_at) VALUES (NEW.venue, NEW.game, NEW.title, NEW.ended_at);
	DELETE FROM shelf_plays_added WHERE seq <= (SELECT max(seq) FROM shelf_plays_added) - 1000;
END;

-- shelf_titles_generation: one more at each change of shelf_titles
-- alone (a table of its own: the migrations may run again over their
-- own tables); the titles' names and what plays name them are kept
-- while it stays the same (a box taken reads the boxes again, not the
-- names).
CREATE TABLE IF NOT EXISTS shelf_titles_generation (
	id  INTEGER PRIMARY KEY CHECK (id = 1),
	gen INTEGER NOT NULL
);
INSERT OR IGNORE INTO shelf_titles_generation (id, gen) VALUES (1, 0);
CREATE TRIGGER IF NOT EXISTS shelf_titles_titles_insert AFTER INSERT ON shelf_titles BEGIN UPDATE shelf_titles_generation SET gen = gen + 1; END;
CREATE TRIGGER IF NOT EXISTS shelf_titles_titles_update AFTER UPDATE ON shelf_titles BEGIN UPDATE shelf_titles_generation SET gen = gen + 1; END;
CREATE TRIGGER IF NOT EXISTS shelf_titles_titles_delete AFTER DELETE ON shelf_titles BEGIN UPDATE shelf_titles_generation SET gen = gen + 1; END;

-- shelf_copies_generation: one more at each box added, removed, moved to
-- another title or shelf code (not at a box taken or given back): the
-- boxes' counts and sections are kept while it stays the same, and the
-- boxes at a table counted from their own index.
CREATE TABLE IF NOT EXISTS shelf_copies_generation (
	id  INTEGER PRIMARY KEY CHECK (id = 1),
	gen INTEGER NOT NULL
);
INSERT OR IGNORE INTO shelf_copies_generation (id, gen) VALUES (1, 0);
CREATE TRIGGER IF NOT EXISTS shelf_copies_layout_insert AFTER INSERT ON shelf_copies BEGIN UPDATE shelf_copies_generation SET gen = gen + 1; END;
CREATE TRIGGER IF NOT EXISTS shelf_copies_layout_update AFTER UPDATE OF title_id, shelf ON shelf_copies BEGIN UPDATE shelf_copies_generation SET gen = gen + 1; END;
CREATE TRIGGER IF NOT EXISTS shelf_copies_layout_delete AFTER DELETE ON shelf_copies BEGIN UPDATE shelf_copies_generation SET gen = gen + 1; END;
CREATE INDEX IF NOT EXISTS shelf_copies_at_table ON shelf_copies (title_id) WHERE status = 'table';
