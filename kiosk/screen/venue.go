package screen

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"
)

// VenueHub is a venue's hub found on the network, for the staff to pick
// (docs/venue.md, "Pairing and security").
type VenueHub struct {
	Name, Addr, Fingerprint string
	// PairAddr is its pairing address ("": the venue's default port on
	// Addr's host).
	PairAddr string
	// Words are the verification words of the hub's certificate: the
	// staff compare them with those the hub shows.
	Words string
}

// VenueTable is a table of the venue on the staff screen.
type VenueTable struct {
	Name     string
	This     bool      // this table
	LastSeen time.Time // when the hub last heard from it; zero: not yet
	// Behind: the venue misses, or may miss, games of this table.
	Behind bool
}

// VenueStatus is how the table's venue stands.
type VenueStatus struct {
	Paired      bool
	Addr, Words string // the hub's address and verification words
	// PairWords are the words of this table's pairing, which the hub's
	// console lists it with.
	PairWords string
	Linked    bool // the link to the hub is up
	// Answered is when the hub last answered; Stale says it has not
	// lately, so the tables are as it listed them then.
	Answered time.Time
	Stale    bool
	Tables   []VenueTable
	// Removed: the hub refuses this table since RemovedSince (it was
	// removed from the venue at the hub, or the hub lost its list of
	// tables); the table asks again once a minute, the staff pair again
	// or leave.
	Removed      bool
	RemovedSince time.Time
	// StoreFull: the table's venue store cannot be written (a full disk)
	// since StoreSince; the table plays on and resumes by itself.
	StoreFull  bool
	StoreSince time.Time
	// Aside are the latest venue sessions kept aside (venueaside.go),
	// AsideCount how many in all.
	Aside      []VenueAside
	AsideCount int
}

// ErrVenueRefused is what VenueDesk.Pair returns (wrapped) when the hub
// refused the code.
var ErrVenueRefused = errors.New("screen: the hub refused the code")

// ErrVenueCodeUsed and ErrVenueCodeExpired are what VenueDesk.Pair
// returns (wrapped) when the hub said why it refused the code: a code
// pairs one table, within 15 minutes. Both are ErrVenueRefused too.
var (
	ErrVenueCodeUsed    = fmt.Errorf("%w: code already used", ErrVenueRefused)
	ErrVenueCodeExpired = fmt.Errorf("%w: code expired", ErrVenueRefused)
)

// VenueDesk is the table's venue as the staff screen runs it: find hubs,
// pair with one, leave, and how the venue stands. The kiosk implements it
// over the venue package; tests may too.
type VenueDesk interface {
	FindHubs(ctx context.Context) ([]VenueHub, error)
	// Pair joins the hub with its code and starts sharing at once.
	Pair(ctx context.Context, hub VenueHub, code string) error
	Unpair(ctx context.Context) error
	Status(ctx context.Context) (VenueStatus, error)
	// Refresh asks the hub for news of the tables now, and returns
	// once it answered or it is clear it will not soon.
	Refresh(ctx context.Context)
}

// venueTab is the staff screen's "Venue" section.
func (s *Staff) venueTab() fyne.CanvasObject {
	s.venueBox = container.NewVBox()
	s.showVenue()
	return container.NewVScroll(s.venueBox)
}

// do runs f on the UI goroutine.
func (s *Staff) do(f func()) {
	if s.act.Do != nil {
		s.act.Do(f)
		return
	}
	fyne.Do(f)
}

// setVenue replaces the venue section's content.
func (s *Staff) setVenue(objs ...fyne.CanvasObject) {
	s.venueShown = nil
	s.venueBox.RemoveAll()
	for _, o := range objs {
		s.venueBox.Add(o)
	}
}

// VenueRefresh is how often the venue section reads the venue's status
// again while it shows: a table is behind after two hellos unheard, so a
// few seconds are soon enough, and the read is local (no network).
const VenueRefresh = 5 * time.Second

// watchVenue refreshes the section's status on every tick until
// unwatchVenue, off the UI goroutine; the screen changes go through Do.
func (s *Staff) watchVenue() {
	if s.stopWatch != nil {
		return
	}
	ticks, stopTicks := s.ticks()
	done := make(chan struct{})
	s.stopWatch = func() {
		close(done)
		stopTicks()
	}
	s.watchers.Add(1)
	go func() {
		defer s.watchers.Done()
		for {
			select {
			case <-done:
				return
			case <-s.ctx.Done():
				return
			case <-ticks:
			}
			st, err := s.act.Venue.Status(s.ctx)
			s.do(func() {
				select {
				case <-done: // the section went while the status was read
					return
				default:
				}
				if s.venueShown == nil {
					return // staff are pairing: leave their screen be
				}
				if err != nil {
					s.fault(err)
					return
				}
				if !reflect.DeepEqual(st, *s.venueShown) {
					s.renderVenue(st)
				}
			})
		}
	}()
}

// unwatchVenue stops the section's refresh, if it runs.
func (s *Staff) unwatchVenue() {
	if s.stopWatch != nil {
		s.stopWatch()
		s.stopWatch = nil
	}
}

