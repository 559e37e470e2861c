package board

import (
	"time"

	"fyne.io/fyne/v2"

	"github.com/tablee/tablee/kiosk/board/geom"
)

// card is something drawn of several objects that moves as one: a card.
type card interface {
	// moveTo puts the card's top-left corner at p, all its parts with it.
	moveTo(p fyne.Position)
}

// flights moves cards across a board. Each flight lasts moveTime and is a
// Fyne animation started on the UI goroutine: it never holds up a tap (taps
// read the board's model, not where a card happens to be drawn) and stops
// by itself, so the frame loop sleeps again. A card has one flight at a
// time: a new one first finishes the old.
type flights struct {
	still  bool
	awake  func(time.Duration)
	flying map[card]*flight
	// started lists the flights begun since begin, for tests.
	started []flight
}

type flight struct {
	c        card
	from, to fyne.Position
	anim     *fyne.Animation
	landed   func()
}

// awake is told how long a flight lasts before it starts (Env.awake).
func newFlights(still bool, awake func(time.Duration)) *flights {
	return &flights{still: still, awake: awake, flying: map[card]*flight{}}
}

// begin starts a new list of flights started.
func (fs *flights) begin() { fs.started = fs.started[:0] }

// fly moves c from from to to, then calls landed (which may be nil). With
// motion off, or nowhere to go, c is put at to and has landed at once.
func (fs *flights) fly(c card, from, to fyne.Position, landed func()) {
	fs.land(c)
	if fs.still || from == to {
		c.moveTo(to)
		if landed != nil {
			landed()
		}
		return
	}
	f := &flight{c: c, from: from, to: to, landed: landed}
	c.moveTo(from)
	f.anim = fyne.NewAnimation(moveTime, func(done float32) {
		c.moveTo(geom.Between(from, to, done))
		if done >= 1 && fs.flying[c] == f {
			fs.land(c)
		}
	})
	f.anim.Curve = fyne.AnimationEaseOut
	fs.awake(moveTime)
	fs.flying[c] = f
	fs.started = append(fs.started, *f)
	f.anim.Start()
}

// land ends c's flight, if it has one, with c where it was going.
func (fs *flights) land(c card) {
	f := fs.flying[c]
	if f == nil {
		return
	}
	delete(fs.flying, c)
	f.anim.Stop()
	c.moveTo(f.to)
	if f.landed != nil {
		f.landed()
	}
}

// busy reports whether c is flying.
func (fs *flights) busy(c card) bool { return fs.flying[c] != nil }

// side is where seat sits round the table, out of seats.
func (e Env) side(seat, seats int) geom.Slot {
	if seat >= 0 && seat < len(e.Slots) {
		return e.Slots[seat]
	}
	if d := geom.DefaultSlots(seats); seat >= 0 && seat < len(d) {
		return d[seat]
	}
	return geom.Slot{Side: geom.Bottom, Along: 0.5}
}
