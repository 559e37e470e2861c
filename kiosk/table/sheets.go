package table

import "context"

// loadSheets adds the staff's score sheets from the database to the
// plays' library (Config.Sheets): every version, so that the play the
// table resumes next finds the one it began on, and each title's latest
// for its next play. Without a library the table plays the ready sheets.
func (t *Table) loadSheets(ctx context.Context) error {
	if t.cfg.Sheets == nil {
		return nil
	}
	return t.db.LoadSheets(ctx, t.cfg.Sheets)
}
