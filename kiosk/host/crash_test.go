package host

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/session"
)

const crashEnv = "TABLEE_CRASH_CHILD_DB"

// TestCrashChild is the child of TestCrashResume: it plays a game of Canyon
// (hidden hands, a deck) through the host and prints "ack N" once move N has
// been announced, which the host does only after saving it.
func TestCrashChild(t *testing.T) {
	path := os.Getenv(crashEnv)
	if path == "" {
		t.Skip("run by TestCrashResume")
	}
	ctx := context.Background()
	d, err := db.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	seed, _ := strconv.ParseUint(os.Getenv(crashEnv+"_SEED"), 10, 64)
	// The game's seed too comes from the parent, so a round can be replayed.
	h, err := New(Config{Store: d, Games: catalog.Registry(), Backlog: 10_000,
		NewSeed: func() uint64 { return seed }})
	if err != nil {
		t.Fatal(err)
	}
	tb, err := d.EnsureTable(ctx, "crash")
	if err != nil {
		t.Fatal(err)
	}
	s, err := h.Start(ctx, StartRequest{TableID: tb.ID, Game: "canyon",
		Seats: []session.Seat{GuestSeat("a"), BotSeat("random"), GuestSeat("c"), GuestSeat("d")}})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("session %s\n", s.ID())
	ch, _ := s.Subscribe(engine.Onlooker)
	acked := make(chan struct{})
	go func() {
		defer close(acked)
		for u := range ch {
			if u.Kind == MoveUpdate {
				fmt.Printf("ack %d\n", u.Seq) // stdout is unbuffered: the parent sees it at once
			}
		}
	}()
	rng := engine.NewRNG(seed, 0)
	playOut(ctx, t, s, &rng)
	<-acked
	fmt.Println("over")
}

// crashSeedEnv replays a run of TestCrashResume: the seed it logged.
const crashSeedEnv = "TABLEE_CRASH_SEED"

// TestCrashResume kills a child playing through the host at random moments
// (SIGKILL, no chance to clean up) and checks that every move it announced
// is in the log and that the game resumes in exactly the state the log
// describes. It logs its seed, and each round's game seed and kill point,
// so that a failure can be replayed (TABLEE_CRASH_SEED=… go test -run
// TestCrashResume -v ./kiosk/host).
func TestCrashResume(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns 20 processes")
	}
	rounds := 20
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv(crashSeedEnv); s != "" {
		var err error
		if seed, err = strconv.ParseUint(s, 10, 64); err != nil {
			t.Fatalf("%s=%q: %v", crashSeedEnv, s, err)
		}
	}
	t.Logf("seed %d (replay: %s=%d)", seed, crashSeedEnv, seed)
	r := rand.New(rand.NewPCG(seed, 1))
	start := time.Now()
	for i := 0; i < rounds; i++ {
		killAt := 1 + r.IntN(350)
		gameSeed := seed + uint64(i)
		t.Logf("round %d: game seed %d, killed after announcing move %d", i, gameSeed, killAt)
		path := filepath.Join(t.TempDir(), "crash.db")
		session, acked := runChild(t, path, killAt, gameSeed)
		checkResume(t, path, session, acked)
	}
	t.Logf("%d kills in %v", rounds, time.Since(start))
}

// runChild starts the child on path and SIGKILLs it once it has
// acknowledged killAt moves; it returns the session id and the last ack seen.
func runChild(t *testing.T, path string, killAt int, seed uint64) (string, int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), crashEnv+"="+path, fmt.Sprintf("%s_SEED=%d", crashEnv, seed))
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var session string
	acked := 0
	lines := bufio.NewScanner(out)
	for lines.Scan() {
		line := lines.Text()
		if id, ok := strings.CutPrefix(line, "session "); ok {
			session = id
		}
		if n, ok := strings.CutPrefix(line, "ack "); ok {
			acked, _ = strconv.Atoi(n)
			if acked >= killAt {
				cmd.Process.Signal(syscall.SIGKILL)
				break
			}
		}
	}
	cmd.Wait() // killed, or the game ended first
	if session == "" {
		t.Fatal("the child never started a session")
	}
	return session, acked
}

func checkResume(t *testing.T, path, id string, acked int) {
	t.Helper()
	ctx := context.Background()
	d, err := db.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	moves, err := d.Moves(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(moves) < acked {
		t.Fatalf("move %d was acknowledged, the log has %d", acked, len(moves))
	}
	rec, err := d.Session(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	// An independent replay of the log, as the staff CLI would do it.
	rules, _ := catalog.Registry().Get(rec.Game)
	var log []engine.Record
	for _, m := range moves {
		r, err := engine.DecodeMove(rules, m.JSON)
		if err != nil {
			t.Fatal(err)
		}
		log = append(log, r)
	}
	replayed, err := engine.Replay(rules, engine.Setup{Seats: len(rec.Seats), Options: rec.Options, Seed: rec.Seed}, log)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(moves); n > 0 && replayed.Hash() != moves[n-1].StateHash {
		t.Fatalf("replay of %d moves gives %s, the log says %s", n, replayed.Hash(), moves[n-1].StateHash)
	}
	if rec.Status == session.Active {
		// Paused, the bot will not move before the resumed state is compared.
		if err := d.SetStatus(ctx, id, session.Paused, "crash test", time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	h := hostOn(t, d)
	defer h.Close()
	live, err := h.Recover(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Status == session.Finished {
		return
	}
	s, ok := h.Session(id)
	if !ok {
		// The last move ended the game before the results were written:
		// Recover finished it.
		if rec, _ := d.Session(ctx, id); rec.Status != session.Finished || len(live) != 0 {
			t.Fatalf("session %s not resumed, status %s", id, rec.Status)
		}
		return
	}
	if s.Hash() != replayed.Hash() || s.Moves() != len(moves) {
		t.Fatalf("resumed at move %d with hash %s; the log has %d moves and replays to %s",
			s.Moves(), s.Hash(), len(moves), replayed.Hash())
	}
}
