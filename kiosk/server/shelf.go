package server

import (
	"context"
	"errors"
	"time"

	"golang.org/x/time/rate"

	"github.com/tablee/tablee/proto/wire"
	"github.com/tablee/tablee/shelf"
)

// Shelf is the ludothèque's catalogue as the phones ask it: the table
// (kiosk/table) implements it over the shelf's Library, so the server
// knows no database. Both methods are safe for concurrent use.
type Shelf interface {
	// Search answers a name search (and the group's count and time),
	// at most wire.MaxShelfFound titles, best first, named in q.Lang.
	Search(ctx context.Context, q ShelfQuery) ([]wire.ShelfTitle, error)
	// Take marks the copy t names as at this table and returns its
	// title as it is now. A copy nobody can find is shelf.ErrNoCopy, one
	// at another table shelf.ErrTaken (wrapped with where it is), a box
	// that names copies of several titles ErrManyBoxes.
	Take(ctx context.Context, t ShelfTake) (wire.ShelfTitle, error)
}

// ShelfQuery is a phone's shelf-search. Final is the guest's finished
// search (wire.Message.Final), which the shelf records; the others are
// searches as typed.
type ShelfQuery struct {
	Text             string
	Lang             string
	Players, Minutes int
	Final            bool
}

// ShelfTake is a phone's shelf-take: a copy's id from a list, or a
// scanned EAN or typed shelf code (wire.CleanBox), and the reader's
// language for the answer.
type ShelfTake struct {
	CopyID int64
	Box    string
	Lang   string
}

// ErrManyBoxes is a shelf code shared by copies of several titles: the
// phone takes one from the list instead.
var ErrManyBoxes = errors.New("shelf: that shelf code holds several titles")

// Budget of one connection's shelf requests. A page searches as the
// guest types, a few requests a second at most once it waits a quarter
// of a second between keys; a phone beyond the budget is told
// rate-limited and keeps its connection.
const (
	DefaultShelfRate  = 4
	DefaultShelfBurst = 12
)

// shelfTimeout bounds one shelf request, so that a slow database holds
// no phone's connection for long.
const shelfTimeout = 5 * time.Second

// prove notes that the phone showed the current QR code (info).
func (c *conn) prove() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.proven = true
}

// shelfAllowed spends one of the connection's shelf requests; may says
// whether the phone may ask at all: seated, or (for a search) proven.
func (s *Server) shelfAllowed(c *conn, m wire.Message, search bool) bool {
	_, seated := c.joined()
	c.mu.Lock()
	may := seated || search && c.proven
	if c.shelfAsks == nil {
		c.shelfAsks = rate.NewLimiter(s.cfg.ShelfRate, s.cfg.ShelfBurst)
	}
	budget := c.shelfAsks
	c.mu.Unlock()
	switch {
	case !may && search:
		c.send(wire.Errorf(wire.NotJoined, "join the table, or scan its QR code, to search its shelf").Reply(m.Ref))
		return false
	case !may:
		c.send(wire.Errorf(wire.NotJoined, "only a phone seated at this table takes a box for it").Reply(m.Ref))
		return false
	case s.cfg.Shelf == nil:
		c.send(wire.Errorf(wire.NoShelf, "this table has no catalogue").Reply(m.Ref))
		return false
	case !budget.AllowN(s.cfg.Now(), 1):
		c.send(wire.Errorf(wire.RateLimited, "more than %v shelf requests a second; wait a moment", float64(s.cfg.ShelfRate)).Reply(m.Ref))
		return false
	}
	return true
}

// shelfSearch answers a shelf-search with the short list.
func (s *Server) shelfSearch(c *conn, m wire.Message) {
	if !s.shelfAllowed(c, m, true) {
		return
	}
	ctx, cancel := context.WithTimeout(s.ctx, shelfTimeout)
	defer cancel()
	found, err := s.cfg.Shelf.Search(ctx, ShelfQuery{Text: m.Text, Lang: m.Lang, Players: m.Players, Minutes: m.Minutes, Final: m.Final})
	if err != nil {
		s.cfg.Logf("shelf search %q: %v", m.Text, err)
		c.send(wire.Errorf(wire.Internal, "the table could not search its shelf; try again").Reply(m.Ref))
		return
	}
	if len(found) > wire.MaxShelfFound {
		found = found[:wire.MaxShelfFound]
	}
	c.send(wire.Message{Type: wire.TypeShelfFound, Ref: m.Ref, Found: found})
}

// shelfTake marks a box as at this table for a seated phone.
func (s *Server) shelfTake(c *conn, m wire.Message) {
	if !s.shelfAllowed(c, m, false) {
		return
	}
	s.mu.Lock()
	sess := s.session
	s.mu.Unlock()
	if sess == nil {
		c.send(wire.Errorf(wire.NoGame, "no group sits at this table now").Reply(m.Ref))
		return
	}
	ctx, cancel := context.WithTimeout(s.ctx, shelfTimeout)
	defer cancel()
	title, err := s.cfg.Shelf.Take(ctx, ShelfTake{CopyID: m.CopyID, Box: m.Box, Lang: m.Lang})
	switch {
	case errors.Is(err, shelf.ErrNoCopy):
		c.send(wire.Errorf(wire.NoCopy, "no box of this shelf has that barcode or shelf code").Reply(m.Ref))
	case errors.Is(err, shelf.ErrTaken):
		c.send(wire.Errorf(wire.CopyTaken, "%v", err).Reply(m.Ref))
	case errors.Is(err, ErrManyBoxes):
		c.send(wire.Errorf(wire.ManyBoxes, "that shelf code holds several titles; pick the box in the list").Reply(m.Ref))
	case err != nil:
		s.cfg.Logf("shelf take %d %q: %v", m.CopyID, m.Box, err)
		c.send(wire.Errorf(wire.Internal, "the table could not note the box; try again").Reply(m.Ref))
	default:
		seat, _ := c.joined()
		s.cfg.Logf("%v took %q from the shelf", seat, title.Name)
		c.send(wire.Message{Type: wire.TypeShelfTaken, Ref: m.Ref, Found: []wire.ShelfTitle{title}})
	}
}
