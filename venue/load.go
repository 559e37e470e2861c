package venue

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/tablee/tablee/db"
)

// loader loads a stream's events into a database through a durable
// consumer, acknowledging each once its transaction committed: an event
// whose acknowledgement is lost comes again and is ignored by its id.
// Events that arrive together load together, in one transaction: a node
// catching up pays one sync of its database per batch, not per event.
type loader struct {
	// admit, when set (the hub's loader: its meter of the kiosks'
	// limits), says why an event must be refused rather than loaded.
	admit func(jetstream.Msg, time.Time) error
	logf  func(string, ...any)
	now   func() time.Time
	// replay keeps aside the sessions whose results do not follow from
	// their moves (verify.go), at the hub and at every mirror.
	replay *replayer

	name    string     // its durable consumer's (hubLoaderName at the hub)
	mu      sync.Mutex // guards cons and cc, made again by restart
	cons    jetstream.Consumer
	cc      jetstream.ConsumeContext
	js      jetstream.JetStream
	stream  string
	loaded  chan struct{}
	msgs    chan jetstream.Msg
	done    chan struct{}
	stopped chan struct{}
}

// loadBatch is the most events loaded in one transaction; the consumer
// keeps about this many in flight.
const loadBatch = 500

// loadExpiry and loadHeartbeat pace the loader's pulls (startLoader).
const (
	loadExpiry    = time.Minute
	loadHeartbeat = 30 * time.Second // the most nats.go allows
)

// startLoaderAdmitting starts loading stream into d through the durable
// consumer name; loaded is signalled after each batch stored, logf
// reports events that cannot be loaded, and admit, when set, says why an
// event must be refused rather than loaded (the meter of the kiosks'
// limits, at the hub and at each kiosk's mirror).
func startLoaderAdmitting(ctx context.Context, js jetstream.JetStream, d *db.DB, stream, name string, loaded chan struct{}, logf func(string, ...any),
	now func() time.Time, admit func(jetstream.Msg, time.Time) error) (*loader, error) {
	l := &loader{js: js, stream: stream, name: name, loaded: loaded, msgs: make(chan jetstream.Msg, loadBatch), done: make(chan struct{}), stopped: make(chan struct{}),
		admit: admit, logf: logf, now: clock(now), replay: newReplayer(logf)}
	go l.run(context.WithoutCancel(ctx), d, stream, logf)
	if err := l.consume(ctx); err != nil {
		close(l.done)
		<-l.stopped
		return nil, err
	}
	return l, nil
}

// restart makes the loader's consumer and its pulls again, after its
// server's JetStream restarted (healStore): the batches under way load
// on, and what their acknowledgements missed comes again.
func (l *loader) restart(ctx context.Context) error {
	l.mu.Lock()
	cc := l.cc
	l.mu.Unlock()
	cc.Stop()
	return l.consume(ctx)
}

// consume makes the durable consumer (or finds it) and pulls from it.
func (l *loader) consume(ctx context.Context) error {
	stream := l.stream
	// Where it starts is kept from the consumer there (one renamed from
	// the build before's starts after its floor: hubLoaderName).
	policy, start := jetstream.DeliverAllPolicy, uint64(0)
	if c, err := l.js.Consumer(ctx, stream, l.name); err == nil {
		policy, start = c.CachedInfo().Config.DeliverPolicy, c.CachedInfo().Config.OptStartSeq
	}
	cons, err := l.js.CreateOrUpdateConsumer(ctx, stream, jetstream.ConsumerConfig{
		Durable:       l.name,
		DeliverPolicy: policy,
		OptStartSeq:   start,
		AckPolicy:     jetstream.AckExplicitPolicy,
		// After a kill -9 the consumer's stored state can name events
		// delivered whose acknowledgements it had not written yet: they
		// come again after AckWait, which is what a hub restarted after
		// a crash waited for (30 s, the first slice's). A batch loads in
		// well under a second; one that takes longer loads twice,
		// ignored the second time by its ids.
		AckWait:       5 * time.Second,
		MaxAckPending: 4 * loadBatch,
	})
	if err != nil {
		return fmt.Errorf("venue: loader of %s: %w", stream, err)
	}
	cc, err := cons.Consume(func(m jetstream.Msg) {
		if l.admit != nil {
			if err := l.admit(m, l.now()); err != nil {
				l.logf("venue: event %s of %s refused: %v", m.Headers().Get(jetstream.MsgIDHeader), stream, err)
				_ = m.Term()
				return
			}
		}
		select {
		case l.msgs <- m:
		case <-l.done:
		}
	}, jetstream.PullMaxMessages(loadBatch),
		// A pull waits up to loadExpiry for events, the server saying
		// every loadHeartbeat that it is alive: an idle node's only
		// traffic with its own server (the defaults, 30 s and 15 s, woke
		// it twice as often).
		jetstream.PullExpiry(loadExpiry), jetstream.PullHeartbeat(loadHeartbeat))
	if err != nil {
		return fmt.Errorf("venue: loader of %s: %w", stream, err)
	}
	l.mu.Lock()
	l.cons, l.cc = cons, cc
	l.mu.Unlock()
	return nil
}

