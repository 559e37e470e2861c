package web_test

import (
	"context"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine/sheet"
	"github.com/tablee/tablee/proto/wire"
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
	waitFor(t, ctx, "the sheet's fields", `String(document.querySelectorAll('#app .sheet input.score').length)`, "20")
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

// TestPageSignsTheStatementsBytes: sign.js builds, from a final view,
// exactly wire.ResultStatement's bytes — titles in any script, emoji, a
// colon or a newline in a field, negative scores, shared ranks, a draw —
// so the table verifies what the page signed.
func TestPageSignsTheStatementsBytes(t *testing.T) {
	ctx := browser(t)
	k := openSheetKiosk(t, "Skull King", 2)
	if err := chromedp.Do(ctx, chromedp.Navigate(k.join.String())); err != nil {
		t.Fatal(err)
	}
	type view struct {
		Sheet  string `json:"sheet"`
		Title  string `json:"title"`
		Result struct {
			Scores  []int  `json:"scores"`
			Ranks   []int  `json:"ranks"`
			Winners []int  `json:"winners"`
			Reason  string `json:"reason"`
		} `json:"result"`
	}
	type tc struct {
		Kiosk, Session string
		Seat           int
		View           view
	}
	cases := []tc{
		{"0190a0c0-0000-7000-8000-000000000001", "01a2-1", 1, view{Sheet: "7wonders", Title: "7 Wonders"}},
		{"k", "s", 0, view{Sheet: "generic", Title: "Les Loups-Garous de Thiercelieux 🐺 — «édition»\nx:y"}},
		{"k", "s", 2, view{Sheet: "t12-3", Title: "Небо Ἀθῆναι 東京 ١٢"}},
	}
	cases[0].View.Result.Scores, cases[0].View.Result.Ranks, cases[0].View.Result.Winners, cases[0].View.Result.Reason = []int{50, 40}, []int{1, 2}, []int{0}, "sheet-complete"
	cases[1].View.Result.Scores, cases[1].View.Result.Ranks, cases[1].View.Result.Winners, cases[1].View.Result.Reason = []int{-12, -12, 999999}, []int{2, 2, 1}, []int{2}, "sheet-stopped"
	cases[2].View.Result.Scores, cases[2].View.Result.Ranks, cases[2].View.Result.Winners, cases[2].View.Result.Reason = []int{0, 0, 0}, []int{1, 1, 1}, []int{}, "sheet-lost"
	data, _ := json.Marshal(cases)
	js := `(async () => { const m = await import('/sign.js');
	  return JSON.stringify(` + string(data) + `.map((c) => { const b = m.statement(c.Kiosk, c.Session, 'sheet', c.View, c.Seat);
	    return btoa(String.fromCharCode(...b)); })); })()`
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	var page []string
	if err := json.Unmarshal([]byte(out), &page); err != nil || len(page) != len(cases) {
		t.Fatalf("the page's statements %s: %v", out, err)
	}
	for i, c := range cases {
		st := wire.ResultStatement{Kiosk: c.Kiosk, Session: c.Session, Game: "sheet", Sheet: c.View.Sheet, Title: c.View.Title,
			Reason: c.View.Result.Reason, Signer: c.Seat}
		for j, score := range c.View.Result.Scores {
			st.Seats = append(st.Seats, wire.SeatResult{Score: score, Rank: c.View.Result.Ranks[j], Winner: slices.Contains(c.View.Result.Winners, j)})
		}
		got, err := base64.StdEncoding.DecodeString(page[i])
		if err != nil || string(got) != string(st.Bytes()) {
			t.Errorf("case %d: the page signs %q, the table verifies %q", i, got, st.Bytes())
		}
	}
}
