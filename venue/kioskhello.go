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
	var up bool            // the link was up at the last look
	var upConn uint64      // which connection it was (link)
	var answered time.Time // when the hub last answered, zero since the link came up
	var boot time.Time     // when the hub that answered last started
	var asked bool         // the staff screen asked for news
	var qr string          // the hub's page the seating QR points at; "": the table's own
	for {
		// A link that dropped and came back between two looks is
		// another connection (a hub restarted within a second): as
		// fresh as one seen down, so the hub hears at once of the
		// kiosk, whose source it resumes, and the kiosk of the new hub,
		// whose mirror it makes again, instead of at the next hello.
		link, conn := k.link()
		if link != up || conn != upConn {
			// Whatever answered before the link went down or came back
			// says nothing of it now: the watchdog waits for the hub's
			// next answer before making the mirror again (hubAlive).
			answered = time.Time{}
			k.mu.Lock()
			k.answered = time.Time{}
			k.mu.Unlock()
			k.logf("venue kiosk: link to the hub %s", map[bool]string{true: "up", false: "down"}[link])
			if link {
				k.removal.linked() // the hub let it in: no run of refusals
			}
		}
		up, upConn = link, conn
		if link && (asked || k.now().Sub(answered) >= helloEvery) {
			asked = false
			// Fresh: the link just came up, or the hub has not answered
			// for two hellos (a partition the link did not notice): the
			// hub restarts this kiosk's source, and the mirror is
			// looked at soon after.
			fresh := answered.IsZero() || k.now().Sub(answered) > helloGap
			hi := hello{Kiosk: k.id, Table: k.table, Gen: k.gen, Fresh: fresh, Web: k.web}
			if k.calls != nil {
				hi.Calls = k.calls()
			}
			body, _ := json.Marshal(hi)
			rctx, cancel := context.WithTimeout(ctx, 2*time.Second)
			sent := k.now()
			m, err := k.requestHello(rctx, body)
			cancel()
			switch {
			case ctx.Err() != nil:
				return
			case err == nil:
				// A gap: the link just came up, or hellos went unanswered
				// (a partition the link may not have noticed).
				gap := answered.IsZero() || k.now().Sub(answered) > helloEvery+helloSlack
				answered = k.now()
				a := k.setClock(m.Data, sent, answered)
				// The tables and the time of the answer change
				// together: Desk.Refresh waits for the time.
				k.noteTables(a, answered)
				if len(a.Answered) > 0 && k.onAnswered != nil {
					k.onAnswered(a.Answered)
				}
				if fresh {
					k.logf("venue kiosk: the hub answered")
				}
				switch {
				case !boot.IsZero() && !a.Boot.IsZero() && !a.Boot.Equal(boot):
					// A new hub: the mirror's consumer died with the
					// old one.
					signal(k.hubRestarted)
				case gap:
					// The link carries traffic again: the mirror should
					// flow (a mirror made again during a partition the
					// link did not notice waits out its request). After
					// an answer on time there is nothing to look at:
					// looking costs a request of the stream's info.
					signal(k.linkUp)
				}
				if !a.Boot.IsZero() {
					boot = a.Boot
				}
				k.probePage(ctx, a.Web)
			case !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, nats.ErrNoResponders):
				k.logf("venue kiosk: hello: %v", err)
			}
		}
		if page := k.HubPage(); page != qr {
			qr = page
			k.logQR(page)
			if k.onPage != nil {
				k.onPage()
			}
		}
		// Looking often matters while the link is down or unanswered;
		// once the hub answers, a link that dropped and came back
		// between two looks is caught by the hub (a hello after a gap,
		// onHello) and the watchdogs.
		next := linkPoll
		if up && !answered.IsZero() {
			next = linkPollUp
		}
		t.Reset(next)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-k.ask:
			asked = true
		}
	}
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
