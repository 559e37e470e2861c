package db

import (
	"context"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/tablee/tablee/proto/wire"
	"github.com/tablee/tablee/session"
)

// Signed shelf results (docs/venue.md, "Signed shelf results"). A score
// sheet's play cannot be replayed through rules, so the venue takes no
// table's word for who played it: each known player's phone signs its
// seat's result (wire.ResultStatement) with an Ed25519 key that never
// leaves the phone, and every loader credits a person's seat of a sheet
// only with a result that person's key signed. The kiosk side: the
// session's outbox event is held while the table shows the results and
// each signature is written into its body. The venue side: a loader
// keeps only the signatures that verify over the event as it arrived,
// and the replay credits a seat only when its key token has one signing
// key at the whole venue.

// SeatSign is a seat's signature of its result, in a session event.
type SeatSign struct {
	// Token is the venue token (VenueKeyToken) of the player key the
	// phone joined with: one of the seat's Keys.
	Token string `json:"token"`
	// Key is the phone's public signing key, Sig its signature of the
	// seat's ResultStatement, both unpadded base64url.
	Key string `json:"key"`
	Sig string `json:"sig"`
}

// ErrNotSigning is returned (wrapped) by SignResult when the session's
// event waits for no signature: not a shelf game's, already sent, or no
// such session.
var ErrNotSigning = errors.New("no play waits for this signature")

// ErrBadSignature is returned (wrapped) by SignResult for a signature
// that does not verify over the results the table recorded for that
// seat, or from a phone whose key is not the seat's.
var ErrBadSignature = errors.New("the signature is not of this seat's result")

// Statement is the ResultStatement seat's phone signs for the session
// of ev, from the event's own fields.
func (ev SessionEvent) Statement(seat int) wire.ResultStatement {
	st := wire.ResultStatement{Kiosk: ev.Kiosk, Session: ev.ID, Game: ev.Game,
		Sheet: ev.Options["sheet"], Title: ev.Options["title"], Reason: ev.Reason, Signer: seat}
	for _, s := range ev.Seats {
		st.Seats = append(st.Seats, wire.SeatResult{Score: s.Score, Rank: s.Rank, Winner: s.Winner})
	}
	return st
}

// awaitsSignature says whether seat st of a session of game is a known
// player's whose result the venue credits only signed.
func awaitsSignature(game string, st EventSeat) bool {
	return game == SheetGame && st.Kind == session.Person && st.PlayerID != "" && len(st.Keys) > 0
}

// holdForSignatures keeps a shelf game's event just queued (eventID) from
// the publisher while its known players' phones sign it.
func holdForSignatures(ctx context.Context, tx *sql.Tx, eventID string, ev SessionEvent) error {
	if !slices.ContainsFunc(ev.Seats, func(st EventSeat) bool { return awaitsSignature(ev.Game, st) }) {
		return nil
	}
	if _, err := tx.ExecContext(ctx, "INSERT OR IGNORE INTO venue_outbox_held (event_id, session_id) VALUES (?, ?)", eventID, ev.ID); err != nil {
		return fmt.Errorf("hold the venue event of %s for its signatures: %w", ev.ID, err)
	}
	return nil
}

// heldEvent is the event of session the outbox holds for signatures.
func heldEvent(ctx context.Context, tx *sql.Tx, sessionID string) (string, SessionEvent, error) {
	var id, body string
	err := tx.QueryRowContext(ctx,
		`SELECT o.event_id, o.body FROM venue_outbox_held h JOIN venue_outbox o ON o.event_id = h.event_id
		 WHERE h.session_id = ? AND o.acked_at IS NULL`, sessionID).Scan(&id, &body)
	if errors.Is(err, sql.ErrNoRows) {
		return "", SessionEvent{}, fmt.Errorf("session %s: %w", sessionID, ErrNotSigning)
	}
	if err != nil {
		return "", SessionEvent{}, err
	}
	var ev SessionEvent
	if err := json.Unmarshal([]byte(body), &ev); err != nil {
		return "", SessionEvent{}, fmt.Errorf("held venue event %s: %w", id, err)
	}
	return id, ev, nil
}

// SignAsk returns the table's venue id when session's event waits for
// its players' signatures (ok), for the table to ask its phones.
func (d *DB) SignAsk(ctx context.Context, sessionID string) (kiosk string, ok bool, err error) {
	err = d.inTx(ctx, "ask signatures of "+sessionID, func(tx *sql.Tx) error {
		_, ev, err := heldEvent(ctx, tx, sessionID)
		if errors.Is(err, ErrNotSigning) {
			return nil
		}
		kiosk, ok = ev.Kiosk, err == nil
		return err
	})
	return kiosk, ok, err
}

