-- 0003: per player, game and hour totals, kept up to date as results are
-- written, so week and month leaderboards read a few rows per player and
-- hour instead of aggregating every result of the period (a venue's busy
-- month, or a database seeded with simulated games, holds many thousands).
-- Hours are UTC, 'YYYY-MM-DDTHH', the first 13 characters of ended_at.

-- Clustered by game and hour, so one game's board reads one range of rows;
-- the covering index serves the boards over all games the same way.
CREATE TABLE player_hours (
	player_id  TEXT NOT NULL REFERENCES players (id),
	game       TEXT NOT NULL,
	hour       TEXT NOT NULL,
	games      INTEGER NOT NULL,
	wins       INTEGER NOT NULL,
	best_score INTEGER NOT NULL,
	PRIMARY KEY (game, hour, player_id)
) WITHOUT ROWID;
CREATE INDEX player_hours_by_hour ON player_hours (hour, player_id, games, wins, best_score);
CREATE INDEX player_hours_by_player ON player_hours (player_id);

CREATE TRIGGER results_tally_hours AFTER INSERT ON results
WHEN (SELECT kind FROM seats WHERE session_id = NEW.session_id AND seat = NEW.seat) = 'person'
BEGIN
	INSERT INTO player_hours (player_id, game, hour, games, wins, best_score)
	SELECT st.player_id, s.game, substr(s.ended_at, 1, 13), 1, NEW.winner, NEW.score
	FROM seats st JOIN sessions s ON s.id = st.session_id
	WHERE st.session_id = NEW.session_id AND st.seat = NEW.seat
	ON CONFLICT (game, hour, player_id) DO UPDATE SET
		games = games + 1,
		wins = wins + excluded.wins,
		best_score = max(best_score, excluded.best_score);
END;

INSERT INTO player_hours (player_id, game, hour, games, wins, best_score)
SELECT st.player_id, s.game, substr(s.ended_at, 1, 13), count(*), sum(r.winner), max(r.score)
FROM results r
JOIN seats st ON st.session_id = r.session_id AND st.seat = r.seat AND st.kind = 'person'
JOIN sessions s ON s.id = r.session_id
WHERE s.status = 'finished'
GROUP BY st.player_id, s.game, substr(s.ended_at, 1, 13);
