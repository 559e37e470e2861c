package idle

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

var epoch = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)

func TestDecide(t *testing.T) {
	c := Config{Quiet: 2 * time.Second, Nap: time.Second, Settle: 30 * time.Millisecond}
	for _, tc := range []struct {
		name          string
		until         time.Time
		held, pending bool
		nap           bool
		next          time.Duration
	}{
		{"quiet", epoch.Add(-time.Second), false, false, true, 0},
		{"quiet since this instant", epoch, false, false, true, 0},
		{"input a moment ago", epoch.Add(1500 * time.Millisecond), false, false, false, 1500 * time.Millisecond},
		{"UI work queued", epoch.Add(-time.Second), false, true, false, 30 * time.Millisecond},
		{"a dialog or a focused entry", epoch.Add(-time.Second), true, false, false, 2 * time.Second},
		{"queued work wins over a dialog", epoch.Add(time.Hour), true, true, false, 30 * time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			nap, next := Decide(epoch, tc.until, tc.held, tc.pending, c)
			if nap != tc.nap || next != tc.next {
				t.Errorf("Decide = %v, %v; want %v, %v", nap, next, tc.nap, tc.next)
			}
		})
	}
}

func TestConfigDefaults(t *testing.T) {
	c := Config{}.withDefaults()
	if c.Quiet != DefaultQuiet || c.Nap != DefaultNap || c.Settle != DefaultSettle {
		t.Errorf("defaults = %+v", c)
	}
	if c := (Config{Quiet: time.Second}).withDefaults(); c.Quiet != time.Second {
		t.Errorf("Quiet given = %v, want 1s", c.Quiet)
	}
}

// fake is a Loop's world driven step by step: a clock moved by hand, a UI
// queue run by hand, timers fired by hand, naps recorded.
type fake struct {
	mu     sync.Mutex
	now    time.Time
	queue  []func()
	timers []*fakeTimer
	naps   []time.Duration
	posts  int
	held   bool
	// duringNap runs inside a nap, as GLFW runs input callbacks there.
	duringNap func()
}

type fakeTimer struct {
	at      time.Time
	f       func()
	stopped bool
}

func newFake() *fake { return &fake{now: epoch} }

func (f *fake) system() system {
	return system{
		now: func() time.Time { f.mu.Lock(); defer f.mu.Unlock(); return f.now },
		do:  func(g func()) { f.mu.Lock(); f.queue = append(f.queue, g); f.mu.Unlock() },
		post: func() {
			f.mu.Lock()
			f.posts++
			f.mu.Unlock()
		},
		wait: func(d time.Duration) {
			f.naps = append(f.naps, d)
			if f.duringNap != nil {
				g := f.duringNap
				f.duringNap = nil
				g()
			}
		},
		after: func(d time.Duration, g func()) func() bool {
			f.mu.Lock()
			defer f.mu.Unlock()
			tm := &fakeTimer{at: f.now.Add(d), f: g}
			f.timers = append(f.timers, tm)
			return func() bool { f.mu.Lock(); defer f.mu.Unlock(); was := !tm.stopped; tm.stopped = true; return was }
		},
	}
}

func (f *fake) start(t *testing.T) *Loop {
	t.Helper()
	l := newLoop(Config{Quiet: 2 * time.Second, Nap: time.Second, Settle: 30 * time.Millisecond}, f.system())
	l.start(func() bool { return f.held })
	return l
}

// run runs the UI queue until it is empty.
func (f *fake) run() {
	for {
		f.mu.Lock()
		q := f.queue
		f.queue = nil
		f.mu.Unlock()
		if len(q) == 0 {
			return
		}
		for _, g := range q {
			g()
		}
	}
}

// next moves the clock to the next live timer, fires it and runs the UI
// queue; it returns how far the clock moved.
func (f *fake) next(t *testing.T) time.Duration {
	t.Helper()
	f.mu.Lock()
	var due *fakeTimer
	for _, tm := range f.timers {
		if !tm.stopped && (due == nil || tm.at.Before(due.at)) {
			due = tm
		}
	}
	if due == nil {
		f.mu.Unlock()
		t.Fatal("no timer armed")
	}
	due.stopped = true
	moved := due.at.Sub(f.now)
	f.now = due.at
	f.mu.Unlock()
	due.f()
	f.run()
	return moved
}

