package venue

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/tablee/tablee/db"
)

// The anti-entropy check (issue 42): a node's database is compared, now
// and then and after every (re)connection, with the hub's venue stream,
// and what the stream holds that the database does not is fetched from it
// and loaded. The digest exchanged is the stream's count of events per
// subject (one subject per source and kind: tablee.table.<kiosk>.session,
// …player, tablee.hub.<hub>.player), one request of the stream's info,
// against the database's count per source and kind; only a source whose
// counts differ has its events' ids walked (one request per event of that
// source), and only events at or below the loader's floor count as
// missing: above it they may be on their way. A source whose walk found
// nothing missing (a stream holding an event twice after a kiosk's
// rebuild, or an event this build refuses) is not walked again until its
// count changes.
//
// Why holes happen at all (docs/venue.md, "Holes in a table's copy"): a
// mirror kept across a restart resumes after its own last event, and a hub
// killed within its sync interval numbers what it sources again at the
// numbers it lost.

// copyCheckEvery is how often a node checks its copy while nothing
// happens; a (re)connection asks for a check sooner (copyCheck.soon).
const copyCheckEvery = 5 * time.Minute

// copyCheck checks one node's copy of the venue against the hub's stream.
type copyCheck struct {
	d *db.DB
	// stream is the hub's venue stream (from a kiosk, over its link).
	stream func(ctx context.Context) (jetstream.Stream, error)
	// floor is the node's loader's floor, in the hub stream's numbers
	// (a mirror keeps them); false when there is no loader.
	floor  func(ctx context.Context) (uint64, bool)
	logf   func(string, ...any)
	who    string        // "venue kiosk", "venue hub"
	loaded chan struct{} // signalled after a repair loaded events
	now    func() time.Time
	// skip, when set (the hub's), says an event of subject and size is
	// one its loader refuses: it is no hole to fill.
	skip func(subject string, size int) bool
	// replay keeps aside what the loader would (verify.go).
	replay *replayer

	mu        sync.Mutex
	next      time.Time                // when the next check is due
	explained map[db.SourceKind]uint64 // the stream's count a walk found complete
}

func newCopyCheck(d *db.DB, who string, loaded chan struct{}, logf func(string, ...any), now func() time.Time,
	stream func(context.Context) (jetstream.Stream, error), floor func(context.Context) (uint64, bool)) *copyCheck {
	return &copyCheck{d: d, who: who, loaded: loaded, logf: logf, now: clock(now), stream: stream, floor: floor,
		explained: map[db.SourceKind]uint64{}, replay: newReplayer(logf)}
}

// soon asks for a check at the next look (a link came up, a mirror was
// made again).
func (c *copyCheck) soon() {
	c.mu.Lock()
	c.next = time.Time{}
	c.mu.Unlock()
}

// due reports whether a check is due on the check's clock.
func (c *copyCheck) due() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return !c.now().Before(c.next)
}

// errNotCaughtUp: the loader is behind the stream; the check waits for it.
var errNotCaughtUp = errors.New("the loader has not caught up with the hub's stream yet")

// repair is what a check loaded, by source.
type repair map[string]int

func (r repair) total() int {
	n := 0
	for _, v := range r {
		n += v
	}
	return n
}

func (r repair) String() string {
	keys := make([]string, 0, len(r))
	for k := range r {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%d from %s", r[k], k)
	}
	return strings.Join(parts, ", ")
}

// run checks the copy now, loads what is missing, and schedules the next
// check. It returns what it loaded; errNotCaughtUp (wrapped) when the
// loader is behind the stream (the next look tries again).
func (c *copyCheck) run(ctx context.Context) (repair, error) {
	got, err := c.check(ctx)
	// What a check loaded is said even when it then found the loader
	// behind the stream: waiters on loaded (the staff's lists, tests)
	// would otherwise hear of it only at the next batch.
	if n := got.total(); n > 0 {
		c.logf("%s: repaired this node's copy of the venue: %d events the hub's stream holds were missing (%s)", c.who, n, got)
		signal(c.loaded)
	}
	if errors.Is(err, errNotCaughtUp) {
		return got, err
	}
	c.mu.Lock()
	c.next = c.now().Add(copyCheckEvery)
	c.mu.Unlock()
	return got, err
}

func (c *copyCheck) check(ctx context.Context) (repair, error) {
	floor, ok := c.floor(ctx)
	if !ok {
		return nil, fmt.Errorf("%w: no loader", errNotCaughtUp)
	}
	ictx, cancel := context.WithTimeout(ctx, hubOriginWait)
	s, err := c.stream(ictx)
	var info *jetstream.StreamInfo
	if err == nil {
		info, err = s.Info(ictx, jetstream.WithSubjectFilter(mirrorFilter))
	}
	cancel()
	if err != nil {
		return nil, fmt.Errorf("%s: check the venue copy: the hub's stream: %w", c.who, err)
	}
	if floor == 0 && info.State.Msgs > 0 {
		return nil, fmt.Errorf("%w: nothing loaded yet", errNotCaughtUp)
	}
	have, err := c.d.VenueEventCounts(ctx)
	if err != nil {
		return nil, err
	}
	subjects := make([]string, 0, len(info.State.Subjects))
	for subj := range info.State.Subjects {
		subjects = append(subjects, subj)
	}
	sort.Strings(subjects)
	out := repair{}
	for _, subj := range subjects {
		n := info.State.Subjects[subj]
		src, ok := sourceOf(subj)
		if !ok || uint64(have[src]) >= n {
			continue
		}
		c.mu.Lock()
		done := c.explained[src] == n
		c.mu.Unlock()
		if done {
			continue
		}
		added, complete, err := c.fill(ctx, s, subj, src, floor)
		if added > 0 {
			out[subj] = added
		}
		if err != nil {
			return out, err
		}
		if complete {
			c.mu.Lock()
			c.explained[src] = n
			c.mu.Unlock()
		}
	}
	if floor < info.State.LastSeq {
		return out, fmt.Errorf("%w (its floor %d, the stream's last event %d)", errNotCaughtUp, floor, info.State.LastSeq)
	}
	return out, nil
}

