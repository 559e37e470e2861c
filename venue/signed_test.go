package venue

import (
	"context"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/hex"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/proto/wire"
	"github.com/tablee/tablee/session"
)

// TestTheVenueCreditsOnlySignedShelfResults: a shelf game's play at table
// B, signed by its two players' phones, is credited to both at the hub
// and at both tables' mirrors; table A, tampered, puts in its own stream
// two plays of its making naming the same players by the tokens every
// table learns from the venue stream (bernd wins 99 to 0): one unsigned,
// one carrying the honest play's signatures. Every loader takes them as
// plays of guests: nobody is credited with them (docs/venue.md, "Signed
// shelf results").
func TestTheVenueCreditsOnlySignedShelfResults(t *testing.T) {
	ctx := t.Context()
	hubNode, a, b := newNode(t, ""), newNode(t, "Table A"), newNode(t, "Table B")
	hub := startHub(t, hubNode, "127.0.0.1:0")
	pair := pairing(t, hub, hub.Addr())
	ka, kb := startKiosk(t, a, pair), startKiosk(t, b, pair)

	// The honest play at B, signed by each phone from what it was shown.
	names := []string{"anja", "bernd"}
	s, res := finishSheetPlay(t, b, names...)
	kiosk, ok, err := b.d.SignAsk(ctx, s.ID)
	if err != nil || !ok {
		t.Fatalf("table B asks no signature of its play: %v", err)
	}
	for i, name := range names {
		key := phoneKey(name)
		st := wire.ResultStatement{Kiosk: kiosk, Session: s.ID, Game: db.SheetGame, Sheet: "7wonders", Title: "7 Wonders",
			Reason: res.Reason, Signer: i, Seats: []wire.SeatResult{{Score: 50, Rank: 1, Winner: true}, {Score: 40, Rank: 2}}}
		hash := sha256.Sum256([]byte(name + "-0123456789abcdefghijklmn"))
		if err := b.d.SignResult(ctx, s.ID, i, hex.EncodeToString(hash[:]), wire.EncodeSignKey(key.Public().(ed25519.PublicKey)), wire.SignResult(key, st)); err != nil {
			t.Fatal(err)
		}
	}
	ids := []string{s.ID}
	a.waitHas(t, ka.Loaded(), ids...) // A learns the players' tokens from its mirror

	// A's forgeries, in its own stream as its own.
	var honest db.SessionEvent
	for _, vs := range a.venueSessionsOf(t, "Table B") {
		honest = vs.Event
	}
	for _, signed := range []bool{false, true} {
		forged := honest
		forged.Seats = append([]db.EventSeat(nil), honest.Seats...)
		forged.ID, forged.Kiosk, forged.Table = uuid.NewString(), ka.ID(), "Table A"
		forged.Seats[0].Score, forged.Seats[0].Rank, forged.Seats[0].Winner = 0, 2, false
		forged.Seats[1].Score, forged.Seats[1].Rank, forged.Seats[1].Winner = 99, 1, true
		for i := range forged.Seats {
			if !signed {
				forged.Seats[i].Sign = nil
			}
		}
		publishForged(t, ka, ka.ID(), forged, uuid.NewString())
		ids = append(ids, forged.ID)
	}
	hubNode.waitHas(t, hub.Loaded(), ids...)
	a.waitHas(t, ka.Loaded(), ids...)
	b.waitHas(t, kb.Loaded(), ids...)
	for name, n := range map[string]*node{"hub": hubNode, "A": a, "B": b} {
		board, err := n.d.VenueTitleBoard(context.Background(), "7 Wonders")
		if err != nil {
			t.Fatal(err)
		}
		got := map[string][2]int{}
		for _, st := range board.Standings {
			got[st.Nickname] = [2]int{st.Plays, st.Wins}
		}
		if board.Plays != 3 || len(got) != 2 || got["anja"] != [2]int{1, 1} || got["bernd"] != [2]int{1, 0} {
			t.Errorf("%s's 7 Wonders board: %v over %d plays; want anja 1 play 1 win and bernd 1 play, the forged plays guests'", name, got, board.Plays)
		}
	}
}

