package venue

import (
	"context"
	"encoding/json"
	"net"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/nats-io/nats.go"
)

// hello is what a kiosk says when it joins the venue.
type hello struct {
	Kiosk string `json:"kiosk"`
	Table string `json:"table"`
	// Gen is the generation of the kiosk's stream (kioskDomain).
	Gen int `json:"gen,omitempty"`
	// Fresh marks the first hellos after the kiosk's link came up.
	Fresh bool `json:"fresh,omitempty"`
	// Web is the table's web page, HOST:PORT, as its QR code names it.
	Web string `json:"web,omitempty"`
	// Calls are the table's open staff calls: the hub's console shows
	// them until someone answers them, there or at the table.
	Calls []Call `json:"calls,omitempty"`
	// ConsoleCSR asks for a new console certificate (consolerenew.go).
	ConsoleCSR []byte `json:"console_csr,omitempty"`
}

// notedKiosk is what the hub last wrote of a kiosk in its database.
type notedKiosk struct {
	gen int
	at  time.Time
}

// noteEvery is how often the hub writes that a kiosk was heard of.
const noteEvery = time.Minute

// helloAnswer is the hub's answer: its clock, and when it started (a
// kiosk knows from it that the hub restarted).
type helloAnswer struct {
	Now  time.Time `json:"now"`
	Boot time.Time `json:"boot"`
	// Web is the hub's web page, HOST:PORT, with no host when the hub
	// serves it on every address (the kiosk names the hub as it dials
	// it); empty: the hub serves none.
	Web string `json:"web,omitempty"`
	// Tables are the venue's tables and when the hub last heard from
	// each: a kiosk's staff screen shows them, and which are behind.
	Tables []helloTable `json:"tables,omitempty"`
	// Answered are the kiosk's calls the hub's console answered: the
	// kiosk closes them (KioskConfig.OnAnswered).
	Answered []string `json:"answered,omitempty"`
	// Console and CA answer a ConsoleCSR: the table's new console
	// certificate and the venue authority's (DER).
	Console []byte `json:"console,omitempty"`
	CA      []byte `json:"ca,omitempty"`
	// Limits are the hub's per-kiosk limits, Cut the kiosks it cut off:
	// the kiosks' mirrors meter as the hub does (kioskmeter.go).
	Limits *KioskLimits `json:"limits,omitempty"`
	Cut    []string     `json:"cut,omitempty"`
}

// helloTable is one table in the hub's answer.
type helloTable struct {
	ID    string    `json:"id"`
	Table string    `json:"table"`
	Heard time.Time `json:"heard"`
}

