package venue

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/nats-io/nats.go"
)

// sayHello tells the hub this kiosk's id and table: as soon as the link
// to the hub comes up (it looks every linkPoll), again every linkPoll
// until the hub answers (the hub then sources the kiosk's stream: a hub
// rebuilt from scratch learns every kiosk again as their links come
// back), then every helloEvery, so that both know the link carries
// traffic, and the hub's list says when each table was last heard of.
func (k *Kiosk) sayHello(ctx context.Context) {
	t := time.NewTimer(linkPoll)
	defer t.Stop()
	var s helloState
	var asked bool // the staff screen woke the loop
	var qr string  // the hub's page the seating QR points at; "": the table's own
	for {
		link, conn := k.link()
		act := s.step(helloEvent{kind: helloLook, at: k.now(), up: link, conn: conn, asked: asked})
		asked = false
		if act.linkChanged {
			k.linkChanged(link)
		}
		if act.say {
			fresh := act.fresh
			a, got, ok := k.helloOnce(ctx, fresh)
			if ctx.Err() != nil {
				return
			}
			if ok {
				act = s.step(helloEvent{kind: helloAnswered, at: got, boot: a.Boot})
				k.heard(ctx, a, got, fresh, act.mirror)
			} else {
				act = s.step(helloEvent{kind: helloUnanswered, at: k.now()})
			}
		}
		qr = k.showQR(qr)
		t.Reset(act.next)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-k.ask:
			asked = true
		}
	}
}

// linkChanged forgets the hub's last answer when the link went up or down
// or is another connection (hubAlive then waits for the next), and logs
// it.
func (k *Kiosk) linkChanged(up bool) {
	k.mu.Lock()
	k.answered = time.Time{}
	k.mu.Unlock()
	k.logf("venue kiosk: link to the hub %s", map[bool]string{true: "up", false: "down"}[up])
	if up {
		k.removal.linked() // the hub let it in: no run of refusals
	}
}

// helloOnce says one hello, fresh or not (helloActions), and returns the
// hub's answer and when it came; false when the hub did not answer (an
// error other than no answer in time or nobody listening is logged).
func (k *Kiosk) helloOnce(ctx context.Context, fresh bool) (helloAnswer, time.Time, bool) {
	hi := hello{Kiosk: k.id, Table: k.table, Gen: k.gen, Fresh: fresh, Web: k.page.own}
	if k.hooks.calls != nil {
		hi.Calls = k.hooks.calls()
	}
	if k.now().Sub(k.consoleLooked) >= consoleLookEvery {
		k.consoleLooked, hi.ConsoleCSR = k.now(), k.consoleRequest()
	}
	body, _ := json.Marshal(hi)
	rctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	sent := k.now()
	m, err := k.requestHello(rctx, body)
	cancel()
	switch {
	case ctx.Err() != nil:
	case err == nil:
		got := k.now()
		return k.setClock(m.Data, sent, got), got, true
	case !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, nats.ErrNoResponders):
		k.logf("venue kiosk: hello: %v", err)
	}
	return helloAnswer{}, time.Time{}, false
}

// heard takes the hub's answer a, got at got to a hello (fresh: the first
// since the link came up), and tells the mirror's watchdog what step
// said.
func (k *Kiosk) heard(ctx context.Context, a helloAnswer, got time.Time, fresh bool, news mirrorNews) {
	// The tables and the time of the answer change together:
	// Desk.Refresh waits for the time.
	k.noteTables(a, got)
	if len(a.Answered) > 0 && k.hooks.onAnswered != nil {
		k.hooks.onAnswered(a.Answered)
	}
	k.keepConsole(a.Console, a.CA)
	if k.meter.heard(a.Limits, a.Cut, a.Boot, func() map[string]int64 { return k.seedMeter(ctx) }) {
		k.copy.again()
	}
	if fresh {
		k.logf("venue kiosk: the hub answered")
	}
	switch news {
	case mirrorRestarted:
		signal(k.hubRestarted)
	case mirrorLinkUp:
		signal(k.linkUp)
	}
	k.probePage(ctx, a.Web)
}

