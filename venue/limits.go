package venue

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/tablee/tablee/db"
)

// Per-kiosk limits (issue 41 item 1; docs/venue.md, "Per-kiosk limits"):
// the audit's tampered kiosk queued sixty forged sessions, names of
// 10,000 characters among them, that reached the hub and every table in
// 8 s, and nothing bounded how much one table could put into every
// node's store. The hub now meters what each kiosk's stream brings into
// the venue stream, as its loader takes it: an event bigger than
// EventBytes, more than EventsPerMinute events in one minute of their own
// time, or more than TotalBytes in all, and the kiosk is cut off — its
// link closed, its stream no longer sourced, its logins refused, its
// credential kept — until the staff let it in again (the hub console's
// Tables page, or tablee venue --restore). The kiosks' mirrors meter with
// the same rule and the hub's settings (kioskmeter.go).
type KioskLimits struct {
	// EventsPerMinute bounds a kiosk's events per minute of the events'
	// own time (their "at", when the kiosk made them; an event without
	// one, or from the future, counts in the minute it arrives): a
	// table that comes back after days offline sends its backlog at
	// once, and it is no flood, as is the whole history a rebuilt hub
	// sources again. A real table finishes a game every few minutes.
	EventsPerMinute int `json:"events_per_minute"`
	// EventBytes bounds one event's body.
	EventBytes int `json:"event_bytes"`
	// TotalBytes bounds all of one kiosk's events the hub holds.
	TotalBytes int64 `json:"total_bytes"`
}

// DefaultKioskLimits are the limits of a hub whose configuration names
// none: sixty events a minute; 256 KiB an event (a session event
// carries its moves: the longest games measured, Canyon for six, are
// 62 KB, TestTheLongestGameFitsAnEvent); 1 GiB a kiosk (some 40,000
// sessions: the four games' events average 25 KB at their most seats).
var DefaultKioskLimits = KioskLimits{EventsPerMinute: 60, EventBytes: 256 << 10, TotalBytes: 1 << 30}

// withDefaults is l with each unset limit its default.
func (l KioskLimits) withDefaults() KioskLimits {
	if l.EventsPerMinute <= 0 {
		l.EventsPerMinute = DefaultKioskLimits.EventsPerMinute
	}
	if l.EventBytes <= 0 {
		l.EventBytes = DefaultKioskLimits.EventBytes
	}
	if l.TotalBytes <= 0 {
		l.TotalBytes = DefaultKioskLimits.TotalBytes
	}
	return l
}

// CutOff is a kiosk cut off for going over its limits: when, which limit
// (LimitEventsPerMinute, LimitEventBytes, LimitTotalBytes) and its value,
// and why in the log's words.
type CutOff struct {
	At    time.Time `json:"at"`
	Limit string    `json:"limit"`
	Max   int64     `json:"max"`
	Why   string    `json:"why"`
}

// The limits a kiosk may go over, as CutOff names them.
const (
	LimitEventsPerMinute = "events_per_minute"
	LimitEventBytes      = "event_bytes"
	LimitTotalBytes      = "total_bytes"
)

// meter counts what each kiosk brought into the hub's venue stream.
type meter struct {
	limits KioskLimits
	// over is called, once per kiosk until it is let in again, when one
	// goes over a limit (off the loader's goroutine).
	over func(kiosk string, c CutOff)
	// isCut reports a kiosk cut off in the credentials' file (the
	// truth, which tablee venue --let-in changes beside the hub).
	isCut func(kiosk string) bool

	mu     sync.Mutex
	bytes  map[string]int64
	minute map[string]minuteCount
	// cut are the kiosks found over a limit, until the file says so.
	cut map[string]bool
}

type minuteCount struct {
	minute int64 // Unix minutes
	n      int
}

func newMeter(l KioskLimits, over func(kiosk string, c CutOff), isCut func(string) bool) *meter {
	return &meter{limits: l.withDefaults(), over: over, isCut: isCut, bytes: map[string]int64{}, minute: map[string]minuteCount{}, cut: map[string]bool{}}
}

// admit reports why the hub's loader must refuse m, nil when it may
// load it. Only kiosks' events are metered: the hub's own are its staff's.
func (mt *meter) admit(m jetstream.Msg, now time.Time) error {
	return mt.admitEvent(m.Subject(), m.Data(), now)
}

// admitEvent is admit of an event of subject with body.
func (mt *meter) admitEvent(subject string, body []byte, now time.Time) error {
	kiosk := subjectKiosk(subject)
	if kiosk == "" || !isKioskSubject(subject) {
		return nil
	}
	size := len(body)
	mt.mu.Lock()
	defer mt.mu.Unlock()
	if mt.cut[kiosk] || mt.isCut(kiosk) {
		return fmt.Errorf("kiosk %s is cut off", kiosk)
	}
	var c CutOff
	switch {
	case size > mt.limits.EventBytes:
		c = CutOff{Limit: LimitEventBytes, Max: int64(mt.limits.EventBytes),
			Why: fmt.Sprintf("an event of %d bytes, over the limit of %d bytes an event", size, mt.limits.EventBytes)}
	case mt.bytes[kiosk]+int64(size) > mt.limits.TotalBytes:
		c = CutOff{Limit: LimitTotalBytes, Max: mt.limits.TotalBytes,
			Why: fmt.Sprintf("over the limit of %d bytes of events in all", mt.limits.TotalBytes)}
	default:
		at := eventTime(body, now)
		mc := mt.minute[kiosk]
		// An event of an older minute counts with the newest, which it
		// cannot outrun (a backlog arrives oldest first).
		if minute := at.Unix() / 60; minute > mc.minute {
			mc = minuteCount{minute: minute}
		}
		if mc.n >= mt.limits.EventsPerMinute {
			c = CutOff{Limit: LimitEventsPerMinute, Max: int64(mt.limits.EventsPerMinute),
				Why: fmt.Sprintf("over the limit of %d events a minute", mt.limits.EventsPerMinute)}
			break
		}
		mc.n++
		mt.minute[kiosk] = mc
		mt.bytes[kiosk] += int64(size)
		return nil
	}
	mt.cut[kiosk] = true
	go mt.over(kiosk, c)
	return fmt.Errorf("kiosk %s: %s", kiosk, c.Why)
}