// ticks are the refresh's ticks and how to stop them.
func (s *Staff) ticks() (<-chan time.Time, func()) {
	if s.act.Ticks != nil {
		return s.act.Ticks()
	}
	t := time.NewTicker(VenueRefresh)
	return t.C, t.Stop
}

// showVenue shows the venue as it stands: the table's venue, or how to
// join one.
func (s *Staff) showVenue() {
	st, err := s.act.Venue.Status(s.ctx)
	if err != nil {
		s.fault(err)
	}
	s.renderVenue(st)
}

// renderVenue shows st: the table's venue, or how to join one.
func (s *Staff) renderVenue(st VenueStatus) {
	if !st.Paired {
		s.showJoin("")
		return
	}
	if st.Removed {
		s.renderRemoved(st)
		return
	}
	state := s.w.T("kiosk.venue.linked")
	if !st.Linked {
		state = s.w.T("kiosk.venue.unlinked")
	}
	objs := []fyne.CanvasObject{
		leading(text(s.w.T("kiosk.venue.paired_title"), NameSize, true)),
		wrapped(s.w.T("kiosk.venue.hub", "Addr", st.Addr, "Words", st.Words)),
		wrapped(state),
	}
	if st.PairWords != "" {
		objs = append(objs, wrapped(s.w.T("pairing.table_words", "Words", st.PairWords)))
	}
	if st.Stale && !st.Answered.IsZero() {
		objs = append(objs, wrapped(s.w.T("kiosk.venue.stale", "Time", st.Answered.Local().Format("15:04:05"))))
	}
	if st.StoreFull {
		objs = append(objs, boldWrapped(s.w.T("venuehealth.table_store_full", "Time", st.StoreSince.Local().Format("15:04"))))
	}
	objs = append(objs, s.asideLines(st)...)
	cols := &columns{weights: []float32{2, 1.2, 1}}
	grid := container.NewVBox(container.New(cols, header(s.w.T("kiosk.venue.table")),
		header(s.w.T("kiosk.venue.last_seen")), header(s.w.T("kiosk.venue.state"))))
	s.venueLines = nil
	for _, t := range st.Tables {
		name := t.Name
		if t.This {
			name = s.w.T("kiosk.venue.this", "Name", t.Name)
		}
		seen := s.w.T("kiosk.venue.never")
		if !t.LastSeen.IsZero() {
			seen = t.LastSeen.Local().Format("15:04:05")
		}
		state := s.w.T("kiosk.venue.up_to_date")
		if t.Behind {
			state = s.w.T("kiosk.venue.behind")
		}
		s.venueLines = append(s.venueLines, name+" | "+state)
		stateText := text(state, BodySize+4, t.Behind)
		grid.Add(container.New(cols, text(name, BodySize+4, t.This), text(seen, BodySize+4, false), stateText))
	}
	_, refresh := button(s.w.T("kiosk.venue.refresh"), 260, s.refreshVenue)
	_, unpair := button(s.w.T("kiosk.venue.unpair"), 320, s.confirmUnpair)
	objs = append(objs, panel(container.NewVBox(leading(text(s.w.T("kiosk.venue.tables"), NameSize, true)), grid)),
		container.NewHBox(refresh, layout.NewSpacer(), unpair))
	s.setVenue(objs...)
	s.venueShown = &st
}

// renderRemoved shows a table the hub no longer lets in: what happened,
// and the two ways on, pairing again (with the hub's code) or leaving.
// The venue's tables are left out: the hub's last list says nothing now.
func (s *Staff) renderRemoved(st VenueStatus) {
	s.venueLines = nil
	_, again := button(s.w.T("kiosk.venue.pair_again"), 360, s.searchHubs)
	_, unpair := button(s.w.T("kiosk.venue.unpair"), 320, s.confirmUnpair)
	s.setVenue(
		leading(text(s.w.T("kiosk.venue.removed_title"), NameSize, true)),
		wrapped(s.w.T("kiosk.venue.hub", "Addr", st.Addr, "Words", st.Words)),
		boldWrapped(s.w.T("kiosk.venue.removed", "Time", st.RemovedSince.Local().Format("15:04"))),
		container.NewHBox(again, layout.NewSpacer(), unpair))
	s.venueShown = &st
}

// refreshVenue asks the hub for news off the UI goroutine, then shows
// the venue as it stands.
func (s *Staff) refreshVenue() {
	go func() {
		s.act.Venue.Refresh(s.ctx)
		s.do(s.showVenue)
	}()
}

// VenueLines are the venue section's tables, "name | state" (for tests).
func (s *Staff) VenueLines() []string { return s.venueLines }

// showJoin shows how to join a venue, with note (an error) if any.
func (s *Staff) showJoin(note string) {
	_, search := button(s.w.T("kiosk.venue.search"), 360, s.searchHubs)
	objs := []fyne.CanvasObject{
		leading(text(s.w.T("kiosk.venue.join_title"), NameSize, true)),
		wrapped(s.w.T("kiosk.venue.join_hint")),
	}
	if note != "" {
		objs = append(objs, boldWrapped(note))
	}
	s.setVenue(append(objs, container.NewHBox(search))...)
}

