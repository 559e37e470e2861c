package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/bot"
)

// simStats is the JSON object simulate prints as its last line.
type simStats struct {
	Game      string            `json:"game"`
	Players   int               `json:"players"`
	Options   map[string]string `json:"options,omitempty"`
	Bots      []engine.Level    `json:"bots"`
	Games     int               `json:"games"`
	Wins      []int             `json:"wins"`   // per seat; a shared win counts for each sharer
	Shared    int               `json:"shared"` // games won by more than one seat
	Draws     int               `json:"draws"`  // games nobody won
	AvgPlies  float64           `json:"avg_plies"`
	Seconds   float64           `json:"seconds"`
	GamesPerS float64           `json:"games_per_s"`
}

type simConfig struct {
	rules    engine.Rules
	players  int
	games    int
	seed     uint64
	options  map[string]string
	levels   []engine.Level
	parallel int
}

func runSimulate(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "simulate")
	game := fs.String("game", "", "game id (see tablee games)")
	players := fs.Int("players", 0, "number of players (default: the game's minimum)")
	games := fs.Int("games", 100, "number of games to play")
	seed := fs.Uint64("seed", 1, "seed of the first game; game i uses seed+i")
	botList := fs.String("bots", string(engine.LevelDefault), "bot level per seat, comma-separated, or one level for every seat")
	optList := fs.String("options", "", "game options as key=value,... (a bare key means key=on)")
	parallel := fs.Int("parallel", 1, "games played at once")
	verbose := fs.Bool("v", false, "print one line per game")
	dbPath := fs.String("db", "", "record the games as finished sessions in this database (created if missing)")
	rate := fs.Bool("rate", false, "with --db: seat the bots as named test players, so the games are rated")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *rate && *dbPath == "" {
		fmt.Fprintln(e.stderr, "tablee simulate: --rate needs --db")
		return errUsage
	}
	cfg, err := simSetup(e, *game, *players, *games, *seed, *botList, *optList, *parallel)
	if err != nil {
		return err
	}
	stats, played, err := simulate(ctx, cfg, func(i int, g played) {
		if *verbose {
			fmt.Fprintf(e.stdout, "game %d seed %d: winners %v scores %v plies %d (%s)\n",
				i, cfg.seed+uint64(i), g.result.Winners, g.result.Scores, g.plies, g.result.Reason)
		}
	})
	if err != nil {
		return err
	}
	if *dbPath != "" {
		if err := record(ctx, *dbPath, *rate, cfg, played); err != nil {
			return err
		}
	}
	line, err := json.Marshal(stats)
	if err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, string(line))
	return nil
}

func simSetup(e *env, game string, players, games int, seed uint64, botList, optList string, parallel int) (simConfig, error) {
	if game == "" {
		return simConfig{}, fmt.Errorf("--game is required (one of %v)", e.games.IDs())
	}
	rules, err := e.games.Get(game)
	if err != nil {
		return simConfig{}, err
	}
	info := rules.Info()
	if players == 0 {
		players = info.MinSeats
	}
	if games < 1 || parallel < 1 {
		return simConfig{}, fmt.Errorf("--games and --parallel must be at least 1")
	}
	setup, err := info.CheckSetup(engine.Setup{Seats: players, Options: engine.ParseOptions(optList)})
	if err != nil {
		return simConfig{}, err
	}
	opts := setup.Setup().Options
	var levels []engine.Level
	for _, l := range strings.Split(botList, ",") {
		levels = append(levels, engine.Level(strings.TrimSpace(l)))
	}
	if len(levels) == 1 {
		for len(levels) < players {
			levels = append(levels, levels[0])
		}
	}
	if len(levels) != players {
		return simConfig{}, fmt.Errorf("--bots names %d bots for %d players", len(levels), players)
	}
	for _, l := range levels {
		if _, err := bot.New(rules, l, 0); err != nil {
			return simConfig{}, err
		}
	}
	return simConfig{rules: rules, players: players, games: games, seed: seed, options: opts, levels: levels, parallel: parallel}, nil
}

// played is what simulate keeps of a game: not its moves, so that a
// hundred thousand games fit in memory.
type played struct {
	result  engine.Result
	plies   int
	started time.Time
	ended   time.Time
}

