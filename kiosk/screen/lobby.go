package screen

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
)

// Languages the kiosk speaks, French first.
var languages = []string{"fr", "de", "en"}

var lobbyTitle = engine.Text{FR: "Choisissez un jeu", DE: "Wählt ein Spiel", EN: "Choose a game"}

var playersText = engine.Text{FR: "%d à %d joueurs", DE: "%d bis %d Spieler", EN: "%d to %d players"}

var exactPlayersText = engine.Text{FR: "%d joueurs", DE: "%d Spieler", EN: "%d players"}

// Lobby is the first screen: the games of the house library, in the
// language the guests pick.
type Lobby struct {
	games    []engine.Info
	lang     string
	onChoose func(engine.Info)
	// OnLanguage hears the language the guests picked.
	OnLanguage func(lang string)

	title *widget.Label
	langs *widget.RadioGroup
	list  *fyne.Container
	root  fyne.CanvasObject
}

// NewLobby builds the lobby for games; onChoose (may be nil) is called with
// the game a guest taps.
func NewLobby(games []engine.Info, onChoose func(engine.Info)) *Lobby {
	l := &Lobby{games: games, lang: languages[0], onChoose: onChoose}
	l.title = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	l.list = container.NewVBox()
	langs := widget.NewRadioGroup([]string{"FR", "DE", "EN"}, func(s string) {
		switch s {
		case "DE":
			l.SetLanguage("de")
		case "EN":
			l.SetLanguage("en")
		default:
			l.SetLanguage("fr")
		}
	})
	langs.Horizontal = true
	l.langs = langs
	langs.SetSelected("FR")
	l.root = container.NewBorder(container.NewVBox(l.title, container.NewCenter(langs)), nil, nil, nil,
		container.NewVScroll(l.list))
	l.refresh()
	return l
}

// Content is the lobby's root object, to put in a window.
func (l *Lobby) Content() fyne.CanvasObject { return l.root }

// SetLanguage switches every text of the lobby to lang ("fr", "de", "en").
func (l *Lobby) SetLanguage(lang string) {
	l.lang = lang
	l.langs.SetSelected(strings.ToUpper(lang)) // no-op when the radio itself called
	l.refresh()
	if l.OnLanguage != nil {
		l.OnLanguage(lang)
	}
}

func (l *Lobby) refresh() {
	l.title.SetText(lobbyTitle.In(l.lang))
	l.list.RemoveAll()
	for _, g := range l.games {
		g := g
		b := widget.NewButton(g.Name.In(l.lang)+" — "+l.players(g), func() {
			if l.onChoose != nil {
				l.onChoose(g)
			}
		})
		l.list.Add(b)
	}
}

func (l *Lobby) players(g engine.Info) string {
	if g.MinSeats == g.MaxSeats {
		return fmt.Sprintf(exactPlayersText.In(l.lang), g.MinSeats)
	}
	return fmt.Sprintf(playersText.In(l.lang), g.MinSeats, g.MaxSeats)
}
