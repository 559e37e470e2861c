package host

import (
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
)

// UpdateKind says what an Update reports.
type UpdateKind int

const (
	MoveUpdate   UpdateKind = iota // a move was applied
	StatusUpdate                   // the session was paused, resumed, finished or abandoned
)

// Update is what a subscriber learns after each change, already cut to
// what its viewer may know.
type Update struct {
	Kind UpdateKind
	Seq  int         // moves in the log after the change
	Seat engine.Seat // who moved (MoveUpdate), else NoSeat
	// Move is the move, in the mover's own updates only: a move may hold a
	// secret (a card passed face down). Others learn what they may of it
	// from Events and View.
	Move engine.Move
	// Events are what the viewer may see of the move. When every event
	// of the move is public, all subscribers share the same slice: read
	// it, never change it.
	Events []engine.Event
	View   engine.View // a fresh view for the subscriber's viewer
	Status session.Status
	// By is, in a TakeBackUpdate, the seat whose ask or answer made it
	// (the asker when a bot agreed at once); NoSeat otherwise.
	By engine.Seat
	// TakeBack is where take-backs stand, as the viewer may know it.
	TakeBack TakeBackView
}

// DefaultBacklog is how many updates a subscriber may fall behind. One that
// falls further is dropped, its channel closed, rather than slowing the
// table: it can subscribe again and start from the fresh View.
const DefaultBacklog = 64

type subscriber struct {
	viewer engine.Seat
	ch     chan Update
}

// Subscribe returns the updates viewer (a seat or engine.Onlooker) may see,
// starting with the current view, and a function that ends the
// subscription. The channel closes when the session ends or the host closes.
func (s *Session) Subscribe(viewer engine.Seat) (<-chan Update, func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sub := &subscriber{viewer: viewer, ch: make(chan Update, s.host.cfg.Backlog)}
	sub.ch <- Update{Kind: StatusUpdate, Seq: s.seq, Seat: engine.NoSeat, View: s.state.View(viewer), Status: s.status,
		By: engine.NoSeat, TakeBack: s.takeBackViewLocked(viewer)}
	if s.status != session.Active && s.status != session.Paused {
		close(sub.ch)
		return sub.ch, func() {}
	}
	s.subs[sub] = struct{}{}
	return sub.ch, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.unsubscribeLocked(sub)
	}
}

// publish sends u to every subscriber with the events and view its viewer
// may see. s.mu is held, so subscribers get updates in log order.
func (s *Session) publish(u Update, events []engine.Event) {
	u.Status = s.status
	if u.Kind != TakeBackUpdate {
		u.By = engine.NoSeat
	}
	public := allPublic(events)
	for sub := range s.subs {
		v := u
		v.Events = events
		if !public {
			v.Events = engine.EventsFor(events, sub.viewer)
		}
		v.View = s.state.View(sub.viewer)
		v.TakeBack = s.takeBackViewLocked(sub.viewer)
		if sub.viewer != u.Seat {
			v.Move = nil
		}
		select {
		case sub.ch <- v:
		default:
			s.unsubscribeLocked(sub)
		}
	}
}

// allPublic reports whether every viewer may see every event.
func allPublic(events []engine.Event) bool {
	for _, e := range events {
		if e.To != engine.NoSeat {
			return false
		}
	}
	return true
}

func (s *Session) unsubscribeLocked(sub *subscriber) {
	if _, ok := s.subs[sub]; ok {
		delete(s.subs, sub)
		close(sub.ch)
	}
}

func (s *Session) closeSubscribers() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closeSubscribersLocked()
}

func (s *Session) closeSubscribersLocked() {
	for sub := range s.subs {
		s.unsubscribeLocked(sub)
	}
}
