package main

import (
	"context"
	"fmt"
	"sync"

	"fyne.io/fyne/v2"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/engine/canyonduel"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/kiosk/screen"
)

// local is a game played straight on the engine, standing in for the
// host's session: a screenshot needs no database. kiosk/screen's tests
// have the same stand-in (fakeSession) in a test file, which a command
// cannot import; a screen export used by this tool alone is not worth it.
type local struct {
	mu    sync.Mutex
	rules engine.Rules
	st    engine.State
}

func (l *local) Game() engine.Rules { return l.rules }

func (l *local) View(seat engine.Seat) engine.View {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.st.View(seat)
}

func (l *local) Play(_ context.Context, seat engine.Seat, m engine.Move) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	next := l.st.Clone()
	if _, err := next.Apply(seat, m); err != nil {
		return err
	}
	l.st = next
	return nil
}

var names = []string{"Anja", "Bernd", "Carola", "Dirk", "Emil", "Fanny"}

// gameScreen is the game screen of game after plies moves, the same on
// every run, or the first position after that which want accepts; kinds
// says how each seat plays ("touch", "phone" or "bot"); touch, when set,
// touches a piece of the seat to move so that its targets show lit.
func gameScreen(game string, seats, plies int, kinds []string, want func(engine.View) bool, touch func(*screen.Game, []engine.Move)) shot {
	return gameScreenHinted(game, seats, plies, kinds, want, touch, false)
}

// hintScreen is gameScreen with a hint asked by the seat to move, a guest
// on the table: said in words in its panel, its cells ringed.
func hintScreen(game string, seats, plies int, kinds []string) shot {
	return gameScreenHinted(game, seats, plies, kinds, nil, nil, true)
}

func gameScreenHinted(game string, seats, plies int, kinds []string, want func(engine.View) bool, touch func(*screen.Game, []engine.Move), hint bool) shot {
	return func(texts *i18n.Catalog, lang string) (fyne.CanvasObject, func(), error) {
		rules, err := catalog.Registry().Get(game)
		if err != nil {
			return nil, nil, err
		}
		st, err := engine.NewGame(rules, engine.Setup{Seats: seats, Seed: 20261123})
		if err != nil {
			return nil, nil, err
		}
		for i := 0; i < plies+2000; i++ {
			if i >= plies && (want == nil || want(st.View(engine.Onlooker))) {
				break
			}
			legal := st.Legal()
			if len(legal) == 0 {
				return nil, nil, fmt.Errorf("%s: the game ended before the wanted position", game)
			}
			if _, err := st.Apply(st.Turn(), legal[(i*7+3)%len(legal)]); err != nil {
				return nil, nil, fmt.Errorf("%s move %d: %w", game, i, err)
			}
		}
		s := &local{rules: rules, st: st}
		cfg := screen.GameConfig{Session: s, Seats: seats, Lang: lang, Texts: texts, Still: true}
		if hint {
			// The middle legal move, as a stand-in for the bot's: the
			// picture is of how a hint is said and ringed.
			cfg.Hint = func(_ context.Context, seat engine.Seat) (engine.Move, error) {
				legal := s.View(seat).Legal()
				return legal[len(legal)/2], nil
			}
			cfg.Do = func(f func()) { fyne.Do(f) }
		}
		tbl, err := screen.NewGame(cfg)
		if err != nil {
			return nil, nil, err
		}
		state := screen.GameState{Game: rules.Info(), Code: "4271", Turn: st.Turn()}
		for i := range seats {
			ss := screen.SeatStatus{Name: names[i], State: "connected"}
			switch kinds[i] {
			case "touch":
				ss.Touch = true
			case "bot":
				ss.State = "bot"
			}
			state.Seats = append(state.Seats, ss)
		}
		after := func() {
			tbl.Show(state)
			if legal := st.View(st.Turn()).Legal(); touch != nil && len(legal) > 0 {
				touch(tbl, legal)
			}
			if hint {
				tbl.AskHint(st.Turn())
			}
		}
		return tbl.Content(), after, nil
	}
}

// touchDuel touches the first piece of a Canyon duel move of the seat
// to move.
func touchDuel(tbl *screen.Game, legal []engine.Move) {
	m, ok := legal[len(legal)/2].(canyonduel.Move)
	b, isBoard := tbl.Board().(interface {
		CellCentre(canyonduel.Cell) fyne.Position
	})
	if !ok || !isBoard {
		return
	}
	tbl.Board().Tapped(&fyne.PointEvent{Position: b.CellCentre(m.Path[0])})
}

// touchCanoe touches the peg of the first Canoë move of a peg of the seat
// to move.
func touchCanoe(tbl *screen.Game, legal []engine.Move) {
	b, isBoard := tbl.Board().(interface {
		HoleCentre(canoe.Hole) fyne.Position
	})
	if !isBoard {
		return
	}
	for _, m := range legal {
		if cm, ok := m.(canoe.Move); ok && cm.Kind == canoe.KindMove {
			tbl.Board().Tapped(&fyne.PointEvent{Position: b.HoleCentre(cm.From)})
			return
		}
	}
}
