// Package idle lets the kiosk's window loop sleep while nothing happens.
//
// Fyne's GLFW driver (2.8) polls events, ticks animations and checks for a
// frame to draw 60 times a second, whether or not anything changed. On a
// table without a GPU every tick costs real CPU, and a café's kiosk
// spends most of its day showing the same attract screen or a table
// waiting for a move. A Loop watches for quiet — no input, no motion, no
// UI work pending, no dialog or focused entry — and then naps on the UI
// goroutine in GLFW's event wait, which stops the 60 Hz loop:
//
//   - a touch (any X input) ends the nap at once: GLFW runs Fyne's input
//     callbacks inside the wait, on the main thread, as it does when
//     polling;
//   - UI work the kiosk posts from other goroutines goes through Do, which
//     posts an empty GLFW event after queueing it, so a phone's move shows
//     at once;
//   - motion (card flights, the turn's pulse) says how long it lasts with
//     Awake before it starts, and the loop stays up until it ends;
//   - anything else (Fyne's own queued work) waits at most one nap,
//     Config.Nap.
//
// The decision (Decide) is apart from the GLFW calls, so that it is tested
// without a display; under fyne/test or without a GLFW window Start does
// nothing and Do is fyne.Do.
package idle

import (
	"sync"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
)

// Defaults of Config.
const (
	// DefaultQuiet is how long after the last input the loop stays up:
	// Fyne's own short-lived motion (a button's tap ripple, the wait for
	// a double tap) ends well within it.
	DefaultQuiet = 2 * time.Second
	// DefaultNap bounds one nap, and so how long work queued without Do
	// may wait for the loop: Fyne's own work from its goroutines (none of
	// which runs on a kiosk left alone), or a change someone forgot to
	// pass through Do. Each nap costs a wake-up of Fyne's loop and of the
	// Go runtime (~3.5 ms of CPU here): 1 s naps measured 0.38 % of a
	// core, 2 s 0.23 %, 4 s 0.14 % (docs/performance.md).
	DefaultNap = 2 * time.Second
	// DefaultSettle is how long the loop runs after a piece of UI work
	// before it may nap again: two frames, so that the change is drawn.
	DefaultSettle = 35 * time.Millisecond
)

// afterNap is when the loop checks again after a nap. The frame tick that
// fell due during the nap is taken first (Fyne's loop finds it ready as
// soon as the nap returns), so one tick runs between two naps: it draws
// whatever Fyne's own queued work changed and keeps its caches alive.
// What woke the nap early keeps the loop up by itself (input, Do).
const afterNap = 5 * time.Millisecond

// Config tunes a Loop; zero fields take the defaults.
type Config struct {
	Quiet, Nap, Settle time.Duration
}

// Decide says whether the loop may nap now, and when not, how long to
// wait before asking again. until is the time the loop must stay up to
// (the last input plus the quiet time, the end of motion); held is true
// while something that animates on its own is up (a dialog, a focused
// entry's cursor); pending is true while UI work is queued.
func Decide(now, until time.Time, held, pending bool, c Config) (nap bool, next time.Duration) {
	c = c.withDefaults()
	switch {
	case pending:
		return false, c.Settle
	case held:
		return false, c.Quiet
	case now.Before(until):
		return false, until.Sub(now)
	}
	return true, 0
}

func (c Config) withDefaults() Config {
	if c.Quiet <= 0 {
		c.Quiet = DefaultQuiet
	}
	if c.Nap <= 0 {
		c.Nap = DefaultNap
	}
	if c.Settle <= 0 {
		c.Settle = DefaultSettle
	}
	return c
}

// Loop naps the window loop while the kiosk is quiet. Its methods are
// safe from any goroutine, except Start and Stop, which run on the UI
// goroutine.
type Loop struct {
	cfg Config
	sys system

	until   atomic.Int64 // UnixNano the loop stays up to
	pending atomic.Int32 // UI work queued by Do and not yet run

	mu   sync.RWMutex // guards live against posting once GLFW is gone
	live bool

	// Touched by the UI goroutine only.
	cancel func() bool // the armed check's
	held   func() bool
}

