package main

import (
	"context"
	"fmt"
	"text/tabwriter"
)

func runPlayer(ctx context.Context, e *env, args []string) error {
	subs := map[string]func(context.Context, *env, []string) error{
		"list":   runPlayerList,
		"rename": runPlayerRename,
		"merge":  runPlayerMerge,
		"stats":  runPlayerStats,
	}
	if len(args) == 0 || subs[args[0]] == nil {
		fmt.Fprintln(e.stderr, "usage: tablee player list | stats ID | rename ID NICKNAME | merge FROM_ID INTO_ID  [--db PATH]")
		return errUsage
	}
	return subs[args[0]](ctx, e, args[1:])
}

func runPlayerList(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "player list")
	path := dbFlag(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	d, err := openDB(ctx, *path)
	if err != nil {
		return err
	}
	defer d.Close()
	players, err := d.Players(ctx)
	if err != nil {
		return err
	}
	w := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	defer w.Flush()
	fmt.Fprintln(w, "ID\tNICKNAME\tGAMES\tWINS\tLAST PLAYED")
	for _, p := range players {
		st, err := d.PlayerStats(ctx, p.ID)
		if err != nil {
			return err
		}
		total := st[len(st)-1]
		fmt.Fprintf(w, "%s\t%s\t%d\t%d\t%s\n", p.ID, p.Nickname, total.Games, total.Wins, localTime(total.LastPlayed))
	}
	return nil
}

func runPlayerRename(ctx context.Context, e *env, args []string) error {
	d, pos, err := openWithArgs(ctx, newFlags(e, "player rename"), args, "ID", "NICKNAME")
	if err != nil {
		return err
	}
	defer d.Close()
	old, err := d.Player(ctx, pos[0])
	if err != nil {
		return err
	}
	if err := d.RenamePlayer(ctx, pos[0], pos[1]); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "renamed %s from %q to %q\n", old.ID, old.Nickname, pos[1])
	return nil
}

func runPlayerMerge(ctx context.Context, e *env, args []string) error {
	d, pos, err := openWithArgs(ctx, newFlags(e, "player merge"), args, "FROM_ID", "INTO_ID")
	if err != nil {
		return err
	}
	defer d.Close()
	from, err := d.Player(ctx, pos[0])
	if err != nil {
		return err
	}
	into, err := d.Player(ctx, pos[1])
	if err != nil {
		return err
	}
	if err := d.MergePlayers(ctx, from.ID, into.ID); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "merged %q (%s) into %q (%s); ratings recomputed\n", from.Nickname, from.ID, into.Nickname, into.ID)
	return nil
}

func runPlayerStats(ctx context.Context, e *env, args []string) error {
	d, pos, err := openWithArgs(ctx, newFlags(e, "player stats"), args, "ID")
	if err != nil {
		return err
	}
	defer d.Close()
	p, err := d.Player(ctx, pos[0])
	if err != nil {
		return err
	}
	stats, err := d.PlayerStats(ctx, p.ID)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%s (%s), first seen %s, last seen %s\n", p.Nickname, p.ID, localTime(p.Created), localTime(p.LastSeen))
	w := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	defer w.Flush()
	fmt.Fprintln(w, "GAME\tGAMES\tWINS\tBEST\tLAST PLAYED\tRATING")
	for _, st := range stats {
		game, rated := st.Game, "-"
		if game == "" {
			game = "all games"
		} else if r, err := d.Rating(ctx, p.ID, game); err == nil {
			rated = rating(r)
		}
		fmt.Fprintf(w, "%s\t%d\t%d\t%d\t%s\t%s\n", game, st.Games, st.Wins, st.BestScore, localTime(st.LastPlayed), rated)
	}
	return nil
}
