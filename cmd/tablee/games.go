package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/tablee/tablee/i18n"
)

func runGames(_ context.Context, e *env, args []string) error {
	fs := newFlags(e, "games")
	asJSON := fs.Bool("json", false, "print the list as JSON")
	lang := fs.String("lang", "fr", "language of the names: fr, de or en")
	if err := parse(fs, args); err != nil {
		return err
	}
	infos := e.games.Infos()
	texts, err := i18n.Load()
	if err != nil {
		return fmt.Errorf("games: %w", err)
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(infos)
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tNAME\tPLAYERS\tOPTIONS")
	for _, info := range infos {
		var opts []string
		for _, o := range info.Options {
			opts = append(opts, fmt.Sprintf("%s=%s (%s)", o.Key, o.Default, strings.Join(o.Choices, "|")))
		}
		players := fmt.Sprintf("%d-%d", info.MinSeats, info.MaxSeats)
		if info.MinSeats == info.MaxSeats {
			players = fmt.Sprint(info.MinSeats)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", info.ID, texts.T(i18n.Parse(*lang), info.NameKey()), players, strings.Join(opts, ", "))
	}
	return tw.Flush()
}
