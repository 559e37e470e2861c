package screen

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/uitest"
)

// fakeDesk is a venue the table belongs to, as its desk tells it; the
// section's refresh reads it from its own goroutine.
type fakeDesk struct {
	mu sync.Mutex
	st VenueStatus
}

func (f *fakeDesk) FindHubs(context.Context) ([]VenueHub, error) { return nil, nil }
func (f *fakeDesk) Pair(context.Context, VenueHub, string) error { return nil }
func (f *fakeDesk) Unpair(context.Context) error                 { f.set(VenueStatus{}); return nil }
func (f *fakeDesk) Refresh(context.Context)                      {}
func (f *fakeDesk) Status(context.Context) (VenueStatus, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.st, nil
}

// set changes how the venue stands.
func (f *fakeDesk) set(st VenueStatus) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.st = st
}

// The venue section lists the venue's tables with when each was last
// heard from, marks those behind, and the venue's boards name them in
// their provisional note; in each language.
func TestStaffVenueSectionShowsTheTablesBehind(t *testing.T) {
	test.NewTempApp(t)
	seen := time.Date(2026, 11, 26, 21, 4, 5, 0, time.Local)
	desk := &fakeDesk{st: VenueStatus{Paired: true, Addr: "192.168.1.20:7460", Words: "lune-castor-piano", Linked: true, Answered: seen,
		Tables: []VenueTable{
			{Name: "Table du fond", This: true, LastSeen: seen},
			{Name: "Terrasse", LastSeen: seen.Add(-3 * time.Minute), Behind: true},
			{Name: "Mezzanine", LastSeen: seen},
		}}}
	rec := &fakeRecords{venue: VenueState{Paired: true, Linked: true, Behind: []string{"Terrasse"}},
		boards: map[string][]Standing{"venue:canoe/all": {{Place: 1, Name: "Anouk", Games: 4, Wins: 3}}}}
	for lang, want := range map[i18n.Lang][]string{
		i18n.FR: {"Table du fond (cette table) | à jour", "Terrasse | en retard", "Mezzanine | à jour"},
		i18n.DE: {"Table du fond (dieser Tisch) | aktuell", "Terrasse | hängt hinterher", "Mezzanine | aktuell"},
		i18n.EN: {"Table du fond (this table) | up to date", "Terrasse | behind", "Mezzanine | up to date"},
	} {
		w := test.NewTempWindow(t, nil)
		s := NewStaff(context.Background(), words(t, lang), w, rec, infos(), StaffActions{Venue: desk, Do: func(f func()) { f() }})
		t.Cleanup(s.Close)
		w.SetContent(s.Content())
		w.Resize(fyne.NewSize(1920, 1080))
		s.Select(4)
		if got := s.VenueLines(); !slices.Equal(got, want) {
			t.Errorf("%s: tables %q, want %q", lang, got, want)
		}
		for _, text := range []string{"21:01:05", "21:04:05", "lune-castor-piano"} {
			if !uitest.HasText(s.Content(), text) {
				t.Errorf("%s: the venue section lacks %q", lang, text)
			}
		}
		board := s.ShowVenueBoard("canoe", AllTime)
		if len(board) != 2 || !strings.Contains(board[0], "Terrasse") {
			t.Errorf("%s: the venue board %q does not say Terrasse is behind", lang, board)
		}
	}
}

// fakeTicks are the venue section's ticks, sent by the test, and whether
// they were stopped.
type fakeTicks struct {
	c       chan time.Time
	mu      sync.Mutex
	started int
	stopped int
}

func (f *fakeTicks) ticks() (<-chan time.Time, func()) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.started++
	return f.c, func() {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.stopped++
	}
}

// running is how many tickers run.
func (f *fakeTicks) running() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.started - f.stopped
}