// run loads what the consumer hands over: the first event waited for,
// then every other one already there, in one transaction.
func (l *loader) run(ctx context.Context, d *db.DB, stream string, logf func(string, ...any)) {
	defer close(l.stopped)
	for {
		var batch []jetstream.Msg
		select {
		case m := <-l.msgs:
			batch = append(batch, m)
		case <-l.done:
			return
		}
	more:
		for len(batch) < loadBatch {
			select {
			case m := <-l.msgs:
				batch = append(batch, m)
			default:
				break more
			}
		}
		raw := make([]db.RawEvent, len(batch))
		for i, m := range batch {
			// The venue stream marks what it sourced from a kiosk's
			// stream (nats-server replaces any such header a kiosk sent,
			// and a mirror keeps it): only what has no mark was
			// published at the hub itself.
			hub := strings.HasPrefix(m.Subject(), hubSubjectPrefix) && m.Headers().Get(streamSourceHeader) == ""
			raw[i] = db.RawEvent{ID: m.Headers().Get(jetstream.MsgIDHeader), Body: m.Data(), From: subjectKiosk(m.Subject()), Hub: hub}
		}
		l.replay.check(raw, stream)
		res, err := d.LoadVenueEvents(ctx, raw, l.now())
		if errors.Is(err, db.ErrTraceLeft) {
			// A forget from the hub loaded, and erased a player of this
			// table, but the file could not be rebuilt yet (as after
			// ForgetPlayer): the events stand.
			logf("venue: load %d events of %s: %v (tablee player scrub finishes it)", len(batch), stream, err)
			err = nil
		}
		if err != nil {
			logf("venue: load %d events of %s: %v", len(batch), stream, err)
			for _, m := range batch {
				_ = m.NakWithDelay(time.Second)
			}
			continue
		}
		for i, m := range batch {
			if res[i].Err != nil {
				// Not an event this build can read: keeping it would
				// block nothing (acks are per message) but would come
				// back forever.
				logf("venue: event %s of %s refused: %v", raw[i].ID, stream, res[i].Err)
				_ = m.Term()
				continue
			}
			if err := m.Ack(); err != nil {
				logf("venue: acknowledge event %s of %s: %v", raw[i].ID, stream, err)
			}
		}
		signal(l.loaded)
	}
}

// floor is the stream sequence up to which every event is loaded (or
// refused for good): the consumer's acknowledgement floor, as its server
// knows it; 0 if it cannot say. It may lag what the database holds (an
// acknowledgement on its way), never lead it: events are acknowledged
// after their transaction committed.
func (l *loader) floor(ctx context.Context) uint64 {
	l.mu.Lock()
	cons := l.cons
	l.mu.Unlock()
	info, err := cons.Info(ctx)
	if err != nil {
		return 0
	}
	return info.AckFloor.Stream
}

func (l *loader) stop() {
	l.mu.Lock()
	cc := l.cc
	l.mu.Unlock()
	cc.Stop()
	close(l.done)
	<-l.stopped
}

// streamSourceHeader is the header a stream sets on every message it
// sources from another (nats-server's JSStreamSource).
const streamSourceHeader = "Nats-Stream-Source"

// subjectKiosk is the kiosk a table subject (tableSubject) names, or the
// hub a hub subject (hubSubject) names; "" for any other subject.
func subjectKiosk(subject string) string {
	rest, ok := strings.CutPrefix(subject, "tablee.table.")
	if !ok {
		if rest, ok = strings.CutPrefix(subject, hubSubjectPrefix); !ok {
			return ""
		}
	}
	kiosk, _, ok := strings.Cut(rest, ".")
	if !ok {
		return ""
	}
	return kiosk
}
