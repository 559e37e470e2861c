package main

import (
	"context"
	"fmt"

	"github.com/tablee/tablee/engine/sheet"
	"github.com/tablee/tablee/scoresheet"
	"github.com/tablee/tablee/shelf"
)

// titleSetup is the score sheet's setup for --title: the catalogue's
// title named by its id or exactly one of its four names (shelf.Exact,
// case and accents folded), kept with the play under the catalogue's
// spelling of the name given (its English or published name for an id),
// on the ready sheet of any of its names, else the generic sheet. A text
// that names no title of the catalogue, or two, is refused.
func titleSetup(ctx context.Context, lib shelf.Library, rules sheet.Rules, text string) (map[string]string, error) {
	titles, err := lib.Titles(ctx)
	if err != nil {
		return nil, fmt.Errorf("--title: %w", err)
	}
	t, err := shelf.Exact(titles, text)
	if err != nil {
		return nil, fmt.Errorf("--title: %w (tablee catalogue lists the titles and their ids)", err)
	}
	name := t.Names.Name("en")
	for _, n := range t.Names.All() {
		if shelf.FoldKey(n) == shelf.FoldKey(text) {
			name = n
		}
	}
	opts := rules.OptionsFor(name)
	for _, n := range append([]string{name}, t.Names.All()...) {
		if o := rules.OptionsFor(n); o[sheet.OptionSheet] != scoresheet.GenericID {
			opts[sheet.OptionSheet] = o[sheet.OptionSheet]
			break
		}
	}
	return opts, nil
}
