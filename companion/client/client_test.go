package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/kiosk/kiosktest"
	"github.com/tablee/tablee/kiosk/server"
	"github.com/tablee/tablee/proto/tlscert"
	"github.com/tablee/tablee/proto/wire"
)

// These tests run the phone's side against the real kiosk table (SQLite,
// host and server on loopback). fake_test.go keeps the few that need a
// table misbehaving on purpose.

// wait bounds every step of a test: a loopback answer takes milliseconds.
const wait = 5 * time.Second

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	t.Cleanup(cancel)
	return ctx
}

// kiosk is a real table running a game of Canoë for two phones.
func kiosk(t *testing.T) *kiosktest.Table {
	t.Helper()
	return kiosktest.Open(t, canoe.ID, 2)
}

// dialTo connects a client to addr with fast backoff.
func dialTo(t *testing.T, addr, fp string, opts Options) (*Client, *logLines) {
	t.Helper()
	logs := &logLines{}
	opts.Logf = logs.add
	if opts.Backoff == 0 {
		opts.Backoff, opts.MaxBackoff = 10*time.Millisecond, 80*time.Millisecond
	}
	c, err := DialWith(ctxT(t), addr, fp, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c, logs
}

// sit is a client that joined k as name and took its first view.
func sit(t *testing.T, k *kiosktest.Table, name string) (*Client, Welcome, *logLines) {
	t.Helper()
	c, logs := dialTo(t, k.Addr, k.Fingerprint, Options{})
	w, err := c.Join(ctxT(t), k.Code(), name)
	if err != nil {
		t.Fatalf("%s joins: %v", name, err)
	}
	if u := nextUpdate(t, c); u.Version != int64(k.Moves()) {
		t.Fatalf("%s's first view is %d, the table is at %d", name, u.Version, k.Moves())
	}
	return c, w, logs
}

// decode reads an update as Canoë.
func decode(t *testing.T, u Update) engine.View {
	t.Helper()
	v, err := u.Decode(canoe.New())
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// firstLegal is the JSON of the first move v allows.
func firstLegal(t *testing.T, v engine.View) json.RawMessage {
	t.Helper()
	legal := v.Legal()
	if len(legal) == 0 {
		t.Fatalf("no legal move for %v", v.Viewer())
	}
	data, err := json.Marshal(legal[0])
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// play makes c, whose turn it is at the table, play its first legal move
// and returns the resulting update, skipping older views c has not taken.
func play(t *testing.T, k *kiosktest.Table, c *Client) Update {
	t.Helper()
	seat := c.Welcome().Seat
	want := int64(k.Moves() + 1)
	move := firstLegal(t, k.Session().View(seat))
	if err := c.Move(ctxT(t), move); err != nil {
		t.Fatalf("%v moves: %v", seat, err)
	}
	for {
		if u := nextUpdate(t, c); u.Version >= want {
			return u
		}
	}
}

func TestJoinGivesTheSeatAndItsView(t *testing.T) {
	k := kiosk(t)
	c, _ := dialTo(t, k.Addr, k.Fingerprint, Options{})
	w, err := c.Join(ctxT(t), k.Code(), "Anja")
	if err != nil {
		t.Fatal(err)
	}
	if w.Seat != 0 || w.Token == "" || w.Game != canoe.ID || w.Table != kiosktest.Name {
		t.Fatalf("join: %+v", w)
	}
	if c.Welcome() != w {
		t.Errorf("Welcome() = %+v, want %+v", c.Welcome(), w)
	}
	u := nextUpdate(t, c)
	if u.Version != 0 || u.Game != canoe.ID || u.Over {
		t.Errorf("update %d of %q, over %v", u.Version, u.Game, u.Over)
	}
	if v := decode(t, u); v.Viewer() != 0 || v.Turn() != 0 || len(v.Legal()) == 0 {
		t.Errorf("view: viewer %v, turn %v, %d legal moves", v.Viewer(), v.Turn(), len(v.Legal()))
	}
	if st := k.Server().Seats()[0]; st.State != server.SeatConnected || st.Name != "Anja" {
		t.Errorf("the kiosk shows %+v", st)
	}
}

func TestJoinRefusedGivesTheWireError(t *testing.T) {
	k := kiosk(t)
	c, _ := dialTo(t, k.Addr, k.Fingerprint, Options{})
	var we *wire.Error
	if _, err := c.Join(ctxT(t), k.WrongCode(), "Anja"); !errors.As(err, &we) || we.Code != wire.WrongCode {
		t.Fatalf("wrong code: %v, want %s", err, wire.WrongCode)
	}
	// The refusal leaves the connection usable.
	sit(t, k, "A")
	if _, err := c.Join(ctxT(t), k.Code(), "Anja"); err != nil {
		t.Fatalf("right code after a wrong one: %v", err)
	}
	late, _ := dialTo(t, k.Addr, k.Fingerprint, Options{})
	if _, err := late.Join(ctxT(t), k.Code(), "Carl"); !errors.As(err, &we) || we.Code != wire.TableFull {
		t.Fatalf("full table: %v, want %s", err, wire.TableFull)
	}
}

func TestViewsFollowInOrder(t *testing.T) {
	k := kiosk(t)
	a, _, _ := sit(t, k, "Anja")
	b, _, _ := sit(t, k, "Bob")
	players := []*Client{a, b}
	for v := int64(1); v <= 4; v++ {
		mover, other := players[(v-1)%2], players[v%2]
		if u := play(t, k, mover); u.Version != v || u.Ref == "" {
			t.Fatalf("the mover's view %d (ref %q), want %d with its move's ref", u.Version, u.Ref, v)
		}
		if u := nextUpdate(t, other); u.Version != v || u.Ref != "" {
			t.Fatalf("the other's view %d (ref %q), want %d without ref", u.Version, u.Ref, v)
		}
	}
}

// afterAFirstMove seats Anja and Bob at a kiosk and plays Anja's first
// legal move, first; both phones have had its view.
func afterAFirstMove(t *testing.T) (k *kiosktest.Table, a, b *Client, first json.RawMessage) {
	t.Helper()
	k = kiosk(t)
	a, _, _ = sit(t, k, "Anja")
	b, _, _ = sit(t, k, "Bob")
	first = firstLegal(t, k.Session().View(0))
	if err := a.Move(ctxT(t), first); err != nil {
		t.Fatal(err)
	}
	nextUpdate(t, a)
	nextUpdate(t, b)
	return k, a, b, first
}

func TestARefusedMoveReturnsTheRule(t *testing.T) {
	k, a, b, first := afterAFirstMove(t)

	var we *wire.Error
	if err := a.Move(ctxT(t), first); !errors.As(err, &we) || we.Code != wire.NotYourTurn || we.Rule != engine.RuleNotYourTurn {
		t.Fatalf("out of turn: %v", err)
	}
	// Bob places a peg where Anja just did.
	if err := b.Move(ctxT(t), first); !errors.As(err, &we) || we.Code != wire.IllegalMove || we.Rule != canoe.RuleHoleOccupied {
		t.Fatalf("onto a peg: %v (%+v)", err, we)
	}
	if err := b.Move(ctxT(t), json.RawMessage(`{"kind":"jump"}`)); !errors.As(err, &we) || (we.Code != wire.BadMove && we.Code != wire.IllegalMove) {
		t.Fatalf("no such move: %v", err)
	}
	if k.Moves() != 1 {
		t.Errorf("the table is at move %d after refusals, want 1", k.Moves())
	}
	select {
	case u := <-b.Updates():
		t.Errorf("a refused move sent view %d", u.Version)
	default:
	}
}

func TestAMoveIsAnsweredByItsView(t *testing.T) {
	k := kiosk(t)
	a, _, _ := sit(t, k, "Anja")
	b, _, _ := sit(t, k, "Bob")
	for i, c := range []*Client{a, b, a} {
		u := play(t, k, c)
		if u.Version != int64(i+1) || u.Ref == "" {
			t.Fatalf("move %d: update %d, ref %q", i+1, u.Version, u.Ref)
		}
	}
}

func TestReconnectsAndResumesWhenDropped(t *testing.T) {
	k := kiosk(t)
	c, w, logs := sit(t, k, "Anja")
	k.Restart(0)
	if u := nextUpdate(t, c); u.Version != 0 {
		t.Fatalf("view %d after resume", u.Version)
	}
	if got := c.Welcome(); got.Seat != w.Seat || got.Game != w.Game || got.Table != w.Table || got.Token == w.Token || got.Token == "" {
		t.Errorf("welcome after resume %+v, want %+v with a new token", got, w)
	}
	if !logs.has("reconnecting") || !logs.has("resumed seat 0") {
		t.Errorf("log %q", logs.lines)
	}
}

func TestResumesAfterTheTableRestarts(t *testing.T) {
	k := kiosk(t)
	a, _, _ := sit(t, k, "Anja")
	b, _, _ := sit(t, k, "Bob")
	play(t, k, a)
	nextUpdate(t, b)
	code := k.Code()
	k.Restart(300 * time.Millisecond) // several refused attempts meanwhile
	for _, c := range []*Client{a, b} {
		if u := nextUpdate(t, c); u.Version != 1 {
			t.Fatalf("%v: view %d after the restart, want 1", c.Welcome().Seat, u.Version)
		}
	}
	if k.Code() != code {
		t.Errorf("code %s after the restart, was %s", k.Code(), code)
	}
	if u := play(t, k, b); u.Version != 2 {
		t.Fatalf("view %d after a move on the restarted table", u.Version)
	}
	// Views of version 1 may come first: the seats' status changed as
	// the phones came back.
	u := nextUpdate(t, a)
	for u.Version == 1 {
		u = nextUpdate(t, a)
	}
	if u.Version != 2 {
		t.Fatalf("the other's view %d", u.Version)
	}
	if a.Err() != nil || b.Err() != nil {
		t.Fatal(a.Err(), b.Err())
	}
}

func TestACertificateMismatchIsRefused(t *testing.T) {
	k := kiosk(t)
	other := kiosk(t) // another table, another certificate
	if other.Fingerprint == k.Fingerprint {
		t.Fatal("two tables share a certificate")
	}
	_, err := Dial(ctxT(t), k.Addr, other.Fingerprint)
	if !errors.Is(err, tlscert.ErrMismatch) {
		t.Fatalf("dial: %v, want %v", err, tlscert.ErrMismatch)
	}
}

func TestRemovedStopsTheClient(t *testing.T) {
	k := kiosk(t)
	c, _, _ := sit(t, k, "Anja")
	k.Release(0)
	waitDone(t, c)
	var we *wire.Error
	if err := c.Err(); !errors.Is(err, ErrRemoved) || !errors.As(err, &we) || we.Code != wire.BadToken {
		t.Fatalf("Err() = %v", err)
	}
	if _, ok := <-c.Updates(); ok {
		t.Error("updates still open")
	}
	if err := c.Move(ctxT(t), json.RawMessage(`{}`)); !errors.Is(err, ErrRemoved) {
		t.Errorf("move after removal: %v", err)
	}
	// The seat went to the next phone.
	if _, w, _ := sit(t, k, "Bob"); w.Seat != 0 {
		t.Errorf("the next phone got %v", w.Seat)
	}
}

func TestARevokedTokenStopsTheClientOnResume(t *testing.T) {
	k := kiosk(t)
	c, _, logs := sit(t, k, "Anja")
	k.ReleaseWhileDown(0)
	waitDone(t, c)
	var we *wire.Error
	if err := c.Err(); !errors.Is(err, ErrRemoved) || !errors.As(err, &we) || we.Code != wire.BadToken {
		t.Fatalf("Err() = %v", err)
	}
	if !logs.has("no longer holds this seat") {
		t.Errorf("log %q", logs.lines)
	}
}

func TestCloseStopsEverything(t *testing.T) {
	k := kiosk(t)
	c, w, _ := sit(t, k, "Anja")
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	waitDone(t, c)
	if !errors.Is(c.Err(), ErrClosed) {
		t.Errorf("Err() = %v", c.Err())
	}
	if _, err := c.Join(ctxT(t), k.Code(), "A"); !errors.Is(err, ErrClosed) {
		t.Errorf("join after close: %v", err)
	}
	// The seat is kept for the phone: away, and its token resumes it.
	deadline := time.Now().Add(wait)
	for k.Server().Seats()[0].State != server.SeatAway {
		if time.Now().After(deadline) {
			t.Fatalf("the kiosk shows %+v", k.Server().Seats()[0])
		}
		time.Sleep(5 * time.Millisecond)
	}
	again, _ := dialTo(t, k.Addr, k.Fingerprint, Options{})
	if got, err := again.Resume(ctxT(t), w.Token); err != nil || got.Seat != 0 {
		t.Fatalf("resume after close: %+v, %v", got, err)
	}
}

// A kiosk restarting after a crash must have resumed its session before it
// listens, or a phone resuming in between is told its token is bad and
// leaves the table for good. The phone here dials the kiosk directly and
// retries every millisecond, as a phone whose backoff happens to end at
// that moment does.
func TestResumeWhileTheKioskStartsKeepsTheSeat(t *testing.T) {
	k := kiosk(t)
	c, _ := dialTo(t, k.KioskAddr, k.Fingerprint, Options{Backoff: time.Millisecond, MaxBackoff: time.Millisecond})
	if _, err := c.Join(ctxT(t), k.Code(), "Anja"); err != nil {
		t.Fatal(err)
	}
	nextUpdate(t, c)
	for i := 0; i < 20; i++ {
		k.Restart(0)
		if u := nextUpdate(t, c); u.Version != 0 {
			t.Fatalf("restart %d: view %d", i, u.Version)
		}
	}
}

func waitDone(t *testing.T, c *Client) {
	t.Helper()
	select {
	case <-c.Done():
	case <-time.After(wait):
		t.Fatal("the client did not stop")
	}
}

func TestNoGoroutineOutlivesClose(t *testing.T) {
	before := runtime.NumGoroutine()
	k := kiosk(t)
	c, _, _ := sit(t, k, "Anja")
	k.Restart(0)
	nextUpdate(t, c) // resumed
	c.Close()
	k.Close()
	deadline := time.Now().Add(wait)
	for runtime.NumGoroutine() > before {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("%d goroutines, %d before:\n%s", runtime.NumGoroutine(), before, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// nextUpdate is the client's next view.
func nextUpdate(t *testing.T, c *Client) Update {
	t.Helper()
	select {
	case u, ok := <-c.Updates():
		if !ok {
			t.Fatalf("updates closed: %v", c.Err())
		}
		return u
	case <-time.After(wait):
		t.Fatal("no view arrived")
		return Update{}
	}
}

// logLines collects a client's log, safe for its goroutines.
type logLines struct {
	mu    sync.Mutex
	lines []string
}

func (l *logLines) add(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, fmt.Sprintf(format, args...))
}

func (l *logLines) has(part string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, s := range l.lines {
		if strings.Contains(s, part) {
			return true
		}
	}
	return false
}