// While the staff look at the venue section, it follows the venue by
// itself: a table falling behind and the link going down show on the next
// tick without a tap; a tick while staff type a pairing code leaves their
// screen be; leaving the section or the screen stops the ticker and its
// goroutine.
func TestStaffVenueSectionRefreshesByItself(t *testing.T) {
	test.NewTempApp(t)
	ctx := beforeDeadline(t)
	seen, up := linkedVenue()
	desk := &fakeDesk{st: up}
	q := uitest.NewQueue()
	ft := &fakeTicks{c: make(chan time.Time)}
	w := test.NewTempWindow(t, nil)
	s := NewStaff(ctx, words(t, i18n.FR), w, &fakeRecords{}, infos(), StaffActions{Venue: desk, Do: q.Do, Ticks: ft.ticks})
	w.SetContent(s.Content())
	w.Resize(fyne.NewSize(1920, 1080))
	if ft.running() != 0 {
		t.Fatal("the venue section ticks before it shows")
	}
	s.Select(4)
	want := []string{"Table du fond (cette table) | à jour", "Terrasse | à jour"}
	if got := s.VenueLines(); !slices.Equal(got, want) {
		t.Fatalf("tables %q, want %q", got, want)
	}
	// tick sends one tick (the goroutine takes it) and runs the screen
	// change it queues.
	tick := func() {
		t.Helper()
		select {
		case ft.c <- seen:
		case <-ctx.Done():
			t.Fatal("the venue section's goroutine took no tick")
		}
		if err := q.Wait(ctx); err != nil {
			t.Fatalf("no screen change after a tick: %v", err)
		}
	}

	down := up
	down.Linked = false
	down.Tables = []VenueTable{{Name: "Table du fond", This: true, LastSeen: seen, Behind: true}, {Name: "Terrasse", LastSeen: seen.Add(-time.Minute), Behind: true}}
	desk.set(down)
	tick()
	want = []string{"Table du fond (cette table) | en retard", "Terrasse | en retard"}
	if got := s.VenueLines(); !slices.Equal(got, want) {
		t.Errorf("after a tick the tables read %q, want %q", got, want)
	}
	if !uitest.HasText(s.Content(), words(t, i18n.FR).T("kiosk.venue.unlinked")) {
		t.Error("the link down does not show without a tap")
	}

	s.askCode(VenueHub{Name: "Tablée salle"}, "")
	s.CodeEntry().SetText("123")
	desk.set(up)
	tick()
	if _, ok := uitest.Find(s.Content(), func(e *widget.Entry) bool { return e == s.CodeEntry() && e.Text == "123" }); !ok {
		t.Error("a tick replaced the code the staff were typing")
	}

	s.Select(0)
	if ft.running() != 0 {
		t.Errorf("%d tickers still run with the section hidden", ft.running())
	}
	s.Select(4)
	tick()
	if got := s.VenueLines(); !slices.Equal(got, []string{"Table du fond (cette table) | à jour", "Terrasse | à jour"}) {
		t.Errorf("back on the section, the tables read %q", got)
	}
	s.Close()
	if ft.running() != 0 {
		t.Errorf("%d tickers still run after the screen closed", ft.running())
	}
	ended := make(chan struct{})
	go func() { s.watchers.Wait(); close(ended) }()
	select {
	case <-ended:
	case <-ctx.Done():
		t.Fatal("the venue section's goroutine outlives the screen")
	}
}

// findsHubs is a fakeDesk that counts the searches for hubs.
type findsHubs struct {
	*fakeDesk
	mu       sync.Mutex
	searched int
}

func (f *findsHubs) FindHubs(context.Context) ([]VenueHub, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.searched++
	return []VenueHub{{Name: "Tablée salle", Addr: "192.168.1.20:7460"}}, nil
}

func (f *findsHubs) searches() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.searched
}

