// Package catalog lists the games a Tablée kiosk ships. It is the one place
// that imports every game package, so the host, the UIs and the CLI get the
// games from here and never name a game package themselves.
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
	return []engine.Rules{canyon.NewRules(), canyonduel.Rules{}, canoe.New(), canaille.New()}
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
