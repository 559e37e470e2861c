package venue

import (
	"context"
	"errors"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// watch makes the mirror once the hub answers, and again when the hub
// restarted or the mirror stalled while the link to the hub is up. A
// mirror whose consumer request went out while the hub was away waits
// 30 s for the answer, then backs off (nats-server's
// srcConsumerWaitTime), and a leaf link coming back does not hurry a
// request in progress; a mirror's configuration cannot change, so it is
// deleted and made again, from the event after the last one the kiosk
// loaded (makeMirror).
func (k *Kiosk) watch(ctx context.Context) {
	t := time.NewTimer(watchEvery)
	defer t.Stop()
	var p pacer
	var check <-chan time.Time // a look soon after the link came up
	var silent time.Duration   // how long a mirror may be silent, by the look
	for {
		select {
		case <-ctx.Done():
			return
		case <-k.linkUp:
			// The hub answers: the mirror is made if there is none, or
			// made again if the hub's venue stream is not the one it
			// copies (a hub rebuilt while this kiosk was away).
			k.mirror(ctx, false, "")
			check = time.After(freshSilence)
			k.copy.soon()
			continue
		case <-k.hubRestarted:
			// The mirror's consumer lived in the old hub: the mirror
			// waits out its request (30 s) unless made again now.
			k.remake(ctx, " for the restarted hub")
			k.copy.soon()
			continue
		case <-check:
			// The hub answered a heartbeat and a half ago: a mirror
			// silent for staleAfter is waiting out a consumer request
			// lost while the link was down (a healthy one hears a
			// heartbeat every second; a busy machine's may be late).
			check = nil
			silent = staleAfter
		case <-t.C:
			now := k.now()
			due := p.due(now, k.e.srv.NumLeafNodes())
			t.Reset(p.wait(now))
			k.healStore(ctx)
			if k.hubAlive() && k.copy.due() {
				k.checkCopy(ctx)
			}
			if !due {
				continue
			}
			silent = stallAfter
		}
		k.lookAtMirror(ctx, silent)
	}
}

// lookAtMirror makes the mirror if there is none, or again if it has been
// silent for longer than silent, while the hub answers.
func (k *Kiosk) lookAtMirror(ctx context.Context, silent time.Duration) {
	now := k.now()
	k.mu.Lock()
	made := k.mirrorMade
	k.mu.Unlock()
	if now.Sub(made) < staleAfter {
		return // a new mirror has not had time to hear from the hub
	}
	if !k.hubAlive() {
		// A mirror made again now would send its request into a
		// dead link and wait 30 s: wait for the hub's answer.
		return
	}
	s, err := k.e.js.Stream(ctx, VenueStream)
	if errors.Is(err, jetstream.ErrStreamNotFound) {
		// Not made when the link came up (the hub did not answer
		// in time).
		k.mirror(ctx, false, "")
		return
	}
	if err != nil {
		return
	}
	info, err := s.Info(ctx)
	if err != nil || info.Mirror == nil || (info.Mirror.Active >= 0 && info.Mirror.Active <= silent) {
		return
	}
	k.remake(ctx, ": it had stalled")
}

// remake makes the mirror again the way k.remirror says (read under k.mu:
// a test may replace it while the kiosk runs).
func (k *Kiosk) remake(ctx context.Context, why string) {
	k.mu.Lock()
	remirror := k.remirror
	k.mu.Unlock()
	remirror(ctx, why)
}

// checkCopy runs the check of the kiosk's copy of the venue (entropy.go)
// and logs what went wrong; what it repaired it logs itself.
func (k *Kiosk) checkCopy(ctx context.Context) {
	if _, err := k.copy.run(ctx); err != nil && !errors.Is(err, errNotCaughtUp) && ctx.Err() == nil {
		k.logf("%v", err)
	}
}

// loaderFloor is the mirror's loader's floor, false without a loader.
func (k *Kiosk) loaderFloor(ctx context.Context) (uint64, bool) {
	k.mu.Lock()
	l := k.load
	k.mu.Unlock()
	if l == nil {
		return 0, false
	}
	f := l.floor(ctx)
	return f, f > 0
}

// mirror makes the mirror (makeMirror) and says what it did, and why.
func (k *Kiosk) mirror(ctx context.Context, remake bool, why string) {
	did, err := k.makeMirror(ctx, remake)
	switch {
	case err != nil && ctx.Err() == nil:
		k.logf("venue kiosk: make the mirror%s: %v", why, err)
	case did != "":
		k.logf("venue kiosk: %s%s", did, why)
	}
}
