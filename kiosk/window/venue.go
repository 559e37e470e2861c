package window

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/tablee/tablee/kiosk/screen"
	"github.com/tablee/tablee/proto/tlscert"
	"github.com/tablee/tablee/venue"
)

// venueDesk serves the staff screen's venue section (screen.VenueDesk)
// from the kiosk's side of the venue.
type venueDesk struct {
	d *venue.Desk
	// lang is the staff screen's language, the verification words'
	// (tlscert.ShowPhrase: its words and the numbers every language shares).
	lang string
}

func (v venueDesk) FindHubs(ctx context.Context) ([]screen.VenueHub, error) {
	hubs, err := v.d.Find(ctx)
	out := make([]screen.VenueHub, 0, len(hubs))
	for _, h := range hubs {
		if len(h.Addrs) == 0 {
			continue
		}
		// The words are those of the fingerprint the kiosk will pin: a
		// hub that does not hold that certificate fails the handshake.
		out = append(out, screen.VenueHub{Name: h.Name, Addr: h.Addrs[0], PairAddr: venue.PairAddrOf(h), Fingerprint: h.Fingerprint,
			Words: tlscert.ShowPhrase(tlscert.Phrase(h.Fingerprint), v.lang)})
	}
	return out, err
}

func (v venueDesk) Pair(ctx context.Context, h screen.VenueHub, code string) error {
	err := v.d.Pair(ctx, venue.Pairing{Addr: h.Addr, PairAddr: h.PairAddr, Code: code, Fingerprint: h.Fingerprint})
	switch {
	case errors.Is(err, venue.ErrCodeUsed):
		return fmt.Errorf("%w: %w", screen.ErrVenueCodeUsed, err)
	case errors.Is(err, venue.ErrCodeExpired):
		return fmt.Errorf("%w: %w", screen.ErrVenueCodeExpired, err)
	case errors.Is(err, venue.ErrRefused):
		return fmt.Errorf("%w: %w", screen.ErrVenueRefused, err)
	}
	return err
}

func (v venueDesk) Unpair(ctx context.Context) error { return v.d.Unpair(ctx) }

func (v venueDesk) Refresh(ctx context.Context) { v.d.Refresh(ctx) }

func (v venueDesk) Status(ctx context.Context) (screen.VenueStatus, error) {
	st, err := v.d.Status(ctx, time.Now())
	if err != nil || !st.Paired {
		return screen.VenueStatus{}, err
	}
	out := screen.VenueStatus{Paired: true, Addr: st.Hub.Addr, Words: tlscert.ShowPhrase(tlscert.Phrase(st.Hub.Fingerprint), v.lang), PairWords: tlscert.ShowPhrase(st.PairWords, v.lang), Linked: st.Linked,
		Answered: st.Answered, Stale: st.Stale, Removed: st.Removed, RemovedSince: st.RemovedSince,
		StoreFull: st.StoreFull, StoreSince: st.StoreSince}
	for _, t := range st.Tables {
		out.Tables = append(out.Tables, screen.VenueTable{Name: t.Table, This: t.This, LastSeen: t.LastSeen, Behind: t.Behind})
	}
	out.AsideCount = st.AsideCount
	for _, a := range st.Aside {
		out.Aside = append(out.Aside, screen.VenueAside{Table: a.Table, Game: a.Game, Ended: a.Ended, Refusal: a.Refusal, Move: a.Move})
	}
	return out, nil
}

// venueState is what the boards know of the venue: whether the table
// belongs to one, its link, its games not back yet and the other tables
// behind.
func venueState(ctx context.Context, d *venue.Desk) (screen.VenueState, error) {
	if d == nil || !d.Paired() {
		return screen.VenueState{}, nil
	}
	st, err := d.Status(ctx, time.Now())
	if err != nil {
		return screen.VenueState{}, err
	}
	out := screen.VenueState{Paired: st.Paired, Linked: st.Linked, Unshared: st.Unshared, Removed: st.Removed}
	for _, t := range st.Tables {
		// The hub's list is of its last answer: with the link down,
		// the "unlinked" note says it all.
		if t.Behind && !t.This && st.Linked {
			out.Behind = append(out.Behind, t.Table)
		}
	}
	return out, nil
}
