// Package catalog lists the games a Tablée kiosk ships. It is the one place
// that imports every game package, so the host, the UIs and the CLI get the
// games from here and never name a game package themselves.
//
// A new game is its own package under engine/, one line in Games and its
// rules doc: the compiler says which method of engine.Rules, State or View
// it lacks, its tests run enginetest's checks, and this package's tests
// say which of its rules and end reasons have no text in i18n/messages.
package catalog

import (
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/engine/canyon"
	"github.com/tablee/tablee/engine/canyonduel"
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
