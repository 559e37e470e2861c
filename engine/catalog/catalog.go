// Package catalog lists the games a Tablée kiosk ships. The host, the
// CLI, the bots and the tests get the games from here. Besides it, each
// package that draws a game imports the games it draws and keeps one table
// from game id to its per-game parts (kiosk/board, say,
// kiosk/lesson, companion/gui, kiosk/web with its page's GAMES,
// kiosk/screen's pictures by id, cmd/screens): a test in each ranges over
// Games and names a game whose part is missing.
//
// A new game is its own package under engine/, one line in Games, its
// texts in i18n and its parts in those tables (docs/architecture.md,
// "Adding a game"): the compiler says which method of engine.Rules, State
// or View it lacks, its tests run enginetest's checks, this package's
// tests say which of its name, options, rules and end reasons have no
// text in i18n/messages, and each UI's test names its missing part.
package catalog

import (
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/engine/canyon"
	"github.com/tablee/tablee/engine/canyonduel"
	"github.com/tablee/tablee/engine/sheet"
	"github.com/tablee/tablee/scoresheet"
)

// Games returns the rules of every shipped game, in the order the lobby
// shows them.
func Games() []engine.Rules {
	return []engine.Rules{canyon.New(), canyonduel.New(), canoe.New(), canaille.New()}
}

// Registry returns a registry of every shipped game.
func Registry() *engine.Registry {
	r, err := engine.NewRegistry(Games()...)
	if err != nil {
		// Ids are fixed in code; a duplicate is a programming error caught by the tests.
		panic(err)
	}
	return r
}

// Sheet returns the score sheet, the engine game a play of a title from
// the shelf is (engine/sheet). It is not one of Games: the lobby and the
// per-game tables of the UIs do not offer it as a table game.
func Sheet() engine.Rules { return sheet.New() }

// Plays returns a registry of every game a session may be: the shipped
// games and the score sheet, for what reads a logged play back (the
// host resuming it, the CLI, the headless phones).
func Plays() *engine.Registry { return PlaysWith(scoresheet.Ready()) }

// PlaysWith is Plays with the score sheet over lib: the ready sheets
// and the staff's own, which a kiosk loads from its database and its
// console adds to as the staff save them.
func PlaysWith(lib *scoresheet.Library) *engine.Registry {
	r, err := engine.NewRegistry(append(Games(), sheet.WithLibrary(lib))...)
	if err != nil {
		panic(err)
	}
	return r
}
