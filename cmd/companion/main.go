// Command companion is the phone app of a Tablée table, built for the
// desktop. Without flags it opens a window that lists the tables found over
// mDNS (--iface limits the search to one network interface), joins one and
// shows the seat's hand; given a table's join link (the URL of its QR
// code) as its argument, it opens that table at once:
//
//	companion 'http://192.168.1.20:8080/#c=0427&k=…&p=7457&fp=…' With --headless it plays one seat with
//
// a bot and opens no window:
//
//	companion --headless --table "Table 1" --code 0427 --name Robot --bot default --key robot.key
//
// finds the table over mDNS, joins, plays until the game ends and prints
// the result; --addr HOST:PORT --fingerprint HEX skips discovery. --key
// FILE keeps the player key in FILE (created on first use), so the same
// command run twice is the same player, rated, and prints its record;
// without it the companion plays as a guest. It exits
// 0 when the game ended, 1 when it could not join or play, 2 on bad flags
// and 130 when interrupted.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/companion/headless"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/proto/joinurl"
	"github.com/tablee/tablee/version"
)

// Exit codes.
const (
	exitOK          = 0
	exitFailed      = 1
	exitUsage       = 2
	exitInterrupted = 130
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// options are the command line.
type options struct {
	headless bool
	version  bool
	link     string // a join link to open (window only)
	keyFile  string // --key: where the headless player's key is kept
	cfg      headless.Config
}

func parse(args []string, stderr io.Writer) (options, error) {
	var o options
	fs := flag.NewFlagSet("companion", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.BoolVar(&o.headless, "headless", false, "play one seat with a bot, without a window")
	fs.StringVar(&o.cfg.Table, "table", "", "the table's name, found over mDNS")
	fs.DurationVar(&o.cfg.FindTimeout, "find-timeout", 20*time.Second, "how long to look for the table")
	fs.StringVar(&o.cfg.Addr, "addr", "", "the table's HOST:PORT (with --fingerprint: skips discovery)")
	fs.StringVar(&o.cfg.Fingerprint, "fingerprint", "", "the table certificate's SHA-256, hex")
	fs.StringVar(&o.cfg.Code, "code", "", "the code shown on the table (6 digits), or the table's whole join link (the QR code's URL: then no --table or --addr is needed)")
	fs.StringVar(&o.cfg.Name, "name", "", "the nickname to play under")
	fs.StringVar((*string)(&o.cfg.Bot), "bot", string(engine.LevelDefault), "the bot level: random, easy, mcts or default")
	fs.StringVar(&o.keyFile, "key", "", "with --headless: keep the player key in this file (created on first use) and play rated as that player; without it, play as a guest")
	seed := fs.Uint64("seed", 0, "the bot's seed (0: from the clock)")
	iface := fs.String("iface", "", "look for tables on this network interface only (default: all)")
	fs.BoolVar(&o.version, "version", false, "print the version and exit")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 1 || (fs.NArg() == 1 && o.headless) {
		return o, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if fs.NArg() == 1 {
		o.link = fs.Arg(0)
	}
	if *iface != "" {
		ifi, err := net.InterfaceByName(*iface)
		if err != nil {
			return o, fmt.Errorf("--iface: %w", err)
		}
		o.cfg.Scope.Ifaces = []net.Interface{*ifi}
	}
	o.cfg.Seed = *seed
	if o.cfg.Seed == 0 {
		o.cfg.Seed = uint64(time.Now().UnixNano())
	}
	if !o.headless {
		if o.keyFile != "" {
			return o, errors.New("--key goes with --headless (the app keeps its key in its preferences)")
		}
		return o, nil
	}
	if err := fromLink(&o.cfg); err != nil {
		return o, err
	}
	return o, checkHeadless(o.cfg)
}

// fromLink lets --code be the whole join link of the table's QR code: the
// link carries the address and the fingerprint, so nothing else is
// needed. A plain code is left as it is.
func fromLink(cfg *headless.Config) error {
	if !strings.Contains(cfg.Code, "#") {
		return nil
	}
	info, err := joinurl.Parse(cfg.Code)
	if err != nil {
		return fmt.Errorf("--code: not a table's join link: %w", err)
	}
	cfg.Code = info.Code
	if cfg.Addr == "" && cfg.Table == "" {
		cfg.Addr, cfg.Fingerprint = info.TLSAddr(), info.Fingerprint
	}
	return nil
}

func checkHeadless(cfg headless.Config) error {
	switch {
	case cfg.Code == "" || cfg.Name == "":
		return errors.New("--headless needs --code and --name")
	case (cfg.Addr == "") != (cfg.Fingerprint == ""):
		return errors.New("--addr and --fingerprint go together")
	case cfg.Addr == "" && cfg.Table == "":
		return errors.New("--headless needs --table, or --addr and --fingerprint")
	}
	return nil
}

func run(args []string, stdout, stderr io.Writer) int {
	o, err := parse(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	if err != nil {
		fmt.Fprintf(stderr, "companion: %v\n", err)
		return exitUsage
	}
	if o.version {
		fmt.Fprintln(stdout, version.Line("companion"))
		return exitOK
	}
	if !o.headless {
		return runGUI(o.cfg.Scope, o.link)
	}
	if o.keyFile != "" {
		if o.cfg.Key, err = playerKey(o.keyFile); err != nil {
			fmt.Fprintf(stderr, "companion: %v\n", err)
			return exitFailed
		}
		// Its shelf results are signed with a key kept beside it (0600).
		if o.cfg.Options.Signer, err = client.LoadSigner(o.keyFile + ".sign"); err != nil {
			fmt.Fprintf(stderr, "companion: --key: %v\n", err)
			return exitFailed
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return playHeadless(ctx, o.cfg, stdout, stderr)
}

func playHeadless(ctx context.Context, cfg headless.Config, stdout, stderr io.Writer) int {
	logger := log.New(stderr, "companion: ", log.Ltime)
	cfg.Logf = logger.Printf
	// A headless phone also keeps its seat's score of a shelf game.
	cfg.Games = catalog.Plays()
	out, err := headless.Run(ctx, cfg)
	switch {
	case err != nil && ctx.Err() != nil:
		logger.Print("interrupted; left the table")
		return exitInterrupted
	case err != nil:
		logger.Print(err)
		return exitFailed
	}
	fmt.Fprintln(stdout, resultLine(out))
	if out.Record != nil {
		fmt.Fprintln(stdout, recordLine(out.Record))
	}
	return exitOK
}

func resultLine(o headless.Outcome) string {
	if !o.Known {
		return fmt.Sprintf("result: game over; this game's views do not show the result (%v)", o.Seat)
	}
	r := o.Result
	verdict := "lost"
	switch {
	case r.Won(o.Seat) && len(r.Winners) == 1:
		verdict = "won"
	case r.Won(o.Seat):
		verdict = "shared the win"
	case r.Draw():
		verdict = "draw"
	}
	return fmt.Sprintf("result: winners %v scores %v reason %s (%v %s)", r.Winners, r.Scores, r.Reason, o.Seat, verdict)
}
