-- 0008: how many hints each seat asked for and got (issue 29): the results
-- show it, and the staff may refuse hints in rated games (setting
-- hints_in_rated). Changing who plays a seat keeps its count.
ALTER TABLE seats ADD COLUMN hints INTEGER NOT NULL DEFAULT 0 CHECK (hints >= 0);
