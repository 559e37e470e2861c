package client

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/tablee/tablee/proto/wire"
)

// request is a message awaiting its answer from the table.
type request struct {
	ref   string
	hello bool  // join or resume: a welcome answers it
	after int64 // move: a view newer than this answers it
	// unseated: sent between a welcome and the view that follows it,
	// when after is still the version of the seat as it was before; that
	// view is the seat's state, never this request's answer, and the
	// request's after becomes its version.
	unseated bool
	// direct: explain or hint, answered only by the message echoing its
	// ref (a view never settles it).
	direct bool
	done   chan reply
}

type reply struct {
	welcome Welcome
	msg     wire.Message // the answer to a direct request
	err     error
}

// finish answers r once; the buffered channel never blocks the reader.
func (r *request) finish(rep reply) {
	select {
	case r.done <- rep:
	default:
	}
}

// Join takes a free seat with the table's code (the digits shown, or the
// link form a join URL carries) and a nickname, as a guest: not rated, not
// on the leaderboards (JoinPlayer is the rated join). A refusal is a
// *wire.Error (wrong-code, table-full, rate-limited...). The token changes
// on every welcome, automatic resumes included: Welcome always returns
// the current one.
func (c *Client) Join(ctx context.Context, code, name string) (Welcome, error) {
	return c.JoinPlayer(ctx, code, name, "")
}

// JoinPlayer takes a free seat as the player whose key is key: the table
// knows the same key again, whatever nickname comes with it, rates the
// player's games and sends their record after each (Update.Record). Each
// phone keeps its own key (NewPlayerKey; the app in its preferences, the
// web page in localStorage, the headless companion in a file); an empty
// key joins as a guest. A refusal is a *wire.Error.
func (c *Client) JoinPlayer(ctx context.Context, code, name, key string) (Welcome, error) {
	rep, err := c.ask(ctx, wire.Message{Type: wire.TypeJoin, Code: code, Name: name, Key: key}, true)
	if err != nil {
		return Welcome{}, err
	}
	return rep.welcome, rep.err
}

// Resume comes back to the seat token was given for, e.g. after the app
// was restarted. The welcome holds a new token and token is void from
// then on. A refusal is a *wire.Error (bad-token...).
func (c *Client) Resume(ctx context.Context, token string) (Welcome, error) {
	rep, err := c.ask(ctx, wire.Message{Type: wire.TypeResume, Token: token}, true)
	if err != nil {
		return Welcome{}, err
	}
	return rep.welcome, rep.err
}

// Move plays move (the game's move JSON, as engine.MoveJSON.Move) for the
// seat and waits until the table answers with the resulting view or an
// error. A refusal is a *wire.Error whose Code and Rule say why; the view
// itself arrives on Updates.
func (c *Client) Move(ctx context.Context, move json.RawMessage) error {
	rep, err := c.ask(ctx, wire.Message{Type: wire.TypeMove, Move: move}, false)
	if err != nil {
		return err
	}
	return rep.err
}

// TakeBack asks the table to take back the seat's own last move, the one
// that made version (Canoë and Canyon duel; docs/rules/takeback.md), and
// waits for the view that answers it: the request open (Update.TakeBack
// "asked"), or, against a bot, the position before the move. A refusal is
// a *wire.Error whose Rule says why (takeback-not-last, takeback-stale…).
func (c *Client) TakeBack(ctx context.Context, version int64) error {
	rep, err := c.ask(ctx, wire.Message{Type: wire.TypeTakeBack, Version: version}, false)
	if err != nil {
		return err
	}
	return rep.err
}

// AnswerTakeBack agrees to (agree) or refuses the other seat's request to
// take back the move that made version, and waits for the view that
// answers it. A refusal is a *wire.Error whose Rule says why (no request
// open for this seat, or a move followed it).
func (c *Client) AnswerTakeBack(ctx context.Context, version int64, agree bool) error {
	rep, err := c.ask(ctx, wire.Message{Type: wire.TypeTakeBackAnswer, Version: version, Agree: &agree}, false)
	if err != nil {
		return err
	}
	return rep.err
}