// A table the hub removed: the venue section says so on its next tick,
// without the tables' list, in each language, with its two ways on —
// joining again (the search for hubs, then the hub's code) and leaving.
func TestStaffVenueSectionShowsATableRemoved(t *testing.T) {
	test.NewTempApp(t)
	ctx := beforeDeadline(t)
	seen, up := linkedVenue()
	removed := up
	removed.Linked, removed.Removed, removed.RemovedSince = false, true, seen.Add(3*time.Minute)
	for _, lang := range []i18n.Lang{i18n.FR, i18n.DE, i18n.EN} {
		w := words(t, lang)
		desk := &findsHubs{fakeDesk: &fakeDesk{st: up}}
		q := uitest.NewQueue()
		ft := &fakeTicks{c: make(chan time.Time)}
		win := test.NewTempWindow(t, nil)
		rec := &fakeRecords{venue: VenueState{Paired: true, Removed: true},
			boards: map[string][]Standing{"venue:canoe/all": {{Place: 1, Name: "Anouk", Games: 4, Wins: 3}}}}
		s := NewStaff(ctx, w, win, rec, infos(), StaffActions{Venue: desk, Do: q.Do, Ticks: ft.ticks})
		t.Cleanup(s.Close)
		win.SetContent(s.Content())
		win.Resize(fyne.NewSize(1920, 1080))
		s.Select(4)
		desk.set(removed)
		select {
		case ft.c <- seen:
		case <-ctx.Done():
			t.Fatal("the venue section's goroutine took no tick")
		}
		if err := q.Wait(ctx); err != nil {
			t.Fatalf("%s: no screen change after a tick: %v", lang, err)
		}
		for _, text := range []string{w.T("kiosk.venue.removed_title"), "21:07", "lune-castor-piano"} {
			if !uitest.HasText(s.Content(), text) {
				t.Errorf("%s: the removed table's section lacks %q", lang, text)
			}
		}
		if len(s.VenueLines()) != 0 || uitest.HasText(s.Content(), w.T("kiosk.venue.tables")) {
			t.Errorf("%s: a removed table still lists the venue's tables %q", lang, s.VenueLines())
		}
		button := func(label string) *widget.Button {
			b, ok := uitest.Find(s.Content(), func(b *widget.Button) bool { return b.Text == label })
			if !ok {
				t.Fatalf("%s: no button %q", lang, label)
			}
			return b
		}
		button(w.T("kiosk.venue.unpair"))
		test.Tap(button(w.T("kiosk.venue.pair_again")))
		if err := q.Wait(ctx); err != nil {
			t.Fatalf("%s: no hubs listed after joining again: %v", lang, err)
		}
		if desk.searches() != 1 {
			t.Errorf("%s: joining again searched %d times for hubs", lang, desk.searches())
		}
		// Picking the hub asks its code; cancelling comes back to the
		// removed table's section, not to a table of no venue.
		test.Tap(button("Tablée salle — 192.168.1.20:7460"))
		test.Tap(button(w.T("kiosk.venue.cancel")))
		if !uitest.HasText(s.Content(), w.T("kiosk.venue.removed_title")) {
			t.Errorf("%s: cancelling the code does not show the removed table again", lang)
		}
		if board := s.ShowVenueBoard("canoe", AllTime); len(board) == 0 || board[0] != w.T("kiosk.board.venue_removed") {
			t.Errorf("%s: the venue board of a removed table reads %q", lang, board)
		}
	}
}

// beforeDeadline is a context that ends just before the test binary's
// deadline, so that a wait that never ends names what it waited for.
func beforeDeadline(t *testing.T) context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	if d, ok := t.Deadline(); ok {
		ctx, cancel = context.WithDeadline(context.Background(), d.Add(-10*time.Second))
	}
	t.Cleanup(cancel)
	return ctx
}

// linkedVenue is a paired table linked to its hub, with Terrasse, both
// seen at the time it returns.
func linkedVenue() (time.Time, VenueStatus) {
	seen := time.Date(2026, 11, 26, 21, 4, 5, 0, time.Local)
	return seen, VenueStatus{Paired: true, Addr: "192.168.1.20:7460", Words: "lune-castor-piano", Linked: true, Answered: seen,
		Tables: []VenueTable{{Name: "Table du fond", This: true, LastSeen: seen}, {Name: "Terrasse", LastSeen: seen}}}
}
