// Package headless plays one seat at a table with a bot and no screen: the
// companion's --headless mode, which fills seats for tests and for staff.
// It finds the table over mDNS (or takes its address), joins with the
// table's code, and plays whenever the seat is to decide until the game
// ends.
package headless

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/bot"
	"github.com/tablee/tablee/proto/discovery"
	"github.com/tablee/tablee/proto/tlscert"
	"github.com/tablee/tablee/proto/wire"
)

// Config says which table to join, as whom, and how to play.
type Config struct {
	Table       string        // the table's name, looked up over mDNS
	FindTimeout time.Duration // how long to look for it
	Scope       discovery.Scope
	// Addr and Fingerprint, when both set, skip discovery.
	Addr, Fingerprint string

	Code, Name string // the table's code (digits or link form) and the nickname
	// Key is the player key to join with (client.NewPlayerKey), so the
	// table rates the games of the same player; empty: play as a guest.
	Key  string
	Bot  engine.Level // bot level, e.g. engine.LevelDefault
	Seed uint64       // the bot's choices

	Games   *engine.Registry // the games this build can play
	Logf    func(format string, args ...any)
	Options client.Options // reconnection tuning; its Logf is set from Logf
}

// Outcome is how the game ended for the seat.
type Outcome struct {
	Seat   engine.Seat
	Result engine.Result
	Known  bool // the game's views carry its result
	// Record is the table's record of the game for a player who joined
	// with a key (rating change and place); nil for a guest, or if the
	// table sent none.
	Record *wire.Record
}

// Run joins the table and plays until the game ends. It fails without
// playing when the table cannot be found or joined.
func Run(ctx context.Context, cfg Config) (Outcome, error) {
	outs, err := RunGames(ctx, cfg, 1)
	if len(outs) == 0 {
		return Outcome{}, err
	}
	return outs[0], err
}

// RunGames joins the table and plays games games in a row on the same
// seat: after each but the last it stays seated until the table plays
// again with the same seats, without joining again. It returns the
// outcome of each game played, and why it stopped early.
func RunGames(ctx context.Context, cfg Config, games int) ([]Outcome, error) {
	if cfg.Logf == nil {
		cfg.Logf = func(string, ...any) {}
	}
	addrs, fp, err := locate(ctx, cfg)
	if err != nil {
		return nil, err
	}
	c, err := dialAny(ctx, addrs, fp, cfg)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	w, err := join(ctx, c, cfg)
	if err != nil {
		return nil, fmt.Errorf("cannot join %s: %w", tableName(cfg, addrs[0]), err)
	}
	cfg.Logf("joined %s as %v, playing %s; the table's words: %s", w.Table, w.Seat, w.Game, tlscert.Phrase(fp))
	var outs []Outcome
	var first *client.Update
	for {
		rules, b, err := player(cfg, w.Game)
		if err != nil {
			return outs, err
		}
		out, next, err := play(ctx, c, rules, b, w.Seat, cfg.Key != "", cfg.Logf, first)
		if err != nil {
			return outs, err
		}
		if cfg.Key != "" && cfg.Options.Signer != nil && w.Game == sheetGame {
			awaitSigned(ctx, c, cfg.Logf)
		}
		if outs = append(outs, out); len(outs) >= games {
			return outs, nil
		}
		if next == nil {
			u, err := awaitNextGame(ctx, c)
			if err != nil {
				return outs, fmt.Errorf("waiting for the next game: %w", err)
			}
			next = &u
		}
		first, w = next, c.Welcome()
		cfg.Logf("the table plays again: %v, %s", w.Seat, w.Game)
	}
}