// Explanation is the table's answer to "why not?" about a move: whether
// the seat may make it now, else the rule that forbids it and the numbers
// and names that matter (the parameters of i18n.Catalog.Why).
type Explanation struct {
	Legal bool
	Rule  string
	Args  map[string]any
}

// Explain asks the table whether the seat may make move now and why not,
// from the seat's own view; nothing is played (docs/protocol.md, "Why
// not? and hints"). A move that cannot be read is a *wire.Error.
func (c *Client) Explain(ctx context.Context, move json.RawMessage) (Explanation, error) {
	rep, err := c.askDirect(ctx, wire.Message{Type: wire.TypeExplain, Move: move})
	if err != nil {
		return Explanation{}, err
	}
	if rep.err != nil {
		return Explanation{}, rep.err
	}
	m := rep.msg
	return Explanation{Legal: m.Legal != nil && *m.Legal, Rule: m.Rule, Args: m.Args}, nil
}

// Hint asks the table, on the seat's turn, for the move the game's default
// bot would make from the seat's view; it returns the move's JSON and how
// many hints the seat got this game. A refusal (not the seat's turn, hints
// off in rated games) is a *wire.Error whose Rule says why.
func (c *Client) Hint(ctx context.Context) (json.RawMessage, int, error) {
	rep, err := c.askDirect(ctx, wire.Message{Type: wire.TypeHint})
	if err != nil {
		return nil, 0, err
	}
	if rep.err != nil {
		return nil, 0, rep.err
	}
	return rep.msg.Move, rep.msg.Hints, nil
}

// SearchShelf asks the table's shelf for the titles whose names hold
// text's words (accents and case aside), for players and minutes (0:
// any), named in lang (fr, de, en): the short list, best first
// (docs/protocol.md, The shelf). A refusal is a *wire.Error (no-shelf,
// rate-limited…).
func (c *Client) SearchShelf(ctx context.Context, text, lang string, players, minutes int) ([]wire.ShelfTitle, error) {
	rep, err := c.askDirect(ctx, wire.Message{Type: wire.TypeShelfSearch, Text: text, Lang: lang, Players: players, Minutes: minutes})
	if err != nil {
		return nil, err
	}
	if rep.err != nil {
		return nil, rep.err
	}
	return rep.msg.Found, nil
}

// FinishedSearch tells the table the guest's search is finished — they
// picked a result, left the search or stopped typing — so that it
// records it for the staff (a name nobody found is a purchase to
// consider); the searches as typed (SearchShelf) are not recorded. The
// answer's list is the one SearchShelf gave for text.
func (c *Client) FinishedSearch(ctx context.Context, text, lang string) error {
	rep, err := c.askDirect(ctx, wire.Message{Type: wire.TypeShelfSearch, Text: text, Lang: lang, Final: true})
	if err != nil {
		return err
	}
	if rep.err != nil {
		return rep.err
	}
	return nil
}

// TakeFromShelf tells the table the seat's group took a box for it: the
// copy copyID from a list, or else box, a scanned EAN or a typed shelf
// code. It returns the title with its copy now at this table. A refusal
// is a *wire.Error (no-copy, copy-taken with where it is, many-boxes…).
func (c *Client) TakeFromShelf(ctx context.Context, copyID int64, box, lang string) (wire.ShelfTitle, error) {
	rep, err := c.askDirect(ctx, wire.Message{Type: wire.TypeShelfTake, CopyID: copyID, Box: box, Lang: lang})
	if err != nil {
		return wire.ShelfTitle{}, err
	}
	if rep.err != nil {
		return wire.ShelfTitle{}, rep.err
	}
	if len(rep.msg.Found) != 1 {
		return wire.ShelfTitle{}, fmt.Errorf("take from the shelf: the table answered %d titles, want 1", len(rep.msg.Found))
	}
	return rep.msg.Found[0], nil
}

