// Command kiosk is the table app: it runs the table host, lets phones join
// over the network and shows the shared board on the table's touch screen.
//
// With --headless it shows nothing: it starts (or resumes) a session, prints
// one line "code=NNNNNN addr=HOST:PORT fingerprint=HEX web=URL
// console=https://HOST:PORT/" once it listens
// (again whenever the table code changes; the last line is current; more
// key=value fields may follow), and serves the phones; tests and load
// runs use it. Restarted after a kill that came right after the final
// move, it serves that game's results to the phones that resume before
// it starts its --game again; a clean stop after the end lets the phones
// go.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"runtime/pprof"
	"syscall"
	"time"

	"github.com/tablee/tablee/console"
	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine/bot"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/kiosk/server"
	"github.com/tablee/tablee/kiosk/table"
	"github.com/tablee/tablee/kiosk/web"
	"github.com/tablee/tablee/scoresheet"
	"github.com/tablee/tablee/version"
)

type options struct {
	headless     bool
	fullscreen   bool
	cfg          table.Config
	game         string
	seats        int
	bots         string
	gameOptions  string
	title        string // headless: a title of the shelf, played on its score sheet
	exitWhenOver bool
	version      bool
	cpuProfile   string    // headless: write a CPU profile of the run here
	nameSet      bool      // --name given: it wins over the name the staff stored
	started      time.Time // when the process started, for the start-up time logged
	pprof        string    // debugging: serve Go's profiles there
	botDelaySet  bool      // --bot-delay given
	venue        venueFlags
}

// windowBotDelay is how long a bot waits before its move on the table's
// screen: a bot answering at once would leave the guests no time to see
// the move before it (a card played, a piece moved) or to follow its own.
const windowBotDelay = 800 * time.Millisecond

func parseFlags(args []string, stderr io.Writer) (options, error) {
	var o options
	fs := flag.NewFlagSet("kiosk", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.BoolVar(&o.headless, "headless", false, "run without a window (tests, load runs)")
	fs.BoolVar(&o.fullscreen, "fullscreen", false, "fill the screen (the table's touch screen)")
	fs.StringVar(&o.cfg.DBPath, "db", "", "the database file (default: tablee/tablee.db in the XDG data home)")
	fs.StringVar(&o.cfg.DataDir, "data", "", "where the certificate and seat files live (default: beside the database)")
	fs.StringVar(&o.cfg.Name, "name", "Table 1", "the table's name, shown to guests")
	fs.StringVar(&o.cfg.Addr, "addr", fmt.Sprintf(":%d", table.DefaultPort), "the address to listen on")
	fs.StringVar(&o.cfg.WebAddr, "web-addr", "", fmt.Sprintf("the web companion's HTTP address (default :%d; with an --addr on port 0, port 0 too)", web.DefaultPort))
	fs.StringVar(&o.cfg.ConsoleAddr, "console-addr", "", fmt.Sprintf("the staff console's HTTPS address (default :%d; with an --addr on port 0, port 0 too)", console.DefaultPort))
	fs.BoolVar(&o.cfg.MDNS, "mdns", true, "advertise the table over mDNS")
	fs.StringVar(&o.game, "game", "", "headless: the game to start unless a session is resumed")
	fs.IntVar(&o.seats, "seats", 0, "headless: seats of the new session (default: the game's minimum)")
	fs.StringVar(&o.bots, "bots", "", "headless: bot levels for the last seats, comma-separated (e.g. default,random)")
	fs.StringVar(&o.gameOptions, "options", "", "headless: game options as key=value,...")
	fs.StringVar(&o.title, "title", "", "headless: a game from the shelf to keep the score of, by its title's id or exact name (instead of --game)")
	fs.BoolVar(&o.exitWhenOver, "exit-when-over", false, "headless: exit once the session ends")
	fs.BoolVar(&o.version, "version", false, "print the version and exit")
	fs.StringVar(&o.cpuProfile, "cpuprofile", "", "headless: write a CPU profile (go tool pprof) to this file until the kiosk stops")
	fs.Float64Var(&o.cfg.PhoneRate, "phone-rate", 0, fmt.Sprintf("messages per second one phone may send after its burst (default %d; load runs raise it)", server.DefaultMsgRate))
	fs.DurationVar(&o.cfg.BotDelay, "bot-delay", 0, fmt.Sprintf("how long a bot waits before moving (default %v with a window, 0 headless)", windowBotDelay))
	fs.DurationVar(&o.cfg.BotBudget, "bot-budget", bot.DefaultBudget, "how long a bot may think over one move")
	fs.StringVar(&o.pprof, "pprof", "", "debugging: serve Go's profiles on this address (e.g. 127.0.0.1:6060); off by default")
	fs.StringVar(&o.venue.addr, "venue", "", "join the venue whose hub listens there, HOST:PORT (remembered; with --venue-code and --venue-fingerprint)")
	fs.StringVar(&o.venue.code, "venue-code", "", "a one-time pairing code the hub made (its console, or tablee venue --new-code)")
	fs.StringVar(&o.venue.pairAddr, "venue-pair", "", "with --venue: the hub's pairing address, HOST:PORT, as tablee venue prints it (pair=; default: --venue's host, port 7463)")
	fs.StringVar(&o.venue.fingerprint, "venue-fingerprint", "", "the venue hub's certificate fingerprint, as tablee venue prints it")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if _, _, err := o.venue.pairing(); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if o.title != "" && (o.game != "" || o.gameOptions != "") {
		return o, fmt.Errorf("--title plays a shelf game on its score sheet: give --game and --options, or --title")
	}
	if o.cfg.BotBudget <= 0 {
		return o, fmt.Errorf("--bot-budget must be positive, not %v", o.cfg.BotBudget)
	}
	fs.Visit(func(f *flag.Flag) {
		o.nameSet = o.nameSet || f.Name == "name"
		o.botDelaySet = o.botDelaySet || f.Name == "bot-delay"
	})
	if !o.headless && !o.botDelaySet {
		o.cfg.BotDelay = windowBotDelay
	}
	return o, nil
}

func main() {
	started := time.Now()
	o, err := parseFlags(os.Args[1:], os.Stderr)
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "kiosk:", err)
		}
		os.Exit(2)
	}
	if o.version {
		fmt.Println(version.Line("kiosk"))
		return
	}
	o.started = started
	if o.pprof != "" {
		if err := servePprof(o.pprof); err != nil {
			fmt.Fprintln(os.Stderr, "kiosk: --pprof:", err)
			os.Exit(2)
		}
	}
	// The score sheets: the ready ones, the staff's from the database
	// (the table loads them), and those they save in the console. A table
	// keeps the score of shelf games too: its registry has the score
	// sheet besides the four (the window's lobby leaves it out).
	o.cfg.Sheets = scoresheet.Ready()
	o.cfg.Games = catalog.PlaysWith(o.cfg.Sheets)
	if !o.nameSet {
		o.cfg.Name = storedName(o.cfg.DBPath, o.cfg.Name)
	}
	if o.headless {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		if err := runProfiled(o.cpuProfile, func() error { return runHeadless(ctx, o, os.Stdout) }); err != nil {
			fmt.Fprintln(os.Stderr, "kiosk:", err)
			os.Exit(1)
		}
		return
	}
	if shoot != nil && os.Getenv("TABLEE_SHOT") != "" {
		if err := shoot(o, os.Getenv("TABLEE_SHOT")); err != nil {
			fmt.Fprintln(os.Stderr, "kiosk:", err)
			os.Exit(1)
		}
		return
	}
	settleMemory()
	if err := runWindow(o, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "kiosk:", err)
		os.Exit(1)
	}
}

