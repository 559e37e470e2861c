package screen

import (
	"time"

	"fyne.io/fyne/v2"

	"github.com/tablee/tablee/engine"
)

// VenueAside is a venue session this table's copy kept aside: a game a
// table sent whose results do not follow from its moves when the table
// replayed them (docs/venue.md, "Every node checks what it is told").
type VenueAside struct {
	Table, Game string
	Ended       time.Time
	Refusal     string // engine/verify's, its text aside.refusal.<refusal>
	Move        int    // the move refused, 0 if none
}

// asideLines are the venue section's lines of the sessions kept aside,
// none when there are none: a title, the latest few with their table and
// why, and how many more the staff console lists.
func (s *Staff) asideLines(st VenueStatus) []fyne.CanvasObject {
	if st.AsideCount == 0 {
		return nil
	}
	out := []fyne.CanvasObject{boldWrapped(s.w.T("aside.link", "N", st.AsideCount))}
	for _, a := range st.Aside {
		why := s.w.T("aside.refusal." + a.Refusal)
		if !s.w.Has("aside.refusal." + a.Refusal) {
			why = s.w.T("aside.refusal.wrong-result")
		}
		if a.Move > 0 {
			why = s.w.T("aside.at_move", "Why", why, "N", a.Move)
		}
		game := a.Game // a game this table does not know: its id as sent
		if info := (engine.Info{ID: a.Game}); s.w.Has(info.NameKey()) {
			game = s.w.Game(info)
		}
		out = append(out, wrapped(s.w.T("aside.screen.line", "Table", a.Table, "Game", game, "Time", a.Ended.Local().Format("02/01 15:04"), "Why", why)))
	}
	if more := st.AsideCount - len(st.Aside); more > 0 {
		out = append(out, wrapped(s.w.T("aside.screen.more", "N", more)))
	}
	return out
}