// tables lists the paired kiosks the hub knows and when it last heard
// from each (its database notes hellos once a minute; its memory each).
func (h *Hub) tables(ctx context.Context) []helloTable {
	kiosks, err := h.d.VenueKiosks(ctx)
	if err != nil {
		h.logf("venue hub: tables: %v", err)
		return nil
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []helloTable
	for _, k := range kiosks {
		if h.auth.creds.get(k.ID) == "" {
			continue // revoked: no longer a table of the venue
		}
		heard := k.LastSeen
		if t := h.news.heard[k.ID]; t.After(heard) {
			heard = t
		}
		out = append(out, helloTable{ID: k.ID, Table: k.Table, Heard: heard.UTC()})
	}
	return out
}

// freshLink is the leaf connection a fresh hello came over; 0 for
// another hello (only a fresh one looks: Leafz lists every link).
func (h *Hub) freshLink(hi hello) uint64 {
	if !hi.Fresh {
		return 0
	}
	return h.leafLink(hi.Kiosk)
}

// leafLink is the id, at this server, of kiosk id's leaf connection (the
// newest, while an old one lingers); 0 if it has none.
func (h *Hub) leafLink(id string) uint64 {
	lz, err := h.e.srv.Leafz(nil)
	if err != nil {
		return 0
	}
	var cid uint64
	for _, l := range lz.Leafs {
		if l.Name == kioskServerPrefix+id && l.ID > cid {
			cid = l.ID
		}
	}
	return cid
}

// onHello notes the kiosk and, if it is new, sources its stream. The
// kiosk is the one the subject names (only its link may say hello there);
// a hello whose body names another is refused, unanswered.
func (h *Hub) onHello(m *nats.Msg) {
	hi, ok := h.readHello(m)
	if !ok {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	now := h.now()
	gap, answered := h.heardHello(hi, now)
	added, err := h.noteKiosk(ctx, hi, now)
	if err == nil {
		err = h.sourceHello(ctx, hi, now, gap, added)
	}
	if err != nil {
		h.logf("venue hub: hello from %s: %v", hi.Kiosk, err)
		return
	}
	// The answer carries the hub's clock: the kiosk stamps its events on
	// it (db.SessionEvent.At).
	cert, ca := h.renewTableConsole(hi.Kiosk, hi.ConsoleCSR)
	answer, _ := json.Marshal(helloAnswer{Now: h.now().UTC(), Boot: h.boot, Web: h.web.at, Tables: h.tables(ctx), Answered: answered, Console: cert, CA: ca,
		Limits: &h.meter.limits, Cut: h.auth.creds.cutList()})
	if err := m.Respond(answer); err != nil {
		h.logf("venue hub: hello from %s: %v", hi.Kiosk, err)
	}
}

// readHello reads the hello m; false (logged) if it is not one a paired
// kiosk may say on its subject.
func (h *Hub) readHello(m *nats.Msg) (hello, bool) {
	id := strings.TrimPrefix(m.Subject, heardPrefix+".")
	var hi hello
	if err := json.Unmarshal(m.Data, &hi); err != nil {
		h.logf("venue hub: hello from %s: %v", id, err)
		return hi, false
	}
	if hi.Kiosk != id {
		h.logf("venue hub: a hello from kiosk %s as kiosk %q refused", id, hi.Kiosk)
		return hi, false
	}
	if _, err := uuid.Parse(hi.Kiosk); err != nil {
		h.logf("venue hub: hello from %q: not a kiosk id", hi.Kiosk)
		return hi, false
	}
	// Revoked while its hello was on its way: not sourced again.
	return hi, h.auth.creds.get(hi.Kiosk) != ""
}

// heardHello notes in memory that hi came at now: its page and its calls.
// It reports a gap — the hub missed this kiosk's hellos (a partition its
// link may not have noticed) or never heard it since it started — and
// returns the ids of its calls the hub's console answered.
func (h *Hub) heardHello(hi hello, now time.Time) (gap bool, answered []string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	last, heard := h.news.heard[hi.Kiosk]
	gap = !heard || now.Sub(last) > helloEvery+helloSlack
	h.news.heard[hi.Kiosk] = now
	if _, _, err := net.SplitHostPort(hi.Web); err == nil {
		h.news.pages[hi.Kiosk] = hi.Web
	}
	return gap, h.noteCalls(hi.Kiosk, hi.Calls)
}

// noteKiosk notes hi's kiosk in the database, and reports whether it is
// new there (or its stream's generation is). The database learns a
// kiosk, a new generation of its stream, and when it was last heard of at
// most every noteEvery: hellos come every 5 s from every kiosk.
func (h *Hub) noteKiosk(ctx context.Context, hi hello, now time.Time) (bool, error) {
	h.mu.Lock()
	seen, noted := h.news.noted[hi.Kiosk]
	h.mu.Unlock()
	if noted && seen.gen == hi.Gen && now.Sub(seen.at) < noteEvery {
		return false, nil
	}
	added, err := h.d.NoteVenueKiosk(ctx, hi.Kiosk, hi.Table, hi.Gen, now)
	if err == nil {
		h.mu.Lock()
		h.news.noted[hi.Kiosk] = notedKiosk{gen: hi.Gen, at: now}
		h.mu.Unlock()
	}
	return added, err
}

// sourceHello adds the source of hi's kiosk if it is new (added) or not
// sourced since the hub started, and restarts it when its link just came
// up or carried nothing for a while (gap).
func (h *Hub) sourceHello(ctx context.Context, hi hello, now time.Time, gap, added bool) error {
	h.mu.Lock()
	live := h.src.live[hi.Kiosk]
	h.mu.Unlock()
	switch {
	case added || !live:
		// The kiosk's first hello since the hub started (or a new
		// generation of its stream): its source is added now, over
		// the live link, and flows at once.
		h.mu.Lock()
		h.src.added[hi.Kiosk] = now
		h.src.live[hi.Kiosk] = true
		h.mu.Unlock()
		return h.updateSources(ctx)
	case (hi.Fresh || gap && h.sourceStale(ctx, kioskDomain(hi.Kiosk, hi.Gen))) && h.mayKick(hi.Kiosk, now, hi.Fresh, h.freshLink(hi)):
		// The kiosk's link just came up, or carried nothing for a
		// while: its source's consumer request most likely went out
		// while the link was down (after a hub restart, always) and
		// would wait 30 s. A source restarted now, over the live link,
		// flows at once; restarting one that flowed costs two updates
		// of the stream's configuration. A hello on time after another
		// is not looked into: the stream's info is a request, and
		// hellos come every 5 s from every kiosk.
		return h.kick(ctx, hi.Kiosk)
	}
	return nil
}