// simulate plays cfg.games games, cfg.parallel at a time; game i always
// uses seed+i and the same bots, so results do not depend on parallelism.
func simulate(ctx context.Context, cfg simConfig, each func(int, played)) (simStats, []played, error) {
	start := time.Now()
	outcomes := make([]played, cfg.games)
	errs := make([]error, cfg.games)
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < cfg.parallel; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				outcomes[i], errs[i] = playOne(ctx, cfg, i)
			}
		}()
	}
	for i := 0; i < cfg.games && ctx.Err() == nil; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return simStats{}, nil, err
	}
	stats := simStats{Game: cfg.rules.Info().ID, Players: cfg.players, Options: cfg.options,
		Bots: cfg.levels, Games: cfg.games, Wins: make([]int, cfg.players)}
	plies := 0
	for i, o := range outcomes {
		if errs[i] != nil {
			return simStats{}, nil, fmt.Errorf("game %d (seed %d): %w", i, cfg.seed+uint64(i), errs[i])
		}
		each(i, o)
		plies += o.plies
		stats.add(o.result)
	}
	stats.Seconds = time.Since(start).Seconds()
	stats.AvgPlies = float64(plies) / float64(cfg.games)
	stats.GamesPerS = float64(cfg.games) / stats.Seconds
	return stats, outcomes, nil
}

func (s *simStats) add(r engine.Result) {
	switch {
	case r.Draw():
		s.Draws++
	case len(r.Winners) > 1:
		s.Shared++
	}
	for _, w := range r.Winners {
		s.Wins[w]++
	}
}

func playOne(ctx context.Context, cfg simConfig, i int) (played, error) {
	seed := cfg.seed + uint64(i)
	setup := engine.Setup{Seats: cfg.players, Options: cfg.options, Seed: seed}
	start := time.Now()
	if allRandom(cfg.levels) {
		s, err := randomGame(cfg.rules, setup, seed)
		if err != nil {
			return played{}, err
		}
		res, _ := s.Result()
		return played{result: res, plies: s.Plies(), started: start, ended: time.Now()}, nil
	}
	bots := make([]engine.Bot, cfg.players)
	for s, level := range cfg.levels {
		b, err := bot.New(cfg.rules, level, seed*131+uint64(s))
		if err != nil {
			return played{}, err
		}
		bots[s] = b
	}
	o, err := bot.Play(ctx, cfg.rules, setup, bots)
	return played{result: o.Result, plies: len(o.Moves), started: start, ended: time.Now()}, err
}

func allRandom(levels []engine.Level) bool {
	for _, l := range levels {
		if l != engine.LevelRandom {
			return false
		}
	}
	return true
}

// randomStream is the RNG stream random games draw their moves from.
const randomStream = 11

// randomGame plays a game of uniformly random moves straight on the state,
// with no bots, no views and no events: through the game's Playout when it
// has one, else move by move, each drawn by the state's RandomMove (or
// among Legal) and made by engine.Step. The moves differ from the random
// bot's, not their distribution: both draw uniformly among the legal moves.
func randomGame(rules engine.Rules, setup engine.Setup, seed uint64) (engine.State, error) {
	s, err := engine.NewGame(rules, setup)
	if err != nil {
		return nil, err
	}
	rng := engine.NewRNG(seed, randomStream)
	if p, ok := s.(engine.Playouter); ok {
		p.Playout(&rng)
		return s, nil
	}
	for ply := 0; s.Turn() != engine.NoSeat; ply++ {
		if ply >= maxRandomPlies {
			return s, fmt.Errorf("%s did not end after %d plies", rules.Info().ID, ply)
		}
		m := randomMove(s, &rng)
		if m == nil {
			return s, fmt.Errorf("%s: %v has no legal move", rules.Info().ID, s.Turn())
		}
		if err := engine.Step(s, s.Turn(), m); err != nil {
			return s, fmt.Errorf("a random move was refused: %w", err)
		}
	}
	return s, nil
}

// randomMove draws a uniformly random legal move of s from r: the state's
// own RandomMove if it has one, else one of Legal (the same draw).
func randomMove(s engine.State, r *engine.RNG) engine.Move {
	if rm, ok := s.(engine.RandomMover); ok {
		return rm.RandomMove(r)
	}
	legal := s.Legal()
	if len(legal) == 0 {
		return nil
	}
	return legal[r.IntN(len(legal))]
}

// maxRandomPlies stops a game whose rules failed to end it.
const maxRandomPlies = 100_000