func (f *fake) advance(d time.Duration) { f.mu.Lock(); f.now = f.now.Add(d); f.mu.Unlock() }

func (f *fake) armed() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, tm := range f.timers {
		if !tm.stopped {
			n++
		}
	}
	return n
}

func TestAQuietKioskNapsAfterTheQuietTime(t *testing.T) {
	f := newFake()
	f.start(t)
	if moved := f.next(t); moved != 2*time.Second {
		t.Fatalf("first check after %v, want the quiet time 2s", moved)
	}
	if len(f.naps) != 1 || f.naps[0] != time.Second {
		t.Fatalf("naps = %v, want one of 1s", f.naps)
	}
	// Nothing happens: a short check after each nap, then the next nap.
	if moved := f.next(t); moved != afterNap {
		t.Fatalf("check %v after the nap, want %v", moved, afterNap)
	}
	if len(f.naps) != 2 {
		t.Fatalf("naps = %v, want a second one", f.naps)
	}
	if f.armed() != 1 {
		t.Fatalf("%d timers armed, want 1", f.armed())
	}
}

func TestInputKeepsTheLoopUpForTheQuietTime(t *testing.T) {
	f := newFake()
	l := f.start(t)
	f.advance(1500 * time.Millisecond)
	l.input() // a touch 1.5 s in: up until 3.5 s
	if moved := f.next(t); moved != 500*time.Millisecond || len(f.naps) != 0 {
		t.Fatalf("check after %v with naps %v, want at 2s and no nap", moved, f.naps)
	}
	if moved := f.next(t); moved != 1500*time.Millisecond || len(f.naps) != 1 {
		t.Fatalf("check after %v more with naps %v, want a nap 1.5s later", moved, f.naps)
	}
}

func TestATouchDuringANapKeepsTheLoopUp(t *testing.T) {
	f := newFake()
	l := f.start(t)
	f.duringNap = func() { f.advance(300 * time.Millisecond); l.input() }
	f.next(t) // naps, touched 300 ms in
	if len(f.naps) != 1 {
		t.Fatalf("naps = %v", f.naps)
	}
	f.next(t) // the check after the nap
	if len(f.naps) != 1 {
		t.Fatalf("napped again right after a touch: %v", f.naps)
	}
	var up time.Duration
	for len(f.naps) == 1 {
		up += f.next(t)
	}
	if up+afterNap != 2*time.Second {
		t.Errorf("up for %v after the touch, want the quiet time 2s", up+afterNap)
	}
}

func TestDoWakesANapAndTheChangeIsDrawnBeforeTheNext(t *testing.T) {
	f := newFake()
	l := f.start(t)
	var ranAt time.Time
	f.duringNap = func() { l.Do(func() { ranAt = f.now }) } // a phone's move
	f.next(t)
	if f.posts != 1 {
		t.Fatalf("%d empty events posted, want 1 to end the nap", f.posts)
	}
	if ranAt.IsZero() {
		t.Fatal("the change did not run")
	}
	for len(f.naps) == 1 {
		f.next(t)
	}
	if up := f.now.Sub(ranAt); up < 30*time.Millisecond {
		t.Errorf("napped %v after the change ran, want at least the settle time 30ms", up)
	}
}

func TestNoNapWhileAChangeIsQueued(t *testing.T) {
	f := newFake()
	l := f.start(t)
	f.advance(time.Hour)
	l.Do(func() {})
	f.mu.Lock()
	queued := f.queue
	f.queue = nil
	f.mu.Unlock()
	l.check()
	if len(f.naps) != 0 {
		t.Fatalf("napped with a change queued: %v", f.naps)
	}
	for _, g := range queued {
		g()
	}
	// The change ran as the check was put off: the loop naps once the
	// change had its settle time to be drawn, not before.
	if moved := f.next(t); moved != 30*time.Millisecond || len(f.naps) != 1 {
		t.Fatalf("checked %v later with naps %v, want a nap 30ms later", moved, f.naps)
	}
}

