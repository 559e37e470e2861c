package screen

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/shelf"
)

// ShelfFigures are the ludothèque's figures in short, for the staff
// screen: the console's « Ludothèque » page has them whole (issue 39).
type ShelfFigures struct {
	// Venue: the plays counted are every table's of the venue.
	Venue bool
	// Top are the titles played most this month, at most five.
	Top []TitlePlays
	// Unplayed counts the titles with a box nobody played for
	// UnplayedMonths months (never played included).
	Unplayed       int
	UnplayedMonths int
	// Searched are what guests searched for most and the shelf lacks,
	// at most five.
	Searched []shelf.Searched
	// Repairs counts the boxes with an open note; Damaged and Incomplete
	// those with an open note about damage, about missing pieces.
	Repairs             int
	Damaged, Incomplete int
}

// TitlePlays is a title and its plays this month.
type TitlePlays struct {
	Names shelf.Names
	Plays int
}

// shelfFigures draws the short figures: the month's most played, the
// weeding count, the searches that found nothing, the boxes to repair.
func (s *Staff) shelfFigures(f ShelfFigures) fyne.CanvasObject {
	box := container.NewVBox(text(s.w.T("figures.kiosk.title"), NameSize, true))
	if f.Venue {
		box.Add(widget.NewLabel(s.w.T("figures.kiosk.venue")))
	}
	box.Add(text(s.w.T("figures.kiosk.top"), BodySize+4, true))
	if len(f.Top) == 0 {
		box.Add(widget.NewLabel(s.w.T("figures.kiosk.none")))
	}
	for _, t := range f.Top {
		box.Add(widget.NewLabel(s.w.T("figures.kiosk.plays", "Name", t.Names.Name(string(s.w.Lang)), "N", t.Plays)))
	}
	box.Add(wrapped(s.w.T("figures.kiosk.unplayed", "N", f.Unplayed, "Months", f.UnplayedMonths)))
	box.Add(wrapped(s.w.T("figures.kiosk.repairs", "N", f.Repairs)))
	if f.Damaged+f.Incomplete > 0 {
		box.Add(wrapped(s.w.T("notekinds.kiosk.repairs", "Damaged", f.Damaged, "Missing", f.Incomplete)))
	}
	if len(f.Searched) > 0 {
		box.Add(text(s.w.T("figures.kiosk.searched"), BodySize+4, true))
		for _, q := range f.Searched {
			// Typed by guests: a Label shows it as text, never markup.
			box.Add(widget.NewLabel(s.w.T("figures.kiosk.searched_n", "Text", q.Text, "N", q.Count)))
		}
	}
	box.Add(wrapped(s.w.T("figures.kiosk.console")))
	return box
}
