package screen

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/kiosk/board"
	"github.com/tablee/tablee/kiosk/board/geom"
	"github.com/tablee/tablee/kiosk/lesson"
)

// LobbyActions are what the lobby's buttons lead to.
type LobbyActions struct {
	Choose func(engine.Info)
	// Learn starts the game's guided first game; nil: no "learn" button.
	Learn    func(engine.Info)
	Language func(i18n.Lang)
	Home     func() // back to the attract screen
	Staff    func()
	// Pick opens "Que jouer ?" facing the side whose button was tapped;
	// nil: no shelf at this table.
	Pick func(geom.Side)
	// Here names the boxes of the shelf at this table ("Carcassonne
	// (D5)"): the lobby says they are still here.
	Here []string
}

// Lobby shows the games as large tiles, each with its rules.
type Lobby struct {
	w     Words
	win   fyne.Window
	games []engine.Info
	act   LobbyActions
	root  fyne.CanvasObject
	// Tiles' buttons by game id, for tests.
	play, rules, learn map[string]*widget.Button
	langs              map[i18n.Lang]*widget.Button
	picks              map[geom.Side]*widget.Button
}

// NewLobby builds the lobby in w's language.
func NewLobby(w Words, win fyne.Window, games []engine.Info, act LobbyActions) *Lobby {
	l := &Lobby{w: w, win: win, games: games, act: act,
		play: map[string]*widget.Button{}, rules: map[string]*widget.Button{}, learn: map[string]*widget.Button{}}
	tiles := container.NewGridWithColumns(len(games))
	for _, g := range games {
		tiles.Add(l.tile(g))
	}
	home, homeBox := button(w.T("kiosk.lobby.home"), 200, act.Home)
	home.Importance = widget.LowImportance
	staff, staffBox := button(w.T("kiosk.staff.button"), 200, act.Staff)
	staff.Importance = widget.LowImportance
	l.langs = languageButtons(w.Lang, act.Language)
	top := container.NewBorder(nil, nil, homeBox, staffBox, text(w.T("kiosk.lobby.title"), TitleSize, true))
	var bottom fyne.CanvasObject = container.NewCenter(langRow(l.langs))
	var left, right fyne.CanvasObject
	middle := container.NewVBox(layout.NewSpacer(), tiles, layout.NewSpacer())
	if act.Pick != nil {
		// "Que jouer ?" on every side: the screen it opens faces the side
		// that asked.
		l.picks = map[geom.Side]*widget.Button{}
		pick, pickBox := button(w.T("shelf.pick"), 320, func() { act.Pick(geom.Bottom) })
		pick.Importance = widget.HighImportance
		l.picks[geom.Bottom] = pick
		bottom = container.NewBorder(nil, nil, pickBox, sizedBox(320), bottom) // the languages stay centred
		turned := func(side geom.Side) fyne.CanvasObject {
			b := widget.NewButton(w.T("shelf.pick"), func() { act.Pick(side) })
			b.Importance = widget.HighImportance
			l.picks[side] = b
			return container.NewCenter(board.NewPanel(container.NewStack(b), fyne.NewSize(320, TouchSize+8), geom.Turn(side.QuarterTurns())))
		}
		left, right = turned(geom.Left), turned(geom.Right)
		top = container.NewVBox(container.NewCenter(turned(geom.Top)), top)
		if len(act.Here) > 0 {
			here := text(w.T("shelf.lobby.here", "Copies", strings.Join(act.Here, ", ")), BodySize, true)
			middle = container.NewVBox(layout.NewSpacer(), tiles, here, layout.NewSpacer())
		}
	}
	l.root = container.NewPadded(container.NewBorder(top, bottom, left, right, middle))
	return l
}

// PickButton is the "Que jouer ?" of side (for tests), nil without a
// shelf.
func (l *Lobby) PickButton(side geom.Side) *widget.Button { return l.picks[side] }

// Content is the lobby's root object.
func (l *Lobby) Content() fyne.CanvasObject { return l.root }

// PlayButton is the "play" button of game's tile (for tests).
func (l *Lobby) PlayButton(game string) *widget.Button { return l.play[game] }

// LearnButton is the "learn" button of game's tile (for tests), nil when
// the tile has none.
func (l *Lobby) LearnButton(game string) *widget.Button { return l.learn[game] }

// RulesButton is the "rules" button of game's tile (for tests).
func (l *Lobby) RulesButton(game string) *widget.Button { return l.rules[game] }

// LanguageButton is the switch to lang (for tests).
func (l *Lobby) LanguageButton(lang i18n.Lang) *widget.Button { return l.langs[lang] }

func (l *Lobby) tile(g engine.Info) fyne.CanvasObject {
	w := l.w
	players := w.T("kiosk.lobby.players", "Min", g.MinSeats, "Max", g.MaxSeats)
	if g.MinSeats == g.MaxSeats {
		players = w.T("kiosk.lobby.players_exact", "N", g.MinSeats)
	}
	info := players
	if g.Minutes > 0 {
		info += " · " + w.T("kiosk.lobby.duration", "Min", g.Minutes)
	}
	play, playBox := button(w.T("kiosk.lobby.play"), 0, func() {
		if l.act.Choose != nil {
			l.act.Choose(g)
		}
	})
	play.Importance = widget.HighImportance
	rules, rulesBox := button(w.T("kiosk.lobby.rules"), 0, func() { l.showRules(g) })
	l.play[g.ID], l.rules[g.ID] = play, rules
	buttons := container.NewGridWithColumns(2, rulesBox, playBox)
	if _, ok := lesson.For(g.ID); ok && l.act.Learn != nil {
		// A group that knows none of the games learns one by playing it.
		learn, learnBox := button(w.T("lesson.learn"), 0, func() { l.act.Learn(g) })
		l.learn[g.ID] = learn
		buttons = container.NewVBox(container.NewGridWithColumns(2, rulesBox, learnBox), playBox)
	}
	return panel(container.NewVBox(
		container.NewCenter(gameArt(g.ID)),
		text(w.Game(g), NameSize+8, true),
		text(info, BodySize, false),
		buttons,
	))
}

// showRules shows game's rules, in the lobby's language, over the lobby.
func (l *Lobby) showRules(g engine.Info) {
	body := wrapped(l.w.T("kiosk.rules." + g.ID))
	scroll := container.NewVScroll(body)
	scroll.SetMinSize(fyne.NewSize(1100, 560))
	d := dialog.NewCustom(l.w.Game(g), l.w.T("kiosk.close"), scroll, l.win)
	d.Show()
}

// languageButtons are the FR / DE / EN switch; the current one stands out.
func languageButtons(cur i18n.Lang, choose func(i18n.Lang)) map[i18n.Lang]*widget.Button {
	out := map[i18n.Lang]*widget.Button{}
	for _, lang := range i18n.Langs() {
		lang := lang
		b := widget.NewButton(nativeName[lang], func() {
			if choose != nil {
				choose(lang)
			}
		})
		if lang == cur {
			b.Importance = widget.HighImportance
		}
		out[lang] = b
	}
	return out
}

func langRow(b map[i18n.Lang]*widget.Button) fyne.CanvasObject {
	row := container.NewHBox()
	for _, lang := range i18n.Langs() {
		row.Add(sized(b[lang], 200, TouchSize))
	}
	return row
}

// Each language is named in itself: a guest looks for their own.
var nativeName = map[i18n.Lang]string{i18n.FR: "Français", i18n.DE: "Deutsch", i18n.EN: "English"}