// dialAny connects to the first of the table's addresses that answers: a
// table may publish one its phones cannot reach (another subnet, IPv6).
func dialAny(ctx context.Context, addrs []string, fp string, cfg Config) (*client.Client, error) {
	opts := cfg.Options
	opts.Logf = cfg.Logf
	var errs []error
	for _, addr := range addrs {
		c, err := client.DialWith(ctx, addr, fp, opts)
		if err == nil {
			return c, nil
		}
		if errors.Is(err, tlscert.ErrMismatch) || ctx.Err() != nil {
			return nil, err
		}
		errs = append(errs, err)
	}
	return nil, errors.Join(errs...)
}

// locate finds the table's addresses and certificate fingerprint.
func locate(ctx context.Context, cfg Config) (addrs []string, fp string, err error) {
	if cfg.Addr != "" && cfg.Fingerprint != "" {
		return []string{cfg.Addr}, cfg.Fingerprint, nil
	}
	if cfg.Table == "" {
		return nil, "", errors.New("name the table (--table), or give --addr and --fingerprint")
	}
	cfg.Logf("looking for %q on the network", cfg.Table)
	fctx, cancel := context.WithTimeout(ctx, cfg.FindTimeout)
	defer cancel()
	t, err := discovery.Find(fctx, cfg.Table, cfg.Scope)
	if err != nil {
		if ctx.Err() != nil {
			return nil, "", ctx.Err()
		}
		return nil, "", fmt.Errorf("table %q not found within %v: %w", cfg.Table, cfg.FindTimeout, err)
	}
	if t.Proto != wire.Version {
		return nil, "", fmt.Errorf("%s speaks protocol %d; this companion speaks %d", t.Name, t.Proto, wire.Version)
	}
	if t.Game != "" {
		if _, _, err := player(cfg, t.Game); err != nil {
			return nil, "", err
		}
	}
	cfg.Logf("found %s at %v (game %q, %d free seats)", t.Name, t.Addrs, t.Game, t.Free)
	return t.Addrs, t.Fingerprint, nil
}

func tableName(cfg Config, addr string) string {
	if cfg.Table != "" {
		return cfg.Table
	}
	return addr
}

// player makes the rules and the bot for game.
func player(cfg Config, game string) (engine.Rules, engine.Bot, error) {
	rules, err := cfg.Games.Get(game)
	if err != nil {
		return nil, nil, fmt.Errorf("this companion cannot play %q: %w", game, err)
	}
	b, err := bot.New(rules, cfg.Bot, cfg.Seed)
	if err != nil {
		return nil, nil, err
	}
	return rules, b, nil
}

// joinTries bounds how often a join lost to a dropped connection is tried
// again, half a second apart, while the client reconnects.
const joinTries = 40

// join takes a seat. A join lost with the connection (the kiosk restarting)
// is tried again once the client has reconnected; a refusal is final.
func join(ctx context.Context, c *client.Client, cfg Config) (client.Welcome, error) {
	for try := 1; ; try++ {
		w, err := c.JoinPlayer(ctx, cfg.Code, cfg.Name, cfg.Key)
		if !errors.Is(err, client.ErrDisconnected) || try == joinTries {
			return w, err
		}
		select {
		case <-ctx.Done():
			return w, err
		case <-time.After(500 * time.Millisecond):
		}
	}
}

// sheetGame is the score sheet's game id (engine/sheet.ID): a play of a
// shelf title, whose result each player's phone signs.
const sheetGame = "sheet"

// signWait is how long a player waits, after a shelf game's results, for
// the table's request to sign them (docs/venue.md, "Signed shelf
// results"): it follows the record at once; a table that asks none (not
// of this version) costs this wait once per play.
const signWait = 5 * time.Second

// awaitSigned waits until the phone signed its result of the play just
// ended, so that it does not leave the table before.
func awaitSigned(ctx context.Context, c *client.Client, logf func(string, ...any)) {
	timeout := time.NewTimer(signWait)
	defer timeout.Stop()
	select {
	case <-c.Signed():
	case <-timeout.C:
		logf("the table asked no signature of the play's result")
	case <-ctx.Done():
	}
}