// sourceOf is the source and kind a venue subject names.
func sourceOf(subject string) (db.SourceKind, bool) {
	kiosk := subjectKiosk(subject)
	i := strings.LastIndexByte(subject, '.')
	if kiosk == "" || i < 0 {
		return db.SourceKind{}, false
	}
	return db.SourceKind{Kiosk: kiosk, Kind: subject[i+1:]}, true
}

// fill walks the hub's events on subj up to floor and loads those whose
// ids the database lacks. complete says the walk reached the subject's
// last event.
func (c *copyCheck) fill(ctx context.Context, s jetstream.Stream, subj string, src db.SourceKind, floor uint64) (int, bool, error) {
	ids, err := c.d.VenueEventIDs(ctx, src)
	if err != nil {
		return 0, false, err
	}
	var missing []db.RawEvent
	added := 0
	flush := func() error {
		n, err := c.load(ctx, missing, subj)
		added += n
		missing = missing[:0]
		return err
	}
	for seq := uint64(1); ; {
		gctx, cancel := context.WithTimeout(ctx, hubOriginWait)
		m, err := s.GetMsg(gctx, seq, jetstream.WithGetMsgSubject(subj))
		cancel()
		if errors.Is(err, jetstream.ErrMsgNotFound) {
			return added, true, flush()
		}
		if err != nil {
			ferr := flush()
			return added, false, errors.Join(fmt.Errorf("%s: the hub's events of %s from %d: %w", c.who, subj, seq, err), ferr)
		}
		if m.Sequence > floor {
			// On its way to the loader.
			return added, false, flush()
		}
		id := m.Header.Get(jetstream.MsgIDHeader)
		if c.skip != nil && c.skip(m.Subject, len(m.Data)) {
			// Refused by the hub's loader too (limits.go).
			ids[id] = true
		}
		if !ids[id] {
			ids[id] = true
			hub := strings.HasPrefix(m.Subject, hubSubjectPrefix) && m.Header.Get(streamSourceHeader) == ""
			missing = append(missing, db.RawEvent{ID: id, Body: m.Data, From: subjectKiosk(m.Subject), Hub: hub})
			if len(missing) == loadBatch {
				if err := flush(); err != nil {
					return added, false, err
				}
			}
		}
		seq = m.Sequence + 1
	}
}

// load loads the missing events of subj into the database, and returns
// how many it added; those it refused are logged.
func (c *copyCheck) load(ctx context.Context, missing []db.RawEvent, subj string) (int, error) {
	if len(missing) == 0 {
		return 0, nil
	}
	c.replay.check(missing, c.who)
	res, err := c.d.LoadVenueEvents(ctx, missing, c.now())
	if errors.Is(err, db.ErrTraceLeft) {
		err = nil // as the loader: the events stand
	}
	if err != nil {
		return 0, fmt.Errorf("%s: load %d missing events of %s: %w", c.who, len(missing), subj, err)
	}
	added := 0
	for i, r := range res {
		if r.Added {
			added++
		} else if r.Err != nil {
			c.logf("%s: event %s of %s refused: %v", c.who, missing[i].ID, subj, r.Err)
		}
	}
	return added, nil
}

// settleWait bounds Settle; settleUnanswered is how long it waits for a
// hub that has not answered at all.
const (
	settleWait       = 10 * time.Second
	settleUnanswered = 3 * time.Second
)

// Settle waits until every session this table finished is back in its
// copy of the venue (published, sourced by the hub, mirrored and loaded),
// for at most settleWait, and not past settleUnanswered while the hub does
// not answer; or until ctx ends (a signal). A kiosk that exits right
// after its game (kiosk --headless --exit-when-over) calls it first: its
// game otherwise reached the venue only at its next start, and its copy
// lacked it until then.
func (k *Kiosk) Settle(ctx context.Context) error {
	if k == nil || !k.paired {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, settleWait)
	defer cancel()
	start := k.now()
	for {
		n, err := k.d.VenueUnshared(ctx)
		if err != nil || n == 0 {
			return err
		}
		if !k.hubAlive() && k.now().Sub(start) > settleUnanswered {
			return fmt.Errorf("venue kiosk: %d of this table's games not in the venue yet: the hub does not answer (they go at the next start)", n)
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("venue kiosk: %d of this table's games not in the venue yet: %w (they go at the next start)", n, ctx.Err())
		case <-time.After(50 * time.Millisecond):
			// One query a look; the loaded signal is others' to take.
		}
	}
}