// SignResult writes into the held event of sessionID the signature a
// phone sent for seat: keyHash is the SHA-256 (hex) of the player key it
// joined with, signKey and sig as the sign message carries them. The
// signature must verify over the seat's statement built from the event
// itself, so a phone signs only what the table recorded. Once every known
// player of the play signed, the event is sent.
func (d *DB) SignResult(ctx context.Context, sessionID string, seat int, keyHash, signKey, sig string) error {
	hash, err := hex.DecodeString(keyHash)
	if err != nil || len(hash) == 0 {
		return fmt.Errorf("sign %s: %w: the seat joined without a player key", sessionID, ErrBadSignature)
	}
	done := false
	err = d.inTx(ctx, "sign the result of "+sessionID, func(tx *sql.Tx) error {
		id, ev, err := heldEvent(ctx, tx, sessionID)
		if err != nil {
			return err
		}
		if seat < 0 || seat >= len(ev.Seats) || !awaitsSignature(ev.Game, ev.Seats[seat]) {
			return fmt.Errorf("sign %s seat %d: %w: not a known player's seat", sessionID, seat, ErrBadSignature)
		}
		token := VenueKeyToken(hash)
		if !slices.Contains(ev.Seats[seat].Keys, token) {
			return fmt.Errorf("sign %s seat %d: %w: not the seat's player key", sessionID, seat, ErrBadSignature)
		}
		if !wire.VerifyResult(signKey, sig, ev.Statement(seat)) {
			return fmt.Errorf("sign %s seat %d: %w", sessionID, seat, ErrBadSignature)
		}
		ev.Seats[seat].Sign = &SeatSign{Token: token, Key: signKey, Sig: sig}
		body, err := json.Marshal(ev)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, "UPDATE venue_outbox SET body = ? WHERE event_id = ?", string(body), id); err != nil {
			return err
		}
		done = !slices.ContainsFunc(ev.Seats, func(st EventSeat) bool { return awaitsSignature(ev.Game, st) && st.Sign == nil })
		if done {
			_, err = tx.ExecContext(ctx, "DELETE FROM venue_outbox_held WHERE event_id = ?", id)
		}
		return err
	})
	if done && err == nil {
		d.signalOutbox()
	}
	return err
}

// releaseHeld sends every held event as it is: the results it waited
// signatures for are no longer on the table. It reports whether any was.
func releaseHeld(ctx context.Context, tx *sql.Tx) (bool, error) {
	res, err := tx.ExecContext(ctx, "DELETE FROM venue_outbox_held")
	if err != nil {
		return false, fmt.Errorf("release the venue events held for signatures: %w", err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// ReleaseHeldEvents sends the events held for signatures (the kiosk's
// venue starts: the phones that would sign are gone with the
// process that asked them).
func (d *DB) ReleaseHeldEvents(ctx context.Context) error {
	var any bool
	err := d.inTx(ctx, "release the venue events held for signatures", func(tx *sql.Tx) error {
		var err error
		any, err = releaseHeld(ctx, tx)
		return err
	})
	if any && err == nil {
		d.signalOutbox()
	}
	return err
}

// keepSignedResults drops from ev, as a loader received it, every seat's
// signature that does not verify: only a sheet's known player may sign,
// with one of the seat's own key tokens, over the seat's statement built
// from the event as it came. It reports whether it dropped any. What is
// left is credited by the replay (signedClaims, credited).
func keepSignedResults(ev *SessionEvent) bool {
	changed := false
	for i, st := range ev.Seats {
		if st.Sign == nil {
			continue
		}
		if !awaitsSignature(ev.Game, st) || !slices.Contains(st.Keys, st.Sign.Token) ||
			!wire.VerifyResult(st.Sign.Key, st.Sign.Sig, ev.Statement(i)) {
			ev.Seats[i].Sign, changed = nil, true
		}
	}
	return changed
}

// creditSigned is the venue's sessions as its replay credits them: a
// sheet's person seat is its player's only with a signature kept at load
// by a token that signed with one key venue-wide, and then joins the
// player's identity by that token alone (not the seat's other keys, the
// table's word); any other person seat of a sheet is a guest of that
// name, on no player's line and in no rating. Other games' sessions are
// as they are (their results are checked by the replay of their moves).
// sessions is not changed: the sessions changed are copies.
func creditSigned(sessions []VenueSession) []VenueSession {
	claims := signedClaims(sessions)
	out := sessions
	copied := false
	for i, s := range sessions {
		if s.Event.Game != SheetGame {
			continue
		}
		var seats []EventSeat
		for j, st := range s.Event.Seats {
			if !awaitsSignature(s.Event.Game, st) {
				continue
			}
			if seats == nil {
				seats = slices.Clone(s.Event.Seats)
			}
			if credited(s.Event.Game, st, claims) {
				seats[j].Keys = []string{st.Sign.Token}
			} else {
				seats[j] = EventSeat{Kind: session.Guest, Name: st.Nickname, Score: st.Score, Rank: st.Rank, Winner: st.Winner}
			}
		}
		if seats == nil {
			continue
		}
		if !copied {
			out, copied = slices.Clone(sessions), true
		}
		out[i].Event.Seats = seats
	}
	return out
}

// signedClaims is, for every key token that signed a sheet's result in
// sessions, the signing keys it signed with. A phone keeps one signing
// key with its player key, so a token with two keys means a table lied
// about one of them: that token is credited nothing (credited).
func signedClaims(sessions []VenueSession) map[string]map[string]bool {
	out := map[string]map[string]bool{}
	for _, s := range sessions {
		for _, st := range s.Event.Seats {
			if st.Sign == nil || !awaitsSignature(s.Event.Game, st) {
				continue
			}
			if out[st.Sign.Token] == nil {
				out[st.Sign.Token] = map[string]bool{}
			}
			out[st.Sign.Token][st.Sign.Key] = true
		}
	}
	return out
}

// credited says whether the venue credits seat st of a session of game
// to its player: any seat of a game the rules replay (engine/verify
// checks those), and a sheet's seat only with a signature that verified
// at load by a key its token signed with alone (creditSigned).
func credited(game string, st EventSeat, claims map[string]map[string]bool) bool {
	if game != SheetGame {
		return true
	}
	return st.Sign != nil && len(claims[st.Sign.Token]) == 1
}
