-- 0004: players who come back (a phone's player key, the names they used),
-- bot hand-overs, and the rating of every seat of every rated game.
-- See docs/database.md.

-- A phone's player key is at least 128 random bits; only its SHA-256 is
-- kept. One player may hold several keys (staff merged two phones).
CREATE TABLE player_keys (
	key_hash   BLOB PRIMARY KEY CHECK (length(key_hash) = 32),
	player_id  TEXT NOT NULL REFERENCES players (id),
	created_at TEXT NOT NULL,
	last_used  TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX player_keys_player ON player_keys (player_id);

-- Every name a player was known under; players.nickname is the latest.
CREATE TABLE player_aliases (
	player_id  TEXT NOT NULL REFERENCES players (id),
	name       TEXT NOT NULL CHECK (name <> ''),
	first_used TEXT NOT NULL,
	last_used  TEXT NOT NULL,
	PRIMARY KEY (player_id, name)
) WITHOUT ROWID;
INSERT INTO player_aliases (player_id, name, first_used, last_used)
SELECT id, nickname, created_at, last_seen FROM players;

-- name_key: the nickname case-folded, so two players whose names differ
-- only by case get distinct shown names. staff_over: the phone nickname a
-- staff rename replaced; the phone sending it again keeps the staff's name.
ALTER TABLE players ADD COLUMN name_key TEXT NOT NULL DEFAULT '';
ALTER TABLE players ADD COLUMN staff_over TEXT NOT NULL DEFAULT '';
UPDATE players SET name_key = lower(nickname);
CREATE INDEX players_name_key ON players (name_key, created_at, id);

-- A seat a bot took over mid-game: whose it was (a player, or a guest's
-- name). The seat itself is then a bot's, not rated.
CREATE TABLE bot_handovers (
	session_id TEXT NOT NULL,
	seat       INTEGER NOT NULL,
	player_id  TEXT REFERENCES players (id),
	name       TEXT NOT NULL DEFAULT '',
	bot_level  TEXT NOT NULL,
	handed_at  TEXT NOT NULL,
	PRIMARY KEY (session_id, seat),
	FOREIGN KEY (session_id, seat) REFERENCES seats (session_id, seat)
) WITHOUT ROWID;
CREATE INDEX bot_handovers_player ON bot_handovers (player_id) WHERE player_id IS NOT NULL;

CREATE TRIGGER seats_handover AFTER UPDATE OF kind ON seats
WHEN NEW.kind = 'bot' AND OLD.kind <> 'bot'
BEGIN
	INSERT OR REPLACE INTO bot_handovers (session_id, seat, player_id, name, bot_level, handed_at)
	VALUES (OLD.session_id, OLD.seat, OLD.player_id, OLD.name, NEW.bot_level,
	        strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;

-- Each rated seat's rating before and after the game: what a phone shows
-- after a game, and what rating recomputation rebuilds.
CREATE TABLE rating_changes (
	session_id   TEXT NOT NULL,
	seat         INTEGER NOT NULL,
	player_id    TEXT NOT NULL REFERENCES players (id),
	game         TEXT NOT NULL,
	mu_before    REAL NOT NULL,
	sigma_before REAL NOT NULL,
	mu_after     REAL NOT NULL,
	sigma_after  REAL NOT NULL,
	PRIMARY KEY (session_id, seat),
	FOREIGN KEY (session_id, seat) REFERENCES seats (session_id, seat)
) WITHOUT ROWID;
CREATE INDEX rating_changes_player ON rating_changes (player_id, game);
CREATE INDEX rating_changes_game ON rating_changes (game);

-- The rating model the stored ratings were computed with; when the program's
-- differs, opening the file computes every rating again (db.Open).
CREATE TABLE rating_model (
	id    INTEGER PRIMARY KEY CHECK (id = 1),
	model TEXT NOT NULL
);