// showQR logs and tells (KioskConfig.OnPage) that the seating QR points
// at another page than qr, and returns the page it points at.
func (k *Kiosk) showQR(qr string) string {
	page := k.HubPage()
	if page == qr {
		return qr
	}
	k.logQR(page)
	if k.hooks.onPage != nil {
		k.hooks.onPage()
	}
	return page
}

// AskHub says hello to the hub now rather than at the next helloEvery:
// its answer brings the venue's tables up to date (Tables).
func (k *Kiosk) AskHub() { signal(k.ask) }

// requestHello says hello to the hub with body and returns its answer,
// on the kiosk's own subject. A hub of the build before hears hellos on
// helloPrefix alone, with the id in the body (which the kiosk still
// sends): a kiosk upgraded before its hub says hello there when nothing
// listens on its own subject. A hub of this build never listens there,
// and refuses a kiosk's hello on it (kioskPermissions).
func (k *Kiosk) requestHello(ctx context.Context, body []byte) (*nats.Msg, error) {
	m, err := k.e.nc.RequestWithContext(ctx, helloSubject(k.id), body)
	if errors.Is(err, nats.ErrNoResponders) {
		m, err = k.e.nc.RequestWithContext(ctx, helloPrefix, body)
	}
	return m, err
}

// linkPoll is how often a kiosk looks whether its link to the hub came
// up: reading a counter of its own server, so looking often costs little,
// and the hub hears the kiosk at most this long after the link is back.
// linkPollUp is how often it looks while the hub answers: each look is a
// wake-up of an idle kiosk.
const (
	linkPoll   = 200 * time.Millisecond
	linkPollUp = time.Second
)

// setClock takes the hub's clock from its answer to a hello sent at sent
// and answered at got (the hub read its clock about halfway), and returns
// the answer.
func (k *Kiosk) setClock(answer []byte, sent, got time.Time) helloAnswer {
	var a helloAnswer
	if json.Unmarshal(answer, &a) != nil || a.Now.IsZero() {
		return helloAnswer{} // a hub that does not say its time
	}
	mid := sent.Add(got.Sub(sent) / 2)
	k.d.SetVenueClock(a.Now.Sub(mid))
	return a
}

// KnownTable is a table of the venue as the hub last described it.
type KnownTable struct {
	ID, Table string
	// LastSeen is when the hub last heard from the table, on this
	// kiosk's clock.
	LastSeen time.Time
}

// noteTables keeps the tables of the hub's answer a, got at got, and
// when it came.
func (k *Kiosk) noteTables(a helloAnswer, got time.Time) {
	out := make([]KnownTable, 0, len(a.Tables))
	for _, t := range a.Tables {
		// The hub's clock may differ from the kiosk's: keep how long
		// before its answer the hub heard from the table.
		out = append(out, KnownTable{ID: t.ID, Table: t.Table, LastSeen: got.Add(-a.Now.Sub(t.Heard))})
	}
	k.mu.Lock()
	k.tables, k.answered = out, got
	k.mu.Unlock()
}

// Tables returns the venue's tables as the hub last listed them, and when
// the hub last answered (zero: never since the kiosk started).
func (k *Kiosk) Tables() ([]KnownTable, time.Time) {
	k.mu.Lock()
	defer k.mu.Unlock()
	return append([]KnownTable(nil), k.tables...), k.answered
}

// helloEvery is how often a kiosk that the hub answered says hello again:
// the hub's answers are how both sides know the link carries traffic (a
// link can look up through a partition until its pings fail). helloGap
// without an answer means it did not.
const (
	helloEvery = 5 * time.Second
	helloGap   = 2*helloEvery + 2*time.Second
	// helloSlack is how late a hello may come or be answered and still
	// be on time: a hello waits up to two seconds for its answer.
	helloSlack = 3 * time.Second
)

// hubAlive reports whether the hub answered the last hello, sent at most
// helloEvery ago, on time: the link carries traffic now. (Within helloGap
// was too lax: a partition the link had not noticed yet passed for a live
// link, and a mirror made again then waited out its request, 30 s.)
func (k *Kiosk) hubAlive() bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.now().Sub(k.answered) < helloEvery+helloSlack
}