// finishSheetPlay records at n's table a finished 7 Wonders score sheet
// of the known players names (their player keys name-0123…), the first
// winning 50 to 40, as the table's host does; it returns the session and
// its result.
func finishSheetPlay(t *testing.T, n *node, names ...string) (session.Record, engine.Result) {
	t.Helper()
	ctx := context.Background()
	var seats []session.Seat
	for _, name := range names {
		p, err := n.d.IdentifyPlayer(ctx, name+"-0123456789abcdefghijklmn", name, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		seats = append(seats, session.Seat{Kind: session.Person, PlayerID: p.ID})
	}
	now := time.Now()
	s, err := n.d.CreateSession(ctx, session.Record{TableID: n.table.ID, Game: db.SheetGame, Seats: seats,
		Options: map[string]string{"sheet": "7wonders", "title": "7 Wonders"}, StartedAt: now.Add(-time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	res := engine.RankByScores([]int{50, 40}, "sheet-complete")
	if err := n.d.Finish(ctx, s.ID, res, now); err != nil {
		t.Fatal(err)
	}
	return s, res
}

// TestAKioskReleasesAtStartOnlyTheHoldsOfBefore: a shelf play held for
// its players' signatures when the kiosk's process went is sent as it is
// by the next start, before StartKiosk returns (its phones left with the
// process); a play finished once the kiosk runs stays held while its
// publisher publishes, for the phones still at the table to sign.
func TestAKioskReleasesAtStartOnlyTheHoldsOfBefore(t *testing.T) {
	ctx := t.Context()
	hubNode, b := newNode(t, ""), newNode(t, "Table B")
	hub := startHub(t, hubNode, "127.0.0.1:0")
	pair := pairing(t, hub, hub.Addr())
	first := startKiosk(t, b, pair)
	before, _ := finishSheetPlay(t, b, "anja", "bernd")
	if _, held, err := b.d.SignAsk(ctx, before.ID); err != nil || !held {
		t.Fatalf("a play finished at a running table is not held for its signatures: %v", err)
	}
	first.Close()

	startKiosk(t, b, nil)
	if _, held, err := b.d.SignAsk(ctx, before.ID); err != nil || held {
		t.Fatalf("the play held when the kiosk's process went is still held once it started again (err %v)", err)
	}
	after, _ := finishSheetPlay(t, b, "anja", "bernd")
	hubNode.waitHas(t, hub.Loaded(), before.ID) // the publisher ran, and published since
	if _, held, err := b.d.SignAsk(ctx, after.ID); err != nil || !held {
		t.Errorf("a play finished after the kiosk started was released by its publisher: %v", err)
	}
}

// phoneKey is the signing key of the phone of the player key name
// (name-0123456789abcdefghijklmn, as the tests' players hold it): one
// per phone at every table.
func phoneKey(name string) ed25519.PrivateKey {
	seed := sha256.Sum256([]byte("signing key of " + name))
	return ed25519.NewKeyFromSeed(seed[:])
}

// signAsPhones signs, as each known player's phone would from the results
// it was shown, every seat of the finished shelf play sessionID at d.
func signAsPhones(ctx context.Context, d *db.DB, sessionID string) error {
	kiosk, ok, err := d.SignAsk(ctx, sessionID)
	if err != nil || !ok {
		return err
	}
	rec, err := d.Session(ctx, sessionID)
	if err != nil {
		return err
	}
	res, err := d.Results(ctx, sessionID)
	if err != nil {
		return err
	}
	st := wire.ResultStatement{Kiosk: kiosk, Session: sessionID, Game: rec.Game, Sheet: rec.Options["sheet"], Title: rec.Options["title"], Reason: rec.Reason}
	for _, r := range res {
		st.Seats = append(st.Seats, wire.SeatResult{Score: r.Score, Rank: r.Rank, Winner: r.Winner})
	}
	for i, seat := range rec.Seats {
		if seat.Kind != session.Person {
			continue
		}
		p, err := d.Player(ctx, seat.PlayerID)
		if err != nil {
			return err
		}
		key, mine := phoneKey(p.Nickname), st
		mine.Signer = i
		hash := sha256.Sum256([]byte(p.Nickname + "-0123456789abcdefghijklmn"))
		if err := d.SignResult(ctx, sessionID, i, hex.EncodeToString(hash[:]), wire.EncodeSignKey(key.Public().(ed25519.PublicKey)), wire.SignResult(key, mine)); err != nil {
			return err
		}
	}
	return nil
}
