package venue

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// A kiosk's mirror of the venue stream keeps the venue stream's sequence
// numbers (nats-server stores a mirror's events at their origin's
// sequences). So a mirror made again — after a hub restart, or stalled —
// starts where the kiosk is rather than at the venue's first event: after
// the last event its loader acknowledged (docs/venue.md, "Catching up").
// Sequence numbers name the same events only within one venue stream: a
// hub whose store was dropped (tablee venue --rebuild) or lost makes a new
// one, whose numbers name other events. The mirror notes which venue
// stream it copies (mirrorOriginKey), and a kiosk that finds another one
// at the hub copies the new stream from its start.

// mirrorOriginKey is the key, in the mirror's metadata, of the venue
// stream it copies: that stream's creation time at the hub (nats-server
// keeps it in the stream's store across restarts; a new stream has a new
// one).
const mirrorOriginKey = "tablee.venue.created"

// mirrorConfig is the kiosk's mirror of the venue stream created at origin
// (zero: not known), copying from the venue's sequence start (0 or 1: its
// first event). nats-server uses a mirror's start only while the mirror is
// empty; after that it resumes after the last event it holds.
func mirrorConfig(start uint64, origin time.Time) jetstream.StreamConfig {
	if start <= 1 {
		start = 0
	}
	cfg := jetstream.StreamConfig{
		Name:        VenueStream,
		Description: "the venue's events, mirrored from the hub",
		Storage:     jetstream.FileStorage,
		// The filter (every venue subject) makes nats-server ask the
		// hub for the mirror's consumer by its name, which the hub
		// checks against the kiosk's (kioskPermissions); without one it
		// names it in the request's body alone.
		Mirror: &jetstream.StreamSource{Name: VenueStream, Domain: HubDomain, FilterSubject: mirrorFilter, OptStartSeq: start},
		// The mirror is a copy of the hub's stream: it need not sync
		// each write as the kiosk's own stream does (the server's
		// SyncAlways). A tail lost on a power cut is copied again from
		// the hub, and the loader ignores what the database has.
		// Synced, a mirror made again after a hub restart wrote the
		// whole venue stream at one sync each (5–6 ms here): most of
		// the 13–20 s the tables took to catch up.
		PersistMode: jetstream.AsyncPersistMode,
	}
	if !origin.IsZero() {
		cfg.Metadata = map[string]string{mirrorOriginKey: origin.UTC().Format(time.RFC3339Nano)}
	}
	return cfg
}

// ourMirror reports whether cfg is a mirror of the hub's venue stream as
// this build makes it. Another (a mirror made by an earlier build: synced
// on every write, or without the filter the hub's permissions need) is
// made again: a mirror's configuration cannot change.
func ourMirror(cfg jetstream.StreamConfig) bool {
	m := cfg.Mirror
	return m != nil && m.Name == VenueStream && m.FilterSubject == mirrorFilter && cfg.PersistMode == jetstream.AsyncPersistMode &&
		(m.Domain == HubDomain || m.External != nil && m.External.APIPrefix == "$JS."+HubDomain+".API")
}

// mirrorOrigin is the creation time of the venue stream cfg's mirror
// copies, zero if it does not say.
func mirrorOrigin(cfg jetstream.StreamConfig) time.Time {
	t, err := time.Parse(time.RFC3339Nano, cfg.Metadata[mirrorOriginKey])
	if err != nil {
		return time.Time{}
	}
	return t
}

// resumeAt is the venue sequence a mirror made again starts at, the old
// one being cfg and its loader's acknowledgement floor floor (every event
// up to it is in the database): after the floor, and never before where
// the old mirror itself started (everything before that was loaded when
// it was made; its loader's floor is 0 while it holds nothing).
func resumeAt(cfg jetstream.StreamConfig, floor uint64) uint64 {
	start := floor + 1
	if cfg.Mirror != nil && cfg.Mirror.OptStartSeq > start {
		start = cfg.Mirror.OptStartSeq
	}
	return start
}

// hubOriginWait bounds the request for the hub's venue stream.
const hubOriginWait = 2 * time.Second

// hubOrigin asks the hub when its venue stream was created (a request of
// the stream's info over the link, in the hub's domain; the kiosk's link
// may make it: kioskPermissions).
func (k *Kiosk) hubOrigin(ctx context.Context) (time.Time, error) {
	ctx, cancel := context.WithTimeout(ctx, hubOriginWait)
	defer cancel()
	s, err := k.hubJS.Stream(ctx, VenueStream)
	if err != nil {
		return time.Time{}, fmt.Errorf("the hub's venue stream: %w", err)
	}
	return s.CachedInfo().Created, nil
}

