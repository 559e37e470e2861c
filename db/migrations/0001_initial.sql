-- 0001: the first schema of a kiosk's database. See docs/database.md.
-- Times are UTC text, 'YYYY-MM-DDTHH:MM:SS.sssZ', so they sort and read well.

CREATE TABLE players (
	id         TEXT PRIMARY KEY,              -- UUIDv7
	nickname   TEXT NOT NULL CHECK (nickname <> ''),
	created_at TEXT NOT NULL,
	last_seen  TEXT NOT NULL
);

CREATE TABLE kiosk_tables (
	id   INTEGER PRIMARY KEY,
	name TEXT NOT NULL UNIQUE
);

CREATE TABLE sessions (
	id         TEXT PRIMARY KEY,              -- UUIDv7
	table_id   INTEGER NOT NULL REFERENCES kiosk_tables (id),
	game       TEXT NOT NULL,                 -- engine game id: canoe, canyon...
	options    TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
	seed       INTEGER NOT NULL,              -- the uint64 seed's bits, as a signed integer
	status     TEXT NOT NULL DEFAULT 'active'
	           CHECK (status IN ('active', 'paused', 'finished', 'abandoned', 'broken')),
	started_at TEXT NOT NULL,
	ended_at   TEXT,                          -- set when finished or abandoned
	reason     TEXT NOT NULL DEFAULT '',      -- how it ended, or why it is broken
	CHECK ((status IN ('finished', 'abandoned')) = (ended_at IS NOT NULL))
);
-- Resume looks for unfinished sessions; leaderboards scan finished ones by time.
CREATE INDEX sessions_unfinished ON sessions (status) WHERE status IN ('active', 'paused');
CREATE INDEX sessions_game_ended ON sessions (game, ended_at) WHERE status = 'finished';
CREATE INDEX sessions_ended ON sessions (ended_at) WHERE status = 'finished';
CREATE INDEX sessions_started ON sessions (started_at);

CREATE TABLE seats (
	session_id TEXT NOT NULL REFERENCES sessions (id),
	seat       INTEGER NOT NULL CHECK (seat >= 0),
	kind       TEXT NOT NULL CHECK (kind IN ('person', 'guest', 'bot')),
	player_id  TEXT REFERENCES players (id),  -- persons only
	bot_level  TEXT,                          -- bots only
	name       TEXT NOT NULL DEFAULT '',      -- a guest's name for the screen
	PRIMARY KEY (session_id, seat),
	CHECK ((kind = 'person') = (player_id IS NOT NULL)),
	CHECK ((kind = 'bot') = (bot_level IS NOT NULL))
) WITHOUT ROWID;
CREATE INDEX seats_player ON seats (player_id) WHERE player_id IS NOT NULL;

CREATE TABLE moves (
	session_id TEXT NOT NULL REFERENCES sessions (id),
	seq        INTEGER NOT NULL,              -- 1, 2, 3... without gaps
	seat       INTEGER NOT NULL,
	move       TEXT NOT NULL CHECK (json_valid(move)), -- engine.MoveJSON
	state_hash TEXT NOT NULL,                 -- State.Hash() after the move
	played_at  TEXT NOT NULL,
	PRIMARY KEY (session_id, seq)
) WITHOUT ROWID;

-- The log is evidence: a move is only ever appended, in order, to a session
-- still being played.
CREATE TRIGGER moves_in_order BEFORE INSERT ON moves
WHEN NEW.seq <> 1 + coalesce((SELECT max(seq) FROM moves WHERE session_id = NEW.session_id), 0)
BEGIN
	SELECT RAISE(ABORT, 'move out of sequence');
END;
CREATE TRIGGER moves_while_active BEFORE INSERT ON moves
WHEN (SELECT status FROM sessions WHERE id = NEW.session_id) IS NOT 'active'
BEGIN
	SELECT RAISE(ABORT, 'session is not active');
END;
CREATE TRIGGER moves_no_update BEFORE UPDATE ON moves
BEGIN
	SELECT RAISE(ABORT, 'the move log is append-only');
END;
CREATE TRIGGER moves_no_delete BEFORE DELETE ON moves
BEGIN
	SELECT RAISE(ABORT, 'the move log is append-only');
END;

CREATE TABLE results (
	session_id TEXT NOT NULL,
	seat       INTEGER NOT NULL,
	score      INTEGER NOT NULL,
	rank       INTEGER NOT NULL CHECK (rank >= 1), -- ties share a rank
	winner     INTEGER NOT NULL CHECK (winner IN (0, 1)),
	PRIMARY KEY (session_id, seat),
	FOREIGN KEY (session_id, seat) REFERENCES seats (session_id, seat)
) WITHOUT ROWID;

CREATE TABLE ratings (
	player_id   TEXT NOT NULL REFERENCES players (id),
	game        TEXT NOT NULL,
	mu          REAL NOT NULL,
	sigma       REAL NOT NULL,
	games       INTEGER NOT NULL DEFAULT 0,   -- rated games played
	provisional INTEGER GENERATED ALWAYS AS (games < 5) VIRTUAL,
	updated_at  TEXT NOT NULL,
	PRIMARY KEY (player_id, game)
) WITHOUT ROWID;
