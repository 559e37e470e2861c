package venue

import "time"

// helloState is what a kiosk's hello loop (Kiosk.sayHello) remembers
// between its looks at the link to the hub. Its step function is the
// loop's every decision, on times the loop reads from the kiosk's clock:
// the loop itself only looks, asks and acts.
type helloState struct {
	up       bool      // the link was up at the last look
	conn     uint64    // which connection it was (Kiosk.link)
	answered time.Time // when the hub last answered, zero since the link came up
	boot     time.Time // when the hub that answered last started
	asked    bool      // the staff screen asked for news, not told yet
}

// helloEventKind is what happened to the hello loop.
type helloEventKind int

const (
	// helloLook: the loop woke (its timer, or the staff screen asking)
	// and looked at the link.
	helloLook helloEventKind = iota
	// helloAnswered: the hub answered the hello the last step said.
	helloAnswered
	// helloUnanswered: it did not (no answer in time, nobody listening,
	// an error).
	helloUnanswered
)

// helloEvent is one event of the hello loop, at a time of the kiosk's
// clock.
type helloEvent struct {
	kind helloEventKind
	at   time.Time
	// up and conn are the link as a look saw it (helloLook).
	up   bool
	conn uint64
	// asked: the staff screen woke the loop (helloLook).
	asked bool
	// boot is when the answering hub started, zero if it does not say
	// (helloAnswered).
	boot time.Time
}

// mirrorNews is what a hello's answer tells the kiosk's mirror watchdog
// (Kiosk.watch).
type mirrorNews int

const (
	mirrorNothing   mirrorNews = iota // an answer on time: nothing to look at
	mirrorLinkUp                      // the link carries traffic again: the mirror should flow (Kiosk.linkUp)
	mirrorRestarted                   // another hub answers: the mirror must be made again (Kiosk.hubRestarted)
)

// helloActions is what the loop does after a step.
type helloActions struct {
	// linkChanged: the link went up or down, or is another connection;
	// the last answer says nothing of it now.
	linkChanged bool
	// say: say hello now; fresh marks it for the hub as the first after
	// the link came up or after the hub stopped answering.
	say, fresh bool
	// mirror is what to tell the mirror's watchdog.
	mirror mirrorNews
	// next is how long to sleep before the next look.
	next time.Duration
}

// step takes event e into the state and says what to do.
func (s *helloState) step(e helloEvent) helloActions {
	var act helloActions
	switch e.kind {
	case helloLook:
		// A link that dropped and came back between two looks is
		// another connection (a hub restarted within a second): as
		// fresh as one seen down, so the hub hears at once of the
		// kiosk, whose source it resumes, and the kiosk of the new hub,
		// whose mirror it makes again, instead of at the next hello.
		if e.up != s.up || e.conn != s.conn {
			// Whatever answered before the link went down or came back
			// says nothing of it now: the watchdog waits for the hub's
			// next answer before making the mirror again (hubAlive).
			act.linkChanged = true
			s.answered = time.Time{}
		}
		s.up, s.conn = e.up, e.conn
		s.asked = s.asked || e.asked
		if s.up && (s.asked || e.at.Sub(s.answered) >= helloEvery) {
			s.asked = false
			// Fresh: the link just came up, or the hub has not answered
			// for two hellos (a partition the link did not notice): the
			// hub restarts this kiosk's source, and the mirror is
			// looked at soon after.
			act.say = true
			act.fresh = s.answered.IsZero() || e.at.Sub(s.answered) > helloGap
		}
	case helloAnswered:
		// A gap: the link just came up, or hellos went unanswered (a
		// partition the link may not have noticed).
		gap := s.answered.IsZero() || e.at.Sub(s.answered) > helloEvery+helloSlack
		s.answered = e.at
		switch {
		case !s.boot.IsZero() && !e.boot.IsZero() && !e.boot.Equal(s.boot):
			// A new hub: the mirror's consumer died with the old one.
			act.mirror = mirrorRestarted
		case gap:
			// The link carries traffic again: the mirror should flow (a
			// mirror made again during a partition the link did not
			// notice waits out its request). After an answer on time
			// there is nothing to look at: looking costs a request of
			// the stream's info.
			act.mirror = mirrorLinkUp
		}
		if !e.boot.IsZero() {
			s.boot = e.boot
		}
	}
	act.next = s.wait()
	return act
}

// wait is how long the loop sleeps before its next look. Looking often
// matters while the link is down or unanswered; once the hub answers, a
// link that dropped and came back between two looks is caught by the hub
// (a hello after a gap, onHello) and the watchdogs.
func (s *helloState) wait() time.Duration {
	if s.up && !s.answered.IsZero() {
		return linkPollUp
	}
	return linkPoll
}