// searchHubs lists the hubs that answer, off the UI goroutine.
func (s *Staff) searchHubs() {
	s.setVenue(wrapped(s.w.T("kiosk.venue.searching")))
	go func() {
		hubs, err := s.act.Venue.FindHubs(s.ctx)
		s.do(func() { s.showHubs(hubs, err) })
	}()
}

// showHubs lists the hubs found, one button each.
func (s *Staff) showHubs(hubs []VenueHub, err error) {
	if err != nil {
		s.fault(err)
	}
	if len(hubs) == 0 {
		s.showJoin(s.w.T("kiosk.venue.none"))
		return
	}
	objs := []fyne.CanvasObject{leading(text(s.w.T("kiosk.venue.join_title"), NameSize, true))}
	for _, h := range hubs {
		h := h
		_, b := button(h.Name+" — "+h.Addr, 600, func() { s.askCode(h, "") })
		objs = append(objs, b)
	}
	_, again := button(s.w.T("kiosk.venue.search"), 360, s.searchHubs)
	s.setVenue(append(objs, container.NewHBox(again))...)
}

// askCode asks for hub's pairing code, with note (an error) if any.
func (s *Staff) askCode(h VenueHub, note string) {
	code := widget.NewEntry()
	code.SetPlaceHolder("000000")
	s.codeEntry = code
	next := func() {
		c := strings.TrimSpace(code.Text)
		if len(c) != 6 || strings.Trim(c, "0123456789") != "" {
			return
		}
		s.showWords(h, c)
	}
	code.OnSubmitted = func(string) { next() }
	_, ok := button(s.w.T("kiosk.venue.next"), 260, next)
	_, cancel := button(s.w.T("kiosk.venue.cancel"), 260, s.showVenue)
	objs := []fyne.CanvasObject{wrapped(s.w.T("kiosk.venue.code", "Hub", h.Name)), sized(code, 320, TouchSize)}
	if note != "" {
		objs = append(objs, boldWrapped(note))
	}
	s.setVenue(append(objs, container.NewHBox(ok, cancel))...)
	if c := s.win.Canvas(); c != nil {
		c.Focus(code)
	}
}

// CodeEntry is the pairing code's entry while it shows (for tests).
func (s *Staff) CodeEntry() *widget.Entry { return s.codeEntry }

// ConfirmHub shows the words of hub h's certificate to compare before
// pairing with code, as the section does once the code is typed (for
// the screenshot build).
func (s *Staff) ConfirmHub(h VenueHub, code string) { s.showWords(h, code) }

// showWords shows the hub certificate's words to compare before pairing.
func (s *Staff) showWords(h VenueHub, code string) {
	_, ok := button(s.w.T("kiosk.venue.confirm"), 360, func() { s.pair(h, code) })
	_, cancel := button(s.w.T("kiosk.venue.cancel"), 260, s.showVenue)
	words := text(h.Words, TitleSize, true)
	s.setVenue(wrapped(s.w.T("kiosk.venue.words", "Words", h.Words)), words, container.NewHBox(ok, cancel))
}

// pair pairs with h off the UI goroutine.
func (s *Staff) pair(h VenueHub, code string) {
	s.setVenue(wrapped(s.w.T("kiosk.venue.pairing")))
	go func() {
		err := s.act.Venue.Pair(s.ctx, h, code)
		s.do(func() {
			switch {
			case err == nil:
				s.showVenue()
			case errors.Is(err, ErrVenueCodeUsed):
				s.askCode(h, s.w.T("pairing.code_used"))
			case errors.Is(err, ErrVenueCodeExpired):
				s.askCode(h, s.w.T("pairing.code_expired"))
			case errors.Is(err, ErrVenueRefused):
				s.askCode(h, s.w.T("kiosk.venue.refused"))
			default:
				s.fault(err)
				s.showJoin(s.w.T("kiosk.venue.failed"))
			}
		})
	}()
}

// confirmUnpair asks before the table leaves its venue.
func (s *Staff) confirmUnpair() {
	d := dialog.NewConfirm(s.w.T("kiosk.venue.unpair"), s.w.T("kiosk.venue.unpair_confirm"), func(ok bool) {
		if ok {
			s.unpair()
		}
	}, s.win)
	d.SetConfirmText(s.w.T("kiosk.venue.unpair"))
	d.SetDismissText(s.w.T("kiosk.venue.cancel"))
	d.Show()
}

// unpair leaves the venue off the UI goroutine (stopping the embedded
// server takes a moment).
func (s *Staff) unpair() {
	go func() {
		err := s.act.Venue.Unpair(s.ctx)
		s.do(func() {
			if err != nil {
				s.fault(err)
			}
			s.showVenue()
		})
	}()
}

// leading aligns a text to the start of its line.
func leading(t fyne.CanvasObject) fyne.CanvasObject {
	return container.NewHBox(t)
}

// boldWrapped is a wrapped label in bold, for a note that matters.
func boldWrapped(s string) *widget.Label {
	l := wrapped(s)
	l.TextStyle.Bold = true
	return l
}
