// Command tablee is the staff and operations tool of a Tablée kiosk: it lists
// the games, plays bot games to measure the engines and bots, and (with
// --db) reads and maintains the kiosk's database.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"syscall"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/version"
)

// env is what every subcommand works with.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	games          *engine.Registry
}

// command is one subcommand of tablee.
type command struct {
	summary string
	run     func(ctx context.Context, e *env, args []string) error
}

// errUsage marks an error already explained on stderr by the flag package.
var errUsage = errors.New("usage")

func main() {
	// SIGTERM too: systemd stops the hub with it, and a hub ended by the
	// signal's default closes neither its store nor its database.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

func commands() map[string]command {
	cmds := map[string]command{
		"games":    {"list the games, their player counts and options", runGames},
		"simulate": {"play bot games and print statistics", runSimulate},
		"loadtest": {"drive kiosk --headless processes with phones over TLS; print latency and server cost", runLoadtest},
		"venue":    {"run the venue hub that shares sessions between tables (headless)", runVenue},
		"ca":       {"make the venue's certificate authority, which the staff's browsers trust for the consoles", runCA},
	}
	for name, c := range staffCommands() {
		cmds[name] = c
	}
	return cmds
}

// run executes one tablee invocation and returns the process exit code.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	cmds := commands()
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stderr, cmds)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	if args[0] == "--version" || args[0] == "-version" {
		fmt.Fprintln(stdout, version.Line("tablee"))
		return 0
	}
	c, ok := cmds[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "tablee: unknown command %q\n", args[0])
		usage(stderr, cmds)
		return 2
	}
	e := &env{stdin: os.Stdin, stdout: stdout, stderr: stderr, games: catalog.Registry()}
	if err := c.run(ctx, e, args[1:]); err != nil {
		if errors.Is(err, errUsage) || errors.Is(err, flag.ErrHelp) {
			return 2
		}
		fmt.Fprintf(stderr, "tablee %s: %v\n", args[0], err)
		return 1
	}
	return 0
}

func usage(w io.Writer, cmds map[string]command) {
	fmt.Fprintln(w, "usage: tablee COMMAND [flags]   (tablee COMMAND -h for its flags; tablee --version)")
	names := make([]string, 0, len(cmds))
	for n := range cmds {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-12s %s\n", n, cmds[n].summary)
	}
}

// newFlags returns a flag set that reports errors on e.stderr and lets run
// turn them into exit code 2.
func newFlags(e *env, name string) *flag.FlagSet {
	fs := flag.NewFlagSet("tablee "+name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	return fs
}

// parse parses args, turning a flag error into errUsage (already reported)
// and refusing stray arguments.
func parse(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return errUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(fs.Output(), "%s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		return errUsage
	}
	return nil
}
