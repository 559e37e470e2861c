package engine

import (
	"fmt"
	"sort"
)

// Registry holds the games a kiosk offers, by id.
type Registry struct {
	byID map[string]Rules
}

// NewRegistry returns a registry of games; ids must be unique.
func NewRegistry(games ...Rules) (*Registry, error) {
	r := &Registry{byID: make(map[string]Rules, len(games))}
	for _, g := range games {
		id := g.Info().ID
		if _, dup := r.byID[id]; dup {
			return nil, fmt.Errorf("registry: game %q registered twice", id)
		}
		r.byID[id] = g
	}
	return r, nil
}

// Get returns the game with id, or an error listing the known ids.
func (r *Registry) Get(id string) (Rules, error) {
	if g, ok := r.byID[id]; ok {
		return g, nil
	}
	return nil, fmt.Errorf("unknown game %q (known: %v)", id, r.IDs())
}

// IDs lists the game ids in alphabetical order.
func (r *Registry) IDs() []string {
	ids := make([]string, 0, len(r.byID))
	for id := range r.byID {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// Infos lists the games' metadata in id order.
func (r *Registry) Infos() []Info {
	var out []Info
	for _, id := range r.IDs() {
		out = append(out, r.byID[id].Info())
	}
	return out
}

// NewGame checks the seats and options against the game's Info
// (Info.CheckSetup), fills in default options and starts the game.
func NewGame(rules Rules, setup Setup) (State, error) {
	checked, err := rules.Info().CheckSetup(setup)
	if err != nil {
		return nil, err
	}
	return rules.New(checked)
}
