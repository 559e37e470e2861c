-- 0006: the phones' seating of a live session kept with it, instead of a
-- seats-<session>.json file beside the database: the table code and the
-- SHA-256 of each seat's token, as the table server writes them (JSON it
-- alone reads). Cleared when the session ends: the hashes are then useless.
-- See docs/database.md.
ALTER TABLE sessions ADD COLUMN seating TEXT CHECK (seating IS NULL OR json_valid(seating));
