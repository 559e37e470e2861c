package main

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine/catalog"
)

func tablee(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(context.Background(), args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestGamesListsEveryShippedGame(t *testing.T) {
	code, out, _ := tablee(t, "games")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"canyon ", "canyonduel", "canoe", "canaille", "3-6", "less-luck=off"} {
		if !strings.Contains(out, want) {
			t.Errorf("tablee games lacks %q:\n%s", want, out)
		}
	}
}

func TestSimulatePrintsStatisticsLast(t *testing.T) {
	code, out, errOut := tablee(t, "simulate", "--game", "canoe", "--games", "4", "--seed", "7", "--bots", "random")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var st simStats
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &st); err != nil {
		t.Fatalf("last line is not JSON: %v\n%s", err, out)
	}
	wins := 0
	for _, w := range st.Wins {
		wins += w
	}
	if st.Game != "canoe" || st.Games != 4 || len(st.Wins) != 2 || wins+st.Draws < 4 || st.AvgPlies <= 0 || st.GamesPerS <= 0 {
		t.Errorf("statistics %+v", st)
	}
}

func TestSimulateIsDeterministicWhateverTheParallelism(t *testing.T) {
	_, a, _ := tablee(t, "simulate", "--game", "canoe", "--games", "6", "--bots", "random")
	_, b, _ := tablee(t, "simulate", "--game", "canoe", "--games", "6", "--bots", "random", "--parallel", "3")
	var sa, sb simStats
	json.Unmarshal([]byte(a), &sa)
	json.Unmarshal([]byte(b), &sb)
	if sa.AvgPlies != sb.AvgPlies || sa.Draws != sb.Draws || sa.Wins[0] != sb.Wins[0] {
		t.Errorf("parallel run differs: %+v vs %+v", sa, sb)
	}
}

func TestBadInvocationsFailWithAMessage(t *testing.T) {
	cases := [][]string{
		{},
		{"frobnicate"},
		{"simulate"},
		{"simulate", "--game", "chess"},
		{"simulate", "--game", "canoe", "--players", "3"},
		{"simulate", "--game", "canyon", "--players", "7"},
		{"simulate", "--game", "canoe", "--bots", "default,random,random"},
		{"simulate", "--game", "canoe", "--bots", "grandmaster"},
		{"simulate", "--game", "canoe", "--games", "0"},
		{"simulate", "--game", "canoe", "--no-such-flag"},
		{"simulate", "--game", "canyon", "--options", "more-luck"},
		{"simulate", "--game", "canoe", "stray"},
	}
	for _, args := range cases {
		code, out, errOut := tablee(t, args...)
		if code == 0 || strings.TrimSpace(errOut) == "" {
			t.Errorf("tablee %v: exit %d, stderr %q", args, code, errOut)
		}
		if strings.Contains(out, "{") {
			t.Errorf("tablee %v printed statistics on failure: %s", args, out)
		}
	}
}

func TestSimulateRecordsRatedSessions(t *testing.T) {
	path := t.TempDir() + "/seed.db"
	code, _, errOut := tablee(t, "simulate", "--game", "canoe", "--games", "6", "--bots", "default,random", "--db", path, "--rate")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	code, out, errOut := tablee(t, "leaderboard", "--db", path, "--game", "canoe")
	if code != 0 || !strings.Contains(out, "bot default #1") || !strings.Contains(out, "bot random #2") {
		t.Fatalf("exit %d, leaderboard:\n%s%s", code, out, errOut)
	}
	code, out, _ = tablee(t, "sessions", "--db", path)
	if code != 0 || strings.Count(out, "canoe") < 6 {
		t.Errorf("sessions listed:\n%s", out)
	}
	if code, _, _ := tablee(t, "simulate", "--game", "canoe", "--rate"); code == 0 {
		t.Error("--rate without --db accepted")
	}
}

// Games played in parallel end in another order than they are numbered
// (simulate --parallel); recorded, they are rated in the order they ended,
// whatever order they are recorded in, in batches or not.
func TestSimulatedGamesRatedInEndOrder(t *testing.T) {
	ctx := context.Background()
	e := &env{stdout: new(bytes.Buffer), stderr: new(bytes.Buffer), games: catalog.Registry()}
	cfg, err := simSetup(e, "canoe", 0, 60, 1, "random", "", 2)
	if err != nil {
		t.Fatal(err)
	}
	_, games, err := simulate(ctx, cfg, func(int, played) {})
	if err != nil {
		t.Fatal(err)
	}
	// As two workers finish them: game i ends at a time unrelated to i.
	rng := rand.New(rand.NewPCG(5, 8))
	t0 := time.Date(2026, 3, 11, 18, 0, 0, 0, time.UTC)
	byEnd := rng.Perm(len(games))
	for i := range games {
		games[i].ended = t0.Add(time.Duration(byEnd[i]) * time.Minute)
		games[i].started = games[i].ended.Add(-time.Minute)
	}
	ratings := func(games []played) []db.Rating {
		path := filepath.Join(t.TempDir(), "sim.db")
		if err := record(ctx, path, true, cfg, games); err != nil {
			t.Fatal(err)
		}
		d, err := db.Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		rs, err := d.Ratings(ctx, "canoe")
		if err != nil || len(rs) != 2 || rs[0].Games != len(games) {
			t.Fatalf("ratings %+v %v", rs, err)
		}
		for i := range rs {
			rs[i].PlayerID = "" // each database has its own ids
		}
		return rs
	}
	inEndOrder := make([]played, len(games))
	for i, g := range games {
		inEndOrder[byEnd[i]] = g
	}
	if a, b := ratings(games), ratings(inEndOrder); !reflect.DeepEqual(a, b) {
		t.Errorf("recorded as numbered %+v, recorded in end order %+v", a, b)
	}
}
