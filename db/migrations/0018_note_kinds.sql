-- 0018: a note on a box says what it is about (issue 39): damage,
-- missing pieces, or other; the figures and the repair list count each.
-- The notes written before have no kind: they become 'other' (nothing
-- in their words is trusted to tell). The lead may renumber this file.
ALTER TABLE shelf_notes ADD COLUMN kind TEXT NOT NULL DEFAULT 'other' CHECK (kind IN ('damage', 'missing', 'other'));