func TestAwakeKeepsTheLoopUpThroughMotion(t *testing.T) {
	f := newFake()
	l := f.start(t)
	f.advance(1900 * time.Millisecond)
	l.Awake(7 * time.Second) // the turn's pulse
	var up time.Duration
	for len(f.naps) == 0 {
		up += f.next(t)
	}
	if want := 7*time.Second + 30*time.Millisecond; up != want {
		t.Errorf("napped after %v, want %v (motion and settle)", up, want)
	}
	// Shorter motion later does not shorten what was asked before.
	l.Awake(time.Second)
	l.Awake(100 * time.Millisecond)
	f.next(t)
	up = 0
	for len(f.naps) == 1 {
		up += f.next(t)
	}
	if want := time.Second + 30*time.Millisecond - afterNap; up != want {
		t.Errorf("napped again after %v, want %v", up, want)
	}
}

func TestADialogKeepsTheLoopUp(t *testing.T) {
	f := newFake()
	f.held = true
	f.start(t)
	for range 5 {
		if moved := f.next(t); moved != 2*time.Second {
			t.Fatalf("check after %v, want every quiet time", moved)
		}
	}
	if len(f.naps) != 0 {
		t.Fatalf("napped with a dialog up: %v", f.naps)
	}
	f.held = false
	f.next(t)
	if len(f.naps) != 1 {
		t.Fatalf("no nap once the dialog is gone: %v", f.naps)
	}
}

func TestNoEmptyEventOutsideTheLoopsLife(t *testing.T) {
	f := newFake()
	l := newLoop(Config{}, f.system())
	l.Do(func() {}) // before start: GLFW may not be up
	if f.posts != 0 {
		t.Fatalf("posted %d before start", f.posts)
	}
	l.start(func() bool { return false })
	l.Do(func() {})
	if f.posts != 1 {
		t.Fatalf("posted %d while live, want 1", f.posts)
	}
	l.Stop()
	l.Do(func() {}) // after stop: GLFW is gone
	if f.posts != 1 {
		t.Fatalf("posted after stop: %d", f.posts)
	}
	if f.armed() != 0 {
		t.Fatalf("%d checks still armed after stop", f.armed())
	}
	f.run() // the queued work still runs (Fyne drains its queue)
	l.check()
	if len(f.naps) != 0 {
		t.Fatalf("napped after stop: %v", f.naps)
	}
}

// Work queued from many goroutines is never left waiting in a nap: Do
// counts it before it posts, so the UI goroutine either sees it pending or
// finds the posted event in its wait. The wait here has no timeout: a lost
// wake-up would hang the test.
func TestNoWakeUpIsLost(t *testing.T) {
	var (
		mu     sync.Mutex
		queue  []func()
		tokens = make(chan struct{}, 1<<16) // GLFW's pipe
		clock  atomic.Int64
	)
	s := system{
		// Each reading is an hour later: the loop is always quiet, so it
		// naps whenever nothing is pending.
		now:  func() time.Time { return epoch.Add(time.Duration(clock.Add(1)) * time.Hour) },
		do:   func(g func()) { mu.Lock(); queue = append(queue, g); mu.Unlock() },
		post: func() { tokens <- struct{}{} },
		wait: func(time.Duration) {
			<-tokens
			for len(tokens) > 0 {
				<-tokens
			}
		},
		after: func(time.Duration, func()) func() bool { return func() bool { return true } },
	}
	l := newLoop(Config{}, s)
	l.start(func() bool { return false })
	const senders, each = 8, 200
	var ran atomic.Int32
	var wg sync.WaitGroup
	for range senders {
		wg.Go(func() {
			for range each {
				l.Do(func() { ran.Add(1) })
			}
		})
	}
	for ran.Load() < senders*each {
		mu.Lock()
		q := queue
		queue = nil
		mu.Unlock()
		for _, g := range q {
			g()
		}
		if ran.Load() == senders*each {
			break // all ran: no one will post again
		}
		l.check()
	}
	wg.Wait()
}