// settleMemory tunes the Go runtime for a window that idles most of the
// day. The live heap is mostly the fonts' tables, which stay: a lower GC
// target keeps less garbage beside them, and once start-up's garbage is
// collected the freed pages go back to the system instead of staying
// resident until the scavenger finds them. Neither wakes an idle kiosk: the
// heap barely grows while nothing happens, and the timer fires once.
func settleMemory() {
	debug.SetGCPercent(50)
	time.AfterFunc(startupSettles, debug.FreeOSMemory)
}

// startupSettles is how long after start the window has drawn its first
// screens and start-up's garbage can be returned.
const startupSettles = 15 * time.Second

// storedName is the table name the staff set with tablee table-name, or
// def when none was set (or the database is not there yet).
func storedName(path, def string) string {
	if path == "" {
		p, err := db.DefaultPath()
		if err != nil {
			return def
		}
		path = p
	}
	if _, err := os.Stat(path); err != nil {
		return def
	}
	d, err := db.Open(context.Background(), path)
	if err != nil {
		return def
	}
	defer d.Close()
	if n, err := d.TableName(context.Background()); err == nil && n != "" {
		return n
	}
	return def
}

// shoot is the screenshot build's entry (shots.go, -tags screenshots);
// nil in the kiosk people run.
var shoot func(o options, screen string) error

// runProfiled runs f, recording a CPU profile into path while it runs
// when path is set (profiling the kiosk under tablee loadtest).
func runProfiled(path string, f func() error) error {
	if path == "" {
		return f()
	}
	out, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("cpu profile: %w", err)
	}
	if err := pprof.StartCPUProfile(out); err != nil {
		out.Close()
		return fmt.Errorf("cpu profile: %w", err)
	}
	runErr := f()
	pprof.StopCPUProfile()
	if err := out.Close(); err != nil && runErr == nil {
		runErr = fmt.Errorf("cpu profile: %w", err)
	}
	return runErr
}