// openMirror starts loading the mirror a previous run left, if this build
// made it; any other is dropped. A missing mirror is made once the hub
// answers (makeMirror): made now, while the link is not up yet, its
// request for the hub's consumer would go nowhere and wait 30 s, and the
// kiosk could not tell which venue stream it copies.
func (k *Kiosk) openMirror(ctx context.Context) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	s, err := k.e.js.Stream(ctx, VenueStream)
	if errors.Is(err, jetstream.ErrStreamNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("venue kiosk: mirror: %w", err)
	}
	if !ourMirror(s.CachedInfo().Config) {
		if err := k.e.js.DeleteStream(ctx, VenueStream); err != nil && !errors.Is(err, jetstream.ErrStreamNotFound) {
			return fmt.Errorf("venue kiosk: mirror of an earlier version: %w", err)
		}
		return nil
	}
	k.mirrorMade = k.now()
	k.load, err = startLoaderAdmitting(ctx, k.e.js, k.d, VenueStream, loaderName, k.loaded, k.logf, k.now, k.admitMirrored)
	return err
}

// errOriginUnknown: the hub did not say which venue stream it has.
var errOriginUnknown = errors.New("the hub did not say which venue stream it has")

// makeMirror makes the kiosk's mirror of the venue stream, or makes it
// again, and its loader; the hub has just answered.
//
// With remake false (the link came up), a mirror of the hub's present
// venue stream is kept: nats-server resumes it after its last event.
// Otherwise (the hub restarted, or the mirror stalled: its consumer
// request may be waiting out 30 s, nats-server's srcConsumerWaitTime, and
// a mirror's configuration cannot change) the mirror is deleted and made
// again, starting after the last event its loader acknowledged. A mirror
// of another venue stream (the hub's was rebuilt), or one that does not
// say which, is made again from the new stream's start. It returns what
// it did, for the log ("" if nothing).
func (k *Kiosk) makeMirror(ctx context.Context, remake bool) (string, error) {
	origin, oerr := k.hubOrigin(ctx)
	k.mu.Lock()
	defer k.mu.Unlock()
	old, err := k.currentMirror(ctx)
	if err != nil {
		return "", err
	}
	start, did, err := k.mirrorStart(ctx, old, origin, oerr, remake)
	if err != nil || did == "" {
		return "", err
	}
	if err := k.remakeMirror(ctx, old != nil, start, origin); err != nil {
		return "", err
	}
	return did, nil
}

// currentMirror is the kiosk's venue stream as it is, nil for none;
// k.mu is held.
func (k *Kiosk) currentMirror(ctx context.Context) (*jetstream.StreamInfo, error) {
	s, err := k.e.js.Stream(ctx, VenueStream)
	if errors.Is(err, jetstream.ErrStreamNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("venue kiosk: mirror: %w", err)
	}
	return s.CachedInfo(), nil
}

// mirrorStart decides, for makeMirror, whether the mirror old is made
// (again) and from which venue event: did says why, "" to keep it as it
// is. origin (or oerr) is the hub's answer; k.mu is held.
func (k *Kiosk) mirrorStart(ctx context.Context, old *jetstream.StreamInfo, origin time.Time, oerr error, remake bool) (start uint64, did string, err error) {
	switch {
	case old == nil:
		// None yet (a new pairing, a rebuilt store): from the start,
		// and from whichever venue stream, should the hub not say.
		return 0, "made the mirror of the venue stream", nil
	case oerr != nil && remake:
		// Resuming needs to know the stream: the watchdog tries again.
		return 0, "", fmt.Errorf("%w: %w", errOriginUnknown, oerr)
	case oerr != nil:
		return 0, "", nil // the link is up; the mirror resumes on its own
	case mirrorOrigin(old.Config).IsZero():
		return 0, "made the mirror again from the start: it did not say which venue stream it copies", nil
	case !mirrorOrigin(old.Config).Equal(origin):
		return 0, fmt.Sprintf("made the mirror again from the start: the hub's venue stream is a new one (created %s, the mirror's %s)",
			origin.Format(time.RFC3339Nano), old.Config.Metadata[mirrorOriginKey]), nil
	case !remake && old.State.LastSeq == 0:
		return 0, "", nil
	case !remake:
		return 0, k.keptMirrorLost(ctx, old.State.LastSeq), nil
	default:
		return k.resumeStart(ctx, old)
	}
}

