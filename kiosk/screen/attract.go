package screen

import (
	"image/color"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/i18n"
)

// Attract is what an idle table shows: the week's best players of each
// game and an invitation to play; a touch anywhere opens the lobby.
type Attract struct {
	root  *tapArea
	langs map[i18n.Lang]*widget.Button
	here  *canvas.Text
	// played is the shelf's titles played this week (titleboards.go),
	// hidden until ShowPlayed has some; playedLines its words.
	played      *fyne.Container
	playedLines []string
}

// NewAttract builds the attract screen. week holds each game's board of
// the week (its first lines are shown); onTouch opens the lobby.
func NewAttract(w Words, tableName string, games []engine.Info, week map[string][]Standing, onTouch func(), onLang func(i18n.Lang)) *Attract {
	return newAttract(w, tableName, games, week, "kiosk.attract.week", onTouch, onLang)
}

// NewVenueAttract is NewAttract for a table of a venue: week holds the
// venue's boards (every table's games), and the heading says so.
func NewVenueAttract(w Words, tableName string, games []engine.Info, week map[string][]Standing, onTouch func(), onLang func(i18n.Lang)) *Attract {
	return newAttract(w, tableName, games, week, "kiosk.attract.week_venue", onTouch, onLang)
}

func newAttract(w Words, tableName string, games []engine.Info, week map[string][]Standing, heading string, onTouch func(), onLang func(i18n.Lang)) *Attract {
	a := &Attract{}
	cols := container.NewGridWithColumns(len(games))
	for _, g := range games {
		cols.Add(weekCard(w, g, week[g.ID]))
	}
	title := text(w.T("kiosk.app_name"), 120, true)
	title.Color = theme.Color(theme.ColorNamePrimary)
	sub := text(tableName, NameSize, false)
	a.here = text("", NameSize, true)
	a.here.Hide()
	a.played = container.NewVBox()
	a.played.Hide()
	touch := text(w.T("kiosk.attract.touch"), TitleSize, true)
	a.langs = languageButtons(w.Lang, onLang)
	content := container.NewBorder(
		container.NewVBox(title, sub, a.here),
		container.NewVBox(touch, container.NewCenter(langRow(a.langs))),
		nil, nil,
		container.NewVBox(layout.NewSpacer(), text(w.T(heading), NameSize+4, true),
			text(w.T("kiosk.attract.how"), BodySize, false), cols, a.played, layout.NewSpacer()))
	a.root = newTapArea(container.NewPadded(content), onTouch)
	return a
}

// ShowHere says which boxes of the shelf are at this table ("À cette
// table : Skull King (B7)"): a table restarted while a group plays one
// says so from its first screen.
func (a *Attract) ShowHere(w Words, boxes []string) {
	a.here.Text = ""
	if len(boxes) > 0 {
		a.here.Text = w.T("shelf.lobby.here", "Copies", strings.Join(boxes, ", "))
	}
	a.here.Hidden = a.here.Text == ""
	a.here.Refresh()
}

// Here is what the screen says of the boxes at this table ("" none).
func (a *Attract) Here() string { return a.here.Text }

// Content is the screen's root object.
func (a *Attract) Content() fyne.CanvasObject { return a.root }

// Touch is a guest touching the screen (for tests).
func (a *Attract) Touch() { a.root.Tapped(&fyne.PointEvent{}) }

// LanguageButton is the switch to lang (for tests).
func (a *Attract) LanguageButton(lang i18n.Lang) *widget.Button { return a.langs[lang] }

func weekCard(w Words, g engine.Info, board []Standing) fyne.CanvasObject {
	box := container.NewVBox(container.NewCenter(gameArt(g.ID)), text(w.Game(g), NameSize, true))
	if len(board) == 0 {
		box.Add(wrappedCentered(w.T("kiosk.attract.nobody")))
	}
	for i, s := range board {
		if i == 3 {
			break
		}
		line := container.NewHBox(medal(i), text(boardName(w, s), BodySize+2, i == 0), layout.NewSpacer(),
			text(w.T("kiosk.attract.points", "N", s.Points), BodySize, false))
		box.Add(line)
	}
	return panel(box)
}

// boardName is a board line's name: guests are named as guests.
func boardName(w Words, s Standing) string {
	switch {
	case s.Guest && s.Name == "":
		return w.T("kiosk.board.guests")
	case s.Guest:
		return w.T("kiosk.board.guest", "Name", s.Name)
	}
	return s.Name
}

func wrappedCentered(s string) *widget.Label {
	l := wrapped(s)
	l.Alignment = fyne.TextAlignCenter
	return l
}

// medal is a gold, silver or bronze disc with the place.
func medal(i int) fyne.CanvasObject {
	cols := []color.NRGBA{{0xD4, 0xAF, 0x37, 0xff}, {0xB0, 0xB0, 0xB0, 0xff}, {0xB8, 0x73, 0x33, 0xff}}
	c := canvas.NewCircle(cols[i%3])
	n := text(strconv.Itoa(i+1), BodySize-4, true)
	n.Color = color.Black
	return sized(container.NewStack(c, container.NewCenter(n)), 44, 44)
}

// tapArea is a whole screen that opens something when touched; buttons
// inside it still get their own taps.
type tapArea struct {
	widget.BaseWidget
	content fyne.CanvasObject
	onTap   func()
}

func newTapArea(content fyne.CanvasObject, onTap func()) *tapArea {
	t := &tapArea{content: content, onTap: onTap}
	t.ExtendBaseWidget(t)
	return t
}

// Tapped opens what the area leads to.
func (t *tapArea) Tapped(*fyne.PointEvent) {
	if t.onTap != nil {
		t.onTap()
	}
}

// CreateRenderer shows the content.
func (t *tapArea) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(t.content) }
