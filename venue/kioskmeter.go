package venue

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/google/renameio/v2"
	"github.com/nats-io/nats.go/jetstream"
)

// The kiosks' mirrors meter too (issue 41 item 6). The hub's loader
// refuses a kiosk's events over its limits (limits.go), but they are in
// the hub's venue stream before it does, and the kiosks' mirrors copy that
// stream whole: every table loaded the events the hub refused (an event
// of any size, a flood up to the cut-off), so the tables' copies and the
// hub's differed, and one tampered table still filled every table's
// database. Now each kiosk's mirror loader meters with the same rule
// (meter.admitEvent) and the hub's own settings, which the hub's hello
// answer carries (helloAnswer.Limits, kept in the kiosk's venue folder for
// its next start), with the kiosks the hub has cut off (helloAnswer.Cut):
//
//   - an event the hub refuses by size, rate or total, the mirror refuses
//     too: the mirror sees the venue stream in the hub's order, so its
//     meter decides as the hub's;
//   - a kiosk the hub cut off is refused whole, as at the hub; let in
//     again (it leaves the hub's list), its refused events come through
//     the kiosk's copy check, as they do at the hub;
//   - a kiosk this table's meter cut off but the hub did not (the two
//     meters' minutes began at different starts) is let in again once the
//     hub has answered for meterAgree without cutting it off, and its
//     events come through the copy check: the hub's word decides.
//
// Until a kiosk has heard the hub's limits once, its mirror meters nothing
// (a hub's limits may be above the defaults: metering by those would
// refuse what the hub took).

// limitsFile keeps the hub's limits in a kiosk's venue folder.
const limitsFile = "venue-limits.json"

// meterAgree is how long a kiosk's own cut-off waits for the hub's.
const meterAgree = time.Minute

// kioskMeter is a kiosk's meter of its mirror, as the hub told it.
type kioskMeter struct {
	dir  string
	logf func(string, ...any)
	now  func() time.Time

	mu     sync.Mutex
	boot   time.Time            // the hub's start, at its last answer
	m      *meter               // nil until the hub's limits are known
	hubCut map[string]bool      // the kiosks the hub cut off, at its last answer
	ownCut map[string]time.Time // cut off by this meter, and when
}

func newKioskMeter(dir string, logf func(string, ...any), now func() time.Time) *kioskMeter {
	km := &kioskMeter{dir: dir, logf: logf, now: now, hubCut: map[string]bool{}, ownCut: map[string]time.Time{}}
	var l KioskLimits
	if b, err := os.ReadFile(filepath.Join(dir, limitsFile)); err == nil && json.Unmarshal(b, &l) == nil {
		km.m = km.newMeter(l)
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		logf("venue kiosk: the hub's limits: %v", err)
	}
	return km
}

func (km *kioskMeter) newMeter(l KioskLimits) *meter {
	return newMeter(l, km.over, km.isHubCut)
}

// over notes a kiosk this table's meter cut off.
func (km *kioskMeter) over(kiosk string, c CutOff) {
	km.mu.Lock()
	km.ownCut[kiosk] = km.now()
	km.mu.Unlock()
	km.logf("venue kiosk: kiosk %s's events refused from here on, as the hub's limits say: %s", kiosk, c.Why)
}

func (km *kioskMeter) isHubCut(kiosk string) bool {
	km.mu.Lock()
	defer km.mu.Unlock()
	return km.hubCut[kiosk]
}

func (km *kioskMeter) meter() *meter {
	km.mu.Lock()
	defer km.mu.Unlock()
	return km.m
}

// admit is the mirror loader's admit: the hub's rule, once known.
func (km *kioskMeter) admit(subject string, body []byte, now time.Time) error {
	if m := km.meter(); m != nil {
		return m.admitEvent(subject, body, now)
	}
	return nil
}

// skips is the copy check's: what the mirror's loader would refuse.
func (km *kioskMeter) skips(subject string, size int) bool {
	if m := km.meter(); m != nil {
		return m.skips(subject, size)
	}
	return false
}

// seed counts the bytes each kiosk's events take in the kiosk's database.
func (km *kioskMeter) seed(bytes map[string]int64) {
	if m := km.meter(); m != nil {
		m.seed(bytes)
	}
}

// heard takes the hub's answer: its limits (nil from a hub of a build
// before) and the kiosks it cut off. A kiosk that left the hub's list,
// or that only this meter cut off and the hub has not for meterAgree, is
// let in again here; letIn says whether one was (the copy check then
// fetches what the loader refused of it). A hub that started again
// counts its minutes afresh: so does the kiosk's meter.
func (km *kioskMeter) heard(l *KioskLimits, cut []string, boot time.Time, seed func() map[string]int64) (letIn bool) {
	if km == nil || l == nil {
		return false
	}
	km.mu.Lock()
	restarted := !km.boot.IsZero() && !boot.Equal(km.boot)
	km.boot = boot
	m := km.m
	if restarted && m != nil {
		// Not under km.mu: the meter asks isHubCut under its own lock.
		km.mu.Unlock()
		m.mu.Lock()
		clear(m.minute)
		m.mu.Unlock()
		km.mu.Lock()
	}
	if m == nil || m.limits != l.withDefaults() {
		km.m = km.newMeter(*l)
		m = km.m
		km.mu.Unlock()
		if b, err := json.Marshal(l.withDefaults()); err == nil {
			if err := renameio.WriteFile(filepath.Join(km.dir, limitsFile), b, 0o600); err != nil {
				km.logf("venue kiosk: the hub's limits: %v", err)
			}
		}
		m.seed(seed())
		km.mu.Lock()
	}
	now := km.now()
	var in []string
	for k := range km.hubCut {
		if !slices.Contains(cut, k) {
			in = append(in, k)
		}
	}
	for k, at := range km.ownCut {
		if !slices.Contains(cut, k) && now.Sub(at) >= meterAgree {
			in = append(in, k)
		}
	}
	km.hubCut = map[string]bool{}
	for _, k := range cut {
		km.hubCut[k] = true
		delete(km.ownCut, k)
	}
	for _, k := range in {
		delete(km.ownCut, k)
	}
	km.mu.Unlock()
	for _, k := range in {
		m.setCut(k, false)
		km.logf("venue kiosk: kiosk %s's events taken again (the hub takes them)", k)
	}
	return len(in) > 0
}

// cutList is the kiosks the hub cut off, for its hello answers.
func (s *credStore) cutList() []string {
	var out []string
	for k := range s.cutOffs() {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// admitMirrored is the mirror's loader's admit (nil meter: none).
func (k *Kiosk) admitMirrored(m jetstream.Msg, now time.Time) error {
	if k.meter == nil {
		return nil
	}
	return k.meter.admit(m.Subject(), m.Data(), now)
}

// seedMeter counts, at the kiosk's start, the bytes each kiosk's events
// take in its database.
func (k *Kiosk) seedMeter(ctx context.Context) map[string]int64 {
	bytes, err := k.d.VenueBytesByKiosk(ctx)
	if err != nil {
		k.logf("venue kiosk: %v", err)
	}
	return bytes
}

// again asks for a check at the next look that walks every source whose
// counts differ, those a walk found complete too: a kiosk let in again
// has the events its loaders refused, which the walks skipped, filled.
func (c *copyCheck) again() {
	c.mu.Lock()
	c.next = time.Time{}
	clear(c.explained)
	c.mu.Unlock()
}
