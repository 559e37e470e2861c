package venue

import (
	"slices"
	"testing"
	"time"
)

// TestHelloStep walks the kiosk's hello loop through each transition:
// from a state, one event at a time of a fake clock, to the next state
// and what the loop does.
func TestHelloStep(t *testing.T) {
	t0 := time.Date(2026, 12, 2, 20, 0, 0, 0, time.UTC)
	boot := t0.Add(-time.Hour)
	at := func(d time.Duration) time.Time { return t0.Add(d) }
	look := func(d time.Duration, up bool, conn uint64) helloEvent {
		return helloEvent{kind: helloLook, at: at(d), up: up, conn: conn}
	}
	answer := func(d time.Duration, boot time.Time) helloEvent {
		return helloEvent{kind: helloAnswered, at: at(d), boot: boot}
	}
	// live is a link up on connection 1 whose hub (started at boot)
	// answered at t0.
	live := helloState{up: true, conn: 1, answered: t0, boot: boot}
	cases := []struct {
		name  string
		from  helloState
		event helloEvent
		to    helloState
		act   helloActions
	}{
		{"down stays down", helloState{}, look(0, false, 0),
			helloState{}, helloActions{next: linkPoll}},
		{"link comes up: a fresh hello", helloState{}, look(0, true, 1),
			helloState{up: true, conn: 1}, helloActions{linkChanged: true, say: true, fresh: true, next: linkPoll}},
		{"a new hub's answer since the link came up: the mirror should flow", helloState{up: true, conn: 1}, answer(time.Second, boot),
			helloState{up: true, conn: 1, answered: at(time.Second), boot: boot}, helloActions{mirror: mirrorLinkUp, next: linkPollUp}},
		{"unanswered since the link came up: look again soon", helloState{up: true, conn: 1}, helloEvent{kind: helloUnanswered, at: at(2 * time.Second)},
			helloState{up: true, conn: 1}, helloActions{next: linkPoll}},
		{"answered a second ago: no hello", live, look(time.Second, true, 1),
			live, helloActions{next: linkPollUp}},
		{"helloEvery later: a hello, not fresh", live, look(helloEvery, true, 1),
			live, helloActions{say: true, next: linkPollUp}},
		{"unanswered for helloGap: a fresh hello", live, look(helloGap+time.Millisecond, true, 1),
			live, helloActions{say: true, fresh: true, next: linkPollUp}},
		{"the staff ask: a hello now", live, helloEvent{kind: helloLook, at: at(time.Second), up: true, conn: 1, asked: true},
			live, helloActions{say: true, next: linkPollUp}},
		{"the staff ask while the link is down: kept for the link", helloState{}, helloEvent{kind: helloLook, at: t0, asked: true},
			helloState{asked: true}, helloActions{next: linkPoll}},
		{"the link comes up after the staff asked: told", helloState{asked: true}, look(0, true, 1),
			helloState{up: true, conn: 1}, helloActions{linkChanged: true, say: true, fresh: true, next: linkPoll}},
		{"link goes down: the answer forgotten", live, look(time.Second, false, 0),
			helloState{boot: boot}, helloActions{linkChanged: true, next: linkPoll}},
		{"another connection between two looks: as fresh as down and up", live, look(time.Second, true, 2),
			helloState{up: true, conn: 2, boot: boot}, helloActions{linkChanged: true, say: true, fresh: true, next: linkPoll}},
		{"an answer on time: nothing for the mirror", live, answer(helloEvery, boot),
			helloState{up: true, conn: 1, answered: at(helloEvery), boot: boot}, helloActions{next: linkPollUp}},
		{"an answer after a gap: the mirror should flow", live, answer(helloEvery+helloSlack+time.Millisecond, boot),
			helloState{up: true, conn: 1, answered: at(helloEvery + helloSlack + time.Millisecond), boot: boot}, helloActions{mirror: mirrorLinkUp, next: linkPollUp}},
		{"another hub answers: the mirror made again", live, answer(helloEvery, boot.Add(time.Minute)),
			helloState{up: true, conn: 1, answered: at(helloEvery), boot: boot.Add(time.Minute)}, helloActions{mirror: mirrorRestarted, next: linkPollUp}},
		{"another hub after a gap: made again, not just looked at", helloState{up: true, conn: 2, boot: boot}, answer(time.Second, boot.Add(time.Minute)),
			helloState{up: true, conn: 2, answered: at(time.Second), boot: boot.Add(time.Minute)}, helloActions{mirror: mirrorRestarted, next: linkPollUp}},
		{"a hub that does not say when it started: its boot kept", live, answer(helloEvery, time.Time{}),
			helloState{up: true, conn: 1, answered: at(helloEvery), boot: boot}, helloActions{next: linkPollUp}},
		{"unanswered while the hub answered before: the state kept", live, helloEvent{kind: helloUnanswered, at: at(helloEvery)},
			live, helloActions{next: linkPollUp}},
	}
	for _, c := range cases {
		s := c.from
		act := s.step(c.event)
		if s != c.to || act != c.act {
			t.Errorf("%s:\n from %+v\n event %+v\n got  %+v, %+v\n want %+v, %+v", c.name, c.from, c.event, s, act, c.to, c.act)
		}
	}
}

// TestHelloStepSequence runs the loop's steps as sayHello does, one look
// a second of a fake clock, over a partition the link did not notice and
// a hub restarted behind it: hellos every look once helloEvery passed
// without an answer, fresh ones once helloGap passed, and the new hub's
// answer has the mirror made again.
func TestHelloStepSequence(t *testing.T) {
	t0 := time.Date(2026, 12, 2, 20, 0, 0, 0, time.UTC)
	boot := t0.Add(-time.Hour)
	var s helloState
	var said string // a hello: h, a fresh one: F
	var news []mirrorNews
	look := func(now time.Time, answered bool, hubBoot time.Time) {
		act := s.step(helloEvent{kind: helloLook, at: now, up: true, conn: 1})
		if !act.say {
			return
		}
		said += map[bool]string{true: "F", false: "h"}[act.fresh]
		if !answered {
			s.step(helloEvent{kind: helloUnanswered, at: now})
			return
		}
		news = append(news, s.step(helloEvent{kind: helloAnswered, at: now, boot: hubBoot}).mirror)
	}
	look(t0, true, boot) // the link comes up and the hub answers
	for i := 1; i <= 15; i++ {
		look(t0.Add(time.Duration(i)*time.Second), false, time.Time{}) // the partition
	}
	look(t0.Add(16*time.Second), true, boot.Add(2*time.Hour)) // the restarted hub answers
	wantSaid := "F" + "hhhhhhhh" + "FFFF"                     // helloEvery 5 s, helloGap 12 s
	wantNews := []mirrorNews{mirrorLinkUp, mirrorRestarted}
	if said != wantSaid || !slices.Equal(news, wantNews) {
		t.Fatalf("hellos %s, mirror news %v; want %s, %v (last state %+v)", said, news, wantSaid, wantNews, s)
	}
}
