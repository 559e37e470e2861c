-- 0014: the plays added to shelf_plays, in the order they were added
-- (issue 39, docs/database.md): the figures' kept counts of plays take
-- the few plays finished since they were counted instead of counting
-- 100,000 plays again. Only the last 1,000 are kept: a read further
-- behind (or after a play removed, which adds no row) counts again.
-- Self-contained: one new table and one trigger.
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
