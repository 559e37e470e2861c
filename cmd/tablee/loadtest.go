package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/tablee/tablee/engine"
)

// loadStats is the JSON object loadtest prints as its last line.
// Latencies run from a phone sending a move to every phone of its table
// holding the view that move made, warm-up moves left out; the server's
// CPU is the kiosk processes' own (user + system, /proc/PID/stat) over the
// moves' phase, divided by the moves completed in it.
type loadStats struct {
	Tool           string  `json:"tool"`
	Game           string  `json:"game"`
	Tables         int     `json:"tables"`
	Phones         int     `json:"phones"` // per table
	ThinkMS        float64 `json:"think_ms"`
	WarmupPerTable int     `json:"warmup_per_table"`
	Moves          int     `json:"moves"`          // completed, warm-up included
	MeasuredMoves  int     `json:"measured_moves"` // in the latency figures
	GamesOver      int     `json:"games_over"`     // tables whose game ended before the run did
	P50MS          float64 `json:"p50_ms"`
	P90MS          float64 `json:"p90_ms"`
	P99MS          float64 `json:"p99_ms"`
	MaxMS          float64 `json:"max_ms"`
	MeanMS         float64 `json:"mean_ms"`
	MovesPerS      float64 `json:"moves_per_s"`
	WallS          float64 `json:"wall_s"`
	ServerCPUS     float64 `json:"server_cpu_s"`
	ServerCPUPct   float64 `json:"server_cpu_pct_of_one_core"`
	// ServerCPUUSPerMove is the figure to compare with the boardgame.io
	// harness's server.cpu_us_per_move.
	ServerCPUUSPerMove float64 `json:"server_cpu_us_per_move"`
	// ServerRSSMB is the kiosks' peak resident memory (VmHWM), summed.
	ServerRSSMB float64 `json:"server_rss_mb"`
}

type loadConfig struct {
	kiosk      string
	game       string
	tables     int
	phones     int
	duration   time.Duration
	think      time.Duration
	warmup     int
	phoneRate  float64
	setup      time.Duration
	stall      time.Duration
	cpuProfile string
	seed       uint64
}

func runLoadtest(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "loadtest")
	var c loadConfig
	fs.StringVar(&c.kiosk, "kiosk", "", "the kiosk binary (default: kiosk beside tablee, else on PATH)")
	fs.StringVar(&c.game, "game", "canyon", "the game the tables play")
	fs.IntVar(&c.tables, "tables", 1, "tables, each its own kiosk --headless process")
	fs.IntVar(&c.phones, "phones", 6, "phones per table, each seated over TLS with the table's code")
	fs.DurationVar(&c.duration, "duration", 15*time.Second, "how long the tables play")
	fs.DurationVar(&c.think, "think", 0, "pause after each move before the next (0: closed loop)")
	fs.IntVar(&c.warmup, "warmup", 20, "moves per table left out of the latency figures")
	fs.Float64Var(&c.phoneRate, "phone-rate", 100000, "the kiosks' --phone-rate: messages per second one phone may send")
	fs.DurationVar(&c.setup, "setup-timeout", 60*time.Second, "bound on starting the kiosks and seating the phones")
	fs.DurationVar(&c.stall, "stall", 10*time.Second, "a move not held by every phone within this fails the run")
	fs.StringVar(&c.cpuProfile, "cpuprofile", "", "write each kiosk's CPU profile here (FILE, or FILE.N with several tables)")
	fs.Uint64Var(&c.seed, "seed", 1, "seed of the phones' choices")
	if err := parse(fs, args); err != nil {
		return err
	}
	if c.tables < 1 || c.tables > 200 || c.duration <= 0 || c.warmup < 0 || c.think < 0 {
		fmt.Fprintln(e.stderr, "tablee loadtest: --tables must be 1..200, --duration positive, --warmup and --think not negative")
		return errUsage
	}
	rules, err := e.games.Get(c.game)
	if err != nil {
		return err
	}
	if info := rules.Info(); c.phones < info.MinSeats || c.phones > info.MaxSeats {
		return fmt.Errorf("%s is for %d to %d players, not %d phones", c.game, info.MinSeats, info.MaxSeats, c.phones)
	}
	if c.kiosk, err = findKiosk(c.kiosk); err != nil {
		return err
	}
	stats, err := loadtest(ctx, e, c, rules)
	if stats != nil {
		line, jerr := json.Marshal(stats)
		if jerr != nil {
			return jerr
		}
		fmt.Fprintln(e.stdout, string(line))
	}
	return err
}

