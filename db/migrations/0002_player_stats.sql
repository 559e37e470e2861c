-- 0002: per player and game totals, kept up to date as results are written,
-- so all-time leaderboards and player pages read a few rows instead of
-- aggregating every result ever stored.

CREATE TABLE player_stats (
	player_id   TEXT NOT NULL REFERENCES players (id),
	game        TEXT NOT NULL,
	games       INTEGER NOT NULL,             -- finished sessions
	wins        INTEGER NOT NULL,             -- of which won, alone or shared
	best_score  INTEGER NOT NULL,
	last_played TEXT NOT NULL,                -- when the last one ended
	PRIMARY KEY (player_id, game)
) WITHOUT ROWID;

-- Results are written once the session is marked finished with its end time.
CREATE TRIGGER results_tally AFTER INSERT ON results
WHEN (SELECT kind FROM seats WHERE session_id = NEW.session_id AND seat = NEW.seat) = 'person'
BEGIN
	INSERT INTO player_stats (player_id, game, games, wins, best_score, last_played)
	SELECT st.player_id, s.game, 1, NEW.winner, NEW.score, s.ended_at
	FROM seats st JOIN sessions s ON s.id = st.session_id
	WHERE st.session_id = NEW.session_id AND st.seat = NEW.seat
	ON CONFLICT (player_id, game) DO UPDATE SET
		games = games + 1,
		wins = wins + excluded.wins,
		best_score = max(best_score, excluded.best_score),
		last_played = max(last_played, excluded.last_played);
END;

INSERT INTO player_stats (player_id, game, games, wins, best_score, last_played)
SELECT st.player_id, s.game, count(*), sum(r.winner), max(r.score), max(s.ended_at)
FROM results r
JOIN seats st ON st.session_id = r.session_id AND st.seat = r.seat AND st.kind = 'person'
JOIN sessions s ON s.id = r.session_id
WHERE s.status = 'finished'
GROUP BY st.player_id, s.game;