// seed counts the bytes each kiosk's events take in the hub's database,
// at its start.
func (mt *meter) seed(bytes map[string]int64) {
	mt.mu.Lock()
	defer mt.mu.Unlock()
	for k, n := range bytes {
		mt.bytes[k] = n
	}
}

// setCut marks kiosk cut off or not (let in again: its counts start
// afresh but for the bytes it holds).
func (mt *meter) setCut(kiosk string, cut bool) {
	mt.mu.Lock()
	defer mt.mu.Unlock()
	if cut {
		mt.cut[kiosk] = true
	} else {
		delete(mt.cut, kiosk)
		delete(mt.minute, kiosk)
	}
}

// eventTime is an event's own time, its "at" (when the kiosk made it),
// now if it has none or names the future.
func eventTime(body []byte, now time.Time) time.Time {
	var e struct {
		At time.Time `json:"at"`
	}
	if json.Unmarshal(body, &e) != nil || e.At.IsZero() || e.At.After(now) {
		return now
	}
	return e.At
}

// kioskSubjectPrefix begins every kiosk's events' subjects (tableSubject).
const kioskSubjectPrefix = "tablee.table."

// isKioskSubject reports whether subject is a kiosk's event's.
func isKioskSubject(subject string) bool { return strings.HasPrefix(subject, kioskSubjectPrefix) }

// skips reports whether the hub's copy check must leave an event of
// subject and size out, as its loader refused it: its kiosk is cut off,
// or the event is over the limit of bytes an event.
func (mt *meter) skips(subject string, size int) bool {
	if !isKioskSubject(subject) {
		return false
	}
	mt.mu.Lock()
	defer mt.mu.Unlock()
	kiosk := subjectKiosk(subject)
	return mt.cut[kiosk] || mt.isCut(kiosk) || size > mt.limits.EventBytes
}

// cutOff cuts kiosk off the venue for going over its limits: noted in the
// credentials' file first (its logins refused from then on, also by a
// restarted hub), then its link closed and its stream no longer sourced.
// Its credential and its sessions stay.
func (h *Hub) cutOff(kiosk string, c CutOff) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := h.auth.creds.update(func(f *credFile) {
		if f.CutOff == nil {
			f.CutOff = map[string]CutOff{}
		}
		c.At = h.now().UTC()
		f.CutOff[kiosk] = c
	}); err != nil {
		h.logf("venue hub: cut off kiosk %s: %v", kiosk, err)
	} else {
		// The file says it from now on (and a --let-in beside the
		// hub undoes it there).
		h.meter.setCut(kiosk, false)
	}
	h.logf("venue hub: kiosk %s cut off the venue: %s (its link closed, its stream no longer sourced, until the staff let it in again)", kiosk, c.Why)
	if err := h.drop(ctx, kiosk); err != nil {
		h.logf("%v", err)
	}
}

// LetIn lets a kiosk cut off for going over its limits into the venue
// again: its logins are taken again and its stream sourced once it links.
func (h *Hub) LetIn(ctx context.Context, kiosk string) error {
	if err := h.auth.creds.update(func(f *credFile) { delete(f.CutOff, kiosk) }); err != nil {
		return fmt.Errorf("venue hub: let kiosk %s in: %w", kiosk, err)
	}
	h.meter.setCut(kiosk, false)
	if h.copy != nil {
		h.copy.again() // what its loader refused, the walks skipped
	}
	h.logf("venue hub: kiosk %s let into the venue again", kiosk)
	return nil
}

// isCut reports whether kiosk is cut off.
func (s *credStore) isCut(kiosk string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, cut := s.f.CutOff[kiosk]
	return cut
}

// cutOffs are the kiosks cut off now.
func (s *credStore) cutOffs() map[string]CutOff {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[string]CutOff, len(s.f.CutOff))
	for k, c := range s.f.CutOff {
		out[k] = c
	}
	return out
}

// seedMeter counts, at the hub's start, the bytes each kiosk's sessions
// take in its database.
func (h *Hub) seedMeter(ctx context.Context) error {
	bytes, err := h.d.VenueBytesByKiosk(ctx)
	if err != nil {
		return fmt.Errorf("venue hub: %w", err)
	}
	h.meter.seed(bytes)
	return nil
}

// LetInTable lets the table called (or whose kiosk id is) which into the
// venue of the hub whose database is d and data directory dir again,
// after it was cut off for going over its limits (tablee venue
// --let-in), the hub running or not. It returns the kiosk's id.
func LetInTable(ctx context.Context, d *db.DB, dir, which string) (string, error) {
	id, err := pairedTable(ctx, d, dir, which)
	if err != nil {
		return "", err
	}
	creds, err := openCreds(filepath.Join(dir, credsFile))
	if err != nil {
		return "", err
	}
	if !creds.isCut(id) {
		return id, fmt.Errorf("venue: table %s is not cut off", which)
	}
	return id, creds.update(func(f *credFile) { delete(f.CutOff, id) })
}
