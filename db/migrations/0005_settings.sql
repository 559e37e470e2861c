-- 0005: the kiosk's own settings, one row per key: the staff PIN's hash
-- (never the PIN), the table's name and each game's default options.
CREATE TABLE settings (
	key   TEXT PRIMARY KEY,
	value TEXT NOT NULL
) WITHOUT ROWID;
