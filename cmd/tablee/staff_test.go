package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/bot"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/session"
)

// kiosk is a database file with a few games played in it.
type kiosk struct {
	path     string
	players  []db.Player
	sessions []string
}

// newKiosk stores three finished games of Canaille between Anouk and
// Basile (plus a guest in one) and one abandoned game, with real move logs.
func newKiosk(t *testing.T) *kiosk {
	t.Helper()
	ctx := context.Background()
	k := &kiosk{path: filepath.Join(t.TempDir(), "tablee.db")}
	d, err := db.Open(ctx, k.path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	tb, err := d.EnsureTable(ctx, "Fenêtre")
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().Add(-time.Hour)
	for _, name := range []string{"Anouk", "Basile"} {
		p, err := d.CreatePlayer(ctx, name, now)
		if err != nil {
			t.Fatal(err)
		}
		k.players = append(k.players, p)
	}
	a, b := session.Seat{Kind: session.Person, PlayerID: k.players[0].ID}, session.Seat{Kind: session.Person, PlayerID: k.players[1].ID}
	for i, seats := range [][]session.Seat{{a, b}, {b, a}, {a, b, {Kind: session.Guest, Name: "Léa"}}, {a, {Kind: session.Bot, BotLevel: "random"}}} {
		k.sessions = append(k.sessions, storeGame(t, d, tb.ID, seats, uint64(i), now.Add(time.Duration(i)*time.Minute), i < 3))
	}
	return k
}

// storeGame plays a random game of Canaille and stores it move by move.
func storeGame(t *testing.T, d *db.DB, table int64, seats []session.Seat, seed uint64, at time.Time, finish bool) string {
	t.Helper()
	ctx := context.Background()
	rules, _ := catalog.Registry().Get("canaille")
	setup := engine.Setup{Seats: len(seats), Options: map[string]string{"first": "random"}, Seed: seed}
	bots := make([]engine.Bot, len(seats))
	for i := range bots {
		bots[i] = bot.NewRandom(seed + uint64(i))
	}
	out, err := bot.Play(ctx, rules, setup, bots)
	if err != nil {
		t.Fatal(err)
	}
	s, err := d.CreateSession(ctx, session.Record{TableID: table, Game: "canaille", Options: setup.Options, Seed: seed, Seats: seats, StartedAt: at})
	if err != nil {
		t.Fatal(err)
	}
	state, _ := engine.NewGame(rules, setup)
	for i, r := range out.Moves {
		state.Apply(r.Seat, r.Move)
		js, _ := engine.EncodeMove("canaille", r.Seat, r.Move)
		if err := d.AppendMove(ctx, s.ID, session.Move{Seq: i + 1, Seat: r.Seat, JSON: js, StateHash: state.Hash(), PlayedAt: at}); err != nil {
			t.Fatal(err)
		}
	}
	if finish {
		err = d.Finish(ctx, s.ID, out.Result, at.Add(time.Minute))
	} else {
		err = d.SetStatus(ctx, s.ID, session.Abandoned, "left", at.Add(time.Minute))
	}
	if err != nil {
		t.Fatal(err)
	}
	return s.ID
}

// TestSessionCommandHidesALiveGamesSeed: with the seed and the move log,
// every hand of a game still being played could be rebuilt.
func TestSessionCommandHidesALiveGamesSeed(t *testing.T) {
	k := newKiosk(t)
	ctx := context.Background()
	d, err := db.Open(ctx, k.path)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := d.EnsureTable(ctx, "Fenêtre")
	if err != nil {
		t.Fatal(err)
	}
	const secret = 987654321987
	live, err := d.CreateSession(ctx, session.Record{TableID: tb.ID, Game: "canaille", Options: map[string]string{"first": "random"},
		Seed: secret, Seats: []session.Seat{{Kind: session.Guest, Name: "Léa"}, {Kind: session.Guest, Name: "Tom"}}, StartedAt: time.Now()})
	d.Close()
	if err != nil {
		t.Fatal(err)
	}
	out, _, err := staff(t, runSession, live.ID, "--db", k.path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out, fmt.Sprint(secret)) || !strings.Contains(out, "seed     (hidden until the game ends)") {
		t.Errorf("a live game's seed is shown:\n%s", out)
	}
}

// staff runs a command function directly, as run does.
func staff(t *testing.T, f func(context.Context, *env, []string) error, args ...string) (string, string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	e := &env{stdout: &out, stderr: &errOut, games: catalog.Registry()}
	err := f(context.Background(), e, args)
	return out.String(), errOut.String(), err
}

func TestLeaderboardCommand(t *testing.T) {
	k := newKiosk(t)
	for _, period := range []string{"week", "month", "all"} {
		out, _, err := staff(t, runLeaderboard, "--db", k.path, "--game", "canaille", "--period", period)
		if err != nil {
			t.Fatal(err)
		}
		// A guest is on a week's or month's board, marked so, never on all time.
		guest := period != "all"
		if !strings.Contains(out, "Anouk") || !strings.Contains(out, "Basile") || strings.Contains(out, "Léa (guest)") != guest {
			t.Errorf("%s leaderboard:\n%s", period, out)
		}
		// A period's board shows the period's columns, not the all-time rating.
		if rated := strings.Contains(out, "RATING ") && strings.Contains(out, "provisional"); rated != (period == "all") {
			t.Errorf("%s leaderboard, rating shown: %v\n%s", period, rated, out)
		}
		if strings.Contains(out, "-0.0") {
			t.Errorf("%s leaderboard shows -0.0:\n%s", period, out)
		}
	}
	out, _, err := staff(t, runLeaderboard, "--db", k.path)
	if err != nil || !strings.Contains(out, "Anouk") || strings.Contains(out, "RATING") || strings.Contains(out, "BEST") {
		t.Errorf("all-games leaderboard (%v):\n%s", err, out)
	}
	if _, _, err := staff(t, runLeaderboard, "--db", k.path, "--period", "year"); err == nil {
		t.Error("--period year accepted")
	}
	if _, _, err := staff(t, runLeaderboard, "--db", k.path, "--game", "chess"); err == nil {
		t.Error("--game chess accepted")
	}
	if _, _, err := staff(t, runLeaderboard, "--db", filepath.Join(t.TempDir(), "none.db")); err == nil || !strings.Contains(err.Error(), "no database") {
		t.Errorf("a missing database: %v", err)
	}
}

func TestSessionsCommand(t *testing.T) {
	k := newKiosk(t)
	out, _, err := staff(t, runSessions, "--db", k.path)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range k.sessions {
		if !strings.Contains(out, id) {
			t.Errorf("session %s missing:\n%s", id, out)
		}
	}
	if !strings.Contains(out, "abandoned") || !strings.Contains(out, "Léa (guest)") || !strings.Contains(out, "bot random") || !strings.Contains(out, "Fenêtre") {
		t.Errorf("sessions:\n%s", out)
	}
	tomorrow := time.Now().AddDate(0, 0, 1).Format(dateFormat)
	out, _, err = staff(t, runSessions, "--db", k.path, "--since", tomorrow)
	if err != nil || strings.Contains(out, k.sessions[0]) {
		t.Errorf("sessions since tomorrow (%v):\n%s", err, out)
	}
	if _, _, err := staff(t, runSessions, "--db", k.path, "--since", "yesterday"); err == nil {
		t.Error("--since yesterday accepted")
	}
}

func TestSessionCommand(t *testing.T) {
	k := newKiosk(t)
	out, _, err := staff(t, runSession, k.sessions[2], "--db", k.path)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"game     canaille (first=random)", "seat 2   Léa (guest)", "status   finished", "moves", "result", "winner"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	if strings.Contains(out, "unreadable") || strings.Contains(out, `"v":1`) {
		t.Errorf("moves not decoded:\n%s", out)
	}
	if !strings.Contains(out, "seed     2\n") {
		t.Errorf("a finished game's seed is not shown:\n%s", out)
	}
	if _, _, err := staff(t, runSession, "--db", k.path, "no-such-id"); err == nil {
		t.Error("an unknown session shown")
	}
	if _, _, err := staff(t, runSession, "--db", k.path); err != errUsage {
		t.Errorf("no id: %v", err)
	}
}

func TestExportCommand(t *testing.T) {
	k := newKiosk(t)
	dir := filepath.Join(t.TempDir(), "export")
	if _, _, err := staff(t, runExport, "--db", k.path, "--csv", dir); err != nil {
		t.Fatal(err)
	}
	rows := func(name string) [][]string {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		text, ok := strings.CutPrefix(string(data), "\uFEFF")
		if !ok {
			t.Errorf("%s has no byte order mark", name)
		}
		recs, err := csv.NewReader(strings.NewReader(text)).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		return recs
	}
	s := rows("sessions.csv")
	if len(s) != 1+4 || s[0][0] != "session" {
		t.Errorf("sessions.csv: %v", s)
	}
	// Times carry their UTC offset.
	if at, err := time.Parse(time.RFC3339, s[1][1]); err != nil || at.IsZero() {
		t.Errorf("start time %q: %v", s[1][1], err)
	}
	// One row per seat: 2 + 2 + 3 + 2.
	if st := rows("seats.csv"); len(st) != 1+9 || st[7][4] != "Léa" || st[7][2] != "guest" {
		t.Errorf("seats.csv: %v", st)
	}
	if r := rows("results.csv"); len(r) != 1+2+2+3 || r[0][9] != "winner" {
		t.Errorf("results.csv: %v", r)
	}
	p := rows("players.csv")
	if len(p) != 3 || p[1][1] != "Anouk" || p[1][4] != "4" && p[1][4] != "3" {
		t.Errorf("players.csv: %v", p)
	}
	if _, _, err := staff(t, runExport, "--db", k.path); err == nil {
		t.Error("export without --csv")
	}
	// French Excel: ";" separates.
	if _, _, err := staff(t, runExport, "--db", k.path, "--csv", dir, "--sep", ";"); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "players.csv"))
	if !strings.HasPrefix(string(data), "\uFEFFplayer;name;") {
		t.Errorf("players.csv with --sep ';': %q", data)
	}
	if _, _, err := staff(t, runExport, "--db", k.path, "--csv", dir, "--sep", "|"); err == nil {
		t.Error("--sep | accepted")
	}
}

func TestBackupCommand(t *testing.T) {
	k := newKiosk(t)
	to := filepath.Join(t.TempDir(), "backup.db")
	out, _, err := staff(t, runBackup, "--db", k.path, to)
	if err != nil || !strings.Contains(out, to) {
		t.Fatalf("backup (%v): %s", err, out)
	}
	out, _, err = staff(t, runSessions, "--db", to)
	if err != nil || !strings.Contains(out, k.sessions[3]) {
		t.Errorf("the backup's sessions (%v):\n%s", err, out)
	}
	if _, _, err := staff(t, runBackup, "--db", k.path, to); err == nil {
		t.Error("a backup overwrote a file")
	}
}

func TestPlayerCommands(t *testing.T) {
	k := newKiosk(t)
	a, b := k.players[0], k.players[1]
	if _, _, err := staff(t, runPlayer, "rename", a.ID, "Nouk", "--db", k.path); err != nil {
		t.Fatal(err)
	}
	out, _, err := staff(t, runPlayer, "list", "--db", k.path)
	if err != nil || !strings.Contains(out, a.ID+"  Nouk    Anouk") {
		t.Errorf("after rename (%v): Nouk, also known as Anouk:\n%s", err, out)
	}
	// Anouk and Basile played each other: they are two people.
	if _, _, err := staff(t, runPlayer, "merge", b.ID, a.ID, "--db", k.path); err == nil {
		t.Error("merged two players who met")
	}
	ctx := context.Background()
	d, err := db.Open(ctx, k.path)
	if err != nil {
		t.Fatal(err)
	}
	dup, _ := d.CreatePlayer(ctx, "Nouk2", time.Now())
	d.Close()
	out, _, err = staff(t, runPlayer, "merge", "--db", k.path, dup.ID, a.ID)
	if err != nil || !strings.Contains(out, "merged") {
		t.Fatalf("merge (%v): %s", err, out)
	}
	out, _, _ = staff(t, runPlayer, "list", "--db", k.path)
	if strings.Contains(out, dup.ID) || strings.Count(out, "\n") != 3 || !strings.Contains(out, "Anouk / Nouk2") {
		t.Errorf("the merged player is still listed, or one row per player is not:\n%s", out)
	}
	out, _, err = staff(t, runPlayer, "stats", a.ID, "--db", k.path)
	if err != nil || !strings.Contains(out, "canaille   3 ") || !strings.Contains(out, "all games") || !strings.Contains(out, "provisional") {
		t.Errorf("player stats (%v):\n%s", err, out)
	}
	out, _, err = staff(t, runPlayer, "forget", b.ID, "--db", k.path)
	if err != nil || !strings.Contains(out, "forgot player "+b.ID) {
		t.Fatalf("forget (%v): %s", err, out)
	}
	out, _, _ = staff(t, runPlayer, "list", "--db", k.path)
	if strings.Contains(out, "Basile") || strings.Count(out, "\n") != 2 {
		t.Errorf("after forget:\n%s", out)
	}
	if _, _, err := staff(t, runPlayer, "forget", b.ID, "--db", k.path); err == nil {
		t.Error("forgot an unknown player")
	}
	if out, _, err := staff(t, runPlayer, "scrub", "--db", k.path); err != nil || !strings.Contains(out, "rebuilt") {
		t.Errorf("scrub (%v): %s", err, out)
	}
	if _, _, err := staff(t, runPlayer, "explode", "--db", k.path); err != errUsage {
		t.Errorf("unknown subcommand: %v", err)
	}
}

func TestStaffCommandsAreListed(t *testing.T) {
	code, _, stderr := tablee(t, "help")
	for _, name := range []string{"leaderboard", "sessions", "session", "export", "backup", "check", "player", "staff-pin", "table-name"} {
		if code != 0 || !strings.Contains(stderr, name) {
			t.Errorf("help does not list %s", name)
		}
	}
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	code, _, stderr = tablee(t, "sessions")
	if code != 1 || !strings.Contains(stderr, "tablee/tablee.db") {
		t.Errorf("sessions without a kiosk database: %d %s", code, stderr)
	}
}

func TestBackupIntoDirectoryKeepsTheNewest(t *testing.T) {
	k := newKiosk(t)
	dir := t.TempDir()
	// Older backups from earlier days, and a file of the staff's own.
	old := []string{"tablee-20250101T020000Z.db", "tablee-20250102T020000Z.db", "tablee-20250103T020000Z.db"}
	for _, n := range append(old, "notes.txt", "tablee-before-move.db") {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, _, err := staff(t, runBackup, "--db", k.path, "--keep", "2", dir)
	if err != nil {
		t.Fatalf("backup (%v): %s", err, out)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, en := range entries {
		if en.Name() != backupLog {
			names = append(names, en.Name())
		}
	}
	if len(names) != 4 || names[0] != "notes.txt" || names[1] != "tablee-20250103T020000Z.db" || names[3] != "tablee-before-move.db" {
		t.Fatalf("after a backup keeping 2, the directory holds %v", names)
	}
	out, _, err = staff(t, runSessions, "--db", filepath.Join(dir, names[2]))
	if err != nil || !strings.Contains(out, k.sessions[0]) {
		t.Errorf("the new backup %s (%v):\n%s", names[2], err, out)
	}
}

// TestBackupSurvivesAWrongClock is issue 27's eighth finding: with the
// clock behind the newest backup's name (a dead clock battery, no
// network), a daily backup sorted first and was deleted at once. Now it is
// kept, the command says the clock looks wrong, and the next backups
// remove the oldest in the order they were written.
func TestBackupSurvivesAWrongClock(t *testing.T) {
	k := newKiosk(t)
	dir := t.TempDir()
	future := []string{"tablee-20990101T020000Z.db", "tablee-20990102T020000Z.db"}
	for _, n := range future {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	backups := func() []string {
		names, err := backupNames(dir)
		if err != nil {
			t.Fatal(err)
		}
		return names
	}
	out, errOut, err := staff(t, runBackup, "--db", k.path, "--keep", "2", dir)
	if err != nil {
		t.Fatalf("backup (%v): %s", err, out)
	}
	if !strings.Contains(errOut, "clock") {
		t.Errorf("no word about the clock: %q", errOut)
	}
	line, _, _ := strings.Cut(out, "\n")
	first := filepath.Base(line[strings.LastIndex(line, " ")+1:])
	names := backups()
	if !slices.Contains(names, first) || len(names) != 2 || !slices.Contains(names, future[1]) {
		t.Fatalf("after the first backup with the clock behind: %v (written %s)", names, first)
	}
	// Two more, as on the next days (the same second may come again: a
	// clock that restarts from one date).
	for range 2 {
		if out, _, err := staff(t, runBackup, "--db", k.path, "--keep", "2", dir); err != nil {
			t.Fatalf("backup (%v): %s", err, out)
		}
	}
	names = backups()
	if len(names) != 2 || slices.Contains(names, future[1]) || slices.Contains(names, first) {
		t.Errorf("after two more: %v; want the last two written", names)
	}
}

// TestStaffNamesFollowThePhonesRule is part of issue 27's ninth finding:
// player rename accepted escape sequences, a bidi override and 10,000
// characters, and player list printed them raw. Renames now follow the
// phones' rule (wire.CleanName), and a name stored earlier is listed
// with its control characters escaped.
func TestStaffNamesFollowThePhonesRule(t *testing.T) {
	k := newKiosk(t)
	a := k.players[0]
	for _, bad := range []string{"\x1b[31mRed", "evil\u202eexe.txt", strings.Repeat("x", 10_000), "  "} {
		if _, _, err := staff(t, runPlayer, "rename", a.ID, bad, "--db", k.path); err == nil {
			t.Errorf("rename to %q accepted", bad)
		}
	}
	if out, _, err := staff(t, runPlayer, "rename", a.ID, "  Zoe\u0301 🎲 ", "--db", k.path); err != nil || !strings.Contains(out, `"Zoé 🎲"`) {
		t.Errorf("rename to a name with a combining accent (%v): %s", err, out)
	}
	// A name an older version stored.
	ctx := context.Background()
	d, err := db.Open(ctx, k.path)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.RenamePlayer(ctx, a.ID, "\x1b]0;pwned\x07Bob\u202e"); err != nil {
		t.Fatal(err)
	}
	d.Close()
	for _, cmd := range [][]string{{"list"}, {"stats", a.ID}} {
		out, _, err := staff(t, runPlayer, append(cmd, "--db", k.path)...)
		if err != nil || strings.ContainsAny(out, "\x1b\x07\u202e") || !strings.Contains(out, `\x1b]0;pwned\aBob\u202e`) {
			t.Errorf("player %s (%v) shows a stored name raw:\n%q", cmd[0], err, out)
		}
	}
}

func TestBackupRefusesNegativeKeep(t *testing.T) {
	k := newKiosk(t)
	if _, _, err := staff(t, runBackup, "--db", k.path, "--keep", "-1", t.TempDir()); err == nil {
		t.Error("--keep -1 accepted")
	}
}

// A seat a bot took over says for whom it played, in the list and in the
// session's page: the history agrees with the kiosk on whose seat won.
func TestSessionsShowWhomABotPlayedFor(t *testing.T) {
	k := newKiosk(t)
	ctx := context.Background()
	d, err := db.Open(ctx, k.path)
	if err != nil {
		t.Fatal(err)
	}
	tb, _ := d.EnsureTable(ctx, "Fenêtre")
	s, err := d.CreateSession(ctx, session.Record{TableID: tb.ID, Game: "canoe", Seats: []session.Seat{
		{Kind: session.Person, PlayerID: k.players[0].ID}, {Kind: session.Guest, Name: "Léa"}}, StartedAt: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	for seat := range 2 {
		if err := d.SetSeat(ctx, s.ID, seat, session.Seat{Kind: session.Bot, BotLevel: "default"}); err != nil {
			t.Fatal(err)
		}
	}
	d.Close()
	out, _, err := staff(t, runSessions, "--db", k.path)
	if err != nil || !strings.Contains(out, "bot default (for Anouk), bot default (for Léa)") {
		t.Errorf("sessions (%v):\n%s", err, out)
	}
	out, _, err = staff(t, runSession, s.ID, "--db", k.path)
	if err != nil || !strings.Contains(out, "seat 1   bot default (for Léa)") {
		t.Errorf("session (%v):\n%s", err, out)
	}
}

func TestCheckCommand(t *testing.T) {
	k := newKiosk(t)
	out, _, err := staff(t, runCheck, "--db", k.path)
	if err != nil || !strings.Contains(out, ": ok") {
		t.Fatalf("check (%v): %s", err, out)
	}
	if _, _, err := staff(t, runCheck, "--db", filepath.Join(t.TempDir(), "none.db")); err == nil {
		t.Error("check of a missing file succeeded")
	}
}