// askDirect sends m and waits for the message that echoes its ref.
func (c *Client) askDirect(ctx context.Context, m wire.Message) (reply, error) {
	return c.askAs(ctx, m, false, true)
}

// Sync asks the table for the seat's whole view again; it arrives on
// Updates.
func (c *Client) Sync(ctx context.Context) error {
	c.mu.Lock()
	conn := c.conn
	c.view.syncing = true
	c.mu.Unlock()
	if conn == nil {
		return c.notConnected()
	}
	// The caller's ctx is not the write's: cancelling a write in flight
	// closes the WebSocket, and the connection is every request's.
	return c.write(c.ctx, conn, wire.Message{Type: wire.TypeSync})
}

// ask sends m with a fresh ref and waits for its answer.
func (c *Client) ask(ctx context.Context, m wire.Message, hello bool) (reply, error) {
	return c.askAs(ctx, m, hello, false)
}

func (c *Client) askAs(ctx context.Context, m wire.Message, hello, direct bool) (reply, error) {
	c.mu.Lock()
	conn := c.conn
	if conn == nil {
		c.mu.Unlock()
		return reply{}, c.notConnected()
	}
	c.nextRef++
	r := &request{ref: strconv.Itoa(c.nextRef), hello: hello, direct: direct, after: c.view.last, unseated: c.view.fresh,
		done: make(chan reply, 1)}
	c.pending[r.ref] = r
	c.mu.Unlock()
	defer c.forget(r)

	m.Ref = r.ref
	// The caller's ctx bounds the wait, not the write: cancelling a write
	// in flight closes the WebSocket, which every request shares.
	if err := c.write(c.ctx, conn, m); err != nil {
		return reply{}, err
	}
	select {
	case rep := <-r.done:
		return rep, nil
	case <-ctx.Done():
		return reply{}, ctx.Err()
	case <-c.done:
		return reply{}, c.Err()
	}
}

func (c *Client) forget(r *request) {
	c.mu.Lock()
	delete(c.pending, r.ref)
	c.mu.Unlock()
}

func (c *Client) notConnected() error {
	if err := c.Err(); err != nil {
		return err
	}
	return ErrDisconnected
}

// takeHello removes and returns the join or resume that ref answers: the
// one with that ref, else the oldest (for a table that does not echo refs).
// Callers hold c.mu.
func (c *Client) takeHello(ref string) *request {
	found, ok := c.pending[ref]
	if !ok || !found.hello {
		found = nil
		for _, r := range c.pending {
			if r.hello && (found == nil || older(r, found)) {
				found = r
			}
		}
	}
	if found != nil {
		delete(c.pending, found.ref)
	}
	return found
}

// settleMoves answers the moves a view answers: the one whose ref it
// echoes, and any sent before a newer version (a table that does not echo
// refs on views). A view that follows a welcome (seated) is the seat's
// state: the moves sent since that welcome learn their version from it,
// and only a later view answers them. Callers hold c.mu.
func (c *Client) settleMoves(ref string, version int64, seated bool) {
	for k, r := range c.pending {
		if r.hello || r.direct {
			continue
		}
		if r.unseated && k != ref {
			if seated {
				r.after, r.unseated = version, false
			}
			continue
		}
		if k == ref || version > r.after {
			r.finish(reply{})
			delete(c.pending, k)
		}
	}
}

// older compares refs as the counter that made them.
func older(a, b *request) bool {
	x, _ := strconv.Atoi(a.ref)
	y, _ := strconv.Atoi(b.ref)
	return x < y
}

// joinErr wraps both reasons, so errors.Is finds the sentinel and errors.As
// the table's *wire.Error.
func joinErr(sentinel error, e *wire.Error) error {
	return fmt.Errorf("%w: %w", sentinel, e)
}
