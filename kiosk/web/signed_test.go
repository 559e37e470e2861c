package web_test

import (
	"context"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine/sheet"
)

// TestBrowserSignsItsShelfResult: the page joined with its player key
// signs its seat's result when the table shows the results of a shelf
// game (docs/venue.md, "Signed shelf results"), with a key kept in its
// origin's storage: the table's event of the play leaves once signed,
// carrying the signature by the page's public key and never its secret,
// and a venue node loading it credits the page's player with the play
// (the other seat, a guest, stays a guest).
func TestBrowserSignsItsShelfResult(t *testing.T) {
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, 90*time.Second)
	defer cancel()
	k := openSheetKiosk(t, "Skull King", 2)
	other := joinSheetPhone(t, ctx, k, "Bernd") // no player key: a guest
	joinInBrowser(t, ctx, k, "Anja")
	waitState(t, ctx, "the sheet", func(s string) bool { return s == "sheet-fill" })
	writeOnPage(t, ctx, "bid", 1, "1")
	other.viewUntil(ctx, "the page's bid", func(v *sheet.View) bool { _, ok := cellOf(v, 1, "bid", 1); return ok })
	other.move(ctx, sheet.Move{Kind: sheet.KindStop})
	waitState(t, ctx, "the results", func(s string) bool { return s == "result" })

	d := k.DB()
	var ev db.SessionEvent
	var body string
	for body == "" {
		evs, err := d.PendingEvents(ctx, 10)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			if e.Kind == "session" {
				body = string(e.Body)
			}
		}
		if body != "" {
			break
		}
		select {
		case <-d.OutboxQueued():
		case <-ctx.Done():
			t.Fatalf("the play's event never left the table: the page did not sign (state %q)", eval(t, ctx, `document.body.dataset.state`))
		}
	}
	if err := json.Unmarshal([]byte(body), &ev); err != nil {
		t.Fatal(err)
	}
	sign := ev.Seats[1].Sign
	if sign == nil {
		t.Fatalf("the event carries no signature of the page's seat: %s", body)
	}
	secret, err := base64.RawURLEncoding.DecodeString(eval(t, ctx, `localStorage.getItem('tablee.sign') || ''`))
	if err != nil || len(secret) != ed25519.PrivateKeySize {
		t.Fatalf("the page keeps no signing key in its storage (%d bytes, %v)", len(secret), err)
	}
	if pub := base64.RawURLEncoding.EncodeToString(ed25519.PrivateKey(secret).Public().(ed25519.PublicKey)); sign.Key != pub {
		t.Errorf("the seat is signed by %s, the page's key is %s", sign.Key, pub)
	}
	if strings.Contains(body, base64.RawURLEncoding.EncodeToString(secret[:32])) || strings.Contains(body, base64.RawURLEncoding.EncodeToString(secret)) {
		t.Error("the page's secret signing key is in the table's event")
	}

	hub, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "hub.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer hub.Close()
	if _, err := hub.LoadVenueEvent(context.Background(), "e1", []byte(body), time.Now()); err != nil {
		t.Fatal(err)
	}
	board, err := hub.VenueTitleBoard(context.Background(), "Skull King")
	if err != nil {
		t.Fatal(err)
	}
	if board.Plays != 1 || len(board.Standings) != 1 || board.Standings[0].Nickname != "Anja" || board.Standings[0].Plays != 1 {
		t.Errorf("the venue's Skull King board: %+v; want Anja's signed play, the guest a guest", board)
	}
}