// loadtest runs the whole load: kiosks up, phones seated, the closed loop
// for c.duration, then everything stopped and removed. It returns the
// figures whenever moves were made, with an error if anything failed.
func loadtest(ctx context.Context, e *env, c loadConfig, rules engine.Rules) (*loadStats, error) {
	// Bounded in time whatever happens: set-up, play, and a margin to stop.
	ctx, cancel := context.WithTimeout(ctx, c.setup+c.duration+c.stall+kioskStopWait)
	defer cancel()
	dir, err := os.MkdirTemp("", "tablee-loadtest-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)

	tables := make([]*loadTable, c.tables)
	defer func() {
		for _, t := range tables {
			if t == nil {
				continue
			}
			t.close()
			if t.kiosk != nil {
				if err := t.kiosk.stop(); err != nil {
					fmt.Fprintln(e.stderr, "tablee loadtest:", err)
				}
			}
		}
	}()
	if err := startTables(ctx, c, rules, dir, tables); err != nil {
		return nil, err
	}
	fmt.Fprintf(e.stderr, "tablee loadtest: %d table(s) of %d phones ready; playing %s for %v\n", c.tables, c.phones, c.game, c.duration)

	cpu0, err := kiosksCPU(tables)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	plan := loadPlan{until: start.Add(c.duration), think: c.think, warmup: c.warmup, stall: c.stall}
	errs := make([]error, len(tables))
	done := make(chan int)
	for i, t := range tables {
		go func() {
			errs[i] = t.play(ctx, plan)
			done <- i
		}()
	}
	for range tables {
		<-done
	}
	wall := time.Since(start)
	cpu1, cpuErr := kiosksCPU(tables)
	rss, rssErr := kiosksPeakRSS(tables)
	stats := summarize(c, tables, wall, cpu1-cpu0, rss)
	if err := errors.Join(append(errs, cpuErr, rssErr)...); err != nil {
		return stats, err
	}
	if stats.Moves == 0 {
		return stats, errNoMoves
	}
	return stats, nil
}

// startTables starts every table's kiosk, then seats its phones.
func startTables(ctx context.Context, c loadConfig, rules engine.Rules, dir string, tables []*loadTable) error {
	sctx, cancel := context.WithTimeout(ctx, c.setup)
	defer cancel()
	for i := range tables {
		name := fmt.Sprintf("Load table %d", i+1)
		tdir := filepath.Join(dir, fmt.Sprint(i+1))
		if err := os.Mkdir(tdir, 0o700); err != nil {
			return err
		}
		prof := c.cpuProfile
		if prof != "" && c.tables > 1 {
			prof = fmt.Sprintf("%s.%d", prof, i+1)
		}
		if prof != "" {
			abs, err := filepath.Abs(prof)
			if err != nil {
				return err
			}
			prof = abs
		}
		k, err := startKiosk(sctx, kioskArgs{bin: c.kiosk, game: c.game, seats: c.phones, phoneRate: c.phoneRate,
			dir: tdir, name: name, cpuProfile: prof})
		if err != nil {
			return err
		}
		tables[i] = &loadTable{name: name, kiosk: k, rules: rules, rng: engine.NewRNG(c.seed, uint64(i))}
		if err := tables[i].join(sctx, c.phones); err != nil {
			return fmt.Errorf("%w; the kiosk's stderr: %s", err, k.stderr)
		}
	}
	return nil
}

// kiosksCPU is the CPU time all kiosks have used so far.
func kiosksCPU(tables []*loadTable) (time.Duration, error) {
	var sum time.Duration
	for _, t := range tables {
		if !t.kiosk.alive() {
			return 0, fmt.Errorf("%s: the kiosk exited: %s", t.name, t.kiosk.stderr)
		}
		d, err := procCPU(t.kiosk.cmd.Process.Pid)
		if err != nil {
			return 0, err
		}
		sum += d
	}
	return sum, nil
}

// kiosksPeakRSS sums the kiosks' peak resident memory.
func kiosksPeakRSS(tables []*loadTable) (int64, error) {
	var sum int64
	for _, t := range tables {
		b, err := procPeakRSS(t.kiosk.cmd.Process.Pid)
		if err != nil {
			return 0, err
		}
		sum += b
	}
	return sum, nil
}

// summarize computes the run's figures.
func summarize(c loadConfig, tables []*loadTable, wall, cpu time.Duration, rss int64) *loadStats {
	s := &loadStats{Tool: "tablee loadtest", Game: c.game, Tables: c.tables, Phones: c.phones,
		ThinkMS: ms(c.think), WarmupPerTable: c.warmup, WallS: round3(wall.Seconds()),
		ServerCPUS: round3(cpu.Seconds()), ServerRSSMB: round3(float64(rss) / (1 << 20))}
	var lat []time.Duration
	for _, t := range tables {
		s.Moves += t.moves
		lat = append(lat, t.lat...)
		if t.over {
			s.GamesOver++
		}
	}
	s.MeasuredMoves = len(lat)
	if wall > 0 {
		s.MovesPerS = round3(float64(s.Moves) / wall.Seconds())
		s.ServerCPUPct = round3(100 * cpu.Seconds() / wall.Seconds())
	}
	if s.Moves > 0 {
		s.ServerCPUUSPerMove = round3(float64(cpu.Microseconds()) / float64(s.Moves))
	}
	if len(lat) > 0 {
		slices.Sort(lat)
		var sum time.Duration
		for _, d := range lat {
			sum += d
		}
		s.P50MS, s.P90MS, s.P99MS = ms(pct(lat, 0.5)), ms(pct(lat, 0.9)), ms(pct(lat, 0.99))
		s.MaxMS, s.MeanMS = ms(lat[len(lat)-1]), ms(sum/time.Duration(len(lat)))
	}
	return s
}

// pct is the q-quantile of sorted (nearest rank, as the peer harness).
func pct(sorted []time.Duration, q float64) time.Duration {
	i := int(math.Ceil(q*float64(len(sorted)))) - 1
	return sorted[max(0, min(len(sorted)-1, i))]
}

func ms(d time.Duration) float64 { return round3(float64(d) / float64(time.Millisecond)) }

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }
