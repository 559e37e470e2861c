package db

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"os"
	"reflect"
	"testing"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
)

const (
	keyA = "k7Qm2xWv9Lr4Tn8Yp3Zs6B" // 22 base64url characters
	keyB = "Hd5Jf8Ks2Lq9Wm4Xn7Rc3V"
)

func identify(t *testing.T, d *DB, key, name string, at time.Time) Player {
	t.Helper()
	p, err := d.IdentifyPlayer(context.Background(), key, name, at)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// A phone that plays three games on two days under two nicknames is one
// player with three rated games, shown under its latest nickname.
func TestPhoneIsOnePlayer(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 0)
	day2 := t0.AddDate(0, 0, 1)
	a1 := identify(t, f.d, keyA, "Léa", t0)
	b := identify(t, f.d, keyB, "Marc", t0)
	f.play(t, "canoe", []session.Seat{{Kind: session.Person, PlayerID: a1.ID}, {Kind: session.Person, PlayerID: b.ID}}, []int{3, 1}, t0.Add(time.Hour))
	a2 := identify(t, f.d, keyA, "Léa", t0.Add(2*time.Hour))
	f.play(t, "canoe", []session.Seat{{Kind: session.Person, PlayerID: b.ID}, {Kind: session.Person, PlayerID: a2.ID}}, []int{3, 1}, t0.Add(3*time.Hour))
	a3 := identify(t, f.d, keyA, "Léa la grande", day2)
	f.play(t, "canoe", []session.Seat{{Kind: session.Person, PlayerID: a3.ID}, {Kind: session.Person, PlayerID: b.ID}}, []int{3, 1}, day2.Add(time.Hour))
	if a1.ID != a2.ID || a2.ID != a3.ID {
		t.Fatalf("one phone, three players: %s %s %s", a1.ID, a2.ID, a3.ID)
	}
	p, err := f.d.Player(ctx, a1.ID)
	if err != nil {
		t.Fatal(err)
	}
	if p.Nickname != "Léa la grande" || p.Shown != "Léa la grande" || p.Keys != 1 ||
		!reflect.DeepEqual(p.Aliases, []string{"Léa", "Léa la grande"}) {
		t.Errorf("player %+v", p)
	}
	if r, _ := f.d.Rating(ctx, p.ID, "canoe"); r.Games != 3 {
		t.Errorf("rating %+v, want 3 rated games", r)
	}
	all, _ := f.d.Players(ctx)
	if len(all) != 2 {
		t.Errorf("%d players, want 2", len(all))
	}
	if _, err := f.d.IdentifyPlayer(ctx, "short", "x", t0); !errors.Is(err, ErrBadKey) {
		t.Errorf("a short key: %v", err)
	}
	// Only the key's hash is stored.
	var stored []byte
	f.d.r.QueryRow("SELECT key_hash FROM player_keys WHERE player_id = ?", p.ID).Scan(&stored)
	if !bytes.Equal(stored, keyHash(keyA)) || bytes.Contains(fileBytes(t, f.d), []byte(keyA)) {
		t.Errorf("stored %x; the key itself must not be in the file", stored)
	}
}

// fileBytes is everything SQLite keeps on disk for d: the file, its
// write-ahead log and the log's index.
func fileBytes(t *testing.T, d *DB) []byte {
	t.Helper()
	var all []byte
	for _, suffix := range []string{"", "-wal", "-shm", "-journal"} {
		b, err := os.ReadFile(d.Path() + suffix)
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		all = append(all, b...)
	}
	return all
}

func TestShownNamesAreUnique(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 0)
	first := identify(t, f.d, keyA, "Lucas", t0)
	second := identify(t, f.d, keyB, "LUCAS", t0.Add(time.Minute))
	third, _ := f.d.CreatePlayer(ctx, "lucas", t0.Add(2*time.Minute))
	f.play(t, "canyon", []session.Seat{{Kind: session.Person, PlayerID: third.ID}, {Kind: session.Person, PlayerID: second.ID}, {Kind: session.Person, PlayerID: first.ID}}, []int{3, 2, 1}, t0.Add(time.Hour))
	board, err := f.d.Leaderboard(ctx, "canyon", time.Time{}, 0)
	if err != nil || len(board) != 3 {
		t.Fatalf("board %v %v", board, err)
	}
	shown := map[string]string{}
	for _, s := range board {
		shown[s.PlayerID] = s.Nickname
	}
	want := map[string]string{first.ID: "Lucas", second.ID: "LUCAS (2)", third.ID: "lucas (3)"}
	if !reflect.DeepEqual(shown, want) {
		t.Errorf("shown names %v, want %v", shown, want)
	}
	// The staff rename the second; the phone coming back with the same
	// nickname keeps the staff's name, a new nickname replaces it.
	if err := f.d.RenamePlayer(ctx, second.ID, "Lucas B."); err != nil {
		t.Fatal(err)
	}
	if p := identify(t, f.d, keyB, "Lucas", t0.Add(2*time.Hour)); p.Shown != "Lucas B." {
		t.Errorf("after a staff rename, the phone's old nickname: %+v", p)
	}
	if p, _ := f.d.Player(ctx, third.ID); p.Shown != "lucas (2)" {
		t.Errorf("third player shown as %q", p.Shown)
	}
	if p := identify(t, f.d, keyB, "Lulu", t0.Add(3*time.Hour)); p.Shown != "Lulu" {
		t.Errorf("a new nickname from the phone: %+v", p)
	}
}

// Two phones of one person, merged: both keys now name the same player.
func TestMergePhones(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 1)
	a := identify(t, f.d, keyA, "Zoé", t0)
	b := identify(t, f.d, keyB, "Zoé tablette", t0)
	f.play(t, "canoe", []session.Seat{{Kind: session.Person, PlayerID: a.ID}, {Kind: session.Person, PlayerID: f.players[0].ID}}, []int{2, 1}, t0.Add(time.Hour))
	f.play(t, "canoe", []session.Seat{{Kind: session.Person, PlayerID: b.ID}, {Kind: session.Person, PlayerID: f.players[0].ID}}, []int{2, 1}, t0.Add(2*time.Hour))
	if err := f.d.MergePlayers(ctx, b.ID, a.ID); err != nil {
		t.Fatal(err)
	}
	if p := identify(t, f.d, keyB, "Zoé", t0.Add(3*time.Hour)); p.ID != a.ID || p.Keys != 2 ||
		!reflect.DeepEqual(p.Aliases, []string{"Zoé", "Zoé tablette"}) {
		t.Errorf("the merged phone is %+v, want player %s", p, a.ID)
	}
	if r, _ := f.d.Rating(ctx, a.ID, "canoe"); r.Games != 2 {
		t.Errorf("rating after merge %+v", r)
	}
	assertRecomputed(t, f.d)
}

// assertRecomputed checks the one rule of ratings: the stored ones are
// those obtained by rating every game in the order it ended.
func assertRecomputed(t *testing.T, d *DB) {
	t.Helper()
	ctx := context.Background()
	before := allRatings(t, d)
	if err := d.RecomputeRatings(ctx); err != nil {
		t.Fatal(err)
	}
	if after := allRatings(t, d); !reflect.DeepEqual(before, after) {
		t.Errorf("stored ratings differ from the ratings recomputed in end order:\n%v\n%v", before, after)
	}
}

func allRatings(t *testing.T, d *DB) []string {
	t.Helper()
	rows, err := d.r.Query(`SELECT player_id || ' ' || game || ' ' || mu || ' ' || sigma || ' ' || games || ' ' || updated_at
		FROM ratings ORDER BY player_id, game`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		rows.Scan(&s)
		out = append(out, s)
	}
	changes, _ := d.r.Query(`SELECT session_id || seat || mu_after || sigma_after FROM rating_changes ORDER BY 1`)
	defer changes.Close()
	for changes.Next() {
		var s string
		changes.Scan(&s)
		out = append(out, s)
	}
	return out
}

// Forgetting a player leaves no byte of their key's hash or names in the
// database's files; their sessions keep an anonymous seat, and the other
// players' ratings are those of a game against a guest.
func TestForgetLeavesNoTrace(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 2)
	const name, alias = "Wilhelmine-Oubliée", "Mina-aux-Crêpes"
	p := identify(t, f.d, keyA, alias, t0)
	p = identify(t, f.d, keyA, name, t0.Add(time.Minute))
	seats := []session.Seat{{Kind: session.Person, PlayerID: p.ID}, {Kind: session.Person, PlayerID: f.players[0].ID}, {Kind: session.Person, PlayerID: f.players[1].ID}}
	s1 := f.play(t, "canoe", seats, []int{5, 3, 1}, t0.Add(time.Hour))
	f.play(t, "canoe", seats, []int{1, 3, 5}, t0.Add(2*time.Hour))
	// A game whose seat a bot took over from them.
	s3, err := f.d.CreateSession(ctx, session.Record{TableID: f.table.ID, Game: "canyon", Seats: seats, StartedAt: t0})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.d.SetSeat(ctx, s3.ID, 0, session.Seat{Kind: session.Bot, BotLevel: "default"}); err != nil {
		t.Fatal(err)
	}
	// A game still being played, with the phones' seating the server keeps.
	live, err := f.d.CreateSession(ctx, session.Record{TableID: f.table.ID, Game: "canoe", Seats: seats[1:], StartedAt: t0})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.d.SetSeat(ctx, live.ID, 1, session.Seat{Kind: session.Person, PlayerID: p.ID}); err != nil {
		t.Fatal(err)
	}
	seating := `{"session":"` + live.ID + `","code":"0427","seats":[{"name":"playerA","token_sha256":"aa"},{"name":"` + name + `","token_sha256":"bb"}]}`
	if err := f.d.SaveSeating(ctx, live.ID, []byte(seating)); err != nil {
		t.Fatal(err)
	}
	hash := keyHash(keyA)
	before := fileBytes(t, f.d)
	for _, trace := range [][]byte{[]byte(name), []byte(alias), hash} {
		if !bytes.Contains(before, trace) {
			t.Fatalf("test set-up: %q not in the file before forgetting", trace)
		}
	}
	if err := f.d.ForgetPlayer(ctx, p.ID); err != nil {
		t.Fatal(err)
	}
	after := fileBytes(t, f.d)
	for _, trace := range [][]byte{[]byte(name), []byte(alias), hash, []byte(hex.EncodeToString(hash)), []byte(p.ID)} {
		if bytes.Contains(after, trace) {
			t.Errorf("%q still in the database's files after forgetting", trace)
		}
	}
	if kept, _ := f.d.Seating(ctx, live.ID); !bytes.Contains(kept, []byte(`{"token_sha256":"bb"}`)) || !bytes.Contains(kept, []byte("playerA")) {
		t.Errorf("the live game's seating after forgetting: %s", kept)
	}
	got, err := f.d.Session(ctx, s1.ID)
	if err != nil || got.Seats[0].Kind != session.Guest || got.Seats[0].Name != "" || got.Seats[0].PlayerID != "" {
		t.Errorf("forgotten seat %+v (%v)", got.Seats, err)
	}
	if res, _ := f.d.Results(ctx, s1.ID); len(res) != 3 || !res[0].Winner {
		t.Errorf("the results stay: %+v", res)
	}
	h, _ := f.d.Session(ctx, s3.ID)
	if h.Seats[0].Kind != session.Bot || h.Seats[0].HandedFrom != "" || h.Seats[0].HandedPlayer != "" {
		t.Errorf("handed seat after forgetting: %+v", h.Seats[0])
	}
	if _, err := f.d.Player(ctx, p.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("player still there: %v", err)
	}
	if err := f.d.ForgetPlayer(ctx, p.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("forgetting twice: %v", err)
	}
	// The others were rated as if against a guest: two persons, two games.
	if r, _ := f.d.Rating(ctx, f.players[0].ID, "canoe"); r.Games != 2 {
		t.Errorf("other player's rating %+v", r)
	}
	assertRecomputed(t, f.d)
	// The same phone coming back is a new player.
	if q := identify(t, f.d, keyA, "Mina", t0.Add(time.Hour)); q.ID == p.ID {
		t.Error("the forgotten key still names the player")
	}
}

// A seat a bot took over is recorded with whose it was, and is not rated
// or counted for the person.
func TestBotHandoverNotRated(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 3)
	s, err := f.d.CreateSession(ctx, session.Record{TableID: f.table.ID, Game: "canoe", Seats: f.persons(0, 1, 2), StartedAt: t0})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.d.SetSeat(ctx, s.ID, 2, session.Seat{Kind: session.Bot, BotLevel: "default"}); err != nil {
		t.Fatal(err)
	}
	if err := f.d.Finish(ctx, s.ID, rankBy(1, 3, 9), t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	got, _ := f.d.Session(ctx, s.ID)
	st := got.Seats[2]
	if st.Kind != session.Bot || st.BotLevel != "default" || st.HandedPlayer != f.players[2].ID || st.HandedFrom != "playerC" {
		t.Errorf("handed seat %+v", st)
	}
	if r, _ := f.d.Rating(ctx, f.players[2].ID, "canoe"); r.Games != 0 {
		t.Errorf("the person was rated for the bot's game: %+v", r)
	}
	if r, _ := f.d.Rating(ctx, f.players[0].ID, "canoe"); r.Games != 1 {
		t.Errorf("the others are rated: %+v", r)
	}
	if st, _ := f.d.PlayerStats(ctx, f.players[2].ID); st[len(st)-1].Games != 0 {
		t.Errorf("the bot's game counted for the person: %+v", st)
	}
}

func rankBy(scores ...int) engine.Result { return engine.RankByScores(scores, "test") }