// keptMirrorLost checks a kept mirror, whose last event is last: it
// resumes after its own last event, so if the hub holds another event
// there (it was killed within its sync interval and numbered what it
// sourced again anew), every event the hub put at the numbers the mirror
// already had would never reach this table. It says why the mirror is
// made again from the start, "" to keep it; k.mu is held.
func (k *Kiosk) keptMirrorLost(ctx context.Context, last uint64) string {
	same, err := k.sameAt(ctx, last)
	if err != nil || same {
		return "" // the copy check finds any hole later
	}
	k.stopLoader()
	return fmt.Sprintf("made the mirror again from the start: the hub's venue stream no longer holds this kiosk's event %d there (it lost its last events)", last)
}

// resumeStart is where a mirror made again starts: after the last event
// its loader acknowledged (the loader is stopped first, so its last
// acknowledgements are sent), or at the start if the hub no longer holds
// the event before it; k.mu is held.
func (k *Kiosk) resumeStart(ctx context.Context, old *jetstream.StreamInfo) (uint64, string, error) {
	var floor uint64
	if k.load != nil {
		k.load.stop()
		floor = k.load.floor(ctx)
		k.load = nil
	}
	start := resumeAt(old.Config, floor)
	same, err := k.sameAt(ctx, start-1)
	if err != nil {
		return 0, "", err // the watchdog tries again
	}
	if !same {
		return 0, fmt.Sprintf("made the mirror again from the start: the hub's venue stream no longer holds this kiosk's event %d there (it lost its last events)", start-1), nil
	}
	return start, fmt.Sprintf("made the mirror again from venue event %d (the database has the events before it)", start), nil
}

// remakeMirror replaces the kiosk's mirror (deleting it if exists) by
// one of the venue stream created at origin, from venue event start (0:
// its first), and starts its loader; k.mu is held.
func (k *Kiosk) remakeMirror(ctx context.Context, exists bool, start uint64, origin time.Time) error {
	k.stopLoader()
	if exists {
		if err := k.e.js.DeleteStream(ctx, VenueStream); err != nil && !errors.Is(err, jetstream.ErrStreamNotFound) {
			return fmt.Errorf("venue kiosk: mirror: %w", err)
		}
	}
	if _, err := k.e.js.CreateStream(ctx, mirrorConfig(start, origin)); err != nil {
		return fmt.Errorf("venue kiosk: mirror: %w", err)
	}
	k.mirrorMade = k.now()
	var err error
	if k.load, err = startLoaderAdmitting(ctx, k.e.js, k.d, VenueStream, loaderName, k.loaded, k.logf, k.now, k.admitMirrored); err != nil {
		return err
	}
	return nil
}

// stopLoader stops the mirror's loader, if any; k.mu is held.
func (k *Kiosk) stopLoader() {
	if k.load != nil {
		k.load.stop()
		k.load = nil
	}
}

// sameAt reports whether the hub's venue stream holds, at sequence seq,
// the event the kiosk's mirror holds there: a hub whose store lost its
// last events (a power cut within its sync interval) numbers the events
// sourced again after them anew, in the same stream. True when the mirror
// no longer holds seq (it was made again from a later event, and looked
// at then) or seq is 0.
func (k *Kiosk) sameAt(ctx context.Context, seq uint64) (bool, error) {
	if seq == 0 {
		return true, nil
	}
	mirror, err := k.e.js.Stream(ctx, VenueStream)
	if err != nil {
		return false, fmt.Errorf("venue kiosk: mirror: %w", err)
	}
	mine, err := mirror.GetMsg(ctx, seq)
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return true, nil
	}
	if err != nil {
		return false, fmt.Errorf("venue kiosk: mirror's event %d: %w", seq, err)
	}
	ctx, cancel := context.WithTimeout(ctx, hubOriginWait)
	defer cancel()
	hub, err := k.hubJS.Stream(ctx, VenueStream)
	if err != nil {
		return false, fmt.Errorf("venue kiosk: the hub's venue stream: %w", err)
	}
	theirs, err := hub.GetMsg(ctx, seq)
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("venue kiosk: the hub's event %d: %w", seq, err)
	}
	return theirs.Header.Get(jetstream.MsgIDHeader) == mine.Header.Get(jetstream.MsgIDHeader), nil
}
