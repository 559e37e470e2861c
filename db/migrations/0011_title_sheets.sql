-- 0011: the staff's score sheets (issue 38, docs/scoresheets.md): a
-- catalogue title's sheet as the staff edited it in the console. Every
-- save is a new version, never an update: a play made on a version
-- names it (its session's sheet option, "t<title>-<version>") and
-- resumes on it after the staff saved another. title_id names a row of
-- shelf_titles but is no foreign key: a title removed by an import
-- leaves its versions for the plays made on them. sheet is the sheet's
-- JSON (scoresheet.Parse reads it back), or NULL when the staff gave the
-- title back its ready sheet; the latest version is the title's sheet.
CREATE TABLE IF NOT EXISTS title_sheets (
	title_id INTEGER NOT NULL,
	version  INTEGER NOT NULL CHECK (version > 0),
	sheet    TEXT CHECK (sheet IS NULL OR json_valid(sheet)),
	saved_at TEXT NOT NULL,
	PRIMARY KEY (title_id, version)
);
