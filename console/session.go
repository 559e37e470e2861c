package console

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/say"
	"github.com/tablee/tablee/session"
)

// sessionData is one session's page.
type sessionData struct {
	session.Record
	Table string
	Seats []seatLine
	Moves []string
	// AtTable says the moves stay at the table that played the game (the
	// hub's console: the venue's events carry no moves).
	AtTable bool
	Replay  replayOffer
}

// replayOffer is the page's "replay on the table" button: shown for an
// ended session of a kiosk with a screen, enabled when the table is free.
type replayOffer struct {
	Shown bool
	Busy  string // why the table cannot show it now, in words; "" when free
}

// screenWait bounds how long the console waits for the table's screen
// to answer: its UI goroutine runs the question between two frames.
const screenWait = 5 * time.Second

type seatLine struct {
	Name, Kind    string
	Result        bool
	Score, Rank   int
	Winner        bool
	Rated         bool
	Before, After string
}

// session is one session's page.
func (h *Handler) session(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	h.showSession(w, r, h.newView(w, r, "session", in.csrf), http.StatusOK, nil)
}

// errNoSession is a product's answer for a session it does not hold: the
// page is not found.
var errNoSession = errors.New("no such session")

// showSession renders the page of the session the path names, with
// status; refused, when not nil, is the table's answer to a replay it
// could not show.
func (h *Handler) showSession(w http.ResponseWriter, r *http.Request, v view, status int, refused error) {
	d, err := h.p.session(r.Context(), v, r.PathValue("id"), refused)
	switch {
	case errors.Is(err, errNoSession):
		http.NotFound(w, r)
	case err != nil:
		h.fail(w, v, err)
	default:
		v.Data = d
		h.render(w, status, v, false)
	}
}

// tableSession is session id's page at a table: its seats, results and
// rating changes, and once it ended its moves in words and the replay on
// the table's screen (refused: the screen's answer to one just asked).
func (h *Handler) tableSession(ctx context.Context, v view, id string, refused error) (sessionData, error) {
	s, err := h.cfg.DB.Session(ctx, id)
	if err != nil {
		return sessionData{}, errNoSession
	}
	d := sessionData{Record: s}
	if ts, err := h.cfg.DB.Tables(ctx); err == nil {
		for _, t := range ts {
			if t.ID == s.TableID {
				d.Table = t.Name
			}
		}
	}
	names := make([]string, len(s.Seats))
	for i, st := range s.Seats {
		names[i] = seatName(v, engine.Seat(i), st)
		d.Seats = append(d.Seats, seatLine{Name: names[i], Kind: v.T("console.kind." + string(st.Kind))})
	}
	if err := h.results(ctx, s.ID, d.Seats); err != nil {
		return d, err
	}
	// The moves in words, as the kiosk's replay says them; a game that
	// still runs keeps its moves to itself (its hands could be rebuilt).
	if s.Status.Ended() {
		if d.Moves, err = h.movesInWords(ctx, v, s, names); err != nil {
			return d, err
		}
		d.Replay = h.replayOffer(ctx, v, refused)
	}
	return d, nil
}

// results fills seats with session id's results and rating changes.
func (h *Handler) results(ctx context.Context, id string, seats []seatLine) error {
	res, err := h.cfg.DB.Results(ctx, id)
	if err != nil {
		return err
	}
	for _, x := range res {
		if int(x.Seat) < len(seats) {
			l := &seats[x.Seat]
			l.Result, l.Score, l.Rank, l.Winner = true, x.Score, x.Rank, x.Winner
		}
	}
	changes, err := h.cfg.DB.RatingChanges(ctx, id)
	if err != nil {
		return err
	}
	for _, c := range changes {
		if c.Seat < len(seats) {
			l := &seats[c.Seat]
			l.Rated = true
			l.Before = strconv.FormatFloat(c.Before.Ordinal(), 'f', 1, 64)
			l.After = strconv.FormatFloat(c.After.Ordinal(), 'f', 1, 64)
		}
	}
	return nil
}

// replayOffer asks the table's screen whether it is free (unless it just
// refused) and says why not in the page's language.
func (h *Handler) replayOffer(ctx context.Context, v view, refused error) replayOffer {
	if h.cfg.Screen == nil {
		return replayOffer{}
	}
	err := refused
	if err == nil {
		ctx, cancel := context.WithTimeout(ctx, screenWait)
		defer cancel()
		err = h.cfg.Screen.Free(ctx)
	}
	return replayOffer{Shown: true, Busy: h.busyText(v, err)}
}

// busyText is why the table cannot show a replay, in words; "" when err
// is nil.
func (h *Handler) busyText(v view, err error) string {
	if err == nil {
		return ""
	}
	if reason, ok := busyReason(err); ok && v.cat.Has("console.replay.busy."+string(reason)) {
		return v.T("console.replay.busy." + string(reason))
	}
	h.cfg.Logf("console: the table's screen: %v", err)
	return v.T("console.replay.no_answer")
}

// replay opens the session's replay on the table's screen when the table
// is free; when it is not, the page says why and the table is left alone.
func (h *Handler) replay(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	ctx := r.Context()
	id := r.PathValue("id")
	s, err := h.cfg.DB.Session(ctx, id)
	if err != nil || h.cfg.Screen == nil || !s.Status.Ended() {
		// Only an ended game is replayed: a running one's moves would
		// rebuild its hands.
		http.NotFound(w, r)
		return
	}
	sctx, cancel := context.WithTimeout(ctx, screenWait)
	defer cancel()
	if err := h.cfg.Screen.ShowReplay(sctx, s.ID); err != nil {
		v := h.newView(w, r, "session", in.csrf)
		v.Error = h.busyText(v, err) + " " + v.T("console.replay.unchanged")
		h.showSession(w, r, v, http.StatusConflict, err)
		return
	}
	http.Redirect(w, r, "/sessions/"+url.PathEscape(s.ID)+"?done=replay_shown", http.StatusSeeOther)
}

func (h *Handler) movesInWords(ctx context.Context, v view, s session.Record, names []string) ([]string, error) {
	rules, err := h.cfg.Games.Get(s.Game)
	if err != nil {
		return nil, err
	}
	logged, err := h.cfg.DB.Moves(ctx, s.ID)
	if err != nil {
		return nil, err
	}
	name := func(seat engine.Seat) string {
		if int(seat) >= 0 && int(seat) < len(names) {
			return names[seat]
		}
		return ""
	}
	out := make([]string, 0, len(logged))
	for _, m := range logged {
		rec, err := engine.DecodeMove(rules, m.JSON)
		if err != nil {
			return nil, fmt.Errorf("session %s move %d: %w", s.ID, m.Seq, err)
		}
		out = append(out, name(rec.Seat)+" — "+say.Move(rec.Move, v.Lang, v.cat, name))
	}
	return out, nil
}
