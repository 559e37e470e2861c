package headless

import (
	"context"
	"errors"
	"net"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/kiosk/kiosktest"
	"github.com/tablee/tablee/kiosk/table"
	"github.com/tablee/tablee/proto/discovery"
	"github.com/tablee/tablee/proto/tlscert"
	"github.com/tablee/tablee/proto/wire"
)

// kiosk is a real table running a game of Canoë for two phones.
func kiosk(t *testing.T) *kiosktest.Table {
	t.Helper()
	return kiosktest.Open(t, canoe.ID, 2)
}

func config(tb *kiosktest.Table, name string, seed uint64) Config {
	return Config{
		Addr: tb.Addr, Fingerprint: tb.Fingerprint,
		Code: tb.Code(), Name: name, Bot: engine.LevelDefault, Seed: seed,
		Games:   catalog.Registry(),
		Options: client.Options{Backoff: 10 * time.Millisecond, MaxBackoff: 50 * time.Millisecond},
	}
}

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// playBoth seats two headless players and waits for both to finish.
func playBoth(t *testing.T, tb *kiosktest.Table, during func()) [2]Outcome {
	t.Helper()
	var (
		wg   sync.WaitGroup
		outs [2]Outcome
		errs [2]error
	)
	for i, name := range []string{"Anja", "Bob"} {
		wg.Add(1)
		cfg := config(tb, name, uint64(i+1))
		cfg.Logf = t.Logf
		go func() {
			defer wg.Done()
			outs[i], errs[i] = Run(ctxT(t), cfg)
		}()
	}
	if during != nil {
		during()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("player %d: %v", i, err)
		}
	}
	return outs
}

func TestTwoBotsPlayAGameToTheEnd(t *testing.T) {
	tb := kiosk(t)
	outs := playBoth(t, tb, nil)
	checkOutcomes(t, tb, outs)
}

func TestPlayersResumeAfterTheTableRestarts(t *testing.T) {
	tb := kiosk(t)
	var restarts []int
	outs := playBoth(t, tb, func() {
		// Restart the kiosk once the game has reached each of these moves,
		// while the players play on.
		for _, at := range []int{3, 4, 9} {
			for {
				if _, over := tb.Result(); over {
					return
				}
				if tb.Moves() >= at {
					break
				}
				time.Sleep(time.Millisecond)
			}
			restarts = append(restarts, tb.Moves())
			tb.Restart(0)
		}
	})
	checkOutcomes(t, tb, outs)
	if len(restarts) < 2 {
		t.Errorf("the game ended before the restarts, after %v", restarts)
	}
	t.Logf("restarted at moves %v", restarts)
}

func checkOutcomes(t *testing.T, tb *kiosktest.Table, outs [2]Outcome) {
	t.Helper()
	want, over := tb.Result()
	if !over {
		t.Fatal("the players stopped before the game ended")
	}
	seats := map[engine.Seat]bool{}
	for _, o := range outs {
		seats[o.Seat] = true
		if !o.Known || !reflect.DeepEqual(o.Result, want) {
			t.Errorf("%v saw %+v (known %v), the table %+v", o.Seat, o.Result, o.Known, want)
		}
	}
	if !seats[0] || !seats[1] {
		t.Errorf("seats %v", seats)
	}
}