// system is what a Loop needs of Fyne and GLFW; tests replace it.
type system struct {
	now  func() time.Time
	do   func(func())        // queue on the UI goroutine
	post func()              // wake the UI goroutine from its wait
	wait func(time.Duration) // the nap, on the UI goroutine
	// after runs f on its own goroutine after d; the returned stop
	// cancels it.
	after func(d time.Duration, f func()) (stop func() bool)
}

// New returns a Loop that naps with GLFW once started.
func New(c Config) *Loop {
	return newLoop(c, system{
		now:   time.Now,
		do:    fyne.Do,
		post:  postEmptyEvent,
		wait:  waitEvents,
		after: func(d time.Duration, f func()) func() bool { return time.AfterFunc(d, f).Stop },
	})
}

func newLoop(c Config, s system) *Loop {
	return &Loop{cfg: c.withDefaults(), sys: s}
}

// Start begins watching w for quiet, on the UI goroutine once w is shown
// (Fyne's OnStarted). It returns false, and the loop never naps, when w is
// not a GLFW window (fyne/test, another driver).
func (l *Loop) Start(w fyne.Window) bool {
	if !watchInput(w, l.input) {
		return false
	}
	c := w.Canvas()
	l.start(func() bool { return c.Overlays().Top() != nil || c.Focused() != nil })
	return true
}

// start arms the first check; held reports a dialog or focused entry.
func (l *Loop) start(held func() bool) {
	l.held = held
	l.mu.Lock()
	l.live = true
	l.mu.Unlock()
	l.stayUp(l.cfg.Quiet)
	l.arm(l.cfg.Quiet)
}

// Stop ends the napping for good, on the UI goroutine, before the window
// closes or the app quits: GLFW ends with the loop, and an empty event
// posted after that would be an error.
func (l *Loop) Stop() {
	l.mu.Lock()
	l.live = false
	l.mu.Unlock()
	if l.cancel != nil {
		l.cancel()
	}
}

// Do runs f on the UI goroutine, as fyne.Do does, waking the loop from a
// nap first: the kiosk's updates from other goroutines (a phone's move,
// a timer) go through it so that they show at once.
func (l *Loop) Do(f func()) {
	l.pending.Add(1)
	l.sys.do(func() {
		l.pending.Add(-1)
		l.stayUp(l.cfg.Settle)
		f()
	})
	l.wake()
}

// Awake keeps the loop up for d from now: motion that lasts d is about to
// start. Called on the UI goroutine, where motion starts, it needs no
// wake: the loop is not napping while its own goroutine runs.
func (l *Loop) Awake(d time.Duration) { l.stayUp(d + l.cfg.Settle) }

// input records a touch, a key or a wheel: the loop stays up for the
// quiet time after it.
func (l *Loop) input() { l.stayUp(l.cfg.Quiet) }

// stayUp moves the time the loop stays up to at least now+d.
func (l *Loop) stayUp(d time.Duration) {
	t := l.sys.now().Add(d).UnixNano()
	for {
		old := l.until.Load()
		if old >= t || l.until.CompareAndSwap(old, t) {
			return
		}
	}
}

// wake ends a nap in progress (or the next one, before it begins).
func (l *Loop) wake() {
	l.mu.RLock()
	defer l.mu.RUnlock()
	if l.live {
		l.sys.post()
	}
}

// arm asks for a check after d.
func (l *Loop) arm(d time.Duration) {
	if l.cancel != nil {
		l.cancel()
	}
	l.cancel = l.sys.after(d, func() { l.sys.do(l.check) })
}

// check runs on the UI goroutine: it naps when the kiosk is quiet, else
// asks again when it may be.
//
// Blocking here is the one deliberate wait on the UI goroutine, and safe:
// input ends it (GLFW delivers it to Fyne inside the wait), Do ends it,
// motion never starts during it (motion starts on this goroutine), and it
// lasts at most Config.Nap for anything else. No work queued through Do is
// lost between the check of pending and the wait: Do counts the work
// before it posts, and the posted event stays in GLFW's queue until the
// wait takes it.
func (l *Loop) check() {
	l.mu.RLock()
	live := l.live
	l.mu.RUnlock()
	if !live {
		return
	}
	nap, next := Decide(l.sys.now(), time.Unix(0, l.until.Load()), l.held(), l.pending.Load() > 0, l.cfg)
	if !nap {
		l.arm(next)
		return
	}
	l.sys.wait(l.cfg.Nap)
	l.arm(afterNap)
}
