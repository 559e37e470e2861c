-- 0010: the ludothèque's shelf (issue 37, docs/catalogue.md): the titles
-- the house knows, their copies, what groups said when they gave a copy
-- back, and what guests searched for. Self-contained: only new tables.

-- shelf_titles: one game the house owns or wishes for (a title without a
-- copy is a wish). name_key is the folded name (shelf.FoldKey of the
-- first of original, English, French, German) a re-import matches by
-- when neither a BGG id nor a barcode does. best_players lists the
-- counts voted best, ascending, as "3,4". engine is the id of the game
-- the table plays itself (engine.Info.ID), for the four engine games.
-- origin says where the row came from: 'demo' rows are the embedded demo
-- shelf, which the staff's first import replaces.
CREATE TABLE IF NOT EXISTS shelf_titles (
	id                  INTEGER PRIMARY KEY,
	name_fr             TEXT NOT NULL DEFAULT '',
	name_de             TEXT NOT NULL DEFAULT '',
	name_en             TEXT NOT NULL DEFAULT '',
	name_original       TEXT NOT NULL DEFAULT '',
	name_key            TEXT NOT NULL,
	bgg_id              INTEGER CHECK (bgg_id IS NULL OR bgg_id > 0),
	year                INTEGER NOT NULL DEFAULT 0 CHECK (year >= 0),
	min_players         INTEGER NOT NULL DEFAULT 0 CHECK (min_players >= 0),
	max_players         INTEGER NOT NULL DEFAULT 0 CHECK (max_players >= 0),
	best_players        TEXT NOT NULL DEFAULT '',
	min_minutes         INTEGER NOT NULL DEFAULT 0 CHECK (min_minutes >= 0),
	max_minutes         INTEGER NOT NULL DEFAULT 0 CHECK (max_minutes >= 0),
	min_age             INTEGER NOT NULL DEFAULT 0 CHECK (min_age >= 0),
	kind                TEXT NOT NULL DEFAULT '' CHECK (kind IN ('', 'competitive', 'cooperative', 'teams')),
	language_dependence INTEGER NOT NULL DEFAULT 0 CHECK (language_dependence BETWEEN 0 AND 5),
	engine              TEXT CHECK (engine IS NULL OR engine <> ''),
	origin              TEXT NOT NULL DEFAULT 'import' CHECK (origin IN ('demo', 'import')),
	updated_at          TEXT NOT NULL,
	CHECK (name_fr <> '' OR name_de <> '' OR name_en <> '' OR name_original <> '')
);
CREATE UNIQUE INDEX IF NOT EXISTS shelf_titles_bgg ON shelf_titles (bgg_id) WHERE bgg_id IS NOT NULL;
CREATE UNIQUE INDEX IF NOT EXISTS shelf_titles_engine ON shelf_titles (engine) WHERE engine IS NOT NULL;
CREATE INDEX IF NOT EXISTS shelf_titles_key ON shelf_titles (name_key);

-- shelf_copies: one box. status is where it is: 'shelf', 'table' (then
-- table_name and since say which table and since when), 'lent' or
-- 'missing'. ean is the box's barcode, digits only, '' when unknown;
-- acquired a date, YYYY-MM-DD, or NULL.
CREATE TABLE IF NOT EXISTS shelf_copies (
	id         INTEGER PRIMARY KEY,
	title_id   INTEGER NOT NULL REFERENCES shelf_titles (id) ON DELETE CASCADE,
	shelf      TEXT NOT NULL DEFAULT '',
	ean        TEXT NOT NULL DEFAULT '',
	condition  TEXT NOT NULL DEFAULT '',
	acquired   TEXT,
	status     TEXT NOT NULL DEFAULT 'shelf' CHECK (status IN ('shelf', 'table', 'lent', 'missing')),
	table_name TEXT,
	since      TEXT,
	CHECK ((status = 'table') = (table_name IS NOT NULL AND since IS NOT NULL))
);
CREATE INDEX IF NOT EXISTS shelf_copies_title ON shelf_copies (title_id);
CREATE INDEX IF NOT EXISTS shelf_copies_ean ON shelf_copies (ean) WHERE ean <> '';
CREATE INDEX IF NOT EXISTS shelf_copies_table ON shelf_copies (table_name) WHERE table_name IS NOT NULL;

-- shelf_notes: what a group said of a copy when it gave it back (a
-- missing piece), for the staff; closed_at is when the staff dealt with
-- it, NULL while it is open.
CREATE TABLE IF NOT EXISTS shelf_notes (
	id         INTEGER PRIMARY KEY,
	copy_id    INTEGER NOT NULL REFERENCES shelf_copies (id) ON DELETE CASCADE,
	table_name TEXT NOT NULL,
	text       TEXT NOT NULL CHECK (text <> ''),
	at         TEXT NOT NULL,
	closed_at  TEXT
);
CREATE INDEX IF NOT EXISTS shelf_notes_open ON shelf_notes (at) WHERE closed_at IS NULL;
CREATE INDEX IF NOT EXISTS shelf_notes_copy ON shelf_notes (copy_id);

-- shelf_searches: each search typed at a table, as typed, and how many
-- titles it found (0: the house lacks what guests looked for, issue 39).
CREATE TABLE IF NOT EXISTS shelf_searches (
	id    INTEGER PRIMARY KEY,
	text  TEXT NOT NULL,
	found INTEGER NOT NULL CHECK (found >= 0),
	at    TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS shelf_searches_at ON shelf_searches (at);