func TestJoiningCanFail(t *testing.T) {
	tb := kiosk(t)
	wrong := config(tb, "Anja", 1)
	wrong.Code = tb.WrongCode()
	var we *wire.Error
	if _, err := Run(ctxT(t), wrong); !errors.As(err, &we) || we.Code != wire.WrongCode {
		t.Errorf("wrong code: %v", err)
	}

	spoofed := config(tb, "Anja", 1)
	spoofed.Fingerprint = kiosk(t).Fingerprint // another table's certificate
	if _, err := Run(ctxT(t), spoofed); !errors.Is(err, tlscert.ErrMismatch) {
		t.Errorf("another certificate: %v", err)
	}

	// Two seats taken by clients that stay, then a third phone.
	for _, name := range []string{"A", "B"} {
		c, err := client.Dial(ctxT(t), tb.Addr, tb.Fingerprint)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if _, err := c.Join(ctxT(t), tb.Code(), name); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Run(ctxT(t), config(tb, "C", 1)); !errors.As(err, &we) || we.Code != wire.TableFull {
		t.Errorf("full table: %v", err)
	}
}

func TestCancelStopsThePlayer(t *testing.T) {
	tb := kiosk(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	joined := make(chan struct{})
	var once sync.Once
	cfg := config(tb, "Anja", 1)
	cfg.Logf = func(format string, args ...any) {
		if strings.HasPrefix(format, "joined ") {
			once.Do(func() { close(joined) })
		}
	}
	go func() {
		_, err := Run(ctx, cfg) // alone: waits for an opponent forever
		done <- err
	}()
	// Cancel once the player sits and waits, not before it even dialled.
	select {
	case <-joined:
	case err := <-done:
		t.Fatalf("the player stopped before it was cancelled: %v", err)
	}
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("got %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the player did not stop")
	}
}

// loopback is mDNS kept on this machine: zeroconf on lo.
func loopback(t *testing.T) discovery.Scope {
	lo, err := net.InterfaceByName("lo")
	if err != nil {
		t.Skipf("no loopback interface: %v", err)
	}
	return discovery.Scope{Ifaces: []net.Interface{*lo}, IPs: []string{"127.0.0.1"}}
}

func TestFindsTheTableByName(t *testing.T) {
	scope := loopback(t)
	probe, err := discovery.Advertise(discovery.Kiosk{Name: "Probe", Proto: wire.Version}, 9, scope)
	if err != nil {
		t.Skipf("mDNS on loopback unavailable here: %v", err)
	}
	probe.Close()
	// The kiosk advertises itself; the player finds it without the relay.
	tb := kiosktest.OpenWith(t, table.Config{Name: "Table Test", MDNS: true, MDNSScope: scope}, canoe.ID, 2)

	cfg := config(tb, "Anja", 1)
	cfg.Addr, cfg.Fingerprint = "", ""
	cfg.Table, cfg.FindTimeout, cfg.Scope = "Table Test", 10*time.Second, discovery.Scope{Ifaces: scope.Ifaces}
	var logs []string
	var mu sync.Mutex
	cfg.Logf = func(f string, a ...any) { mu.Lock(); logs = append(logs, f); mu.Unlock() }
	ctx, cancel := context.WithCancel(ctxT(t))
	done := make(chan error, 1)
	go func() { _, err := Run(ctx, cfg); done <- err }()
	deadline := time.After(15 * time.Second)
	for joined := false; !joined; {
		select {
		case err := <-done:
			t.Fatalf("stopped: %v", err)
		case <-deadline:
			t.Fatalf("not joined; log %q", logs)
		case <-time.After(20 * time.Millisecond):
		}
		mu.Lock()
		for _, l := range logs {
			joined = joined || strings.HasPrefix(l, "joined")
		}
		mu.Unlock()
	}
	cancel()
	<-done

	cfg.Table, cfg.FindTimeout = "No Such Table", time.Second
	if _, err := Run(ctxT(t), cfg); err == nil || !strings.Contains(err.Error(), "not found") {
		t.Errorf("a missing table: %v", err)
	}
}

func TestDialsTheFirstAddressThatAnswers(t *testing.T) {
	tb := kiosk(t)
	dead, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	deadAddr := dead.Addr().String()
	dead.Close() // nothing listens there now
	c, err := dialAny(ctxT(t), []string{deadAddr, tb.Addr}, tb.Fingerprint, config(tb, "Anja", 1))
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
	if _, err := dialAny(ctxT(t), []string{deadAddr}, tb.Fingerprint, config(tb, "Anja", 1)); err == nil {
		t.Error("dialled a closed port")
	}
}
